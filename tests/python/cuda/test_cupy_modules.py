"""CuPy's public cupy.cuda modules that programs and test suites import: driver, nvrtc,
pinned_memory, the V14 allocators, runtime additions and device additions (issue 20). GPU-only
statements are in the `gpu` tests."""
import pickle

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import runtime

HAS_CUDA = cuda.is_available()
ON_CUDA_BACKEND = cupric._core._runtime.backend_is_cuda()


# ---- driver -------------------------------------------------------------------------------------

def test_driver_error_and_build_version():
    from cupric.cuda import driver
    assert isinstance(driver.get_build_version(), int)
    if not cupric._core.is_cuda_built():
        assert driver.get_build_version() == 0
    e = driver.CUDADriverError(driver.CUDA_ERROR_NO_DEVICE)
    assert e.status == 100 and "CUDA_ERROR_NO_DEVICE" in str(e)
    e2 = pickle.loads(pickle.dumps(e))
    assert type(e2) is driver.CUDADriverError and e2.status == 100 and str(e2) == str(e)
    driver.check_status(0)
    with pytest.raises(driver.CUDADriverError):
        driver.check_status(1)


@pytest.mark.skipif(HAS_CUDA, reason="checks the machine without a GPU")
def test_driver_calls_raise_without_a_device():
    from cupric.cuda import driver
    for call in (driver.ctxGetCurrent, lambda: driver.deviceGet(0), driver.ctxGetDevice,
                 lambda: driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0)):
        with pytest.raises(driver.CUDADriverError) as info:
            call()
        assert info.value.status == driver.CUDA_ERROR_NO_DEVICE


@pytest.mark.gpu
def test_driver_calls_on_the_gpu():
    from cupric.cuda import driver
    cupric.arange(3).sum()  # a context exists on this thread
    assert driver.ctxGetCurrent() != 0
    assert driver.ctxGetDevice() == cuda.get_device_id()
    dev = driver.deviceGet(0)
    assert driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev) == 32
    major = driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev)
    minor = driver.deviceGetAttribute(driver.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev)
    assert cuda.Device(0).compute_capability == f"{major}{minor}"
    assert driver.driverGetVersion() == runtime.driverGetVersion()
    assert driver.get_build_version() >= 12000
    with pytest.raises(driver.CUDADriverError) as info:
        driver.deviceGet(10000)
    assert info.value.status == driver.CUDA_ERROR_INVALID_DEVICE


# ---- nvrtc --------------------------------------------------------------------------------------

def test_nvrtc_error_and_version():
    from cupric.cuda import nvrtc
    e = nvrtc.NVRTCError(nvrtc.NVRTC_ERROR_COMPILATION)
    assert e.status == 6 and "NVRTC_ERROR_COMPILATION" in str(e)
    assert pickle.loads(pickle.dumps(e)).status == 6
    with pytest.raises(nvrtc.NVRTCError):
        nvrtc.check_status(3)
    from cupric import _libraries
    if _libraries.find("nvrtc")["found"]:
        major, minor = nvrtc.getVersion()
        assert major >= 11 and minor >= 0
    else:
        with pytest.raises(nvrtc.NVRTCError, match="nvidia-cuda-nvrtc"):
            nvrtc.getVersion()


# ---- runtime ------------------------------------------------------------------------------------

def test_get_device_count_answers():
    n = runtime.getDeviceCount()
    assert isinstance(n, int) and n >= 0
    if not HAS_CUDA:
        assert n == 0


def test_runtime_constants_are_cudas():
    assert runtime.cudaDevAttrWarpSize == 10
    assert runtime.cudaMemAdviseSetReadMostly == 1
    assert runtime.cudaChannelFormatKindFloat == 2
    assert runtime.cudaAddressModeClamp == 1 and runtime.cudaFilterModeLinear == 1
    assert runtime.memcpyDeviceToHost == 2 and runtime.cudaCpuDeviceId == -1
    assert runtime.CUDA_R_32F == 0 and runtime.CUDA_C_64F == 5
    runtime.check_status(0)
    with pytest.raises(runtime.CUDARuntimeError):
        runtime.check_status(1)


def test_profiler_start_stop_do_not_fail():
    runtime.profilerStart()
    runtime.profilerStop()


@pytest.mark.gpu
def test_device_get_attribute_takes_cupys_codes():
    assert runtime.deviceGetAttribute(runtime.cudaDevAttrWarpSize, 0) == 32
    assert runtime.deviceGetAttribute("WarpSize", 0) == 32
    assert cuda.device.get_compute_capability() == cuda.Device().compute_capability


def test_device_get_attribute_unknown_code():
    with pytest.raises(ValueError, match="unknown device attribute"):
        runtime.deviceGetAttribute(123456, 0)


# ---- pinned_memory ------------------------------------------------------------------------------

def test_pinned_memory_module_names_and_kinds():
    from cupric.cuda import pinned_memory as pm
    assert pm.PinnedMemoryPool is cuda.PinnedMemoryPool
    assert pm.PinnedMemoryPointer is cuda.PinnedMemoryPointer
    assert cuda.PinnedMemory is pm.PinnedMemory
    raw = pm.PinnedMemory(1000)
    assert isinstance(raw, pm.PinnedMemory) and not isinstance(raw, pm.PooledPinnedMemory)
    assert raw.size == 1000
    p = pm.PinnedMemoryPointer(raw, 0)
    # Page-locked only where there is a GPU: the host backend's "pinned" memory is host memory.
    assert pm.is_memory_pinned(p) is ON_CUDA_BACKEND and pm.is_memory_pinned(p.ptr) is ON_CUDA_BACKEND
    pooled = pm.alloc_pinned_memory(256)
    assert isinstance(pooled.mem, pm.PooledPinnedMemory)
    a = numpy.frombuffer(pooled, numpy.uint8, 256)
    a[:] = 7
    assert pm.is_memory_pinned(a) is ON_CUDA_BACKEND
    assert pm.is_memory_pinned(memoryview(a)) is ON_CUDA_BACKEND
    assert int(a.sum()) == 7 * 256
    with pytest.raises(ValueError, match="flags=0"):
        pm.PinnedMemory(10, flags=1)
    with pytest.raises(TypeError):
        pm.PooledPinnedMemory(10)
    with pytest.raises(TypeError, match="buffer"):
        pm.is_memory_pinned(object())


@pytest.mark.gpu
def test_pageable_numpy_is_not_pinned():
    from cupric.cuda import pinned_memory as pm
    assert not pm.is_memory_pinned(numpy.zeros(1000))


def test_pinned_pool_through_the_module():
    from cupric.cuda import pinned_memory as pm
    pool = pm.PinnedMemoryPool()
    pm.set_pinned_memory_allocator(pool.malloc)
    try:
        x = pm.alloc_pinned_memory(1000)
        assert pool.used_bytes() == 1024
        del x
        assert pool.used_bytes() == 0 and pool.free_bytes() == 1024
    finally:
        pm.set_pinned_memory_allocator(cuda.get_default_pinned_memory_pool().malloc)


# ---- V14 allocators -----------------------------------------------------------------------------

@pytest.mark.parametrize("alloc", ["malloc_managed", "malloc_async"])
def test_v14_allocators_back_arrays(pool, alloc):
    fn = getattr(cuda, alloc) if hasattr(cuda, alloc) else getattr(cuda.memory, alloc)
    cuda.set_allocator(fn)
    try:
        a = cupric.arange(1000, dtype=numpy.float64)
        b = (a * 2 + 1).sum()
        assert float(b) == float((numpy.arange(1000.0) * 2 + 1).sum())
        assert pool.used_bytes() == 0
    finally:
        cuda.set_allocator(pool.malloc)


def test_managed_memory_kind_prefetch_advise():
    p = cuda.malloc_managed(1000)
    assert isinstance(p.mem, cuda.ManagedMemory) and not isinstance(p.mem, cuda.memory.SystemMemory)
    assert p.mem.size == 1000
    p.mem.prefetch()
    p.mem.prefetch(cuda.Stream())
    p.mem.advise(runtime.cudaMemAdviseSetReadMostly, cuda.get_device_id())
    a = cupric.ndarray((125,), numpy.float64, memptr=p)
    a[...] = 3.0
    assert float(a.sum()) == 375.0
    with pytest.raises(TypeError, match="managed memory"):
        cupric.empty(3).data.mem.prefetch()
    with pytest.raises(ValueError):
        cuda.malloc_managed(-1)
    assert cuda.malloc_managed(0).ptr == 0


def test_system_memory_on_the_host_backend():
    if ON_CUDA_BACKEND:
        pytest.skip("system memory on a GPU needs HMM/ATS: test_system_memory_on_the_gpu")
    p = cuda.memory.malloc_system(64)
    assert isinstance(p.mem, cuda.memory.SystemMemory)
    a = cupric.ndarray((8,), numpy.int64, memptr=p)
    a[...] = cupric.arange(8)
    assert a.get().tolist() == list(range(8))


@pytest.mark.gpu
def test_system_memory_on_the_gpu():
    if not runtime.deviceGetAttribute("PageableMemoryAccess", 0):
        with pytest.raises(RuntimeError, match="HMM or ATS"):
            cuda.memory.malloc_system(64)
        return
    p = cuda.memory.malloc_system(64)
    a = cupric.ndarray((8,), numpy.int64, memptr=p)
    a[...] = cupric.arange(8)
    assert a.get().tolist() == list(range(8))


@pytest.mark.gpu
def test_managed_memory_is_managed_on_the_gpu():
    p = cuda.malloc_managed(4096)
    assert p.mem.kind == "managed"
    p.mem.prefetch(device=-1)  # to the host, then back
    p.mem.prefetch()
    cuda.Device().synchronize()


# ---- misc ---------------------------------------------------------------------------------------

def test_cuda_profile_is_deprecated():
    with pytest.warns(DeprecationWarning, match="cupricx.profiler.profile"):
        with cuda.profile():
            pass


def test_exceptions_are_numpys():
    import cupric.exceptions as ex
    import numpy.exceptions as nex
    for name in ("AxisError", "ComplexWarning", "ModuleDeprecationWarning", "RankWarning", "TooHardError",
                 "VisibleDeprecationWarning"):
        assert getattr(ex, name) is getattr(nex, name)


def test_toolkit_paths(monkeypatch, tmp_path):
    from cupric.cuda import _environment as env
    monkeypatch.setattr(env, "_cache", {})
    monkeypatch.setenv("CUDA_PATH", str(tmp_path))
    monkeypatch.setenv("NVCC", "/opt/x/nvcc -ccbin g++")
    assert cuda.get_cuda_path() == str(tmp_path)
    assert cuda.get_nvcc_path() == "/opt/x/nvcc -ccbin g++"
    assert cuda.get_rocm_path() is None and cuda.get_hipcc_path() is None
    monkeypatch.setattr(env, "_cache", {})
    monkeypatch.delenv("CUDA_PATH")
    monkeypatch.delenv("NVCC")
    p = cuda.get_cuda_path()
    assert p is None or __import__("os").path.isdir(p)


# ---- allocators of user functions ---------------------------------------------------------------

def test_python_function_allocator_backs_arrays(pool):
    log = []
    backing = {}

    def malloc(size, device_id):
        buf = cuda.memory.Memory(size)  # device memory the test owns
        backing[buf.ptr] = buf
        log.append(("malloc", size, device_id))
        return buf.ptr

    def free(ptr, device_id):
        log.append(("free", ptr, device_id))
        del backing[ptr]

    alloc = cuda.PythonFunctionAllocator(malloc, free)
    with cuda.using_allocator(alloc.malloc):
        a = cupric.arange(10, dtype=numpy.float64)
        b = (a + 1).get()
    assert b.tolist() == list(range(1, 11))
    assert ("malloc", 80, cuda.get_device_id()) in log
    ptr = a.data.ptr
    del a
    assert ("free", ptr, cuda.get_device_id()) in log
    assert pool.used_bytes() == 0
    with pytest.raises(TypeError, match="callable"):
        cuda.PythonFunctionAllocator(1, free)


def test_c_function_allocator_calls_the_c_functions():
    import ctypes
    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    calls = []

    @ctypes.CFUNCTYPE(ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_size_t, ctypes.c_int)
    def c_malloc(param, size, device_id):
        calls.append(("malloc", param, size))
        return libc.malloc(size)

    @ctypes.CFUNCTYPE(None, ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_int)
    def c_free(param, ptr, device_id):
        calls.append(("free", param))
        libc.free(ctypes.c_void_p(ptr))

    addr = ctypes.cast(c_malloc, ctypes.c_void_p).value
    faddr = ctypes.cast(c_free, ctypes.c_void_p).value
    alloc = cuda.CFunctionAllocator(42, addr, faddr, (c_malloc, c_free))
    p = alloc.malloc(64)
    assert p.ptr != 0 and p.mem.size == 64
    assert calls == [("malloc", 42, 64)]
    del p
    assert calls[-1] == ("free", 42)
    with pytest.raises(ValueError, match="addresses of C functions"):
        cuda.CFunctionAllocator(0, 0, faddr, None)


def test_single_device_memory_pool(pool):
    p = cuda.memory.SingleDeviceMemoryPool()
    m = p.malloc(1000)
    assert p.used_bytes() == 1024 and pool.used_bytes() == 0
    del m
    assert p.used_bytes() == 0 and p.free_bytes() == 1024
    with cuda.using_allocator(p.malloc):
        a = cupric.ones(300)
        assert p.used_bytes() == 2560
    del a
    p.free_all_blocks()
    assert p.total_bytes() == 0
    assert "SingleDeviceMemoryPool device=" in repr(p)


def test_from_pointer_and_pointer_attributes():
    a = cupric.arange(4)
    assert cuda.device.from_pointer(a.data.ptr) == cuda.Device()
    if not HAS_CUDA:
        with pytest.raises(runtime.CUDARuntimeError):
            runtime.pointerGetAttributes(a.data.ptr)


@pytest.mark.gpu
def test_pointer_attributes_on_the_gpu():
    a = cupric.arange(4)
    attrs = runtime.pointerGetAttributes(a.data.ptr)
    assert attrs.type == runtime.memoryTypeDevice and attrs.device == cuda.get_device_id()
    assert attrs.devicePointer == a.data.ptr
    m = cuda.malloc_managed(64)
    assert runtime.pointerGetAttributes(m.ptr).type == runtime.memoryTypeManaged
    h = cuda.alloc_pinned_memory(64)
    assert runtime.pointerGetAttributes(h.ptr).type == runtime.memoryTypeHost
    assert runtime.pointerGetAttributes(numpy.zeros(4).ctypes.data).type == runtime.memoryTypeUnregistered
    with pytest.raises(ValueError, match="not memory of a CUDA device"):
        cuda.device.from_pointer(numpy.zeros(4).ctypes.data)
