"""The memory pool from Python (V4-POOL): CuPy's accounting, limits, OOM, allocators, pinned pool."""
import gc
import threading

import numpy
import pytest

import cupric
import cupric.cuda as cuda


def test_v4_pool_accounting_of_100_float32(pool):
    assert pool.used_bytes() == 0
    a = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() == 512
    assert pool.total_bytes() == 512
    del a
    assert pool.used_bytes() == 0
    assert pool.total_bytes() == 512
    assert pool.free_bytes() == 512
    assert pool.n_free_blocks() == 1
    pool.free_all_blocks()
    assert pool.total_bytes() == 0
    assert pool.n_free_blocks() == 0


def test_v4_pool_default_pools_are_module_level_and_singletons():
    assert cupric.get_default_memory_pool() is cuda.get_default_memory_pool()
    assert cupric.get_default_pinned_memory_pool() is cuda.get_default_pinned_memory_pool()
    assert isinstance(cupric.get_default_memory_pool(), cuda.MemoryPool)
    assert isinstance(cupric.get_default_pinned_memory_pool(), cuda.PinnedMemoryPool)


def test_v4_pool_reuses_cached_blocks(pool):
    a = cupric.empty(1000, dtype=cupric.float64)
    ptr = a._mem_ptr
    del a
    b = cupric.empty(1000, dtype=cupric.float64)
    assert b._mem_ptr == ptr
    assert pool.total_bytes() == 8192


def test_v4_pool_malloc_returns_memory_pointer(pool):
    mp = pool.malloc(1000)
    assert isinstance(mp, cuda.MemoryPointer)
    assert mp.ptr != 0
    assert mp.mem.size == 1024
    assert pool.used_bytes() == 1024
    del mp
    assert pool.used_bytes() == 0
    assert pool.malloc(0).ptr == 0


def test_v4_pool_malloc_rejects_bad_sizes(pool):
    with pytest.raises(ValueError):
        pool.malloc(-1)
    with pytest.raises(TypeError):
        pool.malloc(1.5)
    assert pool.total_bytes() == 0


def test_v4_pool_set_limit_size_and_get_limit(pool):
    pool.set_limit(size=1024)
    assert pool.get_limit() == 1024
    a = cupric.empty(256, dtype=cupric.float32)  # 1024 bytes: fits
    with pytest.raises(cuda.OutOfMemoryError) as info:
        cupric.empty(10, dtype=cupric.float32)
    msg = str(info.value)
    assert "40 bytes" in msg and "limit" in msg
    assert isinstance(info.value, MemoryError)
    assert pool.used_bytes() == 1024  # the failed request changed nothing
    del a
    b = cupric.empty(10, dtype=cupric.float32)  # usable after the error
    assert b.size == 10
    pool.set_limit()
    assert pool.get_limit() == 0


def test_v4_pool_set_limit_fraction(pool):
    total = cuda.Device().mem_info[1]
    pool.set_limit(fraction=0.5)
    assert pool.get_limit() == int(total * 0.5)
    pool.set_limit(fraction=0)
    assert pool.get_limit() == 0


def test_v4_pool_set_limit_bad_arguments(pool):
    with pytest.raises(ValueError):
        pool.set_limit(size=10, fraction=0.5)
    with pytest.raises(ValueError):
        pool.set_limit(fraction=1.5)
    with pytest.raises(ValueError):
        pool.set_limit(size=-1)
    assert pool.get_limit() == 0


def test_v4_pool_oom_frees_cached_blocks_then_collects_garbage(pool):
    pool.set_limit(size=8192)

    class Cycle:
        pass

    c = Cycle()
    c.self = c
    c.arr = cupric.empty(2048, dtype=cupric.float32)  # 8192 bytes, only reachable through a cycle
    del c
    a = cupric.empty(2048, dtype=cupric.float32)  # needs gc.collect() to succeed
    assert pool.used_bytes() == 8192
    del a


def test_v4_pool_free_all_blocks_with_stream(pool):
    s = cuda.Stream()
    with s:
        a = cupric.empty(100, dtype=cupric.float32)
    b = cupric.empty(1000, dtype=cupric.float32)
    del a, b
    assert pool.total_bytes() == 512 + 4096
    pool.free_all_blocks(stream=s)
    assert pool.total_bytes() == 4096
    pool.free_all_blocks()
    assert pool.total_bytes() == 0
    with pytest.raises(TypeError):
        pool.free_all_blocks(stream=3)


def test_v4_pool_per_stream_reuse(pool):
    s = cuda.Stream()
    a = cupric.empty(100, dtype=cupric.float32)
    ptr = a._mem_ptr
    del a
    with s:
        b = cupric.empty(100, dtype=cupric.float32)  # another stream: not the block freed on null
    assert b._mem_ptr != ptr
    c = cupric.empty(100, dtype=cupric.float32)
    assert c._mem_ptr == ptr


def test_v4_pool_new_pool_with_set_allocator(pool):
    mine = cuda.MemoryPool()
    cuda.set_allocator(mine.malloc)
    try:
        a = cupric.empty(100, dtype=cupric.float32)
        assert mine.used_bytes() == 512
        assert pool.used_bytes() == 0
        assert cuda.get_allocator() == mine.malloc
    finally:
        cuda.set_allocator(pool.malloc)
    del a
    assert mine.used_bytes() == 0
    assert mine.total_bytes() == 512
    b = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() == 512
    del b


def test_v4_pool_set_allocator_none_disables_pooling(pool):
    cuda.set_allocator(None)
    try:
        a = cupric.ones(10)
        assert pool.total_bytes() == 0
        assert a.get().sum() == 10
    finally:
        cuda.set_allocator(pool.malloc)


def test_v4_pool_using_allocator_restores(pool):
    with cuda.using_allocator(None):
        a = cupric.empty(100, dtype=cupric.float32)
        assert pool.used_bytes() == 0
    b = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() == 512
    del a, b


def test_v4_pool_custom_python_allocator(pool):
    calls = []
    mine = cuda.MemoryPool()

    def allocator(size):
        calls.append(size)
        return mine.malloc(size)

    with cuda.using_allocator(allocator):
        a = cupric.zeros(10, dtype=cupric.int32)
    assert calls == [40]
    assert mine.used_bytes() == 512
    numpy.testing.assert_array_equal(a.get(), numpy.zeros(10, numpy.int32))
    del a
    gc.collect()
    assert mine.used_bytes() == 0


def test_v4_pool_set_allocator_rejects_non_callables():
    with pytest.raises(TypeError):
        cuda.set_allocator(42)


def test_v4_pool_pinned_accounting_and_frombuffer():
    pp = cupric.get_default_pinned_memory_pool()
    pp.free_all_blocks()
    m = cuda.alloc_pinned_memory(400)
    assert isinstance(m, cuda.PinnedMemoryPointer)
    assert pp.used_bytes() == 512
    x = numpy.frombuffer(m, numpy.float32, 100)
    x[:] = numpy.arange(100)
    assert x[99] == 99
    del x, m
    assert pp.used_bytes() == 0
    assert pp.n_free_blocks() == 1
    pp.free_all_blocks()
    assert pp.total_bytes() == 0


def test_v4_pool_set_pinned_memory_allocator_none():
    pp = cupric.get_default_pinned_memory_pool()
    pp.free_all_blocks()
    cuda.set_pinned_memory_allocator(None)
    try:
        m = cuda.alloc_pinned_memory(100)
        assert pp.total_bytes() == 0
        assert m.mem.size == 100
    finally:
        cuda.set_pinned_memory_allocator(pp.malloc)
    assert cuda.alloc_pinned_memory(100).mem.size == 512


def test_v4_pool_threads_keep_exact_accounting(pool):
    errors = []

    def work(seed):
        rng = numpy.random.default_rng(seed)
        s = cuda.Stream()
        try:
            with s:
                for _ in range(300):
                    n = int(rng.integers(1, 5000))
                    a = cupric.full(n, seed, dtype=cupric.int32)
                    if int(a[n - 1]) != seed:
                        errors.append("bad value")
                    del a
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert pool.used_bytes() == 0
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_gpu_memory_limit_env_in_subprocess():
    import os
    import subprocess
    import sys
    code = ("import cupric, cupric.cuda as c; p = cupric.get_default_memory_pool(); "
            "print(p.get_limit(), c.Device().mem_info[1])")
    env = dict(os.environ, CUPRIC_GPU_MEMORY_LIMIT="1073741824")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[0] == "1073741824"
    env["CUPRIC_GPU_MEMORY_LIMIT"] = "50%"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    limit, total = map(int, out.stdout.split())
    assert limit == total // 2
    env["CUPRIC_GPU_MEMORY_LIMIT"] = "lots"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0 and "CUPRIC_GPU_MEMORY_LIMIT" in out.stderr


@pytest.mark.gpu
def test_v4_pool_gpu_oom_then_usable(pool):
    # A request larger than the device raises OutOfMemoryError naming the size; the pool works after.
    free, total = cuda.Device().mem_info
    with pytest.raises(cuda.OutOfMemoryError) as info:
        cupric.empty(total * 2, dtype=cupric.uint8)
    assert str(total * 2) in str(info.value)
    a = cupric.ones(1000, dtype=cupric.float32)
    assert float(a[999]) == 1.0


@pytest.mark.gpu
def test_v4_pool_gpu_pinned_memory_is_page_locked():
    from cupric._core import _runtime
    m = cuda.alloc_pinned_memory(1 << 20)
    assert _runtime.is_pinned(m.ptr)
