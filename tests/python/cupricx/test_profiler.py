"""cupricx.profiler (V10-PROFILER): benchmark, time_range and profile, on the host backend too
(there the GPU times are host times)."""
import re
import sys

import numpy
import pytest

import cupric
import cupric.cuda as cuda
import cupricx
from cupricx import profiler


def test_v10_profiler_names_exist_and_time_repeat_does_not():
    """V10-PROFILER"""
    for name in ("benchmark", "time_range", "profile", "load_ipython_extension"):
        assert callable(getattr(profiler, name))
    with pytest.raises(ImportError):
        import cupricx.time  # noqa: F401


def test_benchmark_times_every_run():
    calls = []

    def f(x, scale=1):
        calls.append(1)
        return (x * scale).sum()

    a = cupric.arange(1000, dtype=numpy.float32)
    r = profiler.benchmark(f, (a,), {"scale": 2}, n_repeat=7, n_warmup=3)
    assert len(calls) == 10
    assert r.name == "f"
    assert r.cpu_times.shape == (7,) and r.cpu_times.dtype == numpy.float64
    assert r.gpu_times.shape == (1, 7)
    assert (r.cpu_times > 0).all() and (r.gpu_times >= 0).all()


def test_benchmark_str_is_cupys_format():
    r = profiler.benchmark(lambda: cupric.ones(10) + 1, n_repeat=5, n_warmup=0, name="ones_plus")
    s = str(r)
    dev = cuda.get_device_id()
    num = r"\s*\d+\.\d{3}"
    pattern = (rf"^ones_plus           :    CPU:{num} us   \+/-{num} \(min:{num} / max:{num}\) us"
               rf"     GPU-{dev}:{num} us   \+/-{num} \(min:{num} / max:{num}\) us$")
    assert re.match(pattern, s), s
    assert repr(r) == s
    cpu_only = r.to_str()
    assert "GPU" not in cpu_only and cpu_only.startswith("ones_plus           :    CPU:")
    mean_us = float(re.search(r"CPU:\s*([\d.]+)", s).group(1))
    assert mean_us == pytest.approx(r.cpu_times.mean() * 1e6, abs=1e-3)


def test_benchmark_single_run_has_no_spread():
    r = profiler.benchmark(lambda: None, n_repeat=1, n_warmup=0, name="noop")
    assert "+/-" not in r.to_str()


def test_benchmark_max_duration_stops_early():
    import time
    r = profiler.benchmark(lambda: time.sleep(0.01), n_repeat=1000, n_warmup=0, max_duration=0.05)
    assert 1 <= r.cpu_times.size < 20


def test_benchmark_gpu_times_cover_the_work():
    import time
    r = profiler.benchmark(lambda: time.sleep(0.002), n_repeat=3, n_warmup=0)
    # On the host backend device times are host times; on a GPU the events bracket the call.
    assert r.cpu_times.min() >= 0.002
    if not cupric._core._runtime.backend_is_cuda():
        assert r.gpu_times.min() >= 0.002


@pytest.mark.parametrize("kwargs, match", [
    ({"func": 1}, "`func` should be a callable object."),
    ({"args": [1]}, "`args` should be of tuple type."),
    ({"kwargs": ()}, "`kwargs` should be of dict type."),
    ({"n_repeat": 1.5}, "`n_repeat` should be an integer."),
    ({"n_repeat": 0}, "`n_repeat` should be positive."),
    ({"name": 3}, "`name` should be of str type."),
    ({"n_warmup": -1}, "`n_warmup` should not be negative."),
    ({"devices": [0]}, "`devices` should be of tuple type"),
])
def test_benchmark_bad_arguments(kwargs, match):
    args = {"func": lambda *a, **k: None}
    args.update(kwargs)
    func = args.pop("func")
    with pytest.raises(ValueError, match=re.escape(match)):
        profiler.benchmark(func, **args)


def test_time_range_context_manager_and_decorator():
    with profiler.time_range("block", color_id=1):
        x = cupric.arange(4) * 2
    with profiler.time_range("argb", argb_color=0xFF00FF00, sync=True):
        x = x + 1

    @profiler.time_range()
    def step(v):
        return v + 1

    @profiler.time_range("named", sync=True)
    def step2(v):
        return v * 3

    assert step.__name__ == "step"
    assert step(x).get().tolist() == [2, 4, 6, 8]
    assert step2(x).get().tolist() == [3, 9, 15, 21]


def test_time_range_errors():
    with pytest.raises(ValueError, match="Only either color_id or argb_color"):
        profiler.time_range("m", color_id=1, argb_color=2)
    with pytest.raises(ValueError, match="message argument cannot be None"):
        with profiler.time_range():
            pass
    with pytest.raises(TypeError, match="message must be a str"):
        profiler.time_range(3)


def test_time_range_pops_on_exception():
    with pytest.raises(KeyError):
        with profiler.time_range("raises"):
            raise KeyError("x")
    with profiler.time_range("after"):
        pass


def test_profile_context_manager():
    with profiler.profile():
        y = cupric.ones(3).sum()
    assert float(y) == 3.0


def test_ipython_extension_registers_gpu_timeit(capsys):
    registered = {}

    class FakeIPython:
        user_ns = {"cupric": cupric}

        def register_magic_function(self, fn, magic_kind, magic_name):
            registered[magic_name] = (fn, magic_kind)

    profiler.load_ipython_extension(FakeIPython())
    fn, kind = registered["gpu_timeit"]
    assert kind == "line_cell"
    r = fn("-n 3 -w 1 cupric.ones(4).sum()")
    assert r.cpu_times.size == 3
    assert "gpu_timeit" in capsys.readouterr().out
    r2 = fn("-n 2", "a = cupric.ones(2)\nb = a + a")
    assert r2.cpu_times.size == 2


def test_main_module_runs_under_the_profiler():
    # The profiler works in a fresh process on the backend the environment picks.
    import subprocess
    code = ("import cupric, cupricx.profiler as p; "
            "r = p.benchmark(lambda: cupric.arange(10).sum(), n_repeat=3); print(r.cpu_times.size)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3"


def test_cupricx_has_no_removed_names():
    """V10-DEPRECATED, V14-REMOVED: what CuPy removed stays absent."""
    assert not hasattr(cupricx, "time")
