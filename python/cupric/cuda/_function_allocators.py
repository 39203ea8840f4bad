"""Allocators made of user functions (CuPy's PythonFunctionAllocator and CFunctionAllocator):
device memory from a Python function or a C function, given back through its partner when the
last array using it goes away. Use them with ``set_allocator(allocator.malloc)``."""
import ctypes

from cupric.cuda import memory as _memory
from cupric.cuda.device import get_device_id


class _Release:
    # The owner of one allocation: frees it with the allocator's free function when the last
    # user (the C++ Memory) lets it go.
    __slots__ = ("_free", "_ptr", "_device_id")

    def __init__(self, free, ptr, device_id):
        self._free, self._ptr, self._device_id = free, ptr, device_id

    def __del__(self):
        if self._ptr:
            self._free(self._ptr, self._device_id)
            self._ptr = 0


def PythonFunctionAllocatorMemory(size, malloc_func, free_func, device_id):
    """Memory of `size` bytes from ``malloc_func(size, device_id) -> ptr``, released with
    ``free_func(ptr, device_id)``: an UnownedMemory whose owner calls free_func."""
    size = _memory._check_size(size)
    ptr = int(malloc_func(size, device_id)) if size else 0
    owner = _Release(free_func, ptr, device_id) if ptr else None
    return _memory.UnownedMemory(ptr, size, owner, device_id)


class PythonFunctionAllocator:
    """An allocator of two Python functions: ``malloc_func(size, device_id) -> ptr`` and
    ``free_func(ptr, device_id)`` (CuPy's PythonFunctionAllocator)."""

    def __init__(self, malloc_func, free_func):
        if not callable(malloc_func) or not callable(free_func):
            raise TypeError("malloc_func and free_func must be callable")
        self._malloc_func, self._free_func = malloc_func, free_func

    def malloc(self, size):
        """`size` bytes on the current device (a MemoryPointer)."""
        mem = PythonFunctionAllocatorMemory(size, self._malloc_func, self._free_func, get_device_id())
        return _memory.MemoryPointer(mem, 0)


_C_MALLOC = ctypes.CFUNCTYPE(ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_size_t, ctypes.c_int)
_C_FREE = ctypes.CFUNCTYPE(None, ctypes.c_ssize_t, ctypes.c_ssize_t, ctypes.c_int)


def CFunctionAllocatorMemory(size, param, malloc_func, free_func, device_id, owner=None):
    """Memory from C functions ``intptr_t malloc(intptr_t param, size_t size, int device_id)``
    and ``void free(intptr_t param, intptr_t ptr, int device_id)`` given as addresses."""
    mf, ff = _C_MALLOC(malloc_func), _C_FREE(free_func)

    def free(ptr, dev, _owner=owner):  # keeps `owner` (what holds the C functions) alive too
        ff(param, ptr, dev)
    return PythonFunctionAllocatorMemory(size, lambda n, dev: mf(param, n, dev), free, device_id)


class CFunctionAllocator:
    """An allocator of two C functions (CuPy's CFunctionAllocator): ``param``, the addresses of
    ``intptr_t malloc(intptr_t param, size_t size, int device_id)`` and ``void free(intptr_t
    param, intptr_t ptr, int device_id)``, and `owner`, an object kept alive while the
    allocator or its memory is (e.g. the library that holds the functions)."""

    def __init__(self, param, malloc_func, free_func, owner):
        if not malloc_func or not free_func:
            raise ValueError("malloc_func and free_func must be the addresses of C functions")
        self._param, self._malloc, self._free, self._owner = int(param), int(malloc_func), int(free_func), owner

    def malloc(self, size):
        """`size` bytes on the current device (a MemoryPointer)."""
        mem = CFunctionAllocatorMemory(size, self._param, self._malloc, self._free, get_device_id(), self._owner)
        return _memory.MemoryPointer(mem, 0)
