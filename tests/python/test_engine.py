"""The elementwise engine's layout handling, checked end to end through copies and casts."""
import numpy
import pytest

import cupric


def test_many_dimensions_that_do_not_coalesce():
    # 17 dimensions that stay separate after coalescing: more than the CUDA kernels take at
    # once, so the engine splits the outer dimension (host backend: one plain loop).
    base = numpy.arange(2 ** 17, dtype=numpy.float32).reshape((2,) * 17)
    perm = tuple(reversed(range(17)))
    d = cupric.asarray(base).transpose(perm)
    got = cupric.ascontiguousarray(d).astype(cupric.float64)
    expected = numpy.ascontiguousarray(base.transpose(perm)).astype(numpy.float64)
    numpy.testing.assert_array_equal(got.get(), expected)


@pytest.mark.parametrize("offset", [1, 2, 3])
def test_misaligned_dtype_views_are_read_and_written_correctly(offset):
    # int8 storage viewed as int32 at an odd byte offset: loads would fault on a GPU, so the
    # engine goes through aligned temporaries.
    host = numpy.arange(41, dtype=numpy.int8)
    d = cupric.asarray(host)
    view_d = d[offset:offset + 32].view(cupric.int32)
    view_h = host[offset:offset + 32].view(numpy.int32)
    numpy.testing.assert_array_equal(view_d.astype(cupric.int64).get(), view_h.astype(numpy.int64))
    view_d[...] = 7
    view_h[...] = 7
    numpy.testing.assert_array_equal(d.get(), host)


def test_complex_view_of_float_at_component_offset():
    host = numpy.arange(10.0)
    d = cupric.asarray(host)
    numpy.testing.assert_array_equal(d[1:9].view(cupric.complex128).copy().get(),
                                     host[1:9].view(numpy.complex128))


def test_overlapping_copy_backwards_and_forwards():
    host = numpy.arange(10)
    d = cupric.asarray(host)
    d[1:] = d[:-1]
    host[1:] = host[:-1].copy()
    numpy.testing.assert_array_equal(d.get(), host)
    d[:-1] = d[1:]
    host[:-1] = host[1:].copy()
    numpy.testing.assert_array_equal(d.get(), host)
