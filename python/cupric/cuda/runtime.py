"""cupric.cuda.runtime: the CUDA runtime API as CuPy's cupy.cuda.runtime exposes it.

Queries go to the CUDA runtime whatever backend arrays use; without a driver, a GPU, or in a
build without CUDA they raise CUDARuntimeError (its ``status`` is the CUDA error code), as
CuPy does on such a machine.
"""
from cupric._core import _runtime as _rt

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
    return _rt.cuda_device_count()


def getDevice():
    return _rt.cuda_get_device()


def setDevice(device):
    _rt.cuda_set_device(int(device))


def deviceSynchronize():
    _rt.cuda_device_synchronize()


def getDeviceProperties(device):
    """cudaGetDeviceProperties as a dict (``name`` and ``uuid`` are bytes)."""
    return _rt.cuda_device_properties(int(device))


def deviceGetAttribute(attrib, device):
    """One attribute by its name without the cudaDevAttr prefix (e.g. 'MultiProcessorCount')."""
    attrs = _rt.cuda_device_attributes(int(device))
    if attrib not in attrs:
        raise ValueError(f"unknown device attribute {attrib!r}")
    return attrs[attrib]


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
