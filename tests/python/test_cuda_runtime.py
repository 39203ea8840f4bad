"""cupric.cuda: availability, runtime queries, devices, streams and events (V4-STREAMS, V10-STREAM-*,
V12-DEVICE, V13-RUNTIME-VERSION, V14-AVAILABLE). On the host backend streams and events are
accepted and synchronous; GPU-only semantics are in the `gpu`-marked tests."""
import subprocess
import sys
import threading

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import runtime


def test_v14_available_is_a_cached_bool():
    """V14-AVAILABLE"""
    a = cuda.is_available()
    assert isinstance(a, bool)
    assert cuda.is_available() is a
    assert cupric.is_available() is a


def test_v14_available_never_raises_with_a_bad_environment():
    code = "import cupric; print(cupric.cuda.is_available())"
    env = {"CUDA_VISIBLE_DEVICES": "no-such-device", "PATH": "/usr/bin:/bin", "CUPRIC_BACKEND": "host"}
    import os
    env["PYTHONPATH"] = os.environ.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_v13_runtime_version_is_the_build_version():
    """V13-RUNTIME-VERSION"""
    v = runtime.runtimeGetVersion()
    assert isinstance(v, int)
    if cupric._core.is_cuda_built():
        assert v >= 12000
        assert isinstance(cuda.get_local_runtime_version(), int)
    else:
        assert v == 0
    assert isinstance(runtime.driverGetVersion(), int)


def test_cuda_runtime_error_carries_status_name_and_text():
    e = runtime.CUDARuntimeError(100)
    assert e.status == 100
    assert isinstance(e, RuntimeError)
    if cupric._core.is_cuda_built():
        assert str(e).startswith("cudaErrorNoDevice")
    if not cuda.is_available():
        with pytest.raises(runtime.CUDARuntimeError) as info:
            runtime.getDeviceProperties(0)
        assert info.value.status != 0
        assert str(info.value).startswith("cudaError")


def test_v12_device_with_restores_device_current_on_entry():
    """V12-DEVICE"""
    d0 = cuda.Device()
    assert d0.id == cuda.get_device_id()
    with cuda.Device(0) as d:
        assert d.id == 0
        assert cuda.Device().id == 0
    assert cuda.Device().id == d0.id
    assert cuda.Device(0) == cuda.Device(0)
    assert int(cuda.Device(0)) == 0
    assert repr(cuda.Device(0)) == "<CUDA Device 0>"


def test_device_bad_ids():
    with pytest.raises(ValueError):
        cuda.Device(-1)
    with pytest.raises(TypeError):
        cuda.Device("zero")
    n = cupric.cuda.device.Device().id
    with pytest.raises((ValueError, runtime.CUDARuntimeError)):
        with cuda.Device(1000):
            pass
    assert cuda.Device().id == n


def test_device_mem_info_and_synchronize():
    free, total = cuda.Device(0).mem_info
    assert 0 < free <= total
    cuda.Device(0).synchronize()


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


# ---- on the GPU -------------------------------------------------------------------------------

@pytest.mark.gpu
def test_gpu_runtime_queries():
    """V13-RUNTIME-VERSION on the GPU, with the device queries."""
    n = runtime.getDeviceCount()
    assert n >= 1
    props = runtime.getDeviceProperties(0)
    assert isinstance(props["name"], bytes) and props["totalGlobalMem"] > 0
    assert props["major"] >= 5
    d = cuda.Device(0)
    assert d.compute_capability == f"{props['major']}{props['minor']}"
    assert d.attributes["MultiProcessorCount"] == props["multiProcessorCount"]
    assert runtime.driverGetVersion() >= 12000
    assert runtime.runtimeGetVersion() >= 12000
    assert cuda.get_local_runtime_version() >= 12000
    assert d.pci_bus_id.count(":") >= 1


@pytest.mark.gpu
def test_gpu_v12_device_restores_device_set_by_cudaSetDevice():
    """V12-DEVICE"""
    runtime.setDevice(0)
    with cuda.Device(0):
        runtime.setDevice(0)
    assert runtime.getDevice() == 0


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
