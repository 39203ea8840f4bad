"""cupricx.cusparse's functions that CuPy 14.2 has and cupric had lacked (issue 20): csrilu02,
spsm, csr2csr_compress, csc2coo, spgeam, csr2csc/csc2csr, the legacy ones that raise as CuPy's do
with CUDA 12/13, and the descriptor classes; compared with SciPy/NumPy on either backend."""
import numpy
import pytest
import scipy.linalg
import scipy.sparse
from cusparse_cases import DTYPES, ilu0_reference
from cusparse_cases import rand_sparse as _random
from cusparse_cases import tol as _tol

import cupric
import cupricx.cusparse as cs
import cupricx.scipy.sparse as sp


def _ilu_input(n, dtype, seed):
    a = _random(n, n, 0.35, dtype, seed) + scipy.sparse.eye(n, dtype=dtype) * 4
    a = a.tocsr()
    a.sort_indices()
    return a


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 6, 17])
def test_csrilu02_matches_ilu0(dtype, n):
    host = _ilu_input(n, dtype, n)
    a = sp.csr_matrix(host)
    assert cs.csrilu02(a) is None  # in place, as CuPy's
    ref = ilu0_reference(host.toarray(), host.toarray() != 0)
    got = cupric.asnumpy(a.toarray())
    mask = host.toarray() != 0
    numpy.testing.assert_allclose(got[mask], ref[mask], rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
    assert a.nnz == host.nnz


def test_csrilu02_errors():
    with pytest.raises(TypeError, match="a must be CSR"):
        cs.csrilu02(sp.coo_matrix(numpy.eye(3)))
    with pytest.raises(ValueError, match="invalid shape"):
        cs.csrilu02(sp.csr_matrix(numpy.ones((2, 3))))
    with pytest.raises(ValueError, match="Unknown level_info"):
        cs.csrilu02(sp.csr_matrix(numpy.eye(3)), level_info=1)
    with pytest.raises(TypeError, match="Invalid dtype"):
        cs.csrilu02(sp.csr_matrix(numpy.eye(3, dtype=bool)))
    missing = sp.csr_matrix(numpy.array([[2.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 2.0]]))
    before = cupric.asnumpy(missing.data).copy()
    with pytest.raises(ValueError, match=r"a\(1,1\) is missing"):
        cs.csrilu02(missing)
    numpy.testing.assert_array_equal(cupric.asnumpy(missing.data), before)  # nothing changed
    singular = sp.csr_matrix(numpy.array([[1.0, 1.0], [1.0, 1.0]]))
    with pytest.raises(ValueError, match=r"u\(1,1\) is zero"):
        cs.csrilu02(singular)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("transa", [False, True, "N", "T", "H"])
@pytest.mark.parametrize("lower", [True, False])
def test_spsm_matches_scipy(dtype, fmt, transa, lower):
    n, k = 7, 3
    dense = _random(n, n, 0.5, dtype, 3).toarray() + numpy.eye(n, dtype=dtype) * 3
    tri = numpy.tril(dense) if lower else numpy.triu(dense)
    a = sp.csr_matrix(scipy.sparse.csr_matrix(dense)).asformat(fmt)  # the other triangle is ignored
    if fmt == "coo":
        a.sum_duplicates()  # canonical, as spsm asks
    b = numpy.asfortranarray(_random(n, k, 1.0, dtype, 4).toarray())
    x = cs.spsm(a, cupric.asarray(b), alpha=2.0, lower=lower, transa=transa)
    op = {False: tri, "N": tri, True: tri.T, "T": tri.T, "H": tri.conj().T}[transa]
    numpy.testing.assert_allclose(cupric.asnumpy(x), scipy.linalg.solve(op, 2.0 * b), rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype) * 10)
    assert x.dtype == dtype and x.flags.f_contiguous and x.shape == (n, k)


@pytest.mark.parametrize("order", ["C", "F"])
def test_spsm_vector_unit_diag_and_layouts(order):
    n = 5
    dense = numpy.tril(numpy.arange(1.0, n * n + 1).reshape(n, n)) / 10
    a = sp.csr_matrix(dense)
    b = numpy.arange(1.0, n + 1)
    x = cs.spsm(a, cupric.asarray(b), unit_diag=True)
    unit = numpy.tril(dense, -1) + numpy.eye(n)
    assert x.shape == (n,)
    numpy.testing.assert_allclose(cupric.asnumpy(x), scipy.linalg.solve(unit, b))
    bm = numpy.array(numpy.arange(1.0, 2 * n + 1).reshape(n, 2), order=order)
    x = cs.spsm(a, cupric.asarray(bm))
    numpy.testing.assert_allclose(cupric.asnumpy(x), scipy.linalg.solve(numpy.tril(dense), bm))


def test_spsm_errors():
    a = sp.csr_matrix(numpy.eye(3))
    b = cupric.ones((3, 2))
    with pytest.raises(ValueError, match="Unknown transa"):
        cs.spsm(a, b, transa="X")
    with pytest.raises(ValueError, match="a must be CSR, CSC or COO"):
        cs.spsm(sp.dia_matrix(numpy.eye(3)), b)
    with pytest.raises(ValueError, match="b.ndim must be 1 or 2"):
        cs.spsm(a, cupric.ones((3, 2, 1)))
    with pytest.raises(ValueError, match="mismatched shape"):
        cs.spsm(a, cupric.ones((4, 2)))
    with pytest.raises(TypeError, match="dtype mismatch"):
        cs.spsm(a, cupric.ones((3, 2), numpy.float32))
    with pytest.raises(TypeError, match="Invalid dtype"):
        cs.spsm(sp.csr_matrix(numpy.eye(3, dtype=bool)), cupric.ones((3, 2), bool))
    with pytest.raises(ValueError, match="Unknown lower"):
        cs.spsm(a, b, lower=1)
    with pytest.raises(ValueError, match="Unknown unit_diag"):
        cs.spsm(a, b, unit_diag="yes")
    with pytest.raises(ValueError, match="F-contiguous or C-contiguous"):
        cs.spsm(a, cupric.ones((3, 4))[:, ::2])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("tol", [0.0, 0.3, 0.7, 2.0])
def test_csr2csr_compress_matches_scipy(dtype, tol):
    host = _random(9, 7, 0.5, dtype, 5)
    host.data[::4] = 0  # explicit zeros are dropped too (|0| <= tol)
    got = cs.csr2csr_compress(sp.csr_matrix(host), tol)
    keep = host.copy()
    keep.data[numpy.abs(keep.data) <= tol] = 0
    keep.eliminate_zeros()
    assert sp.isspmatrix_csr(got) and got.shape == host.shape and got.nnz == keep.nnz
    numpy.testing.assert_array_equal(cupric.asnumpy(got.indptr), keep.indptr)
    numpy.testing.assert_array_equal(cupric.asnumpy(got.indices), keep.indices)
    numpy.testing.assert_array_equal(cupric.asnumpy(got.data), keep.data)
    with pytest.raises(ValueError, match="unsupported dtype"):
        cs.csr2csr_compress(sp.csr_matrix(numpy.eye(2, dtype=bool)), 0)


def test_csr2csr_compress_complex_tol_uses_its_real_part():
    host = scipy.sparse.csr_matrix(numpy.array([[0.5 + 0j, 2j], [0.1, 0.0]]))
    got = cs.csr2csr_compress(sp.csr_matrix(host), 0.4 + 5j)
    numpy.testing.assert_array_equal(cupric.asnumpy(got.toarray()), [[0.5, 2j], [0, 0]])


def test_csc2coo():
    host = _random(5, 4, 0.5, numpy.float64, 6, "csc")
    x = sp.csc_matrix(host)
    coo = cs.csc2coo(x, x.data, x.indices)
    assert sp.isspmatrix_coo(coo) and not coo.has_canonical_format
    numpy.testing.assert_array_equal(cupric.asnumpy(coo.toarray()), host.toarray())


@pytest.mark.parametrize("dtype", DTYPES)
def test_spgeam_matches_scipy(dtype):
    a, b = _random(6, 5, 0.4, dtype, 7), _random(6, 5, 0.4, dtype, 8)
    c = cs.spgeam(sp.csr_matrix(a), sp.csr_matrix(b), 2, -3)
    assert sp.isspmatrix_csr(c)
    numpy.testing.assert_allclose(cupric.asnumpy(c.toarray()), (2 * a - 3 * b).toarray(), rtol=_tol(dtype))
    with pytest.raises(TypeError, match="csr_matrix"):
        cs.spgeam(sp.coo_matrix(a), sp.csr_matrix(b))


def test_csr2csc_and_csc2csr():
    host = _random(5, 4, 0.5, numpy.float64, 9)
    x = sp.csr_matrix(host)
    with pytest.raises(RuntimeError, match="csr2csc is not available."):
        cs.csr2csc(x)
    with pytest.raises(RuntimeError, match="csc2csr is not available."):
        cs.csc2csr(x.tocsc())
    wide = sp.csr_matrix((x.data, x.indices.astype(numpy.int64), x.indptr.astype(numpy.int64)), shape=x.shape)
    if wide.indices.dtype == numpy.int64:  # CuPy converts int64-indexed matrices itself
        y = cs.csr2csc(wide)
        assert sp.isspmatrix_csc(y)
        numpy.testing.assert_array_equal(cupric.asnumpy(y.toarray()), host.toarray())
        assert sp.isspmatrix_csr(cs.csc2csr(y))


@pytest.mark.parametrize("name, args", [
    ("csrmv", (None, None)), ("csrmm", (None, None)), ("csrmm2", (None, None)), ("csrgeam", (None, None)),
    ("csrgemm", (None, None)), ("csrgemm2", (None, None)), ("csrsm2", (None, None))])
def test_removed_legacy_functions_raise_as_cupys(name, args):
    assert cs.check_availability(name) is False
    with pytest.raises(RuntimeError, match=f"^{name} is not available.$"):
        getattr(cs, name)(*args)


def test_check_availability():
    for name in ("csrilu02", "spsm", "csr2csr_compress", "csrgeam2", "spgemm"):
        assert cs.check_availability(name) is True
    for name in ("spgeam", "csr2csc", "csc2csr", "gthr"):
        assert cs.check_availability(name) is False
    with pytest.raises(ValueError, match="No available version information"):
        cs.check_availability("csc2coo")


def test_descriptor_classes():
    assert issubclass(cs.SpMatDescriptor, cs.BaseDescriptor)
    assert issubclass(cs.SpVecDescriptor, cs.BaseDescriptor)
    d = cs.BaseDescriptor(None)
    with pytest.raises(AttributeError):
        d.rows  # no getter: nothing to read
    got = cs.BaseDescriptor(7, get=lambda desc: cupric.cuda.cusparse.DnVecAttributes(desc * 2, 0, 1))
    assert got.size == 14 and got.valueType == 1
    destroyed = []
    cs.BaseDescriptor(5, destroyer=destroyed.append).__del__()
    assert destroyed == [5]


@pytest.mark.gpu
def test_descriptor_classes_on_the_gpu():
    a = sp.csr_matrix(_random(6, 5, 0.5, numpy.float64, 10))
    d = cs.SpMatDescriptor.create(a)
    assert (d.rows, d.cols, d.nnz) == (6, 5, a.nnz) and d.values == a.data.data.ptr
    d.set_attribute(cupric.cuda.cusparse.CUSPARSE_SPMAT_FILL_MODE, cupric.cuda.cusparse.CUSPARSE_FILL_MODE_UPPER)
    coo = cs.SpMatDescriptor.create(a.tocoo())
    assert coo.nnz == a.nnz
    idx, x = cupric.asarray(numpy.array([0, 3], numpy.int32)), cupric.asarray(numpy.array([1.0, 2.0]))
    v = cs.SpVecDescriptor.create(idx, x)
    assert (v.size, v.nnz, v.idx, v.values) == (2, 2, idx.data.ptr, x.data.ptr)
    y = cupric.zeros(4)
    assert cs.DnVecDescriptor.create(y).size == 4
    m = cupric.zeros((3, 2), order="F")
    dm = cs.DnMatDescriptor.create(m)
    assert (dm.rows, dm.cols, dm.ld) == (3, 2, 3)
