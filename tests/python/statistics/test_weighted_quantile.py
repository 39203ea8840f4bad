"""quantile/percentile/nanquantile/nanpercentile with weights= (method inverted_cdf, NumPy 2):
values, dtypes, shapes and errors against NumPy."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing

RNG = numpy.random.default_rng(0)
A = RNG.random((4, 7))
W = RNG.random((4, 7))
W[0, :2] = 0  # leading zero weights are skipped


@pytest.mark.parametrize("q", [0.0, 0.3, 0.5, 1.0, [0.1, 0.9], numpy.float32(0.4)])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_weighted_quantile_full_weights(q, axis, keepdims):
    n = numpy.quantile(A, q, axis=axis, method="inverted_cdf", weights=W, keepdims=keepdims)
    c = cp.quantile(cp.asarray(A), q, axis=axis, method="inverted_cdf", weights=cp.asarray(W), keepdims=keepdims)
    testing.assert_matches_numpy(c, n)


@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced"])
def test_weighted_quantile_axis_weights_and_layouts(layout):
    a3 = RNG.random((6, 4, 5))
    if layout == "transposed":
        a3 = numpy.ascontiguousarray(RNG.random((5, 4, 6))).transpose(2, 1, 0)
    elif layout == "sliced":
        a3 = RNG.random((12, 4, 10))[::-2, :, ::2]
    w2 = RNG.random((5, 6))
    n = numpy.quantile(a3, [0.25, 0.6], axis=(2, 0), method="inverted_cdf", weights=w2, keepdims=True)
    c = cp.quantile(cp.asarray(a3), [0.25, 0.6], axis=(2, 0), method="inverted_cdf", weights=cp.asarray(w2),
                    keepdims=True)
    testing.assert_matches_numpy(c, n)
    n = numpy.quantile(a3, 0.5, axis=1, method="inverted_cdf", weights=W[0, :4])
    c = cp.quantile(cp.asarray(a3), 0.5, axis=1, method="inverted_cdf", weights=cp.asarray(W[0, :4]))
    testing.assert_matches_numpy(c, n)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float16, numpy.int64, numpy.int8, numpy.uint16])
def test_weighted_percentile_dtypes(dtype):
    a = (A * 50).astype(dtype)
    wi = RNG.integers(0, 3, A.shape)
    wi[0] += 1  # no all-zero lane (NumPy raises for those, tested below)
    for q in [30, [0, 50, 100]]:
        n = numpy.percentile(a, q, axis=0, method="inverted_cdf", weights=wi)
        c = cp.percentile(cp.asarray(a), q, axis=0, method="inverted_cdf", weights=cp.asarray(wi))
        testing.assert_matches_numpy(c, n)


@pytest.mark.parametrize("name", ["quantile", "nanquantile", "percentile", "nanpercentile"])
def test_weighted_nans(name):
    an = A.copy()
    an[1, 3] = numpy.nan
    an[2, :] = numpy.nan
    q = [25, 80] if "percentile" in name else [0.25, 0.8]
    with warnings.catch_warnings(record=True) as rn:
        warnings.simplefilter("always")
        n = getattr(numpy, name)(an, q, axis=1, method="inverted_cdf", weights=W)
    with warnings.catch_warnings(record=True) as rc:
        warnings.simplefilter("always")
        c = getattr(cp, name)(cp.asarray(an), q, axis=1, method="inverted_cdf", weights=cp.asarray(W))
    testing.assert_matches_numpy(c, n)
    assert [str(r.message) for r in rc if r.category is RuntimeWarning] == \
        [str(r.message) for r in rn if r.category is RuntimeWarning]


def test_weighted_out():
    out_n, out_c = numpy.empty(7), cp.empty(7)
    numpy.quantile(A, 0.5, axis=0, method="inverted_cdf", weights=W, out=out_n)
    r = cp.quantile(cp.asarray(A), 0.5, axis=0, method="inverted_cdf", weights=cp.asarray(W), out=out_c)
    assert r is out_c
    numpy.testing.assert_array_equal(out_c.get(), out_n)


@pytest.mark.parametrize("kw", [dict(weights=W, method="linear"), dict(weights=W[0]), dict(weights=W[0], axis=0),
                                dict(weights=-W), dict(weights=W * numpy.inf), dict(weights=W * 0),
                                dict(weights=W[:, :3], axis=1)])
def test_weighted_errors(kw):
    kwn = dict(kw)
    kwn.setdefault("method", "inverted_cdf")
    kwc = dict(kwn, weights=cp.asarray(kw["weights"]))
    with numpy.errstate(all="ignore"), pytest.raises(Exception) as en:
        numpy.quantile(A, 0.5, **kwn)
    a = cp.asarray(A)
    before = a.get()
    with pytest.raises(type(en.value)) as ec:
        cp.quantile(a, 0.5, **kwc)
    assert str(ec.value) == str(en.value)
    numpy.testing.assert_array_equal(a.get(), before)
