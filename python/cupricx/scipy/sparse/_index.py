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
    if arr.size == 0 and arr.dtype.kind not in 'biu':  # [] selects nothing (NumPy's float64 empty list)
        arr = arr.astype(numpy.int64)
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


def _set_axis(k, n):
    """The positions one key of an assignment names along an axis of length n (int64, 1-D or a
    scalar array for an integer), and whether the key was a slice."""
    if _is_int(k):
        k = int(k)
        if k < -n or k >= n:
            raise IndexError(f'index ({k}) out of range')
        return cupric.asarray(k % n, dtype=numpy.int64), False
    if isinstance(k, slice):
        return cupric.arange(*k.indices(n), dtype=numpy.int64), True
    if k is None or k is Ellipsis:
        raise IndexError('sparse matrices take integers, slices and integer or boolean arrays as indices')
    arr = cupric.asarray(k)
    if arr.dtype == numpy.bool_:
        return _sp.normalize_index(arr.ravel() if arr.ndim == 1 else arr, n), False
    return arr, False


def _bool_matrix_key(A, key):
    """The (row, col) positions of a 2-D boolean key of A's shape (dense or sparse), or None."""
    if hasattr(key, 'tocoo') and hasattr(key, 'shape') and not isinstance(key, cupric.ndarray):
        key = key.toarray()
    if isinstance(key, (cupric.ndarray, numpy.ndarray)) and key.dtype == numpy.bool_ and key.ndim == 2:
        if tuple(key.shape) != tuple(A.shape):
            raise IndexError(f'boolean index shape {tuple(key.shape)} does not match the matrix shape {A.shape}')
        r, c = cupric.nonzero(cupric.asarray(key))
        return r, c
    return None


def setitem(A, key, x):
    """A[key] = x for a CSR/CSC A (SciPy's and CuPy's __setitem__): the key becomes broadcast row
    and column index arrays here, the assignment is C++ (cupric/sparse.hpp: set_values)."""
    from cupricx.scipy.sparse._base import SparseEfficiencyWarning, issparse

    rows, cols = A.shape
    pair = _bool_matrix_key(A, key)
    if pair is not None:
        i, j = pair
    else:
        rk, ck = _unpack(key)
        i, rslice = _set_axis(rk, rows)
        j, cslice = _set_axis(ck, cols)
        if _is_int(rk) and _is_int(ck) and not issparse(x):
            v = cupric.asarray(x, dtype=A.dtype)
            if v.size != 1:
                raise ValueError('Trying to assign a sequence to an item')
            _assign(A, i.reshape(1), j.reshape(1), v.reshape(1), True, SparseEfficiencyWarning)
            return
        # Slices index the outer product, arrays pair up (NumPy's rules, as SciPy's).
        if rslice:
            i = i[:, None]
        if cslice:
            j = j[None, :]
            if i.ndim == 1:
                i = i[:, None]
        try:
            i, j = cupric.broadcast_arrays(i, j)
        except ValueError:
            raise IndexError('shape mismatch: indexing arrays could not be broadcast together with shapes '
                             f'{tuple(i.shape)} {tuple(j.shape)}') from None
    if issparse(x):
        if i.ndim < 2:  # inner (paired) indexing: a row of positions
            i, j = i.reshape(1, -1), j.reshape(1, -1)
        M, N = i.shape
        xr, xc = x.shape
        if not ((xr == M or xr == 1) and (xc == N or xc == 1)):
            raise ValueError('shape mismatch in assignment')
        coo = x.tocoo()
        coo.sum_duplicates()
        # Positions in the block are first cleared (stored entries only), then x's entries set.
        _assign(A, i.ravel(), j.ravel(), cupric.zeros(1, dtype=A.dtype), False, SparseEfficiencyWarning)
        r, c, d = coo.row.astype(numpy.int64), coo.col.astype(numpy.int64), coo.data
        if xr == 1 and M != 1:
            r = cupric.repeat(cupric.arange(M, dtype=numpy.int64), r.size)
            c, d = cupric.tile(c, M), cupric.tile(d, M)
        if xc == 1 and N != 1:
            r, d = cupric.repeat(r, N), cupric.repeat(d, N)
            c = cupric.tile(cupric.arange(N, dtype=numpy.int64), c.size)
        if r.size:
            _assign(A, i[r, c], j[r, c], d, True, SparseEfficiencyWarning)
        return
    v = cupric.asarray(x, dtype=A.dtype)
    if v.squeeze().shape != i.squeeze().shape:
        v = cupric.broadcast_to(v, i.shape)
    if v.size == 0:
        return
    v = v.reshape(i.shape)
    _assign(A, i.ravel(), j.ravel(), v.ravel(), True, SparseEfficiencyWarning)


def _assign(A, i, j, v, insert, warning):
    import warnings

    if A._is_csc:
        i, j = j, i
    major, minor = A._major_minor()
    d, ind, ptr, inserted = _sp.set_values(A.data, A.indices, A.indptr, major, minor, i, j, v, insert)
    if inserted:
        warnings.warn(f'Changing the sparsity structure of a {type(A).__name__} is expensive. '
                      'lil and dok are more efficient.', warning, stacklevel=4)
    A._set(d, ind, ptr, A.shape, True)  # canonical: set_values made it so
