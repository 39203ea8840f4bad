"""cupric.cuda.driver's module, link, launch, context, function-attribute and occupancy calls
(CuPy 14.2's cupy.cuda.driver, issue 20): names, CuPy's signatures and cuda.h's constants
everywhere; without a GPU each call raises CUDADriverError(CUDA_ERROR_NO_DEVICE); the `gpu`
tests load a hand-written PTX module, link it, query and launch its kernel and check the result."""
import ctypes
import inspect

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import driver, runtime

HAS_CUDA = cuda.is_available()

# cuda.h (CUDA 13.0) values of the constants CuPy exports.
CONSTANTS = {
    "CU_AD_FORMAT_UNSIGNED_INT8": 0x01, "CU_AD_FORMAT_UNSIGNED_INT16": 0x02, "CU_AD_FORMAT_UNSIGNED_INT32": 0x03,
    "CU_AD_FORMAT_SIGNED_INT8": 0x08, "CU_AD_FORMAT_SIGNED_INT16": 0x09, "CU_AD_FORMAT_SIGNED_INT32": 0x0a,
    "CU_AD_FORMAT_HALF": 0x10, "CU_AD_FORMAT_FLOAT": 0x20,
    "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK": 0, "CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES": 1,
    "CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES": 2, "CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES": 3, "CU_FUNC_ATTRIBUTE_NUM_REGS": 4,
    "CU_FUNC_ATTRIBUTE_PTX_VERSION": 5, "CU_FUNC_ATTRIBUTE_BINARY_VERSION": 6, "CU_FUNC_ATTRIBUTE_CACHE_MODE_CA": 7,
    "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES": 8, "CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT": 9,
    "CU_JIT_MAX_REGISTERS": 0, "CU_JIT_THREADS_PER_BLOCK": 1, "CU_JIT_WALL_TIME": 2, "CU_JIT_INFO_LOG_BUFFER": 3,
    "CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES": 4, "CU_JIT_ERROR_LOG_BUFFER": 5, "CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES": 6,
    "CU_JIT_OPTIMIZATION_LEVEL": 7, "CU_JIT_TARGET_FROM_CUCONTEXT": 8, "CU_JIT_TARGET": 9,
    "CU_JIT_FALLBACK_STRATEGY": 10, "CU_JIT_GENERATE_DEBUG_INFO": 11, "CU_JIT_LOG_VERBOSE": 12,
    "CU_JIT_GENERATE_LINE_INFO": 13, "CU_JIT_CACHE_MODE": 14, "CU_JIT_NEW_SM3X_OPT": 15, "CU_JIT_FAST_COMPILE": 16,
    "CU_JIT_GLOBAL_SYMBOL_NAMES": 17, "CU_JIT_GLOBAL_SYMBOL_ADDRESSES": 18, "CU_JIT_GLOBAL_SYMBOL_COUNT": 19,
    "CU_JIT_LTO": 20, "CU_JIT_FTZ": 21, "CU_JIT_PREC_DIV": 22, "CU_JIT_PREC_SQRT": 23, "CU_JIT_FMA": 24,
    "CU_JIT_NUM_OPTIONS": 35, "CU_JIT_INPUT_CUBIN": 0, "CU_JIT_INPUT_PTX": 1, "CU_JIT_INPUT_FATBINARY": 2,
    "CU_JIT_INPUT_OBJECT": 3, "CU_JIT_INPUT_LIBRARY": 4, "CU_JIT_INPUT_NVVM": 5,
    "CU_TRSA_OVERRIDE_FORMAT": 1, "CU_TRSF_READ_AS_INTEGER": 1, "CU_TRSF_NORMALIZED_COORDINATES": 2,
    "CU_TRSF_SRGB": 0x10, "CU_TR_ADDRESS_MODE_WRAP": 0, "CU_TR_ADDRESS_MODE_CLAMP": 1, "CU_TR_ADDRESS_MODE_MIRROR": 2,
    "CU_TR_ADDRESS_MODE_BORDER": 3, "CU_TR_FILTER_MODE_POINT": 0, "CU_TR_FILTER_MODE_LINEAR": 1,
}

# CuPy 14.2's parameter names (cupy_backends/cuda/api/driver.pyx).
SIGNATURES = {
    "devicePrimaryCtxRelease": "dev", "ctxCreate": "dev", "ctxDestroy": "ctx", "ctxSetCurrent": "ctx",
    "streamGetCtx": "stream", "linkCreate": "", "linkAddData": "state input_type data name",
    "linkAddFile": "state input_type path", "linkComplete": "state", "linkDestroy": "state",
    "moduleLoad": "filename", "moduleLoadData": "image", "moduleUnload": "module",
    "moduleGetFunction": "module funcname", "moduleGetGlobal": "module varname",
    "launchKernel": "f grid_dim_x grid_dim_y grid_dim_z block_dim_x block_dim_y block_dim_z shared_mem_bytes stream "
                    "kernel_params extra",
    "launchCooperativeKernel": "f grid_dim_x grid_dim_y grid_dim_z block_dim_x block_dim_y block_dim_z "
                               "shared_mem_bytes stream kernel_params",
    "funcGetAttribute": "attribute f", "funcSetAttribute": "f attribute value",
    "occupancyMaxActiveBlocksPerMultiprocessor": "func blockSize dynamicSMemSize",
    "occupancyMaxPotentialBlockSize": "func dynamicSMemSize blockSizeLimit",
}

# One kernel (x[i] += 1 for i < n) and one initialized global, hand-written PTX so that no
# compiler is needed to make the module.
PTX = rb"""
.version 7.0
.target sm_50
.address_size 64

.visible .global .align 4 .u32 counter = 7;

.visible .entry add_one(.param .u64 p_x, .param .u32 p_n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .f32 %f<3>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [p_x];
    ld.param.u32 %r1, [p_n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.f32 %f1, [%rd4];
    add.f32 %f2, %f1, 0f3F800000;
    st.global.f32 [%rd4], %f2;
DONE:
    ret;
}
"""


def test_constants_have_cuda_h_values():
    for name, value in CONSTANTS.items():
        assert getattr(driver, name) == value, name


def test_calls_have_cupy_signatures():
    for name, params in SIGNATURES.items():
        assert list(inspect.signature(getattr(driver, name)).parameters) == params.split(), name


@pytest.mark.skipif(HAS_CUDA, reason="checks the machine without a GPU")
def test_calls_raise_no_device_without_a_gpu():
    calls = [lambda: driver.devicePrimaryCtxRelease(0), lambda: driver.ctxCreate(0), lambda: driver.ctxDestroy(1),
             lambda: driver.ctxSetCurrent(0), lambda: driver.streamGetCtx(0), driver.linkCreate,
             lambda: driver.linkAddData(1, driver.CU_JIT_INPUT_PTX, PTX, "k.ptx"),
             lambda: driver.linkAddFile(1, driver.CU_JIT_INPUT_PTX, "k.ptx"), lambda: driver.linkComplete(1),
             lambda: driver.linkDestroy(1), lambda: driver.moduleLoad("k.ptx"), lambda: driver.moduleLoadData(PTX),
             lambda: driver.moduleUnload(1), lambda: driver.moduleGetFunction(1, "add_one"),
             lambda: driver.moduleGetGlobal(1, "counter"),
             lambda: driver.launchKernel(1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0),
             lambda: driver.launchCooperativeKernel(1, 1, 1, 1, 1, 1, 1, 0, 0, 0),
             lambda: driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_NUM_REGS, 1),
             lambda: driver.funcSetAttribute(1, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 0),
             lambda: driver.occupancyMaxActiveBlocksPerMultiprocessor(1, 128, 0),
             lambda: driver.occupancyMaxPotentialBlockSize(1, 0, 0)]
    # A build without CUDA answers CUDA_ERROR_NO_DEVICE; a CUDA build on a machine whose driver
    # found no GPU gets the driver's own answer, NO_DEVICE or NOT_INITIALIZED (cuInit failed).
    statuses = {driver.CUDA_ERROR_NO_DEVICE}
    if cupric._core.is_cuda_built():
        statuses.add(driver.CUDA_ERROR_NOT_INITIALIZED)
    for call in calls:
        with pytest.raises(driver.CUDADriverError) as info:
            call()
        assert info.value.status in statuses


def test_names_and_images_take_cupy_types():
    # str names and bytes images, as CuPy's typed arguments; checked before the driver is asked.
    with pytest.raises(TypeError):
        driver.moduleGetFunction(1, b"add_one")
    with pytest.raises(TypeError):
        driver.moduleLoadData(PTX.decode())
    with pytest.raises(TypeError):
        driver.linkAddData(1, driver.CU_JIT_INPUT_PTX, PTX.decode(), "k.ptx")


def test_launch_dimensions_are_unsigned_ints():
    # CuPy's parameters are unsigned int: a negative or fractional dimension is refused before launching.
    with pytest.raises(OverflowError, match="grid_dim_y=-1"):
        driver.launchKernel(1, 1, -1, 1, 32, 1, 1, 0, 0, 0, 0)
    with pytest.raises(OverflowError, match="shared_mem_bytes"):
        driver.launchCooperativeKernel(1, 1, 1, 1, 32, 1, 1, 2**32, 0, 0)
    with pytest.raises(TypeError, match="block_dim_x must be an integer, not float"):
        driver.launchKernel(1, 1, 1, 1, 32.0, 1, 1, 0, 0, 0, 0)


def _launch_add_one(func, n, cooperative=False):
    """x = arange(n) + 1 through launchKernel (or launchCooperativeKernel) on a created stream."""
    x = cupric.arange(n, dtype=numpy.float32)
    arg_x, arg_n = ctypes.c_void_p(x.data.ptr), ctypes.c_uint32(n)
    params = (ctypes.c_void_p * 2)(ctypes.addressof(arg_x), ctypes.addressof(arg_n))
    s = cuda.Stream()
    blocks = (n + 127) // 128
    if cooperative:
        driver.launchCooperativeKernel(func, blocks, 1, 1, 128, 1, 1, 0, s.ptr, ctypes.addressof(params))
    else:
        driver.launchKernel(func, blocks, 1, 1, 128, 1, 1, 0, s.ptr, ctypes.addressof(params), 0)
    s.synchronize()
    numpy.testing.assert_array_equal(x.get(), numpy.arange(n, dtype=numpy.float32) + 1)


@pytest.mark.gpu
def test_gpu_module_load_data_function_attributes_and_launch():
    cupric.arange(3).sum()  # the device's context is current on this thread
    mod = driver.moduleLoadData(PTX)
    try:
        f = driver.moduleGetFunction(mod, "add_one")
        assert f != 0
        _launch_add_one(f, 1000)
        _launch_add_one(f, 300, cooperative=True)
        dev = driver.ctxGetDevice()
        cc = (10 * driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
              + driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev))
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_BINARY_VERSION, f) == cc
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_PTX_VERSION, f) == 50  # .target sm_50
        assert 0 < driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_NUM_REGS, f) <= 255
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f) == 1024
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f) == 0
        assert driver.funcGetAttribute(12345, f) == -1  # CUDA_ERROR_INVALID_VALUE answers -1, as CuPy's
        driver.funcSetAttribute(f, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 64 * 1024)
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, f) == 64 * 1024
        with pytest.raises(driver.CUDADriverError) as info:
            driver.funcSetAttribute(f, driver.CU_FUNC_ATTRIBUTE_NUM_REGS, 1)  # read-only
        assert info.value.status == driver.CUDA_ERROR_INVALID_VALUE
        blocks = driver.occupancyMaxActiveBlocksPerMultiprocessor(f, 128, 0)
        assert 1 <= blocks <= 2048 // 128
        min_grid, block = driver.occupancyMaxPotentialBlockSize(f, 0, 0)
        assert 0 < block <= 1024 and block % 32 == 0
        sms = driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev)
        assert min_grid == sms * driver.occupancyMaxActiveBlocksPerMultiprocessor(f, block, 0)
        assert driver.occupancyMaxPotentialBlockSize(f, 0, 64)[1] <= 64
        ptr = driver.moduleGetGlobal(mod, "counter")
        host = numpy.zeros(1, numpy.uint32)
        runtime.memcpy(host.ctypes.data, ptr, 4, runtime.memcpyDeviceToHost)
        assert host[0] == 7
        with pytest.raises(driver.CUDADriverError) as info:
            driver.moduleGetFunction(mod, "missing")
        assert info.value.status == driver.CUDA_ERROR_NOT_FOUND
    finally:
        driver.moduleUnload(mod)
    with pytest.raises(driver.CUDADriverError):
        driver.moduleLoadData(b"not a module")


@pytest.mark.gpu
def test_gpu_link_ptx_and_load_the_cubin(tmp_path):
    cupric.arange(3).sum()
    path = tmp_path / "add_one.ptx"
    path.write_bytes(PTX)
    for add in (lambda st: driver.linkAddData(st, driver.CU_JIT_INPUT_PTX, PTX, "add_one.ptx"),
                lambda st: driver.linkAddFile(st, driver.CU_JIT_INPUT_PTX, str(path))):
        state = driver.linkCreate()
        try:
            add(state)
            cubin = driver.linkComplete(state)
        finally:
            driver.linkDestroy(state)
        assert isinstance(cubin, bytes) and cubin[:4] == b"\x7fELF"  # the copy outlives the link state
        mod = driver.moduleLoadData(cubin)
        try:
            _launch_add_one(driver.moduleGetFunction(mod, "add_one"), 257)
        finally:
            driver.moduleUnload(mod)
    mod = driver.moduleLoad(str(path))
    try:
        _launch_add_one(driver.moduleGetFunction(mod, "add_one"), 5)
    finally:
        driver.moduleUnload(mod)
    with pytest.raises(driver.CUDADriverError):
        driver.moduleLoad(str(tmp_path / "missing.ptx"))


@pytest.mark.gpu
def test_gpu_contexts_and_streams():
    cupric.arange(3).sum()
    primary = driver.ctxGetCurrent()
    s = cuda.Stream()
    assert driver.streamGetCtx(s.ptr) == primary
    ctx = driver.ctxCreate(driver.deviceGet(cuda.get_device_id()))
    try:
        assert ctx not in (0, primary) and driver.ctxGetCurrent() == ctx
        driver.ctxSetCurrent(primary)
        assert driver.ctxGetCurrent() == primary
    finally:
        driver.ctxSetCurrent(primary)
        driver.ctxDestroy(ctx)
    assert driver.ctxGetCurrent() == primary
    numpy.testing.assert_array_equal((cupric.arange(4) * 2).get(), [0, 2, 4, 6])  # cupric's context is intact
    with pytest.raises(driver.CUDADriverError) as info:
        driver.devicePrimaryCtxRelease(10000)
    assert info.value.status == driver.CUDA_ERROR_INVALID_DEVICE
