"""The libraries the harness compares (cupric, CuPy, NumPy) behind one small adapter each.

CuPy is optional: without it (or without a usable GPU) it is reported as absent. CUDA events come
from CuPy for every GPU library: cupric runs on the legacy default stream of the same device, so
events recorded on CuPy's null stream bracket cupric's work as well.
"""
import os

import numpy as np


class Lib:
    """One library: its module, where its arrays live, how to synchronise and free its pool."""

    def __init__(self, name, xp, on_gpu, sync, free_pool, version, backend,
                 empty_pinned=None, to_host=None):
        self.name, self.xp, self.on_gpu = name, xp, on_gpu
        self.sync, self._free_pool = sync, free_pool
        self.version, self.backend = version, backend
        self.empty_pinned = empty_pinned  # (shape, dtype) -> numpy array in pinned memory, or None
        self._to_host = to_host or (lambda a: a.get())

    def to_device(self, host_array):
        out = self.xp.asarray(host_array)
        if out is host_array:  # numpy: keep inputs independent of the cached host copies
            out = host_array.copy()
        self.sync()
        return out

    def to_host(self, arr):
        if arr is None or isinstance(arr, (np.ndarray, np.generic, float, int, complex)):
            return np.asarray(arr)
        return np.asarray(self._to_host(arr))

    def free(self):
        self.sync()
        self._free_pool()

    def pythonpath(self):
        """The sys.path entry this library was imported from (for fresh subprocesses)."""
        return os.path.dirname(os.path.dirname(os.path.abspath(self.xp.__file__)))


def _noop():
    return None


def load_cupric():
    import cupric
    backend = cupric._core.backend_name() if hasattr(cupric, "_core") else "unknown"
    pool = cupric.cuda.get_default_memory_pool()
    empty_pinned = None
    try:
        import cupricx
        empty_pinned = getattr(cupricx, "empty_pinned", None)
    except ImportError:
        pass
    return Lib("cupric", cupric, backend == "cuda", cupric.cuda.Device().synchronize,
               pool.free_all_blocks, cupric.__version__, backend, empty_pinned)


def load_cupy():
    """CuPy when it imports and sees a GPU, else (None, reason)."""
    try:
        import cupy
    except Exception as e:  # noqa: BLE001 - any import failure means "absent"
        return None, f"not importable ({type(e).__name__})"
    try:
        if not cupy.cuda.is_available():
            return None, "no usable GPU"
    except Exception as e:  # noqa: BLE001
        return None, f"no usable GPU ({type(e).__name__})"
    import cupyx
    pool, pinned = cupy.get_default_memory_pool(), cupy.get_default_pinned_memory_pool()

    def free():
        pool.free_all_blocks()
        pinned.free_all_blocks()

    lib = Lib("cupy", cupy, True, cupy.cuda.runtime.deviceSynchronize, free, cupy.__version__,
              "cuda", cupyx.empty_pinned)
    return lib, None


def load_numpy():
    return Lib("numpy", np, False, _noop, _noop, np.__version__, "cpu", None, to_host=np.asarray)


class Events:
    """CUDA events: make_event() and elapsed_ms(s, e), from CuPy (on its null stream), else from
    cupric once it has cupric.cuda.Event on its CUDA backend; ``available`` False otherwise."""

    def __init__(self, cupy_lib, cupric_lib=None):
        self.make_event = self.elapsed_ms = None
        self.source = None
        if cupy_lib is not None:
            cuda, self.source = cupy_lib.xp.cuda, "CuPy"
        elif cupric_lib is not None and cupric_lib.on_gpu and hasattr(cupric_lib.xp.cuda, "Event") \
                and hasattr(cupric_lib.xp.cuda, "get_elapsed_time"):
            cuda, self.source = cupric_lib.xp.cuda, "cupric"
        else:
            cuda = None
        self.available = cuda is not None
        if cuda is not None:
            self.make_event, self.elapsed_ms = cuda.Event, cuda.get_elapsed_time


class RawCopy:
    """The "memcpy" baseline: raw cudaMemcpy through CuPy's runtime bindings on a GPU, or NumPy's
    copyto on the host. Each method returns a zero-argument callable copying ``nbytes``."""

    def __init__(self, cupy_lib):
        self.cupy = cupy_lib.xp if cupy_lib is not None else None
        self.lib = cupy_lib if cupy_lib is not None else load_numpy()
        self.name = "cudaMemcpy (CuPy runtime)" if self.cupy is not None else "numpy.copyto (host)"

    def _raw(self, dst_ptr, src_ptr, nbytes, kind):
        rt = self.cupy.cuda.runtime
        return lambda: rt.memcpyAsync(dst_ptr, src_ptr, nbytes, kind, 0)

    def d2d(self, nbytes):
        if self.cupy is None:
            src, dst = np.ones(nbytes, np.uint8), np.empty(nbytes, np.uint8)
            return (lambda: np.copyto(dst, src)), (src, dst)
        src = self.cupy.ones(nbytes, np.uint8)
        dst = self.cupy.empty(nbytes, np.uint8)
        kind = self.cupy.cuda.runtime.memcpyDeviceToDevice
        return self._raw(dst.data.ptr, src.data.ptr, nbytes, kind), (src, dst)

    def transfer(self, nbytes, direction, pinned):
        """Host<->device copy of ``nbytes`` from pageable or pinned host memory."""
        if self.cupy is None:
            src, dst = np.ones(nbytes, np.uint8), np.empty(nbytes, np.uint8)
            return (lambda: np.copyto(dst, src)), (src, dst)
        import cupyx
        host = cupyx.empty_pinned(nbytes, np.uint8) if pinned else np.empty(nbytes, np.uint8)
        host.fill(1)
        dev = self.cupy.ones(nbytes, np.uint8)
        rt = self.cupy.cuda.runtime
        if direction == "h2d":
            return self._raw(dev.data.ptr, host.ctypes.data, nbytes, rt.memcpyHostToDevice), (host, dev)
        return self._raw(host.ctypes.data, dev.data.ptr, nbytes, rt.memcpyDeviceToHost), (host, dev)


def gpu_info(cupy_lib):
    if cupy_lib is None:
        return None
    rt = cupy_lib.xp.cuda.runtime
    props = rt.getDeviceProperties(0)
    name = props["name"]
    return {"name": name.decode() if isinstance(name, bytes) else name,
            "memory_bytes": props.get("totalGlobalMem"),
            "driver_version": rt.driverGetVersion(), "runtime_version": rt.runtimeGetVersion()}
