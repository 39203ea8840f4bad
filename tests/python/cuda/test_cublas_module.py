"""cupric.cuda.cublas (CuPy's cupy.cuda.cublas): handles and the most used routines on raw
pointers, compared with NumPy on the GPU; without a GPU the calls raise (issue 20)."""
import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import cublas

HAS_CUDA = cuda.is_available()


def test_names_constants_and_errors():
    for name in ("create", "destroy", "getVersion", "setStream", "getStream", "setPointerMode", "getPointerMode",
                 "setMathMode", "getMathMode", "gemmEx"):
        assert callable(getattr(cublas, name))
    for t in "sdcz":
        for f in ("gemm", "gemmStridedBatched", "gemv", "axpy", "scal"):
            assert getattr(cublas, t + f).__name__ == t + f
    for name in ("sdot", "ddot", "cdotu", "cdotc", "zdotu", "zdotc", "snrm2", "dnrm2", "scnrm2", "dznrm2"):
        assert callable(getattr(cublas, name))
    e = cublas.CUBLASError(7)
    assert e.status == 7 and str(e) == "CUBLAS_STATUS_INVALID_VALUE"
    import pickle
    assert pickle.loads(pickle.dumps(e)).status == 7
    cublas.check_status(0)
    with pytest.raises(cublas.CUBLASError, match="CUBLAS_STATUS_NOT_INITIALIZED"):
        cublas.check_status(1)
    with pytest.raises(TypeError):
        cublas.sgemm(0.5, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1)


@pytest.mark.skipif(HAS_CUDA, reason="checks the machine without a GPU")
def test_calls_raise_without_a_gpu():
    # No CUDA build: CUDARuntimeError; a CUDA build without a driver: libcublas missing
    # (RuntimeError naming the package) or cuBLAS's own CUBLASError.
    with pytest.raises(RuntimeError):
        cublas.create()


def _p(a):
    return a.data.ptr


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", [("s", numpy.float32), ("d", numpy.float64), ("c", numpy.complex64),
                                     ("z", numpy.complex128)])
def test_level3_level2_level1_match_numpy(t, dtype):
    rng = numpy.random.default_rng(0)

    def rand(*shape):
        x = rng.standard_normal(shape)
        if numpy.dtype(dtype).kind == "c":
            x = x + 1j * rng.standard_normal(shape)
        return x.astype(dtype)
    tol = 1e-4 if dtype in (numpy.float32, numpy.complex64) else 1e-10
    h = cublas.create()
    try:
        cublas.setStream(h, cuda.get_current_stream().ptr)
        assert cublas.getStream(h) == cuda.get_current_stream().ptr
        alpha, beta = numpy.array(1.5, dtype), numpy.array(0.5, dtype)
        m, n, k = 7, 5, 3
        A, B, C = rand(m, k), rand(k, n), rand(m, n)
        dA, dB, dC = (cupric.asarray(x, order="F") for x in (A, B, C))
        getattr(cublas, t + "gemm")(h, cublas.CUBLAS_OP_N, cublas.CUBLAS_OP_N, m, n, k, alpha.ctypes.data, _p(dA), m,
                                    _p(dB), k, beta.ctypes.data, _p(dC), m)
        numpy.testing.assert_allclose(dC.get(), 1.5 * A @ B + 0.5 * C, rtol=tol, atol=tol)
        # batched: 4 products of (m, k) x (k, n), each matrix column-major and contiguous
        As, Bs = rand(4, m, k), rand(4, k, n)
        dAs = cupric.asarray(numpy.ascontiguousarray(As.transpose(0, 2, 1)))
        dBs = cupric.asarray(numpy.ascontiguousarray(Bs.transpose(0, 2, 1)))
        dCs = cupric.zeros((4, n, m), dtype)
        zero = numpy.array(0, dtype)
        getattr(cublas, t + "gemmStridedBatched")(h, 0, 0, m, n, k, alpha.ctypes.data, _p(dAs), m, m * k, _p(dBs), k,
                                                  k * n, zero.ctypes.data, _p(dCs), m, m * n, 4)
        numpy.testing.assert_allclose(dCs.get().transpose(0, 2, 1), 1.5 * As @ Bs, rtol=tol, atol=tol)
        x, y = rand(k), rand(m)
        dx, dy = cupric.asarray(x), cupric.asarray(y)
        getattr(cublas, t + "gemv")(h, cublas.CUBLAS_OP_N, m, k, alpha.ctypes.data, _p(dA), m, _p(dx), 1,
                                    beta.ctypes.data, _p(dy), 1)
        numpy.testing.assert_allclose(dy.get(), 1.5 * A @ x + 0.5 * y, rtol=tol, atol=tol)
        u, v = rand(9), rand(9)
        du, dv = cupric.asarray(u), cupric.asarray(v)
        res = numpy.zeros((), dtype)
        if t in "sd":
            getattr(cublas, t + "dot")(h, 9, _p(du), 1, _p(dv), 1, res.ctypes.data)
            cuda.Device().synchronize()
            numpy.testing.assert_allclose(res, u @ v, rtol=tol)
        else:
            getattr(cublas, t + "dotc")(h, 9, _p(du), 1, _p(dv), 1, res.ctypes.data)
            cuda.Device().synchronize()
            numpy.testing.assert_allclose(res, numpy.vdot(u, v), rtol=tol)
            getattr(cublas, t + "dotu")(h, 9, _p(du), 1, _p(dv), 1, res.ctypes.data)
            cuda.Device().synchronize()
            numpy.testing.assert_allclose(res, u @ v, rtol=tol)
        getattr(cublas, t + "axpy")(h, 9, alpha.ctypes.data, _p(du), 1, _p(dv), 1)
        numpy.testing.assert_allclose(dv.get(), 1.5 * u + v, rtol=tol, atol=tol)
        getattr(cublas, t + "scal")(h, 9, alpha.ctypes.data, _p(du), 1)
        numpy.testing.assert_allclose(du.get(), 1.5 * u, rtol=tol, atol=tol)
        norm = numpy.zeros((), numpy.float32 if t in "sc" else numpy.float64)
        nrm2 = {"s": "snrm2", "d": "dnrm2", "c": "scnrm2", "z": "dznrm2"}[t]
        getattr(cublas, nrm2)(h, 9, _p(du), 1, norm.ctypes.data)
        cuda.Device().synchronize()
        numpy.testing.assert_allclose(norm, numpy.linalg.norm(1.5 * u), rtol=tol)
        # device pointer mode: the result stays on the device
        cublas.setPointerMode(h, cublas.CUBLAS_POINTER_MODE_DEVICE)
        assert cublas.getPointerMode(h) == cublas.CUBLAS_POINTER_MODE_DEVICE
        dres = cupric.zeros((), norm.dtype)
        getattr(cublas, nrm2)(h, 9, _p(du), 1, _p(dres))
        numpy.testing.assert_allclose(float(dres), numpy.linalg.norm(1.5 * u), rtol=tol)
    finally:
        cublas.destroy(h)


@pytest.mark.gpu
def test_handle_queries_gemm_ex_and_errors():
    from cupric.cuda import runtime
    h = cublas.create()
    try:
        assert cublas.getVersion(h) >= 11000
        cublas.setMathMode(h, cublas.CUBLAS_DEFAULT_MATH)
        assert cublas.getMathMode(h) == cublas.CUBLAS_DEFAULT_MATH
        A = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
        B = numpy.ones((3, 2), numpy.float32)
        dA, dB = cupric.asarray(A, order="F"), cupric.asarray(B, order="F")
        dC = cupric.zeros((2, 2), numpy.float32, order="F")
        one, zero = numpy.array(1, numpy.float32), numpy.array(0, numpy.float32)
        cublas.gemmEx(h, 0, 0, 2, 2, 3, one.ctypes.data, _p(dA), runtime.CUDA_R_32F, 2, _p(dB), runtime.CUDA_R_32F, 3,
                      zero.ctypes.data, _p(dC), runtime.CUDA_R_32F, 2, cublas.CUBLAS_COMPUTE_32F,
                      cublas.CUBLAS_GEMM_DEFAULT)
        numpy.testing.assert_allclose(dC.get(), A @ B)
        with pytest.raises(cublas.CUBLASError) as info:
            cublas.sgemm(h, 0, 0, -1, 2, 3, one.ctypes.data, _p(dA), 2, _p(dB), 3, zero.ctypes.data, _p(dC), 2)
        assert info.value.status == 7  # CUBLAS_STATUS_INVALID_VALUE
    finally:
        cublas.destroy(h)


def _in_new_thread(f):
    """f() on a thread of its own (where cupric has made no library handle yet); its result."""
    import threading
    out = {}

    def run():
        try:
            out["value"] = f()
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            out["error"] = e
    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_raw_call_without_cuda_takes_no_pool_memory():
    # Note [Binding cupric's own handles] in bindings/library_entry.hpp: a raw call on a handle the
    # user made makes no cupric handle and no workspace. Without a GPU the call fails before the
    # library; the pool is untouched either way.
    pool = cupric.get_default_memory_pool()
    before = pool.used_bytes()
    if not HAS_CUDA:
        with pytest.raises(RuntimeError):
            cublas.daxpy(12345, 0, 0, 0, 1, 0, 1)
    assert pool.used_bytes() == before


@pytest.mark.gpu
def test_raw_call_on_a_user_handle_takes_no_pool_memory():
    # On a fresh thread cupric has no cuBLAS handle: binding the user's handle to the stream must
    # not make cupric's own (with its 32 MiB workspace from the pool).
    pool = cupric.get_default_memory_pool()
    x = cupric.ones(8)
    alpha = numpy.array(2.0)

    def raw_calls():
        h = cublas.create()
        try:
            before = pool.used_bytes()
            cublas.daxpy(h, 8, alpha.ctypes.data, _p(x), 1, _p(x), 1)
            cuda.Device().synchronize()  # x is read on another stream next
            s = cuda.Stream()
            with s:
                cublas.dscal(h, 8, alpha.ctypes.data, _p(x), 1)  # binds the user's handle to s
                assert cublas.getStream(h) == s.ptr
            s.synchronize()
            return before, pool.used_bytes()
        finally:
            cublas.destroy(h)
    cuda.Device().synchronize()  # x is used on the other thread's stream
    before, after = _in_new_thread(raw_calls)
    assert after == before
    numpy.testing.assert_array_equal(x.get(), numpy.full(8, 6.0))


@pytest.mark.gpu
def test_raw_call_on_cupric_handle_keeps_its_stream_cache():
    # A raw call on cupric's own handle under another stream goes through cupric's cache, so
    # cupric's next use of it on the default stream binds the handle back (a call around the cache
    # would leave it on `s` while the cache still said the default stream).
    h = cuda.device.get_cublas_handle()
    x = cupric.ones(8)
    alpha = numpy.array(2.0)
    cuda.Device().synchronize()  # x is written on another stream next
    s = cuda.Stream()
    with s:
        cublas.dscal(h, 8, alpha.ctypes.data, _p(x), 1)
        assert cublas.getStream(h) == s.ptr
    s.synchronize()
    assert cuda.device.get_cublas_handle() == h
    assert cublas.getStream(h) == cuda.get_current_stream().ptr
    numpy.testing.assert_array_equal(x.get(), numpy.full(8, 2.0))
