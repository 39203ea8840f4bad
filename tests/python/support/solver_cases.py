"""Shared inputs for the cupric.linalg solver tests: well-conditioned random matrices per dtype,
the tolerance per dtype, and the layouts a matrix stack is passed in."""
import numpy

import cupric as cp

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
ALL_DTYPES = DTYPES + [numpy.int32, numpy.int64, numpy.bool_]


def tol(dtype):
    d = numpy.dtype(dtype)
    if d in (numpy.float32, numpy.complex64):
        return dict(rtol=2e-4, atol=2e-4)
    return dict(rtol=1e-9, atol=1e-9)


def matrix(shape, dtype, seed=0, well=True):
    """Random matrices; square ones get a strong diagonal so they are well conditioned."""
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    if numpy.dtype(dtype).kind in 'iub':
        a = rng.integers(-3, 4, size=shape)
        if numpy.dtype(dtype).kind == 'b':
            a = a > 0
    if well and len(shape) >= 2 and shape[-1] == shape[-2] and numpy.dtype(dtype).kind in 'fc':
        a = a + shape[-1] * numpy.eye(shape[-1])
    return a.astype(dtype)


def hermitian_pd(shape, dtype, seed=0):
    a = matrix(shape, dtype, seed, well=False)
    a = a @ numpy.conj(numpy.swapaxes(a, -1, -2))
    return (a + shape[-1] * numpy.eye(shape[-1])).astype(dtype)


def layouts(h):
    """(numpy array, cupric array) pairs: contiguous, Fortran-ordered, and a strided slice."""
    yield h, cp.asarray(h)
    f = numpy.asfortranarray(h)
    yield f, cp.asfortranarray(cp.asarray(h))
    big = numpy.zeros(h.shape[:-1] + (2 * h.shape[-1],), h.dtype)
    big[..., ::2] = h
    yield big[..., ::2], cp.asarray(big)[..., ::2]


def close(actual, desired, dtype, **kw):
    """Values within the dtype's tolerance and NumPy's dtype and shape."""
    got = actual.get()
    assert got.dtype == numpy.asarray(desired).dtype, (got.dtype, numpy.asarray(desired).dtype)
    assert got.shape == numpy.asarray(desired).shape, (got.shape, numpy.asarray(desired).shape)
    numpy.testing.assert_allclose(got, desired, **(kw or tol(dtype)))
