"""Item assignment of CSR/CSC matrices and arrays (A[key] = x; C++: set_values in
src/sparse/indexing.cpp) against SciPy 1.17: integer, slice, fancy and boolean keys, dense and
sparse values, broadcasting, repeated positions, SparseEfficiencyWarning exactly where SciPy warns,
in-place updates and the errors."""
import warnings

import numpy
import pytest
import scipy.sparse
from sparse_cases import DTYPES, pair

import cupric
import cupricx.scipy.sparse as sp

KEYS = [
    (1, 2),
    (-1, -3),
    (slice(None), 1),
    (2, slice(1, 4)),
    (slice(1, 5, 2), slice(None, None, -2)),
    ([0, 3, 3, 5], [1, 0, 0, 4]),
    ([0, 2], slice(None)),
    (slice(2, 4), [4, 0]),
    (numpy.array([True, False, True, False, False, True, False]), 3),
    ([[0], [2]], [1, 3]),
    (slice(None), slice(None)),
    (3,),
]


def _assign_both(h, c, key, x):
    """Runs h[key] = x on SciPy and cupricx; returns the warnings categories of each."""
    with warnings.catch_warnings(record=True) as wh:
        warnings.simplefilter('always')
        h[key] = x
    xc = cupric.asarray(x) if isinstance(x, numpy.ndarray) else sp.csr_matrix(x) if scipy.sparse.issparse(x) else x
    with warnings.catch_warnings(record=True) as wc:
        warnings.simplefilter('always')
        c[key] = xc
    return [w.category.__name__ for w in wh], [w.category.__name__ for w in wc]


def _same(c, h):
    assert c.shape == h.shape and c.dtype == h.dtype
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())
    assert c.nnz == h.nnz
    assert c.has_canonical_format


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
@pytest.mark.parametrize('array', [False, True])
@pytest.mark.parametrize('key', KEYS, ids=range(len(KEYS)))
def test_setitem_scalar(fmt, array, key):
    h, c = pair((7, 5), density=0.3, fmt=fmt, array=array)
    wh, wc = _assign_both(h, c, key, 2.5)
    _same(c, h)
    assert wh == wc


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_setitem_dense_values_and_broadcast(fmt, dtype):
    h, c = pair((7, 5), density=0.3, dtype=dtype, fmt=fmt)
    rng = numpy.random.default_rng(3)
    cases = [
        ((slice(1, 4), slice(0, 2)), rng.random((3, 2)).astype(dtype)),
        ((slice(None), 2), rng.random(7).astype(dtype)),
        ((slice(None), 2), rng.random((7, 1)).astype(dtype)),
        (([1, 4, 6], slice(None)), rng.random(5).astype(dtype)),  # one row broadcast over three
        (([0, 1, 2], [4, 3, 2]), rng.random(3).astype(dtype)),
        ((2, 3), numpy.array([7], dtype=dtype)),
        ((slice(0, 0), 1), numpy.zeros(0, dtype=dtype)),
    ]
    for key, x in cases:
        wh, wc = _assign_both(h, c, key, x)
        _same(c, h)
        assert wh == wc


def test_setitem_repeated_positions_last_wins():
    h, c = pair((4, 4), density=0.5)
    _assign_both(h, c, ([1, 1, 2, 1], [2, 2, 0, 2]), numpy.array([1.0, 2.0, 3.0, 4.0]))
    _same(c, h)
    assert float(c[1, 2]) == 4.0


def test_setitem_explicit_zero_is_stored_and_warns():
    h, c = pair((5, 5), density=0.2)
    i, j = numpy.argwhere(h.toarray() == 0)[0]
    wh, wc = _assign_both(h, c, (int(i), int(j)), 0)
    assert wh == wc == ['SparseEfficiencyWarning']
    _same(c, h)


def test_setitem_existing_entry_is_in_place_without_warning():
    h, c = pair((6, 6), density=0.5)
    i, j = h.nonzero()
    data = c.data
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        c[int(i[0]), int(j[0])] = -8.0
    h[int(i[0]), int(j[0])] = -8.0
    _same(c, h)
    assert (data.get() == -8.0).any()  # the matrix's own data array was written, as SciPy's


def test_setitem_warning_message():
    _, c = pair((5, 5), density=0.0, fmt='csc', array=True)
    with pytest.warns(sp.SparseEfficiencyWarning,
                      match='Changing the sparsity structure of a csc_array is expensive. lil and dok are more '
                            'efficient.'):
        c[1, 1] = 3.0


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
def test_setitem_sparse_values(fmt):
    base = numpy.arange(25.0).reshape(5, 5)
    for key, x in [
        ((slice(0, 2), slice(0, 2)), scipy.sparse.csr_matrix((2, 2))),
        ((slice(0, 2), slice(0, 2)), scipy.sparse.csr_matrix(numpy.array([[0, 5.0], [0, 0]]))),
        (([0, 2], slice(1, None)), scipy.sparse.csr_matrix(numpy.array([[7.0], [0]]))),
        ((slice(1, 4), slice(None)), scipy.sparse.csr_matrix(numpy.array([[1.0, 0, 0, 2, 0]]))),
    ]:
        h = scipy.sparse.csr_matrix(base).asformat(fmt)
        c = getattr(sp, fmt + '_matrix')(h)
        wh, wc = _assign_both(h, c, key, x)
        _same(c, h)
        assert wh == wc


def test_setitem_boolean_matrix_key():
    h, c = pair((6, 4), density=0.6)
    mask = h.toarray() > 0.5
    _assign_both(h, c, mask, -1.0)
    _same(c, h)
    h2, c2 = pair((6, 4), density=0.6, seed=4)
    h2[h2 > 0.3] = 0.25
    c2[c2 > 0.3] = 0.25
    _same(c2, h2)


def test_setitem_non_canonical_matrix():
    # (0, 1) stored twice (1 + 2) and row 1 unsorted: the assignment sees the summed entry.
    data, indices, indptr = numpy.array([1.0, 2.0, 5.0, 4.0]), numpy.array([1, 1, 2, 0]), numpy.array([0, 2, 4])
    h = scipy.sparse.csr_matrix((data, indices, indptr), shape=(2, 3))
    c = sp.csr_matrix((cupric.asarray(data), cupric.asarray(indices), cupric.asarray(indptr)), shape=(2, 3))
    _assign_both(h, c, (0, 1), 10.0)
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())
    _assign_both(h, c, (1, 1), 3.0)
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())


def test_setitem_errors():
    h, c = pair((4, 3), density=0.5)
    with pytest.raises(ValueError, match='Trying to assign a sequence to an item'):
        c[0, 0] = [1.0, 2.0]
    with pytest.raises(IndexError, match=r'index \(5\) out of range'):
        c[5, 0] = 1.0
    with pytest.raises(IndexError, match=r'index \(-5\) out of range'):
        c[[0, -5], [0, 0]] = 1.0
    with pytest.raises(IndexError, match='shape mismatch: indexing arrays could not be broadcast together'):
        c[[0, 1], [0, 1, 2]] = 1.0
    with pytest.raises(ValueError):
        c[0:2, 0:2] = numpy.ones((3, 3))
    with pytest.raises(ValueError, match='shape mismatch in assignment'):
        c[0:2, 0:2] = sp.csr_matrix(numpy.ones((3, 3)))
    before = c.toarray().get()
    with pytest.raises(IndexError):
        c[[0, 9], 0] = 2.0
    numpy.testing.assert_array_equal(c.toarray().get(), before)  # nothing changed


def test_setitem_bool_dtype():
    h = scipy.sparse.csr_matrix(numpy.eye(3, dtype=bool))
    c = sp.csr_matrix(h)
    _assign_both(h, c, (0, 2), True)
    _assign_both(h, c, (1, 1), False)
    _same(c, h)
