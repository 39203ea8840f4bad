"""cuFFT-specific behaviour (Note [cuFFT plans] in src/runtime/cuda/libs/cufft.cpp): lazy loading,
the plan cache holding cuFFT plans with their pool work areas (V14-FFT-CONFIG), binding to the
current stream, transforms inside a CUDA graph capture, C2R inputs left intact. The numerical
tests of test_fft_api.py and test_fft_accuracy.py run on cuFFT when the suite runs on the GPU."""
import os
import subprocess
import sys

import numpy
import pytest

import cupric as cp
from cupric import testing


def _run(code, **env):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180,
                       env=dict(os.environ, **env))
    assert r.returncode == 0, r.stderr[-3000:]
    return r.stdout.strip()


@pytest.mark.gpu
def test_gpu_cufft_loads_at_first_transform_only():
    code = ("import cupric; m = lambda: 'libcufft' in open('/proc/self/maps').read(); before = m(); "
            "import cupric.fft; a = cupric.ones(64, dtype='complex64'); after_import = m(); "
            "cupric.fft.fft(a).get(); print(before, after_import, m())")
    assert _run(code, CUPRIC_BACKEND="cuda") == "False False True"


@pytest.mark.gpu
def test_gpu_v14_fft_config_cache_holds_cufft_plans():
    code = r"""
import cupric, cupric.fft as f
c = f.config.get_plan_cache(); c.clear()
a = cupric.ones((8, 1 << 16), dtype='complex64')
f.fft(a); f.fft(a); f.ifft(a)
keys = c.keys()
assert c.get_curr_size() == 1 and keys[0].startswith('cufft'), keys
f.rfft(a.real)
assert c.get_curr_size() == 2
c.set_memsize(0)
assert c.get_curr_size() == 0 or c.get_curr_memsize() == 0
print("OK")
"""
    assert _run(code, CUPRIC_BACKEND="cuda").endswith("OK")


_CAPTURE = r"""
import numpy, cupric, cupric.cuda as cuda
x = numpy.random.default_rng(0).standard_normal((16, 1024)) + 0j
cx = cupric.asarray(x)
s = cuda.Stream(non_blocking=True)
cuda.Device().synchronize()
with s:
    s.begin_capture()
    y = cupric.fft.fft(cx)          # the first cuFFT call of the process: library, plan, work area
    z = cupric.fft.irfft(y[:, :513], 1024, norm='ortho')
    g = s.end_capture()
g.launch(stream=s)
s.synchronize()
numpy.testing.assert_allclose(y.get(), numpy.fft.fft(x), rtol=1e-10, atol=1e-9)
numpy.testing.assert_allclose(z.get(), numpy.fft.irfft(numpy.fft.fft(x)[:, :513], 1024, norm='ortho'),
                              rtol=1e-10, atol=1e-9)
print("OK")
"""


@pytest.mark.gpu
def test_gpu_fft_inside_a_graph_capture():
    assert _run(_CAPTURE, CUPRIC_BACKEND="cuda").endswith("OK")


@pytest.mark.gpu
def test_gpu_fft_on_user_streams():
    rng = numpy.random.default_rng(1)
    x = rng.standard_normal((64, 4096)).astype(numpy.complex64)
    cx = cp.asarray(x)
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream(non_blocking=True)
    with s1:
        r1 = cp.fft.fft(cx)
    with s2:
        r2 = cp.fft.fft(cx)  # the same cached plan, bound to another stream
    s1.synchronize()
    s2.synchronize()
    want = numpy.fft.fft(x)
    testing.assert_matches_numpy(r1, want, rtol=1e-4, atol=1e-3)
    testing.assert_matches_numpy(r2, want, rtol=1e-4, atol=1e-3)


@pytest.mark.gpu
def test_gpu_c2r_leaves_its_input_intact():
    x = numpy.random.default_rng(2).standard_normal((4, 33)) + 1j
    cx = cp.asarray(x)
    cp.fft.irfft(cx)
    cp.fft.irfftn(cx, axes=(0, 1))
    cp.fft.hfft(cx)
    testing.assert_matches_numpy(cx, x)


@pytest.mark.gpu
@pytest.mark.parametrize("n", [1 << 20, 3 ** 12, 1000003])
def test_gpu_large_transforms(n):
    x = numpy.random.default_rng(n).standard_normal(n) + 0j
    got = cp.fft.fft(cp.asarray(x)).get()
    want = numpy.fft.fft(x)
    assert numpy.abs(got - want).max() / numpy.abs(want).max() < 1e-12


@pytest.mark.gpu
def test_gpu_show_config_lists_cufft():
    out = _run("import cupric, cupric.fft; cupric.fft.fft(cupric.ones(8)); cupric.show_config()",
               CUPRIC_BACKEND="cuda")
    assert "cufft" in out.lower()
