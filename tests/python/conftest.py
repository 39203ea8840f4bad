"""Shared helpers for cupric's Python tests: dtype lists, value and layout generators, comparison
helpers, the `gpu` marker and hypothesis settings.

Every test compares cupric with NumPy 2 (value, dtype, shape, exception type and, where NumPy's
is specific, message). Until `cupric.testing` lands these helpers use numpy.testing directly.
"""
import os

import numpy
import numpy.testing as npt
import pytest

import cupric

try:
    import ml_dtypes
    BFLOAT16 = numpy.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes is a test dependency
    ml_dtypes = None
    BFLOAT16 = None

try:
    from hypothesis import settings, HealthCheck
    # Derandomized by default, so the suite (and CI) gives the same verdict on every run; set
    # CUPRIC_HYPOTHESIS_RANDOM=1 (and CUPRIC_HYPOTHESIS_EXAMPLES / CUPRIC_PROP_EXAMPLES) to explore.
    settings.register_profile(
        "cupric", max_examples=int(os.environ.get("CUPRIC_HYPOTHESIS_EXAMPLES", "100")), deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=os.environ.get("CUPRIC_HYPOTHESIS_RANDOM") != "1")
    settings.load_profile("cupric")
except ImportError:  # pragma: no cover
    pass


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


# -- comparisons ------------------------------------------------------------------------------

def assert_same(actual, expected, *, check_strides=False):
    """`actual` (cupric array) equals numpy array `expected`: dtype, shape and every value (NaNs
    equal, signed zeros ignored); optionally the strides too."""
    assert isinstance(actual, cupric.ndarray), type(actual)
    expected = numpy.asarray(expected)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if check_strides:
        assert actual.strides == expected.strides, (actual.strides, expected.strides)
    got = actual.get()
    assert got.dtype == expected.dtype
    if expected.dtype == BFLOAT16:  # numpy.testing cannot see bfloat16 NaNs as equal
        npt.assert_array_equal(got.astype("float32"), expected.astype("float32"), strict=True)
    elif expected.dtype.kind == "V":
        assert got.tobytes() == numpy.ascontiguousarray(expected).tobytes()
    else:
        npt.assert_array_equal(got, expected, strict=True)


def same_error(fn_np, fn_cp, *, match_message=True):
    """Runs both callables; both must raise the same exception type (and message, when asked).
    Returns the cupric exception."""
    with pytest.raises(Exception) as ei_np:
        fn_np()
    with pytest.raises(type(ei_np.value)) as ei_cp:
        fn_cp()
    assert type(ei_cp.value) is type(ei_np.value), (type(ei_cp.value), type(ei_np.value))
    if match_message:
        assert str(ei_cp.value) == str(ei_np.value)
    return ei_cp.value


def is_view_of(view, base):
    """True when cupric array `view` shares `base`'s memory allocation."""
    return view._mem_ptr == base._mem_ptr


# -- markers ----------------------------------------------------------------------------------

def pytest_configure(config):
    config.addinivalue_line("markers", "gpu: needs a CUDA GPU (skipped elsewhere)")
    config.addinivalue_line("markers", "slow: long-running test")


def pytest_collection_modifyitems(config, items):
    if cupric.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (cupric.cuda.is_available() is False)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# -- no device arrays at module level -----------------------------------------------------------

@pytest.fixture(scope="session", autouse=True)
def _no_module_level_device_arrays():
    """A device array made at import time of a test module lives for the whole session and breaks
    the exact pool-accounting tests (test_memory_pool.py, test_cuda_runtime_more.py) that share its
    worker. Runs once per worker before its first test: make such arrays inside tests or fixtures."""
    import gc
    gc.collect()
    used = cupric.get_default_memory_pool().used_bytes()
    if used:
        pytest.fail(f"test modules hold {used} bytes of cupric device memory after collection: create "
                    "device arrays inside tests or fixtures, not at module level", pytrace=False)
