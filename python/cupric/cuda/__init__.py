"""cupric.cuda: devices, streams, events, memory pools and the CUDA runtime, as CuPy's cupy.cuda.

Nothing here touches the GPU at import (DESIGN.md decision 8): the runtime is asked on first use.
"""
from cupric import _core
from cupric.cuda import runtime  # noqa: F401
from cupric.cuda import memory  # noqa: F401
from cupric.cuda import compiler  # noqa: F401
from cupric.cuda.device import Device, get_device_id, get_cublas_handle  # noqa: F401
from cupric.cuda import memory_hook  # noqa: F401
from cupric.cuda import pinned_memory  # noqa: F401
from cupric.cuda.memory_hook import MemoryHook  # noqa: F401
from cupric.cuda.pinned_memory import PinnedMemory  # noqa: F401
from cupric.cuda.memory import (ManagedMemory, malloc_managed, malloc_async, CFunctionAllocator,  # noqa: F401
                                PythonFunctionAllocator)
from cupric.cuda._environment import get_cuda_path, get_nvcc_path, get_rocm_path, get_hipcc_path  # noqa: F401
from cupric.cuda.stream import (BaseStream, Stream, ExternalStream, Event, get_current_stream,  # noqa: F401
                                get_elapsed_time)
from cupric.cuda.graph import Graph  # noqa: F401
from cupric.cuda.function import Function, Module  # noqa: F401
from cupric.cuda.memory import (MemoryPool, PinnedMemoryPool, MemoryPointer, PinnedMemoryPointer,  # noqa: F401
                                BaseMemory, Memory, UnownedMemory, PooledMemory, MemoryAsync, MemoryAsyncPool,
                                OutOfMemoryError, get_default_memory_pool,
                                get_default_pinned_memory_pool, set_allocator, get_allocator,
                                set_pinned_memory_allocator, using_allocator, alloc, alloc_pinned_memory,
                                malloc_pinned)

_available = None


def is_available():
    """True when a CUDA device is usable. Never raises; the answer is cached (V14-AVAILABLE)."""
    global _available
    if _available is None:
        try:
            _available = bool(_core.is_cuda_available())
        except Exception:  # noqa: BLE001 - by contract nothing escapes
            _available = False
    return _available


def get_local_runtime_version():
    """The version of the CUDA runtime installed on this machine (the libcudart found at run
    time), which may differ from ``runtime.runtimeGetVersion()``, the one cupric was built
    with (V13-RUNTIME-VERSION). Falls back to the runtime cupric links when none is found."""
    from cupric import _libraries
    v = _libraries.local_runtime_version()
    return v if v else runtime.runtimeGetVersion()


def __getattr__(name):
    # driver, nvrtc and texture load on first use (they ask the CUDA libraries), memory_hooks too
    # (it imports traceback), and the low-level library modules, as CuPy's cupy.cuda.cusolver & co;
    # `import cupric.cuda.X` works for each as usual.
    if name in ("driver", "nvrtc", "texture", "memory_hooks", "cublas", "cusolver", "cusparse", "curand", "cufft"):
        import importlib
        return importlib.import_module(f"cupric.cuda.{name}")
    raise AttributeError(f"module 'cupric.cuda' has no attribute {name!r}")


def profile():
    """Deprecated (as in CuPy): use cupricx.profiler.profile()."""
    import warnings
    warnings.warn("cupric.cuda.profile() is deprecated; use cupricx.profiler.profile() instead",
                  DeprecationWarning, stacklevel=2)
    from cupricx.profiler import profile as _profile
    return _profile()
