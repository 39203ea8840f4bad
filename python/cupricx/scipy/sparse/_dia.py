"""DIA matrices and arrays (SciPy's dia_matrix/dia_array): ``data`` holds one row per diagonal,
``offsets`` the diagonals' offsets; checks and conversions are C++ (cupric/sparse/construct.hpp)."""
import numpy

import cupric
from cupricx.scipy.sparse._base import _check_shape, _sp, _spbase, sparray, spmatrix
from cupricx.scipy.sparse._compressed import _is_shape, _scipy_sparse


class _dia_base(_spbase):
    format = 'dia'

    def __init__(self, arg1, shape=None, dtype=None, copy=False):
        if shape is not None:
            shape = _check_shape(shape)
        if isinstance(arg1, _spbase) or _scipy_sparse(arg1):
            if len(arg1.shape) == 1:
                raise ValueError('Cannot convert. DIA format must be 2D. Got 1D')
            if isinstance(arg1, _spbase):
                data, offsets = _sp.coo_to_dia(_coo_tuple(arg1.tocoo()))
            else:
                h = arg1.todia()
                data, offsets = cupric.asarray(h.data), cupric.asarray(h.offsets)
            shape = shape or tuple(arg1.shape)
        elif _is_shape(arg1):
            shape = (int(arg1[0]), int(arg1[1]))
            data = cupric.zeros((0, 0), dtype=numpy.dtype(dtype or numpy.float64))
            offsets = cupric.zeros(0, dtype=numpy.int32)
        elif isinstance(arg1, tuple) and len(arg1) == 2:
            if shape is None:
                raise ValueError('expected a shape argument')
            data, offsets = cupric.asarray(arg1[0]), cupric.atleast_1d(cupric.asarray(arg1[1]))
            if dtype is not None:
                data = data.astype(dtype)
        else:
            if self._is_array and getattr(arg1, 'ndim', numpy.ndim(arg1)) == 1:
                raise ValueError("DIA arrays don't support 1D input. Use 2D")
            coo = self._classes()['coo'](arg1, dtype=dtype)
            data, offsets = _sp.coo_to_dia(_coo_tuple(coo))
            shape = coo.shape
        self.data, self.offsets = _sp.make_dia(data, offsets, *shape)
        if copy:
            self.data, self.offsets = self.data.copy(), self.offsets.copy()
        self._shape = tuple(shape)
        if dtype is not None and numpy.dtype(dtype) != self.dtype:
            _sp.check_data_dtype(numpy.dtype(dtype))
            self.data = self.data.astype(dtype)

    @property
    def nnz(self):
        """Stored positions inside the shape (stored zeros included), as SciPy counts them."""
        rows, cols = self._shape
        width = min(int(self.data.shape[1]), cols)
        total = 0
        for k in self.offsets.get().tolist():
            total += max(0, min(rows + k, width) - max(0, k))
        return total

    def _new(self, data, offsets):
        m = type(self).__new__(type(self))
        m.data, m.offsets, m._shape = data, offsets, self._shape
        return m

    def _assign(self, other):
        other = other.todia()
        self.data, self.offsets, self._shape = other.data, other.offsets, tuple(other.shape)

    def copy(self):
        return self._new(self.data.copy(), self.offsets.copy())

    def _with_data(self, data, copy=True):
        return self._new(data, self.offsets.copy() if copy else self.offsets)

    def tocoo(self, copy=False):
        d, r, c, rows, cols = _sp.dia_to_coo(self.data, self.offsets, *self._shape)
        coo = self._classes()['coo']
        m = coo.__new__(coo)
        m._set(d, r, c, (rows, cols), True)
        return m

    def todia(self, copy=False):
        return self.copy() if copy else self

    def toarray(self, order=None, out=None):
        return self.tocoo().toarray(order=order, out=out)

    def transpose(self, axes=None, copy=False):
        return self.tocoo().transpose(axes=axes).todia()

    def sum_duplicates(self):
        """DIA stores each position once: nothing to do."""

    def eliminate_zeros(self):
        raise NotImplementedError('eliminate_zeros is not defined for the DIA format; use tocsr() first')

    def _dot_dense(self, x):
        return self.tocsr()._dot_dense(x)

    def get(self, stream=None):
        """The same matrix as a SciPy dia_matrix (or dia_array) on the host."""
        import scipy.sparse

        cls = scipy.sparse.dia_array if self._is_array else scipy.sparse.dia_matrix
        return cls((self.data.get(), self.offsets.get()), shape=self._shape)


def _coo_tuple(coo):
    return (coo.data, coo.row, coo.col, coo.shape[0], coo.shape[1])


class dia_matrix(_dia_base, spmatrix):
    """Sparse matrix with DIAgonal storage (SciPy's dia_matrix): ``dia_matrix((data, offsets),
    shape=(M, N))``, ``dia_matrix(D)``, ``dia_matrix(S)``, ``dia_matrix((M, N))``."""


class dia_array(_dia_base, sparray):
    """Sparse array with DIAgonal storage (SciPy's dia_array): as dia_matrix, ``*`` elementwise."""

    _is_array = True


def isspmatrix_dia(x):
    return isinstance(x, dia_matrix)
