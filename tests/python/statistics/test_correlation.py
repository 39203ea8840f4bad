"""cov, corrcoef, correlate and convolve against NumPy 2: dtypes, layouts, rowvar/bias/ddof,
fweights/aweights, modes, and errors and warnings."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing
from statistics_cases import DEFAULT_TOL, data, layouts, rnd, tol


# Results whose order of operations differs from NumPy's: relative and absolute tolerance.
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128])
def test_cov_corrcoef_dtypes(dtype):
    m = data((3, 8), dtype)
    y = data((2, 8), dtype, seed=4)
    r = {k: 10 * v for k, v in tol(dtype).items()}
    for _, mn, mc in layouts(m):
        testing.assert_matches_numpy(cp.cov(mc), numpy.cov(mn), **r)
        testing.assert_matches_numpy(cp.cov(mc, rowvar=False), numpy.cov(mn, rowvar=False), **r)
        testing.assert_matches_numpy(cp.corrcoef(mc), numpy.corrcoef(mn), **r)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), cp.asarray(y)), numpy.cov(m, y), **r)
    testing.assert_matches_numpy(cp.corrcoef(cp.asarray(m), cp.asarray(y)), numpy.corrcoef(m, y), **r)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), dtype=numpy.complex128),
                                 numpy.cov(m, dtype=numpy.complex128), **r)


def test_cov_options():
    m = data((3, 8), numpy.float64)
    fw = numpy.array([1, 2, 1, 3, 1, 1, 2, 1])
    aw = numpy.abs(data(8, numpy.float64, seed=5))
    d = cp.asarray(m)
    for kw in ({}, {"bias": True}, {"ddof": 0}, {"ddof": 3}, {"ddof": 2.0}):
        testing.assert_matches_numpy(cp.cov(d, **kw), numpy.cov(m, **kw), **DEFAULT_TOL)
        testing.assert_matches_numpy(cp.cov(d, fweights=cp.asarray(fw), **kw),
                                     numpy.cov(m, fweights=fw, **kw), **DEFAULT_TOL)
        testing.assert_matches_numpy(cp.cov(d, aweights=cp.asarray(aw), **kw),
                                     numpy.cov(m, aweights=aw, **kw), **DEFAULT_TOL)
        testing.assert_matches_numpy(cp.cov(d, fweights=cp.asarray(fw), aweights=cp.asarray(aw), **kw),
                                     numpy.cov(m, fweights=fw, aweights=aw, **kw), **DEFAULT_TOL)
    # float fweights with integral values are accepted, as in NumPy
    testing.assert_matches_numpy(cp.cov(d, fweights=cp.asarray(fw.astype(numpy.float32))),
                                 numpy.cov(m, fweights=fw.astype(numpy.float32)), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.cov(d[0]), numpy.cov(m[0]), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.corrcoef(d[0]), numpy.corrcoef(m[0]), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.cov(d[0], d[1]), numpy.cov(m[0], m[1]), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.cov(d.T, d[:2].T, rowvar=False), numpy.cov(m.T, m[:2].T, rowvar=False),
                                 **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.cov(d, dtype=numpy.float32), numpy.cov(m, dtype=numpy.float32), rtol=1e-5,
                                 atol=1e-5)
    testing.assert_matches_numpy(cp.cov(cp.zeros((0, 3))), numpy.cov(numpy.zeros((0, 3))), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.cov([[1, 2, 3], [3, 1, 2]]), numpy.cov([[1, 2, 3], [3, 1, 2]]),
                                 **DEFAULT_TOL)


def test_corrcoef_clipped():
    # perfectly correlated rows: |c| must not exceed 1 after rounding
    base = data(50, numpy.float64, seed=7)
    m = numpy.stack([base, 3 * base + 1, -2 * base])
    got = cp.corrcoef(cp.asarray(m)).get()
    assert numpy.all(numpy.abs(got) <= 1)
    testing.assert_matches_numpy(cp.corrcoef(cp.asarray(m)), numpy.corrcoef(m), **DEFAULT_TOL)
    mc = m + 1j * numpy.stack([base, base, base])
    got = cp.corrcoef(cp.asarray(mc)).get()
    assert numpy.all(numpy.abs(got.real) <= 1) and numpy.all(numpy.abs(got.imag) <= 1)
    testing.assert_matches_numpy(cp.corrcoef(cp.asarray(mc)), numpy.corrcoef(mc), **DEFAULT_TOL)


def test_cov_errors_and_warning():
    d = cp.asarray(data((3, 4), numpy.float64))
    with pytest.raises(ValueError, match="ddof must be integer"):
        cp.cov(d, ddof=1.5)
    with pytest.raises(ValueError, match="more than 2 dimensions"):
        cp.cov(cp.ones((2, 2, 2)))
    with pytest.raises(ValueError, match="y has more than 2"):
        cp.cov(d, cp.ones((2, 2, 2)))
    with pytest.raises(TypeError, match="fweights must be integer"):
        cp.cov(d, fweights=cp.asarray([1.5, 1, 1, 1]))
    with pytest.raises(RuntimeError, match="multidimensional fweights"):
        cp.cov(d, fweights=cp.ones((4, 1), dtype=int))
    with pytest.raises(RuntimeError, match="incompatible numbers of samples and aweights"):
        cp.cov(d, aweights=cp.ones(3))
    with pytest.raises(ValueError, match="fweights cannot be negative"):
        cp.cov(d, fweights=cp.asarray([1, -1, 1, 1]))
    with pytest.raises(ValueError, match="aweights cannot be negative"):
        cp.cov(d, aweights=cp.asarray([1, -1, 1, 1]))
    h = data((2, 3), numpy.float64)
    with warnings.catch_warnings(record=True) as w_np:
        warnings.simplefilter("always")
        exp = numpy.cov(h, ddof=3)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom"):
        got = cp.cov(cp.asarray(h), ddof=3)
    assert len(w_np) >= 1
    numpy.testing.assert_array_equal(got.get(), exp)


def test_cov_corrcoef():
    m = rnd((3, 8))
    y = rnd((2, 8), seed=4)
    fw = numpy.array([1, 2, 1, 3, 1, 1, 2, 1])
    aw = numpy.abs(rnd(8, seed=5))
    testing.assert_matches_numpy(cp.cov(cp.asarray(m)), numpy.cov(m), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m.T), rowvar=False), numpy.cov(m.T, rowvar=False),
                                 rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), cp.asarray(y)), numpy.cov(m, y), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), bias=True), numpy.cov(m, bias=True), rtol=1e-7,
                                 atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), ddof=2), numpy.cov(m, ddof=2), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), fweights=cp.asarray(fw)), numpy.cov(m, fweights=fw),
                                 rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), aweights=cp.asarray(aw)), numpy.cov(m, aweights=aw),
                                 rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), fweights=cp.asarray(fw), aweights=cp.asarray(aw)),
                                 numpy.cov(m, fweights=fw, aweights=aw), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m[0])), numpy.cov(m[0]), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.cov(cp.asarray(m), dtype=numpy.float32),
                                 numpy.cov(m, dtype=numpy.float32), rtol=1e-5, atol=1e-12)
    testing.assert_matches_numpy(cp.corrcoef(cp.asarray(m)), numpy.corrcoef(m), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.corrcoef(cp.asarray(m), cp.asarray(y)), numpy.corrcoef(m, y), rtol=1e-7,
                                 atol=1e-12)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("na,nv", [(10, 3), (3, 10), (7, 7), (1, 4)])
def test_correlate_convolve(mode, na, nv):
    a, v = rnd(na), rnd(nv, seed=6)
    testing.assert_matches_numpy(cp.correlate(cp.asarray(a), cp.asarray(v), mode),
                                 numpy.correlate(a, v, mode), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.convolve(cp.asarray(a), cp.asarray(v), mode), numpy.convolve(a, v, mode),
                                 rtol=1e-7, atol=1e-12)
    ai, vi = numpy.arange(na), numpy.arange(nv) - 2
    testing.assert_matches_numpy(cp.convolve(cp.asarray(ai), cp.asarray(vi), mode),
                                 numpy.convolve(ai, vi, mode), rtol=1e-7, atol=1e-12)
    ac = a + 1j * rnd(na, seed=8)
    testing.assert_matches_numpy(cp.correlate(cp.asarray(ac), cp.asarray(v + 2j), mode),
                                 numpy.correlate(ac, v + 2j, mode), rtol=1e-7, atol=1e-12)


def test_correlate_errors():
    with pytest.raises(ValueError):
        cp.convolve(cp.zeros(0), cp.ones(3))
    with pytest.raises(ValueError):
        cp.correlate(cp.ones(3), cp.ones(3), mode="bogus")
