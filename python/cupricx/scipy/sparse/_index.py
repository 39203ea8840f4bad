"""Indexing of CSR/CSC matrices (SciPy's _index mixin): keys are turned into index arrays here
(integers, slices, lists, boolean masks); selection and element lookup are C++
(cupric/sparse.hpp: take_rows, take_cols, get_values)."""
import numbers

import numpy

import cupric
from cupricx.scipy.sparse._base import _sp


def _is_int(k):
    return isinstance(k, (numbers.Integral, numpy.integer)) and not isinstance(k, (bool, numpy.bool_))


def _unpack(key):
    if isinstance(key, tuple):
        if len(key) == 1:
            return key[0], slice(None)
        if len(key) == 2:
            return key
        raise IndexError('too many indices for sparse matrix (it is 2-D)')
    return key, slice(None)


def _axis_index(k, n):
    """(int64 positions, whether the axis is kept) for one key along an axis of length n."""
    if _is_int(k):
        k = int(k)
        if k < -n or k >= n:
            raise IndexError(f'index ({k}) out of range')
        return cupric.array([k % n], dtype=numpy.int64), False
    if isinstance(k, slice):
        return cupric.arange(*k.indices(n), dtype=numpy.int64), True
    if k is None or k is Ellipsis:
        raise IndexError('sparse matrices take integers, slices and integer or boolean arrays as indices')
    arr = cupric.asarray(k)
    if arr.ndim != 1:
        raise IndexError('sparse indexing takes 1-D index arrays')
    return arr, True


def getitem(A, key):
    rk, ck = _unpack(key)
    rows, cols = A.shape
    both_arrays = not isinstance(rk, slice) and not isinstance(ck, slice) and not _is_int(rk) and not _is_int(ck)
    if _is_int(rk) and _is_int(ck) or both_arrays:
        r, _ = _axis_index(rk, rows)
        c, _ = _axis_index(ck, cols)
        r, c = _sp.normalize_index(r, rows), _sp.normalize_index(c, cols)
        if r.size != c.size:
            if r.size == 1:
                r = cupric.broadcast_to(r, c.shape)
            elif c.size == 1:
                c = cupric.broadcast_to(c, r.shape)
        a = A.tocsr()
        vals = _sp.get_values(a.data, a.indices, a.indptr, rows, cols, cupric.ascontiguousarray(r),
                              cupric.ascontiguousarray(c))
        if _is_int(rk) and _is_int(ck):
            return vals[0]
        return vals if A._is_array else vals.reshape(1, -1)
    r, _ = _axis_index(rk, rows)
    c, _ = _axis_index(ck, cols)
    full_rows = isinstance(rk, slice) and rk == slice(None)
    full_cols = isinstance(ck, slice) and ck == slice(None)
    csr = A._classes()['csr']
    a = A.tocsr()
    if not full_rows:
        d, i, p = _sp.take_major(a.data, a.indices, a.indptr, rows, cols, False, r)
        a = a._new(csr, d, i, p, (int(p.size) - 1, cols), None)
    if not full_cols:
        b = a.tocsc()
        d, i, p = _sp.take_major(b.data, b.indices, b.indptr, b.shape[0], b.shape[1], True, c)
        a = b._new(A._classes()['csc'], d, i, p, (b.shape[0], int(p.size) - 1), None)
    return a.asformat(A.format)
