"""cupricx.scipy.sparse operations against SciPy: SpMV/SpMM (@, dot, *), SpGEMM, arithmetic with
scalars, dense and sparse operands, multiply/power, reductions, diagonal/setdiag, the data
ufuncs and comparisons."""
import numpy
import pytest
import scipy.sparse
from sparse_cases import DTYPES, FORMATS, pair, tol

import cupric
import cupricx.scipy.sparse as sp


def _close(c, h, dtype=numpy.float64):
    c = c.toarray() if sp.issparse(c) else c
    h = h.toarray() if scipy.sparse.issparse(h) else numpy.asarray(h)
    c = c.get() if isinstance(c, cupric.ndarray) else numpy.asarray(c)
    assert c.shape == h.shape, (c.shape, h.shape)
    numpy.testing.assert_allclose(c, h, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('xdtype', [numpy.float32, numpy.float64, numpy.complex128, numpy.int64])
def test_spmv(fmt, dtype, xdtype):
    h, c = pair((9, 6), dtype=dtype, fmt=fmt)
    x = (numpy.arange(6) + 1).astype(xdtype)
    r = c @ cupric.asarray(x)
    e = h @ x
    assert r.dtype == e.dtype if numpy.dtype(xdtype).kind != 'i' else r.dtype.kind in 'fc'
    _close(r, e, dtype)
    _close(c.dot(cupric.asarray(x)), h.dot(x), dtype)
    _close(c * cupric.asarray(x), h * x, dtype)


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('layout', ['c', 'f', 'sliced'])
def test_spmm(fmt, dtype, layout):
    h, c = pair((9, 6), dtype=dtype, fmt=fmt)
    x = numpy.random.default_rng(2).random((6, 8)).astype(dtype)
    xd = cupric.asarray(x)
    if layout == 'f':
        xd = cupric.asfortranarray(xd)
    elif layout == 'sliced':
        x = x[:, ::2]
        xd = xd[:, ::2]
    _close(c @ xd, h @ x, dtype)


def test_rmatmul():
    h, c = pair((9, 6))
    x = numpy.arange(9.0)
    _close(cupric.asarray(x) @ c, x @ h)
    x2 = numpy.ones((3, 9))
    _close(cupric.asarray(x2) @ c, x2 @ h)


def test_array_family_star_is_elementwise():
    h, c = pair(array=True)
    _close(c * c, h * h)
    hm, cm = pair((5, 5))
    _close(cm * cm, hm * hm)  # matrix product for spmatrix


def test_product_shape_mismatch_raises():
    _, c = pair((9, 6))
    with pytest.raises(ValueError, match='dimension mismatch'):
        c @ cupric.ones(5)
    with pytest.raises(ValueError, match='dimension mismatch'):
        c @ cupric.ones((5, 2))
    with pytest.raises(ValueError, match='dimension mismatch'):
        c @ sp.csr_matrix((5, 2))
    with pytest.raises(ValueError, match='Scalar operands'):
        c @ 2.0


def test_empty_products():
    c = sp.csr_matrix((4, 3))
    numpy.testing.assert_array_equal((c @ cupric.ones(3)).get(), numpy.zeros(4))
    assert (c @ sp.csr_matrix((3, 2))).nnz == 0


@pytest.mark.parametrize('fa', ['csr', 'csc', 'coo'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_spgemm(fa, dtype):
    ha, ca = pair((8, 7), density=0.3, dtype=dtype, fmt=fa, seed=3)
    hb, cb = pair((7, 9), density=0.3, dtype=dtype, seed=4)
    r = ca @ cb
    assert r.format == 'csr' and r.dtype == (ha @ hb).dtype
    assert r.has_canonical_format
    _close(r, ha @ hb, dtype)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('case', ['positive', 'negative_times_positive', 'cancel', 'stored_zero', 'underflow'])
def test_spgemm_exact_zeros_dropped_as_scipy(dtype, case):
    # The GPU skips the zero check only when the operands prove no product can be zero (Note
    # [SpGEMM without stored zeros] in src/sparse/cuda/cuda_sparse.cpp); SciPy's nnz either way.
    a = numpy.array([[1.0, 2.0, 0.0], [0.0, 3.0, 4.0], [5.0, 0.0, 6.0]])
    b = numpy.array([[1.0, 0.0, 2.0], [3.0, 4.0, 0.0], [0.0, 5.0, 6.0]])
    if case == 'negative_times_positive':
        a = -a
    elif case == 'cancel':
        a[0, 1] = -1.0 / 3.0  # row 0 of A @ B: column 0 is 1 * 1 + (-1/3) * 3 = 0
    elif case == 'stored_zero':
        pass
    elif case == 'underflow':
        tiny = numpy.finfo(dtype).tiny
        a = a * tiny
        b = b * tiny
    a, b = a.astype(dtype), b.astype(dtype)
    ha, hb = scipy.sparse.csr_matrix(a), scipy.sparse.csr_matrix(b)
    if case == 'stored_zero':
        ha.data[0] = 0  # an explicit zero in A
    ca = sp.csr_matrix((cupric.asarray(ha.data), cupric.asarray(ha.indices), cupric.asarray(ha.indptr)), shape=ha.shape)
    cb = sp.csr_matrix(hb)
    want = ha @ hb
    got = ca @ cb
    assert got.nnz == want.nnz  # SciPy's entries come unsorted: compare the values densely
    numpy.testing.assert_array_equal(got.indptr.get(), want.indptr)
    assert (got.data.get() != 0).all()
    numpy.testing.assert_allclose(got.toarray().get(), want.toarray(), rtol=1e-6, atol=0)


def test_spgemm_bool():
    a = numpy.array([[1, 0, 1], [0, 1, 0]], dtype=bool)
    b = numpy.array([[1, 1], [1, 0], [1, 1]], dtype=bool)
    r = sp.csr_matrix(cupric.asarray(a)) @ sp.csr_matrix(cupric.asarray(b))
    assert r.dtype == numpy.bool_
    numpy.testing.assert_array_equal(r.toarray().get(), (scipy.sparse.csr_matrix(a) @ scipy.sparse.csr_matrix(b)).toarray())


@pytest.mark.parametrize('fa', FORMATS)
@pytest.mark.parametrize('fb', FORMATS)
@pytest.mark.parametrize('op', ['add', 'sub', 'multiply', 'maximum', 'minimum'])
def test_sparse_sparse_elementwise(fa, fb, op):
    ha, ca = pair(fmt=fa, seed=5)
    hb, cb = pair(fmt=fb, seed=6)
    f = {'add': lambda a, b: a + b, 'sub': lambda a, b: a - b, 'multiply': lambda a, b: a.multiply(b),
         'maximum': lambda a, b: a.maximum(b), 'minimum': lambda a, b: a.minimum(b)}[op]
    r = f(ca, cb)
    assert sp.issparse(r)
    _close(r, f(ha, hb))
    assert r.nnz == f(ha, hb).tocsr().count_nonzero()


def test_add_to_itself_cancels_to_nothing():
    _, c = pair()
    assert (c - c).nnz == 0


@pytest.mark.parametrize('dtype', DTYPES)
def test_scalar_and_dense_arithmetic(dtype):
    h, c = pair(dtype=dtype)
    d = numpy.arange(35, dtype=dtype).reshape(7, 5)
    _close(c * 2, h * 2, dtype)
    _close(2.5 * c, 2.5 * h, dtype)
    _close(c / 4, h / 4, dtype)
    _close(-c, -h, dtype)
    _close(c + cupric.asarray(d), h + d, dtype)
    _close(c - cupric.asarray(d), h - d, dtype)
    _close(cupric.asarray(d) - c, d - h, dtype)
    _close(c + 0, h + 0, dtype)
    _close(c.multiply(cupric.asarray(d)), h.multiply(d), dtype)
    _close(c.multiply(cupric.asarray(d[0])), h.multiply(d[0]), dtype)
    _close(c.power(2), h.power(2), dtype)
    with pytest.raises(NotImplementedError):
        c + 1
    with pytest.raises(ValueError, match='inconsistent shapes'):
        c + sp.csr_matrix((3, 3))


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis', [None, 0, 1, -1])
def test_sum_mean(fmt, dtype, axis):
    h, c = pair(dtype=dtype, fmt=fmt)
    _close(c.sum(axis=axis), h.sum(axis=axis), dtype)
    _close(c.mean(axis=axis), h.mean(axis=axis), dtype)
    ha, ca = pair(dtype=dtype, fmt=fmt, array=True)
    _close(ca.sum(axis=axis), ha.sum(axis=axis), dtype)


def test_sum_bool_is_int64():
    d = numpy.array([[True, False], [True, True]])
    c = sp.csr_matrix(cupric.asarray(d))
    h = scipy.sparse.csr_matrix(d)
    assert c.sum().dtype == h.sum().dtype
    _close(c.sum(axis=0), h.sum(axis=0))


@pytest.mark.parametrize('k', [-3, -1, 0, 2, 4])
@pytest.mark.parametrize('fmt', FORMATS)
def test_diagonal_setdiag(k, fmt):
    h, c = pair((6, 5), fmt=fmt)
    _close(c.diagonal(k), h.diagonal(k))
    h2, c2 = h.tocsr().copy(), c.copy()
    h2.setdiag(9.0, k)
    c2.setdiag(9.0, k)
    _close(c2, h2)
    vals = numpy.arange(1.0, 4.0)
    h2.setdiag(vals, k)
    c2.setdiag(cupric.asarray(vals), k)
    _close(c2, h2)


@pytest.mark.parametrize('name', ['sqrt', 'expm1', 'log1p', 'sin', 'tan', 'arcsin', 'arctan', 'sinh', 'tanh',
                                  'arcsinh', 'arctanh', 'rad2deg', 'deg2rad', 'floor', 'ceil', 'trunc', 'rint',
                                  'sign'])
def test_data_ufuncs(name):
    h, c = pair()
    h = h * 0.9
    c = c * 0.9
    _close(getattr(c, name)(), getattr(h, name)())
    assert getattr(c, name)().format == 'csr'


@pytest.mark.parametrize('op', ['__ne__', '__lt__', '__gt__'])
def test_sparse_comparisons(op):
    ha, ca = pair(seed=7)
    hb, cb = pair(seed=8)
    r = getattr(ca, op)(cb)
    assert sp.issparse(r) and r.dtype == numpy.bool_
    _close(r, getattr(ha, op)(hb))


@pytest.mark.parametrize('op', ['__gt__', '__lt__', '__ne__', '__ge__', '__le__', '__eq__'])
@pytest.mark.parametrize('s', [0.5, -0.5, 0])
def test_scalar_comparisons(op, s):
    import warnings

    h, c = pair(seed=9)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        e = getattr(h, op)(s)
    _close(getattr(c, op)(s), e)


def test_abs_real_imag():
    h, c = pair(dtype=numpy.complex128)
    _close(abs(c), abs(h))
    _close(c.real, h.real)
    _close(c.imag, h.imag)


_KEYS = [
    (1, 2), (-1, -2), 1, -2, slice(0, 2), slice(None, None, -1), slice(1, None, 2), (slice(None), 1),
    (slice(None), slice(1, 3)), ([0, 2], [1, 3]), [0, 2, 2], numpy.array([True, False, True, False, True, False, True]),
    (slice(None), [3, 0, 0]), ([2, 0], slice(1, 4)), (slice(None), numpy.array([True, False, True, True, False])),
]


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
@pytest.mark.parametrize('key', _KEYS, ids=[str(i) for i in range(len(_KEYS))])
def test_indexing(fmt, key):
    h, c = pair((7, 5), fmt=fmt)
    ck = tuple(cupric.asarray(k) if isinstance(k, numpy.ndarray) else k for k in key) if isinstance(key, tuple) else (
        cupric.asarray(key) if isinstance(key, numpy.ndarray) else key)
    r, e = c[ck], h[key]
    if numpy.isscalar(e) or getattr(e, 'ndim', 2) == 0:
        assert float(r) == float(e)
        return
    if scipy.sparse.issparse(e):
        assert sp.issparse(r) and r.format == fmt
    _close(r, e)


def test_indexing_errors():
    _, c = pair((7, 5))
    with pytest.raises(IndexError, match='out of range'):
        c[7]
    with pytest.raises(IndexError, match='out of range'):
        c[1, -6]
    with pytest.raises(IndexError):
        c[cupric.array([True, False])]
    with pytest.raises(IndexError):
        c[1, 2, 3]
    h, c = pair((7, 5))
    _close(c.getrow(3), h.getrow(3))
    _close(c.getcol(4), h.getcol(4))


_MINMAX_CASES = [
    numpy.array([[0, -1, 2], [-3, 0, 0], [0, 0, 0], [1, 1, 1.0]]),
    numpy.array([[1.0, 2.0], [3.0, 4.0]]),
    numpy.array([[-1.0, -2.0], [0.0, -4.0]]),
    numpy.zeros((2, 3)),
]


@pytest.mark.parametrize('case', range(len(_MINMAX_CASES)))
@pytest.mark.parametrize('axis', [None, 0, 1, -1])
@pytest.mark.parametrize('fmt', FORMATS)
def test_min_max_argmin_argmax(case, axis, fmt):
    d = _MINMAX_CASES[case]
    h = scipy.sparse.csr_matrix(d).asformat(fmt)
    c = getattr(sp, fmt + '_matrix')(cupric.asarray(d))
    for name in ('max', 'min', 'argmax', 'argmin'):
        r, e = getattr(c, name)(axis=axis), getattr(h, name)(axis=axis)
        _close(r, e)
    ha = scipy.sparse.csr_array(d)
    ca = sp.csr_array(cupric.asarray(d))
    _close(ca.argmax(axis=axis), ha.argmax(axis=axis))


def test_min_max_with_duplicates_and_errors():
    data, row, col = numpy.array([2.0, -5.0, 1.0]), numpy.array([0, 0, 1]), numpy.array([1, 1, 0])
    h = scipy.sparse.coo_matrix((data, (row, col)), shape=(2, 2))
    c = sp.coo_matrix((cupric.asarray(data), (cupric.asarray(row), cupric.asarray(col))), shape=(2, 2))
    for name in ('max', 'min', 'argmax', 'argmin'):
        _close(getattr(c, name)(), getattr(h, name)())
    with pytest.raises(ValueError, match='zero-size'):
        sp.csr_matrix((0, 2)).max()


@pytest.mark.parametrize('axis', [None, 0, 1])
def test_getnnz(axis):
    h, c = pair()
    _close(cupric.asarray(c.getnnz(axis=axis)), numpy.asarray(h.getnnz(axis=axis)))


@pytest.mark.parametrize('n', [0, 1, 2, 5])
def test_matrix_power(n):
    h, c = pair((6, 6), density=0.4)
    _close(c**n, h**n)
    ha, ca = pair((6, 5), array=True)
    _close(ca**2, ha**2)


def test_matrix_power_errors():
    _, c = pair((6, 6))
    with pytest.raises(ValueError, match='>= 0'):
        c ** -1
    with pytest.raises(ValueError, match='integer'):
        c ** 1.5
    with pytest.raises(TypeError, match='not square'):
        pair((6, 5))[1] ** 2


def test_dia_setdiag_and_arithmetic():
    data = numpy.array([[1.0, 2, 3, 4], [5, 6, 7, 8]])
    h = scipy.sparse.dia_matrix((data, [0, 1]), shape=(4, 4))
    c = sp.dia_matrix((cupric.asarray(data), cupric.array([0, 1])), shape=(4, 4))
    _close(c + c, h + h)
    _close(c @ cupric.ones(4), h @ numpy.ones(4))
    _close(c.T, h.T)
    h2, c2 = h.tocsr(), c.copy()
    h2.setdiag(9.0, -1)
    c2.setdiag(9.0, -1)
    assert c2.format == 'dia'
    _close(c2, h2)


@pytest.mark.parametrize('key', [([],), (slice(None), [])])
def test_empty_list_index(key):
    d = numpy.arange(12.0).reshape(3, 4)
    h, c = scipy.sparse.csr_array(d), sp.csr_array(cupric.asarray(d))
    assert c[key].shape == h[key].shape
