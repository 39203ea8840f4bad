"""SciPy's construction functions (scipy.sparse 1.17 signatures): eye, identity, diags, spdiags,
random, rand, kron, kronsum, hstack, vstack, bmat, block_diag, tril, triu, find, and their *_array
forms. The matrices are built in C++ (cupric/sparse/construct.hpp) as COO, then converted to the
format asked for."""
import numbers

import numpy

import cupric
from cupricx.scipy.sparse._base import _sp, _spbase


def _family(is_array):
    from cupricx.scipy.sparse import _classes

    return _classes(is_array)


def _finish(t, fmt, is_array, default='coo'):
    data, row, col, rows, cols = t
    coo = _family(is_array)['coo']
    m = coo.__new__(coo)
    m._set(data, row, col, (rows, cols), None)
    return m.asformat(fmt or default)


def _as_sparse(a):
    if isinstance(a, _spbase):
        return a
    from cupricx.scipy.sparse import coo_matrix

    return coo_matrix(a)


def _coo_tuple(a):
    c = _as_sparse(a).tocoo()
    return (c.data, c.row, c.col, c._shape[0], c._shape[1])  # a 1-D array as its row


def _any_array(*mats):
    return any(isinstance(m, _spbase) and m._is_array for m in mats)


def _dtype_or_default(dtype):
    return numpy.dtype(numpy.float64 if dtype is None else dtype)


def eye(m, n=None, k=0, dtype=float, format=None):
    """Sparse matrix with ones on diagonal ``k``."""
    n = m if n is None else n
    return _finish(_sp.eye(int(m), int(n), int(k), _dtype_or_default(dtype)), format, False, 'dia')


def eye_array(m, n=None, *, k=0, dtype=float, format=None):
    """Sparse array with ones on diagonal ``k``."""
    n = m if n is None else n
    return _finish(_sp.eye(int(m), int(n), int(k), _dtype_or_default(dtype)), format, True, 'dia')


def identity(n, dtype='d', format=None):
    """The n x n identity matrix."""
    return eye(n, n, 0, dtype=dtype, format=format)


def _diags(diagonals, offsets, shape, format, dtype, is_array):
    if numpy.isscalar(offsets) and (len(diagonals) == 0 or isinstance(diagonals[0], numbers.Number)):
        diagonals = [diagonals]
    diagonals = [cupric.atleast_1d(cupric.asarray(d)) for d in diagonals]
    offsets = [int(o) for o in numpy.atleast_1d(numpy.asarray(offsets))]
    if len(offsets) == 1 and len(diagonals) != 1:
        raise ValueError('Different number of diagonals and offsets.')
    if shape is None:
        m = int(diagonals[0].size) + abs(offsets[0])
        shape = (m, m)
    if dtype is None:
        dtype = numpy.result_type(*[d.dtype for d in diagonals])
        dtype = _sp.storage_dtype(dtype)
    return _finish(_sp.diags(diagonals, offsets, int(shape[0]), int(shape[1]), numpy.dtype(dtype)), format, is_array,
                   'dia')


def diags(diagonals, offsets=0, shape=None, format=None, dtype=None):
    """Sparse matrix from diagonals (integer diagonals become float64, as CuPy stores them)."""
    return _diags(diagonals, offsets, shape, format, dtype, False)


def diags_array(diagonals, /, *, offsets=0, shape=None, format=None, dtype=None):
    """Sparse array from diagonals."""
    return _diags(diagonals, offsets, shape, format, dtype, True)


def spdiags(data, diags, m=None, n=None, format=None):
    """Sparse matrix from the rows of ``data`` placed on the diagonals ``diags``."""
    from cupricx.scipy.sparse import dia_matrix

    if m is None and n is None:
        raise ValueError('spdiags needs m and n (or a shape tuple as m)')
    if n is None:
        m, n = m
    return dia_matrix((data, diags), shape=(m, n)).asformat(format)


def kron(A, B, format=None):
    """The Kronecker product of two sparse (or dense) matrices."""
    res = _finish(_sp.kron(_coo_tuple(A), _coo_tuple(B)), format, _any_array(A, B))
    if getattr(A, '_1d', False) and getattr(B, '_1d', False):  # SciPy: two 1-D arrays give a 1-D one
        return A._as_1d(res, res.format if res.format in ('coo', 'csr') else 'coo')
    return res


def kronsum(A, B, format=None):
    """The Kronecker sum ``kron(I_n, A) + kron(B, I_m)`` of square A (m x m) and B (n x n)."""
    A, B = _as_sparse(A), _as_sparse(B)
    if A.shape[0] != A.shape[1]:
        raise ValueError('A is not square')
    if B.shape[0] != B.shape[1]:
        raise ValueError('B is not square')
    dtype = numpy.result_type(A.dtype, B.dtype)
    L = kron(eye(B.shape[0], dtype=dtype), A, format='csr')
    R = kron(B, eye(A.shape[0], dtype=dtype), format='csr')
    res = (L + R).asformat(format or 'csr')
    return res if _any_array(A, B) == res._is_array else _family(_any_array(A, B))[res.format](res)


def bmat(blocks, format=None, dtype=None):
    """Sparse matrix from sparse sub-blocks (``None`` is a zero block)."""
    return _bmat(blocks, format, dtype, None)


def block_array(blocks, *, format=None, dtype=None):
    """Sparse array from sparse sub-blocks (``None`` is a zero block)."""
    return _bmat(blocks, format, dtype, True)


def _bmat(blocks, format, dtype, is_array):
    rows = [list(r) for r in blocks]
    if not rows or not all(isinstance(r, list) for r in rows):
        raise ValueError('blocks must be 2-D')
    flat = [b for r in rows for b in r if b is not None]
    if is_array is None:
        is_array = _any_array(*flat)
    grid = [[None if b is None else _coo_tuple(b) for b in r] for r in rows]
    return _finish(_sp.bmat(grid, None if dtype is None else numpy.dtype(dtype)), format, is_array)


def hstack(blocks, format=None, dtype=None):
    """Stacks sparse matrices side by side."""
    return _bmat([list(blocks)], format, dtype, None)


def vstack(blocks, format=None, dtype=None):
    """Stacks sparse matrices on top of each other."""
    return _bmat([[b] for b in blocks], format, dtype, None)


def block_diag(mats, format=None, dtype=None):
    """Block-diagonal sparse matrix of ``mats``."""
    mats = list(mats)
    grid = [[m if i == j else None for j in range(len(mats))] for i, m in enumerate(mats)]
    # A zero block's size comes from its own row and column's diagonal block.
    return _bmat(grid, format, dtype, None)


def tril(A, k=0, format=None):
    """The lower triangle (on and below diagonal k) of a sparse matrix."""
    A = _as_sparse(A)
    return _finish(_sp.tril(_coo_tuple(A), int(k)), format, A._is_array)


def triu(A, k=0, format=None):
    """The upper triangle (on and above diagonal k) of a sparse matrix."""
    A = _as_sparse(A)
    return _finish(_sp.triu(_coo_tuple(A), int(k)), format, A._is_array)


def find(A):
    """``(row, col, data)`` of the nonzero entries of A (duplicates summed, zeros dropped)."""
    c = _as_sparse(A).tocoo(copy=True)
    c.sum_duplicates()
    c.eliminate_zeros()
    return c.row, c.col, c.data


def _random(m, n, density, format, dtype, random_state, data_rvs, is_array):
    if density < 0 or density > 1:
        raise ValueError('density expected to be 0 <= density <= 1')
    dtype = _dtype_or_default(dtype)
    _sp.check_data_dtype(dtype)
    mn = m * n
    k = int(round(density * mn))
    if random_state is None or isinstance(random_state, (int, numpy.integer)):
        random_state = cupric.random.RandomState(random_state)
    ind = random_state.choice(mn, size=k, replace=False)
    idx = _sp.index_dtype(max(m, n, k))
    row = (ind // n).astype(idx)
    col = (ind % n).astype(idx)
    if data_rvs is None:
        data = random_state.random_sample(k).astype(dtype) if dtype.kind != 'b' else cupric.ones(k, dtype)
    else:
        data = cupric.asarray(data_rvs(k)).astype(dtype)
    return _finish((data, row, col, m, n), format, is_array)


def random(m, n, density=0.01, format='coo', dtype=None, random_state=None, data_rvs=None):
    """Sparse matrix of the given shape and density with uniformly random values in [0, 1)."""
    return _random(m, n, density, format, dtype, random_state, data_rvs, False)


def random_array(shape, *, density=0.01, format='coo', dtype=None, random_state=None, data_sampler=None):
    """Sparse array of the given shape (one or two dimensions) and density with uniformly random
    values in [0, 1)."""
    shape = tuple(shape)
    if len(shape) == 1:  # the (1, n) row as the 1-D array (Note [1-D sparse arrays as a row] in _one_d.py)
        row = _random(1, shape[0], density, 'coo', dtype, random_state, data_sampler, True)
        return row._as_1d(row, 'coo').asformat(format)
    m, n = shape
    return _random(m, n, density, format, dtype, random_state, data_sampler, True)


def rand(m, n, density=0.01, format='coo', dtype=None, random_state=None):
    """Sparse matrix of the given shape and density with uniformly random values in [0, 1)."""
    return random(m, n, density, format, dtype, random_state)


def get_index_dtype(arrays=(), maxval=None, check_contents=False):
    """int32 when ``maxval`` and the arrays' values fit, int64 otherwise (SciPy's rule)."""
    limit = 0 if maxval is None else int(maxval)
    for a in arrays:
        a = cupric.asarray(a)
        if a.dtype == numpy.int64 and not check_contents:
            return numpy.dtype(numpy.int64)
        if a.size and a.dtype.kind in 'iu':
            limit = max(limit, int(abs(a).max()))
    return _sp.index_dtype(limit)


def safely_cast_index_arrays(A, idx_dtype=numpy.int32, msg=''):
    """A's index arrays as ``idx_dtype``; ValueError when a value does not fit."""
    arrays = (A.row, A.col) if A.format == 'coo' else (A.indices, A.indptr)
    info = numpy.iinfo(idx_dtype)
    out = []
    for a in arrays:
        if a.size and (int(a.max()) > info.max or int(a.min()) < info.min):
            raise ValueError(f'indices values too large for {msg} {idx_dtype}'.replace('  ', ' '))
        out.append(a.astype(idx_dtype, copy=False))
    return tuple(out)


def matrix_transpose(A):
    """The transpose of a sparse matrix or array."""
    return A.T


def permute_dims(A, axes=None, copy=False):
    """A's axes permuted (for 2-D: transposed, unless axes is (0, 1))."""
    if axes is not None and tuple(a % 2 for a in axes) == (0, 1):
        return A.copy() if copy else A
    return A.transpose(copy=copy)


def swapaxes(A, axis1, axis2):
    """A with two axes interchanged."""
    return A.T if axis1 % 2 != axis2 % 2 else A.copy()
