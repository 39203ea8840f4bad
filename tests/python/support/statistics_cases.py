"""Shared inputs of the statistics tests (average, cov/corrcoef, diff/gradient/trapezoid, nanarg*):
dtypes, random values, layouts, tolerances and hypothesis shapes."""
import numpy
from hypothesis import strategies as st

import cupric as cp


DTYPES = [numpy.int8, numpy.int32, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]
# Results whose order of operations differs from NumPy's: relative and absolute tolerance.
DEFAULT_TOL = dict(rtol=1e-10, atol=1e-10)


def tol(dtype):
    """The tolerance of results computed in `dtype` (as keyword arguments of assert_matches_numpy)."""
    dtype = numpy.dtype(dtype)
    if dtype in (numpy.float16,):
        return dict(rtol=2e-3, atol=2e-3)
    if dtype in (numpy.float32, numpy.complex64):
        return dict(rtol=2e-5, atol=2e-5)
    return DEFAULT_TOL


def data(shape, dtype, seed=0):
    """Random values of `dtype`: integers in [0, 20), normal floats, complex with both parts."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind in 'iu':
        return rng.integers(0, 20, shape).astype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, shape).astype(dtype)
    x = rng.standard_normal(shape)
    if dtype.kind == 'c':
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def layouts(h):
    """(name, numpy view, cupric view) for contiguous, transposed and negative-step layouts."""
    d = cp.asarray(h)
    yield "c", h, d
    yield "t", h.T, d.T
    yield "neg", h[::-1, ::-2], d[::-1, ::-2]


@st.composite
def shape_and_axes(draw):
    """A shape and a tuple of distinct axes of it (negative ones too)."""
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
    axes = draw(st.lists(st.integers(-len(shape), len(shape) - 1), unique_by=lambda a: a % len(shape),
                         min_size=1, max_size=len(shape)))
    return shape, tuple(axes)


def rnd(shape, dtype=numpy.float64, seed=0):
    """Standard normal values of `dtype`."""
    return numpy.random.default_rng(seed).standard_normal(shape).astype(dtype)
