"""histogram, histogram_bin_edges, histogram2d, histogramdd: NumPy 2's rules (bin edges computed
on the host exactly as NumPy computes them, from the data's range: one host sync), counting on the
device: a sort of the data and a binary search of the edges (unweighted), or per-bin masked sums
over chunks (weighted). Composed of device ops as numpy/lib/_histograms_impl.py composes its own.
"""
import operator
import warnings

import numpy

import cupric as cp


def _host_scalar(x):
    return x.get()[()] if isinstance(x, cp.ndarray) else x


def _outer_edges(a, rng):
    if rng is not None:
        first, last = rng
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif a.size == 0:
        first, last = 0, 1
    else:
        first, last = _host_scalar(cp.min(a)), _host_scalar(cp.max(a))  # host syncs: the data's range
        if not (numpy.isfinite(first) and numpy.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return first, last


def _ptp(x):
    return float(_host_scalar(cp.max(x))) - float(_host_scalar(cp.min(x)))


def _width(name, x, rng):
    """NumPy's bin-width estimators (0: one bin)."""
    n = x.size
    if name == "sqrt":
        return _ptp(x) / numpy.sqrt(n)
    if name == "sturges":
        return _ptp(x) / (numpy.log2(n) + 1.0)
    if name == "rice":
        return _ptp(x) / (2.0 * n ** (1.0 / 3))
    if name == "scott":
        return (24.0 * numpy.pi ** 0.5 / n) ** (1.0 / 3.0) * float(_host_scalar(cp.std(x)))
    if name == "fd":
        q75, q25 = cp.percentile(x, [75, 25]).get()
        return 2.0 * float(q75 - q25) * n ** (-1.0 / 3.0)
    if name == "doane":
        if n > 2:
            sg1 = numpy.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
            sigma = float(_host_scalar(cp.std(x)))
            if sigma > 0.0:
                g1 = float(_host_scalar(cp.mean(((x - cp.mean(x)) / sigma) ** 3)))
                return _ptp(x) / (1.0 + numpy.log2(n) + numpy.log2(1.0 + numpy.absolute(g1) / sg1))
        return 0.0
    if name == "stone":
        ptp_x = _ptp(x)
        if n <= 1 or ptp_x == 0:
            return 0
        upper = max(100, int(numpy.sqrt(n)))

        def jhat(nbins):
            p = histogram(x, bins=nbins, range=rng)[0].get() / n
            return (2 - (n + 1) * p.dot(p)) / (ptp_x / nbins)

        nbins = min(range(1, upper + 1), key=jhat)
        if nbins == upper:
            warnings.warn("The number of bins estimated may be suboptimal.", RuntimeWarning, stacklevel=4)
        return ptp_x / nbins
    if name == "auto":
        fd, st = _width("fd", x, rng), _width("sturges", x, rng)
        return min(fd, st) if fd else st
    raise ValueError(f"{name!r} is not a valid estimator for `bins`")


def _bin_edges(a, bins, rng, weights):
    """(device edges, number of equal bins or None)."""
    if isinstance(bins, str):
        name = bins
        if weights is not None:
            raise TypeError("Automated estimation of the number of bins is not supported for weighted data")
        first, last = _outer_edges(a, rng)
        x = a
        if rng is not None:
            x = a[(a >= first) & (a <= last)]  # host sync: the selection's size
        if x.size == 0:
            n_bins = 1
        else:
            width = _width(name, x, rng)
            n_bins = int(numpy.ceil((float(last) - float(first)) / width)) if width else 1
    elif numpy.ndim(bins) == 0 and not isinstance(bins, cp.ndarray):
        try:
            n_bins = operator.index(bins)
        except TypeError as e:
            raise TypeError("`bins` must be an integer, a string, or an array") from e
        if n_bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(a, rng)
    else:
        edges = cp.asarray(bins)
        if edges.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        if edges.size > 1 and bool(cp.any(edges[:-1] > edges[1:])):  # host sync
            raise ValueError("`bins` must increase monotonically, when an array")
        return edges, None
    bin_type = numpy.result_type(first, last, a.dtype)
    if numpy.issubdtype(bin_type, numpy.integer):
        bin_type = numpy.result_type(bin_type, float)
    edges = numpy.linspace(first, last, n_bins + 1, endpoint=True, dtype=bin_type)
    return cp.asarray(edges), n_bins


def _weighted_bincount(idx, w, nbins):
    """sum of w per bin index (idx in [0, nbins), -1: dropped), in chunks of bounded memory."""
    out = cp.zeros((nbins,), dtype=w.dtype)
    ids = cp.arange(nbins)
    chunk = max(1, (1 << 24) // max(nbins, 1))
    for s in range(0, idx.size, chunk):
        sel = idx[s:s + chunk][:, None] == ids[None, :]
        out = out + cp.sum(cp.where(sel, w[s:s + chunk][:, None], cp.zeros((), dtype=w.dtype)), axis=0)
    return out


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """The bin edges numpy.histogram would use."""
    a = cp.asarray(a).ravel()
    return _bin_edges(a, bins, range, weights)[0]


def histogram(a, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Counts (or weight sums) of the data in each bin, and the bin edges."""
    a = cp.asarray(a)
    if weights is not None:
        weights = cp.asarray(weights)
        if weights.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        weights = weights.ravel()
    a = a.ravel()
    edges, _ = _bin_edges(a, bins, range, weights)
    nb = edges.size - 1
    if weights is None:
        # Counts between consecutive edges (the last bin closed): NumPy's _search_sorted_inclusive.
        s = cp.sort(a)
        lo = cp.searchsorted(s, edges[:-1], "left")
        hi = cp.searchsorted(s, edges[-1:], "right")
        cum = cp.concatenate([lo, hi])
        n = cum[1:] - cum[:-1]
    else:
        idx = cp.searchsorted(edges, a, "right") - 1
        idx = cp.where(a == edges[-1], nb - 1, idx)
        idx = cp.where((a >= edges[0]) & (a <= edges[-1]), idx, -1)
        n = _weighted_bincount(idx, weights, nb).astype(weights.dtype)
    if density:
        db = (edges[1:] - edges[:-1]).astype(numpy.float64)
        return n / db / cp.sum(n), edges
    return n, edges


def histogramdd(sample, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Multidimensional histogram of (N, D) samples (or a sequence of D arrays)."""
    if isinstance(sample, cp.ndarray) and sample.ndim == 2:
        cols = [sample[:, i] for i in builtins_range(sample.shape[1])]
    elif isinstance(sample, cp.ndarray) and sample.ndim == 1:
        cols = [sample]
    else:
        cols = [cp.asarray(s) for s in sample]
    D = len(cols)
    try:
        M = len(bins)
        if M != D:
            raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    except TypeError:
        bins = D * [bins]
    if range is None:
        range = (None,) * D
    elif len(range) != D:
        raise ValueError("range argument must have one entry per dimension")
    edges, nbin = [], []
    for i in builtins_range(D):
        x = cols[i].ravel()
        if numpy.ndim(bins[i]) == 0 and not isinstance(bins[i], cp.ndarray):
            if bins[i] < 1:
                raise ValueError(f"`bins[{i}]` must be positive, when an integer")
            smin, smax = _outer_edges(x, range[i])
            try:
                n = operator.index(bins[i])
            except TypeError as e:
                raise TypeError(f"`bins[{i}]` must be an integer, when a scalar") from e
            e = cp.asarray(numpy.linspace(smin, smax, n + 1))
        else:
            e = cp.asarray(bins[i])
            if e.ndim != 1:
                raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
            if e.size > 1 and bool(cp.any(e[:-1] > e[1:])):
                raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
        edges.append(e)
        nbin.append(e.size + 1)  # with an outlier bin at each end
    n = cols[0].size
    flat = cp.zeros((n,), dtype=numpy.int64)
    for i in builtins_range(D):
        x = cols[i].ravel()
        k = cp.searchsorted(edges[i], x, "right")
        k = cp.where(x == edges[i][-1], k - 1, k)
        flat = flat * nbin[i] + k
    total = int(numpy.prod(nbin))
    if weights is None:
        s = cp.sort(flat)
        cum = cp.searchsorted(s, cp.arange(total + 1), "left")
        hist = (cum[1:] - cum[:-1]).astype(numpy.float64)
    else:
        hist = _weighted_bincount(flat, cp.asarray(weights).ravel(), total).astype(numpy.float64)
    hist = cp.reshape(hist, tuple(nbin))
    hist = hist[(slice(1, -1),) * D]
    if density:
        s = cp.sum(hist)
        for i in builtins_range(D):
            shape = [1] * D
            shape[i] = nbin[i] - 2
            hist = hist / cp.reshape(edges[i][1:] - edges[i][:-1], tuple(shape))
        hist = hist / s
    return hist, edges


builtins_range = range


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):  # noqa: A002
    """Bi-dimensional histogram of x and y."""
    try:
        N = len(bins)
    except TypeError:
        N = 1
    if N != 1 and N != 2:
        xedges = yedges = cp.asarray(bins)
        bins = [xedges, yedges]
    hist, edges = histogramdd([x, y], bins, range, density, weights)
    return hist, edges[0], edges[1]
