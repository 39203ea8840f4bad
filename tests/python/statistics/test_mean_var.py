"""mean, var and std against NumPy 2: result dtypes (float64 for integers, real for complex
var), dtype=, ddof/correction, out=, where=, keepdims, empty slices and layouts."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing
from reduction_cases import ALL_DTYPES, AXES, LAYOUTS, TOL, values


def randoms(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind in "biu":
        return values(shape, dtype, seed)
    v = rng.standard_normal(shape) * 3 + 1
    if dt.kind == "c":
        v = v + 1j * rng.standard_normal(shape)
    return v.astype(dt)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_mean_var_std(dtype, axis, keepdims):
    h = randoms((2, 3, 4), dtype)
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for name in ["mean", "var", "std"]:
            testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                                         getattr(numpy, name)(h, axis=axis, keepdims=keepdims), **TOL)
            testing.assert_matches_numpy(getattr(c, name)(axis=axis, keepdims=keepdims),
                                         getattr(h, name)(axis=axis, keepdims=keepdims), **TOL)


@pytest.mark.parametrize("ddof", [0, 1, 2.5, 4, 10])
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float32, numpy.float64, numpy.complex64, numpy.float16])
def test_ddof(ddof, dtype):
    h = randoms((4, 5), dtype)
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for axis in [None, 0, 1]:
            testing.assert_matches_numpy(c.var(axis=axis, ddof=ddof), h.var(axis=axis, ddof=ddof), **TOL)
            testing.assert_matches_numpy(cp.std(c, axis=axis, ddof=ddof), numpy.std(h, axis=axis, ddof=ddof),
                                         **TOL)
            testing.assert_matches_numpy(cp.var(c, axis=axis, correction=ddof),
                                         numpy.var(h, axis=axis, correction=ddof), **TOL)
    testing.assert_raises_like_numpy(lambda: numpy.var(h, ddof=1, correction=1),
                                     lambda: cp.var(c, ddof=1, correction=1))


def test_degrees_of_freedom_warning():
    with pytest.warns(RuntimeWarning):
        cp.var(cp.ones(3), ddof=3)


@pytest.mark.parametrize("src", [numpy.int8, numpy.float16, numpy.float32, numpy.complex64])
@pytest.mark.parametrize("dst", [numpy.float32, numpy.float64, numpy.int32, numpy.complex128, numpy.float16])
def test_mean_var_dtype_argument(src, dst):
    h = randoms((6, 7), src)
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        expect = h.mean(axis=1, dtype=dst)
        testing.assert_matches_numpy(c.mean(axis=1, dtype=dst), expect, **TOL)
        if numpy.dtype(dst).kind in "fc" and not (numpy.dtype(src).kind == "c" and numpy.dtype(dst).kind != "c"):
            testing.assert_matches_numpy(c.var(axis=0, dtype=dst), h.var(axis=0, dtype=dst), **TOL)
            testing.assert_matches_numpy(cp.std(c, dtype=dst), numpy.std(h, dtype=dst), **TOL)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [None, 0, 2, (0, 1)])
def test_statistics_layouts(layout, axis):
    n, c = LAYOUTS[layout]((3, 4, 5), numpy.float64, randoms)
    testing.assert_matches_numpy(c.mean(axis=axis), n.mean(axis=axis), **TOL)
    testing.assert_matches_numpy(c.var(axis=axis), n.var(axis=axis), **TOL)
    testing.assert_matches_numpy(c.std(axis=axis, ddof=1), n.std(axis=axis, ddof=1), **TOL)


def test_var_accuracy_large_offset():
    # One-pass formulas of the sum-of-squares kind lose everything here; Welford/Chan does not.
    rng = numpy.random.default_rng(2)
    h = 1e8 + rng.standard_normal(100000)
    testing.assert_matches_numpy(cp.array(h).var(), h.var(), **TOL)
    h32 = (1e3 + rng.standard_normal(100000)).astype(numpy.float32)
    numpy.testing.assert_allclose(cp.array(h32).var().get(), h32.astype(numpy.float64).var(), rtol=1e-3)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex128])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_statistics_where(dtype, axis):
    h = randoms((5, 6), dtype)
    mask = values((5, 6), numpy.bool_, seed=3)
    mask[:, 0] = True
    mask[0, :] = True
    c, m = cp.array(h), cp.array(mask)
    testing.assert_matches_numpy(c.mean(axis=axis, where=m), h.mean(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(c.var(axis=axis, where=m), h.var(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(cp.std(c, axis=axis, where=m, ddof=1),
                                 numpy.std(h, axis=axis, where=mask, ddof=1), **TOL)


@pytest.mark.parametrize("out_dtype", [numpy.float64, numpy.float32])
def test_statistics_out(out_dtype):
    h = randoms((4, 5), numpy.int32)
    c = cp.array(h)
    o = cp.zeros(5, out_dtype)
    assert cp.mean(c, axis=0, out=o) is o
    testing.assert_matches_numpy(o, h.mean(axis=0).astype(out_dtype), **TOL)
    assert c.var(axis=0, out=o) is o
    testing.assert_matches_numpy(o, h.var(axis=0).astype(out_dtype), **TOL)


def test_mean_of_empty_slice_is_nan():
    with pytest.warns(RuntimeWarning):
        r = cp.mean(cp.zeros((0, 3)), axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        testing.assert_matches_numpy(r, numpy.mean(numpy.zeros((0, 3)), axis=0), **TOL)
        testing.assert_matches_numpy(cp.mean(cp.zeros(0, numpy.float32)),
                                     numpy.mean(numpy.zeros(0, numpy.float32)), **TOL)
        testing.assert_matches_numpy(cp.var(cp.zeros(0)), numpy.var(numpy.zeros(0)), **TOL)
        testing.assert_matches_numpy(cp.mean(cp.zeros((0, 3)), axis=1),
                                     numpy.mean(numpy.zeros((0, 3)), axis=1), **TOL)


def test_results_stay_on_device():
    # Full reductions return 0-d device arrays: nothing forces a host sync until the value is read.
    c = cp.array(randoms((100,), numpy.float32))
    for r in [cp.mean(c), cp.var(c), cp.std(c), cp.nanmean(c), cp.nanstd(c)]:
        assert isinstance(r, cp.ndarray) and r.shape == ()
