"""cupric.cuda: devices, memory pools and the CUDA runtime as CuPy's cupy.cuda exposes them.

This is the foundation's subset (availability, the default memory pool, Device numbers); the
CUDA-runtime work deepens it to streams, events, graphs and the full pool API.
"""
from cupric import _core
from cupric.cuda import memory  # noqa: F401
from cupric.cuda.memory import get_default_memory_pool, OutOfMemoryError  # noqa: F401


def is_available():
    """True when a CUDA device is usable. Never raises; the answer is cached (V14-AVAILABLE)."""
    try:
        return bool(_core.is_cuda_available())
    except Exception:  # noqa: BLE001 - by contract nothing escapes
        return False


class Device:
    """A device number (CuPy's cupy.cuda.Device subset: id, comparisons, synchronize)."""

    def __init__(self, device=None):
        self.id = 0 if device is None else int(device)

    def synchronize(self):
        _core.synchronize()

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
