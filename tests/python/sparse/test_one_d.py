"""1-D coo_array and csr_array (shape (n,)) against SciPy's: construction, get, conversions,
products with dense and sparse operands, reductions, elementwise operations, comparisons,
reshape, indexing, and SciPy's errors (types and messages). Each expression runs on SciPy with
NumPy arrays and on cupricx with cupric arrays; the result's type name, shape, dtype and values
(or the error's type and message) must agree."""
import warnings

import numpy
import pytest
import scipy.sparse

import cupric
import cupricx.scipy.sparse as sp

VALUES = [1.0, 0.0, 2.0, 0.0]


def _env(mod, xp, dtype):
    def A(v, dt=None):
        return xp.asarray(numpy.array(v, dtype=dt))

    env = {'mod': mod, 'xp': xp, 'np': numpy, 'A': A, 'scipy': scipy}
    env['a'] = mod.coo_array(A(VALUES, dtype))
    env['c'] = mod.csr_array(A(VALUES, dtype))
    # Unsorted with a duplicate (non-canonical).
    env['b'] = mod.coo_array((A([1.0, 2.0, 3.0], dtype), (A([3, 0, 3]),)))
    env['d'] = mod.csr_array((A([1.0, 2.0, 3.0], dtype), (A([3, 0, 3]),)))
    env['M'] = mod.coo_array(A(numpy.arange(12.0).reshape(4, 3), dtype))
    env['N'] = mod.csr_array(A(numpy.arange(12.0).reshape(3, 4), dtype))
    return env


def _host(x):
    if isinstance(x, numpy.ndarray) or numpy.isscalar(x):
        return numpy.asarray(x)
    if isinstance(x, cupric.ndarray):
        return x.get()
    return numpy.asarray(x)


def _describe(mod, xp, dtype, expr):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            r = eval(expr, _env(mod, xp, dtype))
    except Exception as e:  # the error is part of what must agree
        return ('error', type(e).__name__, str(e))
    if hasattr(r, 'toarray'):
        return (type(r).__name__, r.shape, str(r.dtype), _host(r.toarray()))
    if isinstance(r, tuple):
        return ('tuple', tuple(_host(x) for x in r))
    if isinstance(r, (bool, str)):
        return (type(r).__name__, r)
    h = _host(r)
    return ('dense', h.shape, str(h.dtype), h)


def _same(h, c):
    assert type(h) is type(c) and len(h) == len(c), (h, c)
    for x, y in zip(h, c):
        if isinstance(x, numpy.ndarray):
            numpy.testing.assert_allclose(y, x, rtol=1e-6)
            assert numpy.asarray(y).shape == x.shape
        elif isinstance(x, tuple) and x and isinstance(x[0], numpy.ndarray):
            for xx, yy in zip(x, y):
                numpy.testing.assert_array_equal(yy, xx)
        else:
            assert x == y, (h, c)


PER_FORMAT = [
    '{x}', '{x}.shape', '{x}.ndim', '{x}.nnz', '{x}.toarray()', '{x}.todense()', '{x}.toarray(order="F")',
    '{x}.sum()', '{x}.sum(axis=0)', '{x}.sum(axis=-1)', '{x}.sum(axis=(0,))', '{x}.sum(axis=1)',
    '{x}.mean()', '{x}.mean(axis=1)', '{x}.max()', '{x}.min()', '{x}.argmax()', '{x}.argmin()',
    '{x}.max(axis=0)', '{x}.max(axis=1)', '{x}.argmax(axis=1)', '{x}.count_nonzero()',
    '{x}.T', '{x}.transpose()', '{x}.transpose(axes=(0, 1))',
    '{x}.reshape((2, 2))', '{x}.reshape(2, 2)', '{x}.reshape((1, 4))', '{x}.reshape((4, 1))', '{x}.reshape(-1)',
    '{x}.reshape((2, -1))', '{x}.reshape((3,))', '{x}.reshape((2, 2), order="F")',
    '{x}.tocoo()', '{x}.tocsr()', '{x}.tocsc()', '{x}.todia()', '{x}.copy()', '{x}.astype(np.complex64)',
    '{x} @ xp.ones(4)', '{x}.dot(xp.ones(4))', '{x} @ xp.ones((4, 3))', '{x} @ xp.ones((4, 1))',
    'xp.ones(4) @ {x}', 'xp.ones((3, 4)) @ {x}', 'xp.ones((1, 4)) @ {x}',
    '{x} @ xp.ones(3)', '{x} @ xp.ones((3, 4))', 'xp.ones((4, 3)) @ {x}', '{x} @ 2', '{x}.dot(2)',
    '{x} @ {x}', '{x}.dot({x})', '{x} @ M', '{x} @ N', 'N @ {x}', 'M @ {x}', '{x} @ a', '{x} @ c',
    '{x} * 2', '2 * {x}', '{x} / 2', '-{x}', 'abs({x})', '{x}.power(2)', '{x} ** 2', '{x}.sqrt()', '{x}.conj()',
    '{x} + {x}', '{x} - {x}', '{x} * {x}', '{x}.multiply({x})', '{x} + a', '{x} * c', '{x} + 1',
    '{x} + xp.ones(4)', '{x}.multiply(xp.ones(4))', '{x} * xp.ones((3, 4))',
    '{x} + mod.coo_array(xp.ones(5))', '{x} * mod.coo_array(xp.ones(5))', '{x} == mod.coo_array(xp.ones(5))',
    '{x} != {x}', '{x} > 0', '{x} == 0', '{x} < 1', '{x}.maximum(0)', '{x}.minimum({x})',
    '{x}.trace()', 'len({x})', 'bool({x})', 'repr({x})',
    'mod.coo_array({x})', 'mod.csr_array({x})', 'mod.csc_array({x})', 'mod.dia_array({x})',
    'mod.kron({x}, {x})', 'mod.kron({x}, N)', 'mod.vstack([{x}, {x}]).toarray()',
    '{x}[1]', '{x}[-1]', '{x}[1:3]', '{x}[::2]', '{x}[[0, 2]]', '{x}[A([True, False, True, False])]',
    '{x}[5]', '{x}[1, 2]', '{x}.has_canonical_format',
]

CONSTRUCTION = [
    'b', 'd', 'b.has_canonical_format', 'b.sum_duplicates() or b', 'd.sum_duplicates() or d', 'b.nnz',
    'b.count_nonzero()', 'a.coords', 'a.row', 'a.col', 'c.indptr', 'c.indices',
    'mod.coo_array((A([1., 2, 3]), (A([3, 0, 3]),)), shape=(5,))',
    'mod.csr_array((A([1., 2, 3]), (A([3, 0, 3]),)), shape=(5,))',
    'mod.coo_array((5,))', 'mod.csr_array((5,))', 'mod.coo_array((5,), dtype=np.float32)', 'mod.coo_array((-3,))',
    'mod.coo_array((A([1., 2]), (A([3, 0]), A([1, 1]))), shape=(5,))',
    'mod.coo_array((A([1., 2]), (A([3, 0]),)), shape=(2, 3))',
    'mod.coo_array((A([], float), (A([], int),)))',
    'mod.coo_matrix(A([1.0, 2]))', 'mod.csr_matrix(A([1.0, 2]))',
    'mod.coo_array(xp.arange(4.0), shape=(2, 2))', 'mod.coo_array(xp.arange(4.0), shape=(4,))',
    'mod.coo_array(xp.arange(4.0), shape=(5,))', 'mod.coo_array(A([], float)).shape', 'mod.csr_array(A([], float)).indptr',
    'mod.csc_array(xp.ones(3))', 'mod.dia_array(xp.ones(3))',
    'mod.csr_array((A([1., 2]), A([0, 3]), A([0, 2])), shape=(4,))',
    'mod.csr_array((A([1., 2]), A([0, 3]), A([0, 2])))', 'mod.coo_array(xp.zeros(0)).max()',
    'mod.coo_array(scipy.sparse.coo_array(np.array([1.0, 0, 2])))',
    'mod.csr_array(scipy.sparse.csr_array(np.array([1.0, 0, 2])))',
    'mod.csr_array(scipy.sparse.coo_array(np.array([1.0, 0, 2])))',
    # Empty and all-zero arrays, duplicates in a CSR built from (data, (idx,)).
    'mod.coo_array((0,))', 'mod.csr_array((0,))', 'mod.coo_array((0,)).sum()', 'mod.coo_array((0,)) @ xp.ones(0)',
    'mod.coo_array((0,)).reshape((0, 3))', 'mod.coo_array((0,)).max()', 'mod.coo_array(xp.zeros(5))',
    'mod.coo_array(xp.zeros(5)).max()', 'mod.coo_array(xp.zeros(5)).argmax()', 'mod.coo_array(xp.zeros(5)).tocsr().indptr',
    'mod.coo_array(xp.zeros(5))[[]]', 'c[[]]', 'c[::-1]', 'c[np.int64(2)]',
    'mod.csr_array((xp.ones(2), (A([1, 1]),)), shape=(3,))',
    'mod.csr_array((xp.ones(2), (A([1, 1]),)), shape=(3,)).has_canonical_format',
]

# Where cupricx's message is its own (SciPy's is an internal unpacking error).
OWN_MESSAGE = {'c.trace()', 'c.diagonal()'}


def _check(expr, dtype):
    h = _describe(scipy.sparse, numpy, dtype, expr.replace('scipy.sparse', 'mod'))
    c = _describe(sp, cupric, dtype, expr)
    if expr in OWN_MESSAGE:
        assert h[0] == c[0] == 'error' and h[1] == c[1]
        return
    _same(h, c)


@pytest.mark.parametrize('x', ['a', 'c'])
@pytest.mark.parametrize('expr', PER_FORMAT)
def test_one_d_matches_scipy(x, expr):
    _check(expr.format(x=x), numpy.float64)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.complex128, numpy.bool_])
@pytest.mark.parametrize('expr', ['{x}.toarray()', '{x}.sum()', '{x} @ xp.ones(4, dtype=np.float32)', '{x} * {x}',
                                  '{x}.reshape((2, 2))', '{x}[1:3]', '{x}.sum(axis=0)'])
@pytest.mark.parametrize('x', ['a', 'c'])
def test_one_d_dtypes(x, dtype, expr):
    _check(expr.format(x=x), dtype)


@pytest.mark.parametrize('expr', CONSTRUCTION)
def test_one_d_construction_matches_scipy(expr):
    _check(expr, numpy.float64)


def test_one_d_diagonal_error():
    with pytest.raises(ValueError, match='two dimensions'):
        sp.csr_array(cupric.ones(3)).diagonal()


@pytest.mark.parametrize('cls', ['coo_array', 'csr_array'])
def test_one_d_get_round_trip(cls):
    h = getattr(scipy.sparse, cls)((numpy.array([3.0, 1.0, 2.0]), (numpy.array([5, 1, 5]),)), shape=(7,))
    c = getattr(sp, cls)(h)
    back = c.get()
    assert type(back) is type(h) and back.shape == (7,)
    numpy.testing.assert_array_equal(back.toarray(), h.toarray())


def test_one_d_setitem_csr():
    h = scipy.sparse.csr_array(numpy.array(VALUES))
    c = sp.csr_array(cupric.asarray(numpy.array(VALUES)))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        h[1] = 5.0
        c[1] = 5.0
        h[[0, 3]] = 7.0
        c[[0, 3]] = 7.0
    assert c.shape == (4,) and c.ndim == 1
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())


def test_one_d_in_place_keeps_one_d():
    c = sp.coo_array((cupric.asarray([1.0, 0.0, 2.0]), (cupric.asarray([2, 0, 2]),)), shape=(4,))
    c.sum_duplicates()
    c.eliminate_zeros()
    assert c.shape == (4,) and c.has_canonical_format
    numpy.testing.assert_array_equal(c.toarray().get(), [0.0, 0.0, 3.0, 0.0])


@pytest.mark.parametrize('n', [1, 1000])
def test_one_d_spmv_larger(n):
    rng = numpy.random.default_rng(n)
    v = numpy.where(rng.random(n) > 0.7, rng.random(n), 0.0)
    X = rng.random((n, 5))
    h, c = scipy.sparse.coo_array(v), sp.coo_array(cupric.asarray(v))
    numpy.testing.assert_allclose((c @ cupric.asarray(X)).get(), h @ X, rtol=1e-12)
    numpy.testing.assert_allclose(float(c @ cupric.asarray(X[:, 0])), h @ X[:, 0], rtol=1e-12)
    numpy.testing.assert_allclose((cupric.asarray(X.T) @ c).get(), X.T @ h, rtol=1e-12)


@pytest.mark.parametrize('axis', [0, 1, -1])
@pytest.mark.parametrize('name', ['max', 'min'])
def test_array_max_along_axis_is_one_d_coo(axis, name):
    d = numpy.array([[1.0, 0.0, -2.0], [0.0, 3.0, 0.0]])
    h = getattr(scipy.sparse.csr_array(d), name)(axis=axis)
    c = getattr(sp.csr_array(cupric.asarray(d)), name)(axis=axis)
    assert type(c).__name__ == type(h).__name__ == 'coo_array' and c.shape == h.shape and c.ndim == 1
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())
    m = getattr(sp.csr_matrix(cupric.asarray(d)), name)(axis=axis)
    assert m.shape == getattr(scipy.sparse.csr_matrix(d), name)(axis=axis).shape


@pytest.mark.parametrize('fmt', ['coo', 'csr'])
def test_random_array_one_d(fmt):
    c = sp.random_array((50,), density=0.3, format=fmt, random_state=0)
    h = scipy.sparse.random_array((50,), density=0.3, format=fmt, random_state=0)
    assert type(c).__name__ == type(h).__name__ and c.shape == h.shape == (50,) and c.nnz == h.nnz == 15
    v = c.toarray().get()
    assert ((v >= 0) & (v < 1)).all() and numpy.count_nonzero(v) <= 15
    with pytest.raises(ValueError, match='2D'):
        sp.random_array((50,), density=0.3, format='csc')


@pytest.mark.parametrize('cls', ['coo_array', 'csr_array'])
def test_one_d_iterates_elements(cls):
    h = getattr(scipy.sparse, cls)(numpy.array(VALUES))
    c = getattr(sp, cls)(cupric.asarray(numpy.array(VALUES)))
    assert [float(v) for v in c] == [float(v) for v in h]
