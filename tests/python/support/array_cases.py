"""Shared test inputs: cupric's dtype lists, deterministic values every dtype represents exactly,
special values (NaNs, infinities, signed zeros, integer extremes), arange and random values, and
(numpy, cupric) pairs of equal arrays in each memory layout; and check_like_numpy, one call run
with NumPy and with cupric. Comparisons are cupric.testing's (assert_matches_numpy,
assert_raises_like_numpy, the numpy_cupy_* decorators)."""
import warnings

import numpy
import pytest

import cupric
from cupric import testing


try:
    import ml_dtypes
    BFLOAT16 = numpy.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes is a test dependency
    ml_dtypes = None
    BFLOAT16 = None


# -- dtypes -----------------------------------------------------------------------------------

BOOL = ["bool"]
SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]
INTS = SIGNED + UNSIGNED
FLOATS = ["float16", "float32", "float64"]
COMPLEXES = ["complex64", "complex128"]
#: The 14 NumPy numeric dtypes cupric supports (as numpy.dtype objects).
ALL_DTYPES = [numpy.dtype(n) for n in BOOL + INTS + FLOATS + COMPLEXES]
#: The same plus bfloat16 (ml_dtypes) when available: cupric's 15 numeric dtypes.
NUMERIC_DTYPES = ALL_DTYPES + ([BFLOAT16] if BFLOAT16 is not None else [])
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]

requires_bf16 = pytest.mark.skipif(BFLOAT16 is None, reason="ml_dtypes is not installed")


def dtype_id(d):
    return numpy.dtype(d).name


def params(dtypes):
    """pytest.param list with readable ids for a list of dtypes."""
    return [pytest.param(d, id=dtype_id(d)) for d in dtypes]


# -- values -----------------------------------------------------------------------------------

def sample_values(shape, dtype, seed=0):
    """Deterministic, distinct-ish values of `dtype` (numpy array, C order) that every dtype can
    represent exactly: negatives for signed kinds, fractions for floats, imaginary parts for complex."""
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape, dtype=numpy.int64))
    rng = numpy.random.default_rng(seed)
    k = numpy.arange(n)
    if dtype.kind == "b":
        v = (k * 7 + seed) % 3 == 0
    elif dtype.kind == "u":
        v = (k * 37 + 3 + seed) % 251
    elif dtype.kind == "i":
        v = (k * 37 + seed) % 251 - 125
    elif dtype.kind == "f" or dtype == BFLOAT16:
        v = ((k * 37 + seed) % 251 - 125) * 0.25
    elif dtype.kind == "c":
        v = ((k * 37 + seed) % 251 - 125) * 0.25 + 1j * (((k * 11 + seed) % 61) - 30) * 0.5
    else:
        v = rng.integers(0, 256, size=n * dtype.itemsize, dtype=numpy.uint8).view(dtype)[:n]
    return numpy.asarray(v).astype(dtype).reshape(shape)


# -- layouts ----------------------------------------------------------------------------------

def broadcast_view(xp_arr, shape):
    """A zero-stride broadcast view of `xp_arr` (numpy or cupric) to `shape` (writable for cupric)."""
    if isinstance(xp_arr, numpy.ndarray):
        return numpy.broadcast_to(xp_arr, shape)
    ndim = len(shape)
    src_shape = (1,) * (ndim - xp_arr.ndim) + xp_arr.shape
    src_strides = (0,) * (ndim - xp_arr.ndim) + xp_arr.strides
    strides = tuple(0 if s == 1 and t != 1 else st for s, t, st in zip(src_shape, shape, src_strides))
    return xp_arr._view_as(shape, strides, 0)


#: Layout names understood by make_pair.
LAYOUTS = ["C", "F", "T", "negstep", "strided", "broadcast", "0d", "zerosize", "1d"]


def make_pair(layout, dtype, seed=0):
    """(numpy array, cupric array) with equal values, dtype, shape and strides in `layout`."""
    dtype = numpy.dtype(dtype)
    if layout == "C":
        h = sample_values((3, 4, 5), dtype, seed)
        return h, cupric.array(h)
    if layout == "F":
        h = numpy.asfortranarray(sample_values((3, 4, 5), dtype, seed))
        return h, cupric.array(h)
    if layout == "T":
        h = sample_values((4, 5), dtype, seed)
        return h.T, cupric.array(h).T
    if layout == "negstep":
        h = sample_values((6, 7), dtype, seed)
        return h[::-1, ::-2], cupric.array(h)[::-1, ::-2]
    if layout == "strided":
        h = sample_values((5, 8, 3), dtype, seed)
        return h[1:4, ::3, 1:], cupric.array(h)[1:4, ::3, 1:]
    if layout == "broadcast":
        h = sample_values((1, 5), dtype, seed)
        return broadcast_view(h, (4, 5)), broadcast_view(cupric.array(h), (4, 5))
    if layout == "0d":
        h = sample_values((), dtype, seed + 5)
        return h, cupric.array(h)
    if layout == "zerosize":
        h = sample_values((3, 0, 2), dtype, seed)
        return h, cupric.array(h)
    if layout == "1d":
        h = sample_values((7,), dtype, seed)
        return h, cupric.array(h)
    raise ValueError(layout)


def special_values(shape, dtype, seed=0):
    """Values with many duplicates and, for inexact dtypes, NaNs, infinities and both zeros."""
    dt = numpy.dtype(dtype)
    rng = numpy.random.default_rng(seed)
    n = int(numpy.prod(shape))
    if dt.kind == "b":
        return (rng.integers(0, 2, n) == 1).reshape(shape)
    if dt.kind in "iu":
        info = numpy.iinfo(dt)
        pool = numpy.array([info.min, info.max, 0, 1, 2, 3, info.max - 1], dtype=dt)
        v = numpy.where(rng.random(n) < 0.3, pool[rng.integers(0, len(pool), n)],
                        rng.integers(max(info.min, -50), min(info.max, 50), n).astype(dt))
        return v.astype(dt).reshape(shape)
    pool = numpy.array([numpy.nan, -numpy.nan, numpy.inf, -numpy.inf, 0.0, -0.0, 1.5, -2.25])
    re = numpy.where(rng.random(n) < 0.4, pool[rng.integers(0, len(pool), n)], rng.integers(-6, 6, n) * 0.5)
    if dt.kind == "c":
        im = numpy.where(rng.random(n) < 0.4, pool[rng.integers(0, len(pool), n)], rng.integers(-3, 3, n) * 0.5)
        v = numpy.empty(n, dt)
        v.real, v.imag = re, im
        return v.reshape(shape)
    return re.astype(dt).reshape(shape)


# -- views -----------------------------------------------------------------------------------

def is_view_of(view, base):
    """True when cupric array `view` shares `base`'s memory allocation."""
    return view._mem_ptr == base._mem_ptr


# -- arange and random values -----------------------------------------------------------------

def arange_values(shape, dtype=numpy.int64):
    """0, 1, 2, ... as `dtype` in `shape` (bool: True at multiples of 3; complex: an imaginary
    part too)."""
    n = int(numpy.prod(shape))
    v = numpy.arange(n)
    if numpy.dtype(dtype) == numpy.bool_:
        v = v % 3 == 0
    elif numpy.dtype(dtype).kind == "c":
        v = v + 1j * (v % 5)
    return v.astype(dtype).reshape(shape)


def arange_pair(shape, dtype=numpy.int64, layout="C"):
    """(numpy, cupric) arange_values in layout "C", "F" or "neg" (first axis reversed)."""
    h = arange_values(shape, dtype)
    if layout == "F":
        h = numpy.asfortranarray(h)
        return h, cupric.array(h)
    if layout == "neg":
        return h[::-1], cupric.array(h)[::-1]
    return h, cupric.array(h)


def layout_views(h):
    """(name, numpy view, cupric view) of `h` in C and F order, and reversed along the first
    axis."""
    yield "C", h, cupric.array(h)
    f = numpy.asfortranarray(h)
    yield "F", f, cupric.array(f)
    if h.ndim >= 1:
        yield "neg", h[::-1], cupric.array(h)[::-1]


def random_values(n, dtype, seed=0):
    """`n` random values in [-1000, 1000) as `dtype` (bool: True at multiples of 3; complex: an
    imaginary part)."""
    rng = numpy.random.default_rng(seed)
    v = rng.integers(-1000, 1000, n)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return v % 3 == 0
    if dtype.kind == "c":
        return (v + 1j * (v % 7)).astype(dtype)
    return v.astype(dtype)


def special_pair(shape, dtype, seed=0):
    """(numpy, cupric) arrays of special_values."""
    h = special_values(shape, dtype, seed)
    return h, cupric.array(h)


# -- one call with NumPy and cupric ----------------------------------------------------------

def numpy_result_or_error(fn):
    """NumPy's result, or the exception it raises (warnings silenced: cupric does not warn for
    overflow in casts)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return fn(numpy), None
        except Exception as e:  # noqa: BLE001 - any NumPy error is the expectation
            return None, e


def check_like_numpy(fn, *, match_message=False):
    """fn(xp) gives NumPy's array, or raises NumPy's exception, with xp=cupric (warnings silenced
    as in numpy_result_or_error); skips where NumPy makes an object array, which cupric has none of."""
    expected, err = numpy_result_or_error(fn)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if err is not None:
            testing.assert_raises_like_numpy(lambda: fn(numpy), lambda: fn(cupric), match_message=match_message)
            return
        if expected.dtype == object:
            pytest.skip("NumPy makes an object array (cupric has none)")
        testing.assert_matches_numpy(fn(cupric), expected)
