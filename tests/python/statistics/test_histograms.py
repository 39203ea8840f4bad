"""histogram, histogram_bin_edges, histogram2d, histogramdd, bincount and digitize against NumPy 2:
int/array/str bins, range, density, weights, minlength, edges of the last bin, errors."""
import numpy
import pytest

import cupric as cp
from cupric import testing


def data(n=200, dtype="float64", seed=0):
    rng = numpy.random.default_rng(seed)
    v = rng.standard_normal(n) * 3
    return v.astype(dtype) if numpy.dtype(dtype).kind == "f" else numpy.round(v).astype(dtype)


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float64"])
@pytest.mark.parametrize("bins", [1, 7, 10, [-5, -1, 0, 0.5, 2, 6]])
def test_histogram(dtype, bins):
    h = data(300, dtype)
    c = cp.array(h)
    for rng in [None, (-2, 3)]:
        for density in [None, True]:
            n, e = cp.histogram(c, bins=bins, range=rng, density=density)
            nn, ee = numpy.histogram(h, bins=bins, range=rng, density=density)
            testing.assert_matches_numpy(n, nn, rtol=1e-10, atol=1e-12)
            testing.assert_matches_numpy(e, ee, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("estimator", ["auto", "fd", "doane", "scott", "stone", "rice", "sturges", "sqrt"])
def test_histogram_str_bins(estimator):
    h = data(500, "float64", 3)
    c = cp.array(h)
    testing.assert_matches_numpy(cp.histogram_bin_edges(c, estimator),
                                 numpy.histogram_bin_edges(h, estimator), rtol=1e-10, atol=1e-12)
    n, e = cp.histogram(c, estimator, range=(-1, 4))
    nn, ee = numpy.histogram(h, estimator, range=(-1, 4))
    testing.assert_matches_numpy(n, nn, rtol=1e-10, atol=1e-12)
    testing.assert_matches_numpy(e, ee, rtol=1e-10, atol=1e-12)


def test_histogram_weights_edges_empty():
    h = numpy.array([0.0, 1.0, 1.0, 2.0, 3.0, 3.0, 4.0])
    w = numpy.arange(7, dtype=numpy.float32)
    for bins in [4, [0, 1, 3, 4]]:
        for density in [None, True]:
            n, e = cp.histogram(cp.array(h), bins, weights=cp.array(w), density=density)
            nn, ee = numpy.histogram(h, bins, weights=w, density=density)
            testing.assert_matches_numpy(n, nn, rtol=1e-10, atol=1e-12)
            testing.assert_matches_numpy(e, ee, rtol=1e-10, atol=1e-12)
    wi = numpy.arange(7, dtype=numpy.int32)
    testing.assert_matches_numpy(cp.histogram(cp.array(h), 3, weights=cp.array(wi))[0],
                                 numpy.histogram(h, 3, weights=wi)[0], rtol=1e-10, atol=1e-12)
    n, e = cp.histogram(cp.array(numpy.array([], "float64")), 3)
    nn, ee = numpy.histogram(numpy.array([], "float64"), 3)
    testing.assert_matches_numpy(n, nn, rtol=1e-10, atol=1e-12)
    testing.assert_matches_numpy(e, ee, rtol=1e-10, atol=1e-12)
    testing.assert_matches_numpy(cp.histogram(cp.full((5,), 2.0))[0],
                                 numpy.histogram(numpy.full((5,), 2.0))[0], rtol=1e-10, atol=1e-12)


def test_histogram_errors():
    h, c = data(10), cp.array(data(10))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, 0), lambda: cp.histogram(c, 0))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, 2.5), lambda: cp.histogram(c, 2.5))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, [3, 1, 2]),
                                     lambda: cp.histogram(c, [3, 1, 2]))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, 3, range=(2, 1)),
                                     lambda: cp.histogram(c, 3, range=(2, 1)))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, "foo"), lambda: cp.histogram(c, "foo"))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, "auto", weights=h),
                                     lambda: cp.histogram(c, "auto", weights=c))
    testing.assert_raises_like_numpy(lambda: numpy.histogram(h, 3, weights=h[:3]),
                                     lambda: cp.histogram(c, 3, weights=c[:3]))
    hn = h.copy()
    hn[0] = numpy.nan
    testing.assert_raises_like_numpy(lambda: numpy.histogram(hn), lambda: cp.histogram(cp.array(hn)))


@pytest.mark.parametrize("bins", [5, [3, 4], [[-3, 0, 1, 4], [-2, 0, 2]]])
def test_histogram2d_dd(bins):
    x, y, z = data(100, seed=1), data(100, seed=2), data(100, seed=3)
    w = numpy.abs(data(100, seed=4))
    for density in [None, True]:
        for weights in [None, w]:
            cw = None if weights is None else cp.array(weights)
            r = cp.histogram2d(cp.array(x), cp.array(y), bins, density=density, weights=cw)
            e = numpy.histogram2d(x, y, bins, density=density, weights=weights)
            for a, b in zip(r, e):
                testing.assert_matches_numpy(a, b, rtol=1e-10, atol=1e-12)
    s = numpy.stack([x, y, z], axis=1)
    r, re = cp.histogramdd(cp.array(s), bins=4, range=[(-2, 2), None, (-1, 5)])
    e, ee = numpy.histogramdd(s, bins=4, range=[(-2, 2), None, (-1, 5)])
    testing.assert_matches_numpy(r, e, rtol=1e-10, atol=1e-12)
    for a, b in zip(re, ee):
        testing.assert_matches_numpy(a, b, rtol=1e-10, atol=1e-12)


def test_bincount():
    x = numpy.array([0, 1, 1, 3, 2, 1, 7], dtype=numpy.int32)
    w = numpy.linspace(0, 1, 7)
    testing.assert_matches_numpy(cp.bincount(cp.asarray(x)), numpy.bincount(x), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.bincount(cp.asarray(x), weights=cp.asarray(w)),
                                 numpy.bincount(x, weights=w), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.bincount(cp.asarray(x), minlength=12), numpy.bincount(x, minlength=12),
                                 rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.bincount(cp.asarray(numpy.zeros(0, dtype=numpy.int64)), minlength=3),
                                 numpy.bincount(numpy.zeros(0, dtype=numpy.int64), minlength=3), rtol=1e-7, atol=1e-12)
    big = numpy.random.default_rng(0).integers(0, 1000, 200000)
    testing.assert_matches_numpy(cp.bincount(cp.asarray(big)), numpy.bincount(big), rtol=1e-7, atol=1e-12)
    with pytest.raises(ValueError):
        cp.bincount(cp.asarray(numpy.array([1, -1])))
    with pytest.raises(TypeError):
        cp.bincount(cp.asarray(numpy.array([1.0])))
    with pytest.raises(ValueError):
        cp.bincount(cp.asarray(x), weights=cp.ones(3))


@pytest.mark.parametrize("right", [False, True])
@pytest.mark.parametrize("bins", [[0.0, 1.0, 2.5, 4.0], [4.0, 2.5, 1.0, 0.0], [1.0, 1.0, 2.0], [3.0]])
def test_digitize(right, bins):
    x = numpy.array([-1.0, 0.0, 0.5, 1.0, 2.5, 3.0, 4.0, 9.0, numpy.nan])
    testing.assert_matches_numpy(cp.digitize(cp.array(x), cp.array(bins), right=right),
                                 numpy.digitize(x, bins, right=right))
    xi = numpy.arange(-2, 6).reshape(2, 4)
    testing.assert_matches_numpy(cp.digitize(cp.array(xi), cp.array(bins), right),
                                 numpy.digitize(xi, bins, right))


def test_digitize_errors():
    testing.assert_raises_like_numpy(lambda: numpy.digitize([1.0], [1.0, 3.0, 2.0]),
                                     lambda: cp.digitize(cp.array([1.0]), cp.array([1.0, 3.0, 2.0])))
    testing.assert_raises_like_numpy(lambda: numpy.digitize([1j], [1.0, 2.0]),
                                     lambda: cp.digitize(cp.array([1j]), cp.array([1.0, 2.0])))
