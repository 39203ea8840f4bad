"""cupric.cuda.driver: the CUDA driver API calls CuPy's cupy.cuda.driver gives user code
(contexts, device queries, modules, linking, kernel launches, function attributes, occupancy),
with CuPy's names, argument conventions and CUDADriverError. Contexts, modules, functions, link
states, streams and device pointers are integers; ``launchKernel``'s ``kernel_params`` and
``extra`` are the addresses of the ``void*`` arrays cuLaunchKernel takes (0 for none).

The calls go to the driver through the CUDA runtime's entry points, each in a fixed ABI (no
libcuda link; Note [Raw driver calls] in include/cupric/runtime/cuda_driver.hpp). Without a
driver, or in a cupric built without CUDA (the host backend in CI), they raise CUDADriverError
with CUDA_ERROR_NO_DEVICE, as the driver does on a machine without a GPU; get_build_version()
answers 0 there.
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

# The enumerations of cuda.h (CUDA 13.0) CuPy exports, numbered as there: CUjit_option,
# CUjitInputType, CUfunction_attribute, CUaddress_mode and CUfilter_mode count up from 0.
_ENUMS = {
    "CU_JIT_": ("MAX_REGISTERS", "THREADS_PER_BLOCK", "WALL_TIME", "INFO_LOG_BUFFER", "INFO_LOG_BUFFER_SIZE_BYTES",
                "ERROR_LOG_BUFFER", "ERROR_LOG_BUFFER_SIZE_BYTES", "OPTIMIZATION_LEVEL", "TARGET_FROM_CUCONTEXT",
                "TARGET", "FALLBACK_STRATEGY", "GENERATE_DEBUG_INFO", "LOG_VERBOSE", "GENERATE_LINE_INFO",
                "CACHE_MODE", "NEW_SM3X_OPT", "FAST_COMPILE", "GLOBAL_SYMBOL_NAMES", "GLOBAL_SYMBOL_ADDRESSES",
                "GLOBAL_SYMBOL_COUNT", "LTO", "FTZ", "PREC_DIV", "PREC_SQRT", "FMA"),
    "CU_JIT_INPUT_": ("CUBIN", "PTX", "FATBINARY", "OBJECT", "LIBRARY", "NVVM"),
    "CU_FUNC_ATTRIBUTE_": ("MAX_THREADS_PER_BLOCK", "SHARED_SIZE_BYTES", "CONST_SIZE_BYTES", "LOCAL_SIZE_BYTES",
                           "NUM_REGS", "PTX_VERSION", "BINARY_VERSION", "CACHE_MODE_CA",
                           "MAX_DYNAMIC_SHARED_SIZE_BYTES", "PREFERRED_SHARED_MEMORY_CARVEOUT"),
    "CU_TR_ADDRESS_MODE_": ("WRAP", "CLAMP", "MIRROR", "BORDER"),
    "CU_TR_FILTER_MODE_": ("POINT", "LINEAR"),
}
globals().update({prefix + name: i for prefix, names in _ENUMS.items() for i, name in enumerate(names)})
CU_JIT_NUM_OPTIONS = 35  # cuda.h 13.0: one past CU_JIT_SPLIT_COMPILE (34)
# CUarray_format and the texture reference flags (explicit values in cuda.h).
CU_AD_FORMAT_UNSIGNED_INT8 = 0x01
CU_AD_FORMAT_UNSIGNED_INT16 = 0x02
CU_AD_FORMAT_UNSIGNED_INT32 = 0x03
CU_AD_FORMAT_SIGNED_INT8 = 0x08
CU_AD_FORMAT_SIGNED_INT16 = 0x09
CU_AD_FORMAT_SIGNED_INT32 = 0x0a
CU_AD_FORMAT_HALF = 0x10
CU_AD_FORMAT_FLOAT = 0x20
CU_TRSA_OVERRIDE_FORMAT = 0x01
CU_TRSF_READ_AS_INTEGER = 0x01
CU_TRSF_NORMALIZED_COORDINATES = 0x02
CU_TRSF_SRGB = 0x10


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


def devicePrimaryCtxRelease(dev):
    """cuDevicePrimaryCtxRelease: releases the primary context of device `dev` (a CUdevice)."""
    check_status(_drv.device_primary_ctx_release(int(dev)))


def ctxCreate(dev):
    """cuCtxCreate (flags 0): a new context on CUdevice `dev`, made current on this thread."""
    return _value(_drv.ctx_create(int(dev)))


def ctxDestroy(ctx):
    """cuCtxDestroy."""
    check_status(_drv.ctx_destroy(int(ctx)))


def ctxSetCurrent(ctx):
    """cuCtxSetCurrent: binds context `ctx` (0: none) to the calling thread."""
    check_status(_drv.ctx_set_current(int(ctx)))


def streamGetCtx(stream):
    """cuStreamGetCtx: the context of stream `stream` (a stream pointer; 0 the legacy default stream)."""
    return _value(_drv.stream_get_ctx(int(stream)))


def linkCreate():
    """cuLinkCreate (no JIT options): a link state for linkAddData / linkAddFile / linkComplete."""
    return _value(_drv.link_create())


def linkAddData(state, input_type, data, name):
    """cuLinkAddData: adds `data` (bytes; PTX, cubin, ... as `input_type`, a CU_JIT_INPUT_*)
    named `name` to link state `state`."""
    check_status(_drv.link_add_data(int(state), int(input_type), data, name))


def linkAddFile(state, input_type, path):
    """cuLinkAddFile: adds the file at `path` (of `input_type`, a CU_JIT_INPUT_*)."""
    check_status(_drv.link_add_file(int(state), int(input_type), path))


def linkComplete(state):
    """cuLinkComplete: the linked cubin, as bytes (a copy: it outlives linkDestroy)."""
    return _value(_drv.link_complete(int(state)))


def linkDestroy(state):
    """cuLinkDestroy."""
    check_status(_drv.link_destroy(int(state)))


def moduleLoad(filename):
    """cuModuleLoad: loads the module (cubin, fatbin or PTX) in file `filename` into the current context."""
    return _value(_drv.module_load(filename))


def moduleLoadData(image):
    """cuModuleLoadData: loads the module in `image` (bytes: cubin, fatbin or PTX text)."""
    return _value(_drv.module_load_data(image))


def moduleUnload(module):
    """cuModuleUnload."""
    check_status(_drv.module_unload(int(module)))


def moduleGetFunction(module, funcname):
    """cuModuleGetFunction: the function handle of kernel `funcname` (its mangled name) in `module`."""
    return _value(_drv.module_get_function(int(module), funcname))


def moduleGetGlobal(module, varname):
    """cuModuleGetGlobal: the device address of global variable `varname` in `module`."""
    status, ptr, _ = _drv.module_get_global(int(module), varname)
    check_status(status)
    return ptr


_LAUNCH_DIMS = ("grid_dim_x", "grid_dim_y", "grid_dim_z", "block_dim_x", "block_dim_y", "block_dim_z",
                "shared_mem_bytes")


def _launch_arguments_error(dims):
    """The error CuPy's unsigned int parameters give for the first dimension that is not one."""
    for name, value in zip(_LAUNCH_DIMS, dims):
        if not hasattr(value, "__index__"):
            return TypeError(f"{name} must be an integer, not {type(value).__name__}")
        if not 0 <= value.__index__() < 2**32:
            return OverflowError(f"{name}={value.__index__()} does not fit an unsigned int")
    return TypeError("f, stream, kernel_params and extra must be integers (handles and addresses)")


def launchKernel(f, grid_dim_x, grid_dim_y, grid_dim_z, block_dim_x, block_dim_y, block_dim_z, shared_mem_bytes,
                 stream, kernel_params, extra):
    """cuLaunchKernel: launches function `f` on `stream`; `kernel_params` is the address of an array
    of pointers to the arguments (or 0), `extra` that of an `extra` option array (or 0)."""
    dims = (grid_dim_x, grid_dim_y, grid_dim_z, block_dim_x, block_dim_y, block_dim_z, shared_mem_bytes)
    try:
        status = _drv.launch_kernel(int(f), *dims, int(stream), int(kernel_params), int(extra))
    except TypeError:
        raise _launch_arguments_error(dims) from None
    check_status(status)


def launchCooperativeKernel(f, grid_dim_x, grid_dim_y, grid_dim_z, block_dim_x, block_dim_y, block_dim_z,
                            shared_mem_bytes, stream, kernel_params):
    """cuLaunchCooperativeKernel: as launchKernel, with all blocks resident at once (grid sync)."""
    dims = (grid_dim_x, grid_dim_y, grid_dim_z, block_dim_x, block_dim_y, block_dim_z, shared_mem_bytes)
    try:
        status = _drv.launch_cooperative_kernel(int(f), *dims, int(stream), int(kernel_params))
    except TypeError:
        raise _launch_arguments_error(dims) from None
    check_status(status)


def funcGetAttribute(attribute, f):
    """cuFuncGetAttribute: attribute `attribute` (a CU_FUNC_ATTRIBUTE_*) of function `f`; -1 for
    an attribute the driver does not know (CUDA_ERROR_INVALID_VALUE), as CuPy answers."""
    status, value = _drv.func_get_attribute(int(attribute), int(f))
    if status == CUDA_ERROR_INVALID_VALUE:
        return -1
    check_status(status)
    return value


def funcSetAttribute(f, attribute, value):
    """cuFuncSetAttribute: sets a settable attribute (e.g. CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)."""
    check_status(_drv.func_set_attribute(int(f), int(attribute), int(value)))


def occupancyMaxActiveBlocksPerMultiprocessor(func, blockSize, dynamicSMemSize):
    """cuOccupancyMaxActiveBlocksPerMultiprocessor: blocks of `blockSize` threads and
    `dynamicSMemSize` bytes of dynamic shared memory that fit on one multiprocessor."""
    return _value(_drv.occupancy_max_active_blocks_per_multiprocessor(int(func), blockSize, dynamicSMemSize))


def occupancyMaxPotentialBlockSize(func, dynamicSMemSize, blockSizeLimit):
    """cuOccupancyMaxPotentialBlockSize: (minimum grid size, block size) of maximum occupancy
    (block size at most `blockSizeLimit`, 0 for no limit; fixed dynamic shared memory)."""
    status, min_grid, block = _drv.occupancy_max_potential_block_size(int(func), dynamicSMemSize, blockSizeLimit)
    check_status(status)
    return min_grid, block
