"""cupric.cuda, rest of issue 3: per-thread using_allocator, the per-thread default stream
(CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM), __cuda_stream__, launch_host_func, interprocess
events, NVTX, NCCL (V8-AVAILABLE, V9-IMPORT, V14-NCCL-ID), and the soak and OOM tests of the pool."""
import gc
import os
import subprocess
import sys
import threading
import time

import numpy
import pytest

import cupric
import cupric.cuda as cuda


@pytest.fixture
def pool():
    p = cupric.get_default_memory_pool()
    gc.collect()
    p.free_all_blocks()
    yield p
    p.set_limit(size=0)
    cuda.set_allocator(p.malloc)


# ---- using_allocator is per thread (as CuPy's) ---------------------------------------------------

def test_using_allocator_is_per_thread(pool):
    inside = threading.Event()
    release = threading.Event()
    seen = {}

    def other():
        inside.wait(5)
        seen["alloc"] = cuda.get_allocator()
        a = cupric.empty(100, dtype=cupric.float32)  # the default pool, not None
        seen["used"] = pool.used_bytes()
        del a
        release.set()

    t = threading.Thread(target=other)
    t.start()
    with cuda.using_allocator(None):
        assert cuda.get_allocator() is None
        b = cupric.empty(100, dtype=cupric.float32)  # not pooled on this thread
        inside.set()
        assert release.wait(5)
        assert pool.used_bytes() == 0
    t.join()
    assert seen["used"] == 512
    assert seen["alloc"] == pool.malloc
    assert cuda.get_allocator() == pool.malloc
    del b


def test_using_allocator_nests_and_restores():
    mine = cuda.MemoryPool()
    with cuda.using_allocator(mine.malloc):
        a = cupric.empty(10, dtype=cupric.int8)
        with cuda.using_allocator(None):
            b = cupric.empty(10, dtype=cupric.int8)
            assert cuda.get_allocator() is None
        assert cuda.get_allocator() == mine.malloc
        c = cupric.empty(10, dtype=cupric.int8)
    assert mine.used_bytes() == 1024
    assert isinstance(b.data.mem, cuda.Memory)
    del a, b, c
    assert mine.used_bytes() == 0


def test_set_allocator_inside_using_allocator_raises(pool):
    with cuda.using_allocator(None):
        with pytest.raises(ValueError, match="using_allocator"):
            cuda.set_allocator(None)
    assert cuda.get_allocator() == pool.malloc


def test_using_allocator_restores_after_an_exception(pool):
    with pytest.raises(KeyError):
        with cuda.using_allocator(None):
            raise KeyError
    a = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() == 512
    del a


# ---- the per-thread default stream ---------------------------------------------------------------

_PTDS_CODE = """
import threading, cupric, cupric.cuda as c
from cupric._core import _runtime as rt
s = c.get_current_stream()
print(s is c.Stream.ptds, s.ptr, rt.current_stream_ptr(0))
out = []
def work(i):
    a = cupric.full(1000, i, dtype=cupric.int32)
    out.append((int(a.sum()), c.get_current_stream().ptr))
ts = [threading.Thread(target=work, args=(i,)) for i in range(4)]
[t.start() for t in ts]; [t.join() for t in ts]
print(sorted(out) == [(1000 * i, 2) for i in range(4)])
with c.Stream() as t:
    print(c.get_current_stream() is t)
print(c.get_current_stream() is c.Stream.ptds, c.Stream.null.ptr)
p = cupric.get_default_memory_pool()
print(p.used_bytes(), p._pool().check_consistency() == "")
"""


def _run(code, **env):
    e = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=120)


def test_per_thread_default_stream_env():
    r = _run(_PTDS_CODE, CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM="1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:5] == ["True 2 2", "True", "True", "True 0", "0 True"]
    r = _run("import cupric.cuda as c; s = c.get_current_stream(); print(s is c.Stream.null, s.ptr)",
             CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM="0")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "True 0"


def test_stream_ptds_object_and_cuda_stream_protocol():
    p = cuda.Stream.ptds
    assert p.ptr == 2 and p.__cuda_stream__() == (0, 2)
    assert cuda.Stream(ptds=True) == p
    s = cuda.Stream(non_blocking=True)
    assert s.__cuda_stream__() == (0, s.ptr)
    e = cuda.ExternalStream(s.ptr)
    assert e.__cuda_stream__() == (0, s.ptr)
    with pytest.raises(ValueError):
        cuda.Stream(null=True, ptds=True)
    with p:
        a = cupric.full(10, 2, dtype=cupric.int32)
        assert cuda.get_current_stream() is p
    assert int(a.sum()) == 20


def test_launch_host_func_order_and_errors_do_not_crash(monkeypatch):
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: reported.append(u.exc_value))
    s = cuda.Stream()
    order = []
    done = threading.Event()
    with s:
        a = cupric.zeros(1000, dtype=cupric.float32)
        a += 1
    s.launch_host_func(lambda arg: order.append(arg), "first")
    s.launch_host_func(lambda arg: (order.append(arg), done.set()), "second")

    def bad(arg):
        raise RuntimeError("callback failure is reported, not fatal")

    s.launch_host_func(bad, None)
    s.synchronize()
    assert done.wait(5)
    assert order == ["first", "second"]
    assert float(a[999]) == 1.0
    deadline = time.monotonic() + 5
    while not reported and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(reported) == 1 and "callback failure" in str(reported[0])


def test_event_interprocess_needs_disable_timing():
    with pytest.raises(ValueError, match="disable_timing"):
        cuda.Event(interprocess=True)
    e = cuda.Event(block=True, disable_timing=True, interprocess=True)
    e.record()
    e.synchronize()
    assert e.done


def test_v13_no_compile_with_cache():
    """V13-NO-COMPILE-WITH-CACHE: cupric.cuda.compile_with_cache does not exist."""
    assert not hasattr(cuda, "compile_with_cache")
    with pytest.raises(AttributeError):
        cuda.compile_with_cache  # noqa: B018


# ---- NVTX ------------------------------------------------------------------------------------------

def test_v8_available_nvtx_calls_work_or_are_no_ops():
    from cupric.cuda import nvtx
    assert isinstance(nvtx.available, bool)
    nvtx.Mark("cupric mark")
    nvtx.Mark("colored", id_color=3)
    nvtx.MarkC("argb", 0xFF00FF00)
    d = nvtx.RangePush("outer", id_color=1)
    d2 = nvtx.RangePushC("inner", 0xFF112233)
    assert isinstance(d, int) and isinstance(d2, int)
    if nvtx.available:
        assert nvtx.RangePop() >= 0 or True
    else:
        assert (d, d2) == (-1, -1)
        assert nvtx.RangePop() == -1
    nvtx.RangePop()
    with nvtx.range("ctx", id_color=2):
        with nvtx.range("ctx2", argb_color=0xFFFFFFFF):
            pass
    with pytest.raises(TypeError):
        nvtx.Mark(b"bytes")
    with pytest.raises(ValueError):
        nvtx.MarkC("x", -1)
    with pytest.raises(AttributeError):
        nvtx.no_such_name  # noqa: B018


# ---- NCCL ------------------------------------------------------------------------------------------

def test_v9_import_nccl_is_explicit_and_v8_available_is_a_bool():
    r = _run("import sys, cupric, cupric.cuda; print('cupric.cuda.nccl' in sys.modules)")
    assert r.returncode == 0 and r.stdout.strip() == "False"
    from cupric.cuda import nccl
    assert isinstance(nccl.available, bool)
    assert nccl.NCCL_FLOAT32 == 7 and nccl.NCCL_SUM == 0 and nccl.NCCL_AVG == 4


def test_nccl_missing_library_raises_a_clear_error():
    from cupric.cuda import nccl
    if nccl.available:
        pytest.skip("libnccl is installed here")
    for call in (nccl.get_unique_id, nccl.get_version, lambda: nccl.NcclCommunicator(1, b"\0" * 128, 0)):
        with pytest.raises(RuntimeError, match=r"libnccl\.so\.2"):
            call()


def test_v14_nccl_id_is_128_bytes():
    from cupric.cuda import nccl
    if not nccl.available:
        pytest.skip("libnccl is not installed")
    uid = nccl.get_unique_id()
    assert isinstance(uid, bytes) and len(uid) == 128
    assert uid != nccl.get_unique_id()
    assert nccl.get_version() > 2000
    with pytest.raises(ValueError):
        nccl.NcclCommunicator(1, uid[:10], 0)
    with pytest.raises(TypeError):
        nccl.NcclCommunicator(1, list(uid), 0)
    with pytest.raises(ValueError):
        nccl.NcclCommunicator(2, uid, 5)
    assert issubclass(nccl.NcclError, RuntimeError)
    if not cuda.is_available():
        with pytest.raises(nccl.NcclError, match="ncclCommInitRank"):  # no GPU: NCCL's own error
            nccl.NcclCommunicator(1, uid, 0)


@pytest.mark.gpu
def test_gpu_nccl_single_rank_collectives():
    from cupric.cuda import nccl
    if not nccl.available:
        pytest.skip("libnccl is not installed on this machine")
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    assert (comm.size(), comm.rank_id(), comm.device_id()) == (1, 0, cuda.Device().id)
    x = cupric.asarray(numpy.arange(100, dtype=numpy.float32))
    y = cupric.zeros(100, dtype=cupric.float32)
    s = cuda.Stream()
    comm.allReduce(x.data.ptr, y.data.ptr, 100, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, s.ptr)
    s.synchronize()
    numpy.testing.assert_array_equal(y.get(), numpy.arange(100, dtype=numpy.float32))
    z = cupric.zeros(100, dtype=cupric.float32)
    comm.broadcast(x, z, 100, nccl.NCCL_FLOAT32, 0, s)
    comm.allGather(x, y, 100, nccl.NCCL_FLOAT32, None)
    s.synchronize()
    cuda.Device().synchronize()
    numpy.testing.assert_array_equal(z.get(), x.get())
    comm.destroy()
    with pytest.raises(RuntimeError, match="destroyed"):
        comm.size()
    comms = nccl.NcclCommunicator.initAll(1)
    assert len(comms) == 1 and comms[0].size() == 1
    comms[0].destroy()


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


# ---- GPU checks of the behaviour IDs ----------------------------------------------------------------

@pytest.mark.gpu
def test_gpu_v14_available_true_and_cached():
    assert cuda.is_available() is True
    assert cuda.is_available() is True
    assert cupric.is_available() is True


@pytest.mark.gpu
def test_gpu_v10_stream_threads_one_stream_from_8_threads():
    """V10-STREAM-THREADS: one Stream used by 8 threads at once; the stream stays alive while
    current in a thread even after the creating thread drops it."""
    s = cuda.Stream(non_blocking=True)
    errors = []
    go = threading.Event()
    ready = threading.Event()

    def work(k):
        try:
            with s:
                a = cupric.full(1 << 16, k, dtype=cupric.int64)
                for _ in range(20):
                    a += 1
                s.synchronize()
                if int(a[123]) != k + 20:
                    errors.append(k)
        except Exception as e:  # noqa: BLE001
            errors.append(repr(e))

    ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert errors == []

    def holder():
        with cuda.Stream() as mine:
            ready.set()
            go.wait(5)
            x = cupric.ones(1000, dtype=cupric.float32)
            x += 1
            mine.synchronize()
            holder.result = float(x[0])

    t = threading.Thread(target=holder)
    t.start()
    ready.wait(5)
    gc.collect()  # nothing but the other thread references its stream
    go.set()
    t.join()
    assert holder.result == 2.0


@pytest.mark.gpu
def test_gpu_v13_asarray_from_pinned_is_async_and_blocking_waits():
    """V13-ASARRAY on the GPU: from pinned memory, blocking=False returns before the copy is
    done (the copy is on the current stream); blocking=True waits; a pageable source may be
    overwritten right after the call."""
    n = 1 << 26
    m = cuda.alloc_pinned_memory(n * 4)
    h = numpy.frombuffer(m, numpy.float32, n)
    h[:] = 3.0
    s = cuda.Stream(non_blocking=True)
    with s:
        d = cupric.asarray(h, blocking=True)
        assert s.done
        h2 = numpy.full(n, 4.0, numpy.float32)  # pageable
        d2 = cupric.asarray(h2)
        h2[:] = -1
        s.synchronize()
    assert float(d[n - 1]) == 3.0 and float(d2[n - 1]) == 4.0


@pytest.mark.gpu
def test_gpu_v12_device_with_restores_use():
    """V12-DEVICE: Device.use() inside a with block is undone on exit (the entry device comes back)."""
    n = cuda.runtime.getDeviceCount()
    entry = cuda.Device().id
    with cuda.Device(n - 1):
        cuda.Device(0).use()
        assert cuda.Device().id == 0
    assert cuda.Device().id == entry


@pytest.mark.gpu
def test_gpu_launch_host_func_runs_after_device_work():
    s = cuda.Stream(non_blocking=True)
    seen = []
    with s:
        a = cupric.zeros(1 << 24, dtype=cupric.float32)
        for _ in range(10):
            a += 1
    s.launch_host_func(lambda arg: seen.append(arg), 7)
    s.synchronize()
    deadline = time.monotonic() + 5
    while not seen and time.monotonic() < deadline:
        time.sleep(0.01)
    assert seen == [7]
    assert float(a[-1]) == 10.0
