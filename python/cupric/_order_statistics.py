"""median, nanmedian, quantile, percentile, nanquantile, nanpercentile with every method of
NumPy 2, composed of device ops the way numpy/lib/_function_base_impl.py and _nanfunctions_impl.py
compose theirs (a C++ kernel buys nothing here: the work is one sort along the axis plus a gather
and a lerp). Index and weight arithmetic is done on the host on the small arrays of quantiles (and,
for the nan-variants, of per-slice counts: one host sync to read those counts back).
"""
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_tuple

import cupric as cp

# Hyndman & Fan's continuous methods: (alpha, beta) of virtual index n*q + alpha + q*(1-alpha-beta) - 1.
_CONTINUOUS = {
    "interpolated_inverted_cdf": (0.0, 1.0),
    "hazen": (0.5, 0.5),
    "weibull": (0.0, 0.0),
    "linear": (1.0, 1.0),
    "median_unbiased": (1.0 / 3.0, 1.0 / 3.0),
    "normal_unbiased": (3.0 / 8.0, 3.0 / 8.0),
}
_DISCRETE = ("inverted_cdf", "closest_observation", "lower", "higher", "nearest")
_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen",
            "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest")


def _lanes(a, axis):
    """`a` as lanes (rest..., n): the reduced axes merged last. Returns (lanes, n, rest, keepdims shape)."""
    nd = a.ndim
    axes = tuple(range(nd)) if axis is None else normalize_axis_tuple(axis, nd)
    keep = [d for d in range(nd) if d not in axes]
    rest = tuple(a.shape[d] for d in keep)
    n = 1
    for d in axes:
        n *= a.shape[d]
    moved = cp.transpose(a, keep + list(axes)) if nd else a
    lanes = cp.reshape(moved, rest + (n,))
    kd = tuple(1 if d in axes else a.shape[d] for d in range(nd))
    return lanes, n, rest, kd


def _valid_counts(lanes, n, rest):
    """Non-NaN elements per lane (host int64 array of shape rest): one host sync."""
    if lanes.dtype.kind not in "fc" or n == 0:
        return numpy.full(rest, n, dtype=numpy.int64)
    nans = cp.count_nonzero(cp.isnan(lanes), axis=-1)
    return n - numpy.asarray(nans.get(), dtype=numpy.int64).reshape(rest)


def _finish(result, out, keepdims, qshape, kd):
    if keepdims:
        result = cp.reshape(result, qshape + kd)
    if out is not None:
        cp.copyto(out, result, casting="unsafe")
        return out
    return result


def _lerp(a, b, t):
    """NumPy's _lerp: a + (b - a) * t, computed from b's side for t >= 0.5 (monotone, exact ends)."""
    diff = cp.subtract(b, a)
    r = cp.add(a, diff * t)
    cp.subtract(b, diff * (1 - t), out=r, where=t >= 0.5, casting="unsafe", dtype=r.dtype)
    return r


def _indices(method, q, counts):
    """Host (previous, next, gamma or None) for quantiles q (q's float dtype) and lane sizes counts."""
    nq = counts.astype(q.dtype)
    if method in _CONTINUOUS or method in ("averaged_inverted_cdf", "midpoint"):
        if method == "linear" or method == "midpoint":
            v = (nq - 1) * q
        elif method == "averaged_inverted_cdf":
            v = nq * q - 1
        else:
            alpha, beta = _CONTINUOUS[method]
            v = nq * q + (alpha + q * (1 - alpha - beta)) - 1
        prev = numpy.floor(v)
        nxt = prev + 1
        above = v >= nq - 1
        below = v < 0
        prev = numpy.where(above, nq - 1, numpy.where(below, 0, prev))
        nxt = numpy.where(above, nq - 1, numpy.where(below, 0, nxt))
        gamma = numpy.asarray(v - numpy.floor(v), dtype=q.dtype)
        if method == "averaged_inverted_cdf":
            gamma = numpy.where(gamma == 0, 0.5, 1.0).astype(q.dtype)
        elif method == "midpoint":
            gamma = numpy.where(gamma == 0, 0.0, 0.5).astype(q.dtype)
        return prev.astype(numpy.int64), nxt.astype(numpy.int64), gamma
    if method == "inverted_cdf":
        v = nq * q - 1
        g = v - numpy.floor(v)
        idx = numpy.where(g > 0, numpy.floor(v) + 1, v)
    elif method == "closest_observation":
        v = nq * q - 1 - 0.5
        j = numpy.floor(v)
        g = v - j
        idx = numpy.where((g == 0) & (j % 2 == 1), j, j + 1)  # H&F's 1-based j = this j + 1 is even
    else:
        v = (nq - 1) * q
        idx = {"lower": numpy.floor, "higher": numpy.ceil, "nearest": numpy.around}[method](v)
    idx = numpy.clip(idx, 0, numpy.maximum(nq - 1, 0)).astype(numpy.int64)
    return idx, None, None


def _quantile(a, q, axis, out, method, keepdims, nan, interpolation=None, weights=None):
    if interpolation is not None:
        raise TypeError("quantile() got an unexpected keyword argument 'interpolation'")
    if weights is not None:
        raise TypeError("cupric: weights= of quantile/percentile is not supported")
    if method not in _METHODS:
        raise ValueError(f"'{method}' is not a valid method. Use one of: {_METHODS}")
    a = cp.asarray(a)
    if a.dtype.kind == "c":
        raise TypeError("a must be an array of real numbers")
    qh = q.get() if isinstance(q, cp.ndarray) else q  # a device q costs one host sync
    if isinstance(qh, (int, float)) and a.dtype.kind == "f":
        qh = numpy.asarray(qh, dtype=a.dtype)
    else:
        qh = numpy.asarray(qh)
    if qh.dtype.kind not in "fiub":
        raise TypeError("q must be real numbers")
    if not (numpy.all(qh >= 0) and numpy.all(qh <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]")
    qf = qh if qh.dtype.kind == "f" else qh.astype(numpy.float64)
    lanes, n, rest, kd = _lanes(a, axis)
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    srt = cp.sort(lanes, axis=-1)
    counts = _valid_counts(lanes, n, rest) if nan else numpy.full(rest, n, dtype=numpy.int64)
    qshape = qf.shape
    qb = qf.reshape(qf.shape + (1,) * len(rest))
    prev, nxt, gamma = _indices(method, qb, counts)
    qs = int(numpy.prod(qshape, dtype=numpy.int64))

    def gather(idx):  # (qshape + rest) host indices -> device values of that shape
        idx = numpy.broadcast_to(idx, qshape + rest).reshape((qs,) + rest)
        g = cp.take_along_axis(srt, cp.asarray(numpy.moveaxis(idx, 0, -1).copy()), axis=-1)
        return cp.reshape(cp.moveaxis(g, -1, 0), qshape + rest)

    if gamma is None:
        result = gather(prev)
    else:
        g = cp.asarray(numpy.broadcast_to(gamma, qshape + rest).copy())
        result = _lerp(gather(prev), gather(nxt), g)
    if a.dtype.kind == "f":
        if nan:
            empty = counts == 0
            if empty.any():
                warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=3)
        else:
            last = srt[..., -1]
            result = cp.where(cp.isnan(last), last.astype(result.dtype), result)
    return _finish(result, out, keepdims, qshape, kd)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
             interpolation=None):
    """q-th quantile(s) of the data along the axis (NumPy 2's methods)."""
    return _quantile(a, q, axis, out, method, keepdims, False, interpolation, weights)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
                interpolation=None):
    """quantile ignoring NaNs (one host sync: the per-slice counts)."""
    a = cp.asarray(a)
    return _quantile(a, q, axis, out, method, keepdims, a.dtype.kind == "f", interpolation, weights)


def _percent(q):
    qh = q.get() if isinstance(q, cp.ndarray) else q
    qa = numpy.asanyarray(qh)
    if qa.dtype.kind in "iub" or not isinstance(qh, (int, float)):
        qh = numpy.true_divide(qa, 100)
    else:
        qh = qh / 100
    if not (numpy.all(numpy.asarray(qh) >= 0) and numpy.all(numpy.asarray(qh) <= 1)):
        raise ValueError("Percentiles must be in the range [0, 100]")
    return qh


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *, weights=None,
               interpolation=None):
    """q-th percentile(s) of the data along the axis."""
    return quantile(a, _percent(q), axis, out, overwrite_input, method, keepdims, weights=weights,
                    interpolation=interpolation)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False, *,
                  weights=None, interpolation=None):
    """percentile ignoring NaNs."""
    return nanquantile(a, _percent(q), axis, out, overwrite_input, method, keepdims, weights=weights,
                       interpolation=interpolation)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median along the axis: the mean of the middle one or two sorted elements (NaN if any NaN)."""
    a = cp.asarray(a)
    lanes, n, rest, kd = _lanes(a, axis)
    srt = cp.sort(lanes, axis=-1)
    mid = srt[..., max((n - 1) // 2, 0):n // 2 + 1]
    result = cp.mean(mid, axis=-1)
    if a.dtype.kind in "fc" and n > 0:
        last = srt[..., -1]
        result = cp.where(cp.isnan(last), last.astype(result.dtype), result)
    return _finish(result, out, keepdims, (), kd)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """Median ignoring NaNs (one host sync: the per-slice counts)."""
    a = cp.asarray(a)
    if a.dtype.kind not in "fc":
        return median(a, axis, out, overwrite_input, keepdims)
    lanes, n, rest, kd = _lanes(a, axis)
    if n == 0:
        return median(a, axis, out, overwrite_input, keepdims)
    srt = cp.sort(lanes, axis=-1)
    counts = _valid_counts(lanes, n, rest)
    if (counts == 0).any():
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=2)
    lo = numpy.maximum((counts - 1) // 2, 0)
    hi = numpy.maximum(counts // 2, 0)
    idx = numpy.stack([lo, numpy.minimum(hi, n - 1)], axis=-1)
    result = cp.mean(cp.take_along_axis(srt, cp.asarray(idx), axis=-1), axis=-1)
    return _finish(result, out, keepdims, (), kd)
