"""cupric.cuda.Device: a CUDA device, the current device and `with Device(n):` (V12-DEVICE)."""
import operator
import threading

from cupric import _core
from cupric._core import _runtime as _rt

_tls = threading.local()


def _stack():
    s = getattr(_tls, "device_stack", None)
    if s is None:
        s = _tls.device_stack = []
    return s


def get_device_id():
    """The current device's id (of the backend in use)."""
    return _rt.current_device()


def get_compute_capability():
    """The current device's compute capability, e.g. '90' (from the CUDA runtime; raises
    CUDARuntimeError where there is no CUDA device)."""
    return Device(_rt.cuda_get_device()).compute_capability


def from_pointer(ptr):
    """The Device that holds address `ptr` (CuPy's cupy.cuda.device.from_pointer): asked of
    the CUDA runtime on the CUDA backend; on the host backend every address is the host
    device's, 0."""
    if not _rt.backend_is_cuda():
        return Device(0)
    from cupric.cuda import runtime
    attrs = runtime.pointerGetAttributes(ptr)
    if attrs.device < 0:
        raise ValueError(f"address {int(ptr):#x} is not memory of a CUDA device (cudaMemoryType {attrs.type})")
    return Device(attrs.device)


def get_cublas_handle():
    """The calling thread's cuBLAS handle for the current device (an int), bound to the current
    stream: the one cupric's own cuBLAS calls use, for code that calls cuBLAS itself. Raises
    CUDARuntimeError where there is no CUDA device."""
    return _rt.raw.library_handle(0)


def get_cusolver_handle():
    """The calling thread's cuSOLVER dense handle for the current device (an int), on the current stream."""
    return _rt.raw.library_handle(1)


def get_cusparse_handle():
    """The calling thread's cuSPARSE handle for the current device (an int), on the current stream."""
    return _rt.raw.library_handle(2)


class Handle:
    """A library handle (an int) that ``destroy_func(handle)`` releases when this object goes away
    (CuPy's cupy.cuda.device.Handle): ``handle``, ``get()``, and ``destroy()`` to release it now."""

    def __init__(self, handle, destroy_func):
        self.handle = operator.index(handle)
        self._destroy_func = destroy_func

    def get(self):
        return self.handle

    def destroy(self):
        """Releases the handle now (once; later calls do nothing)."""
        f, self._destroy_func = self._destroy_func, None
        if f is not None:
            f(self.handle)

    def __del__(self):
        try:
            self.destroy()
        except Exception:
            # At interpreter exit the library or the driver may already be gone: nothing to release.
            pass

    def __repr__(self):
        return f"<Handle {self.handle:#x}>"


def get_cusolver_sp_handle():
    """The calling thread's cuSOLVER sparse (cusolverSp) handle for the current device (an int),
    bound to the current stream; made at the first call (cupric's own routines use none). Raises
    CUDARuntimeError where there is no CUDA device."""
    from cupric.cuda import cusolver, stream
    device = _rt.cuda_get_device()  # CUDARuntimeError without CUDA, before any library is loaded
    handles = _tls.__dict__.setdefault("cusolver_sp", {})
    entry = handles.get(device)
    if entry is None:
        entry = handles[device] = [Handle(cusolver.spCreate(), cusolver.spDestroy), None]
    ptr = stream.get_current_stream().ptr
    if entry[1] != ptr:
        cusolver.spSetStream(entry[0].handle, ptr)
        entry[1] = ptr
    return entry[0].handle


def get_cutensor_handle():
    """CuPy's cuTENSOR handle. cupric does not use cuTENSOR (its einsum and reductions are its own
    kernels), so there is none: raises RuntimeError, as CuPy does when cuTENSOR is not installed."""
    raise RuntimeError("cuTENSOR is not available: cupric does not use cuTENSOR (cupric.einsum, tensordot and "
                       "the reductions are cupric's own kernels), so cupric.cuda.device has no cuTENSOR handle")


class Device:
    """A device of the backend in use (CuPy's cupy.cuda.Device).

    ``with Device(n):`` makes n current and, on exit, restores the device that was current on
    entry -- asked of the runtime then, so one set by ``use()`` or by another library through
    cudaSetDevice is restored too (V12-DEVICE). The host backend has one device, 0.
    """

    def __init__(self, device=None):
        if device is None:
            self.id = _rt.current_device()
        else:
            self.id = operator.index(device)
            if self.id < 0:
                raise ValueError(f"invalid device id {self.id}")

    def use(self):
        """Makes this device current for the calling thread."""
        _rt.set_device(self.id)

    def __enter__(self):
        prev = _rt.current_device()
        _stack().append(prev)
        if prev != self.id:
            try:
                _rt.set_device(self.id)
            except BaseException:
                _stack().pop()
                raise
        return self

    def __exit__(self, *exc):
        _rt.set_device(_stack().pop())

    def synchronize(self):
        """Waits for all work on this device."""
        _core._declare_synchronize()  # Note [Sync detection] in python/cupric/_syncdetect.py
        _rt.synchronize_device(self.id)

    @property
    def cublas_handle(self):
        """This device's cuBLAS handle for the calling thread (see get_cublas_handle)."""
        with self:
            return get_cublas_handle()

    @property
    def cusolver_handle(self):
        with self:
            return get_cusolver_handle()

    @property
    def cusparse_handle(self):
        with self:
            return get_cusparse_handle()

    @property
    def cusolver_sp_handle(self):
        with self:
            return get_cusolver_sp_handle()

    @property
    def compute_capability(self):
        """e.g. '90' for an H200 (from the CUDA runtime)."""
        attrs = _rt.cuda_device_attributes(self.id)
        return f"{attrs['ComputeCapabilityMajor']}{attrs['ComputeCapabilityMinor']}"

    @property
    def attributes(self):
        """Every device attribute as {name: value}, names without the cudaDevAttr prefix."""
        return _rt.cuda_device_attributes(self.id)

    @property
    def pci_bus_id(self):
        return _rt.cuda_pci_bus_id(self.id)

    @property
    def mem_info(self):
        """(free, total) bytes of this device (the host backend reports the machine's RAM)."""
        return tuple(_rt.mem_info(self.id))

    def __int__(self):
        return self.id

    def __index__(self):
        return self.id

    def __eq__(self, other):
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self):
        return hash(self.id)

    def __repr__(self):
        return f"<CUDA Device {self.id}>"
