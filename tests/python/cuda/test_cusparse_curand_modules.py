"""cupric.cuda.cusparse (the generic API on raw pointers) and cupric.cuda.curand (cuRAND's host
API, libcurand loaded on first use), as CuPy's modules; compared with NumPy/SciPy on the GPU;
without a GPU the calls raise (issue 20)."""
import pickle

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import curand, cusparse, runtime

HAS_CUDA = cuda.is_available()


def test_cusparse_names_constants_and_errors():
    for name in ("create", "destroy", "getVersion", "setStream", "getStream", "setPointerMode", "getPointerMode",
                 "createMatDescr", "destroyMatDescr", "setMatType", "setMatIndexBase", "createCsr", "createCsc",
                 "createCoo", "destroySpMat", "spMatGetSize", "createDnVec", "destroyDnVec", "createDnMat",
                 "destroyDnMat", "spMV_bufferSize", "spMV", "spMM_bufferSize", "spMM"):
        assert callable(getattr(cusparse, name))
    assert (cusparse.CUSPARSE_INDEX_32I, cusparse.CUSPARSE_ORDER_COL, cusparse.CUSPARSE_SPMV_CSR_ALG1,
            cusparse.CUSPARSE_SPMM_CSR_ALG1) == (2, 1, 2, 4)
    e = cusparse.CuSparseError(3)
    assert e.status == 3 and str(e) == "CUSPARSE_STATUS_INVALID_VALUE"
    assert pickle.loads(pickle.dumps(e)).status == 3
    with pytest.raises(cusparse.CuSparseError, match="CUSPARSE_STATUS_NOT_SUPPORTED"):
        cusparse.check_status(10)
    with pytest.raises(TypeError):
        cusparse.createDnVec(3, 1.5, runtime.CUDA_R_64F)


def test_curand_names_constants_and_errors():
    for name in ("createGenerator", "destroyGenerator", "getVersion", "setStream", "setPseudoRandomGeneratorSeed",
                 "setGeneratorOffset", "setGeneratorOrdering", "setQuasiRandomGeneratorDimensions", "generate",
                 "generateLongLong", "generateUniform", "generateUniformDouble", "generateNormal",
                 "generateNormalDouble", "generateLogNormal", "generateLogNormalDouble", "generatePoisson",
                 "generateSeeds"):  # CuPy's names (cupy_backends.cuda.libs.curand)
        assert callable(getattr(curand, name))
    assert (curand.CURAND_RNG_PSEUDO_DEFAULT, curand.CURAND_RNG_PSEUDO_PHILOX4_32_10, curand.CURAND_RNG_QUASI_SOBOL32,
            curand.CURAND_ORDERING_PSEUDO_DEFAULT) == (100, 161, 201, 101)
    e = curand.CURANDError(102)
    assert str(e) == "CURAND_STATUS_ALLOCATION_FAILED" and pickle.loads(pickle.dumps(e)).status == 102
    with pytest.raises(curand.CURANDError, match="CURAND_STATUS_LENGTH_NOT_MULTIPLE"):
        curand.check_status(105)
    # CuPy refuses an odd count of normals itself, before any call (so without a GPU too).
    for f in (curand.generateNormal, curand.generateNormalDouble, curand.generateLogNormal,
              curand.generateLogNormalDouble):
        with pytest.raises(ValueError, match="can only generate even number of random variables"):
            f(0, 0, 3, 0.0, 1.0)


@pytest.mark.skipif(cupric._core.is_cuda_built(), reason="checks a build without the CUDA backend (with CUDA built "
                    "and no GPU, version queries and descriptor calls answer without a device)")
def test_calls_raise_without_a_gpu():
    for call in (cusparse.create, cusparse.createMatDescr, lambda: cusparse.createDnVec(1, 0, 1), curand.getVersion,
                 lambda: curand.createGenerator(curand.CURAND_RNG_PSEUDO_DEFAULT), cuda.cufft.getVersion):
        with pytest.raises(RuntimeError):
            call()


def test_cufft_result_error():
    e = cuda.cufft.CuFFTError(1)
    assert e.result == 1 and str(e) == "CUFFT_INVALID_PLAN"
    assert pickle.loads(pickle.dumps(e)).result == 1
    with pytest.raises(cuda.cufft.CuFFTError, match="CUFFT_INVALID_SIZE"):
        cuda.cufft.check_result(8)
    cuda.cufft.check_result(0)


@pytest.mark.gpu
def test_cufft_version():
    assert cuda.cufft.getVersion() >= 10000


@pytest.mark.gpu
def test_cusparse_handle_and_descriptors():
    h = cusparse.create()
    try:
        assert cusparse.getVersion(h) >= 11000
        s = cuda.Stream()
        cusparse.setStream(h, s.ptr)
        assert cusparse.getStream(h) == s.ptr
        cusparse.setPointerMode(h, cusparse.CUSPARSE_POINTER_MODE_DEVICE)
        assert cusparse.getPointerMode(h) == cusparse.CUSPARSE_POINTER_MODE_DEVICE
    finally:
        cusparse.destroy(h)
    d = cusparse.createMatDescr()
    cusparse.setMatIndexBase(d, cusparse.CUSPARSE_INDEX_BASE_ONE)
    assert cusparse.getMatIndexBase(d) == cusparse.CUSPARSE_INDEX_BASE_ONE
    cusparse.destroyMatDescr(d)


_VT = {numpy.float32: runtime.CUDA_R_32F, numpy.float64: runtime.CUDA_R_64F, numpy.complex64: runtime.CUDA_C_32F,
       numpy.complex128: runtime.CUDA_C_64F}


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", list(_VT))
def test_spmv_spmm_on_raw_descriptors_match_scipy(dtype):
    import scipy.sparse
    rng = numpy.random.default_rng(0)
    host = scipy.sparse.random(7, 5, density=0.4, format="csr", random_state=rng, dtype=numpy.float64)
    host = (host + 1j * host if numpy.dtype(dtype).kind == "c" else host).astype(dtype)
    indptr, indices, data = (cupric.asarray(x) for x in (host.indptr.astype(numpy.int32),
                                                          host.indices.astype(numpy.int32), host.data))
    vt = _VT[dtype]
    h = cuda.device.get_cusparse_handle()
    a = cusparse.createCsr(7, 5, host.nnz, indptr.data.ptr, indices.data.ptr, data.data.ptr, cusparse.CUSPARSE_INDEX_32I,
                           cusparse.CUSPARSE_INDEX_32I, cusparse.CUSPARSE_INDEX_BASE_ZERO, vt)
    assert cusparse.spMatGetSize(a) == (7, 5, host.nnz)
    assert cusparse.spMatGetFormat(a) == cusparse.CUSPARSE_FORMAT_CSR
    xs = rng.standard_normal(5).astype(dtype)
    x, y = cupric.asarray(xs), cupric.ones(7, dtype)
    dx, dy = cusparse.createDnVec(5, x.data.ptr, vt), cusparse.createDnVec(7, y.data.ptr, vt)
    alpha, beta = numpy.array(2, dtype), numpy.array(3, dtype)
    size = cusparse.spMV_bufferSize(h, cusparse.CUSPARSE_OPERATION_NON_TRANSPOSE, alpha.ctypes.data, a, dx,
                                    beta.ctypes.data, dy, vt, cusparse.CUSPARSE_SPMV_ALG_DEFAULT)
    buf = cupric.empty(max(size, 1), numpy.int8)
    cusparse.spMV(h, cusparse.CUSPARSE_OPERATION_NON_TRANSPOSE, alpha.ctypes.data, a, dx, beta.ctypes.data, dy, vt,
                  cusparse.CUSPARSE_SPMV_ALG_DEFAULT, buf.data.ptr)
    tol = 1e-4 if dtype in (numpy.float32, numpy.complex64) else 1e-12
    numpy.testing.assert_allclose(cupric.asnumpy(y), 2 * (host @ xs) + 3, rtol=tol)
    bs = numpy.asfortranarray(rng.standard_normal((5, 3)).astype(dtype))
    b, c = cupric.asarray(bs), cupric.zeros((7, 3), dtype, order="F")
    db = cusparse.createDnMat(5, 3, 5, b.data.ptr, vt, cusparse.CUSPARSE_ORDER_COL)
    dc = cusparse.createDnMat(7, 3, 7, c.data.ptr, vt, cusparse.CUSPARSE_ORDER_COL)
    op = cusparse.CUSPARSE_OPERATION_NON_TRANSPOSE
    size = cusparse.spMM_bufferSize(h, op, op, alpha.ctypes.data, a, db, beta.ctypes.data, dc, vt,
                                    cusparse.CUSPARSE_SPMM_ALG_DEFAULT)
    buf = cupric.empty(max(size, 1), numpy.int8)
    cusparse.spMM(h, op, op, alpha.ctypes.data, a, db, beta.ctypes.data, dc, vt, cusparse.CUSPARSE_SPMM_ALG_DEFAULT,
                  buf.data.ptr)
    numpy.testing.assert_allclose(cupric.asnumpy(c), 2 * (host @ bs), rtol=tol, atol=tol)
    for d in (dx, dy):
        cusparse.destroyDnVec(d)
    for d in (db, dc):
        cusparse.destroyDnMat(d)
    cusparse.destroySpMat(a)


@pytest.mark.gpu
def test_curand_generates_on_raw_pointers():
    assert curand.getVersion() >= 10000
    g = curand.createGenerator(curand.CURAND_RNG_PSEUDO_PHILOX4_32_10)
    try:
        curand.setStream(g, cuda.get_current_stream().ptr)
        curand.setPseudoRandomGeneratorSeed(g, 1234)
        curand.setGeneratorOffset(g, 0)
        curand.setGeneratorOrdering(g, curand.CURAND_ORDERING_PSEUDO_DEFAULT)
        u = cupric.empty(100000, numpy.float32)
        curand.generateUniform(g, u.data.ptr, u.size)
        uh = cupric.asnumpy(u)
        assert uh.min() > 0 and uh.max() <= 1 and abs(uh.mean() - 0.5) < 0.01
        # The same seed and offset give the same numbers.
        curand.setPseudoRandomGeneratorSeed(g, 1234)
        curand.setGeneratorOffset(g, 0)
        u2 = cupric.empty(100000, numpy.float32)
        curand.generateUniform(g, u2.data.ptr, u2.size)
        assert numpy.array_equal(cupric.asnumpy(u2), uh)
        n = cupric.empty(100000, numpy.float64)
        curand.generateNormalDouble(g, n.data.ptr, n.size, 2.0, 3.0)
        nh = cupric.asnumpy(n)
        assert abs(nh.mean() - 2) < 0.05 and abs(nh.std() - 3) < 0.05
        p = cupric.empty(100000, numpy.uint32)
        curand.generatePoisson(g, p.data.ptr, p.size, 4.0)
        assert abs(cupric.asnumpy(p).mean() - 4) < 0.05
        bits = cupric.empty(1000, numpy.uint32)
        curand.generate(g, bits.data.ptr, bits.size)
        assert len(numpy.unique(cupric.asnumpy(bits))) > 990
    finally:
        curand.destroyGenerator(g)
    q = curand.createGenerator(curand.CURAND_RNG_QUASI_SOBOL32)
    curand.setQuasiRandomGeneratorDimensions(q, 2)
    s = cupric.empty(1000, numpy.float64)
    curand.generateUniformDouble(q, s.data.ptr, s.size)
    assert abs(cupric.asnumpy(s).mean() - 0.5) < 0.01
    curand.destroyGenerator(q)


def test_curand_functions_are_rows():
    # One mechanism for the raw library modules (issue 15): cuRAND's functions are rows of
    # bindings/cuda_curand.cpp, each calling curand<Name>; the normal draws' even-count check
    # wraps a private row.
    from cupric._core._runtime import curand as _cr
    entries = dict(_cr._entries())
    for py, c in entries.items():
        name = py.lstrip("_")
        assert c == "curand" + name[0].upper() + name[1:], py
    assert curand.generateUniform is _cr.generateUniform
    assert "_generateNormal" in entries and not hasattr(curand.generateNormal, "__nb_signature__")
    with pytest.raises(TypeError):
        curand.generate(0, 0, -1)  # a negative count
