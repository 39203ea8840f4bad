"""average (C++: cupric/ops/averages.hpp) against NumPy 2 across dtypes, axes, weights, returned=,
keepdims and layouts, and NumPy's errors."""
import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric as cp
from cupric import testing
from statistics_cases import DEFAULT_TOL, DTYPES, data, layouts, rnd, shape_and_axes, tol


# Results whose order of operations differs from NumPy's: relative and absolute tolerance.
@pytest.mark.parametrize("dtype", DTYPES + [numpy.bool_])
def test_average_dtypes_layouts(dtype):
    h = data((4, 6), dtype)
    w = numpy.abs(data((4, 6), numpy.float64, seed=1)) + 0.1
    for _, hn, hc in layouts(h):
        wn = w[:hn.shape[0], :hn.shape[1]] if hn.shape[0] <= 4 else w.T[:hn.shape[0], :hn.shape[1]]
        wn = numpy.ascontiguousarray(numpy.resize(w, hn.shape))
        for axis in (None, 0, 1, -1, (0, 1)):
            testing.assert_matches_numpy(cp.average(hc, axis=axis), numpy.average(hn, axis=axis),
                                         **tol(dtype))
            testing.assert_matches_numpy(cp.average(hc, axis=axis, keepdims=True),
                                         numpy.average(hn, axis=axis, keepdims=True), **tol(dtype))
            testing.assert_matches_numpy(cp.average(hc, axis=axis, weights=cp.asarray(wn)),
                                         numpy.average(hn, axis=axis, weights=wn), **tol(dtype))
            testing.assert_matches_numpy(cp.average(hc, axis=axis, weights=cp.asarray(wn), returned=True),
                                         numpy.average(hn, axis=axis, weights=wn, returned=True), **tol(dtype))
        testing.assert_matches_numpy(cp.average(hc, axis=1, returned=True),
                                     numpy.average(hn, axis=1, returned=True), **tol(dtype))


def test_average_axis_weights_shapes():
    h = data((3, 4, 5), numpy.float64)
    w1 = numpy.abs(data(4, numpy.float64, seed=2)) + 0.1
    w2 = numpy.abs(data((5, 3), numpy.float64, seed=3)) + 0.1
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w1)),
                                 numpy.average(h, axis=1, weights=w1), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w1), returned=True),
                                 numpy.average(h, axis=1, weights=w1, returned=True), **DEFAULT_TOL)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=(2, 0), weights=cp.asarray(w2), keepdims=True, returned=True),
                                 numpy.average(h, axis=(2, 0), weights=w2, keepdims=True, returned=True), **DEFAULT_TOL)
    wi = numpy.arange(1, 5, dtype=numpy.int32)
    testing.assert_matches_numpy(cp.average(cp.asarray(h.astype(numpy.int16)), axis=1, weights=cp.asarray(wi)),
                                 numpy.average(h.astype(numpy.int16), axis=1, weights=wi), **DEFAULT_TOL)
    # a list for weights and a list for a
    testing.assert_matches_numpy(cp.average([1, 2, 3], weights=[3, 0, 1]),
                                 numpy.average([1, 2, 3], weights=[3, 0, 1]), **DEFAULT_TOL)


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


@settings(max_examples=40, deadline=None)
@given(shape_and_axes(), st.booleans(), st.booleans())
def test_average_hypothesis_axes_weights(sa, keepdims, full_weights):
    shape, axes = sa
    h = data(shape, numpy.float64)
    wshape = shape if full_weights else tuple(shape[a] for a in axes)
    w = numpy.abs(data(wshape, numpy.float64, seed=1)) + 0.1
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=axes, weights=cp.asarray(w), returned=True, keepdims=keepdims),
                                 numpy.average(h, axis=axes, weights=w, returned=True, keepdims=keepdims), **DEFAULT_TOL)


def test_average_weights_returned_keepdims():
    h = rnd((4, 5))
    w = numpy.abs(rnd((4, 5), seed=1))
    testing.assert_matches_numpy(cp.average(cp.asarray(h)), numpy.average(h), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w)),
                                 numpy.average(h, axis=1, weights=w), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=0, weights=cp.asarray(w[:, 0])),
                                 numpy.average(h, axis=0, weights=w[:, 0]), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=1, weights=cp.asarray(w), returned=True),
                                 numpy.average(h, axis=1, weights=w, returned=True), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(cp.average(cp.asarray(h), axis=1, keepdims=True),
                                 numpy.average(h, axis=1, keepdims=True), rtol=1e-7, atol=1e-12)
    i = numpy.arange(12).reshape(3, 4)
    testing.assert_matches_numpy(cp.average(cp.asarray(i), axis=0, weights=cp.asarray(i + 1)),
                                 numpy.average(i, axis=0, weights=i + 1), rtol=1e-7, atol=1e-12)
    with pytest.raises(ZeroDivisionError):
        cp.average(cp.asarray(h), axis=0, weights=cp.zeros(4))
    with pytest.raises(TypeError):
        cp.average(cp.asarray(h), weights=cp.ones(5))
