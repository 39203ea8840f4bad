"""cupric.cuda.runtime's raw-pointer functions (CuPy's cupy.cuda.runtime malloc, memcpy*,
stream*, event*, graph*, ipc*, memPool*, ...; issue 20): integer pointers and handles, errors as
CUDARuntimeError("cudaErrorName: text") with its status. Without a usable GPU (CI) every call
raises the CUDA-unavailable error CuPy's raise there; the `gpu` tests run them for real."""
import ctypes
import threading

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import runtime

HAS_CUDA = cuda.is_available()


class _Pos(ctypes.Structure):
    _fields_ = [("x", ctypes.c_size_t), ("y", ctypes.c_size_t), ("z", ctypes.c_size_t)]


class _PitchedPtr(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p), ("pitch", ctypes.c_size_t), ("xsize", ctypes.c_size_t),
                ("ysize", ctypes.c_size_t)]


class _Memcpy3DParms(ctypes.Structure):  # cudaMemcpy3DParms
    _fields_ = [("srcArray", ctypes.c_void_p), ("srcPos", _Pos), ("srcPtr", _PitchedPtr),
                ("dstArray", ctypes.c_void_p), ("dstPos", _Pos), ("dstPtr", _PitchedPtr),
                ("extent", _Pos), ("kind", ctypes.c_int)]


# Valid descriptor and parameter blocks: a CUDA build without a driver may read them.
def _desc():
    from cupric.cuda import texture
    return texture.ChannelFormatDescriptor(32, 0, 0, 0, 2)


_PARMS = _Memcpy3DParms()

# (name, arguments) of every raw function, called as CuPy's would be.
CALLS = [
    ("malloc", (16,)), ("free", (0x1000,)), ("mallocManaged", (16,)), ("hostAlloc", (16, 0)),
    ("freeHost", (0x1000,)), ("hostRegister", (0x1000, 16, 0)), ("hostUnregister", (0x1000,)),
    ("mallocAsync", (16, 0)), ("mallocFromPoolAsync", (16, 0x1000, 0)), ("freeAsync", (0x1000, 0)),
    ("memcpy", (0x1000, 0x2000, 16, 4)), ("memcpyAsync", (0x1000, 0x2000, 16, 4, 0)),
    ("memcpyPeer", (0x1000, 0, 0x2000, 0, 16)), ("memcpyPeerAsync", (0x1000, 0, 0x2000, 0, 16, 0)),
    ("memcpy2D", (0x1000, 16, 0x2000, 16, 16, 2, 4)), ("memcpy2DAsync", (0x1000, 16, 0x2000, 16, 16, 2, 4, 0)),
    ("memset", (0x1000, 0, 16)), ("memsetAsync", (0x1000, 0, 16, 0)),
    ("memPrefetchAsync", (0x1000, 16, 0, 0)), ("memAdvise", (0x1000, 16, 1, 0)),
    ("pointerGetMemoryType", (0x1000,)), ("mallocArray", (_desc(), 16, 4)), ("malloc3DArray", (_desc(), 4, 4, 4)),
    ("freeArray", (0x1000,)), ("memcpy2DToArray", (0x1000, 0, 0, 0x2000, 64, 64, 4, 4)),
    ("memcpy2DToArrayAsync", (0x1000, 0, 0, 0x2000, 64, 64, 4, 4, 0)),
    ("memcpy2DFromArray", (0x1000, 64, 0x2000, 0, 0, 64, 4, 4)),
    ("memcpy2DFromArrayAsync", (0x1000, 64, 0x2000, 0, 0, 64, 4, 4, 0)), ("memcpy3D", (ctypes.addressof(_PARMS),)),
    ("memcpy3DAsync", (ctypes.addressof(_PARMS), 0)), ("deviceCanAccessPeer", (0, 1)), ("deviceEnablePeerAccess", (1,)),
    ("deviceDisablePeerAccess", (1,)), ("deviceGetLimit", (0,)), ("deviceSetLimit", (0, 1024)),
    ("deviceGetByPCIBusId", ("0000:00:00.0",)), ("streamCreate", ()), ("streamCreateWithFlags", (1,)),
    ("streamCreateWithPriority", (1, 0)), ("streamDestroy", (0x1000,)), ("streamSynchronize", (0,)),
    ("streamQuery", (0,)), ("streamGetFlags", (0,)), ("streamGetPriority", (0,)),
    ("streamWaitEvent", (0, 0x1000)), ("streamAddCallback", (0, lambda *a: None, 0)),
    ("launchHostFunc", (0, lambda a: None, 0)), ("streamBeginCapture", (0x1000,)),
    ("streamEndCapture", (0x1000,)), ("streamIsCapturing", (0,)), ("eventCreate", ()),
    ("eventCreateWithFlags", (2,)), ("eventDestroy", (0x1000,)), ("eventRecord", (0x1000, 0)),
    ("eventSynchronize", (0x1000,)), ("eventQuery", (0x1000,)), ("eventElapsedTime", (0x1000, 0x2000)),
    ("graphInstantiate", (0x1000,)), ("graphLaunch", (0x1000, 0)), ("graphUpload", (0x1000, 0)),
    ("graphDestroy", (0x1000,)), ("graphExecDestroy", (0x1000,)), ("graphDebugDotPrint", (0x1000, "/tmp/g.dot", 0)),
    ("ipcGetMemHandle", (0x1000,)), ("ipcOpenMemHandle", (bytes(64),)), ("ipcCloseMemHandle", (0x1000,)),
    ("ipcGetEventHandle", (0x1000,)), ("ipcOpenEventHandle", (bytes(64),)),
    ("deviceGetDefaultMemPool", (0,)), ("deviceGetMemPool", (0,)), ("deviceSetMemPool", (0, 0x1000)),
    ("memPoolCreate", (runtime.MemPoolProps(1, 0, 1, 0),)), ("memPoolDestroy", (0x1000,)),
    ("memPoolTrimTo", (0x1000, 0)), ("memPoolGetAttribute", (0x1000, 4)), ("memPoolSetAttribute", (0x1000, 4, 0)),
]


@pytest.mark.skipif(HAS_CUDA, reason="checks the machine without a GPU")
@pytest.mark.parametrize("name,args", CALLS, ids=[c[0] for c in CALLS])
def test_raw_functions_raise_cuda_unavailable_without_a_gpu(name, args):
    with pytest.raises(runtime.CUDARuntimeError) as info:
        getattr(runtime, name)(*args)
    # What the CUDA runtime says without a driver (35) or a device (100), in CuPy's format.
    assert info.value.status in (runtime.errorInsufficientDriver, runtime.errorNoDevice)
    assert str(info.value).startswith(("cudaErrorInsufficientDriver: ", "cudaErrorNoDevice: "))


def test_every_cupy_raw_name_is_there():
    for name, _ in CALLS:
        assert callable(getattr(runtime, name)), name
    assert runtime.getDeviceCount() >= 0  # answers (0 without a GPU) instead of raising


def test_argument_errors_are_python_errors():
    with pytest.raises(TypeError, match="callback must be callable"):
        runtime.launchHostFunc(0, 42, 0)
    with pytest.raises(TypeError, match="callback must be callable"):
        runtime.streamAddCallback(0, None, 0)
    with pytest.raises(TypeError, match="props must be a MemPoolProps"):
        runtime.memPoolCreate({"allocType": 1})
    with pytest.raises(ValueError, match="an IPC handle is 64 bytes, got 3"):
        runtime.ipcOpenMemHandle(b"abc")
    with pytest.raises(TypeError):
        runtime.malloc("16")
    props = runtime.MemPoolProps(runtime.cudaMemAllocationTypePinned, runtime.cudaMemHandleTypeNone,
                                 runtime.cudaMemLocationTypeDevice, 0)
    assert (props.allocType, props.handleType, props.locationType, props.devId) == (1, 0, 1, 0)
    assert "MemPoolProps(allocType=1" in repr(props)


# ---- on the GPU ----

@pytest.mark.gpu
def test_malloc_memcpy_memset_roundtrip():
    n = 1024
    d = runtime.malloc(n)
    try:
        host = numpy.arange(n // 4, dtype=numpy.int32)
        out = numpy.empty_like(host)
        runtime.memcpy(d, host.ctypes.data, n, runtime.memcpyHostToDevice)
        runtime.memcpy(out.ctypes.data, d, n, runtime.memcpyDeviceToHost)
        numpy.testing.assert_array_equal(out, host)
        runtime.memset(d, 0xFF, 8)
        runtime.memcpy(out.ctypes.data, d, n, runtime.memcpyDefault)
        assert out[0] == -1 and out[1] == -1 and out[2] == 2
        assert runtime.pointerGetMemoryType(d) == runtime.memoryTypeDevice
        # a raw allocation backs a cupric array through UnownedMemory
        mem = cuda.UnownedMemory(d, n, None)
        a = cupric.ndarray((n // 4,), cupric.int32, cuda.MemoryPointer(mem, 0))
        assert int(a[5]) == 5
    finally:
        runtime.free(d)
    with pytest.raises(runtime.CUDARuntimeError) as info:
        runtime.malloc(1 << 62)
    assert info.value.status == runtime.errorMemoryAllocation
    assert str(info.value).startswith("cudaErrorMemoryAllocation: ")
    cupric.arange(3).sum()  # the failed call left no sticky error behind


@pytest.mark.gpu
def test_cuda_arrays_2d_and_3d_copies():
    from cupric.cuda import texture
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, runtime.cudaChannelFormatKindFloat)
    src = cupric.arange(64, dtype=cupric.float32).reshape(4, 16)
    out = cupric.zeros((4, 16), dtype=cupric.float32)
    arr = runtime.mallocArray(desc, 16, 4)
    try:
        runtime.memcpy2DToArray(arr, 0, 0, src.data.ptr, 64, 64, 4, runtime.memcpyDeviceToDevice)
        runtime.memcpy2DFromArray(out.data.ptr, 64, arr, 0, 0, 64, 4, runtime.memcpyDeviceToDevice)
        numpy.testing.assert_array_equal(out.get(), src.get())
        out[...] = 0
        runtime.memcpy2DFromArrayAsync(out.data.ptr, 64, arr, 16, 1, 32, 2, runtime.memcpyDeviceToDevice, 0)
        runtime.deviceSynchronize()
        numpy.testing.assert_array_equal(out.get()[:2, :8], src.get()[1:3, 4:12])
    finally:
        runtime.freeArray(arr)
    vol = cupric.arange(4 * 4 * 8, dtype=cupric.float32).reshape(4, 4, 8)
    back = cupric.zeros_like(vol)
    arr3 = runtime.malloc3DArray(desc, 8, 4, 4)
    try:
        p = _Memcpy3DParms()
        p.srcPtr = _PitchedPtr(vol.data.ptr, 32, 8, 4)
        p.dstArray = arr3
        p.extent = _Pos(8, 4, 4)
        p.kind = runtime.memcpyDeviceToDevice
        runtime.memcpy3D(ctypes.addressof(p))
        q = _Memcpy3DParms()
        q.srcArray = arr3
        q.dstPtr = _PitchedPtr(back.data.ptr, 32, 8, 4)
        q.extent = _Pos(8, 4, 4)
        q.kind = runtime.memcpyDeviceToDevice
        runtime.memcpy3DAsync(ctypes.addressof(q), 0)
        runtime.deviceSynchronize()
        numpy.testing.assert_array_equal(back.get(), vol.get())
    finally:
        runtime.freeArray(arr3)


@pytest.mark.gpu
def test_async_copies_streams_and_events():
    s = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    e0, e1 = runtime.eventCreate(), runtime.eventCreate()
    h = runtime.hostAlloc(4096, runtime.hostAllocDefault)
    try:
        assert runtime.streamGetFlags(s) == runtime.streamNonBlocking
        assert isinstance(runtime.streamGetPriority(s), int)
        d = runtime.mallocAsync(4096, s)
        runtime.eventRecord(e0, s)
        runtime.memsetAsync(d, 7, 4096, s)
        runtime.memcpyAsync(h, d, 4096, runtime.memcpyDeviceToHost, s)
        runtime.eventRecord(e1, s)
        runtime.streamWaitEvent(0, e1)
        runtime.eventSynchronize(e1)
        assert runtime.eventQuery(e1) == 0 and runtime.streamQuery(s) == 0
        assert runtime.eventElapsedTime(e0, e1) >= 0.0
        assert bytes((ctypes.c_ubyte * 8).from_address(h)) == b"\x07" * 8
        runtime.freeAsync(d, s)
        runtime.streamSynchronize(s)
    finally:
        runtime.freeHost(h)
        runtime.eventDestroy(e0)
        runtime.eventDestroy(e1)
        runtime.streamDestroy(s)
    p = runtime.streamCreateWithPriority(0, -1)
    assert runtime.streamGetPriority(p) in (-1, 0)
    runtime.streamDestroy(p)


@pytest.mark.gpu
def test_managed_registered_memory_and_advice():
    m = runtime.mallocManaged(4096)
    try:
        assert runtime.pointerGetMemoryType(m) == runtime.memoryTypeManaged
        runtime.memAdvise(m, 4096, runtime.cudaMemAdviseSetReadMostly, 0)
        runtime.memPrefetchAsync(m, 4096, 0, 0)
        runtime.deviceSynchronize()
    finally:
        runtime.free(m)
    buf = numpy.zeros(4096, numpy.uint8)
    runtime.hostRegister(buf.ctypes.data, buf.nbytes, 0)
    try:
        assert runtime.pointerGetMemoryType(buf.ctypes.data) == runtime.memoryTypeHost
    finally:
        runtime.hostUnregister(buf.ctypes.data)


@pytest.mark.gpu
def test_callbacks_run_in_stream_order():
    done = threading.Event()
    seen = []

    def host_fn(arg):
        seen.append(("host", arg))

    def callback(stream, status, arg):
        seen.append(("cb", stream, status, arg))
        done.set()
    s = runtime.streamCreate()
    try:
        runtime.launchHostFunc(s, host_fn, 11)
        runtime.streamAddCallback(s, callback, 22)
        runtime.streamSynchronize(s)
        assert done.wait(10)
        assert seen == [("host", 11), ("cb", s, 0, 22)]
    finally:
        runtime.streamDestroy(s)


@pytest.mark.gpu
def test_capture_a_graph_with_raw_calls(tmp_path):
    s = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    d = runtime.malloc(1024)
    try:
        assert runtime.streamIsCapturing(s) is False
        runtime.streamBeginCapture(s)
        assert runtime.streamIsCapturing(s) is True
        runtime.memsetAsync(d, 3, 1024, s)
        g = runtime.streamEndCapture(s)
        x = runtime.graphInstantiate(g)
        runtime.graphUpload(x, s)
        runtime.graphLaunch(x, s)
        runtime.streamSynchronize(s)
        out = numpy.empty(1024, numpy.uint8)
        runtime.memcpy(out.ctypes.data, d, 1024, runtime.memcpyDeviceToHost)
        assert (out == 3).all()
        path = tmp_path / "g.dot"
        runtime.graphDebugDotPrint(g, str(path), 0)
        assert path.read_text().startswith("digraph")
        runtime.graphExecDestroy(x)
        runtime.graphDestroy(g)
    finally:
        runtime.free(d)
        runtime.streamDestroy(s)


@pytest.mark.gpu
def test_devices_limits_peers_ipc_and_pools():
    dev = runtime.getDevice()
    assert runtime.deviceGetByPCIBusId(runtime.deviceGetPCIBusId(dev)) == dev
    old = runtime.deviceGetLimit(runtime.cudaLimitMallocHeapSize)
    runtime.deviceSetLimit(runtime.cudaLimitMallocHeapSize, old + (1 << 20))
    assert runtime.deviceGetLimit(runtime.cudaLimitMallocHeapSize) >= old + (1 << 20)
    runtime.deviceSetLimit(runtime.cudaLimitMallocHeapSize, old)
    if runtime.getDeviceCount() > 1:
        assert runtime.deviceCanAccessPeer(0, 1) in (0, 1)
    else:
        with pytest.raises(runtime.CUDARuntimeError):
            runtime.deviceCanAccessPeer(0, 1)
    d = runtime.malloc(1 << 20)
    try:
        h = runtime.ipcGetMemHandle(d)
        assert isinstance(h, bytes) and len(h) == 64
    finally:
        runtime.free(d)
    e = runtime.eventCreateWithFlags(runtime.eventDisableTiming | 4)  # cudaEventInterprocess
    assert len(runtime.ipcGetEventHandle(e)) == 64
    runtime.eventDestroy(e)
    default = runtime.deviceGetDefaultMemPool(dev)
    assert runtime.deviceGetMemPool(dev) == default
    props = runtime.MemPoolProps(runtime.cudaMemAllocationTypePinned, runtime.cudaMemHandleTypeNone,
                                 runtime.cudaMemLocationTypeDevice, dev)
    pool = runtime.memPoolCreate(props)
    try:
        runtime.memPoolSetAttribute(pool, runtime.cudaMemPoolAttrReleaseThreshold, 1 << 20)
        assert runtime.memPoolGetAttribute(pool, runtime.cudaMemPoolAttrReleaseThreshold) == 1 << 20
        p = runtime.mallocFromPoolAsync(4096, pool, 0)
        assert runtime.memPoolGetAttribute(pool, runtime.cudaMemPoolAttrUsedMemCurrent) >= 4096
        runtime.freeAsync(p, 0)
        runtime.deviceSynchronize()
        runtime.memPoolTrimTo(pool, 0)
        runtime.deviceSetMemPool(dev, pool)
        assert runtime.deviceGetMemPool(dev) == pool
    finally:
        runtime.deviceSetMemPool(dev, default)
        runtime.memPoolDestroy(pool)


# ---- library handles (cupric.cuda.device.get_cublas_handle & co) ----

@pytest.mark.skipif(HAS_CUDA, reason="checks the machine without a GPU")
@pytest.mark.parametrize("name", ["get_cublas_handle", "get_cusolver_handle", "get_cusparse_handle"])
def test_library_handles_need_a_gpu(name):
    from cupric.cuda import device
    with pytest.raises(runtime.CUDARuntimeError) as info:
        getattr(device, name)()
    assert info.value.status in (runtime.errorInsufficientDriver, runtime.errorNoDevice)
    assert cuda.get_cublas_handle is device.get_cublas_handle


@pytest.mark.gpu
def test_library_handles_per_thread_on_the_gpu():
    from cupric.cuda import device
    for name in ("get_cublas_handle", "get_cusolver_handle", "get_cusparse_handle"):
        h = getattr(device, name)()
        assert isinstance(h, int) and h != 0
        assert getattr(device, name)() == h  # one per (device, thread)
    assert cuda.Device().cublas_handle == device.get_cublas_handle()
    other = []
    t = threading.Thread(target=lambda: other.append(device.get_cublas_handle()))
    t.start()
    t.join()
    assert other[0] != device.get_cublas_handle()
    a = cupric.ones((64, 64))
    assert float((a @ a)[0, 0]) == 64.0  # cupric's own cuBLAS calls still work on that handle
