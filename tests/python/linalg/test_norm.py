"""cupric.linalg.norm / vector_norm / matrix_norm / diagonal / trace (C++: cupric/linalg/norms.hpp)
against NumPy 2: every ord, axis and keepdims, dtypes, layouts, empty inputs and NumPy's errors."""
import numpy
import pytest

import cupric as cp
from cupric import testing

INF = numpy.inf
DTYPES = [numpy.bool_, numpy.int8, numpy.int64, numpy.uint32, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]


def tol(dtype):
    k = numpy.dtype(dtype)
    if k in (numpy.float16,):
        return dict(rtol=2e-3, atol=1e-3)
    if k in (numpy.float32, numpy.complex64):
        return dict(rtol=2e-6, atol=1e-6)
    return dict(rtol=1e-12, atol=1e-12)


def data(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    v = rng.integers(-4, 5, size=shape)
    if numpy.dtype(dtype).kind == 'c':
        v = v + 1j * rng.integers(-4, 5, size=shape)
    if numpy.dtype(dtype).kind == 'u':
        v = numpy.abs(v)
    return v.astype(dtype)


def layouts(h):
    yield h
    yield h.T if h.ndim >= 2 else h[::-1]
    yield h[..., ::2] if h.shape[-1] > 1 else h


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", [None, 0, 1, -1, 2, -2, 3, 0.5, INF, -INF])
def test_vector_norm_orders(dtype, ord):
    for h in layouts(data((3, 5), dtype)):
        for axis in (0, 1, -1):
            for keepdims in (False, True):
                testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h), ord, axis, keepdims),
                                             numpy.linalg.norm(h, ord, axis, keepdims), **tol(dtype))
    v = data(7, dtype)
    testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(v), ord), numpy.linalg.norm(v, ord), **tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", [None, 'fro', 'f', 1, -1, INF, -INF])
def test_matrix_norm_orders(dtype, ord):
    for h in layouts(data((2, 3, 4), dtype)):
        for axis in ((1, 2), (2, 1), (-1, 0), (0, 2)):
            for keepdims in (False, True):
                testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h), ord, axis, keepdims),
                                             numpy.linalg.norm(h, ord, axis, keepdims), **tol(dtype))
    m = data((4, 3), dtype)
    testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(m), ord), numpy.linalg.norm(m, ord), **tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_default_norm_flattens(dtype):
    h = data((2, 3, 4), dtype)
    for keepdims in (False, True):
        testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h), keepdims=keepdims),
                                     numpy.linalg.norm(h, keepdims=keepdims), **tol(dtype))
    testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h)[:, ::2].T), numpy.linalg.norm(h[:, ::2].T),
                                 **tol(dtype))
    testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(numpy.float64(3))), numpy.linalg.norm(numpy.float64(3)))


def test_norm_empty():
    for shape in ((0,), (0, 3), (3, 0)):
        h = numpy.zeros(shape)
        testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h)), numpy.linalg.norm(h))
    h = numpy.zeros((0, 3))
    testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h), 1, axis=0), numpy.linalg.norm(h, 1, axis=0))
    for ord, axis in ((INF, 0), (1, (0, 1)), (INF, (0, 1))):  # NumPy's maxima start at 0
        testing.assert_matches_numpy(cp.linalg.norm(cp.asarray(h), ord, axis=axis), numpy.linalg.norm(h, ord, axis=axis))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.norm(h, -INF, axis=0),
                                     lambda: cp.linalg.norm(cp.asarray(h), -INF, axis=0), expected=ValueError)


@pytest.mark.parametrize("call", [
    lambda xp, x: xp.linalg.norm(x, 'fro', axis=0),
    lambda xp, x: xp.linalg.norm(x, 'nuc', axis=1),
    lambda xp, x: xp.linalg.norm(x, 'bad', axis=(0, 1)),
    lambda xp, x: xp.linalg.norm(x, 3, axis=(0, 1)),
    lambda xp, x: xp.linalg.norm(x, None, axis=(0, 0)),
    lambda xp, x: xp.linalg.norm(x, None, axis=(0, 1, 2)),
    lambda xp, x: xp.linalg.norm(x, None, axis=5),
    lambda xp, x: xp.linalg.norm(x, None, axis=(0, 5)),
    lambda xp, x: xp.linalg.norm(x, 3),
    lambda xp, x: xp.linalg.norm(x, None, axis=[0]),
    lambda xp, x: xp.linalg.norm(x, None, axis='a'),
])
def test_norm_errors(call):
    h = data((3, 4, 2), numpy.float64)
    testing.assert_raises_like_numpy(lambda: call(numpy, h), lambda: call(cp, cp.asarray(h)))


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64, numpy.complex128])
def test_vector_norm(dtype):
    h = data((2, 3, 4), dtype)
    c = cp.asarray(h)
    for axis in (None, 0, -1, (0, 2), (2, 0), (-1, -3), (0, 1, 2)):
        for keepdims in (False, True):
            for ord in (2, 1, INF, -INF, 0, 3):
                testing.assert_matches_numpy(cp.linalg.vector_norm(c, axis=axis, keepdims=keepdims, ord=ord),
                                             numpy.linalg.vector_norm(h, axis=axis, keepdims=keepdims, ord=ord),
                                             **tol(dtype))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.vector_norm(h, axis=(0, 0)),
                                     lambda: cp.linalg.vector_norm(c, axis=(0, 0)))


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex64])
def test_matrix_norm(dtype):
    h = data((2, 3, 4), dtype)
    for ord in ('fro', 1, -1, INF, -INF):
        for keepdims in (False, True):
            testing.assert_matches_numpy(cp.linalg.matrix_norm(cp.asarray(h), keepdims=keepdims, ord=ord),
                                         numpy.linalg.matrix_norm(h, keepdims=keepdims, ord=ord), **tol(dtype))


def test_diagonal_and_trace():
    h = data((2, 4, 3), numpy.int32)
    for offset in (0, 1, -1, 5):
        testing.assert_matches_numpy(cp.linalg.diagonal(cp.asarray(h), offset=offset),
                                     numpy.linalg.diagonal(h, offset=offset))
        testing.assert_matches_numpy(cp.linalg.trace(cp.asarray(h), offset=offset),
                                     numpy.linalg.trace(h, offset=offset))
    testing.assert_matches_numpy(cp.linalg.trace(cp.asarray(h), dtype=numpy.float32),
                                 numpy.linalg.trace(h, dtype=numpy.float32))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.diagonal(h[0, 0]),
                                     lambda: cp.linalg.diagonal(cp.asarray(h)[0, 0]))
