"""cupric.from_dlpack (the consumer's side of DLPack) and CuPy's deprecated toDlpack/fromDlpack.

The producer's side is ndarray.__dlpack__ / __dlpack_device__ (bindings/interop.cpp); both halves
are C++ (src/interop/). This file picks what to ask the producer for."""
import enum
import warnings

from cupric import _core


class DLDeviceType(enum.IntEnum):
    """DLPack device types (the values of the specification's DLDeviceType)."""

    kDLCPU = 1
    kDLCUDA = 2
    kDLCUDAHost = 3
    kDLROCM = 10
    kDLROCMHost = 11
    kDLCUDAManaged = 13


_CUDA_KINDS = (DLDeviceType.kDLCUDA, DLDeviceType.kDLCUDAManaged)
_MAX_VERSION = (1, 2)


def _check_device(device):
    if device is None:
        return
    from cupric import _array_api_info
    if device == _array_api_info.default_device():
        return
    raise ValueError(f"cupric.from_dlpack cannot place the array on {device!r}: only the current device "
                     f"({_array_api_info.default_device()!r}) is supported")


def from_dlpack(x, /, *, device=None, copy=None):
    """An array from any DLPack producer (an object with __dlpack__, or a DLPack capsule).

    Zero copy when cupric can address the producer's memory: CUDA, managed and pinned memory on
    the CUDA backend; CPU (and pinned/managed) memory on the host backend. CPU memory on the CUDA
    backend is copied to the device (BufferError with copy=False). A read-only tensor is copied
    (cupric arrays are writable). The producer orders its work before the current stream (Note
    [DLPack stream handshake] in include/cupric/interop/dlpack.hpp): the host does not wait.
    """
    _check_device(device)
    if not hasattr(x, "__dlpack__"):
        if type(x).__name__ == "PyCapsule":  # a capsule from an old producer, as CuPy accepts
            return _core._from_dlpack_capsule(x, copy)
        raise TypeError(f"from_dlpack expects an object with __dlpack__ and __dlpack_device__ (or a DLPack "
                        f"capsule), got {type(x).__name__}")
    dev_type, _ = x.__dlpack_device__()
    on_cuda = _core.backend_name() == "cuda"
    kwargs = {"max_version": _MAX_VERSION}
    if copy is not None:
        kwargs["copy"] = copy
    if dev_type in _CUDA_KINDS and on_cuda:
        kwargs["stream"] = _core._dlpack_stream()  # the producer makes this stream wait for it
    elif dev_type == DLDeviceType.kDLCUDA:  # device memory on the host backend: ask for a CPU copy
        if copy is False:
            raise BufferError("the host backend cannot read CUDA device memory in place, and copy=False forbids a copy")
        kwargs["dl_device"] = (int(DLDeviceType.kDLCPU), 0)
    try:
        capsule = x.__dlpack__(**kwargs)
    except TypeError:
        # A producer older than the 2023 standard takes only `stream`: a legacy capsule.
        if "dl_device" in kwargs:
            raise
        capsule = x.__dlpack__(stream=kwargs["stream"]) if "stream" in kwargs else x.__dlpack__()
    return _core._from_dlpack_capsule(capsule, copy)


def fromDlpack(dltensor):  # noqa: N802 - CuPy's name
    """Deprecated (V14-DEPRECATED): an array from a DLPack capsule. Use cupric.from_dlpack."""
    warnings.warn("cupric.fromDlpack is deprecated: use cupric.from_dlpack, which takes the producer itself (an "
                  "object with __dlpack__)", DeprecationWarning, stacklevel=2)
    return _core._from_dlpack_capsule(dltensor, None)


def _to_dlpack(self):
    """Deprecated (V14-DEPRECATED): a legacy DLPack capsule of the array. Use __dlpack__ or from_dlpack."""
    warnings.warn("ndarray.toDlpack is deprecated: pass the array to the consumer's from_dlpack (it calls "
                  "__dlpack__)", DeprecationWarning, stacklevel=2)
    return self.__dlpack__()


def toDlpack(array):  # noqa: N802 - CuPy's name
    """Deprecated (V14-DEPRECATED): a legacy DLPack capsule of ``array``. Use __dlpack__ or from_dlpack."""
    warnings.warn("cupric.toDlpack is deprecated: pass the array to the consumer's from_dlpack (it calls "
                  "__dlpack__)", DeprecationWarning, stacklevel=2)
    return array.__dlpack__()


_core.ndarray.toDlpack = _to_dlpack
