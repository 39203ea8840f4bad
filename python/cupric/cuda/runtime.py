"""cupric.cuda.runtime: the CUDA runtime API as CuPy's cupy.cuda.runtime exposes it.

Queries go to the CUDA runtime whatever backend arrays use; without a driver, a GPU, or in a
build without CUDA they raise CUDARuntimeError (its ``status`` is the CUDA error code), as
CuPy does on such a machine.
"""
from cupric._core import _runtime as _rt
from cupric.cuda import _runtime_constants as _constants
from cupric.cuda._runtime_constants import *  # noqa: F401,F403 - CuPy's constant names
from cupric.cuda._runtime_raw import *  # noqa: F401,F403 - malloc, memcpy, stream*, event*, ... (CuPy's)

is_hip = False


class CUDARuntimeError(RuntimeError):
    """A CUDA runtime call failed; ``status`` is the cudaError_t code."""

    def __init__(self, status, msg=None):
        self.status = int(status)
        if msg is None:
            name, text = _rt.error_name_and_text(self.status)
            msg = f"{name}: {text}"
        super().__init__(msg)

    def __reduce__(self):
        return (type(self), (self.status, str(self)))


_rt._register_cuda_error(CUDARuntimeError)

# cudaError_t codes CuPy names as constants.
errorMemoryAllocation = 2
errorInvalidValue = 1
errorInvalidDevice = 101
errorNoDevice = 100
errorInsufficientDriver = 35
errorPeerAccessAlreadyEnabled = 704


def runtimeGetVersion():
    """The CUDA runtime version cupric was built with, e.g. 13000 (V13-RUNTIME-VERSION);
    0 for a build without CUDA. ``cupric.cuda.get_local_runtime_version()`` gives the
    installed one."""
    return _rt.runtime_version_built()


def driverGetVersion():
    """The CUDA version the installed driver supports (0 when there is no driver)."""
    return _rt.driver_version()


def getDeviceCount():
    """The number of CUDA devices; 0 when there is none to count (no driver, no device, or a
    cupric built without CUDA, as on the host backend in CI), where CuPy's raises."""
    try:
        return _rt.cuda_device_count()
    except CUDARuntimeError as e:
        if e.status in (errorNoDevice, errorInsufficientDriver):
            return 0
        raise


def check_status(status):
    """Raises CUDARuntimeError for a non-zero cudaError_t `status`."""
    if status != 0:
        raise CUDARuntimeError(status)


def profilerStart():
    """cudaProfilerStart: starts collection by an attached profiler (no-op without CUDA)."""
    _rt.profiler_start()


def profilerStop():
    """cudaProfilerStop."""
    _rt.profiler_stop()


def getDevice():
    return _rt.cuda_get_device()


def setDevice(device):
    _rt.cuda_set_device(int(device))


def deviceSynchronize():
    _rt.cuda_device_synchronize()


def getDeviceProperties(device):
    """cudaGetDeviceProperties as a dict (``name`` and ``uuid`` are bytes)."""
    return _rt.cuda_device_properties(int(device))


def _attribute_name(attrib):
    if isinstance(attrib, str):
        return attrib
    code = int(attrib)
    for name, value in vars(_constants).items():
        if name.startswith("cudaDevAttr") and value == code:
            return name[len("cudaDevAttr"):]
    raise ValueError(f"unknown device attribute {attrib!r}")


def deviceGetAttribute(attrib, device):
    """One attribute of `device`: `attrib` is a cudaDevAttr* code as in CuPy
    (``runtime.cudaDevAttrWarpSize``) or its name without the prefix ('WarpSize')."""
    name = _attribute_name(attrib)
    attrs = _rt.cuda_device_attributes(int(device))
    if name not in attrs:
        raise ValueError(f"unknown device attribute {attrib!r}")
    return attrs[name]


def deviceGetPCIBusId(device):
    return _rt.cuda_pci_bus_id(int(device))


def memGetInfo():
    """(free, total) bytes of the current device."""
    return _rt.mem_info(_rt.cuda_get_device())


# cudaStreamCaptureMode (Stream.begin_capture) and cudaStreamCaptureStatus.
streamCaptureModeGlobal = 0
streamCaptureModeThreadLocal = 1
streamCaptureModeRelaxed = 2
streamCaptureStatusNone = 0
streamCaptureStatusActive = 1
streamCaptureStatusInvalidated = 2
# Special stream handles.
streamLegacy = 1
streamPerThread = 2


# Texture and surface objects by descriptor (cupric.cuda.texture has the classes).
def createTextureObject(ResDesc, TexDesc):
    """cudaCreateTextureObject from a texture.ResourceDescriptor and a TextureDescriptor: the
    handle (an int); release it with destroyTextureObject. Needs a GPU."""
    from cupric.cuda import texture
    return _rt.texture.create_texture_object(*texture._resource_args(ResDesc), *texture._texture_args(TexDesc))


def destroyTextureObject(texObject):
    _rt.texture.destroy_texture_object(int(texObject))


def createSurfaceObject(ResDesc):
    """cudaCreateSurfaceObject from a texture.ResourceDescriptor of an array; release it with
    destroySurfaceObject. Needs a GPU."""
    from cupric.cuda import texture
    return _rt.texture.create_surface_object(*texture._resource_args(ResDesc))


def destroySurfaceObject(surfObject):
    _rt.texture.destroy_surface_object(int(surfObject))


class PointerAttributes:
    """cudaPointerAttributes (CuPy's): ``type`` (cudaMemoryType: memoryTypeUnregistered,
    memoryTypeHost, memoryTypeDevice, memoryTypeManaged), ``device``, ``devicePointer``,
    ``hostPointer``."""

    def __init__(self, device, devicePointer, hostPointer, type=0):  # noqa: A002 - CuPy's name
        self.device = device
        self.devicePointer = devicePointer
        self.hostPointer = hostPointer
        self.type = type

    def __repr__(self):
        return (f"PointerAttributes(device={self.device}, devicePointer={self.devicePointer:#x}, "
                f"hostPointer={self.hostPointer:#x}, type={self.type})")


def pointerGetAttributes(ptr):
    """cudaPointerGetAttributes of address `ptr` (raises CUDARuntimeError without CUDA)."""
    kind, device, dptr, hptr = _rt.pointer_attributes(int(ptr))
    return PointerAttributes(device, dptr, hptr, kind)
