"""cupric.fft.config (V14-FFT-CONFIG): the plan cache with CuPy's names, per thread, bounded and
LRU-evicted (Note [FFT plan cache] in src/fft/plan_cache.hpp), and the context-variable settings.
On the host backend the cached plans are the host FFT's."""
import threading

import numpy
import pytest

import cupric as cp
from cupric.fft import config


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache = config.get_plan_cache()
    size, memsize = cache.get_size(), cache.get_memsize()
    cache.clear()
    yield cache
    cache.set_size(size)
    cache.set_memsize(memsize)
    cache.clear()


def test_v14_fft_config_plan_cache_names_and_defaults(_fresh_cache):
    cache = _fresh_cache
    for name in ["set_size", "get_size", "get_curr_size", "set_memsize", "get_memsize", "get_curr_memsize", "get",
                 "clear", "show_info"]:
        assert callable(getattr(cache, name)), name
    assert cache.get_size() == 16 == config.get_plan_cache_size()
    assert cache.get_memsize() == 1 << 30 == config.get_plan_cache_max_memsize()
    assert cache.get_curr_size() == 0 and cache.get_curr_memsize() == 0


def test_v14_fft_config_plans_are_cached_and_reused(_fresh_cache):
    cache = _fresh_cache
    x = cp.asarray(numpy.arange(12.0) + 0j)
    cp.fft.fft(x)
    assert cache.get_curr_size() == 1
    key = cache.keys()[0]
    assert key in cache and cache.get(key) == key and cache.get("nothing", 5) == 5
    cp.fft.fft(x)
    cp.fft.ifft(x)  # the inverse runs on the same plan
    assert cache.get_curr_size() == 1
    cp.fft.rfft(x.real)
    assert cache.get_curr_size() == 2
    # cuFFT 13 runs lengths like 12 with no work area (0 bytes); a prime length's Bluestein plan
    # has one on both backends.
    cp.fft.fft(cp.ones(10007, dtype=numpy.complex128))
    assert cache.get_curr_size() == 3
    assert cache.get_curr_memsize() > 0


def test_v14_fft_config_lru_eviction_by_count_and_bytes(_fresh_cache):
    cache = _fresh_cache
    config.set_plan_cache_size(3)
    for n in [8, 9, 10, 11]:
        cp.fft.fft(cp.ones(n, dtype=numpy.complex128))
    assert cache.get_curr_size() == 3
    keys = cache.keys()
    assert all("n=8 " not in k for k in keys)  # the least recently used went first
    cp.fft.fft(cp.ones(9, dtype=numpy.complex128))  # 9 is now the most recent
    assert "n=9 " in cache.keys()[0]
    cache.set_size(1)
    assert cache.get_curr_size() == 1 and "n=9 " in cache.keys()[0]
    cache.set_size(16)
    config.set_plan_cache_max_memsize(0)  # no plan with tables fits
    assert cache.get_curr_memsize() == 0
    cp.fft.fft(cp.ones(10007, dtype=numpy.complex128))  # prime: a plan with a work area
    assert cache.get_curr_memsize() == 0
    cache.set_memsize(-1)
    cp.fft.fft(cp.ones(10007, dtype=numpy.complex128))
    assert cache.get_curr_memsize() > 0


def test_v14_fft_config_size_zero_disables_and_clear(_fresh_cache):
    cache = _fresh_cache
    cache.set_size(0)
    got = cp.fft.fft(cp.arange(6.0))
    numpy.testing.assert_allclose(got.get(), numpy.fft.fft(numpy.arange(6.0)), atol=1e-12)
    assert cache.get_curr_size() == 0
    cache.set_size(16)
    cp.fft.fft(cp.arange(6.0))
    config.clear_plan_cache()
    assert cache.get_curr_size() == 0
    with pytest.raises(ValueError, match="plan cache size"):
        cache.set_size(-2)
    with pytest.raises(ValueError, match="plan cache memsize"):
        cache.set_memsize(-5)


def test_v14_fft_config_show_info(_fresh_cache, capsys):
    cp.fft.fft(cp.arange(6.0))
    config.show_plan_cache_info()
    text = capsys.readouterr().out
    assert "current / max size   : 1 / 16" in text and "n=6" in text
    assert "n=6" in repr(config.get_plan_cache())


def test_v14_fft_config_cache_is_per_thread(_fresh_cache):
    cp.fft.fft(cp.arange(6.0))
    seen = {}

    def worker():
        cache = config.get_plan_cache()
        seen["before"] = cache.get_curr_size()
        seen["size"] = cache.get_size()
        cache.set_size(2)
        cp.fft.fft(cp.arange(7.0))
        seen["after"] = cache.get_curr_size()

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert seen == {"before": 0, "size": 16, "after": 1}
    assert config.get_plan_cache_size() == 16 and config.get_plan_cache().get_curr_size() == 1


def test_v14_fft_config_settings_are_context_variables():
    config.use_multi_gpus = True
    config.set_cufft_gpus([0, 1])
    seen = {}

    def worker():
        seen["multi"] = config.use_multi_gpus
        seen["gpus"] = config.get_cufft_gpus()

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    try:
        assert seen == {"multi": False, "gpus": None}  # not inherited by a new thread
        assert config.use_multi_gpus is True and config.get_cufft_gpus() == [0, 1]
    finally:
        config.use_multi_gpus = False
        config._devices.set(None)
    config.set_cufft_gpus(3)
    assert config.get_cufft_gpus() == [0, 1, 2]
    config._devices.set(None)
    with pytest.raises(ValueError, match="at least 2"):
        config.set_cufft_gpus([0])
    with pytest.raises(ValueError, match="Duplicate"):
        config.set_cufft_gpus([1, 1])


def test_v14_fft_config_enable_nd_planning_deprecated():
    with pytest.warns(DeprecationWarning, match="enable_nd_planning"):
        assert config.enable_nd_planning is True
    with pytest.warns(DeprecationWarning, match="enable_nd_planning"):
        config.enable_nd_planning = False
