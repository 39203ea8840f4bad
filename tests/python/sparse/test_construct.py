"""cupricx.scipy.sparse construction functions and the DIA format against SciPy."""
import numpy
import pytest
import scipy.sparse
from sparse_cases import pair

import cupric
import cupricx.scipy.sparse as sp


def _same(c, h):
    assert c.shape == h.shape
    numpy.testing.assert_allclose(c.toarray().get(), h.toarray(), rtol=1e-12)


@pytest.mark.parametrize('m,n,k', [(3, 3, 0), (3, 5, 1), (5, 3, -2), (3, 3, 3), (3, 5, -3), (0, 3, 0)])
@pytest.mark.parametrize('fmt', [None, 'csr', 'csc', 'coo', 'dia'])
def test_eye(m, n, k, fmt):
    c = sp.eye(m, n, k=k, format=fmt, dtype=numpy.float32)
    h = scipy.sparse.eye(m, n, k=k, format=fmt, dtype=numpy.float32)
    assert c.format == h.format and c.dtype == h.dtype
    _same(c, h)
    _same(sp.identity(m), scipy.sparse.identity(m))
    assert isinstance(sp.eye_array(m, n, k=k), sp.sparray)


@pytest.mark.parametrize('offsets', [[0], [0, 1], [-1, 0, 2]])
def test_diags(offsets):
    n = 5
    diagonals = [numpy.arange(1.0, n - abs(o) + 1) for o in offsets]
    c = sp.diags([cupric.asarray(d) for d in diagonals], offsets, shape=(n, n))
    h = scipy.sparse.diags(diagonals, offsets, shape=(n, n))
    _same(c, h)
    _same(sp.diags_array([cupric.asarray(d) for d in diagonals], offsets=offsets, shape=(n, n)), h)


def test_diags_broadcast_and_errors():
    _same(sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(4, 4)), scipy.sparse.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(4, 4)))
    with pytest.raises(ValueError, match='Diagonal length'):
        sp.diags([cupric.ones(3)], [0], shape=(4, 4))
    with pytest.raises(ValueError, match='Different number'):
        sp.diags([cupric.ones(3), cupric.ones(2)], [0])


def test_spdiags_and_dia_matrix():
    data = numpy.array([[1.0, 2, 3, 4], [5, 6, 7, 8]])
    _same(sp.spdiags(cupric.asarray(data), [0, -1], 4, 4), scipy.sparse.spdiags(data, [0, -1], 4, 4))
    c = sp.dia_matrix((cupric.asarray(data), cupric.array([0, 2])), shape=(4, 5))
    h = scipy.sparse.dia_matrix((data, [0, 2]), shape=(4, 5))
    _same(c, h)
    assert c.nnz == h.nnz
    _same(c.tocsr(), h.tocsr())
    hc, cc = pair((6, 6))
    _same(cc.todia(), hc.todia())
    _same(sp.dia_matrix(cc), hc.todia())
    back = c.get()
    assert back.format == 'dia' and (back != h).nnz == 0
    with pytest.raises(ValueError, match='duplicate'):
        sp.dia_matrix((cupric.ones((2, 3)), cupric.array([1, 1])), shape=(3, 3))


@pytest.mark.parametrize('fmt', [None, 'csr', 'coo'])
def test_kron_kronsum(fmt):
    ha, ca = pair((3, 4), seed=1)
    hb, cb = pair((2, 3), seed=2)
    _same(sp.kron(ca, cb, format=fmt), scipy.sparse.kron(ha, hb))
    hs, cs = pair((3, 3), density=0.5, seed=3)
    ht, ct = pair((2, 2), density=0.5, seed=4)
    _same(sp.kronsum(cs, ct), scipy.sparse.kronsum(hs, ht))


def test_stacking():
    ha, ca = pair((3, 4), seed=1)
    hb, cb = pair((3, 2), seed=2)
    hc, cc = pair((2, 4), seed=3)
    _same(sp.hstack([ca, cb]), scipy.sparse.hstack([ha, hb]))
    _same(sp.vstack([ca, cc]), scipy.sparse.vstack([ha, hc]))
    _same(sp.bmat([[ca, cb], [cc, None]]), scipy.sparse.bmat([[ha, hb], [hc, None]]))
    _same(sp.block_diag([ca, cb, cc]), scipy.sparse.block_diag([ha, hb, hc]))
    assert sp.hstack([ca, cb], format='csr').format == 'csr'
    with pytest.raises(ValueError, match=r'blocks\[0,:\] has incompatible row dimensions'):
        sp.hstack([ca, cc])
    with pytest.raises(ValueError, match=r'blocks\[:,0\] has incompatible column dimensions'):
        sp.vstack([ca, cb])


@pytest.mark.parametrize('k', [-1, 0, 2])
def test_tril_triu_find(k):
    h, c = pair((6, 5), density=0.6)
    _same(sp.tril(c, k), scipy.sparse.tril(h, k))
    _same(sp.triu(c, k), scipy.sparse.triu(h, k))
    r, col, v = sp.find(c)
    hr, hcol, hv = scipy.sparse.find(h)
    order = numpy.lexsort((hcol, hr))
    numpy.testing.assert_array_equal(r.get(), hr[order])
    numpy.testing.assert_array_equal(col.get(), hcol[order])
    numpy.testing.assert_allclose(v.get(), hv[order])


@pytest.mark.parametrize('density', [0.0, 0.1, 0.5, 1.0])
def test_random(density):
    c = sp.random(20, 30, density=density, random_state=1, format='csr', dtype=numpy.float32)
    assert c.shape == (20, 30) and c.dtype == numpy.float32 and c.format == 'csr'
    assert c.nnz == round(density * 600)
    d = c.data.get()
    assert ((d >= 0) & (d < 1)).all()
    assert sp.rand(5, 5, density=0.2).nnz == 5
    with pytest.raises(ValueError, match='density'):
        sp.random(3, 3, density=1.5)


def test_index_dtype_helpers():
    assert sp.get_index_dtype(maxval=10) == numpy.int32
    assert sp.get_index_dtype(maxval=2**31) == numpy.int64
    _, c = pair()
    idx, ptr = sp.safely_cast_index_arrays(c, numpy.int64)
    assert idx.dtype == ptr.dtype == numpy.int64
