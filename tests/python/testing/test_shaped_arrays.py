"""cupric.testing's inputs (shaped_arange, shaped_random, generate_matrix, ...), run against the
stand-in for cupric."""

import numpy
import pytest


ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64,
              numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64,
              numpy.float16, numpy.float32, numpy.float64,
              numpy.complex64, numpy.complex128]


# ---------------------------------------------------------------------------------------
# Array helpers

class TestShapedArrays:

    def test_shaped_arange(self, testing, fake):
        a = testing.shaped_arange((2, 3))
        assert isinstance(a, fake.ndarray)
        assert a.dtype == numpy.float32 and a.shape == (2, 3)
        numpy.testing.assert_array_equal(fake.asnumpy(a), [[1, 2, 3], [4, 5, 6]])
        b = testing.shaped_arange((2, 3), numpy, numpy.int16)
        assert type(b) is numpy.ndarray and b.dtype == numpy.int16
        numpy.testing.assert_array_equal(b, [[1, 2, 3], [4, 5, 6]])

    def test_shaped_arange_special_dtypes(self, testing):
        b = testing.shaped_arange((4,), numpy, numpy.bool_)
        numpy.testing.assert_array_equal(b, [False, True, False, True])
        c = testing.shaped_arange((2,), numpy, numpy.complex64)
        numpy.testing.assert_array_equal(c, [1 + 1j, 2 + 2j])
        assert testing.shaped_arange((), numpy).shape == ()
        assert testing.shaped_arange((2, 0), numpy).shape == (2, 0)
        assert testing.shaped_arange(5, numpy).shape == (5,)

    @pytest.mark.parametrize('order', ['C', 'F'])
    def test_shaped_arange_order(self, testing, fake, order):
        a = testing.shaped_arange((2, 3), fake, order=order)
        assert a.flags.c_contiguous == (order == 'C')
        assert a.flags.f_contiguous == (order == 'F')
        numpy.testing.assert_array_equal(fake.asnumpy(a), [[1, 2, 3], [4, 5, 6]])

    def test_shaped_reverse_arange(self, testing):
        a = testing.shaped_reverse_arange((2, 2), numpy, numpy.uint8)
        numpy.testing.assert_array_equal(a, [[4, 3], [2, 1]])
        assert a.dtype == numpy.uint8

    @pytest.mark.parametrize('dtype', ALL_DTYPES)
    def test_shaped_random(self, testing, fake, dtype):
        a = testing.shaped_random((3, 4), numpy, dtype)
        assert a.shape == (3, 4) and a.dtype == dtype
        b = testing.shaped_random((3, 4), fake, dtype)
        numpy.testing.assert_array_equal(fake.asnumpy(b), a)  # same seed, same values
        if dtype not in (numpy.bool_, numpy.complex64, numpy.complex128):
            assert (a >= 0).all() and (a < 10).all()
        c = testing.shaped_random((3, 4), numpy, dtype, seed=1)
        assert dtype == numpy.bool_ or not numpy.array_equal(a, c) or a.dtype.kind in 'iu'

    def test_shaped_random_scale_and_order(self, testing):
        a = testing.shaped_random((50,), numpy, numpy.float64, scale=2)
        assert a.max() < 2 and a.min() >= 0
        f = testing.shaped_random((3, 4), numpy, order='F')
        assert f.flags.f_contiguous

    def test_shaped_linspace(self, testing):
        a = testing.shaped_linspace(0, 5, (2, 3), numpy, numpy.float64)
        numpy.testing.assert_allclose(a, [[0, 1, 2], [3, 4, 5]])
        c = testing.shaped_linspace(0, 1, (2,), numpy, numpy.complex128)
        numpy.testing.assert_allclose(c, [0, 1 + 1j])

    def test_generate_matrix(self, testing, fake):
        sv = numpy.array([3.0, 1.0])
        a = testing.generate_matrix((2, 3, 2), numpy, numpy.float64, singular_values=sv)
        assert a.shape == (2, 3, 2)
        numpy.testing.assert_allclose(numpy.linalg.svd(a, compute_uv=False),
                                      [[3, 1], [3, 1]])
        b = testing.generate_matrix((2, 2), dtype=numpy.complex64, singular_values=1)
        assert isinstance(b, fake.ndarray) and b.dtype == numpy.complex64
        with pytest.raises(ValueError):
            testing.generate_matrix((2,), numpy, singular_values=1)
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), numpy)
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), numpy, numpy.int32, singular_values=1)
        with pytest.raises(ValueError):
            testing.generate_matrix((2, 2), numpy, singular_values=-1)
