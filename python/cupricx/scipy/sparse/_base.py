"""The base of cupricx.scipy.sparse's formats (SciPy's _spbase): shape, dtype, conversions and the
operators every format shares. The classes hold cupric arrays; the work is in C++
(cupric/sparse.hpp, through cupric._core._sparse)."""
import numpy

import cupric
from cupric import _core

_sp = _core._sparse

# The elementwise functions SciPy (and CuPy) apply to the stored values only (f(0) == 0).
_DATA_UFUNCS = (
    'arcsin', 'arcsinh', 'arctan', 'arctanh', 'ceil', 'deg2rad', 'expm1', 'floor', 'log1p',
    'rad2deg', 'rint', 'sign', 'sin', 'sinh', 'sqrt', 'tan', 'tanh', 'trunc',
)


_FORMAT_NAMES = {'csr': 'Compressed Sparse Row', 'csc': 'Compressed Sparse Column', 'coo': 'COOrdinate',
                 'dia': 'DIAgonal'}


class SparseWarning(Warning):
    pass


class SparseEfficiencyWarning(SparseWarning):
    pass


def _is_scalar(x):
    return numpy.isscalar(x) or (isinstance(x, cupric.ndarray) and x.ndim == 0)


def _check_shape(shape):
    try:
        shape = tuple(int(operator_index(s)) for s in shape)
    except TypeError:
        raise TypeError('invalid shape') from None
    if len(shape) != 2:
        raise ValueError('Only two-dimensional sparse arrays are supported.')
    if shape[0] < 0 or shape[1] < 0:
        raise ValueError("'shape' elements cannot be negative")
    return shape


def operator_index(x):
    import operator

    return operator.index(x)


class _spbase:
    """The operations shared by every format (SciPy's ``_spbase``)."""

    __array_priority__ = 10.1
    _is_array = False
    _1d = False  # Note [1-D sparse arrays as a row] in _one_d.py
    ndim = 2

    # --- shape and dtype ---
    @property
    def shape(self):
        return self._shape

    def get_shape(self):
        return self._shape

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def nnz(self):
        return int(self.data.size)

    @property
    def size(self):
        return self.nnz

    def count_nonzero(self):
        return int(cupric.count_nonzero(self.tocoo().sum_duplicates_copy().data))

    def __len__(self):
        raise TypeError('sparse array length is ambiguous; use getnnz() or shape[0]')

    def __bool__(self):
        if self.shape == (1, 1):
            return self.nnz != 0
        raise ValueError('The truth value of an array with more than one element is ambiguous. Use a.any() or a.all().')

    def __repr__(self):
        kind = 'sparse array' if self._is_array else 'sparse matrix'
        name = _FORMAT_NAMES.get(self.format, self.format)
        return (f"<{name} {kind} of dtype '{self.dtype}'\n"
                f'\twith {self.nnz} stored elements and shape {self.shape}>')

    # --- family (matrix or array) ---
    def _classes(self):
        from cupricx.scipy.sparse import _classes

        return _classes(self._is_array)

    def asformat(self, format, copy=False):
        if format is None or format == self.format:
            return self.copy() if copy else self
        try:
            convert = getattr(self, 'to' + format)
        except AttributeError:
            raise ValueError(f'Format {format} is unknown.') from None
        return convert(copy=copy)

    def todense(self, order=None, out=None):
        return self.toarray(order=order, out=out)

    def tocsr(self, copy=False):
        return self.tocoo(copy=copy).tocsr(copy=False)

    def tocsc(self, copy=False):
        return self.tocoo(copy=copy).tocsc(copy=False)

    def todia(self, copy=False):
        return self.tocoo(copy=copy).todia(copy=False)

    def get(self, stream=None):
        """The same matrix as a SciPy sparse matrix (or array) on the host."""
        return self.tocsr().get(stream)

    # --- operators ---
    def __neg__(self):
        if self.dtype == numpy.bool_:
            raise NotImplementedError('negating a boolean sparse array is not supported')
        return self._with_data(-self.data)

    def __pos__(self):
        return self.copy()

    def __abs__(self):
        return self._with_data(abs(self.data))

    def __round__(self, ndigits=0):
        return self._with_data(cupric.around(self.data, decimals=ndigits))

    def conj(self, copy=True):
        if self.dtype.kind == 'c':
            return self._with_data(self.data.conj(), copy=False)
        return self.copy() if copy else self

    conjugate = conj

    @property
    def real(self):
        return self._with_data(self.data.real.copy())

    @property
    def imag(self):
        return self._with_data(self.data.imag.copy())

    @property
    def T(self):
        return self.transpose()

    @property
    def H(self):
        return self.getH()

    def getH(self):
        return self.transpose().conj()

    def astype(self, dtype, casting='unsafe', copy=True):
        dtype = numpy.dtype(dtype)
        if dtype == self.dtype:
            return self.copy() if copy else self
        _sp.check_data_dtype(dtype)
        return self._with_data(self.data.astype(dtype, casting=casting), copy=False)

    def power(self, n, dtype=None):
        if not _is_scalar(n):
            raise NotImplementedError('input is not scalar')
        data = self.data if dtype is None else self.data.astype(dtype)
        return self._with_data(data**n)

    def __pow__(self, n):
        """Elementwise power for sparse arrays; the matrix power (repeated SpGEMM) for matrices."""
        if self._is_array:
            return self.power(n)
        if self.shape[0] != self.shape[1]:
            raise TypeError('sparse matrix is not square')
        if not isinstance(n, (int, numpy.integer)) or isinstance(n, bool):
            raise ValueError('exponent must be an integer')
        if n < 0:
            raise ValueError('exponent must be >= 0')
        from cupricx.scipy.sparse._construct import eye

        result, base = eye(self.shape[0], dtype=self.dtype, format='csr'), self.tocsr()
        while n:
            if n & 1:
                result = result @ base
            n >>= 1
            if n:
                base = base @ base
        return result

    def _scale(self, s):
        data = self.data * s
        if data.dtype != self.dtype:
            data = data.astype(_sp.storage_dtype(data.dtype))
        return self._with_data(data)

    def __mul__(self, other):
        if _is_scalar(other):
            return self._scale(other)
        if self._is_array or (isinstance(other, _spbase) and other._is_array):
            return self.multiply(other)
        return self._matmul(other)

    def __rmul__(self, other):
        if _is_scalar(other):
            return self._scale(other)
        if self._is_array:
            return self.multiply(other)
        return self._rmatmul(other)

    def __truediv__(self, other):
        if _is_scalar(other):
            data = self.data / other
            return self._with_data(data.astype(_sp.storage_dtype(data.dtype)))
        if isinstance(other, _spbase):
            return cupric.true_divide(self.toarray(), other.toarray())
        return cupric.true_divide(self.toarray(), other)

    def __matmul__(self, other):
        if _is_scalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self._matmul(other)

    def __rmatmul__(self, other):
        if _is_scalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self._rmatmul(other)

    def dot(self, other):
        if _is_scalar(other):
            return self._scale(other)
        return self._matmul(other)

    def _matmul(self, other):
        if isinstance(other, _spbase):
            if other.ndim == 1:  # A @ v of a 1-D coo_array v: the column A @ v[:, None], as 1-D
                if self.shape[1] != other.shape[0]:
                    raise ValueError(f'matmul: dimension mismatch with signature (n,k={self.shape[1]}),'
                                     f'(k={other.shape[0]},m)->(n,m)')
                res = self._matmul(other.reshape((other.shape[0], 1))).T
                return other._as_1d(res, 'coo')
            if self.shape[1] != other.shape[0]:
                raise ValueError('dimension mismatch')
            a, b = self.tocsr(), other.tocsr()
            d, i, p = _sp.spgemm(a.data, a.indices, a.indptr, *a.shape, b.data, b.indices, b.indptr, *b.shape)
            csr = self._classes()['csr']
            res = csr.__new__(csr)  # C++ made the arrays and the canonical form (sparse::spgemm)
            res._set(d, i, p, (self.shape[0], other.shape[1]), True)
            return res
        x = cupric.asarray(other)
        if x.ndim == 0:
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        if x.ndim > 2:
            raise ValueError('matmul: the dense operand must be 1-D or 2-D')
        return self._dot_dense(x)

    def _rmatmul(self, other):
        # x @ A == (A^T @ x^T)^T
        x = cupric.asarray(other)
        if x.ndim == 0:
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        if x.ndim == 1:
            return self.transpose()._dot_dense(x)
        return self.transpose()._dot_dense(x.T).T

    def __add__(self, other):
        return self._add(other, False)

    def __radd__(self, other):
        return self._add(other, False)

    def __sub__(self, other):
        return self._add(other, True)

    def __rsub__(self, other):
        return (-self)._add(other, False)

    def _add(self, other, negate):
        if _is_scalar(other):
            if other == 0:
                return self.copy()
            raise NotImplementedError('adding a nonzero scalar to a sparse array is not supported')
        if isinstance(other, _spbase):
            if other.shape != self.shape:
                raise ValueError('inconsistent shapes')
            return self.tocsr()._binop(other, 'subtract' if negate else 'add')
        x = cupric.asarray(other)
        if x.shape != self.shape and x.ndim == 2:
            raise ValueError('inconsistent shapes')
        return (cupric.subtract if negate else cupric.add)(self.toarray(), x)

    def multiply(self, other):
        """Elementwise product with a scalar, a dense array or another sparse matrix."""
        if _is_scalar(other):
            return self._scale(other)
        if isinstance(other, _spbase):
            if other.shape != self.shape:
                raise ValueError('inconsistent shapes')
            return self.tocsr()._binop(other, 'multiply')
        x = cupric.asarray(other)
        out = cupric.broadcast_shapes(self.shape, x.shape)
        if out != self.shape:
            return cupric.multiply(self.toarray(), x)
        coo = self.tocoo()
        full = cupric.broadcast_to(x, self.shape)
        data = coo.data * full[coo.row, coo.col]
        return self._classes()['coo']((data.astype(_sp.storage_dtype(data.dtype)), (coo.row, coo.col)),
                                      shape=self.shape).asformat(self.format)

    def maximum(self, other):
        return self._elementwise_other(other, 'maximum')

    def minimum(self, other):
        return self._elementwise_other(other, 'minimum')

    def _elementwise_other(self, other, name):
        if isinstance(other, _spbase):
            return self.tocsr()._binop(other, name)
        if _is_scalar(other) and getattr(cupric, name)(0, other) == 0:
            return self._with_data(getattr(cupric, name)(self.data, other)).asformat(self.format)
        return getattr(cupric, name)(self.toarray(), other)

    # --- comparisons (sparse results where op(0, other) is False, SciPy's rule) ---
    def _compare(self, other, name):
        fn = getattr(cupric, name)
        if isinstance(other, _spbase):
            if other.shape != self.shape:
                raise ValueError('inconsistent shapes')
            if name in ('not_equal', 'less', 'greater'):
                return self.tocsr()._binop(other, name)
            return self._classes()['csr'](fn(self.toarray(), other.toarray()))
        if _is_scalar(other):
            if not bool(fn(0, other)):
                res = self.tocsr().copy()
                res.sum_duplicates()
                return res._with_data(fn(res.data, other))._pruned()
            return self._classes()['csr'](fn(self.toarray(), other))
        return fn(self.toarray(), other)

    def __eq__(self, other):
        return self._compare(other, 'equal')

    def __ne__(self, other):
        return self._compare(other, 'not_equal')

    def __lt__(self, other):
        return self._compare(other, 'less')

    def __gt__(self, other):
        return self._compare(other, 'greater')

    def __le__(self, other):
        return self._compare(other, 'less_equal')

    def __ge__(self, other):
        return self._compare(other, 'greater_equal')

    __hash__ = None

    # --- reductions ---
    def sum(self, axis=None, dtype=None, out=None):
        a = self.tocsr()
        res = _sp.sum(a.data, a.indices, a.indptr, *a.shape, axis, dtype)
        if axis is not None and not self._is_array:
            res = res.reshape((1, -1) if axis in (0, -2) else (-1, 1))
        if out is not None:
            out[...] = res
            return out
        return res

    def mean(self, axis=None, dtype=None, out=None):
        if dtype is None:
            dtype = numpy.float64 if self.dtype.kind in 'biu' else self.dtype
        n = self.shape[0] * self.shape[1] if axis is None else self.shape[axis % 2]
        res = cupric.true_divide(self.sum(axis=axis, dtype=dtype), n).astype(dtype)
        if out is not None:
            out[...] = res
            return out
        return res

    def _minmax(self, axis, is_max, arg):
        if axis is not None and axis not in (0, 1, -1, -2):
            raise ValueError('axis out of range')
        a = self.tocsr()
        res = _sp.minmax(a.data, a.indices, a.indptr, *a.shape, axis, is_max, arg)
        if axis is None:
            return res
        col = axis in (1, -1)
        if arg:
            return res if self._is_array else res.reshape((-1, 1) if col else (1, -1))
        if self._is_array:  # SciPy's sparse arrays: a 1-D coo_array (Note [1-D sparse arrays as a row])
            return self._classes()['coo'](res)
        shape = (res.size, 1) if col else (1, res.size)
        return self._classes()['coo'](res.reshape(shape))

    def max(self, axis=None, out=None):
        """The largest element (implicit zeros included); along an axis a sparse (1, n) or (m, 1) COO
        matrix (a 1-D COO array for the array classes)."""
        return self._minmax(axis, True, False)

    def min(self, axis=None, out=None):
        """The smallest element (implicit zeros included); along an axis a sparse (1, n) or (m, 1) COO
        matrix (a 1-D COO array for the array classes)."""
        return self._minmax(axis, False, False)

    def argmax(self, axis=None, out=None):
        """The (flat, C-order) position of the first largest element, implicit zeros included."""
        return self._minmax(axis, True, True)

    def argmin(self, axis=None, out=None):
        """The (flat, C-order) position of the first smallest element, implicit zeros included."""
        return self._minmax(axis, False, True)

    def getnnz(self, axis=None):
        """Stored entries (duplicates and explicit zeros included), in all or per row/column."""
        if axis is None:
            return self.nnz
        if axis not in (0, 1, -1, -2):
            raise ValueError('axis out of bounds')
        m = self.tocsc() if axis in (0, -2) else self.tocsr()
        return cupric.diff(m.indptr).astype(m.indptr.dtype)

    def diagonal(self, k=0):
        a = self.tocsr()
        return _sp.diagonal(a.data, a.indices, a.indptr, *a.shape, k)

    def trace(self, offset=0):
        return self.diagonal(k=offset).sum()

    def setdiag(self, values, k=0):
        rows, cols = self.shape
        if (k > 0 and k >= cols) or (k < 0 and -k >= rows):
            raise ValueError('k exceeds array dimensions')
        coo = self.tocoo()
        coo.sum_duplicates()
        n = max(0, min(rows + min(k, 0), cols - max(k, 0)))
        values = cupric.asarray(values, dtype=self.dtype)
        if values.ndim == 0:
            values = cupric.full((n,), values, dtype=self.dtype)
        else:
            n = min(n, values.size)
            values = values[:n]
        i = cupric.arange(n, dtype=coo.row.dtype)
        r, c = (i, i + k) if k >= 0 else (i - k, i)
        keep = cupric.logical_not(cupric.logical_and(coo.col - coo.row == k,
                                                     (coo.row if k >= 0 else coo.col) < n))
        row = cupric.concatenate([coo.row[keep], r.astype(coo.row.dtype)])
        col = cupric.concatenate([coo.col[keep], c.astype(coo.col.dtype)])
        data = cupric.concatenate([coo.data[keep], values])
        new = self._classes()['coo']((data, (row, col)), shape=self.shape).asformat(self.format)
        self._assign(new)

    def _pruned(self):
        res = self.copy()
        res.eliminate_zeros()
        return res

    def __iter__(self):
        for r in range(self.shape[0]):
            yield self.getrow(r)


def _make_data_ufunc(name):
    def f(self):
        fn = getattr(cupric, name)
        data = fn(self.data)
        return self._with_data(data.astype(_sp.storage_dtype(data.dtype)), copy=False)

    f.__name__ = name
    f.__doc__ = f'Elementwise {name} of the stored values (implicit zeros stay zero).'
    return f


for _name in _DATA_UFUNCS:
    setattr(_spbase, _name, _make_data_ufunc(_name))


class spmatrix:
    """Marks the matrix classes (SciPy's spmatrix: ``*`` is the matrix product)."""


class sparray:
    """Marks the array classes (SciPy's sparray: ``*`` is elementwise)."""


def issparse(x):
    """Whether ``x`` is a cupricx sparse matrix or array."""
    return isinstance(x, _spbase)


def isspmatrix(x):
    """Whether ``x`` is a cupricx sparse matrix (not a sparse array)."""
    return isinstance(x, spmatrix)
