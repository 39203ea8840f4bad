"""arange, linspace, logspace and meshgrid against NumPy 2: values (bit for bit where NumPy's
algorithm is reproduced), dtypes, shapes and exception types, over dtypes."""
import math
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import cupric as cp
from array_cases import (BFLOAT16, INTS, NUMERIC_DTYPES, check_like_numpy, numpy_result_or_error,
                         params)
from cupric import testing


ComplexWarning = numpy.exceptions.ComplexWarning


# -- arange ----------------------------------------------------------------------------------------

ARANGE_ARGS = [
    (5,), (-3,), (5.5,), (0, 10, 3), (10, 0, -3), (0.5, 5, 1.5), (0, 1, 0.1), (-3.7, 11, 1.3), (0.1, 7, 0.37),
    (250, 260), (0.5, 300, 0.7), (1 + 1j, 5 + 3j, 1), (0, 3 + 3j, 0.5 + 0.25j), (0, 10, 1 + 0j), (True, 5),
    (0, 1e-320, 1e300), (0, -1e-320, 1e300), (0, 10, math.inf), (5.0, 1.0), (-1, -5), (0, 2), (-1, 3), (300.0, 303.0),
    (2**63, 2**63 + 3), (-2**63, 2**63 - 1, 2**62), (1e19, 1e19 + 5e18, 1e18), (0, 10, 0), (5, 5, 0), (0.0, 1.0, 0.0),
    (0, math.nan), (0, math.inf), (0, 1e300, 1e-300), (0, -1e300), (0, 5 + 1j), (1e20, 1e20 + 1e5, 3e4),
]


@pytest.mark.parametrize("dtype", [None] + params(NUMERIC_DTYPES))
@pytest.mark.parametrize("args", ARANGE_ARGS, ids=repr)
def test_arange_matches_numpy(args, dtype):
    expected, err = numpy_result_or_error(lambda xp: xp.arange(*args, dtype=dtype))
    if err is None and expected.dtype != object:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            testing.assert_matches_numpy(cp.arange(*args, dtype=dtype), expected, exact_bits=True)
    else:
        check_like_numpy(lambda xp: xp.arange(*args, dtype=dtype))


def test_arange_error_messages():
    testing.assert_raises_like_numpy(lambda: numpy.arange(0, math.nan), lambda: cp.arange(0, math.nan))
    testing.assert_raises_like_numpy(lambda: numpy.arange(0, math.inf), lambda: cp.arange(0, math.inf))
    testing.assert_raises_like_numpy(lambda: numpy.arange(3, dtype=bool), lambda: cp.arange(3, dtype=bool))
    testing.assert_raises_like_numpy(lambda: numpy.arange(5, dtype="V8"), lambda: cp.arange(5, dtype="V8"))
    testing.assert_raises_like_numpy(lambda: numpy.arange(-1, 3, dtype=numpy.uint8),
                                     lambda: cp.arange(-1, 3, dtype=numpy.uint8))
    testing.assert_raises_like_numpy(lambda: numpy.arange(0, 5 + 1j, dtype=float),
                                     lambda: cp.arange(0, 5 + 1j, dtype=float))
    testing.assert_raises_like_numpy(lambda: numpy.arange(0, 10, 0), lambda: cp.arange(0, 10, 0),
                                     match_message=False)
    testing.assert_raises_like_numpy(lambda: numpy.arange(2**62), lambda: cp.arange(2**62))


@pytest.mark.parametrize("args", [(numpy.float32(0.5), 3), (numpy.uint64(3),), (numpy.int8(3),), (0, 3, numpy.float32(0.5)),
                                  (numpy.float64(0.1), 1, numpy.float64(0.2))], ids=repr)
def test_arange_numpy_scalars(args):
    check_like_numpy(lambda xp: xp.arange(*args))


def test_arange_zero_d_array_arguments():
    testing.assert_matches_numpy(cp.arange(cp.array(5)), numpy.arange(5))


@given(start=st.floats(-1e3, 1e3), step=st.floats(1e-3, 1e2), count=st.integers(0, 300),
       neg=st.booleans(), dtype=st.sampled_from(["float16", "float32", "float64", "int32", "complex64", BFLOAT16]))
def test_arange_hypothesis_bit_exact(start, step, count, neg, dtype):
    step = -step if neg else step
    stop = start + step * count
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = numpy.arange(start, stop, step, dtype=dtype)
        except OverflowError:
            with pytest.raises(OverflowError):
                cp.arange(start, stop, step, dtype=dtype)
            return
        testing.assert_matches_numpy(cp.arange(start, stop, step, dtype=dtype), expected, exact_bits=True)


# -- linspace / logspace ---------------------------------------------------------------------------

LINSPACE_ARGS = [
    (0, 1, 7, True), (2, 3, 5, True), (-2.5, 1e3, 11, True), (0.1, 0.9, 6, False), (0, 1, 0, True), (2, 3, 1, True),
    (2, 3, 1, False), (0, 10, 5, True), (-1.5, 10, 5, True), (0, 5e-324, 3, True), (0, 1e-323, 5, True),
    (0, math.inf, 1, True), (10, -10, 50, True), (0, 1 + 1j, 4, True), (0.3 - 2j, 1 + 1j, 5, True),
    (1j, 0, 3, False), (0, 5e-324j, 3, True), (3, 3, 4, True),
]


@pytest.mark.parametrize("dtype", [None] + params(NUMERIC_DTYPES))
@pytest.mark.parametrize("args", LINSPACE_ARGS, ids=repr)
def test_linspace_matches_numpy(args, dtype):
    start, stop, num, endpoint = args
    fn = lambda xp: xp.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)  # noqa: E731
    expected, err = numpy_result_or_error(fn)
    if err is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            actual = fn(cp)
        if numpy.dtype(expected.dtype).kind in "iu":
            # Out-of-range float -> int casts are platform-defined (docs/differences.md); compare in range.
            info = numpy.iinfo(expected.dtype)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ref = numpy.floor(numpy.linspace(start, stop, num, endpoint=endpoint).real)
            if not numpy.all(numpy.isfinite(ref)) or ref.min(initial=0) < info.min or ref.max(initial=0) > info.max:
                pytest.skip("values outside the integer dtype's range")
        testing.assert_matches_numpy(actual, expected, exact_bits=True)
    else:
        check_like_numpy(fn)


@pytest.mark.parametrize("args", [(2, 3, 5, True), (0.1, 0.9, 6, False), (2, 3, 1, True), (0, 1, 0, True),
                                  (0, 1 + 1j, 4, True), (0, 5e-324, 3, True)], ids=repr)
def test_linspace_retstep(args):
    start, stop, num, endpoint = args
    y_np, step_np = numpy.linspace(start, stop, num, endpoint=endpoint, retstep=True)
    y_cp, step_cp = cp.linspace(start, stop, num, endpoint=endpoint, retstep=True)
    testing.assert_matches_numpy(y_cp, y_np, exact_bits=True)
    assert type(step_cp) is type(step_np)
    if isinstance(step_np, float) and math.isnan(step_np):
        assert math.isnan(step_cp)
    else:
        assert step_cp == step_np


def test_linspace_errors_and_warnings():
    testing.assert_raises_like_numpy(lambda: numpy.linspace(0, 1, -1), lambda: cp.linspace(0, 1, -1))
    testing.assert_raises_like_numpy(lambda: numpy.linspace(0, 1 + 1j, 4, dtype=int),
                                     lambda: cp.linspace(0, 1 + 1j, 4, dtype=int))
    testing.assert_raises_like_numpy(lambda: numpy.linspace(0, 1, 5, axis=1),
                                     lambda: cp.linspace(0, 1, 5, axis=1), match_message=False)
    with pytest.raises(TypeError):
        cp.linspace(0, 1, 3, dtype="V8")  # NumPy returns raw float64 bytes; cupric refuses void dtypes
    with pytest.raises(TypeError):
        cp.linspace(0, 1, 2.5)
    with pytest.warns(ComplexWarning):
        numpy.linspace(0, 1 + 1j, 3, dtype=float)
    with pytest.warns(ComplexWarning):
        r = cp.linspace(0, 1 + 1j, 3, dtype=float)
    testing.assert_matches_numpy(r, numpy.array([0, 0.5, 1.0]))
    testing.assert_matches_numpy(cp.linspace(0, 1, 5, axis=-1), numpy.linspace(0, 1, 5, axis=-1))


BOUNDS = [([0, 1], [10, 20]), (numpy.array([[1.0], [2.0]]), 5.0), (0, numpy.array([1, 2, 3], numpy.float32)),
          (numpy.array([1 + 1j, 2]), 3j), (numpy.float32(1), numpy.array([2.0, 3.0])), ([-5.5], [4.25, 8.0])]


@pytest.mark.parametrize("bounds", BOUNDS, ids=range(len(BOUNDS)))
@pytest.mark.parametrize("kw", [dict(num=5), dict(num=5, endpoint=False), dict(num=4, axis=1), dict(num=3, axis=-1),
                                dict(num=4, dtype="int32"), dict(num=1), dict(num=0), dict(num=2, endpoint=False),
                                dict(num=6, retstep=True)], ids=repr)
def test_linspace_array_bounds(bounds, kw):
    """Array start/stop broadcast, the samples go along `axis`, dtype and retstep as numpy.linspace."""
    if "dtype" in kw and any(numpy.iscomplexobj(b) for b in bounds):
        pytest.skip("complex bounds into an integer dtype: NumPy warns per element, not compared")
    expected = numpy.linspace(*bounds, **kw)
    dev = [cp.asarray(b) if isinstance(b, (list, numpy.ndarray)) else b for b in bounds]
    actual = cp.linspace(*dev, **kw)
    if kw.get("retstep"):
        (actual, step), (expected, estep) = actual, expected
        numpy.testing.assert_allclose(step.get(), estep, rtol=1e-6)
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    numpy.testing.assert_allclose(actual.get(), expected, rtol=1e-6)


@pytest.mark.parametrize("dtype", [None, "float64", "float32", "float16", "complex128", "int64", "uint8"])
@pytest.mark.parametrize("args", [(0, 2, 3, True, 10.0), (0, 3, 7, True, 10.0), (-1, 4, 6, True, 2.0),
                                  (0, 5, 5, False, 2), (2, -3, 11, True, 0.5), (0, 1, 0, True, 10.0)], ids=repr)
def test_logspace(args, dtype):
    start, stop, num, endpoint, base = args
    expected = numpy.logspace(start, stop, num, endpoint=endpoint, base=base, dtype=dtype)
    actual = cp.logspace(start, stop, num, endpoint=endpoint, base=base, dtype=dtype)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    if expected.dtype.kind in "iu":
        # NumPy's SIMD pow can differ from libm's by an ulp; an exact power of 2 or 10 never does.
        if base == 2 or all(float(v).is_integer() for v in numpy.linspace(start, stop, num, endpoint=endpoint)):
            testing.assert_matches_numpy(actual, expected)
    else:
        numpy.testing.assert_allclose(actual.get(), expected, rtol=4 * numpy.finfo(expected.dtype).eps)


@pytest.mark.parametrize("args, kw", [
    ((0, 1 + 1j, 3), {}), ((0, 2, 3), dict(base=1j)), (([0, 1], 3, 4), {}),
    ((0, 2, 3), dict(base=[2.0, 10.0], axis=1)), (([0.0, 1.0], 2, 3), dict(dtype="float32")),
    (([[0.0], [1.0]], [2.0, 3.0], 4), dict(base=2.0, axis=-1))], ids=repr)
def test_logspace_array_and_complex_arguments(args, kw):
    """Array bounds or base and complex bounds or base, as numpy.logspace."""
    expected = numpy.logspace(*args, **kw)
    dev_args = [cp.asarray(a) if isinstance(a, list) else a for a in args]
    dev_kw = {k: cp.asarray(v) if isinstance(v, list) else v for k, v in kw.items()}
    actual = cp.logspace(*dev_args, **dev_kw)
    assert actual.shape == expected.shape and actual.dtype == expected.dtype
    numpy.testing.assert_allclose(actual.get(), expected, rtol=1e-6, atol=1e-12)


def test_logspace_errors():
    testing.assert_raises_like_numpy(lambda: numpy.logspace(0, 1, -1), lambda: cp.logspace(0, 1, -1))


# -- meshgrid --------------------------------------------------------------------------------------

@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("copy", [True, False])
@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_meshgrid(n, copy, sparse, indexing):
    host = [numpy.arange(2 + i, dtype=d) * 3 for i, d in zip(range(n), ["int64", "float32", "complex64"])]
    expected = numpy.meshgrid(*host, copy=copy, sparse=sparse, indexing=indexing)
    inputs = [cp.array(h) for h in host]
    actual = cp.meshgrid(*inputs, copy=copy, sparse=sparse, indexing=indexing)
    assert isinstance(actual, tuple) and len(actual) == len(expected)
    for a, e, x in zip(actual, expected, inputs):
        testing.assert_matches_numpy(a, e)
        if not copy:
            assert a.base is x  # a view of the input
        else:
            assert a.base is None and a.flags.c_contiguous


def test_meshgrid_flattens_and_errors():
    h = numpy.arange(6.0).reshape(2, 3)
    for a, e in zip(cp.meshgrid(cp.array(h), cp.array(h).T, [1, 2]), numpy.meshgrid(h, h.T, [1, 2])):
        testing.assert_matches_numpy(a, e)
    testing.assert_raises_like_numpy(lambda: numpy.meshgrid([1], [2], indexing="ab"),
                                     lambda: cp.meshgrid([1], [2], indexing="ab"))


def test_int_dtypes_wrap_as_numpy():
    for dtype in INTS:
        check_like_numpy(lambda xp: xp.arange(250, 300, 7, dtype=dtype))
