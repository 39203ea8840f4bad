"""median, nanmedian, quantile, percentile, nanquantile, nanpercentile with every method of
NumPy 2 over the C++ routines of cupric/ops/order_statistics.hpp. This layer only settles q's
dtype as NumPy 2 does (a Python int/float is weak: it takes a float array's dtype) and warns
"All-NaN slice encountered" where NumPy does.
"""
import warnings

import numpy

import cupric as cp
from cupric import _core


def _q_array(a, q, scale):
    """q (divided by `scale`) as a NumPy array of the dtype NumPy 2 computes in."""
    if isinstance(q, cp.ndarray):
        q = q.get()  # one host sync; q is small
    a_dtype = getattr(a, "dtype", None)
    if a_dtype is None:
        a_dtype = numpy.asarray(a).dtype
    if type(q) in (int, float) and numpy.dtype(a_dtype).kind == "f":
        return numpy.asarray(q / scale if scale != 1 else q, dtype=a_dtype)
    qa = numpy.asanyarray(q)
    return numpy.true_divide(qa, scale) if scale != 1 else qa


def _check(q, percent):
    if not (numpy.all(q >= 0) and numpy.all(q <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]" if percent else "Quantiles must be in the range [0, 1]")


def _run(a, q, axis, out, method, keepdims, nan, percent, weights, interpolation):
    if interpolation is not None:
        raise TypeError("quantile() got an unexpected keyword argument 'interpolation'")
    a = cp.asarray(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    if weights is not None:
        # NumPy's weighted branch compares the CDF in q's own dtype (a Python float is float64)
        if isinstance(q, cp.ndarray):
            q = q.get()
        qa = numpy.asanyarray(q)
        if percent:
            qa = numpy.true_divide(qa, a.dtype.type(100) if a.dtype.kind == "f" else 100)
        weights = cp.asarray(weights)
    else:
        qa = _q_array(a, q, 100 if percent else 1)
    if qa.dtype.kind == "c":
        raise TypeError("q must be real numbers")
    _check(qa, percent)
    r, all_nan = _core._quantile(a, qa, axis, out, method, bool(keepdims), nan, weights)
    if all_nan:
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
    return r


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
             interpolation=None):
    """q-th quantile(s) of the data along the axis (NumPy 2's 13 methods)."""
    return _run(a, q, axis, out, method, keepdims, False, False, weights, interpolation)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
                interpolation=None):
    """quantile ignoring NaNs (one host sync: the per-slice counts)."""
    return _run(a, q, axis, out, method, keepdims, True, False, weights, interpolation)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
               interpolation=None):
    """q-th percentile(s) of the data along the axis."""
    return _run(a, q, axis, out, method, keepdims, False, True, weights, interpolation)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None, interpolation=None):
    """percentile ignoring NaNs."""
    return _run(a, q, axis, out, method, keepdims, True, True, weights, interpolation)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the axis: the mean of the middle one or two sorted elements (NaN if any NaN)."""
    return _core._median(cp.asarray(a), axis, out, bool(keepdims), False)[0]


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median ignoring NaNs (one host sync: the per-slice counts)."""
    r, all_nan = _core._median(cp.asarray(a), axis, out, bool(keepdims), True)
    if all_nan:
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=2)
    return r
