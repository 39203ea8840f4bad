"""The CCCL (Thrust, CUB, libcu++) a user kernel includes is the one cupric's kernels were built
with (V13-CCCL, Note [JIT CCCL] in src/jit/cuda_compiler.cpp): compiled with NVRTC for sm_90,
without a GPU, wherever libnvrtc is found; show_config names both."""
import pytest

import cupricx
from cupric import _core

BUILT, JIT = _core._cccl_versions()
try:
    NVRTC = _core._nvrtc_version()
except Exception:  # noqa: BLE001 - no NVRTC on this machine
    NVRTC = None

needs_cccl = pytest.mark.skipif(BUILT == 0 or NVRTC is None, reason="a build without CUDA, or no NVRTC")


def _asserts_build_cccl():
    # fails to compile unless the CCCL the kernel includes is the build's
    return ("#include <cuda/std/__cccl/version.h>\n"
            f"static_assert(CCCL_VERSION == {BUILT}, \"the user kernel's CCCL is not the build's\");\n"
            "extern \"C\" __global__ void k(int* x) { x[0] = CCCL_VERSION; }\n")


@needs_cccl
def test_user_kernels_include_the_builds_cccl_V13_CCCL():
    assert JIT == BUILT
    im = _core._compile_cuda_for_arch(_asserts_build_cccl(), [], [], "k", 90)
    assert im.is_cubin and len(im.binary) > 0


@needs_cccl
def test_a_toolkit_with_another_cccl_first_on_the_path_is_searched_after_V13_CCCL(tmp_path, monkeypatch):
    # CUDA_PATH names a toolkit whose CCCL is another version: the build's is still searched first
    inc = tmp_path / "include"
    (inc / "cccl" / "cuda" / "std" / "__cccl").mkdir(parents=True)
    (inc / "cuda_fp16.h").write_text("#pragma once\n")
    (inc / "cccl" / "cuda" / "std" / "__cccl" / "version.h").write_text("#pragma once\n#define CCCL_VERSION 2008000\n")
    (inc / "cccl" / "cuda" / "std" / "type_traits").write_text("#pragma once\n")  # a CUDA 13 layout
    monkeypatch.setenv("CUDA_PATH", str(tmp_path))
    assert _core._cccl_versions() == (BUILT, BUILT)
    im = _core._compile_cuda_for_arch(_asserts_build_cccl(), [], [], "k", 90)
    assert im.is_cubin


def test_show_config_names_both_cccl_versions_V13_CCCL():
    rows = dict(cupricx.get_runtime_info().rows)
    if BUILT:
        text = f"{BUILT // 1000000}.{BUILT // 1000 % 1000}.{BUILT % 1000}"
        assert rows["CCCL (built with)"] == text
        if JIT == BUILT:
            assert rows["CCCL (user kernels)"] == text
    else:
        assert rows["CCCL (built with)"] == "none"
    assert "CCCL (user kernels)" in rows
