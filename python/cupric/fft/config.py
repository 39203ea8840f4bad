"""cupric.fft.config: the plan cache and the FFT settings, as CuPy v14's cupy.fft.config (V14-FFT-CONFIG).

Settings live in context variables, so each thread (and each asyncio task's context) has its own
and a new thread starts from the defaults. The plan cache is per thread and per device, bounded
in plans (default 16) and in bytes (default 1 GiB), least recently used evicted first
(Note [FFT plan cache] in src/fft/plan_cache.hpp; docs/fft.md).
"""
import contextvars as _contextvars
import sys as _sys
import types as _types
import warnings as _warnings

from cupric import _core
from cupric.fft._callbacks import set_cufft_callbacks  # noqa: F401

_use_multi_gpus = _contextvars.ContextVar("cupric.fft.config.use_multi_gpus", default=False)
_devices = _contextvars.ContextVar("cupric.fft.config.devices", default=None)


def _where():
    """(host, device) of the backend in use."""
    if _core.backend_name() == "host":
        return True, 0
    from cupric.cuda import get_device_id
    return False, get_device_id()


class PlanCache:
    """The calling thread's FFT plan cache of one device (CuPy's cupy.fft._cache.PlanCache).

    ``size``: the most plans kept (-1: unbounded, 0: caching off); ``memsize``: the most bytes
    their work areas and tables may hold (-1: unbounded). Exceeding either evicts the least
    recently used plans.
    """

    def __init__(self, host, device):
        self._host = host
        self._device = device

    def _info(self):
        return _core.fft.plan_cache_info(self._host, self._device)

    def set_size(self, size):
        _core.fft.set_plan_cache_size(self._host, self._device, int(size))

    def get_size(self):
        return self._info()["size"]

    def get_curr_size(self):
        return self._info()["curr_size"]

    def set_memsize(self, size):
        _core.fft.set_plan_cache_memsize(self._host, self._device, int(size))

    def get_memsize(self):
        return self._info()["memsize"]

    def get_curr_memsize(self):
        return self._info()["curr_memsize"]

    def get(self, key, default=None):
        """Whether ``key`` (a string from show_info) is cached: the key itself, else ``default``."""
        return key if _core.fft.plan_cache_contains(self._host, self._device, str(key)) else default

    def keys(self):
        return list(self._info()["keys"])

    def __contains__(self, key):
        return _core.fft.plan_cache_contains(self._host, self._device, str(key))

    def __len__(self):
        return self.get_curr_size()

    def clear(self):
        _core.fft.clear_plan_cache(self._host, self._device)

    def _text(self):
        i = self._info()
        where = "host" if i["host"] else f"device {i['device']}"
        lines = [f"------------------- cuFFT plan cache ({where}) -------------------" if not i["host"]
                 else f"-------------------- FFT plan cache ({where}) --------------------",
                 f"cache enabled? {i['size'] != 0}",
                 f"current / max size   : {i['curr_size']} / {i['size']} (counts)",
                 f"current / max memsize: {i['curr_memsize']} / {i['memsize']} (bytes)",
                 "",
                 "cached plans (most recently used first):"]
        lines += [f"key: {k}, bytes: {b}" for k, b in zip(i["keys"], i["key_bytes"])]
        return "\n".join(lines)

    def show_info(self):
        print(self._text())

    def __repr__(self):
        return self._text()


def get_plan_cache():
    """The plan cache of the current device for the calling thread."""
    return PlanCache(*_where())


def get_plan_cache_size():
    return get_plan_cache().get_size()


def set_plan_cache_size(size):
    get_plan_cache().set_size(size)


def get_plan_cache_max_memsize():
    return get_plan_cache().get_memsize()


def set_plan_cache_max_memsize(size):
    get_plan_cache().set_memsize(size)


def clear_plan_cache():
    get_plan_cache().clear()


def show_plan_cache_info():
    """Prints the calling thread's plan cache of the current device."""
    get_plan_cache().show_info()


def _push_multi_gpus():
    """Hands the thread's multi-GPU setting to C++ (Note [Multi-GPU FFT]): the GPU list when
    use_multi_gpus is on and set_cufft_gpus was called, else off."""
    devs = _devices.get()
    _core.fft.set_multi_gpus(devs if _use_multi_gpus.get() and devs is not None else [])


def set_cufft_gpus(gpus):
    """The GPUs a multi-GPU FFT uses (CuPy's): an int ``n`` (devices 0..n-1) or a list of ids.

    Used by 1-D complex-to-complex transforms of GPU arrays while ``use_multi_gpus`` is True
    (cuFFT's multi-GPU plans; docs/fft.md says what else applies). At least 2 distinct ids.
    """
    if isinstance(gpus, int):
        devs = list(range(gpus))
    else:
        devs = [int(g) for g in gpus]
    if len(devs) < 2:
        raise ValueError("Must use at least 2 GPUs.")
    if len(set(devs)) != len(devs):
        raise ValueError("Duplicate GPU ids are not allowed.")
    if any(d < 0 for d in devs):
        raise ValueError(f"GPU ids must be >= 0, got {devs}")
    _devices.set(devs)
    _push_multi_gpus()


def get_cufft_gpus():
    return _devices.get()


class _ConfigModule(_types.ModuleType):
    """Module attributes backed by context variables; enable_nd_planning is deprecated."""

    @property
    def use_multi_gpus(self):
        return _use_multi_gpus.get()

    @use_multi_gpus.setter
    def use_multi_gpus(self, value):
        _use_multi_gpus.set(bool(value))
        _push_multi_gpus()

    @property
    def enable_nd_planning(self):
        _warnings.warn("cupric.fft.config.enable_nd_planning is deprecated: n-D transforms are always "
                       "planned as n-D", DeprecationWarning, stacklevel=2)
        return True

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        _warnings.warn("cupric.fft.config.enable_nd_planning is deprecated: n-D transforms are always "
                       "planned as n-D; the setting is ignored", DeprecationWarning, stacklevel=2)


_sys.modules[__name__].__class__ = _ConfigModule
