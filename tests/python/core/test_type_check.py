"""iscomplex/isreal/..., real_if_close, isneginf/isposinf, asarray_chkfinite, isfortran, ndim/shape/
size, rollaxis and broadcast against NumPy."""
import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy

DTYPES = [numpy.bool_, numpy.int32, numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _sample(dtype):
    a = numpy.array([[0, 1.5, -numpy.inf], [numpy.inf, numpy.nan, 2]])
    if numpy.dtype(dtype).kind in 'biu':
        a = numpy.array([[0, 1, 3], [2, 0, 1]])
    a = a.astype(dtype)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * numpy.array([[0, 1e-9, 0], [2, 0, 0]])
    return a


@pytest.mark.parametrize('dtype', DTYPES)
def test_complex_real_queries(dtype):
    a_np = _sample(dtype)
    for src in (a_np, a_np.T, a_np[:, ::2], a_np[:0]):
        a = cupric.asarray(src)
        assert_matches_numpy(cupric.iscomplex(a), numpy.iscomplex(src))
        assert_matches_numpy(cupric.isreal(a), numpy.isreal(src))
        assert cupric.iscomplexobj(a) == numpy.iscomplexobj(src)
        assert cupric.isrealobj(a) == numpy.isrealobj(src)
        assert_matches_numpy(cupric.real_if_close(a), numpy.real_if_close(src))
        assert_matches_numpy(cupric.real_if_close(a, tol=1e12), numpy.real_if_close(src, tol=1e12))
    assert cupric.iscomplexobj([1j]) and cupric.isrealobj(3.0)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int64, numpy.bool_])
def test_isneginf_isposinf(dtype):
    a_np = _sample(dtype)
    a = cupric.asarray(a_np)
    assert_matches_numpy(cupric.isneginf(a), numpy.isneginf(a_np))
    assert_matches_numpy(cupric.isposinf(a.T), numpy.isposinf(a_np.T))
    out = cupric.empty(a.shape, bool)
    assert cupric.isposinf(a, out=out) is out
    assert_matches_numpy(out, numpy.isposinf(a_np))
    c_np = numpy.array([1 + 1j])
    assert_raises_like_numpy(lambda: numpy.isneginf(c_np), lambda: cupric.isneginf(cupric.asarray(c_np)))


def test_asarray_chkfinite():
    good = numpy.array([1.0, 2.0])
    assert_matches_numpy(cupric.asarray_chkfinite(cupric.asarray(good)), numpy.asarray_chkfinite(good))
    assert_matches_numpy(cupric.asarray_chkfinite([1, 2], dtype=numpy.float32),
                         numpy.asarray_chkfinite([1, 2], dtype=numpy.float32))
    bad = numpy.array([1.0, numpy.nan])
    assert_raises_like_numpy(lambda: numpy.asarray_chkfinite(bad), lambda: cupric.asarray_chkfinite(cupric.asarray(bad)))


def test_isfortran_isscalar_ndim_shape_size():
    a_np = numpy.ones((2, 3, 4))
    a = cupric.asarray(a_np)
    for x, y in ((a, a_np), (a.T, a_np.T), (a[:, 0], a_np[:, 0]), (cupric.asfortranarray(a), numpy.asfortranarray(a_np))):
        assert cupric.isfortran(x) == numpy.isfortran(y)
        assert cupric.ndim(x) == numpy.ndim(y) and cupric.shape(x) == numpy.shape(y)
        assert cupric.size(x) == numpy.size(y) and cupric.size(x, 1) == numpy.size(y, 1)
        assert cupric.size(x, (0, -1)) == numpy.size(y, (0, -1))
    assert cupric.ndim([[1, 2]]) == 2 and cupric.shape([[1, 2]]) == (1, 2) and cupric.size([[1, 2]]) == 2
    assert cupric.isscalar(3.0) and not cupric.isscalar(a)


@pytest.mark.parametrize('axis, start', [(0, 0), (2, 0), (1, 3), (-1, 1), (0, 2), (3, 0)])
def test_rollaxis(axis, start):
    a_np = numpy.ones((2, 3, 4, 5))
    a = cupric.asarray(a_np)
    assert_matches_numpy(cupric.rollaxis(a, axis, start), numpy.rollaxis(a_np, axis, start))


@pytest.mark.parametrize('axis, start', [(4, 0), (0, 5), (0, -6)])
def test_rollaxis_errors(axis, start):
    a_np = numpy.ones((2, 3, 4, 5))
    assert_raises_like_numpy(lambda: numpy.rollaxis(a_np, axis, start),
                             lambda: cupric.rollaxis(cupric.asarray(a_np), axis, start))


def test_broadcast():
    x_np, y_np = numpy.ones((3, 1)), numpy.arange(4)
    b = cupric.broadcast(cupric.asarray(x_np), cupric.asarray(y_np))
    e = numpy.broadcast(x_np, y_np)
    assert b.shape == e.shape and b.size == e.size and b.nd == e.nd and b.numiter == e.numiter
    for v, w in zip(b.values, numpy.broadcast_arrays(x_np, y_np)):
        assert_matches_numpy(v, w)
    with pytest.raises(ValueError):
        cupric.broadcast(cupric.ones(3), cupric.ones(4))
