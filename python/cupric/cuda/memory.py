"""cupric.cuda.memory: memory pools, pointers and allocators (CuPy's cupy.cuda.memory; V4-POOL).

The pools are C++ (src/memory/pool.cpp, Note [Memory pool]); these classes give them CuPy's
Python API. A MemoryPool serves every device, one C++ pool per device; its methods act on the
current device, as CuPy's do.
"""
import contextlib
import numbers

from cupric import _core
from cupric._core import _runtime as _rt

OutOfMemoryError = _core.OutOfMemoryError
OutOfMemoryError.__module__ = "cupric.cuda.memory"

MemoryPointer = _rt.MemoryPointer
MemoryPointer.__module__ = "cupric.cuda.memory"
PinnedMemoryPointer = _rt.PinnedMemoryPointer
PinnedMemoryPointer.__module__ = "cupric.cuda.memory"
Memory = _rt.Memory
Memory.__module__ = "cupric.cuda.memory"


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


def UnownedMemory(ptr, size, owner, device_id=None):
    """Memory someone else allocated (kept alive through `owner`), for use with MemoryPointer."""
    return _rt.unowned_memory(int(ptr), _check_size(size), owner, -1 if device_id is None else int(device_id))


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
    """

    def __init__(self, allocator=None):
        if allocator is not None:
            raise NotImplementedError("MemoryPool(allocator=...) is not supported by cupric; its pools take "
                                      "memory from the backend directly")
        self._pools = {}
        self._default = False

    def _pool(self, device=None):
        dev = _rt.current_device() if device is None else device
        p = self._pools.get(dev)
        if p is None:
            p = _rt.MemoryPool.default(dev) if self._default else _rt.MemoryPool.new_device_pool(dev)
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


class PinnedMemoryPool(_PoolAccounting):
    """A caching pool of page-locked host memory (CuPy's PinnedMemoryPool)."""

    def __init__(self, allocator=None):
        if allocator is not None:
            raise NotImplementedError("PinnedMemoryPool(allocator=...) is not supported by cupric")
        self._p = None
        self._default = False

    def _pool(self):
        if self._p is None:
            self._p = _rt.MemoryPool.default_pinned() if self._default else _rt.MemoryPool.new_pinned_pool()
        return self._p

    def malloc(self, size):
        return PinnedMemoryPointer(self._pool().malloc(_check_size(size)), 0)

    def free_all_blocks(self):
        self._pool().free_all_blocks()


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

_allocator = None          # what get_allocator() returns
_pinned_allocator = None


def _install(setter, allocator, default_pool_getter, pool_type):
    if allocator is None:
        setter("raw", None)
        return
    if not callable(allocator):
        raise TypeError(f"allocator must be callable or None, not {type(allocator).__name__}")
    owner = getattr(allocator, "__self__", None)
    if isinstance(owner, pool_type) and getattr(allocator, "__name__", "") == "malloc":
        if owner is default_pool_getter():
            setter("pool", None)
        else:
            setter("custom", owner._pool())
        return
    setter("custom", allocator)


def set_allocator(allocator=None):
    """Sets how arrays get device memory: a function size -> MemoryPointer (e.g.
    ``MemoryPool().malloc``), or None for no pooling (V4-POOL). Process-wide in cupric."""
    global _allocator
    _install(_rt.set_allocator, allocator, get_default_memory_pool, MemoryPool)
    _allocator = allocator


def get_allocator():
    """The allocator set_allocator set (the default pool's malloc by default)."""
    return get_default_memory_pool().malloc if _allocator is None and _rt.allocator_mode() == "pool" else _allocator


def set_pinned_memory_allocator(allocator=None):
    """Sets how pinned host memory is allocated; None: no pooling (V4-POOL)."""
    global _pinned_allocator
    _install(_rt.set_pinned_allocator, allocator, get_default_pinned_memory_pool, PinnedMemoryPool)
    _pinned_allocator = allocator


@contextlib.contextmanager
def using_allocator(allocator=None):
    """Uses `allocator` (None: no pooling) inside the block, then restores the previous one.
    (CuPy's is thread-local; cupric's allocator is process-wide.)"""
    prev = get_allocator()
    set_allocator(allocator)
    try:
        yield
    finally:
        set_allocator(prev)


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
