"""cupric.cuda.cusparse's legacy s/d/c/z families and index routines on raw pointers, on the GPU,
compared with SciPy/NumPy (issue 20): csrgeam2, nnz/nnz_compress/csr2csr_compress, the sorts,
xcoo2csr/xcsr2coo, csrilu02/csric02/bsrilu02/bsric02 with zeroPivot, the gtsv2 and gpsv solvers."""
import numpy
import pytest
import scipy.linalg
import scipy.sparse
from cusparse_cases import DTYPES, LETTER, block_tridiagonal, buffer, check_factor, scipy_csr, tol
from cusparse_cases import rand_sparse as rand_csr

import cupric
from cupric.cuda import cusparse, device

pytestmark = pytest.mark.gpu

I32 = numpy.int32


def fn(dtype, name):
    return getattr(cusparse, LETTER[dtype] + name)


def dev(a):
    """(data, indices, indptr) of a SciPy CSR/CSC matrix on the device, indices as int32."""
    return cupric.asarray(a.data), cupric.asarray(a.indices.astype(I32)), cupric.asarray(a.indptr.astype(I32))


@pytest.fixture
def handle():
    h = device.get_cusparse_handle()
    cusparse.setPointerMode(h, cusparse.CUSPARSE_POINTER_MODE_HOST)
    return h


@pytest.fixture
def descr():
    d = cusparse.createMatDescr()
    yield d
    cusparse.destroyMatDescr(d)


@pytest.mark.parametrize("dtype", DTYPES)
def test_csrgeam2(handle, descr, dtype):
    m, n = 6, 5
    A, B = rand_csr(m, n, 0.4, dtype, 0), rand_csr(m, n, 0.4, dtype, 1)
    (av, ai, ap), (bv, bi, bp) = dev(A), dev(B)
    alpha, beta = numpy.array(2, dtype), numpy.array(-3, dtype)
    cp = cupric.empty(m + 1, I32)
    common = (handle, m, n, alpha.ctypes.data, descr, A.nnz, av.data.ptr, ap.data.ptr, ai.data.ptr, beta.ctypes.data,
              descr, B.nnz, bv.data.ptr, bp.data.ptr, bi.data.ptr, descr)
    buf = buffer(fn(dtype, "csrgeam2_bufferSizeExt")(*common, 0, cp.data.ptr, 0))
    nnz = numpy.zeros((), I32)
    cusparse.xcsrgeam2Nnz(handle, m, n, descr, A.nnz, ap.data.ptr, ai.data.ptr, descr, B.nnz, bp.data.ptr,
                          bi.data.ptr, descr, cp.data.ptr, nnz.ctypes.data, buf.data.ptr)
    cv, ci = cupric.empty(int(nnz), dtype), cupric.empty(int(nnz), I32)
    assert fn(dtype, "csrgeam2")(*common, cv.data.ptr, cp.data.ptr, ci.data.ptr, buf.data.ptr) is None
    C = scipy_csr(cv, ci, cp, (m, n))
    numpy.testing.assert_allclose(C.toarray(), (2 * A - 3 * B).toarray(), rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_nnz_and_compress(handle, descr, dtype):
    m, n = 5, 4
    dense = rand_csr(m, n, 0.5, dtype, 2).toarray()
    a = cupric.asarray(numpy.asfortranarray(dense))
    per_row, total = cupric.empty(m, I32), numpy.zeros((), I32)
    fn(dtype, "nnz")(handle, cusparse.CUSPARSE_DIRECTION_ROW, m, n, descr, a.data.ptr, m, per_row.data.ptr,
                     total.ctypes.data)
    assert int(total) == numpy.count_nonzero(dense)
    numpy.testing.assert_array_equal(cupric.asnumpy(per_row), numpy.count_nonzero(dense, axis=1))
    A = scipy.sparse.csr_matrix(dense)
    av, ai, ap = dev(A)
    t = 0.5
    nnz_c = fn(dtype, "nnz_compress")(handle, m, descr, av.data.ptr, ap.data.ptr, per_row.data.ptr, t)
    keep = numpy.abs(A.data) > t
    assert nnz_c == keep.sum()
    cv, ci, cp = cupric.zeros(nnz_c, dtype), cupric.zeros(nnz_c, I32), cupric.empty(m + 1, I32)
    fn(dtype, "csr2csr_compress")(handle, m, n, descr, av.data.ptr, ai.data.ptr, ap.data.ptr, A.nnz,
                                  per_row.data.ptr, cv.data.ptr, ci.data.ptr, cp.data.ptr, t)
    C = scipy_csr(cv, ci, cp, (m, n))
    numpy.testing.assert_allclose(C.toarray(), numpy.where(numpy.abs(dense) > t, dense, 0), rtol=tol(dtype))


def test_sorts_and_index_conversions(handle, descr):
    rng = numpy.random.default_rng(3)
    m, n, nnz = 6, 5, 12
    flat = rng.choice(m * n, nnz, replace=False)
    rows, cols = (flat // n).astype(I32), (flat % n).astype(I32)
    vals = rng.standard_normal(nnz)
    # COO by row, values permuted through the identity permutation and gather (CuPy's coosort).
    r, c, v = cupric.asarray(rows), cupric.asarray(cols), cupric.asarray(vals)
    buf = buffer(cusparse.xcoosort_bufferSizeExt(handle, m, n, nnz, r.data.ptr, c.data.ptr))
    P = cupric.empty(nnz, I32)
    cusparse.createIdentityPermutation(handle, nnz, P.data.ptr)
    cusparse.xcoosortByRow(handle, m, n, nnz, r.data.ptr, c.data.ptr, P.data.ptr, buf.data.ptr)
    order = numpy.lexsort((cols, rows))
    numpy.testing.assert_array_equal(cupric.asnumpy(r), rows[order])
    sorted_v = cupric.empty(nnz)
    x = cusparse.createSpVec(nnz, nnz, P.data.ptr, sorted_v.data.ptr, cusparse.CUSPARSE_INDEX_32I,
                             cusparse.CUSPARSE_INDEX_BASE_ZERO, cupric.cuda.runtime.CUDA_R_64F)
    y = cusparse.createDnVec(nnz, v.data.ptr, cupric.cuda.runtime.CUDA_R_64F)
    cusparse.gather(handle, y, x)
    numpy.testing.assert_array_equal(cupric.asnumpy(sorted_v), vals[order])
    cusparse.destroySpVec(x)
    cusparse.destroyDnVec(y)
    cusparse.xcoosortByColumn(handle, m, n, nnz, r.data.ptr, c.data.ptr, P.data.ptr, buf.data.ptr)
    numpy.testing.assert_array_equal(cupric.asnumpy(c), numpy.sort(cols))
    assert sorted(zip(cupric.asnumpy(r).tolist(), cupric.asnumpy(c).tolist())) == sorted(zip(rows.tolist(),
                                                                                          cols.tolist()))
    # xcoo2csr / xcsr2coo on the row-sorted rows.
    rows_sorted = numpy.sort(rows)
    ptr = cupric.empty(m + 1, I32)
    cusparse.xcoo2csr(handle, cupric.asarray(rows_sorted).data.ptr, nnz, m, ptr.data.ptr,
                      cusparse.CUSPARSE_INDEX_BASE_ZERO)
    expect_ptr = numpy.concatenate([[0], numpy.cumsum(numpy.bincount(rows_sorted, minlength=m))])
    numpy.testing.assert_array_equal(cupric.asnumpy(ptr), expect_ptr)
    back = cupric.empty(nnz, I32)
    cusparse.xcsr2coo(handle, ptr.data.ptr, nnz, m, back.data.ptr, cusparse.CUSPARSE_INDEX_BASE_ZERO)
    numpy.testing.assert_array_equal(cupric.asnumpy(back), rows_sorted)
    # xcsrsort / xcscsort: column indices of each row (row indices of each column) sorted in place.
    A = scipy.sparse.random(m, n, density=0.5, format="csr", random_state=rng)
    A.sort_indices()
    ind = A.indices.copy()
    for i in range(m):
        ind[A.indptr[i]:A.indptr[i + 1]] = ind[A.indptr[i]:A.indptr[i + 1]][::-1]
    # (xcscsort reads the same arrays as the CSC form of the n x m transpose.)
    for sort_size, sort, dims in ((cusparse.xcsrsort_bufferSizeExt, cusparse.xcsrsort, (m, n)),
                                  (cusparse.xcscsort_bufferSizeExt, cusparse.xcscsort, (n, m))):
        p, j = cupric.asarray(A.indptr.astype(I32)), cupric.asarray(ind.astype(I32))
        buf = buffer(sort_size(handle, dims[0], dims[1], A.nnz, p.data.ptr, j.data.ptr))
        P = cupric.empty(A.nnz, I32)
        cusparse.createIdentityPermutation(handle, A.nnz, P.data.ptr)
        sort(handle, dims[0], dims[1], A.nnz, descr, p.data.ptr, j.data.ptr, P.data.ptr, buf.data.ptr)
        numpy.testing.assert_array_equal(cupric.asnumpy(j), A.indices)


def factorise(handle, dtype, kind, args):
    """The bufferSize / analysis / factorisation sequence of `kind` (csrilu02, csric02, bsrilu02,
    bsric02) on `args` (ending with the info), checking for zero pivots after both phases."""
    buf, pos = buffer(fn(dtype, kind + "_bufferSize")(*args)), numpy.full(1, -7, I32)
    policy = cusparse.CUSPARSE_SOLVE_POLICY_USE_LEVEL
    fn(dtype, kind + "_analysis")(*args, policy, buf.data.ptr)
    zero_pivot = getattr(cusparse, "x" + kind + "_zeroPivot")
    zero_pivot(handle, args[-1], pos.ctypes.data)  # no structural zero: no error
    if "ilu" in kind:
        boost_tol, boost = numpy.array(0.0), numpy.array(0, dtype)
        fn(dtype, kind + "_numericBoost")(handle, args[-1], 0, boost_tol.ctypes.data, boost.ctypes.data)
    fn(dtype, kind)(*args, policy, buf.data.ptr)
    zero_pivot(handle, args[-1], pos.ctypes.data)


def info_calls(kind):
    """(create, destroy) of `kind`'s info object: createCsrilu02Info / destroyCsrilu02Info, ..."""
    name = kind[0].upper() + kind[1:] + "Info"
    return getattr(cusparse, "create" + name), getattr(cusparse, "destroy" + name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["csrilu02", "csric02"])
def test_csr_incomplete_factorisations(handle, descr, dtype, kind):
    dense = block_tridiagonal(5, 1, dtype, 4)  # tridiagonal: ILU(0) = LU, IC(0) = Cholesky
    A = scipy.sparse.csr_matrix(dense)
    av, ai, ap = dev(A)
    create, destroy = info_calls(kind)
    info = create()
    factorise(handle, dtype, kind, (handle, len(dense), A.nnz, descr, av.data.ptr, ap.data.ptr, ai.data.ptr, info))
    check_factor(kind, scipy_csr(av, A.indices, A.indptr, A.shape).toarray(), dense, dtype)
    destroy(info)


def test_csrilu02_zero_pivot_reports_the_missing_diagonal(handle, descr):
    dense = numpy.array([[2.0, 1.0, 0.0], [1.0, 0.0, 1.0], [0.0, 1.0, 2.0]])
    A = scipy.sparse.csr_matrix(dense)
    av, ai, ap = dev(A)
    info = cusparse.createCsrilu02Info()
    args = (handle, 3, A.nnz, descr, av.data.ptr, ap.data.ptr, ai.data.ptr, info)
    buf, pos = buffer(cusparse.dcsrilu02_bufferSize(*args)), numpy.full(1, -7, I32)
    cusparse.dcsrilu02_analysis(*args, cusparse.CUSPARSE_SOLVE_POLICY_NO_LEVEL, buf.data.ptr)
    with pytest.raises(cusparse.CuSparseError, match="CUSPARSE_STATUS_ZERO_PIVOT") as e:
        cusparse.xcsrilu02_zeroPivot(handle, info, pos.ctypes.data)
    assert e.value.status == 9 and pos[0] == 1
    cusparse.destroyCsrilu02Info(info)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["bsrilu02", "bsric02"])
def test_bsr_incomplete_factorisations(handle, descr, dtype, kind):
    bs = 2
    dense = block_tridiagonal(4, bs, dtype, 5)  # no fill outside the blocks: exact LU / Cholesky
    A = scipy.sparse.bsr_matrix(dense, blocksize=(bs, bs))
    A.sort_indices()
    val = cupric.asarray(numpy.ascontiguousarray(A.data))  # blocks row-major: CUSPARSE_DIRECTION_ROW
    ptr, ind = cupric.asarray(A.indptr.astype(I32)), cupric.asarray(A.indices.astype(I32))
    create, destroy = info_calls(kind)
    info = create()
    factorise(handle, dtype, kind, (handle, cusparse.CUSPARSE_DIRECTION_ROW, len(dense) // bs, len(A.indices), descr,
                                    val.data.ptr, ptr.data.ptr, ind.data.ptr, bs, info))
    got = scipy.sparse.bsr_matrix((cupric.asnumpy(val), A.indices, A.indptr), shape=A.shape).toarray()
    check_factor(kind, got, dense, dtype)
    destroy(info)


def tridiagonal_system(m, k, dtype, seed):
    rng = numpy.random.default_rng(seed)
    cast = (lambda x: x + 1j * rng.standard_normal(x.shape)) if numpy.dtype(dtype).kind == "c" else (lambda x: x)
    dl, du = cast(rng.standard_normal(m)), cast(rng.standard_normal(m))
    d = cast(rng.standard_normal(m)) + 6
    dl[0] = 0
    du[-1] = 0
    b = cast(rng.standard_normal((m, k)))
    a = numpy.diag(d) + numpy.diag(dl[1:], -1) + numpy.diag(du[:-1], 1)
    return [x.astype(dtype) for x in (dl, d, du, b)], a


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["gtsv2", "gtsv2_nopivot"])
def test_gtsv2(handle, dtype, name):
    m, k = 7, 3
    (dl, d, du, b), a = tridiagonal_system(m, k, dtype, 6)
    dl_, d_, du_ = (cupric.asarray(x) for x in (dl, d, du))
    B = cupric.asarray(numpy.asfortranarray(b))
    args = (handle, m, k, dl_.data.ptr, d_.data.ptr, du_.data.ptr, B.data.ptr, m)
    buf = buffer(fn(dtype, name + "_bufferSizeExt")(*args))
    fn(dtype, name)(*args, buf.data.ptr)
    numpy.testing.assert_allclose(cupric.asnumpy(B), scipy.linalg.solve(a, b), rtol=tol(dtype) * 10,
                                  atol=tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_gtsv2_strided_and_interleaved_batches(handle, dtype):
    m, batch = 6, 4
    systems = [tridiagonal_system(m, 1, dtype, 10 + i) for i in range(batch)]
    want = numpy.stack([scipy.linalg.solve(a, b[:, 0]) for (_, _, _, b), a in systems])
    # Strided: system i at offset i * stride (stride >= m).
    stride = m + 2
    cols = []
    for j in range(4):
        arr = numpy.zeros(batch * stride, dtype)
        for i, (xs, _) in enumerate(systems):
            arr[i * stride:i * stride + m] = xs[j].ravel()
        cols.append(cupric.asarray(arr))
    args = (handle, m, *(c.data.ptr for c in cols), batch, stride)
    buf = buffer(fn(dtype, "gtsv2StridedBatch_bufferSizeExt")(*args))
    fn(dtype, "gtsv2StridedBatch")(*args, buf.data.ptr)
    got = cupric.asnumpy(cols[3]).reshape(batch, stride)[:, :m]
    numpy.testing.assert_allclose(got, want, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
    # Interleaved: element k of system i at k * batch + i; algo 0 (Thomas), 1 (LU), 2 (QR).
    for algo in (0, 1, 2):
        inter = [cupric.asarray(numpy.stack([xs[j].ravel() for xs, _ in systems], axis=1).ravel())
                 for j in range(4)]
        args = (handle, algo, m, *(c.data.ptr for c in inter), batch)
        buf = buffer(fn(dtype, "gtsvInterleavedBatch_bufferSizeExt")(*args))
        fn(dtype, "gtsvInterleavedBatch")(*args, buf.data.ptr)
        got = cupric.asnumpy(inter[3]).reshape(m, batch).T
        numpy.testing.assert_allclose(got, want, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_gpsv_interleaved_batch(handle, dtype):
    m, batch = 7, 3
    rng = numpy.random.default_rng(7)
    cast = (lambda x: x + 1j * rng.standard_normal(x.shape)) if numpy.dtype(dtype).kind == "c" else (lambda x: x)
    diags = [cast(rng.standard_normal((batch, m))) for _ in range(5)]  # ds, dl, d, du, dw
    diags[2] = diags[2] + 10
    diags[0][:, :2] = 0
    diags[1][:, :1] = 0
    diags[3][:, -1:] = 0
    diags[4][:, -2:] = 0
    b = cast(rng.standard_normal((batch, m)))
    want = []
    for i in range(batch):
        a = sum(numpy.diag(diags[j][i][max(0, -off):m - max(0, off)], off)
                for j, off in zip(range(5), (-2, -1, 0, 1, 2)))
        want.append(scipy.linalg.solve(a, b[i]))
    # Row r of system i: ds[r] x[r-2] + dl[r] x[r-1] + d[r] x[r] + du[r] x[r+1] + dw[r] x[r+2].
    arrays = [cupric.asarray(numpy.ascontiguousarray(x.T.astype(dtype)).ravel()) for x in (*diags, b)]
    args = (handle, 0, m, *(x.data.ptr for x in arrays), batch)
    buf = buffer(fn(dtype, "gpsvInterleavedBatch_bufferSizeExt")(*args))
    fn(dtype, "gpsvInterleavedBatch")(*args, buf.data.ptr)
    got = cupric.asnumpy(arrays[5]).reshape(m, batch).T
    numpy.testing.assert_allclose(got, numpy.stack(want), rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
