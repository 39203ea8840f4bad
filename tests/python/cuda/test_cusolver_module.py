"""cupric.cuda.cusolver (CuPy's cupy.cuda.cusolver): handles and the dense LAPACK routines on raw
pointers, compared with NumPy on the GPU; without a GPU the calls raise (issue 20)."""
import pickle

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import cusolver
from lowlevel_cases import rand

HAS_CUDA = cuda.is_available()
TYPES = [("s", numpy.float32), ("d", numpy.float64), ("c", numpy.complex64), ("z", numpy.complex128)]


def test_names_constants_and_errors():
    for name in ("create", "destroy", "setStream", "getStream", "spCreate", "spDestroy", "spSetStream",
                 "spGetStream", "getProperty", "_getVersion"):
        assert callable(getattr(cusolver, name))
    for t in "sdcz":
        for f in ("potrf_bufferSize", "potrf", "potrs", "getrf_bufferSize", "getrf", "getrs", "geqrf_bufferSize",
                  "geqrf", "gesvd_bufferSize", "gesvd"):
            assert getattr(cusolver, t + f).__name__ == t + f
    for name in ("sorgqr", "dorgqr", "cungqr", "zungqr", "sormqr", "dormqr", "cunmqr", "zunmqr", "ssyevd",
                 "dsyevd", "cheevd", "zheevd"):
        assert getattr(cusolver, name).__name__ == name
        assert getattr(cusolver, name + "_bufferSize").__name__ == name + "_bufferSize"
    assert not hasattr(cusolver, "corgqr") and not hasattr(cusolver, "csyevd")  # complex: ungqr, heevd
    assert (cusolver.CUSOLVER_EIG_MODE_VECTOR, cusolver.CUBLAS_FILL_MODE_UPPER, cusolver.MAJOR_VERSION) == (1, 1, 0)
    e = cusolver.CUSOLVERError(3)
    assert e.status == 3 and str(e) == "CUSOLVER_STATUS_INVALID_VALUE"
    assert pickle.loads(pickle.dumps(e)).status == 3
    assert str(cusolver.CUSOLVERError(999)) == "CUSOLVER_STATUS_UNKNOWN (999)"
    cusolver.check_status(0)
    with pytest.raises(cusolver.CUSOLVERError, match="CUSOLVER_STATUS_NOT_INITIALIZED"):
        cusolver.check_status(1)
    with pytest.raises(TypeError):  # pointers and sizes are integers
        cusolver.spotrf_bufferSize(0, 0, 2.5, 0, 2)


def test_functions_take_cupy_argument_names_and_integers():
    # The binding rows give CuPy's argument names (keyword calls work as with CuPy's cpdefs).
    assert cusolver.dpotrf_bufferSize.__doc__.startswith(
        "dpotrf_bufferSize(handle: int, uplo: int, n: int, A: int, lda: int) -> int")
    assert "jobu" in cusolver.zgesvd.__code__.co_varnames
    with pytest.raises(TypeError):
        cusolver.dgetrf_bufferSize(0, 2, 2, None, 2)


@pytest.mark.skipif(cupric._core.is_cuda_built(), reason="checks a build without the CUDA backend (with CUDA built "
                    "and no GPU, version queries and descriptor calls answer without a device)")
def test_calls_raise_without_a_gpu():
    # No CUDA build: CUDARuntimeError (a RuntimeError); a CUDA build without a driver: the
    # library's own error or the RuntimeError naming the package to install.
    for call in (cusolver.create, cusolver.spCreate, cusolver._getVersion, lambda: cusolver.dpotrf_bufferSize(0, 0, 2, 0, 2),
                 lambda: cuda.device.get_cusolver_sp_handle()):
        with pytest.raises(RuntimeError):
            call()


def _tol(dtype):
    return 2e-3 if dtype in (numpy.float32, numpy.complex64) else 1e-9


def _info(info):
    return int(cupric.asnumpy(info)[0])


@pytest.mark.gpu
def test_handle_stream_and_version():
    h = cusolver.create()
    try:
        s = cuda.Stream()
        cusolver.setStream(h, s.ptr)
        assert cusolver.getStream(h) == s.ptr
    finally:
        cusolver.destroy(h)
    major, minor, patch = cusolver._getVersion()
    assert major >= 11 and cusolver.getProperty(cusolver.MAJOR_VERSION) == major
    sp = cusolver.spCreate()
    cusolver.spSetStream(sp, cuda.get_current_stream().ptr)
    assert cusolver.spGetStream(sp) == cuda.get_current_stream().ptr
    cusolver.spDestroy(sp)
    h1 = cuda.device.get_cusolver_sp_handle()
    assert h1 == cuda.Device().cusolver_sp_handle and h1 != 0
    with cuda.Stream() as s:
        assert cuda.device.get_cusolver_sp_handle() == h1 and cusolver.spGetStream(h1) == s.ptr


@pytest.mark.gpu
def test_raw_calls_bind_user_and_cupric_handles_to_the_stream():
    # Note [Binding cupric's own handles] in bindings/library_entry.hpp: a user's handle is bound
    # by itself (cupric makes none of its own for the call), cupric's through its cache, so its
    # next use on the default stream binds it back.
    a = cupric.asarray(numpy.eye(4), order="F")
    for h, own in ((cusolver.create(), False), (cuda.device.get_cusolver_handle(), True)):
        try:
            with cuda.Stream() as s:
                assert cusolver.dgetrf_bufferSize(h, 4, 4, a.data.ptr, 4) >= 0
                assert cusolver.getStream(h) == s.ptr
            if own:
                assert cuda.device.get_cusolver_handle() == h
                assert cusolver.getStream(h) == cuda.get_current_stream().ptr
        finally:
            if not own:
                cusolver.destroy(h)


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_potrf_potrs_getrf_getrs(t, dtype):
    rng = numpy.random.default_rng(0)
    n, nrhs = 6, 3
    m = rand(rng, dtype, n, n)
    spd = (m @ m.conj().T + n * numpy.eye(n)).astype(dtype)
    b = rand(rng, dtype, n, nrhs)
    h = cuda.device.get_cusolver_handle()
    info = cupric.zeros(1, numpy.int32)
    a = cupric.asarray(numpy.asfortranarray(spd))
    lw = getattr(cusolver, t + "potrf_bufferSize")(h, cusolver.CUBLAS_FILL_MODE_LOWER, n, a.data.ptr, n)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + "potrf")(h, cusolver.CUBLAS_FILL_MODE_LOWER, n, a.data.ptr, n, work.data.ptr, lw,
                                   info.data.ptr)
    assert _info(info) == 0
    numpy.testing.assert_allclose(numpy.tril(cupric.asnumpy(a)), numpy.linalg.cholesky(spd), rtol=_tol(dtype),
                                  atol=_tol(dtype))
    x = cupric.asarray(numpy.asfortranarray(b))
    getattr(cusolver, t + "potrs")(h, cusolver.CUBLAS_FILL_MODE_LOWER, n, nrhs, a.data.ptr, n, x.data.ptr, n,
                                   info.data.ptr)
    numpy.testing.assert_allclose(cupric.asnumpy(x), numpy.linalg.solve(spd, b), rtol=_tol(dtype), atol=_tol(dtype))

    g = rand(rng, dtype, n, n) + n * numpy.eye(n, dtype=dtype)
    a = cupric.asarray(numpy.asfortranarray(g))
    ipiv = cupric.empty(n, numpy.int32)
    lw = getattr(cusolver, t + "getrf_bufferSize")(h, n, n, a.data.ptr, n)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + "getrf")(h, n, n, a.data.ptr, n, work.data.ptr, ipiv.data.ptr, info.data.ptr)
    assert _info(info) == 0
    for trans, op in ((cusolver.CUBLAS_OP_N, g), (cusolver.CUBLAS_OP_T, g.T)):
        x = cupric.asarray(numpy.asfortranarray(b))
        getattr(cusolver, t + "getrs")(h, trans, n, nrhs, a.data.ptr, n, ipiv.data.ptr, x.data.ptr, n, info.data.ptr)
        numpy.testing.assert_allclose(cupric.asnumpy(x), numpy.linalg.solve(op, b), rtol=_tol(dtype), atol=_tol(dtype))


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_geqrf_orgqr_ormqr(t, dtype):
    rng = numpy.random.default_rng(1)
    m, n = 7, 4
    src = rand(rng, dtype, m, n)
    h = cuda.device.get_cusolver_handle()
    info = cupric.zeros(1, numpy.int32)
    a = cupric.asarray(numpy.asfortranarray(src))
    tau = cupric.empty(n, dtype)
    lw = getattr(cusolver, t + "geqrf_bufferSize")(h, m, n, a.data.ptr, m)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + "geqrf")(h, m, n, a.data.ptr, m, tau.data.ptr, work.data.ptr, lw, info.data.ptr)
    assert _info(info) == 0
    r = numpy.triu(cupric.asnumpy(a)[:n])
    # ormqr: Q^H src = R (stacked over zeros)
    orm = "ormqr" if t in "sd" else "unmqr"
    c = cupric.asarray(numpy.asfortranarray(src))
    trans = cusolver.CUBLAS_OP_T if t in "sd" else cusolver.CUBLAS_OP_C
    lw = getattr(cusolver, t + orm + "_bufferSize")(h, cusolver.CUBLAS_SIDE_LEFT, trans, m, n, n, a.data.ptr, m,
                                                   tau.data.ptr, c.data.ptr, m)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + orm)(h, cusolver.CUBLAS_SIDE_LEFT, trans, m, n, n, a.data.ptr, m, tau.data.ptr, c.data.ptr,
                               m, work.data.ptr, lw, info.data.ptr)
    numpy.testing.assert_allclose(cupric.asnumpy(c)[:n], r, rtol=_tol(dtype), atol=_tol(dtype))
    org = "orgqr" if t in "sd" else "ungqr"
    lw = getattr(cusolver, t + org + "_bufferSize")(h, m, n, n, a.data.ptr, m, tau.data.ptr)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + org)(h, m, n, n, a.data.ptr, m, tau.data.ptr, work.data.ptr, lw, info.data.ptr)
    q = cupric.asnumpy(a)
    numpy.testing.assert_allclose(q @ r, src, rtol=_tol(dtype), atol=_tol(dtype))
    numpy.testing.assert_allclose(q.conj().T @ q, numpy.eye(n), atol=_tol(dtype))


@pytest.mark.gpu
@pytest.mark.parametrize("t,dtype", TYPES)
def test_gesvd_and_syevd(t, dtype):
    rng = numpy.random.default_rng(2)
    m, n = 6, 4
    src = rand(rng, dtype, m, n)
    real = numpy.float32 if dtype in (numpy.float32, numpy.complex64) else numpy.float64
    h = cuda.device.get_cusolver_handle()
    info = cupric.zeros(1, numpy.int32)
    a = cupric.asarray(numpy.asfortranarray(src))
    s = cupric.empty(n, real)
    u = cupric.empty((m, m), dtype, order="F")
    vt = cupric.empty((n, n), dtype, order="F")
    lw = getattr(cusolver, t + "gesvd_bufferSize")(h, m, n)
    work = cupric.empty(max(lw, 1), dtype)
    rwork = cupric.empty(n, real)
    getattr(cusolver, t + "gesvd")(h, ord("A"), "A", m, n, a.data.ptr, m, s.data.ptr, u.data.ptr, m, vt.data.ptr, n,
                                   work.data.ptr, lw, rwork.data.ptr, info.data.ptr)
    assert _info(info) == 0
    numpy.testing.assert_allclose(cupric.asnumpy(s), numpy.linalg.svd(src, compute_uv=False), rtol=_tol(dtype))
    uu, vv = cupric.asnumpy(u), cupric.asnumpy(vt)
    numpy.testing.assert_allclose(uu[:, :n] * cupric.asnumpy(s) @ vv, src, rtol=_tol(dtype), atol=_tol(dtype))

    herm = (src.conj().T @ src).astype(dtype)
    a = cupric.asarray(numpy.asfortranarray(herm))
    w = cupric.empty(n, real)
    ev = "syevd" if t in "sd" else "heevd"
    lw = getattr(cusolver, t + ev + "_bufferSize")(h, cusolver.CUSOLVER_EIG_MODE_VECTOR, cusolver.CUBLAS_FILL_MODE_LOWER,
                                                  n, a.data.ptr, n, w.data.ptr)
    work = cupric.empty(max(lw, 1), dtype)
    getattr(cusolver, t + ev)(h, cusolver.CUSOLVER_EIG_MODE_VECTOR, cusolver.CUBLAS_FILL_MODE_LOWER, n, a.data.ptr, n,
                              w.data.ptr, work.data.ptr, lw, info.data.ptr)
    assert _info(info) == 0
    ww, vecs = cupric.asnumpy(w), cupric.asnumpy(a)
    numpy.testing.assert_allclose(ww, numpy.linalg.eigvalsh(herm), rtol=_tol(dtype), atol=_tol(dtype) * 10)
    numpy.testing.assert_allclose(herm @ vecs, vecs * ww, rtol=_tol(dtype), atol=_tol(dtype) * 10)


@pytest.mark.gpu
def test_failed_call_raises_cusolver_error():
    # cuSOLVER 12's getrf_bufferSize accepts m = -1 (seen on the H200); a null handle is refused.
    with pytest.raises(cusolver.CUSOLVERError, match="CUSOLVER_STATUS_(NOT_INITIALIZED|INVALID_VALUE)"):
        cusolver.dgetrf_bufferSize(0, 2, 2, 0, 2)


def test_device_handle_class_and_cutensor():
    from cupric.cuda import device
    released = []
    h = device.Handle(0x1234, released.append)
    assert h.handle == h.get() == 0x1234 and repr(h) == "<Handle 0x1234>"
    h.destroy()
    h.destroy()  # once only
    assert released == [0x1234]
    device.Handle(7, released.append)  # released when dropped
    import gc
    gc.collect()
    assert released == [0x1234, 7]
    with pytest.raises(TypeError):
        device.Handle(1.5, released.append)
    with pytest.raises(RuntimeError, match="cuTENSOR is not available"):
        device.get_cutensor_handle()
