"""diff (n, prepend/append), ediff1d, trapezoid and gradient (C++: cupric/ops/averages.hpp)
against NumPy 2 across dtypes (ints, bool, float16/32/64, complex), axes, spacings and layouts,
and NumPy's errors."""
import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric as cp
from cupric import testing
from statistics_cases import DEFAULT_TOL, DTYPES, data, layouts, rnd, shape_and_axes, tol


# Results whose order of operations differs from NumPy's: relative and absolute tolerance.
@pytest.mark.parametrize("dtype", DTYPES + [numpy.bool_])
def test_diff_prepend_append(dtype):
    h = data((4, 5), dtype)
    for _, hn, hc in layouts(h):
        for axis in (0, 1, -1):
            for n in (1, 2, 5):
                testing.assert_matches_numpy(cp.diff(hc, n=n, axis=axis), numpy.diff(hn, n=n, axis=axis),
                                             **DEFAULT_TOL)
        if dtype != numpy.bool_:
            p = hn[:, :2]
            testing.assert_matches_numpy(cp.diff(hc, prepend=cp.asarray(p), append=1),
                                         numpy.diff(hn, prepend=p, append=1), **DEFAULT_TOL)
            testing.assert_matches_numpy(cp.diff(hc, axis=0, prepend=cp.asarray(hn[:1])),
                                         numpy.diff(hn, axis=0, prepend=hn[:1]), **DEFAULT_TOL)
            testing.assert_matches_numpy(cp.diff(hc, n=2, axis=0, append=cp.asarray(numpy.zeros((2, hn.shape[1]), dtype))),
                                         numpy.diff(hn, n=2, axis=0, append=numpy.zeros((2, hn.shape[1]), dtype)), **DEFAULT_TOL)


def test_diff_errors_and_zero_size():
    d = cp.asarray(numpy.arange(6.0).reshape(2, 3))
    testing.assert_matches_numpy(cp.diff(cp.zeros((0, 3)), axis=0), numpy.diff(numpy.zeros((0, 3)), axis=0),
                                 **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.diff(cp.zeros((2, 0)), prepend=cp.ones((2, 1))),
                                 numpy.diff(numpy.zeros((2, 0)), prepend=numpy.ones((2, 1))), **DEFAULT_TOL)
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
        testing.assert_matches_numpy(cp.ediff1d(hc), numpy.ediff1d(hn), **DEFAULT_TOL)
        if numpy.dtype(dtype).kind == 'u':  # int64 -> unsigned is not same_kind: TypeError in both
            testing.assert_raises_like_numpy(lambda: numpy.ediff1d(hn, to_begin=-1),
                                             lambda: cp.ediff1d(hc, to_begin=-1), match_message=False)
        else:
            testing.assert_matches_numpy(cp.ediff1d(hc, to_begin=-1), numpy.ediff1d(hn, to_begin=-1),
                                         **DEFAULT_TOL)
        e, b = numpy.array([7, 8], dtype), numpy.array([[1], [2]], numpy.int8 if dtype != numpy.uint16 else dtype)
        testing.assert_matches_numpy(cp.ediff1d(hc, to_end=cp.asarray(e), to_begin=cp.asarray(b)),
                                     numpy.ediff1d(hn, to_end=e, to_begin=b), **DEFAULT_TOL)
    one = numpy.ones(1, dtype)
    testing.assert_matches_numpy(cp.ediff1d(cp.zeros(0, dtype), to_end=cp.asarray(one)),
                                 numpy.ediff1d(numpy.zeros(0, dtype), to_end=one), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.ediff1d(cp.asarray(numpy.ones(1, dtype))),
                                 numpy.ediff1d(numpy.ones(1, dtype)), **DEFAULT_TOL)


def test_ediff1d_errors():
    hi = numpy.arange(5, dtype=numpy.int32)
    with pytest.raises(TypeError, match="to_begin"):
        cp.ediff1d(cp.asarray(hi), to_begin=cp.asarray([0.5]))
    with pytest.raises(TypeError, match="to_end"):
        cp.ediff1d(cp.asarray(hi), to_end=0.5)
    testing.assert_raises_like_numpy(lambda: numpy.ediff1d(numpy.ones(3, bool)),
                                     lambda: cp.ediff1d(cp.ones(3, bool)), match_message=False)


@pytest.mark.parametrize("dtype", DTYPES)
def test_trapezoid(dtype):
    y = data((4, 7), dtype)
    x = numpy.sort(data(7, numpy.float64, seed=2))
    x2 = numpy.sort(data((4, 7), numpy.float64, seed=3), axis=1)
    for _, yn, yc in layouts(y):
        for axis in (0, 1, -1):
            testing.assert_matches_numpy(cp.trapezoid(yc, axis=axis), numpy.trapezoid(yn, axis=axis),
                                         **tol(dtype))
            testing.assert_matches_numpy(cp.trapezoid(yc, dx=0.5, axis=axis),
                                         numpy.trapezoid(yn, dx=0.5, axis=axis), **tol(dtype))
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y), x=cp.asarray(x)), numpy.trapezoid(y, x=x),
                                 **tol(dtype))
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y), x=cp.asarray(x2)), numpy.trapezoid(y, x=x2),
                                 **tol(dtype))
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y.T), x=cp.asarray(x2.T), axis=0),
                                 numpy.trapezoid(y.T, x=x2.T, axis=0), **tol(dtype))
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y), dx=cp.asarray(numpy.float32(2))),
                                 numpy.trapezoid(y, dx=numpy.float32(2)), **tol(dtype))


def test_trapezoid_edges():
    testing.assert_matches_numpy(cp.trapezoid(cp.zeros((3, 0))), numpy.trapezoid(numpy.zeros((3, 0))),
                                 **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray([True, False, True])),
                                 numpy.trapezoid(numpy.asarray([True, False, True])), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.trapezoid([1, 2, 3], x=[0, 1, 3]),
                                 numpy.trapezoid([1, 2, 3], x=[0, 1, 3]), **DEFAULT_TOL)
    testing.assert_raises_like_numpy(lambda: numpy.trapezoid(numpy.ones(3), axis=1),
                                     lambda: cp.trapezoid(cp.ones(3), axis=1), match_message=False)
    testing.assert_raises_like_numpy(lambda: numpy.trapezoid(numpy.ones(3), x=numpy.ones(4)),
                                     lambda: cp.trapezoid(cp.ones(3), x=cp.ones(4)), match_message=False)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient(dtype, edge_order):
    f = data((5, 6), dtype)
    x = numpy.cumsum(numpy.abs(data(6, numpy.float64, seed=3)) + 0.1)
    for _, fn, fc in layouts(f):
        if min(fn.shape) < edge_order + 1:
            continue
        testing.assert_matches_numpy(cp.gradient(fc, edge_order=edge_order),
                                     numpy.gradient(fn, edge_order=edge_order), **tol(dtype))
        testing.assert_matches_numpy(cp.gradient(fc, 2.0, edge_order=edge_order),
                                     numpy.gradient(fn, 2.0, edge_order=edge_order), **tol(dtype))
        testing.assert_matches_numpy(cp.gradient(fc, axis=-1, edge_order=edge_order),
                                     numpy.gradient(fn, axis=-1, edge_order=edge_order), **tol(dtype))
        testing.assert_matches_numpy(cp.gradient(fc, 3, axis=(1, 0), edge_order=edge_order),
                                     numpy.gradient(fn, 3, axis=(1, 0), edge_order=edge_order), **tol(dtype))
    xs = x[:6]
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), 0.5, cp.asarray(xs), edge_order=edge_order),
                                 numpy.gradient(f, 0.5, xs, edge_order=edge_order), **tol(dtype))
    xi = numpy.array([0, 2, 4, 6, 8, 10])  # integer, uniform: the scalar case
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), cp.asarray(xi), axis=1, edge_order=edge_order),
                                 numpy.gradient(f, xi, axis=1, edge_order=edge_order), **tol(dtype))
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), numpy.float32(0.25), cp.asarray(xs), edge_order=edge_order),
                                 numpy.gradient(f, numpy.float32(0.25), xs, edge_order=edge_order), **tol(dtype))


def test_gradient_integer_complex_spacing_axes_and_views():
    f1 = numpy.arange(6) ** 2
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f1)), numpy.gradient(f1), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f1), 2j), numpy.gradient(f1, 2j), **DEFAULT_TOL)
    f3 = data((3, 4, 5), numpy.float32)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f3), axis=[0, 2]), numpy.gradient(f3, axis=[0, 2]),
                                 rtol=2e-5, atol=2e-5)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f3)[:, ::-1], 1.5, 2, 0.5),
                                 numpy.gradient(f3[:, ::-1], 1.5, 2, 0.5), rtol=2e-5, atol=2e-5)
    b = cp.broadcast_to(cp.arange(5.0), (3, 5))
    testing.assert_matches_numpy(cp.gradient(b),
                                 numpy.gradient(numpy.broadcast_to(numpy.arange(5.0), (3, 5))), **DEFAULT_TOL)


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
    testing.assert_raises_like_numpy(lambda: numpy.gradient(numpy.ones(4, bool)),
                                     lambda: cp.gradient(cp.ones(4, bool)), match_message=False)


@settings(max_examples=40, deadline=None)
@given(shape_and_axes(), st.integers(1, 3), st.integers(1, 2))
def test_gradient_diff_hypothesis(sa, n, edge_order):
    shape, axes = sa
    h = data(shape, numpy.float32)
    ax = axes[0]
    testing.assert_matches_numpy(cp.diff(cp.asarray(h), n=n, axis=ax, prepend=0.5),
                                 numpy.diff(h, n=n, axis=ax, prepend=0.5), rtol=2e-5, atol=2e-5)
    if all(shape[a] > edge_order for a in axes):
        testing.assert_matches_numpy(cp.gradient(cp.asarray(h), axis=axes, edge_order=edge_order),
                                     numpy.gradient(h, axis=axes, edge_order=edge_order), rtol=2e-5, atol=2e-5)
    else:
        testing.assert_raises_like_numpy(lambda: numpy.gradient(h, axis=axes, edge_order=edge_order),
                                         lambda: cp.gradient(cp.asarray(h), axis=axes, edge_order=edge_order), match_message=False)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float32, numpy.bool_, numpy.uint8, numpy.complex64])
def test_diff(dtype):
    h = (numpy.arange(24).reshape(4, 6) ** 2 % 7).astype(dtype)
    for n in (0, 1, 2, 3):
        for axis in (0, 1, -1):
            testing.assert_matches_numpy(cp.diff(cp.asarray(h), n=n, axis=axis),
                                         numpy.diff(h, n=n, axis=axis), rtol=1e-7, atol=1e-12)
    if dtype != numpy.bool_:
        testing.assert_matches_numpy(cp.diff(cp.asarray(h), prepend=0, append=cp.asarray(h[:, :2])),
                                     numpy.diff(h, prepend=0, append=h[:, :2]), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.diff(cp.asarray(h), n=7), numpy.diff(h, n=7), rtol=1e-7, atol=1e-12)
    with pytest.raises(ValueError):
        cp.diff(cp.asarray(h), n=-1)
    with pytest.raises(ValueError):
        cp.diff(cp.asarray(numpy.float64(1)))


def test_ediff1d_to_begin_to_end():
    h = numpy.array([[1, 4], [9, 16]], dtype=numpy.int32)
    testing.assert_matches_numpy(cp.ediff1d(cp.asarray(h)), numpy.ediff1d(h), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.ediff1d(cp.asarray(h), to_end=cp.asarray([7, 8]), to_begin=-1),
                                 numpy.ediff1d(h, to_end=[7, 8], to_begin=-1), rtol=1e-7, atol=1e-12)
    with pytest.raises(TypeError):
        cp.ediff1d(cp.asarray(h), to_begin=cp.asarray([0.5]))


def test_trapezoid_x_dx_axis():
    y = rnd((3, 7))
    x = numpy.sort(rnd(7, seed=2))
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y)), numpy.trapezoid(y), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y), dx=0.5, axis=0),
                                 numpy.trapezoid(y, dx=0.5, axis=0), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(y), x=cp.asarray(x)), numpy.trapezoid(y, x=x),
                                 rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.trapezoid(cp.asarray(numpy.arange(5))), numpy.trapezoid(numpy.arange(5)),
                                 rtol=1e-7, atol=1e-12)


@pytest.mark.parametrize("edge_order", [1, 2])
def test_gradient_spacings_axis_edge_order(edge_order):
    f = rnd((5, 6))
    x = numpy.cumsum(numpy.abs(rnd(6, seed=3)) + 0.1)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), edge_order=edge_order),
                                 numpy.gradient(f, edge_order=edge_order), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), 2.0, edge_order=edge_order),
                                 numpy.gradient(f, 2.0, edge_order=edge_order), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), 0.5, cp.asarray(x), edge_order=edge_order),
                                 numpy.gradient(f, 0.5, x, edge_order=edge_order), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(f), axis=-1, edge_order=edge_order),
                                 numpy.gradient(f, axis=-1, edge_order=edge_order), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.gradient(cp.asarray(numpy.arange(6) ** 2), edge_order=edge_order),
                                 numpy.gradient(numpy.arange(6) ** 2, edge_order=edge_order), rtol=1e-7, atol=1e-12)
    with pytest.raises(ValueError):
        cp.gradient(cp.asarray(f[:, :1]), axis=1, edge_order=edge_order)
