"""Shared inputs of the linalg tests (tests/python/linalg/): random operands of any dtype and the
tolerances products are compared with (float16 and float32 sums round differently in BLAS)."""
import numpy

TOL = {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.complex64: 1e-5, "default": 1e-12}


def data(shape, dtype=numpy.float64, seed=0, int_high=10):
    """Random values of ``dtype``: bools, integers in [0, int_high), normal floats (complex: both parts)."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(0, int_high, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)
