"""cupric.cuda.driver: the CUDA driver API calls CuPy's cupy.cuda.driver gives user code
(context and device queries), with CUDADriverError.

The calls go to the driver through the CUDA runtime's entry points (no libcuda link; Note
[Driver launches] in src/runtime/cuda/cuda_launch.cuh). Without a driver, or in a cupric built
without CUDA (the host backend in CI), they raise CUDADriverError with CUDA_ERROR_NO_DEVICE, as
the driver does on a machine without a GPU; get_build_version() answers 0 there.
"""
from cupric._core import _runtime as _rt

_drv = _rt.driver
is_hip = False

# CUresult codes user code compares against.
CUDA_SUCCESS = 0
CUDA_ERROR_INVALID_VALUE = 1
CUDA_ERROR_NOT_INITIALIZED = 3
CUDA_ERROR_INVALID_CONTEXT = 201
CUDA_ERROR_NO_DEVICE = 100
CUDA_ERROR_INVALID_DEVICE = 101
CUDA_ERROR_NOT_FOUND = 500
# CUdevice_attribute codes of the attributes CuPy's own code asks for.
CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1
CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10
CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75
CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76
CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97


class CUDADriverError(RuntimeError):
    """A CUDA driver call failed; ``status`` is the CUresult code."""

    def __init__(self, status, msg=None):
        self.status = int(status)
        if msg is None:
            name, text = _drv.error_name_and_text(self.status)
            msg = f"{name}: {text}"
        super().__init__(msg)

    def __reduce__(self):
        return (type(self), (self.status, str(self)))


def check_status(status):
    """Raises CUDADriverError for a non-zero CUresult `status`."""
    if status != 0:
        raise CUDADriverError(status)


def _value(result):
    status, value = result
    check_status(status)
    return value


def get_build_version():
    """The CUDA version cupric was built with (CUDA_VERSION, e.g. 13000); 0 without CUDA."""
    return _drv.build_version()


def driverGetVersion():
    """cuDriverGetVersion: the CUDA version the installed driver supports."""
    return _value(_drv.driver_get_version())


def ctxGetCurrent():
    """cuCtxGetCurrent: the calling thread's current context (an int; 0 when none)."""
    return _value(_drv.ctx_get_current())


def ctxGetDevice():
    """cuCtxGetDevice: the device of the current context."""
    return _value(_drv.ctx_get_device())


def deviceGet(device_id):
    """cuDeviceGet: the CUdevice handle of device ordinal `device_id`."""
    return _value(_drv.device_get(int(device_id)))


def deviceGetAttribute(attrib, device):
    """cuDeviceGetAttribute: `attrib` is a CUdevice_attribute code (CU_DEVICE_ATTRIBUTE_*)."""
    return _value(_drv.device_get_attribute(int(attrib), int(device)))
