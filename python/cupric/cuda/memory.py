"""cupric.cuda.memory: the memory pool (CuPy's MemoryPool accounting: V4-POOL)."""
from cupric import _core

OutOfMemoryError = _core.OutOfMemoryError
OutOfMemoryError.__module__ = "cupric.cuda.memory"


class MemoryPool:
    """The pool arrays on the current backend and device allocate from."""

    def __init__(self):
        self._pool = _core._default_pool()

    def used_bytes(self):
        return self._pool.used_bytes()

    def total_bytes(self):
        return self._pool.total_bytes()

    def free_bytes(self):
        return self._pool.free_bytes()

    def n_free_blocks(self):
        return self._pool.n_free_blocks()

    def free_all_blocks(self, stream=None):
        self._pool.free_all_blocks()

    def set_limit(self, size=None, fraction=None):
        if size is not None and fraction is not None:
            raise ValueError("size and fraction cannot be specified at the same time")
        if fraction is not None:
            raise NotImplementedError("set_limit(fraction=) needs the device's total memory (CUDA runtime work)")
        self._pool._set_limit_bytes(0 if size is None else int(size))

    def get_limit(self):
        return self._pool.get_limit()


_default_pool = None


def get_default_memory_pool():
    """The default memory pool (one per process in this foundation version)."""
    global _default_pool
    if _default_pool is None:
        _default_pool = MemoryPool()
    return _default_pool


def _collect_on_oom():
    import gc
    gc.collect()


_core._set_oom_hook(_collect_on_oom)
