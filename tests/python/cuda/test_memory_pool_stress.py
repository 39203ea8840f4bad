"""The memory pool under stress: 8 threads with their own streams (soak), and out-of-memory errors
after which the pool stays usable."""
import gc
import threading
import time

import numpy
import pytest

import cupric
import cupric.cuda as cuda


# ---- soak and OOM ----------------------------------------------------------------------------------

def _soak(pool, seconds, n_threads=8, max_elems=50000):
    """n_threads threads, each on its own stream, allocate, fill, copy, check and free arrays for
    `seconds`; the pool's accounting stays exact and nothing crashes."""
    errors = []
    counts = [0] * n_threads
    used0 = pool.used_bytes()  # arrays other tests of this process keep alive
    stop = time.monotonic() + seconds

    def work(k):
        rng = numpy.random.default_rng(k)
        s = cuda.Stream(non_blocking=bool(k % 2))
        keep = []
        try:
            with s:
                # Past `stop`, a thread the others starved of the GIL still gets its first
                # rounds in (up to a hard deadline), so every thread is exercised.
                while time.monotonic() < stop or (counts[k] < 3 and time.monotonic() < stop + 60):
                    n = int(rng.integers(1, max_elems))
                    a = cupric.full(n, k, dtype=cupric.int32)
                    b = a.copy()
                    b += 1
                    h = numpy.empty(n, numpy.int32)
                    b.data.copy_to_host_async(h.ctypes.data, 4 * n, stream=s)
                    s.synchronize()
                    if h[0] != k + 1 or h[-1] != k + 1:
                        errors.append(f"thread {k}: bad values")
                        return
                    keep.append(b)
                    if len(keep) > 4:
                        keep.pop(int(rng.integers(0, len(keep))))
                    del a
                    counts[k] += 1
            keep.clear()
            s.synchronize()
        except Exception as e:  # noqa: BLE001
            errors.append(f"thread {k}: {e!r}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
    for t in threads:
        t.start()
    while any(t.is_alive() for t in threads):
        time.sleep(0.05)
        assert pool._pool().check_consistency() == ""  # checked while the threads run
    for t in threads:
        t.join()
    assert errors == []
    assert min(counts) > 0
    gc.collect()
    assert pool.used_bytes() == used0
    assert pool._pool().check_consistency() == ""
    pool.free_all_blocks()
    if used0 == 0:
        assert pool.total_bytes() == 0
    return sum(counts)


def test_pool_soak_8_threads_own_streams_short(pool):
    assert _soak(pool, 3.0) > 8


@pytest.mark.gpu
@pytest.mark.slow
def test_gpu_pool_soak_8_threads_own_streams_20s(pool):
    assert _soak(pool, 20.0, max_elems=1 << 20) > 80


def test_pool_oom_error_then_usable(pool):
    pool.set_limit(size=1 << 20)
    keep = cupric.empty(1 << 18, dtype=cupric.uint8)  # 256 KiB in use
    with pytest.raises(cuda.OutOfMemoryError) as info:
        cupric.empty(2 << 20, dtype=cupric.uint8)
    e = info.value
    assert isinstance(e, MemoryError)
    msg = str(e)
    assert str(2 << 20) in msg  # the size asked for
    assert str(pool.total_bytes()) in msg and str(pool.used_bytes()) in msg  # the pool's bytes
    assert "limit" in msg
    assert pool.used_bytes() == 1 << 18  # the failed request changed nothing
    assert pool._pool().check_consistency() == ""
    a = cupric.full(1000, 5, dtype=cupric.int64)  # usable afterwards
    assert int(a.sum()) == 5000
    del a, keep
    pool.set_limit(size=0)
    big = cupric.empty(4 << 20, dtype=cupric.uint8)
    assert pool.used_bytes() == 4 << 20
    del big


@pytest.mark.gpu
def test_gpu_pool_oom_then_usable(pool):
    """Real device memory, without exhausting the GPU (other test processes share it): a limit
    refuses the third GiB; a request beyond the device fails in cudaMalloc; both raise
    OutOfMemoryError with the size and the pool's bytes, and the pool works afterwards."""
    gib = 1 << 30
    pool.set_limit(size=2 * gib)
    a = cupric.empty(gib + gib // 2, dtype=cupric.uint8)
    with pytest.raises(cuda.OutOfMemoryError) as info:
        cupric.empty(gib, dtype=cupric.uint8)
    assert str(gib) in str(info.value) and str(pool.total_bytes()) in str(info.value)
    assert pool._pool().check_consistency() == ""
    pool.set_limit(size=0)
    total = cuda.Device().mem_info[1]
    with pytest.raises(cuda.OutOfMemoryError) as info:
        cupric.empty(total * 2, dtype=cupric.uint8)
    assert str(total * 2) in str(info.value)
    assert isinstance(info.value, MemoryError)
    b = cupric.ones(1 << 28, dtype=cupric.float32)  # 1 GiB works
    assert float(b[-1]) == 1.0
    del a, b
    gc.collect()
    assert pool._pool().check_consistency() == ""
