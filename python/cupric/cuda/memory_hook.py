"""cupric.cuda.memory_hook: MemoryHook, callbacks the device memory pool calls on malloc, on a new
segment taken from the device (alloc) and on free (CuPy's cupy.cuda.memory_hook).

``with hook:`` installs a hook for the calling thread (hooks are per thread, as in CuPy); the
pool calls its ``*_preprocess`` methods in installation order and its ``*_postprocess`` methods in
the reverse order, with CuPy's keyword arguments. Differences from CuPy (Note [Memory hooks] in
src/runtime/memory_hook.cpp): alloc events are delivered after the segment was taken (same order
and arguments; alloc_preprocess cannot stop it), and ``pmem_id`` is the address of the C++
object that holds the allocation (the same at malloc and free).
"""
import atexit
import collections
import threading

from cupric._core import _runtime as _rt

_tls = threading.local()

# The hook points, in the order of MemoryHookPoint (include/cupric/runtime/memory_hook.hpp).
_ALLOC_PRE, _ALLOC_POST, _MALLOC_PRE, _MALLOC_POST, _FREE_PRE, _FREE_POST = range(6)


def get_memory_hooks():
    """The hooks installed on the calling thread: an OrderedDict name -> MemoryHook."""
    hooks = getattr(_tls, "memory_hooks", None)
    if hooks is None:
        hooks = _tls.memory_hooks = collections.OrderedDict()
    return hooks


def _dispatch(point, device_id, size, mem_size, mem_ptr, pmem_id):
    # Called by the pool (C++) on the thread whose hooks these are.
    hooks = list(get_memory_hooks().values())
    if point == _ALLOC_PRE:
        for h in hooks:
            h.alloc_preprocess(device_id=device_id, mem_size=mem_size)
    elif point == _ALLOC_POST:
        for h in reversed(hooks):
            h.alloc_postprocess(device_id=device_id, mem_size=mem_size, mem_ptr=mem_ptr)
    elif point == _MALLOC_PRE:
        for h in hooks:
            h.malloc_preprocess(device_id=device_id, size=size, mem_size=mem_size)
    elif point == _MALLOC_POST:
        for h in reversed(hooks):
            h.malloc_postprocess(device_id=device_id, size=size, mem_size=mem_size, mem_ptr=mem_ptr,
                                 pmem_id=pmem_id)
    elif point == _FREE_PRE:
        for h in hooks:
            h.free_preprocess(device_id=device_id, mem_size=mem_size, mem_ptr=mem_ptr, pmem_id=pmem_id)
    elif point == _FREE_POST:
        for h in reversed(hooks):
            h.free_postprocess(device_id=device_id, mem_size=mem_size, mem_ptr=mem_ptr, pmem_id=pmem_id)


class MemoryHook:
    """Base class of memory hooks (CuPy's cupy.cuda.MemoryHook).

    Subclass it, give it a unique ``name`` and override the callbacks you need; ``with hook:``
    installs it on the calling thread. The callbacks' keyword arguments: ``device_id``,
    ``size`` (requested bytes, malloc only), ``mem_size`` (rounded bytes), ``mem_ptr`` and
    ``pmem_id`` (post and free hooks).
    """

    name = "MemoryHook"

    def __enter__(self):
        hooks = get_memory_hooks()
        if self.name in hooks:
            raise RuntimeError(f"Memory hook {self.name} already exists")
        hooks[self.name] = self
        if len(hooks) == 1:
            _rt.set_thread_memory_hook(_dispatch)
        return self

    def __exit__(self, *_):
        hooks = get_memory_hooks()
        del hooks[self.name]
        if not hooks:
            _rt.set_thread_memory_hook(None)

    def alloc_preprocess(self, **kwargs):
        """Called before the pool takes a new segment from the device (device_id, mem_size)."""

    def alloc_postprocess(self, **kwargs):
        """Called after the pool took a new segment (device_id, mem_size, mem_ptr)."""

    def malloc_preprocess(self, **kwargs):
        """Called before memory is taken from the pool (device_id, size, mem_size)."""

    def malloc_postprocess(self, **kwargs):
        """Called after memory was taken from the pool (device_id, size, mem_size, mem_ptr, pmem_id)."""

    def free_preprocess(self, **kwargs):
        """Called before memory goes back to the pool (device_id, mem_size, mem_ptr, pmem_id)."""

    def free_postprocess(self, **kwargs):
        """Called after memory went back to the pool (device_id, mem_size, mem_ptr, pmem_id)."""


@atexit.register
def _uninstall():
    # The main thread's C++ hook holds a Python callable: let it go while Python is alive.
    if getattr(_tls, "memory_hooks", None):
        _tls.memory_hooks.clear()
    _rt.set_thread_memory_hook(None)
