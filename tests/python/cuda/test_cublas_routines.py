"""cupric.cuda.cublas's routines beyond gemm/gemv/dot/axpy/nrm2/scal (issue 20): triangular solves,
geam, dgmm, rank-1 and rank-k updates, banded products, asum/iamax/iamin, the batched LU family,
batched and mixed-precision GEMMs and packed storage. Every name of CuPy 14.2's module exists and
raises the clear error without a GPU; on the GPU each runs on small column-major matrices and is
compared with NumPy/SciPy. Scalars are host pointers (CUBLAS_POINTER_MODE_HOST)."""
import numpy
import pytest
import scipy.linalg

import cupric
import cupric.cuda as cuda
from cupric.cuda import cublas, runtime
import lowlevel_cases as lc

TYPES = [("s", numpy.float32), ("d", numpy.float64), ("c", numpy.complex64), ("z", numpy.complex128)]
NAMES = ([t + f for t in "sdcz" for f in ("trsm", "trsmBatched", "geam", "dgmm", "gemmBatched", "getrfBatched",
                                          "getriBatched", "getrsBatched", "syrk")]
         + [t + f for t in "sd" for f in ("ger", "sbmv", "tpttr", "trttp")]
         + [t + f for t in "cz" for f in ("geru", "gerc")]
         + ["i" + t + f for t in "sdcz" for f in ("amax", "amin")]
         + ["sasum", "dasum", "scasum", "dzasum", "csscal", "zdscal", "sgemmEx", "gemmStridedBatchedEx"])
N, T = cublas.CUBLAS_OP_N, cublas.CUBLAS_OP_T
LOWER = cublas.CUBLAS_FILL_MODE_LOWER


def test_every_routine_exists_with_cupy_arguments():
    assert len(NAMES) == len(set(NAMES)) == 64
    for name in NAMES:
        assert getattr(cublas, name).__name__ == name
    assert cublas.dtrsm.__doc__.startswith(
        "dtrsm(handle: int, side: int, uplo: int, trans: int, diag: int, m: int, n: int, alpha: int, Aarray: int, "
        "lda: int, Barray: int, ldb: int) -> None")
    assert cublas.sgetrsBatched.__doc__.startswith(
        "sgetrsBatched(handle: int, trans: int, n: int, nrhs: int, Aarray: int, lda: int, devIpiv: int, "
        "Barray: int, ldb: int, info: int, batchSize: int)")
    assert (cublas.CUBLAS_GEMM_DFALT, cublas.CUBLAS_GEMM_DFALT_TENSOR_OP, cublas.CUBLAS_COMPUTE_32F_FAST_16BF,
            cublas.CUBLAS_COMPUTE_64F_PEDANTIC) == (-1, 99, 75, 71)
    with pytest.raises(TypeError):
        cublas.dgeam(0, N, N, 2, 2, 0.5, 0, 2, 0, 0, 2, 0, 2)


@pytest.mark.skipif(cupric._core.is_cuda_built(), reason="checks a build without the CUDA backend")
def test_routines_raise_without_a_gpu():
    for call in (lambda: cublas.dtrsm(0, 0, 0, 0, 0, 2, 2, 0, 0, 2, 0, 2), lambda: cublas.idamax(0, 2, 0, 1, 0),
                 lambda: cublas.create()):
        with pytest.raises(runtime.CUDARuntimeError, match="built without CUDA"):
            call()


# ---- GPU ----
@pytest.fixture
def handle():
    h = cublas.create()  # pointer mode host: scalars are numpy arrays' addresses
    yield h
    cublas.destroy(h)


def _tol(dtype):
    return lc.tol(dtype, 1e-4, 1e-10)


def _scalar(value, dtype):
    return numpy.array([value], dtype)  # keep it referenced until the call returns


def _close(actual, expected, dtype):
    numpy.testing.assert_allclose(actual, expected, rtol=_tol(dtype), atol=_tol(dtype))


def _lower(rng, dtype, n):
    return numpy.tril(lc.rand(rng, dtype, n, n)) + n * numpy.eye(n, dtype=dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_trsm_and_trsm_batched_match_solve_triangular(handle, t, dtype):
    rng = numpy.random.default_rng(20)
    m, n = 4, 3
    a, b = _lower(rng, dtype, m), lc.rand(rng, dtype, m, n)
    alpha = _scalar(2, dtype)
    da, x = lc.col(a), lc.col(b)  # named: a temporary's memory goes back to the pool before the call
    getattr(cublas, t + "trsm")(handle, cublas.CUBLAS_SIDE_LEFT, LOWER, N, cublas.CUBLAS_DIAG_NON_UNIT, m, n,
                                alpha.ctypes.data, da.data.ptr, m, x.data.ptr, m)
    _close(cupric.asnumpy(x), scipy.linalg.solve_triangular(a, 2 * b, lower=True), dtype)
    right = _lower(rng, dtype, n)  # X A = alpha B
    dr, x = lc.col(right), lc.col(b)
    getattr(cublas, t + "trsm")(handle, cublas.CUBLAS_SIDE_RIGHT, LOWER, N, cublas.CUBLAS_DIAG_NON_UNIT, m, n,
                                alpha.ctypes.data, dr.data.ptr, n, x.data.ptr, m)
    _close(cupric.asnumpy(x), 2 * b @ numpy.linalg.inv(right), dtype)

    batch = 3
    aa = numpy.stack([_lower(rng, dtype, m) for _ in range(batch)])
    bb = lc.rand(rng, dtype, batch, m, n)
    da, db = lc.batch(aa), lc.batch(bb)
    pa, pb = lc.pointers(da, batch), lc.pointers(db, batch)
    getattr(cublas, t + "trsmBatched")(handle, cublas.CUBLAS_SIDE_LEFT, LOWER, N, cublas.CUBLAS_DIAG_NON_UNIT, m, n,
                                       alpha.ctypes.data, pa.data.ptr, m, pb.data.ptr, m, batch)
    expected = numpy.stack([scipy.linalg.solve_triangular(aa[i], 2 * bb[i], lower=True) for i in range(batch)])
    _close(lc.unbatch(db), expected, dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_geam_and_dgmm(handle, t, dtype):
    rng = numpy.random.default_rng(21)
    m, n = 3, 4
    a, b = lc.rand(rng, dtype, m, n), lc.rand(rng, dtype, n, m)
    alpha, beta = _scalar(2, dtype), _scalar(-0.5, dtype)
    c, da, db = cupric.zeros((m, n), dtype, order="F"), lc.col(a), lc.col(b)
    getattr(cublas, t + "geam")(handle, N, T, m, n, alpha.ctypes.data, da.data.ptr, m, beta.ctypes.data, db.data.ptr,
                                n, c.data.ptr, m)
    _close(cupric.asnumpy(c), 2 * a - 0.5 * b.T, dtype)
    for mode, x in ((cublas.CUBLAS_SIDE_LEFT, lc.rand(rng, dtype, m)), (cublas.CUBLAS_SIDE_RIGHT, lc.rand(rng, dtype, n))):
        c, dx = cupric.zeros((m, n), dtype, order="F"), cupric.asarray(x)
        getattr(cublas, t + "dgmm")(handle, mode, m, n, da.data.ptr, m, dx.data.ptr, 1, c.data.ptr, m)
        expected = x[:, None] * a if mode == cublas.CUBLAS_SIDE_LEFT else a * x[None, :]
        _close(cupric.asnumpy(c), expected, dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("name,dtype,conj", [("sger", numpy.float32, False), ("dger", numpy.float64, False),
                                             ("cgeru", numpy.complex64, False), ("cgerc", numpy.complex64, True),
                                             ("zgeru", numpy.complex128, False), ("zgerc", numpy.complex128, True)])
def test_rank_one_updates(handle, name, dtype, conj):
    rng = numpy.random.default_rng(22)
    m, n = 4, 3
    a, x, y = lc.rand(rng, dtype, m, n), lc.rand(rng, dtype, m), lc.rand(rng, dtype, n)
    alpha = _scalar(1.5, dtype)
    da, dx, dy = lc.col(a), cupric.asarray(x), cupric.asarray(y)
    getattr(cublas, name)(handle, m, n, alpha.ctypes.data, dx.data.ptr, 1, dy.data.ptr, 1, da.data.ptr, m)
    _close(cupric.asnumpy(da), a + 1.5 * numpy.outer(x, y.conj() if conj else y), dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_syrk_lower_triangle(handle, t, dtype):
    rng = numpy.random.default_rng(23)
    n, k = 4, 3
    a, c0 = lc.rand(rng, dtype, n, k), lc.rand(rng, dtype, n, n)
    c, da, alpha, beta = lc.col(c0), lc.col(a), _scalar(1, dtype), _scalar(0.5, dtype)
    getattr(cublas, t + "syrk")(handle, LOWER, N, n, k, alpha.ctypes.data, da.data.ptr, n, beta.ctypes.data, c.data.ptr,
                                n)
    _close(numpy.tril(cupric.asnumpy(c)), numpy.tril(a @ a.T + 0.5 * c0), dtype)  # A A^T (no conjugate)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", [("s", numpy.float32), ("d", numpy.float64)])
def test_sbmv_symmetric_band(handle, t, dtype):
    rng = numpy.random.default_rng(24)
    n, k = 5, 1
    full = numpy.zeros((n, n), dtype)
    for j in range(n):
        for i in range(j, min(n, j + k + 1)):
            full[i, j] = full[j, i] = rng.standard_normal()
    band = numpy.zeros((k + 1, n), dtype)  # lower band storage: band[i - j, j] = A[i, j]
    for j in range(n):
        for i in range(j, min(n, j + k + 1)):
            band[i - j, j] = full[i, j]
    x, y0 = lc.rand(rng, dtype, n), lc.rand(rng, dtype, n)
    y, dband, dx = cupric.asarray(y0), lc.col(band), cupric.asarray(x)
    alpha, beta = _scalar(2, dtype), _scalar(-1, dtype)
    getattr(cublas, t + "sbmv")(handle, LOWER, n, k, alpha.ctypes.data, dband.data.ptr, k + 1, dx.data.ptr, 1,
                                beta.ctypes.data, y.data.ptr, 1)
    _close(cupric.asnumpy(y), 2 * full @ x - y0, dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_asum_iamax_iamin_and_real_scal(handle, t, dtype):
    rng = numpy.random.default_rng(25)
    x = lc.rand(rng, dtype, 9)
    dx = cupric.asarray(x)
    magnitude = numpy.abs(x.real) + numpy.abs(x.imag)  # cuBLAS's |x| for complex
    total = numpy.zeros(1, lc.real_of(dtype))
    asum = {"s": "sasum", "d": "dasum", "c": "scasum", "z": "dzasum"}[t]
    getattr(cublas, asum)(handle, x.size, dx.data.ptr, 1, total.ctypes.data)
    numpy.testing.assert_allclose(total[0], magnitude.sum(), rtol=_tol(dtype))
    index = numpy.zeros(1, numpy.int32)
    getattr(cublas, "i" + t + "amax")(handle, x.size, dx.data.ptr, 1, index.ctypes.data)
    assert index[0] == numpy.argmax(magnitude) + 1  # 1-based, as BLAS
    getattr(cublas, "i" + t + "amin")(handle, x.size, dx.data.ptr, 1, index.ctypes.data)
    assert index[0] == numpy.argmin(magnitude) + 1
    if t in "cz":  # csscal / zdscal: a real alpha scales a complex vector
        alpha = _scalar(3, lc.real_of(dtype))
        getattr(cublas, {"c": "csscal", "z": "zdscal"}[t])(handle, x.size, alpha.ctypes.data, dx.data.ptr, 1)
        _close(cupric.asnumpy(dx), 3 * x, dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_batched_lu_solve_and_inverse(handle, t, dtype):
    rng = numpy.random.default_rng(26)
    batch, n, nrhs = 2, 4, 2
    mats = lc.rand(rng, dtype, batch, n, n) + n * numpy.eye(n, dtype=dtype)
    b = lc.rand(rng, dtype, batch, n, nrhs)
    a = lc.batch(mats)
    pivots, infos = cupric.zeros(batch * n, numpy.int32), cupric.zeros(batch, numpy.int32)
    aptr = lc.pointers(a, batch)
    getattr(cublas, t + "getrfBatched")(handle, n, aptr.data.ptr, n, pivots.data.ptr, infos.data.ptr, batch)
    assert not cupric.asnumpy(infos).any()
    x, info = lc.batch(b), numpy.zeros(1, numpy.int32)  # getrsBatched's info: one host int
    xptr = lc.pointers(x, batch)
    getattr(cublas, t + "getrsBatched")(handle, N, n, nrhs, aptr.data.ptr, n, pivots.data.ptr, xptr.data.ptr, n,
                                        info.ctypes.data, batch)
    assert info[0] == 0
    _close(lc.unbatch(x), numpy.linalg.solve(mats, b), dtype)
    inv = cupric.zeros(batch * n * n, dtype)
    invptr = lc.pointers(inv, batch)
    getattr(cublas, t + "getriBatched")(handle, n, aptr.data.ptr, n, pivots.data.ptr, invptr.data.ptr, n, infos.data.ptr,
                                        batch)
    assert not cupric.asnumpy(infos).any()
    _close(lc.unbatch(inv, n, n), numpy.linalg.inv(mats), dtype)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_gemm_batched(handle, t, dtype):
    rng = numpy.random.default_rng(27)
    batch, m, n, k = 2, 3, 2, 4
    a, b = lc.rand(rng, dtype, batch, m, k), lc.rand(rng, dtype, batch, k, n)
    da, db, dc = lc.batch(a), lc.batch(b), cupric.zeros(batch * m * n, dtype)
    pa, pb, pc = lc.pointers(da, batch), lc.pointers(db, batch), lc.pointers(dc, batch)
    alpha, beta = _scalar(1, dtype), _scalar(0, dtype)
    getattr(cublas, t + "gemmBatched")(handle, N, N, m, n, k, alpha.ctypes.data, pa.data.ptr, m, pb.data.ptr, k,
                                       beta.ctypes.data, pc.data.ptr, m, batch)
    _close(lc.unbatch(dc, m, n), a @ b, dtype)


@pytest.mark.gpu
def test_sgemm_ex_and_gemm_strided_batched_ex(handle):
    rng = numpy.random.default_rng(28)
    m, n, k = 3, 2, 4
    a, b = rng.standard_normal((m, k)).astype(numpy.float16), rng.standard_normal((k, n)).astype(numpy.float16)
    c = cupric.zeros((m, n), numpy.float32, order="F")
    one, zero = _scalar(1, numpy.float32), _scalar(0, numpy.float32)
    da, db = lc.col(a), lc.col(b)
    cublas.sgemmEx(handle, N, N, m, n, k, one.ctypes.data, da.data.ptr, runtime.CUDA_R_16F, m, db.data.ptr,
                   runtime.CUDA_R_16F, k, zero.ctypes.data, c.data.ptr, runtime.CUDA_R_32F, m)
    numpy.testing.assert_allclose(cupric.asnumpy(c), a.astype(numpy.float32) @ b.astype(numpy.float32), rtol=1e-3,
                                  atol=1e-3)
    batch = 2
    aa, bb = rng.standard_normal((batch, m, k)).astype(numpy.float32), rng.standard_normal((batch, k, n)).astype(
        numpy.float32)
    da, db, dc = lc.batch(aa), lc.batch(bb), cupric.zeros(batch * m * n, numpy.float32)
    f32 = runtime.CUDA_R_32F
    cublas.gemmStridedBatchedEx(handle, N, N, m, n, k, one.ctypes.data, da.data.ptr, f32, m, m * k, db.data.ptr, f32,
                                k, k * n, zero.ctypes.data, dc.data.ptr, f32, m, m * n, batch,
                                cublas.CUBLAS_COMPUTE_32F, cublas.CUBLAS_GEMM_DEFAULT)
    numpy.testing.assert_allclose(lc.unbatch(dc, m, n), aa @ bb, rtol=1e-5,
                                  atol=1e-5)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", [("s", numpy.float32), ("d", numpy.float64)])
def test_packed_triangular_round_trip(handle, t, dtype):
    rng = numpy.random.default_rng(29)
    n = 4
    a = rng.standard_normal((n, n)).astype(dtype)
    packed = numpy.array([a[i, j] for j in range(n) for i in range(j, n)], dtype)  # lower, column by column
    ap, da = cupric.zeros(packed.size, dtype), lc.col(a)
    getattr(cublas, t + "trttp")(handle, LOWER, n, da.data.ptr, n, ap.data.ptr)
    numpy.testing.assert_array_equal(cupric.asnumpy(ap), packed)
    full = cupric.zeros((n, n), dtype, order="F")
    getattr(cublas, t + "tpttr")(handle, LOWER, n, ap.data.ptr, full.data.ptr, n)
    numpy.testing.assert_array_equal(numpy.tril(cupric.asnumpy(full)), numpy.tril(a))


@pytest.mark.gpu
def test_routines_bind_the_current_stream_as_cupy(handle):
    x = cupric.ones(4)
    with cuda.Stream() as s:
        two = _scalar(2, numpy.float64)
        cublas.dscal(handle, 4, two.ctypes.data, x.data.ptr, 1)
        assert cublas.getStream(handle) == s.ptr
        s.synchronize()
    total = numpy.zeros(1)
    cublas.dasum(handle, 4, x.data.ptr, 1, total.ctypes.data)
    assert total[0] == 8.0 and cublas.getStream(handle) == cuda.get_current_stream().ptr
