"""cupric.cuda.memory: memory pools, pointers and allocators (CuPy's cupy.cuda.memory; V4-POOL).

The pools are C++ (src/memory/pool.cpp, Note [Memory pool]); these classes give them CuPy's
Python API. A MemoryPool serves every device, one C++ pool per device; its methods act on the
current device, as CuPy's do.
"""
import contextlib
import numbers
import threading

from cupric import _core
from cupric._core import _runtime as _rt

from cupric.cuda.runtime import CUDARuntimeError  # noqa: E402,F401 - CuPy names it here too

OutOfMemoryError = _core.OutOfMemoryError
OutOfMemoryError.__module__ = "cupric.cuda.memory"

MemoryPointer = _rt.MemoryPointer
MemoryPointer.__module__ = "cupric.cuda.memory"
PinnedMemoryPointer = _rt.PinnedMemoryPointer
PinnedMemoryPointer.__module__ = "cupric.cuda.memory"
BaseMemory = _rt.Memory
BaseMemory.__module__ = "cupric.cuda.memory"


def _device_of(self):
    from cupric.cuda.device import Device
    return Device(self.device_id)


BaseMemory.device = property(_device_of)
MemoryPointer.device = property(_device_of)


class _MemoryKind(type):
    # Note [Memory classes]: every allocation is one C++ type (BaseMemory); CuPy's subclasses
    # (Memory, UnownedMemory, PooledMemory, MemoryAsync) are its kinds: isinstance() asks the
    # object's kind, and calling the class makes one of that kind.
    def __instancecheck__(cls, obj):
        return isinstance(obj, BaseMemory) and obj.kind in cls._kinds

    def __subclasscheck__(cls, sub):
        return sub is cls


class Memory(metaclass=_MemoryKind):
    """Device memory allocated directly (cudaMalloc), freed when the last user goes:
    ``Memory(size)`` on the current device."""
    _kinds = ("raw",)

    def __new__(cls, size):
        return _rt.raw_memory(_check_size(size))


class UnownedMemory(metaclass=_MemoryKind):
    """Memory someone else allocated, kept alive through `owner` (may be None when the caller
    keeps it alive): ``UnownedMemory(ptr, size, owner, device_id=None)``; wrap it in a
    MemoryPointer to make arrays over it (``cupric.ndarray(shape, dtype, memptr=...)``)."""
    _kinds = ("unowned",)

    def __new__(cls, ptr, size, owner, device_id=None):
        if hasattr(ptr, "value") and not isinstance(ptr, numbers.Integral):  # ctypes.c_void_p
            ptr = ptr.value or 0
        return _rt.unowned_memory(int(ptr), _check_size(size), owner,
                                  -1 if device_id is None else int(device_id))


class PooledMemory(metaclass=_MemoryKind):
    """Memory a MemoryPool handed out (``MemoryPool.malloc(n).mem``); ``free()`` gives it back
    to the pool at once."""
    _kinds = ("pooled",)

    def __new__(cls, *args, **kwargs):
        raise TypeError("PooledMemory is made by MemoryPool.malloc, not directly")


class MemoryAsync(metaclass=_MemoryKind):
    """Memory MemoryAsyncPool handed out (cudaMallocAsync); freed with cudaFreeAsync on the
    stream it was allocated on."""
    _kinds = ("async",)

    def __new__(cls, *args, **kwargs):
        raise TypeError("MemoryAsync is made by MemoryAsyncPool.malloc, not directly")


def _upstream_of(allocator):
    """What the C++ pool takes as its upstream allocator: None (the backend), "managed"/"system"
    (malloc_managed/malloc_system, served in C++ with no Python call) or the callable."""
    if allocator is None:
        return None
    if not callable(allocator):
        raise TypeError(f"allocator must be callable (size -> MemoryPointer) or None, not {type(allocator).__name__}")
    if allocator is malloc_managed:
        return "managed"
    if allocator is malloc_system:
        return "system"
    return allocator


def _check_size(size):
    if not isinstance(size, numbers.Integral) or isinstance(size, bool):
        raise TypeError(f"size must be an integer, not {type(size).__name__}")
    if size < 0:
        raise ValueError(f"size must be non-negative, got {size}")
    return int(size)


def _stream_obj(stream):
    if stream is None:
        return None
    from cupric.cuda.stream import BaseStream
    if not isinstance(stream, BaseStream):
        raise TypeError(f"stream must be a cupric.cuda.Stream, not {type(stream).__name__}")
    return stream._obj


class _PoolAccounting:
    """CuPy's accounting queries, shared by the device and pinned pools (self._pool() is the C++ pool)."""

    def used_bytes(self):
        return self._pool().used_bytes()

    def total_bytes(self):
        return self._pool().total_bytes()

    def free_bytes(self):
        return self._pool().free_bytes()

    def n_free_blocks(self):
        return self._pool().n_free_blocks()


class MemoryPool(_PoolAccounting):
    """A caching pool of device memory (CuPy's MemoryPool), one C++ pool per device.

    ``MemoryPool()`` makes a new, empty pool (use it with ``set_allocator(pool.malloc)``);
    ``get_default_memory_pool()`` is the one arrays use by default.

    ``MemoryPool(allocator)`` takes its memory from `allocator` (a function size ->
    MemoryPointer, e.g. ``malloc_managed`` for a pool of managed memory) instead of cudaMalloc:
    the pool caches what the allocator gave and lets it go in ``free_all_blocks``, through the
    lifetime of the allocator's memory object (Note [Upstream allocator] in src/memory/pool.cpp).
    The allocator is called with the pool's device current; its OutOfMemoryError makes the pool
    free its cache and retry, as CuPy's does.
    """

    def __init__(self, allocator=None):
        self._upstream = _upstream_of(allocator)
        self._allocator = allocator
        self._pools = {}
        self._default = False

    def _pool(self, device=None):
        dev = _rt.current_device() if device is None else device
        p = self._pools.get(dev)
        if p is None:
            p = _rt.MemoryPool.default(dev) if self._default else _rt.MemoryPool.new_device_pool(dev, self._upstream)
            self._pools[dev] = p
        return p

    def malloc(self, size):
        """Allocates `size` bytes (rounded up to 512) on the current device and stream."""
        return MemoryPointer(self._pool().malloc(_check_size(size)), 0)

    def free_all_blocks(self, stream=None):
        """Returns to the device every cached segment whose pieces are all free (only those
        freed on `stream`, when given)."""
        self._pool().free_all_blocks(_stream_obj(stream))

    def set_limit(self, size=None, fraction=None):
        """Caps total_bytes() on the current device: `size` bytes or a `fraction` (0 to 1) of
        the device's memory; neither: no limit. CUPRIC_GPU_MEMORY_LIMIT sets the default."""
        if size is not None and fraction is not None:
            raise ValueError("size and fraction cannot be specified at the same time")
        if fraction is not None:
            if not isinstance(fraction, numbers.Real) or not 0 <= fraction <= 1:
                raise ValueError(f"memory limit fraction out of range: {fraction!r} (must be between 0 and 1)")
            total = _rt.mem_info(_rt.current_device())[1]
            size = int(total * fraction)
        elif size is None:
            size = 0
        self._pool().set_limit(_check_size(size))

    def get_limit(self):
        return self._pool().get_limit()

    def __repr__(self):
        return f"<cupric.cuda.MemoryPool used={self.used_bytes()} total={self.total_bytes()}>"


class SingleDeviceMemoryPool(MemoryPool):
    """A caching pool of one device's memory (CuPy's SingleDeviceMemoryPool): the device current
    when it is made, whatever device is current when it is used."""

    def __init__(self, allocator=None):
        super().__init__(allocator)
        self._device = _rt.current_device()

    def _pool(self, device=None):
        return super()._pool(self._device)

    def __repr__(self):
        return (f"<cupric.cuda.SingleDeviceMemoryPool device={self._device} used={self.used_bytes()} "
                f"total={self.total_bytes()}>")


class PinnedMemoryPool(_PoolAccounting):
    """A caching pool of page-locked host memory (CuPy's PinnedMemoryPool). ``allocator`` (a
    function size -> PinnedMemoryPointer) replaces cudaHostAlloc as the source of its memory,
    cached and let go as MemoryPool(allocator)'s is."""

    def __init__(self, allocator=None):
        if allocator is not None and not callable(allocator):
            raise TypeError(f"allocator must be callable (size -> PinnedMemoryPointer) or None, "
                            f"not {type(allocator).__name__}")
        self._upstream = allocator
        self._p = None
        self._default = False

    def _pool(self):
        if self._p is None:
            self._p = (_rt.MemoryPool.default_pinned() if self._default
                       else _rt.MemoryPool.new_pinned_pool(self._upstream))
        return self._p

    def malloc(self, size):
        return PinnedMemoryPointer(self._pool().malloc(_check_size(size)), 0)

    def free_all_blocks(self):
        self._pool().free_all_blocks()


class MemoryAsyncPool:
    """A pool on CUDA's stream-ordered allocator (CuPy's MemoryAsyncPool): ``malloc`` is
    cudaMallocAsync on the current stream, and the memory is freed with cudaFreeAsync on the
    stream it was allocated on. Use it for arrays with ``set_allocator(MemoryAsyncPool().malloc)``.

    ``used_bytes``/``total_bytes`` are the CUDA pool's (in use / reserved, shared by all its
    users); ``set_limit`` caps the bytes this object has handed out and not yet freed (an
    OutOfMemoryError beyond it). Only ``pool_handles='current'`` (the device's current CUDA
    memory pool) is supported. On the host backend allocation is immediate and nothing is
    reserved (total == used).
    """

    def __init__(self, pool_handles="current"):
        if pool_handles != "current":
            raise ValueError(f"cupric's MemoryAsyncPool uses the device's current CUDA memory pool "
                             f"(pool_handles='current'); got {pool_handles!r}")
        if not _rt.async_alloc_supported():
            raise RuntimeError("MemoryAsyncPool needs CUDA's stream-ordered allocator (CUDA 11.2+ and a "
                               "device and driver that support memory pools)")
        self._p = _rt.AsyncMemoryPool.create()

    def _pool(self):
        return self._p

    def malloc(self, size):
        """`size` bytes from cudaMallocAsync on the current device and stream."""
        return MemoryPointer(self._p.malloc(_check_size(size)), 0)

    def used_bytes(self):
        return self._p.used_bytes()

    def total_bytes(self):
        return self._p.total_bytes()

    def free_bytes(self):
        return self._p.free_bytes()

    def n_free_blocks(self):
        """Always 0: CUDA's stream-ordered pool does not report its blocks (free_bytes does)."""
        return 0

    def free_all_blocks(self, stream=None):
        """Waits for `stream` (default: the whole device) and returns the pool's unused reserve
        to the driver."""
        self._p.free_all_blocks(_stream_obj(stream))

    def set_limit(self, size=None, fraction=None):
        """Caps the bytes handed out by this object: `size` bytes or a `fraction` of the
        device's memory; neither: no limit."""
        if size is not None and fraction is not None:
            raise ValueError("size and fraction cannot be specified at the same time")
        if fraction is not None:
            if not isinstance(fraction, numbers.Real) or not 0 <= fraction <= 1:
                raise ValueError(f"memory limit fraction out of range: {fraction!r} (must be between 0 and 1)")
            size = int(_rt.mem_info(_rt.current_device())[1] * fraction)
        elif size is None:
            size = 0
        self._p.set_limit(_check_size(size))

    def get_limit(self):
        return self._p.get_limit()

    def __repr__(self):
        return f"<cupric.cuda.MemoryAsyncPool used={self.used_bytes()} total={self.total_bytes()}>"


_default_pool = None
_default_pinned_pool = None


def get_default_memory_pool():
    """The pool arrays allocate from unless set_allocator changed it."""
    global _default_pool
    if _default_pool is None:
        p = MemoryPool()
        p._default = True
        _default_pool = p
    return _default_pool


def get_default_pinned_memory_pool():
    """The pool alloc_pinned_memory and cupricx.empty_pinned use."""
    global _default_pinned_pool
    if _default_pinned_pool is None:
        p = PinnedMemoryPool()
        p._default = True
        _default_pinned_pool = p
    return _default_pinned_pool


# ---- allocators (Note [Allocator hook] in include/cupric/memory.hpp) ----
#
# Note [Thread allocators]: as in CuPy, set_allocator sets the process-wide allocator and
# using_allocator sets one for the calling thread only, over it (C++ keeps a per-thread
# override that allocate() checks first). set_allocator inside a using_allocator block raises
# ValueError, as CuPy's does.

_allocator = None          # what get_allocator() returns
_pinned_allocator = None
_tls = threading.local()


def _target(allocator, default_pool_getter, pool_types):
    """(mode, target) for the C++ allocator hook."""
    if allocator is None:
        return "raw", None
    if not callable(allocator):
        raise TypeError(f"allocator must be callable or None, not {type(allocator).__name__}")
    owner = getattr(allocator, "__self__", None)
    if isinstance(owner, pool_types) and getattr(allocator, "__name__", "") == "malloc":
        if owner is default_pool_getter():
            return "pool", None
        return "custom", owner._pool()
    return "custom", allocator


def _thread_stack():
    st = getattr(_tls, "allocators", None)
    if st is None:
        st = _tls.allocators = []
    return st


def set_allocator(allocator=None):
    """Sets how arrays get device memory, for every thread: a function size -> MemoryPointer
    (e.g. ``MemoryPool().malloc``, ``MemoryAsyncPool().malloc``), or None for no pooling
    (V4-POOL). Raises ValueError inside a ``using_allocator`` block of this thread."""
    global _allocator
    if _thread_stack():
        raise ValueError("Can't change the global allocator inside using_allocator context manager")
    mode, target = _target(allocator, get_default_memory_pool, (MemoryPool, MemoryAsyncPool))
    _rt.set_allocator(mode, target)
    _allocator = allocator


def get_allocator():
    """The allocator in use on this thread: the using_allocator one, else set_allocator's (the
    default pool's malloc by default)."""
    st = _thread_stack()
    if st:
        return st[-1][0]
    return get_default_memory_pool().malloc if _allocator is None and _rt.allocator_mode() == "pool" else _allocator


def set_pinned_memory_allocator(allocator=None):
    """Sets how pinned host memory is allocated; None: no pooling (V4-POOL)."""
    global _pinned_allocator
    mode, target = _target(allocator, get_default_pinned_memory_pool, (PinnedMemoryPool,))
    _rt.set_pinned_allocator(mode, target)
    _pinned_allocator = allocator


@contextlib.contextmanager
def using_allocator(allocator=None):
    """Uses `allocator` (None: no pooling) for allocations of the calling thread inside the
    block, then restores the previous one; other threads are not affected (as in CuPy)."""
    mode, target = _target(allocator, get_default_memory_pool, (MemoryPool, MemoryAsyncPool))
    prev = _rt.push_thread_allocator(mode, target)
    st = _thread_stack()
    st.append((allocator, prev))
    try:
        yield
    finally:
        st.pop()
        _rt.restore_thread_allocator(prev)


def alloc(size):
    """Device memory through the current allocator (a MemoryPointer)."""
    return MemoryPointer(_rt.alloc(_check_size(size)), 0)


def malloc_pinned(size):
    return PinnedMemoryPointer(_rt.alloc_pinned(_check_size(size)), 0)


def alloc_pinned_memory(size):
    """Page-locked host memory of `size` bytes (a PinnedMemoryPointer, usable with
    numpy.frombuffer), from the pinned allocator (the default pinned pool)."""
    return malloc_pinned(size)


def _collect_on_oom():
    import gc
    gc.collect()


_core._set_oom_hook(_collect_on_oom)


# ---- the V14 allocators beside the pools (src/runtime/managed_memory.cpp) ----

class ManagedMemory(metaclass=_MemoryKind):
    """Managed (unified) memory from cudaMallocManaged: ``ManagedMemory(size)`` on the current
    device; the host backend gives host memory. ``prefetch(stream)`` and ``advise(advise, device)``
    are cudaMemPrefetchAsync and cudaMemAdvise (no-ops on the host backend)."""
    _kinds = ("managed",)

    def __new__(cls, size):
        return _rt.managed_memory(_check_size(size))


def _prefetch(self, stream=None, device=None):
    """cudaMemPrefetchAsync of this managed memory to `device` (default: its own; -1: the host)
    on `stream` (default: the current one)."""
    if self.kind != "managed":
        raise TypeError("prefetch needs managed memory (cupric.cuda.malloc_managed)")
    from cupric.cuda.stream import BaseStream
    if stream is not None and not isinstance(stream, BaseStream):
        raise TypeError(f"stream must be a cupric.cuda.Stream, not {type(stream).__name__}")
    _rt.managed_prefetch(self, self.device_id if device is None else int(device), stream)


def _advise(self, advise, device):
    """cudaMemAdvise on this managed memory (`advise`: a runtime.cudaMemAdvise* code, `device`:
    a device id, a Device, or -1 for the host)."""
    if self.kind != "managed":
        raise TypeError("advise needs managed memory (cupric.cuda.malloc_managed)")
    _rt.managed_advise(self, int(advise), int(device))


BaseMemory.prefetch = _prefetch
BaseMemory.advise = _advise


class SystemMemory(metaclass=_MemoryKind):
    """Memory from the system allocator, which the GPU reads on HMM/ATS systems (CuPy's
    SystemMemory): ``SystemMemory(size)``. On a device without pageable memory access it raises
    RuntimeError; the host backend gives host memory."""
    _kinds = ("system",)

    def __new__(cls, size):
        return _rt.system_memory(_check_size(size))


def malloc_managed(size):
    """Managed memory of `size` bytes (a MemoryPointer); use it for arrays with
    ``set_allocator(malloc_managed)``."""
    return MemoryPointer(ManagedMemory(size), 0)


def malloc_system(size):
    """System-allocator memory of `size` bytes (a MemoryPointer); use it for arrays with
    ``set_allocator(malloc_system)`` on HMM/ATS systems."""
    return MemoryPointer(SystemMemory(size), 0)


_async_pool = None


def malloc_async(size):
    """Stream-ordered memory of `size` bytes from cudaMallocAsync on the current stream (a
    MemoryPointer, freed with cudaFreeAsync on that stream); use it for arrays with
    ``set_allocator(malloc_async)``."""
    global _async_pool
    if _async_pool is None:
        _async_pool = MemoryAsyncPool()
    return _async_pool.malloc(size)


from cupric.cuda._function_allocators import (CFunctionAllocator, CFunctionAllocatorMemory,  # noqa: E402,F401
                                              PythonFunctionAllocator, PythonFunctionAllocatorMemory)
