"""median, nanmedian, quantile, percentile, nanquantile, nanpercentile with every method of
NumPy 2 over the C++ routines of cupric/ops/order_statistics.hpp (which check q and scale
percentiles). This layer warns "All-NaN slice encountered" where NumPy does.
"""
import warnings

import cupric as cp
from cupric import _core


def _run(a, q, axis, out, method, keepdims, nan, percent, weights, interpolation):
    if interpolation is not None:
        raise TypeError("quantile() got an unexpected keyword argument 'interpolation'")
    if weights is not None:
        weights = cp.asarray(weights)
    r, all_nan = _core._quantile(cp.asarray(a), q, axis, out, method, bool(keepdims), nan, percent, weights)
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
