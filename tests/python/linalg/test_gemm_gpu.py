"""cuBLAS-specific behaviour (Note [CUDA libraries] in src/runtime/cuda/libs/cublas.cpp): TF32,
one handle per (device, thread), binding to the current stream, GEMM inside a CUDA graph capture,
lazy loading. The threaded and stream tests also run on the host backend (same results)."""
import os
import subprocess
import sys
import threading

import numpy
import pytest

import cupric
from cupric import testing


def _run(code, **env):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180,
                       env=dict(os.environ, **env))
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout.strip()


def test_matmul_in_many_threads_matches_numpy():
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal((8, 64, 32)).astype(numpy.float32)
    b = rng.standard_normal((8, 32, 16)).astype(numpy.float32)
    results, errors = {}, []

    def work(k):
        try:
            for _ in range(3):
                results[k] = (cupric.asarray(a * k) @ cupric.asarray(b)).get()
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    ts = [threading.Thread(target=work, args=(k,)) for k in range(1, 6)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors, errors
    for k in range(1, 6):
        numpy.testing.assert_allclose(results[k], (a * k) @ b, rtol=1e-4, atol=1e-4)


def test_matmul_on_a_user_stream():
    rng = numpy.random.default_rng(1)
    a = rng.standard_normal((128, 96))
    b = rng.standard_normal((96, 64))
    ca, cb = cupric.asarray(a), cupric.asarray(b)
    s1, s2 = cupric.cuda.Stream(non_blocking=True), cupric.cuda.Stream(non_blocking=True)
    with s1:
        r1 = ca @ cb
    with s2:
        r2 = cb.T @ ca.T
    s1.synchronize()
    s2.synchronize()
    testing.assert_matches_numpy(r1, a @ b, rtol=1e-12)
    testing.assert_matches_numpy(r2, b.T @ a.T, rtol=1e-12)
    testing.assert_matches_numpy(ca @ cb, a @ b, rtol=1e-12)  # back on the default stream


_TF32_DATA = r"""
import numpy, cupric, cupricx
rng = numpy.random.default_rng(0)
a = rng.standard_normal((512, 512)).astype(numpy.float32)
b = rng.standard_normal((512, 512)).astype(numpy.float32)
want = a.astype(numpy.float64) @ b.astype(numpy.float64)
ca, cb = cupric.asarray(a), cupric.asarray(b)
"""
_TF32 = _TF32_DATA + r"""
exact = numpy.abs((ca @ cb).get() - want).max()
cupric._core.linalg.set_tf32_allowed(True)
tf32 = numpy.abs((ca @ cb).get() - want).max()
print(exact, tf32)
"""


@pytest.mark.gpu
def test_gpu_tf32_is_off_by_default_and_can_be_switched_on():
    exact, tf32 = map(float, _run(_TF32, CUPRIC_BACKEND="cuda", CUPRIC_TF32="0").split())
    assert exact < 1e-3  # float32 accumulation of float32 products
    assert tf32 > 10 * exact  # TF32's 10-bit mantissa inputs are visibly coarser


_TF32_PUBLIC = _TF32_DATA + r"""
err = lambda: numpy.abs((ca @ cb).get() - want).max()
exact = err()
with cupricx.allow_tf32():
    tf32 = err()
after = err()
cupricx.set_tf32_allowed(True)
tf32_set = err()
print(exact, tf32, after, tf32_set)
"""


@pytest.mark.gpu
def test_gpu_public_tf32_setting_switches_the_compute_type():
    exact, tf32, after, tf32_set = map(float, _run(_TF32_PUBLIC, CUPRIC_BACKEND="cuda", CUPRIC_TF32="0").split())
    assert exact < 1e-3
    assert tf32 > 10 * exact and tf32_set > 10 * exact
    assert after < 1e-3 and 10 * after < tf32  # the context manager restored float32's own compute type


@pytest.mark.gpu
def test_gpu_tf32_from_environment():
    _, tf32 = map(float, _run(_TF32, CUPRIC_BACKEND="cuda", CUPRIC_TF32="1").split())
    exact = float(_run(_TF32.replace("print(exact, tf32)", "print(exact)"), CUPRIC_BACKEND="cuda",
                       CUPRIC_TF32="0").split()[0])
    assert tf32 > 10 * exact


_CAPTURE = r"""
import numpy, cupric, cupric.cuda as cuda
rng = numpy.random.default_rng(0)
a = rng.standard_normal((256, 128)); b = rng.standard_normal((128, 64))
ca, cb = cupric.asarray(a), cupric.asarray(b)
out = cupric.empty((256, 64))
s = cuda.Stream(non_blocking=True)
cuda.Device().synchronize()
with s:
    s.begin_capture()
    cupric.matmul(ca, cb, out=out)   # the first cuBLAS call of the process (handle, workspace)
    small = ca[:8, :8] @ cb[:8, :8]  # the tiny-product loop
    g = s.end_capture()
out.fill(0)
g.launch(stream=s)
s.synchronize()
numpy.testing.assert_allclose(out.get(), a @ b, rtol=1e-12)
numpy.testing.assert_allclose(small.get(), a[:8, :8] @ b[:8, :8], rtol=1e-12)
print("OK")
"""


@pytest.mark.gpu
def test_gpu_matmul_inside_a_graph_capture():
    assert _run(_CAPTURE, CUPRIC_BACKEND="cuda").endswith("OK")


@pytest.mark.gpu
def test_gpu_cublas_loads_at_first_blas_sized_product_only():
    # A tiny product runs cupric's own loop (Note [Tiny GEMMs]); a 128^2 one loads cuBLAS.
    code = ("import cupric; m = lambda: 'libcublas' in open('/proc/self/maps').read(); before = m(); "
            "a = cupric.ones((4, 4)); (a @ a).get(); tiny = m(); "
            "b = cupric.ones((128, 128)); (b @ b).get(); print(before, tiny, m())")
    assert _run(code, CUPRIC_BACKEND="cuda") == "False False True"


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_gpu_half_gemm_accumulates_in_float32(dtype):
    if dtype == "bfloat16":
        dtype = pytest.importorskip("ml_dtypes").bfloat16
    rng = numpy.random.default_rng(2)
    a = rng.random((16, 4096)).astype(numpy.float32)
    b = rng.random((4096, 8)).astype(numpy.float32)
    got = (cupric.asarray(a.astype(dtype)) @ cupric.asarray(b.astype(dtype))).get().astype(numpy.float32)
    want = a.astype(dtype).astype(numpy.float32) @ b.astype(dtype).astype(numpy.float32)
    # float16 accumulation over 4096 terms of ~0.25 would be off by whole units; float32 is not.
    numpy.testing.assert_allclose(got, want, rtol=1e-2)
