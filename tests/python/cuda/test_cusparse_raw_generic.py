"""cupric.cuda.cusparse's generic API on raw pointers, on the GPU, compared with SciPy/NumPy (issue
20): SpVec descriptors, the descriptors' getters and setters (CuPy's attribute records), spVV,
gather, sparseToDense/denseToSparse, csr2cscEx2, spSM, spGEMM and spGEAM."""
import numpy
import pytest
import scipy.linalg
import scipy.sparse
from cusparse_cases import DTYPES, assert_csr_arrays, buffer, scipy_csr, tol
from cusparse_cases import rand_sparse as rand_csr

import cupric
from cupric.cuda import cusparse, device, runtime

pytestmark = pytest.mark.gpu

VT = {numpy.float32: runtime.CUDA_R_32F, numpy.float64: runtime.CUDA_R_64F, numpy.complex64: runtime.CUDA_C_32F,
      numpy.complex128: runtime.CUDA_C_64F}
I32, IDX32, BASE0 = numpy.int32, cusparse.CUSPARSE_INDEX_32I, cusparse.CUSPARSE_INDEX_BASE_ZERO
OP_N = cusparse.CUSPARSE_OPERATION_NON_TRANSPOSE


class Csr:
    """A SciPy CSR matrix on the device with its SpMat descriptor (``desc``)."""

    def __init__(self, a):
        self.shape, self.nnz, self.dtype = a.shape, a.nnz, a.dtype.type
        self.data, self.indices = cupric.asarray(a.data), cupric.asarray(a.indices.astype(I32))
        self.indptr = cupric.asarray(a.indptr.astype(I32))
        self.desc = cusparse.createCsr(*a.shape, a.nnz, self.indptr.data.ptr, self.indices.data.ptr,
                                       self.data.data.ptr, IDX32, IDX32, BASE0, VT[self.dtype])

    def __del__(self):
        cusparse.destroySpMat(self.desc)


@pytest.fixture
def handle():
    h = device.get_cusparse_handle()
    cusparse.setPointerMode(h, cusparse.CUSPARSE_POINTER_MODE_HOST)
    return h


def test_build_version_is_the_loaded_librarys():
    major, minor, patch = (cusparse.getProperty(k) for k in (cusparse.MAJOR_VERSION, cusparse.MINOR_VERSION,
                                                              cusparse.PATCH_LEVEL))
    assert cusparse.get_build_version() == major * 1000 + minor * 100 + patch >= 12000


def test_descriptor_getters_and_setters():
    A = rand_csr(5, 4, 0.5, numpy.float64, 0)
    a = Csr(A)
    attrs = cusparse.csrGet(a.desc)
    assert isinstance(attrs, cusparse.CsrAttributes)
    assert (attrs.rows, attrs.cols, attrs.nnz, attrs.rowOffsets, attrs.colIdx, attrs.values) == (
        5, 4, A.nnz, a.indptr.data.ptr, a.indices.data.ptr, a.data.data.ptr)
    assert (attrs.rowOffsetType, attrs.colIdxType, attrs.idxBase, attrs.valueType) == (IDX32, IDX32, BASE0,
                                                                                        runtime.CUDA_R_64F)
    assert cusparse.spMatGetValues(a.desc) == a.data.data.ptr
    other = cupric.zeros_like(a.data)
    cusparse.spMatSetValues(a.desc, other.data.ptr)
    assert cusparse.csrGet(a.desc).values == other.data.ptr
    cusparse.csrSetPointers(a.desc, a.indptr.data.ptr, a.indices.data.ptr, a.data.data.ptr)
    assert cusparse.spMatGetValues(a.desc) == a.data.data.ptr
    assert cusparse.spMatGetStridedBatch(a.desc) == 1
    sizes = numpy.zeros(3, numpy.int64)
    cusparse.spMatGetSize(a.desc, sizes[0:].ctypes.data, sizes[1:].ctypes.data, sizes[2:].ctypes.data)
    assert sizes.tolist() == [5, 4, A.nnz] == list(cusparse.spMatGetSize(a.desc))
    cusparse.spMatSetAttribute(a.desc, cusparse.CUSPARSE_SPMAT_FILL_MODE, cusparse.CUSPARSE_FILL_MODE_UPPER)
    coo = A.tocoo()
    r, c, v = (cupric.asarray(x) for x in (coo.row.astype(I32), coo.col.astype(I32), coo.data))
    dcoo = cusparse.createCoo(5, 4, coo.nnz, r.data.ptr, c.data.ptr, v.data.ptr, IDX32, BASE0, runtime.CUDA_R_64F)
    got = cusparse.cooGet(dcoo)
    assert isinstance(got, cusparse.CooAttributes)
    assert (got.rows, got.cols, got.nnz, got.rowIdx, got.colIdx, got.values, got.idxType) == (
        5, 4, coo.nnz, r.data.ptr, c.data.ptr, v.data.ptr, IDX32)
    cusparse.destroySpMat(dcoo)
    x = cupric.zeros(6, numpy.complex64)
    dv = cusparse.createDnVec(6, x.data.ptr, runtime.CUDA_C_32F)
    got = cusparse.dnVecGet(dv)
    assert (got.size, got.values, got.valueType) == (6, x.data.ptr, runtime.CUDA_C_32F)
    y = cupric.zeros(6, numpy.complex64)
    cusparse.dnVecSetValues(dv, y.data.ptr)
    assert cusparse.dnVecGetValues(dv) == y.data.ptr
    cusparse.destroyDnVec(dv)
    m = cupric.zeros((3, 4), numpy.float32, order="F")
    dm = cusparse.createDnMat(3, 2, 3, m.data.ptr, runtime.CUDA_R_32F, cusparse.CUSPARSE_ORDER_COL)
    got = cusparse.dnMatGet(dm)
    assert (got.rows, got.cols, got.ld, got.values, got.valueType, got.order) == (
        3, 2, 3, m.data.ptr, runtime.CUDA_R_32F, cusparse.CUSPARSE_ORDER_COL)
    cusparse.dnMatSetStridedBatch(dm, 2, 6)
    batch = cusparse.dnMatGetStridedBatch(dm)
    assert isinstance(batch, cusparse.DnMatBatchAttributes) and (batch.count, batch.stride) == (2, 6)
    cusparse.dnMatSetValues(dm, m.data.ptr + 4)
    assert cusparse.dnMatGetValues(dm) == m.data.ptr + 4
    cusparse.destroyDnMat(dm)


@pytest.mark.parametrize("dtype", DTYPES)
def test_spvec_spvv_and_gather(handle, dtype):
    rng = numpy.random.default_rng(1)
    idx = numpy.array([0, 3, 4, 8], I32)
    xv = rng.standard_normal(4).astype(dtype) * (1 + 1j if numpy.dtype(dtype).kind == "c" else 1)
    yv = rng.standard_normal(10).astype(dtype)
    i, x, y = cupric.asarray(idx), cupric.asarray(xv), cupric.asarray(yv)
    sv = cusparse.createSpVec(10, 4, i.data.ptr, x.data.ptr, IDX32, BASE0, VT[dtype])
    got = cusparse.spVecGet(sv)
    assert isinstance(got, cusparse.SpVecAttributes)
    assert (got.size, got.nnz, got.idx, got.values, got.idxType, got.idxBase, got.valueType) == (
        10, 4, i.data.ptr, x.data.ptr, IDX32, BASE0, VT[dtype])
    assert cusparse.spVecGetIndexBase(sv) == BASE0 and cusparse.spVecGetValues(sv) == x.data.ptr
    dy = cusparse.createDnVec(10, y.data.ptr, VT[dtype])
    result = numpy.zeros((), dtype)
    buf = buffer(cusparse.spVV_bufferSize(handle, OP_N, sv, dy, result.ctypes.data, VT[dtype]))
    cusparse.spVV(handle, OP_N, sv, dy, result.ctypes.data, VT[dtype], buf.data.ptr)
    cupric.cuda.get_current_stream().synchronize()
    numpy.testing.assert_allclose(result, numpy.sum(xv * yv[idx]), rtol=tol(dtype) * 10)
    gathered = cupric.zeros(4, dtype)
    cusparse.spVecSetValues(sv, gathered.data.ptr)
    cusparse.gather(handle, dy, sv)  # x[k] = y[idx[k]]
    numpy.testing.assert_array_equal(cupric.asnumpy(gathered), yv[idx])
    cusparse.destroySpVec(sv)
    cusparse.destroyDnVec(dy)


@pytest.mark.parametrize("dtype", DTYPES)
def test_sparse_to_dense_and_back(handle, dtype):
    m, n = 6, 5
    A = rand_csr(m, n, 0.4, dtype, 2)
    a = Csr(A)
    out = cupric.zeros((m, n), dtype, order="F")
    dm = cusparse.createDnMat(m, n, m, out.data.ptr, VT[dtype], cusparse.CUSPARSE_ORDER_COL)
    alg = cusparse.CUSPARSE_SPARSETODENSE_ALG_DEFAULT
    buf = buffer(cusparse.sparseToDense_bufferSize(handle, a.desc, dm, alg))
    cusparse.sparseToDense(handle, a.desc, dm, alg, buf.data.ptr)
    numpy.testing.assert_array_equal(cupric.asnumpy(out), A.toarray())
    # denseToSparse into a CSR whose arrays are set once the size is known (CuPy's denseToSparse).
    indptr = cupric.empty(m + 1, I32)
    sp = cusparse.createCsr(m, n, 0, indptr.data.ptr, 0, 0, IDX32, IDX32, BASE0, VT[dtype])
    alg = cusparse.CUSPARSE_DENSETOSPARSE_ALG_DEFAULT
    buf = buffer(cusparse.denseToSparse_bufferSize(handle, dm, sp, alg))
    cusparse.denseToSparse_analysis(handle, dm, sp, alg, buf.data.ptr)
    nnz = cusparse.spMatGetSize(sp)[2]
    assert nnz == A.nnz
    indices, data = cupric.empty(nnz, I32), cupric.empty(nnz, dtype)
    cusparse.csrSetPointers(sp, indptr.data.ptr, indices.data.ptr, data.data.ptr)
    cusparse.denseToSparse_convert(handle, dm, sp, alg, buf.data.ptr)
    assert_csr_arrays(indptr, indices, data, A)
    cusparse.destroySpMat(sp)
    cusparse.destroyDnMat(dm)


@pytest.mark.parametrize("dtype", DTYPES)
def test_csr2cscEx2(handle, dtype):
    m, n = 6, 4
    A = rand_csr(m, n, 0.5, dtype, 3)
    a = Csr(A)
    val, ptr, ind = cupric.empty(A.nnz, dtype), cupric.empty(n + 1, I32), cupric.empty(A.nnz, I32)
    args = (handle, m, n, A.nnz, a.data.data.ptr, a.indptr.data.ptr, a.indices.data.ptr, val.data.ptr, ptr.data.ptr,
            ind.data.ptr, VT[dtype], cusparse.CUSPARSE_ACTION_NUMERIC, BASE0, cusparse.CUSPARSE_CSR2CSC_ALG1)
    buf = buffer(cusparse.csr2cscEx2_bufferSize(*args))
    cusparse.csr2cscEx2(*args, buf.data.ptr)
    C = A.tocsc()
    C.sort_indices()
    assert_csr_arrays(ptr, ind, val, C)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
def test_spsm(handle, dtype, lower):
    m, k = 6, 3
    dense = rand_csr(m, m, 0.6, dtype, 4).toarray() + numpy.eye(m, dtype=dtype) * 3
    tri = numpy.tril(dense) if lower else numpy.triu(dense)
    a = Csr(scipy.sparse.csr_matrix(tri))
    cusparse.spMatSetAttribute(a.desc, cusparse.CUSPARSE_SPMAT_FILL_MODE,
                               cusparse.CUSPARSE_FILL_MODE_LOWER if lower else cusparse.CUSPARSE_FILL_MODE_UPPER)
    cusparse.spMatSetAttribute(a.desc, cusparse.CUSPARSE_SPMAT_DIAG_TYPE, cusparse.CUSPARSE_DIAG_TYPE_NON_UNIT)
    bh = numpy.asfortranarray(numpy.random.default_rng(5).standard_normal((m, k)).astype(dtype))
    b, c = cupric.asarray(bh), cupric.zeros((m, k), dtype, order="F")
    db = cusparse.createDnMat(m, k, m, b.data.ptr, VT[dtype], cusparse.CUSPARSE_ORDER_COL)
    dc = cusparse.createDnMat(m, k, m, c.data.ptr, VT[dtype], cusparse.CUSPARSE_ORDER_COL)
    alpha = numpy.array(2, dtype)
    descr = cusparse.spSM_createDescr()
    alg = cusparse.CUSPARSE_SPSM_ALG_DEFAULT
    args = (handle, OP_N, OP_N, alpha.ctypes.data, a.desc, db, dc, VT[dtype], alg, descr)
    buf = buffer(cusparse.spSM_bufferSize(*args))
    cusparse.spSM_analysis(*args, buf.data.ptr)
    cusparse.spSM_solve(*args)
    numpy.testing.assert_allclose(cupric.asnumpy(c), scipy.linalg.solve(tri, 2 * bh), rtol=tol(dtype) * 10,
                                  atol=tol(dtype) * 10)
    cusparse.spSM_destroyDescr(descr)
    cusparse.destroyDnMat(db)
    cusparse.destroyDnMat(dc)


@pytest.mark.parametrize("dtype", DTYPES)
def test_spgemm(handle, dtype):
    A, B = rand_csr(5, 6, 0.4, dtype, 6), rand_csr(6, 4, 0.4, dtype, 7)
    a, b = Csr(A), Csr(B)
    indptr = cupric.empty(6, I32)
    c = cusparse.createCsr(5, 4, 0, indptr.data.ptr, 0, 0, IDX32, IDX32, BASE0, VT[dtype])
    alpha, beta = numpy.array(3, dtype), numpy.array(0, dtype)
    alg = cusparse.CUSPARSE_SPGEMM_DEFAULT
    descr = cusparse.spGEMM_createDescr()
    head = (handle, OP_N, OP_N, alpha.ctypes.data, a.desc, b.desc, beta.ctypes.data, c, VT[dtype], alg, descr)
    size1 = cusparse.spGEMM_workEstimation(*head, 0, 0)
    buf1 = buffer(size1)
    cusparse.spGEMM_workEstimation(*head, size1, buf1.data.ptr)
    size2 = cusparse.spGEMM_compute(*head, 0, 0)
    buf2 = buffer(size2)
    cusparse.spGEMM_compute(*head, size2, buf2.data.ptr)
    nnz = cusparse.spMatGetSize(c)[2]
    indices, data = cupric.empty(nnz, I32), cupric.empty(nnz, dtype)
    cusparse.csrSetPointers(c, indptr.data.ptr, indices.data.ptr, data.data.ptr)
    cusparse.spGEMM_copy(*head)
    C = scipy_csr(data, indices, indptr, (5, 4))
    numpy.testing.assert_allclose(C.toarray(), 3 * (A @ B).toarray(), rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
    cusparse.spGEMM_destroyDescr(descr)
    cusparse.destroySpMat(c)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64])
def test_spgeam(handle, dtype):
    try:
        descr = cusparse.spGEAM_createDescr()
    except RuntimeError as e:  # cuSPARSE before CUDA 13.3 has no SpGEAM (CuPy's check_availability says so)
        pytest.skip(f"this libcusparse has no SpGEAM: {e}")
    A, B = rand_csr(5, 4, 0.4, dtype, 8), rand_csr(5, 4, 0.4, dtype, 9)
    a, b = Csr(A), Csr(B)
    indptr = cupric.empty(6, I32)
    c = cusparse.createCsr(5, 4, 0, indptr.data.ptr, 0, 0, IDX32, IDX32, BASE0, VT[dtype])
    alpha, beta = numpy.array(2, dtype), numpy.array(-1, dtype)
    head = (handle, OP_N, OP_N, alpha.ctypes.data, a.desc, beta.ctypes.data, b.desc, c, VT[dtype],
            cusparse.CUSPARSE_SPGEAM_ALG_DEFAULT, descr)
    buf = buffer(cusparse.spGEAM_bufferSize(*head))
    cusparse.spGEAM_nnz(*head, buf.data.ptr)
    nnz = cusparse.spMatGetSize(c)[2]
    indices, data = cupric.empty(nnz, I32), cupric.empty(nnz, dtype)
    cusparse.csrSetPointers(c, indptr.data.ptr, indices.data.ptr, data.data.ptr)
    cusparse.spGEAM(*head, buf.data.ptr)
    C = scipy_csr(data, indices, indptr, (5, 4))
    numpy.testing.assert_allclose(C.toarray(), (2 * A - B).toarray(), rtol=tol(dtype) * 10)
    cusparse.spGEAM_destroyDescr(descr)
    cusparse.destroySpMat(c)
