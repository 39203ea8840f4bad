"""cupric.cuda.cusolver's routine families beyond the first LAPACK set (issue 20): batched
Cholesky, the Jacobi eigen/SVD solvers and their info objects, gesvda, sytrf, gebrd, the
mixed-precision IRS solvers, the 64-bit xsyevd/xgeev and cusolverSp's CSR solvers. Every name of
CuPy 14.2's module exists and raises the clear error without a GPU; on the GPU each family runs on
small column-major matrices and is compared with NumPy/SciPy."""
import numpy
import pytest
import scipy.linalg
import scipy.sparse

import cupric
import cupric.cuda as cuda
from cupric.cuda import cusolver, runtime
import lowlevel_cases as lc

TYPES = [("s", numpy.float32), ("d", numpy.float64), ("c", numpy.complex64), ("z", numpy.complex128)]
IRS = ("zz", "zc", "zk", "zy", "cc", "ck", "cy", "dd", "ds", "dh", "dx", "ss", "sh", "sx")
LOWER, VECTOR = cusolver.CUBLAS_FILL_MODE_LOWER, cusolver.CUSOLVER_EIG_MODE_VECTOR

# CuPy 14.2's names this file covers (cupy_backends.cuda.libs.cusolver), by family.
FAMILIES = {
    "sdcz": ("potrfBatched", "potrsBatched", "sytrf", "sytrf_bufferSize", "gebrd", "gebrd_bufferSize", "gesvdj",
             "gesvdj_bufferSize", "gesvdjBatched", "gesvdjBatched_bufferSize", "gesvdaStridedBatched",
             "gesvdaStridedBatched_bufferSize", "csrlsvqr", "csrlsvchol", "csreigvsi"),
    "sd": ("syevj", "syevj_bufferSize", "syevjBatched", "syevjBatched_bufferSize"),
    "cz": ("heevj", "heevj_bufferSize", "heevjBatched", "heevjBatched_bufferSize", "ormqr"),
}
SINGLE = ("createSyevjInfo", "destroySyevjInfo", "xsyevjSetTolerance", "xsyevjSetMaxSweeps", "xsyevjSetSortEig",
          "xsyevjGetResidual", "xsyevjGetSweeps", "createGesvdjInfo", "destroyGesvdjInfo", "xgesvdjSetTolerance",
          "xgesvdjSetMaxSweeps", "xgesvdjSetSortEig", "xgesvdjGetResidual", "xgesvdjGetSweeps", "createParams",
          "destroyParams", "xsyevd", "xsyevd_bufferSize", "xgeev", "xgeev_bufferSize")


def _all_names():
    names = [t + f for types, fs in FAMILIES.items() for t in types for f in fs]
    names += [p + f for p in IRS for f in ("gesv", "gesv_bufferSize", "gels", "gels_bufferSize")]
    return names + list(SINGLE)


def test_every_family_name_exists_with_cupy_arguments():
    names = _all_names()
    assert len(names) == len(set(names)) == 154  # with the IRS pairs and the info objects
    for name in names:
        assert getattr(cusolver, name).__name__ == name
    # Argument names and order as CuPy's cpdefs; outputs are returned, not passed.
    assert cusolver.dgesvdj_bufferSize.__doc__.startswith(
        "dgesvdj_bufferSize(handle: int, jobz: int, econ: int, m: int, n: int, A: int, lda: int, S: int, U: int, "
        "ldu: int, V: int, ldv: int, params: int) -> int")
    assert cusolver.dsgesv.__doc__.startswith(
        "dsgesv(handle: int, n: int, nrhs: int, dA: int, ldda: int, dipiv: int, dB: int, lddb: int, dX: int, "
        "lddx: int, dwork: int, lwork_bytes: int, dInfo: int) -> int")
    assert cusolver.xsyevjGetResidual.__doc__.startswith("xsyevjGetResidual(handle: int, info: int) -> float")
    assert cusolver.xsyevjSetSortEig.__doc__.startswith("xsyevjSetSortEig(info: int, sort_eig: int)")
    assert cusolver.xgesvdjSetSortEig.__doc__.startswith("xgesvdjSetSortEig(info: int, sort_svd: int)")
    assert "-> tuple[int, int]" in cusolver.xgeev_bufferSize.__doc__
    assert "csrVal: int" in cusolver.zcsrlsvqr.__doc__ and "csrValA: int" in cusolver.dcsrlsvqr.__doc__
    assert "tol: float" in cusolver.scsrlsvchol.__doc__ and "mu0: int" in cusolver.ccsreigvsi.__doc__
    with pytest.raises(TypeError):  # integers only, as CuPy's
        cusolver.dpotrfBatched(0, LOWER, 2.5, 0, 2, 0, 1)


@pytest.mark.skipif(cupric._core.is_cuda_built(), reason="checks a build without the CUDA backend")
def test_family_calls_raise_without_a_gpu():
    calls = (lambda: cusolver.createSyevjInfo(), lambda: cusolver.spotrfBatched(0, LOWER, 2, 0, 2, 0, 1),
             lambda: cusolver.dsgesv_bufferSize(0, 2, 1, 0, 2, 0, 0, 2, 0, 2, 0),
             lambda: cusolver.xgeev_bufferSize(0, 0, 0, 0, 2, 1, 0, 2, 5, 0, 1, 0, 2, 1, 0, 2, 1),
             lambda: cusolver.zcsreigvsi(0, 2, 2, 0, 0, 0, 0, 0, 0, 10, 1e-6, 0, 0))
    for call in calls:
        with pytest.raises(runtime.CUDARuntimeError, match="built without CUDA"):
            call()


# ---- GPU: each family on small matrices ----
def _tol(dtype):
    return lc.tol(dtype, 2e-3, 1e-9)


def _ints(n):
    return cupric.zeros(n, numpy.int32)


def _work(n, dtype):
    return cupric.empty(max(int(n), 1), dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_potrf_potrs_batched_match_cholesky_and_solve(t, dtype):
    rng = numpy.random.default_rng(10)
    batch, n = 3, 4
    spd = numpy.stack([lc.hpd(rng, dtype, n) for _ in range(batch)])
    b = lc.rand(rng, dtype, batch, n, 1)  # potrsBatched solves one right-hand side
    h = cuda.device.get_cusolver_handle()
    a, infos = lc.batch(spd), _ints(batch)
    aptr = lc.pointers(a, batch)  # named: a temporary's memory goes back to the pool before the call
    getattr(cusolver, t + "potrfBatched")(h, LOWER, n, aptr.data.ptr, n, infos.data.ptr, batch)
    assert not cupric.asnumpy(infos).any()
    for i, factor in enumerate(lc.unbatch(a)):
        numpy.testing.assert_allclose(numpy.tril(factor), numpy.linalg.cholesky(spd[i]), rtol=_tol(dtype),
                                      atol=_tol(dtype))
    x, info = lc.batch(b), _ints(1)
    xptr = lc.pointers(x, batch)
    getattr(cusolver, t + "potrsBatched")(h, LOWER, n, 1, aptr.data.ptr, n, xptr.data.ptr, n, info.data.ptr, batch)
    assert int(cupric.asnumpy(info)[0]) == 0
    numpy.testing.assert_allclose(lc.unbatch(x), numpy.linalg.solve(spd, b), rtol=_tol(dtype), atol=_tol(dtype))


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_syevj_with_its_info_object_matches_eigh(t, dtype):
    rng = numpy.random.default_rng(11)
    n = 5
    herm = lc.hpd(rng, dtype, n)
    name = "syevj" if t in "sd" else "heevj"
    h = cuda.device.get_cusolver_handle()
    params = cusolver.createSyevjInfo()
    try:
        cusolver.xsyevjSetTolerance(params, 1e-7 if lc.real_of(dtype) == numpy.float32 else 1e-14)
        cusolver.xsyevjSetMaxSweeps(params, 100)
        cusolver.xsyevjSetSortEig(params, 1)
        a, w, info = lc.col(herm), cupric.empty(n, lc.real_of(dtype)), _ints(1)
        lw = getattr(cusolver, t + name + "_bufferSize")(h, VECTOR, LOWER, n, a.data.ptr, n, w.data.ptr, params)
        work = _work(lw, dtype)
        getattr(cusolver, t + name)(h, VECTOR, LOWER, n, a.data.ptr, n, w.data.ptr, work.data.ptr, lw, info.data.ptr,
                                    params)
        assert int(cupric.asnumpy(info)[0]) == 0
        assert cusolver.xsyevjGetSweeps(h, params) >= 1
        assert 0.0 <= cusolver.xsyevjGetResidual(h, params) < 1e-2
        ww, vecs = cupric.asnumpy(w), cupric.asnumpy(a)
        numpy.testing.assert_allclose(ww, numpy.linalg.eigvalsh(herm), rtol=_tol(dtype), atol=_tol(dtype) * 10)
        numpy.testing.assert_allclose(herm @ vecs, vecs * ww, rtol=_tol(dtype), atol=_tol(dtype) * 20)
    finally:
        cusolver.destroySyevjInfo(params)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_syevj_batched_matches_eigvalsh(t, dtype):
    rng = numpy.random.default_rng(12)
    batch, n = 2, 4
    herm = numpy.stack([lc.hpd(rng, dtype, n) for _ in range(batch)])
    name = "syevjBatched" if t in "sd" else "heevjBatched"
    h = cuda.device.get_cusolver_handle()
    params = cusolver.createSyevjInfo()
    try:
        a, w, info = lc.batch(herm), cupric.empty(batch * n, lc.real_of(dtype)), _ints(batch)
        lw = getattr(cusolver, t + name + "_bufferSize")(h, VECTOR, LOWER, n, a.data.ptr, n, w.data.ptr, params, batch)
        work = _work(lw, dtype)
        getattr(cusolver, t + name)(h, VECTOR, LOWER, n, a.data.ptr, n, w.data.ptr, work.data.ptr, lw, info.data.ptr,
                                    params, batch)
        assert not cupric.asnumpy(info).any()
        numpy.testing.assert_allclose(cupric.asnumpy(w).reshape(batch, n), numpy.linalg.eigvalsh(herm),
                                      rtol=_tol(dtype), atol=_tol(dtype) * 10)
    finally:
        cusolver.destroySyevjInfo(params)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_gesvdj_and_batched_match_svd(t, dtype):
    rng = numpy.random.default_rng(13)
    m, n = 5, 3
    src = lc.rand(rng, dtype, m, n)
    h = cuda.device.get_cusolver_handle()
    params = cusolver.createGesvdjInfo()
    try:
        cusolver.xgesvdjSetTolerance(params, 1e-7 if lc.real_of(dtype) == numpy.float32 else 1e-14)
        cusolver.xgesvdjSetMaxSweeps(params, 100)
        cusolver.xgesvdjSetSortEig(params, 1)
        a, s, info = lc.col(src), cupric.empty(n, lc.real_of(dtype)), _ints(1)
        u, v = cupric.empty((m, n), dtype, order="F"), cupric.empty((n, n), dtype, order="F")
        args = (h, VECTOR, 1, m, n, a.data.ptr, m, s.data.ptr, u.data.ptr, m, v.data.ptr, n)
        lw = getattr(cusolver, t + "gesvdj_bufferSize")(*args, params)
        work = _work(lw, dtype)
        getattr(cusolver, t + "gesvdj")(*args, work.data.ptr, lw, info.data.ptr, params)
        assert int(cupric.asnumpy(info)[0]) == 0
        assert cusolver.xgesvdjGetSweeps(h, params) >= 1 and cusolver.xgesvdjGetResidual(h, params) >= 0.0
        ss = cupric.asnumpy(s)
        numpy.testing.assert_allclose(ss, numpy.linalg.svd(src, compute_uv=False), rtol=_tol(dtype))
        uu, vv = cupric.asnumpy(u), cupric.asnumpy(v)
        numpy.testing.assert_allclose(uu * ss @ vv.conj().T, src, rtol=_tol(dtype), atol=_tol(dtype))

        batch = 2
        srcs = lc.rand(rng, dtype, batch, m, n)
        a, s, info = lc.batch(srcs), cupric.empty(batch * n, lc.real_of(dtype)), _ints(batch)
        u, v = cupric.empty(batch * m * m, dtype), cupric.empty(batch * n * n, dtype)
        args = (h, VECTOR, m, n, a.data.ptr, m, s.data.ptr, u.data.ptr, m, v.data.ptr, n)
        lw = getattr(cusolver, t + "gesvdjBatched_bufferSize")(*args, params, batch)
        work = _work(lw, dtype)
        getattr(cusolver, t + "gesvdjBatched")(*args, work.data.ptr, lw, info.data.ptr, params, batch)
        assert not cupric.asnumpy(info).any()
        numpy.testing.assert_allclose(cupric.asnumpy(s).reshape(batch, n), numpy.linalg.svd(srcs, compute_uv=False),
                                      rtol=_tol(dtype))
    finally:
        cusolver.destroyGesvdjInfo(params)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", [("d", numpy.float64), ("z", numpy.complex128)])
def test_gesvda_strided_batched_matches_svd(t, dtype):
    rng = numpy.random.default_rng(14)
    batch, m, n = 2, 6, 3
    srcs = lc.rand(rng, dtype, batch, m, n)
    h = cuda.device.get_cusolver_handle()
    a, s, info = lc.batch(srcs), cupric.empty(batch * n, lc.real_of(dtype)), _ints(batch)
    u, v = cupric.empty(batch * m * n, dtype), cupric.empty(batch * n * n, dtype)
    args = (h, VECTOR, n, m, n, a.data.ptr, m, m * n, s.data.ptr, n, u.data.ptr, m, m * n, v.data.ptr, n, n * n)
    lw = getattr(cusolver, t + "gesvdaStridedBatched_bufferSize")(*args, batch)
    work = _work(lw, dtype)
    residual = numpy.zeros(batch)  # h_R_nrmF: host memory
    getattr(cusolver, t + "gesvdaStridedBatched")(*args, work.data.ptr, lw, info.data.ptr, residual.ctypes.data, batch)
    cuda.get_current_stream().synchronize()
    assert not cupric.asnumpy(info).any()
    numpy.testing.assert_allclose(cupric.asnumpy(s).reshape(batch, n), numpy.linalg.svd(srcs, compute_uv=False),
                                  rtol=1e-7)
    assert (residual >= 0).all() and (residual < 1e-6).all()


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_sytrf_factor_solves_with_lapack_sytrs(t, dtype):
    rng = numpy.random.default_rng(15)
    n = 5
    m = lc.rand(rng, dtype, n, n)
    sym = (m + m.T + 2 * n * numpy.eye(n)).astype(dtype)  # symmetric (not Hermitian) for c/z, as sytrf takes
    b = lc.rand(rng, dtype, n, 2)
    h = cuda.device.get_cusolver_handle()
    a, ipiv, info = lc.col(sym), _ints(n), _ints(1)
    lw = getattr(cusolver, t + "sytrf_bufferSize")(h, n, a.data.ptr, n)
    work = _work(lw, dtype)
    getattr(cusolver, t + "sytrf")(h, LOWER, n, a.data.ptr, n, ipiv.data.ptr, work.data.ptr, lw, info.data.ptr)
    assert int(cupric.asnumpy(info)[0]) == 0
    (sytrs,) = scipy.linalg.get_lapack_funcs(("sytrs",), dtype=dtype)  # LAPACK's layout: L, D and 1-based pivots
    x, lapack_info = sytrs(cupric.asnumpy(a), cupric.asnumpy(ipiv), b, lower=1)
    assert lapack_info == 0
    numpy.testing.assert_allclose(x, numpy.linalg.solve(sym, b), rtol=_tol(dtype), atol=_tol(dtype))


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_gebrd_bidiagonal_keeps_the_singular_values(t, dtype):
    rng = numpy.random.default_rng(16)
    m, n = 5, 4
    src = lc.rand(rng, dtype, m, n)
    h = cuda.device.get_cusolver_handle()
    real = lc.real_of(dtype)
    a, d, e, info = lc.col(src), cupric.empty(n, real), cupric.empty(n - 1, real), _ints(1)
    tauq, taup = cupric.empty(n, dtype), cupric.empty(n, dtype)
    lw = getattr(cusolver, t + "gebrd_bufferSize")(h, m, n)
    work = _work(lw, dtype)
    getattr(cusolver, t + "gebrd")(h, m, n, a.data.ptr, m, d.data.ptr, e.data.ptr, tauq.data.ptr, taup.data.ptr,
                                   work.data.ptr, lw, info.data.ptr)
    assert int(cupric.asnumpy(info)[0]) == 0
    bidiag = numpy.diag(cupric.asnumpy(d)) + numpy.diag(cupric.asnumpy(e), 1)  # upper bidiagonal (m >= n)
    numpy.testing.assert_allclose(numpy.linalg.svd(bidiag, compute_uv=False), numpy.linalg.svd(src, compute_uv=False),
                                  rtol=_tol(dtype) * 10)


@pytest.mark.gpu
@pytest.mark.parametrize("pair,dtype", [("dd", numpy.float64), ("ds", numpy.float64), ("dh", numpy.float64),
                                        ("zc", numpy.complex128), ("zz", numpy.complex128), ("ss", numpy.float32)])
def test_irs_gesv_and_gels_match_solve_and_lstsq(pair, dtype):
    rng = numpy.random.default_rng(17)
    n, nrhs = 8, 2
    g = (lc.rand(rng, dtype, n, n) + 2 * n * numpy.eye(n)).astype(dtype)
    b = lc.rand(rng, dtype, n, nrhs)
    h = cuda.device.get_cusolver_handle()
    a, bb, x = lc.col(g), lc.col(b), cupric.empty((n, nrhs), dtype, order="F")
    ipiv, info = _ints(n), _ints(1)
    args = (h, n, nrhs, a.data.ptr, n, ipiv.data.ptr, bb.data.ptr, n, x.data.ptr, n)
    lw = getattr(cusolver, pair + "gesv_bufferSize")(*args, 0)
    work = _work(lw, numpy.uint8)
    iters = getattr(cusolver, pair + "gesv")(*args, work.data.ptr, lw, info.data.ptr)
    assert isinstance(iters, int) and int(cupric.asnumpy(info)[0]) == 0
    numpy.testing.assert_allclose(cupric.asnumpy(x), numpy.linalg.solve(g, b), rtol=_tol(dtype), atol=_tol(dtype))

    m = 12
    tall = (lc.rand(rng, dtype, m, n) + numpy.vstack([2 * n * numpy.eye(n), numpy.zeros((m - n, n))])).astype(dtype)
    rhs = lc.rand(rng, dtype, m, nrhs)
    a, bb, x = lc.col(tall), lc.col(rhs), cupric.empty((n, nrhs), dtype, order="F")
    args = (h, m, n, nrhs, a.data.ptr, m, bb.data.ptr, m, x.data.ptr, n)
    lw = getattr(cusolver, pair + "gels_bufferSize")(*args, 0)
    work = _work(lw, numpy.uint8)
    iters = getattr(cusolver, pair + "gels")(*args, work.data.ptr, lw, info.data.ptr)
    assert isinstance(iters, int) and int(cupric.asnumpy(info)[0]) == 0
    numpy.testing.assert_allclose(cupric.asnumpy(x), numpy.linalg.lstsq(tall, rhs, rcond=None)[0], rtol=_tol(dtype),
                                  atol=_tol(dtype))


@pytest.mark.gpu
def test_xsyevd_and_xgeev_with_params_match_numpy():
    rng = numpy.random.default_rng(18)
    n = 5
    sym = lc.hpd(rng, numpy.float64, n)
    h = cuda.device.get_cusolver_handle()
    params = cusolver.createParams()
    try:
        a, w, info = lc.col(sym), cupric.empty(n, numpy.float64), _ints(1)
        f64 = runtime.CUDA_R_64F
        args = (h, params, VECTOR, LOWER, n, f64, a.data.ptr, n, f64, w.data.ptr, f64)
        on_device, on_host = cusolver.xsyevd_bufferSize(*args)
        dwork, hwork = _work(on_device, numpy.uint8), numpy.empty(max(on_host, 1), numpy.uint8)
        cusolver.xsyevd(*args, dwork.data.ptr, on_device, hwork.ctypes.data, on_host, info.data.ptr)
        assert int(cupric.asnumpy(info)[0]) == 0
        numpy.testing.assert_allclose(cupric.asnumpy(w), numpy.linalg.eigvalsh(sym), rtol=1e-10)

        gen = rng.standard_normal((n, n))
        a, w = lc.col(gen), cupric.empty(n, numpy.complex128)
        nov = cusolver.CUSOLVER_EIG_MODE_NOVECTOR
        args = (h, params, nov, nov, n, f64, a.data.ptr, n, runtime.CUDA_C_64F, w.data.ptr, f64, 0, n, f64, 0, n, f64)
        on_device, on_host = cusolver.xgeev_bufferSize(*args)
        dwork, hwork = _work(on_device, numpy.uint8), numpy.empty(max(on_host, 1), numpy.uint8)
        cusolver.xgeev(*args, dwork.data.ptr, on_device, hwork.ctypes.data, on_host, info.data.ptr)
        assert int(cupric.asnumpy(info)[0]) == 0
        numpy.testing.assert_allclose(numpy.sort_complex(cupric.asnumpy(w)), numpy.sort_complex(numpy.linalg.eigvals(gen)),
                                      rtol=1e-9, atol=1e-9)
    finally:
        cusolver.destroyParams(params)


def _csr(dense):
    sp = scipy.sparse.csr_matrix(dense)
    return (cupric.asarray(sp.data), cupric.asarray(sp.indptr.astype(numpy.int32)),
            cupric.asarray(sp.indices.astype(numpy.int32)), sp.nnz)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", [("d", numpy.float64), ("z", numpy.complex128)])
def test_csrlsvqr_csrlsvchol_and_csreigvsi_match_numpy(t, dtype):
    from cupric.cuda import cusparse
    rng = numpy.random.default_rng(19)
    n = 6
    dense = lc.hpd(rng, dtype, n)
    dense[numpy.abs(dense) < 0.5] = 0  # some sparsity, still Hermitian and diagonally dominant
    b = lc.rand(rng, dtype, n)
    h, descr = cusolver.spCreate(), cusparse.createMatDescr()
    try:
        val, indptr, indices, nnz = _csr(dense)
        db = cupric.asarray(b)
        for solve in ("csrlsvqr", "csrlsvchol"):
            x, singular = cupric.empty(n, dtype), numpy.zeros(1, numpy.int32)  # singularity: host memory
            getattr(cusolver, t + solve)(h, n, nnz, descr, val.data.ptr, indptr.data.ptr, indices.data.ptr,
                                         db.data.ptr, 1e-12, 0, x.data.ptr, singular.ctypes.data)
            assert singular[0] == -1  # -1: not singular
            numpy.testing.assert_allclose(cupric.asnumpy(x), numpy.linalg.solve(dense, b), rtol=1e-9, atol=1e-9)
        eig = numpy.linalg.eigvalsh(dense)
        mu0 = numpy.array([eig[2] + 0.01], dtype)  # CuPy passes the complex shift's host address
        mu0_arg = mu0.ctypes.data if t == "z" else float(mu0[0].real)
        mu, x = cupric.empty(1, dtype), cupric.empty(n, dtype)
        x0 = cupric.asarray(numpy.ones(n, dtype))
        getattr(cusolver, t + "csreigvsi")(h, n, nnz, descr, val.data.ptr, indptr.data.ptr, indices.data.ptr, mu0_arg,
                                           x0.data.ptr, 100, 1e-12, mu.data.ptr, x.data.ptr)
        numpy.testing.assert_allclose(cupric.asnumpy(mu)[0], eig[2], rtol=1e-8, atol=1e-8)
        xx = cupric.asnumpy(x)
        numpy.testing.assert_allclose(dense @ xx, eig[2] * xx, rtol=1e-6, atol=1e-6)
    finally:
        cusparse.destroyMatDescr(descr)
        cusolver.spDestroy(h)


@pytest.mark.gpu
def test_calls_bind_the_current_stream_as_cupy():
    h = cusolver.create()
    try:
        a = lc.col(numpy.eye(3))
        with cuda.Stream() as s:
            cusolver.dgetrf_bufferSize(h, 3, 3, a.data.ptr, 3)
            assert cusolver.getStream(h) == s.ptr
        cusolver.dgetrf_bufferSize(h, 3, 3, a.data.ptr, 3)
        assert cusolver.getStream(h) == cuda.get_current_stream().ptr
    finally:
        cusolver.destroy(h)


@pytest.mark.gpu
def test_raw_call_on_cuprics_handle_keeps_its_stream_cache_true():
    # Note [Binding cupric's own handles] in bindings/library_entry.hpp: a raw call under another
    # stream rebinds cupric's handle through its cache, so the cache, asked again under the first
    # stream, binds the handle back (bound around the cache, it would keep the other stream).
    h = cuda.device.get_cusolver_handle()
    a = lc.col(numpy.eye(3))
    with cuda.Stream() as s:
        cusolver.dgetrf_bufferSize(h, 3, 3, a.data.ptr, 3)
        assert cusolver.getStream(h) == s.ptr
        s.synchronize()
    assert cuda.device.get_cusolver_handle() == h
    assert cusolver.getStream(h) == cuda.get_current_stream().ptr
    hb = cuda.device.get_cublas_handle()
    with cuda.Stream() as s:
        one = numpy.ones(1)
        cupric.cuda.cublas.dscal(hb, 3, one.ctypes.data, a.data.ptr, 1)
        assert cupric.cuda.cublas.getStream(hb) == s.ptr
        s.synchronize()
    assert cuda.device.get_cublas_handle() == hb
    assert cupric.cuda.cublas.getStream(hb) == cuda.get_current_stream().ptr


def test_every_row_names_a_library_entry():
    from cupric._core._runtime import cublas as raw_blas
    from cupric._core._runtime import cusolver as raw_solver
    for raw, module, prefix in ((raw_solver, cusolver, "cusolver"), (raw_blas, cupric.cuda.cublas, "cublas")):
        entries = raw._entries()
        assert all(c.startswith(prefix) for _, c in entries)
        assert {p.lstrip("_") for p, _ in entries} <= {n for n in dir(module) if not n.startswith("_")}


@pytest.mark.gpu
def test_the_installed_libraries_have_every_entry():
    # Resolves every row's C entry point (nothing is called): catches a name the installed
    # cuSOLVER/cuBLAS lacks (all are in CUDA 13.0's libcusolver/libcublas).
    from cupric._core._runtime import cublas as raw_blas
    from cupric._core._runtime import cusolver as raw_solver
    assert raw_solver._missing_entries() == [] and raw_blas._missing_entries() == []
