"""average, diff (prepend/append), ediff1d, trapezoid, gradient, cov, corrcoef (C++:
cupric/ops/averages.hpp) against NumPy 2 across dtypes (ints, bool, float16/32/64, complex),
axes and layouts (transposed, negative steps, broadcast, zero-size), and NumPy's errors."""
import warnings

import numpy
import pytest

import cupric as cp

DTYPES = [numpy.int8, numpy.int32, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]


def tol(dtype):
    dtype = numpy.dtype(dtype)
    if dtype in (numpy.float16,):
        return 2e-3
    if dtype in (numpy.float32, numpy.complex64):
        return 2e-5
    return 1e-10


def close(res, exp, rtol=1e-10):
    if isinstance(exp, (tuple, list)):
        assert isinstance(res, tuple) and len(res) == len(exp)
        for r, e in zip(res, exp):
            close(r, e, rtol)
        return
    assert isinstance(res, cp.ndarray)
    got = res.get()
    exp = numpy.asarray(exp)
    assert got.dtype == exp.dtype, (got.dtype, exp.dtype)
    assert got.shape == exp.shape, (got.shape, exp.shape)
    numpy.testing.assert_allclose(got, exp, rtol=rtol, atol=rtol)


def data(shape, dtype, seed=0):
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


@pytest.mark.parametrize("dtype", DTYPES + [numpy.bool_])
def test_average_dtypes_layouts(dtype):
    h = data((4, 6), dtype)
    w = numpy.abs(data((4, 6), numpy.float64, seed=1)) + 0.1
    for _, hn, hc in layouts(h):
        wn = w[:hn.shape[0], :hn.shape[1]] if hn.shape[0] <= 4 else w.T[:hn.shape[0], :hn.shape[1]]
        wn = numpy.ascontiguousarray(numpy.resize(w, hn.shape))
        for axis in (None, 0, 1, -1, (0, 1)):
            close(cp.average(hc, axis=axis), numpy.average(hn, axis=axis), tol(dtype))
            close(cp.average(hc, axis=axis, keepdims=True), numpy.average(hn, axis=axis, keepdims=True), tol(dtype))
            close(cp.average(hc, axis=axis, weights=cp.asarray(wn)), numpy.average(hn, axis=axis, weights=wn),
                  tol(dtype))
            close(cp.average(hc, axis=axis, weights=cp.asarray(wn), returned=True),
                  numpy.average(hn, axis=axis, weights=wn, returned=True), tol(dtype))
        close(cp.average(hc, axis=1, returned=True), numpy.average(hn, axis=1, returned=True), tol(dtype))


def test_average_axis_weights_shapes():
    h = data((3, 4, 5), numpy.float64)
    w1 = numpy.abs(data(4, numpy.float64, seed=2)) + 0.1
    w2 = numpy.abs(data((5, 3), numpy.float64, seed=3)) + 0.1
    close(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w1)), numpy.average(h, axis=1, weights=w1))
    close(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w1), returned=True),
          numpy.average(h, axis=1, weights=w1, returned=True))
    close(cp.average(cp.asarray(h), axis=(2, 0), weights=cp.asarray(w2), keepdims=True, returned=True),
          numpy.average(h, axis=(2, 0), weights=w2, keepdims=True, returned=True))
    wi = numpy.arange(1, 5, dtype=numpy.int32)
    close(cp.average(cp.asarray(h.astype(numpy.int16)), axis=1, weights=cp.asarray(wi)),
          numpy.average(h.astype(numpy.int16), axis=1, weights=wi))
    # a list for weights and a list for a
    close(cp.average([1, 2, 3], weights=[3, 0, 1]), numpy.average([1, 2, 3], weights=[3, 0, 1]))


def test_average_errors():
    h = data((3, 4), numpy.float64)
    d = cp.asarray(h)
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero"):
        cp.average(d, axis=0, weights=cp.zeros((3, 4)))
    with pytest.raises(TypeError, match="Axis must be specified"):
        cp.average(d, weights=cp.ones(4))
    with pytest.raises(ValueError, match="Shape of weights must be consistent"):
        cp.average(d, axis=0, weights=cp.ones(4))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.average(d, axis=2)
    with pytest.raises(ValueError, match="repeated axis"):
        cp.average(d, axis=(0, 0))


@pytest.mark.parametrize("dtype", DTYPES + [numpy.bool_])
def test_diff_prepend_append(dtype):
    h = data((4, 5), dtype)
    for _, hn, hc in layouts(h):
        for axis in (0, 1, -1):
            for n in (1, 2, 5):
                close(cp.diff(hc, n=n, axis=axis), numpy.diff(hn, n=n, axis=axis))
        if dtype != numpy.bool_:
            p = hn[:, :2]
            close(cp.diff(hc, prepend=cp.asarray(p), append=1), numpy.diff(hn, prepend=p, append=1))
            close(cp.diff(hc, axis=0, prepend=cp.asarray(hn[:1])), numpy.diff(hn, axis=0, prepend=hn[:1]))
            close(cp.diff(hc, n=2, axis=0, append=cp.asarray(numpy.zeros((2, hn.shape[1]), dtype))),
                  numpy.diff(hn, n=2, axis=0, append=numpy.zeros((2, hn.shape[1]), dtype)))


def test_diff_errors_and_zero_size():
    d = cp.asarray(numpy.arange(6.0).reshape(2, 3))
    close(cp.diff(cp.zeros((0, 3)), axis=0), numpy.diff(numpy.zeros((0, 3)), axis=0))
    close(cp.diff(cp.zeros((2, 0)), prepend=cp.ones((2, 1))), numpy.diff(numpy.zeros((2, 0)), prepend=numpy.ones((2, 1))))
    with pytest.raises(ValueError, match="order must be non-negative"):
        cp.diff(d, n=-1)
    with pytest.raises(ValueError, match="at least one dimensional"):
        cp.diff(cp.asarray(1.0))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.diff(d, axis=2)
    with pytest.raises(ValueError):
        cp.diff(d, prepend=cp.ones((3, 1)))  # wrong shape for concatenate
    assert cp.diff(d, n=0) is d


@pytest.mark.parametrize("dtype", DTYPES)
def test_ediff1d(dtype):
    h = data((3, 4), dtype)
    for _, hn, hc in layouts(h):
        close(cp.ediff1d(hc), numpy.ediff1d(hn))
        if numpy.dtype(dtype).kind == 'u':  # int64 -> unsigned is not same_kind: TypeError in both
            testing.assert_raises_like_numpy(lambda: numpy.ediff1d(hn, to_begin=-1), lambda: cp.ediff1d(hc, to_begin=-1), match_message=False)
        else:
            close(cp.ediff1d(hc, to_begin=-1), numpy.ediff1d(hn, to_begin=-1))
        e, b = numpy.array([7, 8], dtype), numpy.array([[1], [2]], numpy.int8 if dtype != numpy.uint16 else dtype)
        close(cp.ediff1d(hc, to_end=cp.asarray(e), to_begin=cp.asarray(b)), numpy.ediff1d(hn, to_end=e, to_begin=b))
    one = numpy.ones(1, dtype)
    close(cp.ediff1d(cp.zeros(0, dtype), to_end=cp.asarray(one)), numpy.ediff1d(numpy.zeros(0, dtype), to_end=one))
    close(cp.ediff1d(cp.asarray(numpy.ones(1, dtype))), numpy.ediff1d(numpy.ones(1, dtype)))


def test_ediff1d_errors():
    hi = numpy.arange(5, dtype=numpy.int32)
    with pytest.raises(TypeError, match="to_begin"):
        cp.ediff1d(cp.asarray(hi), to_begin=cp.asarray([0.5]))
    with pytest.raises(TypeError, match="to_end"):
        cp.ediff1d(cp.asarray(hi), to_end=0.5)
    testing.assert_raises_like_numpy(lambda: numpy.ediff1d(numpy.ones(3, bool)), lambda: cp.ediff1d(cp.ones(3, bool)), match_message=False)


@pytest.mark.parametrize("dtype", DTYPES)
def test_trapezoid(dtype):
    y = data((4, 7), dtype)
    x = numpy.sort(data(7, numpy.float64, seed=2))
    x2 = numpy.sort(data((4, 7), numpy.float64, seed=3), axis=1)
    for _, yn, yc in layouts(y):
        for axis in (0, 1, -1):
            close(cp.trapezoid(yc, axis=axis), numpy.trapezoid(yn, axis=axis), tol(dtype))
            close(cp.trapezoid(yc, dx=0.5, axis=axis), numpy.trapezoid(yn, dx=0.5, axis=axis), tol(dtype))
    close(cp.trapezoid(cp.asarray(y), x=cp.asarray(x)), numpy.trapezoid(y, x=x), tol(dtype))
    close(cp.trapezoid(cp.asarray(y), x=cp.asarray(x2)), numpy.trapezoid(y, x=x2), tol(dtype))
    close(cp.trapezoid(cp.asarray(y.T), x=cp.asarray(x2.T), axis=0), numpy.trapezoid(y.T, x=x2.T, axis=0), tol(dtype))
    close(cp.trapezoid(cp.asarray(y), dx=cp.asarray(numpy.float32(2))), numpy.trapezoid(y, dx=numpy.float32(2)),
          tol(dtype))


def test_trapezoid_edges():
    close(cp.trapezoid(cp.zeros((3, 0))), numpy.trapezoid(numpy.zeros((3, 0))))
    close(cp.trapezoid(cp.asarray([True, False, True])), numpy.trapezoid(numpy.asarray([True, False, True])))
    close(cp.trapezoid([1, 2, 3], x=[0, 1, 3]), numpy.trapezoid([1, 2, 3], x=[0, 1, 3]))
    testing.assert_raises_like_numpy(lambda: numpy.trapezoid(numpy.ones(3), axis=1), lambda: cp.trapezoid(cp.ones(3), axis=1), match_message=False)
    testing.assert_raises_like_numpy(lambda: numpy.trapezoid(numpy.ones(3), x=numpy.ones(4)), lambda: cp.trapezoid(cp.ones(3), x=cp.ones(4)), match_message=False)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient(dtype, edge_order):
    f = data((5, 6), dtype)
    x = numpy.cumsum(numpy.abs(data(6, numpy.float64, seed=3)) + 0.1)
    for _, fn, fc in layouts(f):
        if min(fn.shape) < edge_order + 1:
            continue
        close(cp.gradient(fc, edge_order=edge_order), numpy.gradient(fn, edge_order=edge_order), tol(dtype))
        close(cp.gradient(fc, 2.0, edge_order=edge_order), numpy.gradient(fn, 2.0, edge_order=edge_order), tol(dtype))
        close(cp.gradient(fc, axis=-1, edge_order=edge_order), numpy.gradient(fn, axis=-1, edge_order=edge_order),
              tol(dtype))
        close(cp.gradient(fc, 3, axis=(1, 0), edge_order=edge_order),
              numpy.gradient(fn, 3, axis=(1, 0), edge_order=edge_order), tol(dtype))
    xs = x[:6]
    close(cp.gradient(cp.asarray(f), 0.5, cp.asarray(xs), edge_order=edge_order),
          numpy.gradient(f, 0.5, xs, edge_order=edge_order), tol(dtype))
    xi = numpy.array([0, 2, 4, 6, 8, 10])  # integer, uniform: the scalar case
    close(cp.gradient(cp.asarray(f), cp.asarray(xi), axis=1, edge_order=edge_order),
          numpy.gradient(f, xi, axis=1, edge_order=edge_order), tol(dtype))
    close(cp.gradient(cp.asarray(f), numpy.float32(0.25), cp.asarray(xs), edge_order=edge_order),
          numpy.gradient(f, numpy.float32(0.25), xs, edge_order=edge_order), tol(dtype))


def test_gradient_more():
    f1 = numpy.arange(6) ** 2
    close(cp.gradient(cp.asarray(f1)), numpy.gradient(f1))
    close(cp.gradient(cp.asarray(f1), 2j), numpy.gradient(f1, 2j))
    f3 = data((3, 4, 5), numpy.float32)
    close(cp.gradient(cp.asarray(f3), axis=[0, 2]), numpy.gradient(f3, axis=[0, 2]), 2e-5)
    close(cp.gradient(cp.asarray(f3)[:, ::-1], 1.5, 2, 0.5), numpy.gradient(f3[:, ::-1], 1.5, 2, 0.5), 2e-5)
    b = cp.broadcast_to(cp.arange(5.0), (3, 5))
    close(cp.gradient(b), numpy.gradient(numpy.broadcast_to(numpy.arange(5.0), (3, 5))))


def test_gradient_errors():
    f = data((5, 6), numpy.float64)
    d = cp.asarray(f)
    with pytest.raises(ValueError, match="too small"):
        cp.gradient(d[:, :1], axis=1)
    with pytest.raises(ValueError, match="too small"):
        cp.gradient(d[:, :2], axis=1, edge_order=2)
    with pytest.raises(ValueError, match="greater than 2"):
        cp.gradient(d, edge_order=3)
    with pytest.raises(TypeError, match="invalid number of arguments"):
        cp.gradient(d, 1.0, 2.0, 3.0)
    with pytest.raises(ValueError, match="scalars or 1d"):
        cp.gradient(d, cp.ones((5, 6)), 1.0)
    with pytest.raises(ValueError, match="match the length"):
        cp.gradient(d, cp.ones(4), 1.0)
    with pytest.raises(ValueError, match="repeated axis"):
        cp.gradient(d, axis=(0, 0))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.gradient(d, axis=2)
    testing.assert_raises_like_numpy(lambda: numpy.gradient(numpy.ones(4, bool)), lambda: cp.gradient(cp.ones(4, bool)), match_message=False)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                                   numpy.complex128])
def test_cov_corrcoef_dtypes(dtype):
    m = data((3, 8), dtype)
    y = data((2, 8), dtype, seed=4)
    r = tol(dtype) * 10
    for _, mn, mc in layouts(m):
        close(cp.cov(mc), numpy.cov(mn), r)
        close(cp.cov(mc, rowvar=False), numpy.cov(mn, rowvar=False), r)
        close(cp.corrcoef(mc), numpy.corrcoef(mn), r)
    close(cp.cov(cp.asarray(m), cp.asarray(y)), numpy.cov(m, y), r)
    close(cp.corrcoef(cp.asarray(m), cp.asarray(y)), numpy.corrcoef(m, y), r)
    close(cp.cov(cp.asarray(m), dtype=numpy.complex128), numpy.cov(m, dtype=numpy.complex128), r)


def test_cov_options():
    m = data((3, 8), numpy.float64)
    fw = numpy.array([1, 2, 1, 3, 1, 1, 2, 1])
    aw = numpy.abs(data(8, numpy.float64, seed=5))
    d = cp.asarray(m)
    for kw in ({}, {"bias": True}, {"ddof": 0}, {"ddof": 3}, {"ddof": 2.0}):
        close(cp.cov(d, **kw), numpy.cov(m, **kw))
        close(cp.cov(d, fweights=cp.asarray(fw), **kw), numpy.cov(m, fweights=fw, **kw))
        close(cp.cov(d, aweights=cp.asarray(aw), **kw), numpy.cov(m, aweights=aw, **kw))
        close(cp.cov(d, fweights=cp.asarray(fw), aweights=cp.asarray(aw), **kw),
              numpy.cov(m, fweights=fw, aweights=aw, **kw))
    # float fweights with integral values are accepted, as in NumPy
    close(cp.cov(d, fweights=cp.asarray(fw.astype(numpy.float32))), numpy.cov(m, fweights=fw.astype(numpy.float32)))
    close(cp.cov(d[0]), numpy.cov(m[0]))
    close(cp.corrcoef(d[0]), numpy.corrcoef(m[0]))
    close(cp.cov(d[0], d[1]), numpy.cov(m[0], m[1]))
    close(cp.cov(d.T, d[:2].T, rowvar=False), numpy.cov(m.T, m[:2].T, rowvar=False))
    close(cp.cov(d, dtype=numpy.float32), numpy.cov(m, dtype=numpy.float32), 1e-5)
    close(cp.cov(cp.zeros((0, 3))), numpy.cov(numpy.zeros((0, 3))))
    close(cp.cov([[1, 2, 3], [3, 1, 2]]), numpy.cov([[1, 2, 3], [3, 1, 2]]))


def test_corrcoef_clipped():
    # perfectly correlated rows: |c| must not exceed 1 after rounding
    base = data(50, numpy.float64, seed=7)
    m = numpy.stack([base, 3 * base + 1, -2 * base])
    got = cp.corrcoef(cp.asarray(m)).get()
    assert numpy.all(numpy.abs(got) <= 1)
    close(cp.corrcoef(cp.asarray(m)), numpy.corrcoef(m))
    mc = m + 1j * numpy.stack([base, base, base])
    got = cp.corrcoef(cp.asarray(mc)).get()
    assert numpy.all(numpy.abs(got.real) <= 1) and numpy.all(numpy.abs(got.imag) <= 1)
    close(cp.corrcoef(cp.asarray(mc)), numpy.corrcoef(mc))


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


from hypothesis import given, settings, strategies as st  # noqa: E402
from cupric import testing


@st.composite
def shape_and_axes(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=4)))
    axes = draw(st.lists(st.integers(-len(shape), len(shape) - 1), unique_by=lambda a: a % len(shape),
                         min_size=1, max_size=len(shape)))
    return shape, tuple(axes)


@settings(max_examples=40, deadline=None)
@given(shape_and_axes(), st.booleans(), st.booleans())
def test_average_hypothesis_axes_weights(sa, keepdims, full_weights):
    shape, axes = sa
    h = data(shape, numpy.float64)
    wshape = shape if full_weights else tuple(shape[a] for a in axes)
    w = numpy.abs(data(wshape, numpy.float64, seed=1)) + 0.1
    close(cp.average(cp.asarray(h), axis=axes, weights=cp.asarray(w), returned=True, keepdims=keepdims),
          numpy.average(h, axis=axes, weights=w, returned=True, keepdims=keepdims))


@settings(max_examples=40, deadline=None)
@given(shape_and_axes(), st.integers(1, 3), st.integers(1, 2))
def test_gradient_diff_hypothesis(sa, n, edge_order):
    shape, axes = sa
    h = data(shape, numpy.float32)
    ax = axes[0]
    close(cp.diff(cp.asarray(h), n=n, axis=ax, prepend=0.5), numpy.diff(h, n=n, axis=ax, prepend=0.5), 2e-5)
    if all(shape[a] > edge_order for a in axes):
        close(cp.gradient(cp.asarray(h), axis=axes, edge_order=edge_order),
              numpy.gradient(h, axis=axes, edge_order=edge_order), 2e-5)
    else:
        testing.assert_raises_like_numpy(lambda: numpy.gradient(h, axis=axes, edge_order=edge_order),
                                         lambda: cp.gradient(cp.asarray(h), axis=axes, edge_order=edge_order), match_message=False)
