"""Shared inputs for the reduction and statistics tests: dtypes, axes, small exact values,
values with NaNs, (numpy, cupric) layout pairs and the float tolerances."""
import numpy

import cupric as cp


ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
              numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
              numpy.complex128]
INEXACT = [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
AXES = [None, 0, 1, -1, 2, (0, 2), (2, 0), (), (0, 1, 2), (-1, -2)]

# Tolerances of the reductions' float results (summation order differs from NumPy's pairwise
# sums); bool and integer results are compared exactly. Use as assert_matches_numpy(c, n, **TOL).
TOL = dict(rtol={numpy.float16: 2e-3, numpy.float32: 1e-5, numpy.float64: 1e-5, numpy.complex64: 1e-5,
                 'default': 1e-12},
           atol={numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.float64: 1e-6, numpy.complex64: 1e-6,
                 'default': 0})


def values(shape, dtype, seed=0):
    """Small values (exact sums in every dtype), some zeros and repeats, negatives when signed."""
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt == numpy.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    v = rng.integers(-4 if dt.kind in "ifc" else 0, 5, shape)
    if dt.kind == "c":
        return (v + 1j * rng.integers(-3, 4, shape)).astype(dt)
    return v.astype(dt)


def with_nans(shape, dtype, seed=0, frac=0.2):
    h = values(shape, dtype, seed)
    rng = numpy.random.default_rng(seed + 1)
    mask = rng.random(shape) < frac
    h[mask] = numpy.nan
    return h


# Layouts: (numpy, cupric) pairs with the same values and (up to the base array) the same strides.
def _c(shape, dtype, make):
    h = make(shape, dtype)
    return h, cp.array(h)


def _f(shape, dtype, make):
    h = numpy.asfortranarray(make(shape, dtype))
    return h, cp.array(h)


def _t(shape, dtype, make):
    h = make(shape[::-1], dtype)
    return h.T, cp.array(h).T


def _neg(shape, dtype, make):
    h = make(shape, dtype)
    key = (slice(None, None, -1),) * len(shape)
    return h[key], cp.array(h)[key]


def _step(shape, dtype, make):
    h = make(shape[:-1] + (2 * shape[-1],), dtype)
    return h[..., 1::2], cp.array(h)[..., 1::2]


def _bcast(shape, dtype, make):
    h = make((1,) + shape[1:], dtype)
    return numpy.broadcast_to(h, shape), cp.broadcast_to(cp.array(h), shape)


LAYOUTS = {"C": _c, "F": _f, "T": _t, "neg": _neg, "step": _step, "bcast": _bcast}
