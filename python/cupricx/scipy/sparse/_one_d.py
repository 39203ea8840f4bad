"""The 1-D sparse arrays, coo_array and csr_array of shape ``(n,)`` (SciPy 1.15+, CuPy 14).

Note [1-D sparse arrays as a row]: a 1-D sparse array of length n is held as the (1, n) matrix
that is its only row, with ``_shape == (1, n)`` and the ``_1d`` flag: a 1-D COO's ``row`` is all
zeros and ``col`` its coordinates (SciPy's ``.row``/``.col`` of a 1-D COO answer the same), a
1-D CSR's ``indptr`` is ``[0, nnz]`` (SciPy's 1-D CSR stores exactly that). Every C++ routine of
the 2-D formats (construction checks, sum_duplicates, eliminate_zeros, to_dense, SpMV, SpGEMM,
the elementwise merges, the reductions, the row/column selections) then serves the 1-D array
unchanged; this mixin only maps SciPy's 1-D semantics onto that row: the shape, ``coords``,
``@`` giving a scalar or a vector, axis 0 only, transpose a no-op, which format each result
takes (SciPy's: CSR for sparse-sparse operations and comparisons, COO for products with a dense
array and reshapes) and SciPy's errors. CSC and DIA are 2-D only (SciPy's rule).
"""
import numbers
import operator

import numpy

import cupric
from cupricx.scipy.sparse._base import _is_scalar, _spbase


def _one_index_array(arg1):
    """(data, (idx,)) -> (data, idx); None for any other argument."""
    if isinstance(arg1, tuple) and len(arg1) == 2 and isinstance(arg1[1], tuple) and len(arg1[1]) == 1:
        return arg1[0], arg1[1][0]
    return None


def _check_axis(axis):
    """Checks an axis of a 1-D array (0, -1 or (0,)); every accepted one means the whole array."""
    if isinstance(axis, tuple):
        if len(axis) != 1:
            raise ValueError('axis out of range for ndim')
        axis = axis[0]
    if axis is not None and axis not in (0, -1):
        raise ValueError('axis out of range for ndim')


def _matmul_mismatch(n, k, vector=False):
    """SciPy's (NumPy matmul's) message for contracted lengths n and k that differ."""
    m = '1?' if vector else 'm'
    return ValueError(f'matmul: dimension mismatch with signature (n,k={n}),(k={k},{m})->(n,{m})')


def _is_int(x):
    return isinstance(x, (numbers.Integral, numpy.integer)) and not isinstance(x, (bool, numpy.bool_))


def _dense_ndim(arg):
    if isinstance(arg, (tuple, _spbase)) or _scipy_sparse(arg):
        return None
    nd = getattr(arg, 'ndim', None)
    if nd is not None:
        return nd
    return numpy.ndim(arg) if isinstance(arg, list) else None


def _scipy_sparse(arg):
    from cupricx.scipy.sparse._compressed import _scipy_sparse as is_scipy

    return is_scipy(arg)


def _length_of(shape):
    """The n of a 1-D shape argument (n,), None for another one; checks SciPy's rules."""
    if shape is None:
        return None
    try:
        shape = tuple(int(operator.index(s)) for s in shape)
    except TypeError:
        raise TypeError('invalid shape') from None
    if len(shape) != 1:
        return None
    if shape[0] < 0:
        raise ValueError("'shape' elements cannot be negative")
    return shape[0]


class _OneD:
    """The 1-D behaviour of coo_array and csr_array (Note [1-D sparse arrays as a row]); 2-D
    arrays take the format's own methods."""

    _1d = False

    # --- construction ---
    def _init_1d(self, arg1, shape, dtype, copy):
        """Builds a 1-D array when the arguments ask for one; False leaves them to the 2-D path."""
        n = _length_of(shape)
        one = _one_index_array(arg1)
        if shape is not None and n is None:  # a 2-D shape with 1-D input is SciPy's error
            if one is not None:
                raise ValueError(f'mismatching number of index arrays for shape; got 1, expected {len(shape)}')
            if _dense_ndim(arg1) == 1:
                raise ValueError(f'inconsistent shapes: {tuple(shape)} != {tuple(cupric.asarray(arg1).shape)}')
            return False
        init = super().__init__
        if isinstance(arg1, _spbase) and arg1._1d:
            if n is not None and n != arg1.shape[0]:
                raise ValueError(f'inconsistent shapes: {(n,)} != {arg1.shape}')
            m = arg1._row2d()
            init(m, shape=m._shape, dtype=dtype, copy=copy)
        elif _scipy_sparse(arg1) and len(arg1.shape) == 1:
            src = arg1.tocoo()
            idx = cupric.asarray(src.coords[0])
            n = src.shape[0] if n is None else n
            init((cupric.asarray(src.data), (cupric.zeros(idx.shape, idx.dtype), idx)), shape=(1, n), dtype=dtype)
        elif isinstance(arg1, tuple) and len(arg1) == 1 and _is_int(arg1[0]) and n is None:
            n = _length_of(arg1)
            init((1, n), dtype=dtype)
        elif one is not None:
            data, idx = one
            idx = cupric.asarray(idx)
            if n is None:
                if idx.size == 0:
                    raise ValueError('cannot infer dimensions from zero sized index arrays')
                n = int(idx.max()) + 1
            init((data, (cupric.zeros(idx.shape, idx.dtype), idx)), shape=(1, n), dtype=dtype, copy=copy)
        elif n is not None and isinstance(arg1, tuple) and len(arg1) == 2 and isinstance(arg1[1], tuple):
            raise ValueError(f'mismatching number of index arrays for shape; got {len(arg1[1])}, expected 1')
        elif n is not None and self.format == 'csr' and isinstance(arg1, tuple) and len(arg1) == 3:
            init(arg1, shape=(1, n), dtype=dtype, copy=copy)
        elif _dense_ndim(arg1) == 1:
            dense = cupric.asarray(arg1)
            if n is not None and n != dense.shape[0]:
                raise ValueError(f'inconsistent shapes: {(n,)} != {dense.shape}')
            init(dense, dtype=dtype)
        elif n is not None:
            raise ValueError(f'inconsistent shapes: {(n,)} != {tuple(getattr(arg1, "shape", ()))}')
        else:
            return False
        self._1d = True
        return True

    # --- the row and back ---
    def _row2d(self):
        """The (1, n) 2-D array holding the same arrays (Note [1-D sparse arrays as a row])."""
        cls = type(self)
        m = cls.__new__(cls)
        m._set(*self._parts(), self._shape, self._canonical)
        return m

    def _as_1d(self, m, fmt):
        """A (1, n) sparse result as the 1-D array of format fmt holding its values."""
        m = m.asformat(fmt)
        cls = self._classes()[fmt]
        out = cls.__new__(cls)
        out._set(*m._parts(), m._shape, m._canonical)
        out._1d = True
        return out

    def copy(self):
        m = super().copy()
        m._1d = self._1d
        return m

    def _with_data(self, data, copy=True):
        m = super()._with_data(data, copy)
        m._1d = self._1d
        return m

    # --- shape ---
    @property
    def shape(self):
        return (self._shape[1],) if self._1d else self._shape

    @property
    def ndim(self):
        return 1 if self._1d else 2

    def get_shape(self):
        return self.shape

    # --- conversions ---
    def toarray(self, order=None, out=None):
        if not self._1d:
            return super().toarray(order, out)
        res = super().toarray(order).reshape(self.shape)
        if out is not None:
            out[...] = res
            return out
        return res

    def get(self, stream=None):
        if not self._1d:
            return super().get(stream)
        import scipy.sparse

        if self.format == 'coo':
            return scipy.sparse.coo_array((self.data.get(), (self.col.get(),)), shape=self.shape)
        return scipy.sparse.csr_array((self.data.get(), self.indices.get(), self.indptr.get()), shape=self.shape)

    def tocoo(self, copy=False):
        if not self._1d or self.format == 'coo':
            return super().tocoo(copy)
        return self._as_1d(self._row2d().tocoo(copy), 'coo')

    def tocsr(self, copy=False):
        if not self._1d or self.format == 'csr':
            return super().tocsr(copy)
        return self._as_1d(self._row2d().tocsr(copy), 'csr')

    def tocsc(self, copy=False):
        if self._1d:
            raise ValueError('Cannot convert. CSC format must be 2D. Got 1D' if self.format == 'coo'
                             else 'Cannot convert a 1d sparse array to csc format')
        return super().tocsc(copy)

    def todia(self, copy=False):
        if self._1d:
            raise ValueError('Cannot convert. DIA format must be 2D. Got 1D')
        return super().todia(copy)

    def transpose(self, axes=None, copy=False):
        if not self._1d:
            return super().transpose(axes, copy)
        if axes is not None and (self.format != 'coo' or tuple(axes) != (0,)):
            raise ValueError("Sparse arrays/matrices do not support an 'axes' parameter because swapping "
                             'dimensions is the only logical permutation.' if self.format != 'coo'
                             else "axes don't match matrix dimensions")
        return self.copy() if copy else self

    def reshape(self, *shape, order='C', copy=False):
        """The same entries in a shape of one or two dimensions (positions in C or F order), as COO
        (SciPy's result format); the array itself where the shape is its own."""
        from cupricx.scipy.sparse._base import _sp

        new = _reshape_target(shape, self._shape[0] * self._shape[1])
        if new == self.shape:
            return self.copy() if copy else self
        if order not in ('C', 'F'):
            raise ValueError("order must be 'C' or 'F'")
        coo = self.tocoo()
        rows, cols = coo._shape
        nr, nc = (1, new[0]) if len(new) == 1 else new
        # The flat position of each entry in the order asked for, split again in the new shape.
        first, second, old_minor, new_minor = (coo.row, coo.col, cols, nc) if order == 'C' else (
            coo.col, coo.row, rows, nr)
        flat = cupric.add(cupric.multiply(first.astype(numpy.int64), old_minor), second)
        major, minor = cupric.floor_divide(flat, max(new_minor, 1)), cupric.remainder(flat, max(new_minor, 1))
        r, c = (major, minor) if order == 'C' else (minor, major)
        it = _sp.index_dtype(max(nr, nc, coo.nnz))
        cls = self._classes()['coo']
        m = cls.__new__(cls)
        m._set(coo.data.copy() if copy else coo.data, r.astype(it), c.astype(it), (nr, nc), None)
        m._1d = len(new) == 1
        return m

    def __iter__(self):
        if not self._1d:
            return super().__iter__()
        return iter(self.toarray())  # the elements, implicit zeros included (SciPy's)

    # --- indexing ---
    def __getitem__(self, key):
        if not self._1d:
            if self.format == 'coo':
                raise TypeError(f"'{type(self).__name__}' object is not subscriptable")
            return super().__getitem__(key)
        key = _one_key(key)
        res = self._row2d().tocsr()[0, key]
        if _is_int(key):
            return res
        return self._as_1d(res, self.format)

    def __setitem__(self, key, x):
        if not self._1d or self.format == 'coo':
            return super().__setitem__(key, x)
        key = _one_key(key)
        m = self._row2d()
        m[0, key] = x
        self._set(*m._parts(), m._shape, m._canonical)
        return None

    # --- reductions ---
    def sum(self, axis=None, dtype=None, out=None):
        if not self._1d:
            return super().sum(axis, dtype, out)
        _check_axis(axis)
        return self._row2d().sum(None, dtype, out)

    def mean(self, axis=None, dtype=None, out=None):
        if not self._1d:
            return super().mean(axis, dtype, out)
        _check_axis(axis)
        return self._row2d().mean(None, dtype, out)

    def _minmax(self, axis, is_max, arg):
        if not self._1d:
            return super()._minmax(axis, is_max, arg)
        _check_axis(axis)
        return self._row2d()._minmax(None, is_max, arg)

    def diagonal(self, k=0):
        if self._1d:
            raise ValueError('diagonal requires two dimensions')
        return super().diagonal(k)

    def setdiag(self, values, k=0):
        if self._1d:
            raise ValueError('setdiag requires two dimensions')
        return super().setdiag(values, k)

    # --- products ---
    def _matmul(self, other):
        if not self._1d:
            return super()._matmul(other)
        n = self.shape[0]
        if isinstance(other, _spbase):
            if other.shape[0] != n:
                raise _matmul_mismatch(n, other.shape[0])
            if other.ndim == 1:  # the inner product: a 0-d dense array, as SciPy's
                return self._row2d().multiply(other._row2d()).sum().reshape(())
            return self._as_1d(self._row2d()._matmul(other), 'coo')
        x = cupric.asarray(other)
        if x.ndim == 0:
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        if x.ndim > 2:
            raise ValueError('matmul: the dense operand must be 1-D or 2-D')
        if x.shape[0] != n:
            raise _matmul_mismatch(n, x.shape[0], x.ndim == 1)
        res = self._row2d()._dot_dense(x)
        return res.reshape(x.shape[1:])

    def _rmatmul(self, other):
        if not self._1d:
            return super()._rmatmul(other)
        x = cupric.asarray(other)  # x @ a == a @ x.T for a 1-D a
        if x.ndim == 0:
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        if x.shape[-1] != self.shape[0]:
            raise _matmul_mismatch(self.shape[0], x.shape[-1])
        return self._matmul(x.T)

    def dot(self, other):
        if not self._1d or _is_scalar(other):
            return super().dot(other)
        return self._matmul(other)

    # --- elementwise operations with another operand ---
    def _same_length(self, other):
        """The (1, n) form of another 1-D sparse array of the same length; None for any other."""
        if other.ndim == 1 and other.shape == self.shape:
            return other._row2d()
        return None

    def _add(self, other, negate):
        if not self._1d or _is_scalar(other):
            return super()._add(other, negate)
        if isinstance(other, _spbase):
            o = self._same_length(other)
            if o is None:
                raise ValueError('inconsistent shapes')
            return self._as_1d(self._row2d()._add(o, negate), 'csr')
        return (cupric.subtract if negate else cupric.add)(self.toarray(), cupric.asarray(other))

    def multiply(self, other):
        if not self._1d or _is_scalar(other):
            return super().multiply(other)
        if isinstance(other, _spbase):
            o = self._same_length(other)
            if o is None:
                raise ValueError(f'inconsistent shapes {self.shape} and {other.shape}')
            return self._as_1d(self._row2d().multiply(o), 'csr')
        x = cupric.asarray(other)
        if x.ndim == 1 and cupric.broadcast_shapes(self.shape, x.shape) == self.shape:
            return self._as_1d(self._row2d().multiply(x.reshape((1, -1))), 'coo')
        res = cupric.multiply(self.toarray(), x)
        return self._classes()['coo'](res) if res.ndim <= 2 else res

    def _elementwise_other(self, other, name):
        if not self._1d:
            return super()._elementwise_other(other, name)
        o = other
        if isinstance(other, _spbase):
            o = self._same_length(other)
            if o is None:
                raise ValueError('inconsistent shapes')
        res = self._row2d()._elementwise_other(o, name)
        return self._as_1d(res, 'csr') if isinstance(res, _spbase) else res.reshape(self.shape)

    def _compare(self, other, name):
        if not self._1d:
            return super()._compare(other, name)
        if isinstance(other, _spbase):
            o = self._same_length(other)
            if o is None:
                if name in ('equal', 'not_equal'):
                    return name == 'not_equal'
                raise ValueError('inconsistent shapes')
            return self._as_1d(self._row2d()._compare(o, name), 'csr')
        if _is_scalar(other):
            return self._as_1d(self._row2d()._compare(other, name), 'csr')
        return getattr(cupric, name)(self.toarray(), other)


def _one_key(key):
    """The index of a 1-D array out of a key (a 1-tuple unpacked); SciPy's error for more."""
    if isinstance(key, tuple):
        if len(key) != 1:
            raise IndexError(f'Too many indices for array or tuple index out of range. Key {key} needs '
                             f'{len(key)}D. Array is 1D')
        key = key[0]
    return key


def _reshape_target(shape, size):
    """SciPy's reshape argument: a shape of one or two dimensions, one -1 allowed."""
    if len(shape) == 1 and not _is_int(shape[0]):
        shape = tuple(shape[0])
    shape = tuple(int(operator.index(s)) for s in shape)
    if len(shape) not in (1, 2):
        raise ValueError(f'cupricx sparse arrays have one or two dimensions; got the shape {shape}')
    if shape.count(-1) > 1:
        raise ValueError('can only specify one unknown dimension')
    if -1 in shape:
        known = 1
        for s in shape:
            known *= s if s != -1 else 1
        if known == 0 or size % known:
            raise ValueError(f'cannot reshape array of size {size} into shape {shape}')
        shape = tuple(size // known if s == -1 else s for s in shape)
    total = 1
    for s in shape:
        total *= s
    if total != size or any(s < 0 for s in shape):
        raise ValueError(f'cannot reshape array of size {size} into shape {shape}')
    return shape
