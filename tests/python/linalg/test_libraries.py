"""The host BLAS (scipy-openblas64) and cuBLAS are loaded at first use, never at import; the host
BLAS's thread pool is capped (Note [OpenBLAS loading] in src/linalg/host/openblas.cpp)."""
import os
import subprocess
import sys

import numpy
import cupric


def _run(code, **env):
    full = dict(os.environ)
    full.update(env)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


_MAPS = "open('/proc/self/maps').read()"


def test_import_does_not_load_openblas_or_cublas():
    out = _run("import cupric; m = " + _MAPS + "; print('libscipy_openblas64_.so' in m, 'libcublas' in m)")
    assert out == "False False"


def test_openblas_loads_at_first_use_with_capped_threads():
    out = _run("import cupric; n = cupric._core.linalg.host_blas_num_threads(); m = " + _MAPS +
               "; print(n, 'libscipy_openblas64_.so' in m)", OPENBLAS_NUM_THREADS="", CUPRIC_OPENBLAS_NUM_THREADS="")
    n, loaded = out.split()
    assert loaded == "True"
    assert 1 <= int(n) <= 4


def test_openblas_thread_count_from_environment():
    out = _run("import cupric; print(cupric._core.linalg.host_blas_num_threads())", CUPRIC_OPENBLAS_NUM_THREADS="1")
    assert out == "1"


def test_show_config_lists_the_host_blas():
    import io
    buf = io.StringIO()
    cupric.show_config(_file=buf)
    rows = [line for line in buf.getvalue().splitlines() if line.startswith("Host openblas")]
    assert len(rows) == 1
    assert "OpenBLAS" in rows[0] and "libscipy_openblas64_.so" in rows[0]


def test_openblas_is_not_a_cuda_component():
    from cupric import _libraries
    assert "openblas" not in _libraries.components()
    assert _libraries.host_components() == ["openblas"]


def test_registered_search_dirs_hold_the_wheel_lib_dir():
    import scipy_openblas64
    dirs = cupric._core._runtime.library_search_dirs()
    assert os.path.realpath(scipy_openblas64.get_lib_dir()) in [os.path.realpath(d) for d in dirs]


def test_linalg_error_is_numpys():
    assert cupric.linalg.LinAlgError is numpy.linalg.LinAlgError


def test_tf32_setting_round_trips():
    la = cupric._core.linalg
    before = la.tf32_allowed()
    try:
        la.set_tf32_allowed(True)
        assert la.tf32_allowed()
        la.set_tf32_allowed(False)
        assert not la.tf32_allowed()
    finally:
        la.set_tf32_allowed(before)


def test_tf32_from_environment():
    assert _run("import cupric; print(cupric._core.linalg.tf32_allowed())", CUPRIC_TF32="1") == "True"
    assert _run("import cupric; print(cupric._core.linalg.tf32_allowed())", CUPRIC_TF32="0") == "False"


def test_public_tf32_setting():
    # cupricx.tf32_allowed / set_tf32_allowed / allow_tf32: the Python setting of issue 17 beside
    # CUPRIC_TF32 (docs/linalg.md), on the same process-wide flag as cupric::set_tf32_allowed.
    import cupricx
    la = cupric._core.linalg
    before = cupricx.tf32_allowed()
    assert before == la.tf32_allowed()
    try:
        assert cupricx.set_tf32_allowed(True) is before
        assert cupricx.tf32_allowed() is True and la.tf32_allowed()
        assert cupricx.set_tf32_allowed(numpy.bool_(False)) is True
        assert cupricx.tf32_allowed() is False
        with cupricx.allow_tf32():
            assert cupricx.tf32_allowed()
            with cupricx.allow_tf32(False):
                assert not cupricx.tf32_allowed()
            assert cupricx.tf32_allowed()
        assert not cupricx.tf32_allowed()
        try:
            with cupricx.allow_tf32(True):
                raise KeyError("inside")
        except KeyError:
            pass
        assert not cupricx.tf32_allowed()  # restored after an exception too
        for bad in (1, "yes", None):
            try:
                cupricx.set_tf32_allowed(bad)
            except TypeError as e:
                assert "allowed must be a bool" in str(e)
            else:
                raise AssertionError(f"set_tf32_allowed({bad!r}) must raise TypeError")
        assert not cupricx.tf32_allowed()  # a rejected value changes nothing
    finally:
        la.set_tf32_allowed(before)


def test_public_tf32_setting_reads_the_environment():
    assert _run("import cupricx; print(cupricx.tf32_allowed())", CUPRIC_TF32="1") == "True"
    assert _run("import cupricx; print(cupricx.tf32_allowed())", CUPRIC_TF32="0") == "False"
