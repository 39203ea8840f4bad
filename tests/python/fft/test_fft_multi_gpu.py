"""Multi-GPU 1-D FFTs (CuPy's cupy.fft.config.use_multi_gpus / set_cufft_gpus; Note [Multi-GPU FFT]
in src/runtime/cuda/libs/cufft.cpp) against numpy.fft, and the setting's plumbing: per thread,
handed to C++ only while both use_multi_gpus and set_cufft_gpus are set, host arrays unaffected."""
import os
import subprocess
import sys
import threading

import numpy
import pytest

import cupric as cp
from cupric import _core
from cupric.fft import config


@pytest.fixture
def multi_gpu_off():
    yield
    config.use_multi_gpus = False
    config._devices.set(None)
    config._push_multi_gpus()


def test_multi_gpu_setting_reaches_cpp_only_when_complete(multi_gpu_off):
    assert _core.fft.multi_gpus() == []
    config.use_multi_gpus = True
    assert _core.fft.multi_gpus() == []  # no GPUs chosen: one-GPU transforms, as CuPy
    config.set_cufft_gpus([1, 0])
    assert _core.fft.multi_gpus() == [1, 0]
    seen = []
    t = threading.Thread(target=lambda: seen.append(_core.fft.multi_gpus()))
    t.start()
    t.join()
    assert seen == [[]]  # a new thread starts off, as the context variables
    config.use_multi_gpus = False
    assert _core.fft.multi_gpus() == []


def test_multi_gpu_setting_errors(multi_gpu_off):
    for bad, match in (([0], "at least 2"), ([2, 2], "Duplicate"), ([0, -1], ">= 0")):
        with pytest.raises(ValueError, match=match):
            config.set_cufft_gpus(bad)
        with pytest.raises(ValueError, match=match):
            _core.fft.set_multi_gpus(bad)
    assert _core.fft.multi_gpus() == []


@pytest.mark.skipif(_core.backend_name() != "host", reason="host-backend behaviour")
def test_multi_gpu_setting_leaves_host_transforms_alone(multi_gpu_off):
    config.use_multi_gpus = True
    config.set_cufft_gpus(2)
    x = numpy.random.default_rng(0).standard_normal(64)
    numpy.testing.assert_allclose(cp.asnumpy(cp.fft.fft(cp.asarray(x))), numpy.fft.fft(x), atol=1e-12)
    numpy.testing.assert_allclose(cp.asnumpy(cp.fft.rfft(cp.asarray(x))), numpy.fft.rfft(x), atol=1e-12)


# The GPU run: a subprocess on the CUDA backend (one per test keeps a failure's state local).
_GPU_CODE = r"""
import numpy, cupric as cp
from cupric.fft import config
from cupric.cuda import runtime
ndev = runtime.getDeviceCount()
if ndev < 2:
    print("SKIP only", ndev, "GPU")
    raise SystemExit(0)
config.use_multi_gpus = True
config.set_cufft_gpus(2)
rng = numpy.random.default_rng(0)
for dtype, tol in ((numpy.complex64, 2e-5), (numpy.complex128, 1e-12)):
    for shape in ((1 << 20,), (4, 1 << 16), (2, 4096), (1 << 12,)):
        x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
        for f, nf in ((cp.fft.fft, numpy.fft.fft), (cp.fft.ifft, numpy.fft.ifft)):
            for norm in (None, "ortho", "forward"):
                got = f(cp.asarray(x), norm=norm)
                assert got.dtype == dtype and got.device.id == 0, (got.dtype, got.device)
                want = nf(x.astype(numpy.complex128), norm=norm)
                err = numpy.abs(cp.asnumpy(got) - want).max() / numpy.abs(want).max()
                assert err < tol, (dtype, shape, f.__name__, norm, err)
        # A second call reuses the cached multi-GPU plan.
        keys = [k for k in config.get_plan_cache().keys() if k.startswith("cufft-multi-gpu")]
        assert keys, config.get_plan_cache().keys()
# A transform along a non-last axis, and the input left intact.
x = (rng.standard_normal((1024, 6)) + 1j * rng.standard_normal((1024, 6))).astype(numpy.complex128)
d = cp.asarray(x)
numpy.testing.assert_allclose(cp.asnumpy(cp.fft.fft(d, axis=0)), numpy.fft.fft(x, axis=0), atol=1e-9)
numpy.testing.assert_array_equal(cp.asnumpy(d), x)
# CuPy's restrictions: real transforms and callbacks raise.
for f in (cp.fft.rfft, cp.fft.irfft, cp.fft.rfft2):
    try:
        f(cp.ones((64, 64)))
    except ValueError as e:
        assert "C2C" in str(e), e
    else:
        raise AssertionError(f.__name__ + " ran with use_multi_gpus")
config.set_cufft_gpus([0, ndev])
try:
    cp.fft.fft(cp.ones(64, dtype=numpy.complex64))
except ValueError as e:
    assert "not present" in str(e), e
else:
    raise AssertionError("a missing GPU id was accepted")
config.use_multi_gpus = False
numpy.testing.assert_allclose(cp.asnumpy(cp.fft.rfft(cp.ones(8))), numpy.fft.rfft(numpy.ones(8)))
print("OK")
"""


@pytest.mark.gpu
def test_gpu_multi_gpu_fft_matches_numpy():
    """Needs 2 or more GPUs; on fewer the subprocess reports SKIP and the test skips with that reason."""
    r = subprocess.run([sys.executable, "-c", _GPU_CODE], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, CUPRIC_BACKEND="cuda"))
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout.strip()
    if out.startswith("SKIP"):
        pytest.skip("multi-GPU FFT needs 2 GPUs: " + out)
    assert out == "OK", out


def test_plan1d_with_devices_sets_the_gpu_list_inside_its_context(multi_gpu_off):
    from cupric.cuda import cufft
    plan = cufft.Plan1d(64, cufft.CUFFT_Z2Z, 1, devices=[0, 1])
    assert _core.fft.multi_gpus() == []
    with plan:
        assert _core.fft.multi_gpus() == [0, 1]
    assert _core.fft.multi_gpus() == []
    with pytest.raises(ValueError, match="only C2C and Z2Z"):
        cufft.Plan1d(64, cufft.CUFFT_R2C, 1, devices=[0, 1])
    with pytest.raises(ValueError, match="at least 2"):
        with cufft.Plan1d(64, cufft.CUFFT_C2C, 1, devices=[0]):
            pass
    assert _core.fft.multi_gpus() == []
