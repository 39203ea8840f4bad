"""median, nanmedian, quantile, percentile, nanquantile, nanpercentile against NumPy 2: every
method, dtypes, q scalar and array, axes (None, int, negative, tuple), keepdims, out, NaNs."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing

METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
           "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest"]


# float16: NumPy's float16 lerp differs from a step-by-step float16 lerp by a few ulps.
ORDER_TOL = dict(rtol={numpy.float16: 1e-2, numpy.float32: 1e-6, 'default': 1e-12},
                 atol={numpy.float16: 1e-2, numpy.float32: 1e-6, 'default': 1e-12})


def data(shape, dtype, seed=0, nan=False):
    rng = numpy.random.default_rng(seed)
    v = rng.integers(-20, 20, shape).astype(dtype) if numpy.dtype(dtype).kind in "iu" else \
        (rng.standard_normal(shape) * 10).astype(dtype)
    if nan:
        v.ravel()[rng.integers(0, v.size, max(1, v.size // 5))] = numpy.nan
    return v


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", ["int32", "uint8", "float16", "float32", "float64"])
def test_quantile_methods(method, dtype):
    h = data((5, 8), dtype, 1)
    c = cp.array(h)
    for q in [0.0, 0.3, 0.5, 1.0, [0.1, 0.25, 0.75], numpy.linspace(0, 1, 11)]:
        for axis in [None, 0, -1]:
            testing.assert_matches_numpy(cp.quantile(c, q, axis=axis, method=method),
                                         numpy.quantile(h, q, axis=axis, method=method), **ORDER_TOL)
    testing.assert_matches_numpy(cp.percentile(c, [10, 50, 90], axis=1, method=method),
                                 numpy.percentile(h, [10, 50, 90], axis=1, method=method), **ORDER_TOL)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 10])
@pytest.mark.parametrize("method", METHODS)
def test_quantile_small_lanes(n, method):
    h = numpy.arange(n, dtype=numpy.float64)[::-1] * 1.5
    for q in numpy.linspace(0, 1, 21):
        testing.assert_matches_numpy(cp.quantile(cp.array(h), q, method=method),
                                     numpy.quantile(h, q, method=method), **ORDER_TOL)


def test_quantile_axes_keepdims_out_nan():
    h = data((3, 4, 5), "float64", 2)
    c = cp.array(h)
    for axis in [(0, 2), (-1, 0), 1, None]:
        for keepdims in [False, True]:
            testing.assert_matches_numpy(cp.quantile(c, [0.2, 0.6], axis=axis, keepdims=keepdims),
                                         numpy.quantile(h, [0.2, 0.6], axis=axis, keepdims=keepdims), **ORDER_TOL)
            testing.assert_matches_numpy(cp.median(c, axis=axis, keepdims=keepdims),
                                         numpy.median(h, axis=axis, keepdims=keepdims), **ORDER_TOL)
    out = cp.empty((4,))
    r = cp.quantile(c, 0.5, axis=(0, 2), out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.quantile(h, 0.5, axis=(0, 2)), **ORDER_TOL)
    hn = data((4, 6), "float32", 3, nan=True)
    testing.assert_matches_numpy(cp.quantile(cp.array(hn), 0.4, axis=1), numpy.quantile(hn, 0.4, axis=1),
                                 **ORDER_TOL)
    testing.assert_matches_numpy(cp.median(cp.array(hn), axis=0), numpy.median(hn, axis=0), **ORDER_TOL)


@pytest.mark.parametrize("dtype", ["int16", "float16", "float32", "float64"])
def test_median(dtype):
    for shape in [(7,), (8,), (4, 5), (2, 3, 4)]:
        h = data(shape, dtype, 5)
        c = cp.array(h)
        for axis in [None, 0, -1]:
            testing.assert_matches_numpy(cp.median(c, axis=axis), numpy.median(h, axis=axis), **ORDER_TOL)


@pytest.mark.parametrize("method", ["linear", "lower", "nearest", "hazen", "inverted_cdf"])
def test_nan_variants(method):
    h = data((6, 9), "float64", 7, nan=True)
    h[2] = numpy.nan
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for axis in [None, 0, 1]:
            testing.assert_matches_numpy(cp.nanquantile(c, [0.25, 0.5], axis=axis, method=method),
                                         numpy.nanquantile(h, [0.25, 0.5], axis=axis, method=method), **ORDER_TOL)
            testing.assert_matches_numpy(cp.nanpercentile(c, 40, axis=axis, method=method),
                                         numpy.nanpercentile(h, 40, axis=axis, method=method), **ORDER_TOL)
            testing.assert_matches_numpy(cp.nanmedian(c, axis=axis), numpy.nanmedian(h, axis=axis),
                                         **ORDER_TOL)
    with pytest.warns(RuntimeWarning, match="All-NaN slice"):
        cp.nanmedian(c, axis=1)
    hi = data((3, 4), "int64", 8)
    testing.assert_matches_numpy(cp.nanmedian(cp.array(hi), axis=1), numpy.nanmedian(hi, axis=1), **ORDER_TOL)
    testing.assert_matches_numpy(cp.nanquantile(cp.array(hi), 0.3), numpy.nanquantile(hi, 0.3), **ORDER_TOL)


def test_quantile_errors():
    h, c = numpy.arange(5.0), cp.arange(5.0)
    testing.assert_raises_like_numpy(lambda: numpy.quantile(h, 1.5), lambda: cp.quantile(c, 1.5))
    testing.assert_raises_like_numpy(lambda: numpy.percentile(h, -1), lambda: cp.percentile(c, -1))
    testing.assert_raises_like_numpy(lambda: numpy.quantile(h.astype(complex), 0.5),
                                     lambda: cp.quantile(c.astype(complex), 0.5))
    testing.assert_raises_like_numpy(lambda: numpy.quantile(h, 0.5, axis=1),
                                     lambda: cp.quantile(c, 0.5, axis=1))
    with pytest.raises(ValueError):
        cp.quantile(c, 0.5, method="foo")


def test_q_weak_scalars_keep_float_dtype():
    h = data((10,), "float32", 9)
    c = cp.array(h)
    for fn, q in [("quantile", 0.4), ("percentile", 40), ("quantile", numpy.float64(0.4)),
                  ("percentile", numpy.float32(40)), ("nanquantile", 1), ("quantile", [0.5])]:
        testing.assert_matches_numpy(getattr(cp, fn)(c, q), getattr(numpy, fn)(h, q), **ORDER_TOL)
    testing.assert_matches_numpy(cp.quantile(c, cp.array([0.25, 0.5])),
                                 numpy.quantile(h, numpy.array([0.25, 0.5])), **ORDER_TOL)


@pytest.mark.parametrize("a_dtype", ["float16", "float32", "float64", "int64"])
@pytest.mark.parametrize("q", [33, 33.0, numpy.array([33.0], "float16"), numpy.array([33.0], "float32"), [33, 66],
                               numpy.float32(33)], ids=["int", "float", "f16", "f32", "list", "np_f32"])
@pytest.mark.parametrize("weighted", [False, True])
def test_percentile_q_dtype_and_scaling(a_dtype, q, weighted):
    """q / 100 in q's dtype (weak 100), a Python number then taking a floating a's dtype (NEP 50),
    the weighted branch keeping q's dtype: value and dtype exactly NumPy's (C++ decides all of it)."""
    h = numpy.arange(10).astype(a_dtype)
    kw_h = dict(weights=numpy.ones(10), method="inverted_cdf") if weighted else {}
    kw_c = dict(weights=cp.ones(10), method="inverted_cdf") if weighted else {}
    testing.assert_matches_numpy(cp.percentile(cp.asarray(h), q, **kw_c), numpy.percentile(h, q, **kw_h),
                                 rtol=0, atol=0)
