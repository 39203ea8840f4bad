"""cupric.cuda: availability (V14-AVAILABLE), the runtime version (V13-RUNTIME-VERSION), runtime
errors and devices (V12-DEVICE). GPU-only semantics are in the `gpu`-marked tests."""
import subprocess
import sys

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


def test_v13_no_compile_with_cache():
    """V13-NO-COMPILE-WITH-CACHE: cupric.cuda.compile_with_cache does not exist."""
    assert not hasattr(cuda, "compile_with_cache")
    with pytest.raises(AttributeError):
        cuda.compile_with_cache  # noqa: B018


# ---- GPU checks of the behaviour IDs ----------------------------------------------------------------

@pytest.mark.gpu
def test_gpu_v14_available_true_and_cached():
    assert cuda.is_available() is True
    assert cuda.is_available() is True
    assert cupric.is_available() is True


@pytest.mark.gpu
def test_gpu_v12_device_with_restores_use():
    """V12-DEVICE: Device.use() inside a with block is undone on exit (the entry device comes back)."""
    n = cuda.runtime.getDeviceCount()
    entry = cuda.Device().id
    with cuda.Device(n - 1):
        cuda.Device(0).use()
        assert cuda.Device().id == 0
    assert cuda.Device().id == entry
