"""Sorting, searching and set routines: NumPy 2's signatures and argument checks over the C++
routines of cupric/ops/sorting.hpp (cupric._core._sort, ...)."""
import collections
import operator

import numpy

from cupric import _core

ndarray = _core.ndarray


def _check_order(order):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def _axis(axis):
    return None if axis is None else operator.index(axis)


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Sorted copy of ``a`` along ``axis`` (None: flattened). NaNs last, as NumPy; stable."""
    _check_order(order)
    return _core._sort(a, _axis(axis), kind, stable)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Indices that sort ``a`` along ``axis`` (a stable sort)."""
    _check_order(order)
    return _core._argsort(a, _axis(axis), kind, stable)


def lexsort(keys, axis=-1):
    """Indices sorting by the last key, then the one before, ... (keys: a sequence or 2-d array)."""
    if isinstance(keys, ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    return _core._lexsort(list(keys), operator.index(axis))


def _kth_array(kth):
    """kth as NumPy converts it (at most one dimension), before the axis is checked."""
    if isinstance(kth, ndarray):
        kth = kth.get()
    if isinstance(kth, numpy.ndarray):
        if kth.ndim > 1:
            raise ValueError("object too deep for desired array")
        return kth
    try:
        ks = numpy.asarray(kth)
    except ValueError:  # ragged nesting
        ks = None
    if ks is None or ks.ndim > 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                         "maximum number of dimension of 1.")
    return ks


def _kth_values(ks):
    """NumPy's partition_prep_kth_array: no booleans, integers only, cast (wrapping) to intp."""
    if ks.dtype == numpy.bool_:
        raise ValueError("Booleans unacceptable as partition index")
    if ks.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    return [int(k) for k in ks.astype(numpy.intp).ravel()]


def _ndim(a):
    n = getattr(a, "ndim", None)
    return n if isinstance(n, int) else numpy.ndim(a)


def _check_select_kind(kind):
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got '{kind}')")


def _partition(a, kth, axis, kind, order, arg):
    # NumPy's order of checks: kind, order, the axis' type, kth's depth, the axis' bounds, kth's
    # type; then each kth's bounds (C++), which an empty array skips. partition reads the axis
    # with its own message for floats; argpartition (like a 0-d array's) sees a 0-d array as 1-d.
    _check_select_kind(kind)
    _check_order(order)
    if axis is not None:
        if not arg and isinstance(axis, float):
            raise TypeError("integer argument expected, got float")
        axis = operator.index(axis)
    ks = _kth_array(kth)
    if axis is not None:
        ndim = max(_ndim(a), 1) if arg else _ndim(a)
        if not -ndim <= axis < ndim:
            raise numpy.exceptions.AxisError(axis, ndim)
    return _core._partition(a, _kth_values(ks), axis, arg)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of ``a`` with the kth elements in sorted position (here: fully sorted)."""
    return _partition(a, kth, axis, kind, order, False)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition ``a`` around kth (here: that sort it)."""
    return _partition(a, kth, axis, kind, order, True)


def sort_complex(a):
    """``a`` sorted (real part first, then imaginary part), as a complex array."""
    return _core._sort_complex(a)


def searchsorted(a, v, side="left", sorter=None):
    """Indices where ``v`` would be inserted into the sorted 1-d ``a`` to keep it sorted."""
    return _core._searchsorted(a, v, side, sorter)


def digitize(x, bins, right=False):
    """The index of the bin each value of ``x`` falls in (``bins`` monotonic)."""
    return _core._digitize(x, bins, bool(right))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True,
           sorted=True):  # noqa: A002
    """The sorted unique elements of ``ar`` (one host sync for their number)."""
    vals, idx, inv, cnt = _core._unique(ar, bool(return_index), bool(return_inverse), bool(return_counts),
                                        _axis(axis), bool(equal_nan))
    extra = [r for r, want in ((idx, return_index), (inv, return_inverse), (cnt, return_counts)) if want]
    return vals if not extra else (vals, *extra)


UniqueAllResult = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = collections.namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def unique_values(x):
    """Array API: the unique elements of ``x`` (NaNs distinct)."""
    return _core._unique(x, False, False, False, None, False)[0]


def unique_counts(x):
    """Array API: (values, counts)."""
    v, _, _, c = _core._unique(x, False, False, True, None, False)
    return UniqueCountsResult(v, c)


def unique_inverse(x):
    """Array API: (values, inverse_indices in x's shape)."""
    v, _, i, _ = _core._unique(x, False, True, False, None, False)
    return UniqueInverseResult(v, i)


def unique_all(x):
    """Array API: (values, indices, inverse_indices, counts)."""
    v, idx, i, c = _core._unique(x, True, True, True, None, False)
    return UniqueAllResult(v, idx, i, c)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Boolean array of ``element``'s shape: which elements are in ``test_elements``."""
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    if kind == "table":
        kinds = [numpy.dtype(getattr(x, "dtype", None) or numpy.asarray(x).dtype).kind
                 for x in (element, test_elements)]
        if any(k not in "biu" for k in kinds):
            raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                             "Please select 'sort' or None for kind.")
    return _core._isin(element, test_elements, bool(assume_unique), bool(invert))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """Sorted unique values in both arrays (and their first indices with return_indices)."""
    return _core._intersect1d(ar1, ar2, bool(assume_unique), bool(return_indices))


def union1d(ar1, ar2):
    """Sorted unique values in either array."""
    return _core._union1d(ar1, ar2)


def setdiff1d(ar1, ar2, assume_unique=False):
    """Unique values of ``ar1`` not in ``ar2``."""
    return _core._setdiff1d(ar1, ar2, bool(assume_unique))


def setxor1d(ar1, ar2, assume_unique=False):
    """Sorted unique values in exactly one of the arrays."""
    return _core._setxor1d(ar1, ar2, bool(assume_unique))


# ---- ndarray methods -----------------------------------------------------------------------

def _method_sort(self, axis=-1, kind=None, order=None, *, stable=None):
    """Sorts the array in place along ``axis``."""
    _check_order(order)
    _core._sort_inplace(self, operator.index(axis), kind, stable)


def _method_argsort(self, axis=-1, kind=None, order=None, *, stable=None):
    """Indices that sort the array along ``axis``."""
    return argsort(self, axis, kind, order, stable=stable)


def _method_partition(self, kth, axis=-1, kind="introselect", order=None):
    """Partitions the array in place (here: sorts it along ``axis``; axis=None is a TypeError)."""
    if axis is None:
        raise TypeError("'NoneType' object cannot be interpreted as an integer")
    self[...] = _partition(self, kth, axis, kind, order, False)


def _method_argpartition(self, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition the array (here: that sort it)."""
    return argpartition(self, kth, axis, kind, order)


def _method_searchsorted(self, v, side="left", sorter=None):
    """Indices where ``v`` would be inserted to keep the array sorted."""
    return searchsorted(self, v, side, sorter)


ndarray.sort = _method_sort
ndarray.argsort = _method_argsort
ndarray.partition = _method_partition
ndarray.argpartition = _method_argpartition
ndarray.searchsorted = _method_searchsorted
