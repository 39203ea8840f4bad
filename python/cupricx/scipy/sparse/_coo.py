"""COO matrices and arrays (SciPy's coo_matrix/coo_array): the classes hold ``data``, ``row`` and
``col``; checks, canonical forms and conversions are C++ (cupric/sparse.hpp)."""
import numpy

import cupric
from cupricx.scipy.sparse._base import _check_shape, _sp, _spbase, sparray, spmatrix
from cupricx.scipy.sparse._one_d import _OneD
from cupricx.scipy.sparse._compressed import _is_shape, _scipy_sparse


class _coo_base(_spbase):
    format = 'coo'

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if shape is not None:
            shape = _check_shape(shape)
        canonical = None
        if isinstance(arg1, _spbase) or _scipy_sparse(arg1):
            src = arg1.tocoo()
            data, row, col = cupric.asarray(src.data), cupric.asarray(src.row), cupric.asarray(src.col)
            shape = shape or tuple(src.shape)
            copy = copy or not isinstance(arg1, _spbase)
            canonical = getattr(src, '_canonical', None) if isinstance(arg1, _spbase) else None
        elif _is_shape(arg1):
            dt = numpy.dtype(dtype or numpy.float64)
            _sp.check_data_dtype(dt)
            idx = _sp.index_dtype(max(arg1))
            data, row, col = cupric.empty(0, dt), cupric.empty(0, idx), cupric.empty(0, idx)
            shape, canonical, dtype = (int(arg1[0]), int(arg1[1])), True, None
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            try:
                data, (row, col) = arg1
            except (TypeError, ValueError):
                raise TypeError('invalid input format') from None
            data, row, col = cupric.asarray(data), cupric.asarray(row), cupric.asarray(col)
            if dtype is not None:
                data = data.astype(dtype)
                dtype = None
            if shape is None:
                if row.size == 0:
                    raise ValueError('cannot infer dimensions from zero sized index arrays')
                shape = (int(row.max()) + 1, int(col.max()) + 1)
        else:
            dense = cupric.asarray(arg1)
            if dtype is not None:
                dense = dense.astype(dtype)
                dtype = None
            data, row, col, rows, cols = _sp.coo_from_dense(dense)
            shape, canonical, copy = (rows, cols), True, False
        self._set(*_sp.make_coo(data, row, col, *shape, copy), shape, canonical)
        if dtype is not None and numpy.dtype(dtype) != self.dtype:
            _sp.check_data_dtype(numpy.dtype(dtype))
            self.data = self.data.astype(dtype)

    def _set(self, data, row, col, shape, canonical=None):
        self.data, self.row, self.col = data, row, col
        self._shape = tuple(shape)
        self._canonical = canonical

    def _assign(self, other):
        other = other.tocoo()
        self._set(other.data, other.row, other.col, other.shape, other._canonical)

    def _new(self, data, row, col, shape, canonical=None, cls=None):
        cls = cls or type(self)
        m = cls.__new__(cls)
        m._set(data, row, col, shape, canonical)
        return m

    def _parts(self):
        return self.data, self.row, self.col

    @property
    def coords(self):
        return (self.col,) if self._1d else (self.row, self.col)

    @property
    def has_canonical_format(self):
        if self._canonical is None:
            self._canonical = False
        return self._canonical

    @has_canonical_format.setter
    def has_canonical_format(self, value):
        self._canonical = bool(value)

    def sum_duplicates(self):
        """Sorts the entries by (row, column) and adds up duplicates, in place."""
        if self._canonical:
            return
        d, r, c = _sp.sum_duplicates(self.data, self.row, self.col, *self._shape, 'coo')
        self._set(d, r, c, self._shape, True)

    def sum_duplicates_copy(self):
        res = self.copy()
        res.sum_duplicates()
        return res

    def eliminate_zeros(self):
        """Removes the stored zeros, in place."""
        d, r, c = _sp.eliminate_zeros(self.data, self.row, self.col, *self._shape, 'coo')
        self._set(d, r, c, self._shape, self._canonical)

    def copy(self):
        return self._new(self.data.copy(), self.row.copy(), self.col.copy(), self._shape, self._canonical)

    def _with_data(self, data, copy=True):
        r, c = (self.row.copy(), self.col.copy()) if copy else (self.row, self.col)
        return self._new(data, r, c, self._shape, self._canonical)

    def toarray(self, order=None, out=None):
        res = _sp.to_dense(self.data, self.row, self.col, *self._shape, 'coo', order or 'C')
        if out is not None:
            out[...] = res
            return out
        return res

    def tocoo(self, copy=False):
        return self.copy() if copy else self

    def _compressed(self, fmt):
        d, i, p = _sp.coo_to_compressed(self.data, self.row, self.col, *self._shape, fmt == 'csc')
        cls = self._classes()[fmt]
        m = cls.__new__(cls)
        m._set(d, i, p, self._shape, True)
        return m

    def tocsr(self, copy=False):
        return self._compressed('csr')

    def tocsc(self, copy=False):
        return self._compressed('csc')

    def todia(self, copy=False):
        return self._classes()['dia'](self)

    def transpose(self, axes=None, copy=False):
        if axes is not None and tuple(axes) != (1, 0):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             'dimensions is the only logical permutation.')
        d, r, c = (self.data.copy(), self.row.copy(), self.col.copy()) if copy else (self.data, self.row, self.col)
        return self._new(d, c, r, self._shape[::-1], None)

    def get(self, stream=None):
        """The same matrix as a SciPy sparse matrix (or array) on the host."""
        import scipy.sparse

        cls = scipy.sparse.coo_array if self._is_array else scipy.sparse.coo_matrix
        return cls((self.data.get(), (self.row.get(), self.col.get())), shape=self._shape)

    def _dot_dense(self, x):
        return self.tocsr()._dot_dense(x)


class coo_matrix(_coo_base, spmatrix):
    """A sparse matrix in COOrdinate format (SciPy's coo_matrix): ``coo_matrix(D)`` from a dense
    array, ``coo_matrix(S)`` from a sparse matrix, ``coo_matrix((M, N))`` empty,
    ``coo_matrix((data, (row, col)), shape=...)``. Duplicates add up."""


class coo_array(_OneD, _coo_base, sparray):
    """A sparse array in COOrdinate format (SciPy's coo_array): as coo_matrix, ``*`` elementwise.
    One-dimensional too (shape ``(n,)``, ``coords`` of one index array: ``coo_array(v)`` from a 1-D
    dense array, ``coo_array((data, (idx,)), shape=(n,))``, ``coo_array((n,))``; Note [1-D sparse
    arrays as a row] in _one_d.py)."""

    _is_array = True

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if not self._init_1d(arg1, shape, dtype, copy):
            super().__init__(arg1, shape=shape, dtype=dtype, copy=copy)


def isspmatrix_coo(x):
    return isinstance(x, coo_matrix)
