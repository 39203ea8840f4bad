"""cupric.cuda.runtime's raw-pointer functions (CuPy's cupy.cuda.runtime malloc, memcpy*,
memset*, stream*, event*, graph*, ipc*, memPool*, peer access, limits, callbacks): integer
pointers and handles in and out, as CuPy's module takes and returns them; a failed call raises
CUDARuntimeError("cudaErrorName: text") with its ``status``. The calls are C++
(src/runtime/cuda/cuda_raw.cpp); in a build without CUDA, or on a machine without a driver, they
raise CUDARuntimeError (cudaErrorInsufficientDriver), as CuPy's do there."""
import operator

from cupric._core._runtime import raw as _raw

__all__ = [  # CuPy's names (what runtime.py re-exports)
    "mallocArray", "malloc3DArray", "freeArray", "memcpy2DToArray", "memcpy2DToArrayAsync",
    "memcpy2DFromArray", "memcpy2DFromArrayAsync", "memcpy3D", "memcpy3DAsync",
    "malloc", "free", "mallocManaged", "hostAlloc", "freeHost", "hostRegister", "hostUnregister",
    "mallocAsync", "mallocFromPoolAsync", "freeAsync", "memcpy", "memcpyAsync", "memcpyPeer",
    "memcpyPeerAsync", "memcpy2D", "memcpy2DAsync", "memset", "memsetAsync", "memPrefetchAsync",
    "memAdvise", "pointerGetMemoryType", "deviceCanAccessPeer", "deviceEnablePeerAccess",
    "deviceDisablePeerAccess", "deviceGetLimit", "deviceSetLimit", "deviceGetByPCIBusId",
    "streamCreate", "streamCreateWithFlags", "streamCreateWithPriority", "streamDestroy",
    "streamSynchronize", "streamQuery", "streamGetFlags", "streamGetPriority", "streamWaitEvent",
    "streamAddCallback", "launchHostFunc", "streamBeginCapture", "streamEndCapture",
    "streamIsCapturing", "eventCreate", "eventCreateWithFlags", "eventDestroy", "eventRecord",
    "eventSynchronize", "eventQuery", "eventElapsedTime", "graphInstantiate", "graphLaunch",
    "graphUpload", "graphDestroy", "graphExecDestroy", "graphDebugDotPrint", "ipcGetMemHandle",
    "ipcOpenMemHandle", "ipcCloseMemHandle", "ipcGetEventHandle", "ipcOpenEventHandle",
    "deviceGetDefaultMemPool", "deviceGetMemPool", "deviceSetMemPool", "memPoolCreate",
    "memPoolDestroy", "memPoolTrimTo", "memPoolGetAttribute", "memPoolSetAttribute", "MemPoolProps"
]

_NOT_READY = 600  # cudaErrorNotReady: what the query functions answer while work is pending


_int = operator.index  # an int or what stands for one (a MemoryPointer): TypeError for others


# ---- memory ----
def malloc(size):
    """cudaMalloc: the address of `size` bytes of device memory; release it with free()."""
    return _raw.malloc(_int(size))


def free(ptr):
    _raw.free(_int(ptr))


def mallocManaged(size, flags=1):
    """cudaMallocManaged (flags: cudaMemAttachGlobal by default); release it with free()."""
    return _raw.mallocManaged(_int(size), _int(flags))


def hostAlloc(size, flags):
    """cudaHostAlloc: page-locked host memory; release it with freeHost()."""
    return _raw.hostAlloc(_int(size), _int(flags))


def freeHost(ptr):
    _raw.freeHost(_int(ptr))


def hostRegister(ptr, size, flags):
    _raw.hostRegister(_int(ptr), _int(size), _int(flags))


def hostUnregister(ptr):
    _raw.hostUnregister(_int(ptr))


def mallocAsync(size, stream):
    """cudaMallocAsync on `stream` (a handle) from the device's current memory pool."""
    return _raw.mallocAsync(_int(size), _int(stream))


def mallocFromPoolAsync(size, pool, stream):
    return _raw.mallocFromPoolAsync(_int(size), _int(pool), _int(stream))


def freeAsync(ptr, stream):
    _raw.freeAsync(_int(ptr), _int(stream))


def memcpy(dst, src, size, kind):
    """cudaMemcpy of `size` bytes; `kind` is a memcpy* constant (memcpyDefault lets CUDA tell)."""
    _raw.memcpy(_int(dst), _int(src), _int(size), _int(kind))


def memcpyAsync(dst, src, size, kind, stream):
    _raw.memcpyAsync(_int(dst), _int(src), _int(size), _int(kind), _int(stream))


def memcpyPeer(dst, dstDevice, src, srcDevice, size):
    _raw.memcpyPeer(_int(dst), _int(dstDevice), _int(src), _int(srcDevice), _int(size))


def memcpyPeerAsync(dst, dstDevice, src, srcDevice, size, stream):
    _raw.memcpyPeerAsync(_int(dst), _int(dstDevice), _int(src), _int(srcDevice), _int(size), _int(stream))


def memcpy2D(dst, dpitch, src, spitch, width, height, kind):
    _raw.memcpy2D(_int(dst), _int(dpitch), _int(src), _int(spitch), _int(width), _int(height), _int(kind))


def memcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream):
    _raw.memcpy2DAsync(_int(dst), _int(dpitch), _int(src), _int(spitch), _int(width), _int(height), _int(kind),
                       _int(stream))


def memset(ptr, value, size):
    _raw.memset(_int(ptr), _int(value), _int(size))


def memsetAsync(ptr, value, size, stream):
    _raw.memsetAsync(_int(ptr), _int(value), _int(size), _int(stream))


def memPrefetchAsync(devPtr, count, dstDevice, stream):
    """cudaMemPrefetchAsync of managed memory to `dstDevice` (cudaCpuDeviceId: the host)."""
    _raw.memPrefetchAsync(_int(devPtr), _int(count), _int(dstDevice), _int(stream))


def memAdvise(devPtr, count, advice, device):
    _raw.memAdvise(_int(devPtr), _int(count), _int(advice), _int(device))


def pointerGetMemoryType(ptr):
    """The cudaMemoryType of address `ptr` (memoryTypeUnregistered/Host/Device/Managed)."""
    return _raw.pointerGetMemoryType(_int(ptr))


# ---- CUDA arrays (texture memory; cupric.cuda.texture.CUDAarray wraps them for arrays) ----
def _desc_address(desc, keep):
    """The address of a cudaChannelFormatDesc: an int as CuPy takes it, or a
    texture.ChannelFormatDescriptor (laid out here; `keep` holds the struct for the call)."""
    from cupric.cuda.texture import ChannelFormatDescriptor
    if isinstance(desc, ChannelFormatDescriptor):
        import ctypes
        keep.append((ctypes.c_int * 5)(desc.x, desc.y, desc.z, desc.w, desc.f))
        return ctypes.addressof(keep[-1])
    return _int(desc)


def mallocArray(descPtr, width, height, flags=0):
    """cudaMallocArray: a CUDA array (its handle) of `width` x `height` elements of the channel
    format `descPtr` (the address of a cudaChannelFormatDesc, or a ChannelFormatDescriptor)."""
    keep = []
    return _raw.mallocArray(_desc_address(descPtr, keep), _int(width), _int(height), 0, _int(flags), False)


def malloc3DArray(descPtr, width, height, depth, flags=0):
    """cudaMalloc3DArray with the extent (width, height, depth) in elements."""
    keep = []
    return _raw.mallocArray(_desc_address(descPtr, keep), _int(width), _int(height), _int(depth), _int(flags), True)


def freeArray(ptr):
    _raw.freeArray(_int(ptr))


def memcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind):
    """cudaMemcpy2DToArray: `height` rows of `width` bytes from `src` (pitch `spitch`) into the
    array `dst` at byte offset `wOffset`, row `hOffset`."""
    _raw.memcpy2DToArray(_int(dst), _int(wOffset), _int(hOffset), _int(src), _int(spitch), _int(width),
                         _int(height), _int(kind), 0, False)


def memcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind, stream):
    _raw.memcpy2DToArray(_int(dst), _int(wOffset), _int(hOffset), _int(src), _int(spitch), _int(width),
                         _int(height), _int(kind), _int(stream), True)


def memcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind):
    """cudaMemcpy2DFromArray: the reverse of memcpy2DToArray."""
    _raw.memcpy2DFromArray(_int(dst), _int(dpitch), _int(src), _int(wOffset), _int(hOffset), _int(width),
                           _int(height), _int(kind), 0, False)


def memcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind, stream):
    _raw.memcpy2DFromArray(_int(dst), _int(dpitch), _int(src), _int(wOffset), _int(hOffset), _int(width),
                           _int(height), _int(kind), _int(stream), True)


def memcpy3D(Memcpy3DParmsPtr):
    """cudaMemcpy3D of the cudaMemcpy3DParms at address `Memcpy3DParmsPtr`."""
    _raw.memcpy3D(_int(Memcpy3DParmsPtr), 0, False)


def memcpy3DAsync(Memcpy3DParmsPtr, stream):
    _raw.memcpy3D(_int(Memcpy3DParmsPtr), _int(stream), True)


# ---- devices ----
def deviceCanAccessPeer(device, peerDevice):
    return _raw.deviceCanAccessPeer(_int(device), _int(peerDevice))


def deviceEnablePeerAccess(peerDevice):
    _raw.deviceEnablePeerAccess(_int(peerDevice))


def deviceDisablePeerAccess(peerDevice):
    _raw.deviceDisablePeerAccess(_int(peerDevice))


def deviceGetLimit(limit):
    """cudaDeviceGetLimit of a cudaLimit* constant."""
    return _raw.deviceGetLimit(_int(limit))


def deviceSetLimit(limit, value):
    _raw.deviceSetLimit(_int(limit), _int(value))


def deviceGetByPCIBusId(pciBusId):
    return _raw.deviceGetByPCIBusId(str(pciBusId))


# ---- streams ----
def streamCreate():
    """A new blocking stream's handle; release it with streamDestroy()."""
    return _raw.streamCreate(0, 0, False)


def streamCreateWithFlags(flags):
    return _raw.streamCreate(_int(flags), 0, False)


def streamCreateWithPriority(flags, priority):
    return _raw.streamCreate(_int(flags), _int(priority), True)


def streamDestroy(stream):
    _raw.streamDestroy(_int(stream))


def streamSynchronize(stream):
    _raw.streamSynchronize(_int(stream))


def _query(status):
    if status not in (0, _NOT_READY):
        _raw.check_status(status)
    return status


def streamQuery(stream):
    """0 when the stream's work is done, cudaErrorNotReady (600) while it runs; other errors raise."""
    return _query(_raw.streamQuery(_int(stream)))


def streamGetFlags(stream):
    return _raw.streamGetFlags(_int(stream))


def streamGetPriority(stream):
    return _raw.streamGetPriority(_int(stream))


def streamWaitEvent(stream, event, flags=0):
    _raw.streamWaitEvent(_int(stream), _int(event), _int(flags))


def streamAddCallback(stream, callback, arg, flags=0):
    """Calls ``callback(stream, status, arg)`` on a CUDA thread once the stream's work so far is
    done (cudaStreamAddCallback)."""
    if not callable(callback):
        raise TypeError(f"callback must be callable, not {type(callback).__name__}")
    _raw.streamAddCallback(_int(stream), callback, arg, _int(flags))


def launchHostFunc(stream, callback, arg):
    """Calls ``callback(arg)`` on a CUDA thread in the stream's order (cudaLaunchHostFunc)."""
    if not callable(callback):
        raise TypeError(f"callback must be callable, not {type(callback).__name__}")
    _raw.launchHostFunc(_int(stream), callback, arg)


def streamBeginCapture(stream, mode=0):
    """cudaStreamBeginCapture (mode: streamCaptureModeGlobal by default)."""
    _raw.streamBeginCapture(_int(stream), _int(mode))


def streamEndCapture(stream):
    """The captured graph's handle; instantiate it with graphInstantiate()."""
    return _raw.streamEndCapture(_int(stream))


def streamIsCapturing(stream):
    """True while `stream` captures; RuntimeError when its capture was invalidated (as CuPy's)."""
    status = _raw.streamIsCapturing(_int(stream))
    if status == 2:  # cudaStreamCaptureStatusInvalidated
        raise RuntimeError("the stream was capturing, but an error has invalidated the capture sequence")
    return bool(status)


# ---- events ----
def eventCreate():
    return _raw.eventCreate(0)


def eventCreateWithFlags(flags):
    return _raw.eventCreate(_int(flags))


def eventDestroy(event):
    _raw.eventDestroy(_int(event))


def eventRecord(event, stream):
    _raw.eventRecord(_int(event), _int(stream))


def eventSynchronize(event):
    _raw.eventSynchronize(_int(event))


def eventQuery(event):
    """0 when the event has happened, cudaErrorNotReady (600) before; other errors raise."""
    return _query(_raw.eventQuery(_int(event)))


def eventElapsedTime(start, end):
    """Milliseconds between two recorded events."""
    return _raw.eventElapsedTime(_int(start), _int(end))


# ---- graphs ----
def graphInstantiate(graph):
    return _raw.graphInstantiate(_int(graph))


def graphLaunch(graphExec, stream):
    _raw.graphLaunch(_int(graphExec), _int(stream))


def graphUpload(graphExec, stream):
    _raw.graphUpload(_int(graphExec), _int(stream))


def graphDestroy(graph):
    _raw.graphDestroy(_int(graph))


def graphExecDestroy(graphExec):
    _raw.graphExecDestroy(_int(graphExec))


def graphDebugDotPrint(graph, path, flags):
    """Writes the graph as Graphviz DOT to `path` (cudaGraphDebugDotPrint)."""
    _raw.graphDebugDotPrint(_int(graph), str(path), _int(flags))


# ---- interprocess handles ----
def ipcGetMemHandle(devPtr):
    """The 64-byte cudaIpcMemHandle_t (bytes) of device memory, for another process."""
    return _raw.ipcGetMemHandle(_int(devPtr))


def ipcOpenMemHandle(handle, flags=1):
    """The address of memory another process shared (flags: cudaIpcMemLazyEnablePeerAccess)."""
    return _raw.ipcOpenMemHandle(bytes(handle), _int(flags))


def ipcCloseMemHandle(devPtr):
    _raw.ipcCloseMemHandle(_int(devPtr))


def ipcGetEventHandle(event):
    return _raw.ipcGetEventHandle(_int(event))


def ipcOpenEventHandle(handle):
    return _raw.ipcOpenEventHandle(bytes(handle))


# ---- stream-ordered memory pools ----
class MemPoolProps:
    """cudaMemPoolProps as CuPy builds it: ``MemPoolProps(allocType, handleType, locationType,
    devId)`` (e.g. cudaMemAllocationTypePinned, cudaMemHandleTypeNone, cudaMemLocationTypeDevice, 0)."""

    def __init__(self, allocType, handleType, locationType, devId):
        self.allocType = int(allocType)
        self.handleType = int(handleType)
        self.locationType = int(locationType)
        self.devId = int(devId)

    def __repr__(self):
        return (f"MemPoolProps(allocType={self.allocType}, handleType={self.handleType}, "
                f"locationType={self.locationType}, devId={self.devId})")


def deviceGetDefaultMemPool(device):
    return _raw.deviceGetDefaultMemPool(_int(device))


def deviceGetMemPool(device):
    return _raw.deviceGetMemPool(_int(device))


def deviceSetMemPool(device, pool):
    _raw.deviceSetMemPool(_int(device), _int(pool))


def memPoolCreate(props):
    """A new stream-ordered memory pool from a MemPoolProps; release it with memPoolDestroy()."""
    if not isinstance(props, MemPoolProps):
        raise TypeError(f"props must be a MemPoolProps, not {type(props).__name__}")
    return _raw.memPoolCreate(props.allocType, props.handleType, props.locationType, props.devId)


def memPoolDestroy(pool):
    _raw.memPoolDestroy(_int(pool))


def memPoolTrimTo(pool, size):
    _raw.memPoolTrimTo(_int(pool), _int(size))


def memPoolGetAttribute(pool, attr):
    """The value of a cudaMemPoolAttr* attribute (an int)."""
    return _raw.memPoolGetAttribute(_int(pool), _int(attr))


def memPoolSetAttribute(pool, attr, value):
    _raw.memPoolSetAttribute(_int(pool), _int(attr), _int(value))
