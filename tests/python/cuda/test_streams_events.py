"""cupric.cuda streams and events (V4-STREAMS, V10-STREAM-*): current streams per thread and per
device, null/ptds/external streams, the per-thread default stream
(CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM, __cuda_stream__), launch_host_func, events (timing, flags,
interprocess). On the host backend streams and events are accepted and synchronous; GPU-only
semantics are in the `gpu`-marked tests."""
import gc
import sys
import threading
import time

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import runtime
from processes import run_python


def test_v4_streams_with_block_makes_the_stream_current():
    """V4-STREAMS"""
    s = cuda.Stream()
    assert cuda.get_current_stream() == cuda.Stream.null
    with s as entered:
        assert entered is s
        assert cuda.get_current_stream() is s
        a = cupric.full(10, 3.0)
    assert cuda.get_current_stream() is cuda.Stream.null
    s.synchronize()
    assert s.done
    numpy.testing.assert_array_equal(a.get(), numpy.full(10, 3.0))


def test_v10_stream_use_is_not_restored_by_an_enclosing_with():
    """V10-STREAM-USE"""
    s1, s2, s3 = cuda.Stream(), cuda.Stream(), cuda.Stream()
    with s1:
        s2.use()
        assert cuda.get_current_stream() is s2
        with s3:
            assert cuda.get_current_stream() is s3
        assert cuda.get_current_stream() is s1
    assert cuda.get_current_stream() is cuda.Stream.null


def test_v10_stream_use_outside_with_stays():
    """V10-STREAM-USE"""
    s = cuda.Stream()
    try:
        assert s.use() is s
        assert cuda.get_current_stream() is s
    finally:
        cuda.Stream.null.use()
    assert cuda.get_current_stream() is cuda.Stream.null


def test_v10_stream_current_is_per_thread():
    """V10-STREAM-PER-DEVICE (per thread and per device)"""
    s = cuda.Stream()
    seen = {}

    def other():
        seen["other"] = cuda.get_current_stream()
        with s:
            seen["inside"] = cuda.get_current_stream()

    with s:
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert cuda.get_current_stream() is s
    assert seen["other"] is cuda.Stream.null
    assert seen["inside"] is s


def test_v10_stream_threads_one_stream_shared_and_kept_alive():
    """V10-STREAM-THREADS"""
    results = []

    def work(stream):
        with stream:
            a = cupric.full(100, 2.0)
            results.append(float(a.get().sum()))

    s = cuda.Stream()
    threads = [threading.Thread(target=work, args=(s,)) for _ in range(4)]
    del s
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [200.0] * 4


def test_stream_null_and_ptds():
    assert cuda.Stream.null.ptr == 0
    assert cuda.Stream.null.device_id == -1
    assert cuda.Stream.ptds.ptr == 2
    assert cuda.Stream(null=True) == cuda.Stream.null
    assert cuda.Stream.null is cuda.Stream.null
    with pytest.raises(ValueError):
        cuda.Stream(null=True, ptds=True)
    with pytest.raises(ValueError):
        cuda.Stream(null=True, non_blocking=True)
    assert cuda.Stream.null.__cuda_stream__() == (0, 0)
    s = cuda.Stream(non_blocking=True, priority=0)
    assert s.__cuda_stream__() == (0, s.ptr)
    assert s.ptr not in (0, 1, 2)
    assert s != cuda.Stream()


def test_external_stream_is_borrowed():
    s = cuda.Stream()
    e = cuda.ExternalStream(s.ptr, s.device_id)
    assert e.ptr == s.ptr
    with e:
        assert cuda.get_current_stream() is e
        cupric.zeros(4)
    e.synchronize()


def test_v4_streams_events_record_synchronize_elapsed():
    s = cuda.Stream()
    start = cuda.Event()
    start.record(s)
    a = cupric.zeros(1000)
    end = s.record()
    assert isinstance(end, cuda.Event)
    end.synchronize()
    assert end.done and start.done
    t = cuda.get_elapsed_time(start, end)
    assert isinstance(t, float) and t >= 0.0
    s.wait_event(end)
    del a


def test_event_flags_and_errors():
    cuda.Event(block=True)
    e = cuda.Event(disable_timing=True)
    e.record()
    with pytest.raises(ValueError):
        cuda.Event(interprocess=True)
    cuda.Event(disable_timing=True, interprocess=True)
    f = cuda.Event()
    f.record()
    with pytest.raises(runtime.CUDARuntimeError):
        cuda.get_elapsed_time(e, f)
    with pytest.raises(TypeError):
        cuda.get_elapsed_time(e, 1)
    with pytest.raises(TypeError):
        e.record(stream=5)
    with pytest.raises(TypeError):
        cuda.Stream().wait_event("event")


def test_launch_host_func_runs_after_the_work():
    s = cuda.Stream()
    called = threading.Event()
    got = []

    def cb(arg):
        got.append(arg)
        called.set()

    s.launch_host_func(cb, 42)
    s.synchronize()
    assert called.wait(5)
    assert got == [42]
    with pytest.raises(TypeError):
        s.launch_host_func(3, None)


def test_stream_destroyed_with_pooled_blocks_is_safe():
    pool = cupric.get_default_memory_pool()
    s = cuda.Stream()
    with s:
        a = cupric.empty(100, dtype=cupric.float32)
    del s  # a's block goes to the null stream's free list when freed
    del a
    b = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() >= 512
    del b


@pytest.mark.gpu
def test_gpu_stream_async_and_done():
    s = cuda.Stream(non_blocking=True)
    with s:
        a = cupric.zeros(1 << 26, dtype=cupric.float32)
        e = s.record()
    e.synchronize()
    assert e.done and s.done
    assert float(a[-1]) == 0.0


@pytest.mark.gpu
def test_gpu_engine_enqueues_on_the_current_stream():
    s = cuda.Stream()
    with s:
        a = cupric.full(1 << 20, 7, dtype=cupric.int32)
        h = a.get(stream=s)
    assert h[-1] == 7


@pytest.mark.gpu
def test_gpu_event_timing_measures_device_work():
    s = cuda.Stream()
    start, end = cuda.Event(), cuda.Event()
    with s:
        start.record()
        a = cupric.zeros(1 << 27, dtype=cupric.float32)
        for _ in range(5):
            a.fill(1.0)
        end.record()
    end.synchronize()
    assert cuda.get_elapsed_time(start, end) > 0.0


@pytest.mark.gpu
def test_gpu_v10_stream_per_device():
    """V10-STREAM-PER-DEVICE (needs 2 GPUs)"""
    if runtime.getDeviceCount() < 2:
        pytest.skip("needs 2 GPUs")
    with cuda.Device(0):
        s0 = cuda.Stream()
    with cuda.Device(1):
        with s0:
            assert cuda.get_current_stream(0) is s0
            assert cuda.get_current_stream() is cuda.Stream.null
            a = cupric.arange(10) if hasattr(cupric, "arange") else cupric.zeros(10)
            assert a._device_id == 1


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


def test_per_thread_default_stream_env():
    r = run_python(_PTDS_CODE, CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM="1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:5] == ["True 2 2", "True", "True", "True 0", "0 True"]
    r = run_python("import cupric.cuda as c; s = c.get_current_stream(); print(s is c.Stream.null, s.ptr)",
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
