"""CSR and CSC matrices and arrays (SciPy's csr_matrix/csc_matrix/csr_array/csc_array): the
classes hold ``data``, ``indices`` and ``indptr``; construction checks, conversions, canonical
forms and products are C++ (cupric/sparse.hpp)."""
import sys

import numpy

import cupric
from cupricx.scipy.sparse._base import _spbase, _sp, sparray, spmatrix
from cupricx.scipy.sparse._one_d import _OneD


def _is_shape(arg):
    return (isinstance(arg, tuple) and len(arg) == 2
            and all(isinstance(v, (int, numpy.integer)) for v in arg))


def _scipy_sparse(arg):
    """Whether arg is a SciPy sparse matrix or array. SciPy is not imported for the question: an
    object can only be one if scipy.sparse is loaded already (importing it costs 0.1-0.5 s, which a
    first product from a dense cupric array must not pay: the cold_spmv benchmark)."""
    sps = sys.modules.get('scipy.sparse')
    return sps is not None and sps.issparse(arg)


class _compressed(_spbase):
    _is_csc = False

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if shape is not None:
            from cupricx.scipy.sparse._base import _check_shape

            shape = _check_shape(shape)
        if isinstance(arg1, _spbase) or _scipy_sparse(arg1):
            src = arg1.asformat(self.format)
            data, indices, indptr = (cupric.asarray(src.data), cupric.asarray(src.indices),
                                     cupric.asarray(src.indptr))
            shape = shape or tuple(src.shape)
            copy = copy or not isinstance(arg1, _spbase)
            canonical = getattr(src, '_canonical', None) if isinstance(arg1, _spbase) else None
        elif _is_shape(arg1):
            rows, cols = arg1
            data, indices, indptr = _sp.empty_csr(*((cols, rows) if self._is_csc else (rows, cols)),
                                                  numpy.dtype(dtype or numpy.float64))
            shape, canonical, dtype = (int(rows), int(cols)), True, None
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            coo = self._classes()['coo'](arg1, shape=shape, dtype=dtype, copy=copy)
            self._assign(coo.asformat(self.format))
            return
        elif isinstance(arg1, tuple) and len(arg1) == 3:
            data, indices, indptr = (cupric.asarray(a) for a in arg1)
            canonical = None
            if dtype is not None:
                data = data.astype(dtype)
                dtype = None
            if shape is None:
                major = int(indptr.size) - 1
                minor = int(indices.max()) + 1 if indices.size else 0
                shape = (minor, major) if self._is_csc else (major, minor)
        else:
            dense = cupric.asarray(arg1)
            if self._is_array and self._is_csc and dense.ndim == 1:
                raise ValueError("CSC arrays don't support 1D input. Use 2D")
            if dtype is not None:
                dense = dense.astype(dtype)
                dtype = None
            d, r, c, rows, cols = _sp.coo_from_dense(dense)
            data, indices, indptr = _sp.coo_to_compressed(d, r, c, rows, cols, self._is_csc)
            shape, canonical, copy = (rows, cols), True, False
        self._set(*_sp.make_compressed(data, indices, indptr, *shape, copy, self._is_csc), shape, canonical)
        if dtype is not None and numpy.dtype(dtype) != self.dtype:
            _sp.check_data_dtype(numpy.dtype(dtype))
            self.data = self.data.astype(dtype)

    def _set(self, data, indices, indptr, shape, canonical=None):
        self.data, self.indices, self.indptr = data, indices, indptr
        self._shape = tuple(shape)
        self._canonical = canonical
        self._sorted = canonical or None

    def _assign(self, other):
        self._set(other.data, other.indices, other.indptr, other._shape, other._canonical)

    def _parts(self):
        return self.data, self.indices, self.indptr

    def _new(self, cls, data, indices, indptr, shape, canonical=None):
        m = cls.__new__(cls)
        m._set(data, indices, indptr, shape, canonical)
        return m

    def _major_minor(self):
        r, c = self._shape
        return (c, r) if self._is_csc else (r, c)

    # --- canonical flags (SciPy's cached properties) ---
    @property
    def has_canonical_format(self):
        if self._canonical is None:
            self._canonical = bool(_sp.has_canonical_format(self.data, self.indices, self.indptr,
                                                            *self._major_minor()))
            if self._canonical:
                self._sorted = True
        return self._canonical

    @has_canonical_format.setter
    def has_canonical_format(self, value):
        self._canonical = bool(value)
        if value:
            self._sorted = True

    @property
    def has_sorted_indices(self):
        if self._sorted is None:
            self._sorted = bool(_sp.has_sorted_indices(self.data, self.indices, self.indptr, *self._major_minor()))
        return self._sorted

    @has_sorted_indices.setter
    def has_sorted_indices(self, value):
        self._sorted = bool(value)
        if not value:
            self._canonical = False

    def sum_duplicates(self):
        """Sorts the indices and adds up duplicate entries, in place."""
        if self.has_canonical_format:
            return
        d, i, p = _sp.sum_duplicates(self.data, self.indices, self.indptr, *self._shape, self.format)
        self._set(d, i, p, self._shape, True)

    def sort_indices(self):
        """Sorts the indices of each row (CSR) or column (CSC), in place."""
        if self.has_sorted_indices:
            return
        d, i, p = _sp.sort_indices(self.data, self.indices, self.indptr, *self._shape, self._is_csc)
        self._set(d, i, p, self._shape, None)
        self._sorted = True

    def sorted_indices(self):
        res = self.copy()
        res.sort_indices()
        return res

    def eliminate_zeros(self):
        """Removes the stored zeros, in place."""
        canonical, sorted_ = self._canonical, self._sorted
        d, i, p = _sp.eliminate_zeros(self.data, self.indices, self.indptr, *self._shape, self.format)
        self._set(d, i, p, self._shape, canonical)
        self._sorted = sorted_

    def prune(self):
        """Drops the space past nnz (the arrays here never have any)."""

    # --- conversions ---
    def copy(self):
        return self._new(type(self), self.data.copy(), self.indices.copy(), self.indptr.copy(), self._shape,
                         self._canonical)

    def _with_data(self, data, copy=True):
        i, p = (self.indices.copy(), self.indptr.copy()) if copy else (self.indices, self.indptr)
        return self._new(type(self), data, i, p, self._shape, self._canonical)

    def toarray(self, order=None, out=None):
        res = _sp.to_dense(self.data, self.indices, self.indptr, *self._shape, self.format, order or 'C')
        if out is not None:
            out[...] = res
            return out
        return res

    def tocoo(self, copy=False):
        d, r, c = _sp.compressed_to_coo(self.data, self.indices, self.indptr, *self._shape, self._is_csc)
        coo = self._classes()['coo']
        m = coo.__new__(coo)
        m._set(d.copy() if copy else d, r, c, self._shape, self._canonical)
        return m

    def _swapped(self):
        d, i, p = _sp.swap_compressed(self.data, self.indices, self.indptr, *self._shape, self._is_csc)
        other = self._classes()['csr' if self._is_csc else 'csc']
        return self._new(other, d, i, p, self._shape, None)

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             'dimensions is the only logical permutation.')
        other = self._classes()['csr' if self._is_csc else 'csc']
        d, i, p = (self.data.copy(), self.indices.copy(), self.indptr.copy()) if copy else (
            self.data, self.indices, self.indptr)
        return self._new(other, d, i, p, self._shape[::-1], self._canonical)

    def get(self, stream=None):
        """The same matrix as a SciPy sparse matrix (or array) on the host."""
        import scipy.sparse

        name = self.format + ('_array' if self._is_array else '_matrix')
        return getattr(scipy.sparse, name)((self.data.get(), self.indices.get(), self.indptr.get()),
                                           shape=self._shape)

    # --- indexing (python/cupricx/scipy/sparse/_index.py) ---
    def __getitem__(self, key):
        from cupricx.scipy.sparse._index import getitem

        return getitem(self, key)

    def __setitem__(self, key, x):
        from cupricx.scipy.sparse._index import setitem

        setitem(self, key, x)

    def getrow(self, i):
        return self[i, :]

    def getcol(self, j):
        return self[:, j]

    # --- products and elementwise operations ---
    def _dot_dense(self, x):
        return _sp.dot(self.data, self.indices, self.indptr, *self._shape, self._is_csc, x)

    def _binop(self, other, name):
        a = self.tocsr()
        b = other.tocsr()
        d, i, p = _sp.binop(a.data, a.indices, a.indptr, *a.shape, b.data, b.indices, b.indptr, *b.shape, name)
        csr = self._classes()['csr']
        return self._new(csr, d, i, p, self._shape, True)


class _csr_base(_compressed):
    format = 'csr'

    def tocsr(self, copy=False):
        return self.copy() if copy else self

    def tocsc(self, copy=False):
        return self._swapped()


class _csc_base(_compressed):
    format = 'csc'
    _is_csc = True

    def tocsr(self, copy=False):
        return self._swapped()

    def tocsc(self, copy=False):
        return self.copy() if copy else self


class csr_matrix(_csr_base, spmatrix):
    """Compressed Sparse Row matrix (SciPy's csr_matrix): ``csr_matrix(D)`` from a dense array,
    ``csr_matrix(S)`` from another sparse matrix (a SciPy one is copied to the device),
    ``csr_matrix((M, N), dtype=...)`` empty, ``csr_matrix((data, (row, col)), shape=...)``,
    ``csr_matrix((data, indices, indptr), shape=...)``. ``*`` is the matrix product."""


class csc_matrix(_csc_base, spmatrix):
    """Compressed Sparse Column matrix (SciPy's csc_matrix); the constructors of csr_matrix."""


class csr_array(_OneD, _csr_base, sparray):
    """Compressed Sparse Row array (SciPy's csr_array): as csr_matrix, with ``*`` elementwise.
    One-dimensional too (shape ``(n,)``: ``csr_array(v)`` from a 1-D dense array,
    ``csr_array((data, (idx,)))``, ``csr_array((n,))``; Note [1-D sparse arrays as a row] in
    _one_d.py)."""

    _is_array = True

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if not self._init_1d(arg1, shape, dtype, copy):
            super().__init__(arg1, shape=shape, dtype=dtype, copy=copy)


class csc_array(_csc_base, sparray):
    """Compressed Sparse Column array (SciPy's csc_array): as csc_matrix, with ``*`` elementwise."""

    _is_array = True


def isspmatrix_csr(x):
    return isinstance(x, csr_matrix)


def isspmatrix_csc(x):
    return isinstance(x, csc_matrix)
