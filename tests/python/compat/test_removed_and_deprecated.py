"""What the upgrade guide says no longer exists is absent from cupric (V14-REMOVED,
V10-PROFILER, V10-DEPRECATED, V13-NO-COMPILE-WITH-CACHE, V9-ALIASES, V8-MINMAX), and what it
says is deprecated warns (V14-DEPRECATED, V12-SCATTER, V14-RTC, V14-FFT-CONFIG); the alias side
of V14-REMOVED is in test_alias.py."""
import importlib
import importlib.util

import numpy
import pytest

import cupric
import cupricx


@pytest.mark.parametrize("module, name, replacement", [
    ("cupric", "sparse", "cupricx.scipy.sparse"), ("cupric", "prof", "cupricx.profiler"),
    ("cupric", "cusolver", "cupric.linalg"), ("cupric", "cusparse", "cupricx.scipy.sparse"),
    ("cupric", "cutensor", "cupric.einsum"), ("cupric", "array_api", "cupric itself"),
    ("cupricx", "fallback_mode", "numpy"),
])
def test_v14_removed_modules_do_not_exist(module, name, replacement):
    """V14-REMOVED: neither an attribute nor an importable module; the attribute error names the
    replacement."""
    mod = importlib.import_module(module)
    assert not hasattr(mod, name)
    with pytest.raises(AttributeError, match=rf"V14-REMOVED\): use {replacement}"):
        getattr(mod, name)
    assert importlib.util.find_spec(f"{module}.{name}") is None


def test_v14_removed_replacements_exist():
    """V14-REMOVED: the replacements exist."""
    for name in ("cupricx.scipy.linalg", "cupricx.scipy.sparse", "cupricx.profiler"):
        importlib.import_module(name)


@pytest.mark.parametrize("name, gid, replacement", [
    ("time", "V10-PROFILER", "cupricx.profiler"),
])
def test_removed_cupricx_names_say_what_replaced_them(name, gid, replacement):
    with pytest.raises(AttributeError, match=rf"\({'removed'}, {gid}\): (use )?{replacement}"):
        getattr(cupricx, name)


@pytest.mark.parametrize("name", ["tri", "tril", "triu"])
def test_v14_removed_scipy_linalg_tri(name):
    """V14-REMOVED: cupricx.scipy.linalg.tri/tril/triu do not exist (cupric.tri/tril/triu do)."""
    import cupricx.scipy.linalg as sl
    assert not hasattr(sl, name) and callable(getattr(cupric, name))


def test_v10_profiler_no_cupricx_time():
    """V10-PROFILER: cupricx.time (and so cupricx.time.repeat) does not exist."""
    assert not hasattr(cupricx, "time") and importlib.util.find_spec("cupricx.time") is None


def test_v10_deprecated_synchronize_checks_warn():
    """V10-DEPRECATED: cupricx.allow_synchronize / DeviceSynchronized exist and warn (as in CuPy 14.2,
    where they are experimental: FutureWarning); tests/python/cupricx/test_allow_synchronize.py tests
    what they do."""
    assert issubclass(cupricx.DeviceSynchronized, RuntimeError)
    with pytest.warns(FutureWarning, match="cupyx.allow_synchronize is experimental"):
        with cupricx.allow_synchronize(True):
            pass


def test_v13_no_compile_with_cache():
    """V13-NO-COMPILE-WITH-CACHE: neither cupric.cuda nor cupric.cuda.compiler has it."""
    assert not hasattr(cupric.cuda, "compile_with_cache")
    assert not hasattr(cupric.cuda.compiler, "compile_with_cache")


def test_v8_minmax_no_dtype():
    """V8-MINMAX: ndarray.min/max take no dtype argument."""
    a = cupric.arange(4.0)
    for method in (a.min, a.max):
        with pytest.raises(TypeError):
            method(dtype=numpy.float32)


def test_v14_deprecated_dlpack_names_warn():
    """V14-DEPRECATED: fromDlpack/toDlpack (and ndarray.toDlpack) still work, with a DeprecationWarning."""
    a_np = numpy.arange(6.0).reshape(2, 3)
    a = cupric.asarray(a_np)
    with pytest.warns(DeprecationWarning, match="toDlpack is deprecated"):
        cap = cupric.toDlpack(a)
    with pytest.warns(DeprecationWarning, match="fromDlpack is deprecated"):
        b = cupric.fromDlpack(cap)
    numpy.testing.assert_array_equal(cupric.asnumpy(b), a_np)
    with pytest.warns(DeprecationWarning, match="toDlpack is deprecated"):
        a.toDlpack()


def test_v14_deprecated_install_library_absent_or_warns():
    """V14-DEPRECATED: cupricx.tools.install_library warns where it exists (cupric gets CUDA
    libraries from NVIDIA's wheels, so it has no installer)."""
    if importlib.util.find_spec("cupricx.tools") is None:
        assert not hasattr(cupricx, "tools")
        return
    tools = importlib.import_module("cupricx.tools")
    if hasattr(tools, "install_library"):
        with pytest.warns(DeprecationWarning):
            tools.install_library("cutensor")


@pytest.mark.parametrize("method", ["scatter_add", "scatter_max", "scatter_min"])
def test_v12_scatter_methods_warn(method):
    """V12-SCATTER: the ndarray methods warn and still work like cupricx's functions."""
    a = cupric.zeros(4)
    with pytest.warns(DeprecationWarning, match=f"{method} is deprecated"):
        getattr(a, method)(cupric.asarray([1, 1, 3]), 2.0)
    expected = {"scatter_add": [0, 4, 0, 2], "scatter_max": [0, 2, 0, 2], "scatter_min": [0, 0, 0, 0]}[method]
    numpy.testing.assert_array_equal(cupric.asnumpy(a), expected)


@pytest.mark.parametrize("cls", ["RawKernel", "RawModule"])
def test_v14_rtc_jitify_warns(cls):
    """V14-RTC: jitify=True warns DeprecationWarning (and is ignored)."""
    src = 'extern "C" __global__ void k(float* x) { x[threadIdx.x] = 1.0f; }'
    with pytest.warns(DeprecationWarning, match="jitify is deprecated"):
        if cls == "RawKernel":
            cupric.RawKernel(src, "k", jitify=True)
        else:
            cupric.RawModule(code=src, jitify=True)


def test_v14_choice_p_without_replacement_raises():
    """V14-CHOICE: p= with replace=False raises NotImplementedError naming the problem."""
    p = cupric.ones(5) / 5
    with pytest.raises(NotImplementedError, match="replace=False and p"):
        cupric.random.choice(5, 2, replace=False, p=p)
    with pytest.raises(NotImplementedError, match="replace=False and p"):
        cupric.random.RandomState(0).choice(5, 2, replace=False, p=p)


def test_v14_fft_config_enable_nd_planning_warns():
    """V14-FFT-CONFIG: enable_nd_planning warns on get and set."""
    config = importlib.import_module("cupric.fft.config")
    with pytest.warns(DeprecationWarning):
        value = config.enable_nd_planning
    with pytest.warns(DeprecationWarning):
        config.enable_nd_planning = value
