"""The engine's kernels launched through the driver (Note [Driver launches] in
src/runtime/cuda/cuda_launch.cuh): a kernel's first launch in a process, in a thread that has made no
CUDA call yet, and inside a stream capture; the same results as NumPy everywhere. The `gpu` tests
need the CUDA backend; on the host backend the same statements check the host loops."""
import os
import subprocess
import sys
import threading

import numpy
import pytest

import cupric


def test_kernels_in_new_threads_match_numpy():
    # Each thread's first kernel launch finds no context current on that thread (CUDA backend):
    # the launch path makes the device's primary context current, as the runtime's launch does.
    x = numpy.linspace(-2, 2, 1001, dtype=numpy.float32)
    errors, results = [], {}

    def work(k):
        try:
            a = cupric.asarray(x)
            r = (cupric.sin(a) * k + a).sum(axis=0)
            t = cupric.ascontiguousarray(cupric.asarray(x[:1000].reshape(40, 25)).T)
            results[k] = (float(r), t.get())
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(1, 5)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    for k in range(1, 5):
        want = float((numpy.sin(x) * numpy.float32(k) + x).sum(axis=0, dtype=numpy.float32))
        assert results[k][0] == pytest.approx(want, rel=1e-5, abs=1e-4)
        numpy.testing.assert_array_equal(results[k][1], x[:1000].reshape(40, 25).T)


_FIRST_LAUNCH_IN_CAPTURE = r"""
import numpy, cupric, cupric.cuda as cuda
s = cuda.Stream(non_blocking=True)
a = cupric.asarray(numpy.arange(1000, dtype=numpy.float64))
b = cupric.empty(1000, dtype=numpy.float64)
cuda.Device().synchronize()
with s:
    s.begin_capture()
    # the first launch of these kernels in this process happens while the stream captures
    cupric.cbrt(a, out=b)
    b *= 2
    total = b.sum()
    g = s.end_capture()
g.launch(stream=s)
s.synchronize()
want = numpy.cbrt(numpy.arange(1000.0)) * 2
numpy.testing.assert_allclose(b.get(), want, rtol=1e-12)
numpy.testing.assert_allclose(float(total), want.sum(), rtol=1e-12)
print("OK")
"""


@pytest.mark.gpu
def test_gpu_first_launch_of_a_kernel_inside_a_capture():
    env = dict(os.environ, CUPRIC_BACKEND="cuda")
    r = subprocess.run([sys.executable, "-c", _FIRST_LAUNCH_IN_CAPTURE], capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip().endswith("OK")


@pytest.mark.gpu
def test_gpu_launches_follow_the_current_stream_kinds():
    # Legacy default, per-thread default, blocking and non-blocking streams: the driver's launch
    # takes the same handles (null, 2, created streams).
    x = numpy.arange(4096, dtype=numpy.float32)
    a = cupric.asarray(x)
    for s in (cupric.cuda.Stream.null, cupric.cuda.Stream.ptds, cupric.cuda.Stream(),
              cupric.cuda.Stream(non_blocking=True)):
        with s:
            r = (a * 2 + 1).sum()
            m = (a.reshape(64, 64).T + a.reshape(64, 64)).copy()
        s.synchronize()
        assert float(r) == float((x * 2 + 1).sum(dtype=numpy.float32))
        numpy.testing.assert_array_equal(m.get(), x.reshape(64, 64).T + x.reshape(64, 64))


@pytest.mark.gpu
def test_gpu_launches_on_two_devices_in_turn():
    # Each kernel keeps one function handle per context: the same kernels alternate between the
    # devices' contexts, in this thread and in a new one (needs 2 GPUs).
    from cupric.cuda import runtime
    if runtime.getDeviceCount() < 2:
        pytest.skip("needs 2 GPUs")
    x = numpy.linspace(-3, 3, 4097, dtype=numpy.float64)
    want = float((numpy.sin(x) * 2 + x).sum())
    errors = []

    def work():
        try:
            for _ in range(3):
                for d in (0, 1):
                    with cupric.cuda.Device(d):
                        a = cupric.asarray(x)
                        r = (cupric.sin(a) * 2 + a).sum()
                        m = cupric.ascontiguousarray(a[:4096].reshape(64, 64).T)
                        assert a._device_id == d and r._device_id == d
                        assert float(r) == pytest.approx(want, rel=1e-12, abs=1e-9)
                        numpy.testing.assert_array_equal(m.get(), x[:4096].reshape(64, 64).T)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    work()
    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert not errors, errors
