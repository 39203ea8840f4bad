"""nanargmax/nanargmin, average, diff, ediff1d, trapezoid, gradient, cov, corrcoef, correlate,
convolve, bincount, array_equal, array_equiv against NumPy 2."""
import numpy
import pytest

import cupric as cp


def close(res, exp, rtol=1e-7, check_dtype=True):
    if isinstance(exp, tuple):
        assert isinstance(res, tuple) and len(res) == len(exp)
        for r, e in zip(res, exp):
            close(r, e, rtol, check_dtype)
        return
    got = res.get() if isinstance(res, cp.ndarray) else numpy.asarray(res)
    exp = numpy.asarray(exp)
    if check_dtype:
        assert got.dtype == exp.dtype, (got.dtype, exp.dtype)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    numpy.testing.assert_allclose(got, exp, rtol=rtol, atol=1e-12)


def rnd(shape, dtype=numpy.float64, seed=0):
    return numpy.random.default_rng(seed).standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("func", ["nanargmax", "nanargmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_nanarg(func, axis):
    h = rnd((5, 6))
    h[h > 1] = numpy.nan
    h[0, :4] = numpy.nan
    h[2:, 1] = numpy.nan
    h[1, 1] = 0.5
    h[1:, 0] = 5.0  # no all-NaN slice along either axis
    close(getattr(cp, func)(cp.asarray(h), axis=axis), getattr(numpy, func)(h, axis=axis))
    i = (numpy.arange(30).reshape(5, 6) * 7) % 11
    close(getattr(cp, func)(cp.asarray(i), axis=axis), getattr(numpy, func)(i, axis=axis))
    close(getattr(cp, func)(cp.asarray(h), axis=1, keepdims=True), getattr(numpy, func)(h, axis=1, keepdims=True))


def test_nanarg_all_nan():
    h = numpy.array([[numpy.nan, 1.0], [numpy.nan, numpy.nan]])
    for f in ("nanargmax", "nanargmin"):
        with pytest.raises(ValueError, match="All-NaN slice encountered"):
            getattr(cp, f)(cp.asarray(h), axis=1)
        close(getattr(cp, f)(cp.asarray(h), axis=None), getattr(numpy, f)(h, axis=None))


def test_average():
    h = rnd((4, 5))
    w = numpy.abs(rnd((4, 5), seed=1))
    close(cp.average(cp.asarray(h)), numpy.average(h))
    close(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w)), numpy.average(h, axis=1, weights=w))
    close(cp.average(cp.asarray(h), axis=0, weights=cp.asarray(w[:, 0])), numpy.average(h, axis=0, weights=w[:, 0]))
    close(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w), returned=True),
          numpy.average(h, axis=1, weights=w, returned=True))
    close(cp.average(cp.asarray(h), axis=1, keepdims=True), numpy.average(h, axis=1, keepdims=True))
    i = numpy.arange(12).reshape(3, 4)
    close(cp.average(cp.asarray(i), axis=0, weights=cp.asarray(i + 1)), numpy.average(i, axis=0, weights=i + 1))
    with pytest.raises(ZeroDivisionError):
        cp.average(cp.asarray(h), axis=0, weights=cp.zeros(4))
    with pytest.raises(TypeError):
        cp.average(cp.asarray(h), weights=cp.ones(5))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float32, numpy.bool_, numpy.uint8, numpy.complex64])
def test_diff(dtype):
    h = (numpy.arange(24).reshape(4, 6) ** 2 % 7).astype(dtype)
    for n in (0, 1, 2, 3):
        for axis in (0, 1, -1):
            close(cp.diff(cp.asarray(h), n=n, axis=axis), numpy.diff(h, n=n, axis=axis))
    if dtype != numpy.bool_:
        close(cp.diff(cp.asarray(h), prepend=0, append=cp.asarray(h[:, :2])), numpy.diff(h, prepend=0, append=h[:, :2]))
    close(cp.diff(cp.asarray(h), n=7), numpy.diff(h, n=7))
    with pytest.raises(ValueError):
        cp.diff(cp.asarray(h), n=-1)
    with pytest.raises(ValueError):
        cp.diff(cp.asarray(numpy.float64(1)))


def test_ediff1d():
    h = numpy.array([[1, 4], [9, 16]], dtype=numpy.int32)
    close(cp.ediff1d(cp.asarray(h)), numpy.ediff1d(h))
    close(cp.ediff1d(cp.asarray(h), to_end=cp.asarray([7, 8]), to_begin=-1), numpy.ediff1d(h, to_end=[7, 8], to_begin=-1))
    with pytest.raises(TypeError):
        cp.ediff1d(cp.asarray(h), to_begin=cp.asarray([0.5]))


def test_trapezoid():
    y = rnd((3, 7))
    x = numpy.sort(rnd(7, seed=2))
    close(cp.trapezoid(cp.asarray(y)), numpy.trapezoid(y))
    close(cp.trapezoid(cp.asarray(y), dx=0.5, axis=0), numpy.trapezoid(y, dx=0.5, axis=0))
    close(cp.trapezoid(cp.asarray(y), x=cp.asarray(x)), numpy.trapezoid(y, x=x))
    close(cp.trapezoid(cp.asarray(numpy.arange(5))), numpy.trapezoid(numpy.arange(5)))


@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient(edge_order):
    f = rnd((5, 6))
    x = numpy.cumsum(numpy.abs(rnd(6, seed=3)) + 0.1)
    close(cp.gradient(cp.asarray(f), edge_order=edge_order), numpy.gradient(f, edge_order=edge_order))
    close(cp.gradient(cp.asarray(f), 2.0, edge_order=edge_order), numpy.gradient(f, 2.0, edge_order=edge_order))
    close(cp.gradient(cp.asarray(f), 0.5, cp.asarray(x), edge_order=edge_order),
          numpy.gradient(f, 0.5, x, edge_order=edge_order))
    close(cp.gradient(cp.asarray(f), axis=-1, edge_order=edge_order), numpy.gradient(f, axis=-1, edge_order=edge_order))
    close(cp.gradient(cp.asarray(numpy.arange(6) ** 2), edge_order=edge_order),
          numpy.gradient(numpy.arange(6) ** 2, edge_order=edge_order))
    with pytest.raises(ValueError):
        cp.gradient(cp.asarray(f[:, :1]), axis=1, edge_order=edge_order)


def test_cov_corrcoef():
    m = rnd((3, 8))
    y = rnd((2, 8), seed=4)
    fw = numpy.array([1, 2, 1, 3, 1, 1, 2, 1])
    aw = numpy.abs(rnd(8, seed=5))
    close(cp.cov(cp.asarray(m)), numpy.cov(m))
    close(cp.cov(cp.asarray(m.T), rowvar=False), numpy.cov(m.T, rowvar=False))
    close(cp.cov(cp.asarray(m), cp.asarray(y)), numpy.cov(m, y))
    close(cp.cov(cp.asarray(m), bias=True), numpy.cov(m, bias=True))
    close(cp.cov(cp.asarray(m), ddof=2), numpy.cov(m, ddof=2))
    close(cp.cov(cp.asarray(m), fweights=cp.asarray(fw)), numpy.cov(m, fweights=fw))
    close(cp.cov(cp.asarray(m), aweights=cp.asarray(aw)), numpy.cov(m, aweights=aw))
    close(cp.cov(cp.asarray(m), fweights=cp.asarray(fw), aweights=cp.asarray(aw)), numpy.cov(m, fweights=fw, aweights=aw))
    close(cp.cov(cp.asarray(m[0])), numpy.cov(m[0]))
    close(cp.cov(cp.asarray(m), dtype=numpy.float32), numpy.cov(m, dtype=numpy.float32), rtol=1e-5)
    close(cp.corrcoef(cp.asarray(m)), numpy.corrcoef(m))
    close(cp.corrcoef(cp.asarray(m), cp.asarray(y)), numpy.corrcoef(m, y))


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("na,nv", [(10, 3), (3, 10), (7, 7), (1, 4)])
def test_correlate_convolve(mode, na, nv):
    a, v = rnd(na), rnd(nv, seed=6)
    close(cp.correlate(cp.asarray(a), cp.asarray(v), mode), numpy.correlate(a, v, mode))
    close(cp.convolve(cp.asarray(a), cp.asarray(v), mode), numpy.convolve(a, v, mode))
    ai, vi = numpy.arange(na), numpy.arange(nv) - 2
    close(cp.convolve(cp.asarray(ai), cp.asarray(vi), mode), numpy.convolve(ai, vi, mode))
    ac = a + 1j * rnd(na, seed=8)
    close(cp.correlate(cp.asarray(ac), cp.asarray(v + 2j), mode), numpy.correlate(ac, v + 2j, mode))


def test_correlate_errors():
    with pytest.raises(ValueError):
        cp.convolve(cp.zeros(0), cp.ones(3))
    with pytest.raises(ValueError):
        cp.correlate(cp.ones(3), cp.ones(3), mode="bogus")


def test_bincount():
    x = numpy.array([0, 1, 1, 3, 2, 1, 7], dtype=numpy.int32)
    w = numpy.linspace(0, 1, 7)
    close(cp.bincount(cp.asarray(x)), numpy.bincount(x))
    close(cp.bincount(cp.asarray(x), weights=cp.asarray(w)), numpy.bincount(x, weights=w))
    close(cp.bincount(cp.asarray(x), minlength=12), numpy.bincount(x, minlength=12))
    close(cp.bincount(cp.asarray(numpy.zeros(0, dtype=numpy.int64)), minlength=3),
          numpy.bincount(numpy.zeros(0, dtype=numpy.int64), minlength=3))
    big = numpy.random.default_rng(0).integers(0, 1000, 200000)
    close(cp.bincount(cp.asarray(big)), numpy.bincount(big))
    with pytest.raises(ValueError):
        cp.bincount(cp.asarray(numpy.array([1, -1])))
    with pytest.raises(TypeError):
        cp.bincount(cp.asarray(numpy.array([1.0])))
    with pytest.raises(ValueError):
        cp.bincount(cp.asarray(x), weights=cp.ones(3))


def test_array_equal_equiv():
    a = numpy.array([1.0, numpy.nan, 3.0])
    for x, y, kw in [(a, a, {}), (a, a, {"equal_nan": True}), (a[:2], a, {}), (numpy.arange(3), numpy.arange(3), {})]:
        r = cp.array_equal(cp.asarray(x), cp.asarray(y), **kw)
        assert isinstance(r, cp.ndarray) and r.ndim == 0
        assert bool(r) == numpy.array_equal(x, y, **kw)
    for x, y in [(numpy.ones((2, 3)), numpy.ones(3)), (numpy.ones((2, 3)), numpy.ones(2)),
                 (numpy.arange(3), numpy.array([0, 1, 3]))]:
        assert bool(cp.array_equiv(cp.asarray(x), cp.asarray(y))) == numpy.array_equiv(x, y)
