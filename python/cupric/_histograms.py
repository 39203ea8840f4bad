"""histogram, histogram_bin_edges, histogram2d, histogramdd over the C++ routines of
cupric/ops/histograms.hpp; this layer sorts NumPy's `bins` argument forms (int, str, array,
per-dimension lists) and the sample forms of histogramdd."""
import operator

import numpy

import cupric as cp
from cupric import _core


def _bins(bins, where="`bins`"):
    if isinstance(bins, str):
        return ("estimator", bins)
    if isinstance(bins, cp.ndarray) or numpy.ndim(bins) > 0:
        return ("edges", bins)
    try:
        return ("count", operator.index(bins))
    except TypeError as e:
        raise TypeError(f"{where} must be an integer, a string, or an array") from e


def _range(rng):
    if rng is None:
        return None
    first, last = rng
    return (float(first), float(last))


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """The bin edges numpy.histogram would use."""
    kind, value = _bins(bins)
    return _core._histogram(a, kind, value, _range(range), False, weights, True)


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Counts (or weight sums) of the data in each bin, and the bin edges."""
    kind, value = _bins(bins)
    return _core._histogram(a, kind, value, _range(range), bool(density), weights, False)


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Multidimensional histogram of (N, D) samples (or a sequence of D arrays)."""
    if isinstance(sample, cp.ndarray) and sample.ndim == 2:
        cols = [sample[:, i] for i in builtins_range(sample.shape[1])]
    elif isinstance(sample, cp.ndarray) and sample.ndim == 1:
        cols = [sample]
    else:
        cols = list(sample)
    D = len(cols)
    try:
        M = len(bins)
        if M != D:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
        per_dim = [_bins(b, f"`bins[{i}]`") for i, b in enumerate(bins)]
    except TypeError:
        per_dim = [_bins(bins)] * D
    for i, (kind, _) in enumerate(per_dim):
        if kind == "estimator":
            raise TypeError(f"`bins[{i}]` must be an integer, when a scalar")
    ranges = [None] * D if range is None else [_range(r) for r in range]
    hist, edges = _core._histogramdd(cols, per_dim, ranges, bool(density), weights)
    return hist, edges


builtins_range = range


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Bi-dimensional histogram of x and y."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        bins = [bins, bins]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
