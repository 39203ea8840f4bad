"""cupricx.profiler.benchmark: timing a function on the host and on the device (CuPy's)."""
import math
import time

import numpy

from cupric import cuda


class _PerfCaseResult:
    """The result of benchmark(): ``cpu_times`` (seconds, one per run) and ``gpu_times`` (one row of
    seconds per device), printed as CuPy prints it::

        sin                 :    CPU:   23.455 us   +/-  1.431 (min:   22.130 / max:   45.201) us     GPU-0:   40.432 us   +/-  2.015 (min:   38.912 / max:   70.240) us
    """

    def __init__(self, name, ts, devices):
        assert ts.ndim == 2
        assert ts.shape[0] == len(devices) + 1
        assert ts.shape[1] > 0
        self.name = name
        self._ts = ts
        self._devices = devices

    def __repr__(self):
        return self.to_str(show_gpu=True)

    @property
    def cpu_times(self):
        """Host wall-clock times of each run, in seconds (a numpy.ndarray)."""
        return self._ts[0]

    @property
    def gpu_times(self):
        """Device times of each run, in seconds, one row per device (from events recorded on
        each device's current stream before and after the run)."""
        return self._ts[1:]

    @staticmethod
    def _to_str_per_item(device_name, t):
        assert t.ndim == 1
        assert t.size > 0
        t_us = t * 1e6
        s = "    {}: {:9.03f} us".format(device_name, t_us.mean())
        if t.size > 1:
            s += "   +/- {:6.03f} (min: {:9.03f} / max: {:9.03f}) us".format(t_us.std(), t_us.min(), t_us.max())
        return s

    def to_str(self, show_gpu=False):
        results = [self._to_str_per_item("CPU", self._ts[0])]
        if show_gpu:
            for i, d in enumerate(self._devices):
                results.append(self._to_str_per_item("GPU-{}".format(d), self._ts[1 + i]))
        return "{:<20s}:{}".format(self.name, " ".join(results))

    def __str__(self):
        return self.to_str(show_gpu=True)


def benchmark(func, args=(), kwargs={}, n_repeat=10000, *, name=None, n_warmup=10,  # noqa: B006 - CuPy's signature
              max_duration=math.inf, devices=None):
    """Times ``func(*args, **kwargs)``: `n_warmup` untimed runs, then up to `n_repeat` timed ones
    (stopping once their total time passes `max_duration` seconds). Each run is timed on the
    host (time.perf_counter) and on each of `devices` (default: the current device) by events
    recorded before and after it; the device time includes waiting for the work launched.

    Returns a result with ``cpu_times``, ``gpu_times`` and a printable summary (CuPy's
    _PerfCaseResult). On the host backend the device times are host times.
    """
    if not callable(func):
        raise ValueError("`func` should be a callable object.")
    if not isinstance(args, tuple):
        raise ValueError("`args` should be of tuple type.")
    if not isinstance(kwargs, dict):
        raise ValueError("`kwargs` should be of dict type.")
    if not isinstance(n_repeat, int) or isinstance(n_repeat, bool):
        raise ValueError("`n_repeat` should be an integer.")
    if n_repeat < 1:
        raise ValueError("`n_repeat` should be positive.")
    if name is None:
        name = func.__name__
    if not isinstance(name, str):
        raise ValueError("`name` should be of str type.")
    if not isinstance(n_warmup, int) or isinstance(n_warmup, bool):
        raise ValueError("`n_warmup` should be an integer.")
    if n_warmup < 0:
        raise ValueError("`n_warmup` should not be negative.")
    if not isinstance(max_duration, (int, float)) or isinstance(max_duration, bool):
        raise ValueError("`max_duration` should be a number.")
    if devices is None:
        devices = (cuda.get_device_id(),)
    if not isinstance(devices, tuple):
        raise ValueError("`devices` should be of tuple type")
    return _PerfCaseResult(name, _repeat(func, args, kwargs, n_repeat, n_warmup, max_duration, devices), devices)


def _record(events, devices):
    for event, device in zip(events, devices):
        with cuda.Device(device):
            event.record()


def _repeat(func, args, kwargs, n_repeat, n_warmup, max_duration, devices):
    starts, ends = [], []
    for device in devices:
        with cuda.Device(device):
            starts.append(cuda.Event())
            ends.append(cuda.Event())

    for _ in range(n_warmup):
        func(*args, **kwargs)
    _record(starts, devices)  # the warm-up's work is done before the first timed run
    for event, device in zip(starts, devices):
        with cuda.Device(device):
            event.synchronize()

    cpu_times = []
    gpu_times = [[] for _ in devices]
    duration = 0.0
    for _ in range(n_repeat):
        _record(starts, devices)
        t1 = time.perf_counter()
        func(*args, **kwargs)
        t2 = time.perf_counter()
        cpu_times.append(t2 - t1)
        _record(ends, devices)
        for event, device in zip(ends, devices):
            with cuda.Device(device):
                event.synchronize()
        for i, (start, end) in enumerate(zip(starts, ends)):
            gpu_times[i].append(cuda.get_elapsed_time(start, end) * 1e-3)
        duration += time.perf_counter() - t1
        if duration > max_duration:
            break
    return numpy.asarray([cpu_times] + gpu_times, dtype=numpy.float64)
