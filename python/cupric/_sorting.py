"""Sorting, searching and set routines: NumPy 2's signatures over the C++ routines of
cupric/ops/sorting.hpp (cupric._core._sort, ...; the argument checks are in bindings/sorting.cpp,
the ndarray methods in the method table, bindings/ndarray_methods.cpp)."""
import collections
import operator

from cupric import _core


def _axis(axis):
    return None if axis is None else operator.index(axis)


def sort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """Sorted copy of ``a`` along ``axis`` (None: flattened). NaNs last, as NumPy; stable.
    ``descending=True`` (the array API's): largest first, NaNs first, equal elements in input order."""
    return _core._sort(a, axis, kind, order, stable, bool(descending))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None, descending=False):
    """Indices that sort ``a`` along ``axis`` (a stable sort; ``descending=True``: largest first,
    equal elements in input order, as the array API asks)."""
    return _core._argsort(a, axis, kind, order, stable, bool(descending))


def lexsort(keys, axis=-1):
    """Indices sorting by the last key, then the one before, ... (keys: a sequence or 2-d array)."""
    return _core._lexsort(keys, axis)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of ``a`` with the kth elements in sorted position (here: fully sorted)."""
    return _core._partition(a, kth, axis, kind, order, False)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition ``a`` around kth (here: that sort it)."""
    return _core._partition(a, kth, axis, kind, order, True)


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
    return _core._isin(element, test_elements, bool(assume_unique), bool(invert), kind)


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
