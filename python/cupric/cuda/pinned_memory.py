"""cupric.cuda.pinned_memory: page-locked host memory, its pool and allocator (CuPy's
cupy.cuda.pinned_memory). The pool is C++ (src/memory/pool.cpp); this module names its pieces as
CuPy does and shares them with cupric.cuda.memory.

On the host backend "pinned" memory is ordinary host memory from the same pool: the API and the
accounting behave the same, and is_memory_pinned() answers for that backend's memory.
"""
import numbers

import numpy

from cupric._core import _runtime as _rt
from cupric.cuda import memory as _memory
from cupric.cuda.memory import (PinnedMemoryPool, PinnedMemoryPointer, alloc_pinned_memory,  # noqa: F401
                                set_pinned_memory_allocator)


class _PinnedKind(type):
    # Note [Memory classes] in python/cupric/cuda/memory.py: the C++ Memory's kind answers isinstance().
    def __instancecheck__(cls, obj):
        return isinstance(obj, _memory.BaseMemory) and obj.pinned and obj.kind in cls._kinds

    def __subclasscheck__(cls, sub):
        return sub is cls


class PinnedMemory(metaclass=_PinnedKind):
    """Page-locked host memory allocated directly (cudaHostAlloc), freed when the last user goes:
    ``PinnedMemory(size, flags=0)``. Wrap it in a PinnedMemoryPointer to use it."""
    _kinds = ("raw",)

    def __new__(cls, size, flags=0):
        if flags != 0:
            raise ValueError(f"cupric's PinnedMemory supports flags=0 (cudaHostAllocDefault) only, got {flags!r}")
        return _rt.raw_pinned_memory(_memory._check_size(size))


class PooledPinnedMemory(metaclass=_PinnedKind):
    """Pinned memory a PinnedMemoryPool handed out (``PinnedMemoryPool().malloc(n).mem``)."""
    _kinds = ("pooled",)

    def __new__(cls, *args, **kwargs):
        raise TypeError("PooledPinnedMemory is made by PinnedMemoryPool.malloc, not directly")


def _address(data):
    if isinstance(data, numbers.Integral):
        return int(data)
    if isinstance(data, (PinnedMemoryPointer, _memory.BaseMemory)):
        return int(data.ptr)
    iface = getattr(data, "__array_interface__", None)
    if iface is not None:
        return int(iface["data"][0])
    try:
        view = numpy.frombuffer(data, numpy.uint8)
    except TypeError:
        raise TypeError(f"is_memory_pinned needs an address (int), a pointer or an object with the buffer "
                        f"protocol, not {type(data).__name__}") from None
    return int(view.__array_interface__["data"][0])


def is_memory_pinned(data):
    """True when `data` (an address, a PinnedMemoryPointer, a NumPy array or any buffer) lies in
    page-locked host memory."""
    return bool(_rt.is_pinned(_address(data)))
