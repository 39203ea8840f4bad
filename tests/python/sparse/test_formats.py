"""cupricx.scipy.sparse formats against SciPy: construction, get, conversions between every pair,
toarray, transpose, astype, canonical forms and their flags, index dtypes, errors."""
import numpy
import pytest
import scipy.sparse
from sparse_cases import DTYPES, FORMATS, host_matrix, pair

import cupric
import cupricx.scipy.sparse as sp


def _assert_same(c, h, rtol=1e-6):
    assert c.shape == h.shape
    assert c.dtype == h.dtype
    numpy.testing.assert_allclose(c.toarray().get(), h.toarray(), rtol=rtol, atol=rtol)


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('array', [False, True])
def test_from_scipy_and_back(fmt, dtype, array):
    h, c = pair(dtype=dtype, fmt=fmt, array=array)
    assert c.format == fmt and c.nnz == h.nnz
    back = c.get()
    assert back.format == fmt and isinstance(back, scipy.sparse.sparray) == array
    assert (back != h).nnz == 0
    _assert_same(c, h)


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES + [numpy.bool_])
def test_from_dense(fmt, dtype):
    d = (numpy.random.default_rng(1).random((6, 4)) > 0.5).astype(dtype) * numpy.asarray(3, dtype)
    c = getattr(sp, fmt + '_matrix')(cupric.asarray(d))
    h = getattr(scipy.sparse, fmt + '_matrix')(d)
    assert c.nnz == h.nnz
    _assert_same(c, h)
    assert c.has_canonical_format


@pytest.mark.parametrize('d', [numpy.float64(2.0), numpy.array([0.0, 1.0, 0.0, 2.0])])
def test_from_low_dimensional_dense(d):
    c = sp.csr_matrix(cupric.asarray(d))
    _assert_same(c, scipy.sparse.csr_matrix(d))


def test_from_3d_dense_raises():
    with pytest.raises(TypeError):
        sp.csr_matrix(cupric.zeros((2, 2, 2)))


@pytest.mark.parametrize('fmt', FORMATS)
def test_from_shape(fmt):
    c = getattr(sp, fmt + '_matrix')((3, 4), dtype=numpy.float32)
    h = getattr(scipy.sparse, fmt + '_matrix')((3, 4), dtype=numpy.float32)
    assert c.nnz == 0
    _assert_same(c, h)


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
def test_from_triple(fmt):
    h = host_matrix(fmt=fmt)
    c = getattr(sp, fmt + '_matrix')((cupric.asarray(h.data), cupric.asarray(h.indices), cupric.asarray(h.indptr)),
                                     shape=h.shape)
    _assert_same(c, h)
    # Without a shape, SciPy infers it from indptr and the largest index.
    c2 = getattr(sp, fmt + '_matrix')((cupric.asarray(h.data), cupric.asarray(h.indices), cupric.asarray(h.indptr)))
    h2 = getattr(scipy.sparse, fmt + '_matrix')((h.data, h.indices, h.indptr))
    assert c2.shape == h2.shape


@pytest.mark.parametrize('fmt', FORMATS)
def test_from_coordinates_with_duplicates(fmt):
    data = numpy.array([1.0, 2.0, 3.0, 4.0, 5.0])
    row = numpy.array([0, 2, 0, 1, 2])
    col = numpy.array([1, 0, 1, 3, 0])
    h = getattr(scipy.sparse, fmt + '_matrix')((data, (row, col)), shape=(3, 4))
    c = getattr(sp, fmt + '_matrix')((cupric.asarray(data), (cupric.asarray(row), cupric.asarray(col))), shape=(3, 4))
    _assert_same(c, h)
    inferred = sp.coo_matrix((cupric.asarray(data), (cupric.asarray(row), cupric.asarray(col))))
    assert inferred.shape == scipy.sparse.coo_matrix((data, (row, col))).shape


@pytest.mark.parametrize('src', FORMATS)
@pytest.mark.parametrize('dst', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
def test_conversions_between_every_pair(src, dst, dtype):
    h, c = pair(dtype=dtype, fmt=src)
    out = c.asformat(dst)
    assert out.format == dst and type(out).__name__ == dst + '_matrix'
    _assert_same(out, h.asformat(dst))
    assert getattr(sp, 'isspmatrix_' + dst)(out)


def test_conversions_keep_array_family():
    _, c = pair(array=True)
    assert isinstance(c.tocsc(), sp.csc_array) and isinstance(c.tocoo(), sp.coo_array)
    assert sp.issparse(c) and not sp.isspmatrix(c) and sp.isspmatrix(sp.csr_matrix(c))
    assert not sp.issparse(c.toarray())


@pytest.mark.parametrize('order', ['C', 'F'])
def test_toarray_order(order):
    h, c = pair()
    d = c.toarray(order=order)
    assert d.flags.c_contiguous if order == 'C' else d.flags.f_contiguous
    numpy.testing.assert_array_equal(d.get(), h.toarray())


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('dtype', DTYPES)
def test_transpose_conj(fmt, dtype):
    h, c = pair(dtype=dtype, fmt=fmt)
    _assert_same(c.T, h.T)
    _assert_same(c.transpose(), h.transpose())
    _assert_same(c.conj(), h.conj())
    _assert_same(c.getH(), h.getH())
    with pytest.raises(ValueError):
        c.transpose(axes=(0, 1))


@pytest.mark.parametrize('fmt', FORMATS)
@pytest.mark.parametrize('to', DTYPES)
def test_astype_and_copy(fmt, to):
    h, c = pair(fmt=fmt)
    _assert_same(c.astype(to), h.astype(to))
    cp = c.copy()
    cp.data[...] = 0
    assert float(abs(c.data).sum()) > 0


def test_unsupported_dtype_raises():
    with pytest.raises(ValueError, match='float32, float64'):
        sp.csr_matrix(cupric.array([[1, 2], [0, 3]]))
    with pytest.raises(ValueError):
        sp.csr_matrix(cupric.eye(3)).astype(numpy.int32)
    # dtype= converts first, as CuPy does.
    c = sp.csr_matrix(cupric.array([[1, 2], [0, 3]]), dtype=numpy.float64)
    assert c.dtype == numpy.float64 and c.nnz == 3


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
def test_bad_triples_raise(fmt):
    cls = getattr(sp, fmt + '_matrix')
    data, idx = cupric.ones(3), cupric.array([0, 1, 2])
    with pytest.raises(ValueError, match='index pointer size'):
        cls((data, idx, cupric.array([0, 3])), shape=(3, 3))
    with pytest.raises(ValueError, match='same size'):
        cls((cupric.ones(2), idx, cupric.array([0, 1, 2, 3])), shape=(3, 3))


def test_bad_coordinates_raise():
    d = cupric.ones(2)
    with pytest.raises(ValueError, match='row index exceeds'):
        sp.coo_matrix((d, (cupric.array([0, 5]), cupric.array([0, 1]))), shape=(3, 3))
    with pytest.raises(ValueError, match='column index exceeds'):
        sp.coo_matrix((d, (cupric.array([0, 1]), cupric.array([0, 3]))), shape=(3, 3))
    with pytest.raises(ValueError, match='negative row index'):
        sp.coo_matrix((d, (cupric.array([0, -1]), cupric.array([0, 1]))), shape=(3, 3))
    with pytest.raises(ValueError, match='same length'):
        sp.coo_matrix((d, (cupric.array([0]), cupric.array([0, 1]))), shape=(3, 3))
    with pytest.raises(ValueError):
        sp.csr_matrix((3, -1))


def _unsorted_with_duplicates(fmt):
    # Row 0 holds columns 2, 0, 2 (unsorted, a duplicate); row 1 a stored zero.
    data = numpy.array([1.0, 2.0, 3.0, 0.0, 5.0])
    indices = numpy.array([2, 0, 2, 1, 0])
    indptr = numpy.array([0, 3, 4, 5])
    h = getattr(scipy.sparse, fmt + '_matrix')((data, indices, indptr), shape=(3, 3))
    c = getattr(sp, fmt + '_matrix')((cupric.asarray(data), cupric.asarray(indices), cupric.asarray(indptr)),
                                     shape=(3, 3))
    return h, c


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
def test_canonical_flags_and_sum_duplicates(fmt):
    h, c = _unsorted_with_duplicates(fmt)
    assert c.has_canonical_format == h.has_canonical_format is False
    assert c.has_sorted_indices == h.has_sorted_indices is False
    _assert_same(c, h)
    c.sum_duplicates()
    h.sum_duplicates()
    assert c.has_canonical_format and c.has_sorted_indices
    numpy.testing.assert_array_equal(c.indices.get(), h.indices)
    numpy.testing.assert_array_equal(c.indptr.get(), h.indptr)
    numpy.testing.assert_array_equal(c.data.get(), h.data)


@pytest.mark.parametrize('fmt', ['csr', 'csc'])
def test_sort_indices_keeps_duplicates(fmt):
    h, c = _unsorted_with_duplicates(fmt)
    c.sort_indices()
    h.sort_indices()
    assert c.has_sorted_indices and c.nnz == h.nnz == 5
    numpy.testing.assert_array_equal(c.indices.get(), h.indices)
    numpy.testing.assert_array_equal(c.data.get(), h.data)
    assert c.has_canonical_format is False


@pytest.mark.parametrize('fmt', FORMATS)
def test_eliminate_zeros(fmt):
    h, c = _unsorted_with_duplicates('csr')
    h, c = h.asformat(fmt), c.asformat(fmt)
    h.data[h.data == 5.0] = 0
    c.data[c.data == 5.0] = 0
    h.eliminate_zeros()
    c.eliminate_zeros()
    assert c.nnz == h.nnz
    _assert_same(c, h)


def test_coo_sum_duplicates():
    data, row, col = numpy.array([1.0, 2, 3]), numpy.array([1, 0, 1]), numpy.array([1, 0, 1])
    h = scipy.sparse.coo_matrix((data, (row, col)), shape=(2, 2))
    c = sp.coo_matrix((cupric.asarray(data), (cupric.asarray(row), cupric.asarray(col))), shape=(2, 2))
    assert not c.has_canonical_format
    h.sum_duplicates()
    c.sum_duplicates()
    assert c.has_canonical_format
    numpy.testing.assert_array_equal(c.row.get(), h.row)
    numpy.testing.assert_array_equal(c.col.get(), h.col)
    numpy.testing.assert_array_equal(c.data.get(), h.data)


@pytest.mark.parametrize('shape', [(7, 5), (1, 9), (9, 1), (300, 40)])
@pytest.mark.parametrize('index', [numpy.int32, numpy.int64])
def test_coo_sum_duplicates_random(shape, index):
    # Many duplicates, empty rows and columns: the canonical COO straight from the sorted keys
    # (Note [COO sum_duplicates] in src/sparse/canonical.cpp), dtypes kept as SciPy keeps them.
    r = numpy.random.default_rng(7)
    n = 4 * shape[0] * shape[1]
    row = r.integers(0, max(shape[0] // 2, 1), n).astype(index)
    col = r.integers(0, shape[1], n).astype(index)
    data = r.random(n)
    h = scipy.sparse.coo_matrix((data, (row, col)), shape=shape)
    c = sp.coo_matrix((cupric.asarray(data), (cupric.asarray(row), cupric.asarray(col))), shape=shape)
    h.sum_duplicates()
    c.sum_duplicates()
    assert c.has_canonical_format and c.nnz == h.nnz
    assert c.row.dtype == numpy.int32 and c.col.dtype == numpy.int32
    numpy.testing.assert_array_equal(c.row.get(), h.row)
    numpy.testing.assert_array_equal(c.col.get(), h.col)
    numpy.testing.assert_allclose(c.data.get(), h.data, rtol=1e-12)


@pytest.mark.parametrize('indptr', [[0, 0, 0, 3, 3, 5, 5], [0, 5, 5, 5, 5, 5, 5], [0, 0, 0, 0, 0, 0, 5],
                                    [0, 1, 2, 3, 4, 5, 5]])
def test_row_expansion_with_empty_rows(indptr):
    # CSR -> COO, row selection and eliminate_zeros expand indptr on the device (Note [Expanding
    # indptr on the device] in src/sparse/formats.cpp): empty rows first, last and in a run.
    indptr = numpy.array(indptr)
    data, indices = numpy.array([1.0, 0.0, 3.0, 4.0, 5.0]), numpy.array([2, 0, 1, 2, 0])
    h = scipy.sparse.csr_matrix((data, indices, indptr), shape=(6, 3))
    c = sp.csr_matrix((cupric.asarray(data), cupric.asarray(indices), cupric.asarray(indptr)), shape=(6, 3))
    hc, cc = h.tocoo(), c.tocoo()
    numpy.testing.assert_array_equal(cc.row.get(), hc.row)
    numpy.testing.assert_array_equal(cc.col.get(), hc.col)
    pick = numpy.array([5, 0, 3, 3, 1, 2])
    _assert_same(c[cupric.asarray(pick)], h[pick])
    h.eliminate_zeros()
    c.eliminate_zeros()
    assert c.nnz == h.nnz
    numpy.testing.assert_array_equal(c.indptr.get(), h.indptr)
    numpy.testing.assert_array_equal(c.indices.get(), h.indices)
    _assert_same(c, h)


def test_index_dtype_is_int32_when_it_fits():
    _, c = pair()
    assert c.indices.dtype == numpy.int32 and c.indptr.dtype == numpy.int32
    assert c.tocoo().row.dtype == numpy.int32
    # int64 indices given by the user are kept.
    h = host_matrix()
    c64 = sp.csr_matrix((cupric.asarray(h.data), cupric.asarray(h.indices.astype(numpy.int64)),
                         cupric.asarray(h.indptr.astype(numpy.int64))), shape=h.shape)
    assert c64.indices.dtype == numpy.int64


def test_index_dtype_is_int64_for_a_wide_matrix():
    # A dimension beyond int32 needs int64 indices (CuPy would keep int32 and wrap).
    n = 2**31 + 10
    c = sp.coo_matrix((cupric.ones(2), (cupric.array([0, 1]), cupric.array([0, n - 1]))), shape=(2, n))
    assert c.row.dtype == numpy.int64
    csr = c.tocsr()
    assert csr.indices.dtype == numpy.int64 and int(csr.indices[1]) == n - 1
    assert sp.csr_matrix((3, n)).indptr.dtype == numpy.int64


def test_repr_matches_scipy():
    h, c = pair()
    assert repr(c) == repr(h).split('\n  Coords')[0]


def test_constructing_from_device_arrays_does_not_import_scipy():
    # Asking whether an argument is a SciPy matrix must not import SciPy (0.1-0.5 s of a first
    # sparse product: the cold_spmv benchmark).
    import subprocess
    import sys

    code = ("import sys, cupric, cupricx.scipy.sparse as sp\n"
            "a = cupric.arange(16.0).reshape(4, 4)\n"
            "m = sp.csr_matrix(a); sp.csc_matrix(a); sp.coo_matrix(a); sp.dia_matrix(a)\n"
            "y = m @ cupric.ones(4)\n"
            "m[0, 0] = 3.0\n"
            "assert 'scipy.sparse' not in sys.modules, 'scipy.sparse was imported'\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
