"""The warm path of the user-kernel disk cache (Note [NVRTC identity] in src/jit/cuda_compiler.cpp):
a fresh process that finds its kernel on disk computes the key, reads and checks the entry and
loads it, and never loads libnvrtc (a ~100 MB library: 6-10 ms, more than the whole warm budget)."""
import os
import subprocess
import sys

import pytest

from cupric import _core

try:
    NVRTC = _core._nvrtc_version()
except Exception:  # noqa: BLE001 - no NVRTC on this machine
    NVRTC = None

# Prints whether libnvrtc is mapped into this process after the statement ran, and the cache counters.
_CHILD = r"""
import sys
import cupric, numpy
from cupric import _core
{stmt}
mapped = any("libnvrtc" in line and "builtins" not in line for line in open("/proc/self/maps"))
s = _core._jit_cache_stats()
print("WARM", int(mapped), s["compiles"], s["disk_hits"])
"""


def child(stmt, cache):
    env = dict(os.environ, CUPRIC_CACHE_DIR=str(cache))
    env.pop("CUPRIC_CACHE_IN_MEMORY", None)
    out = subprocess.run([sys.executable, "-c", _CHILD.format(stmt=stmt)], env=env, capture_output=True, text=True,
                         check=True).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith("WARM "))
    return [int(v) for v in line.split()[1:]]


@pytest.mark.skipif(NVRTC is None or not os.path.exists("/proc/self/maps"), reason="needs libnvrtc and /proc")
def test_warm_disk_compile_for_arch_does_not_load_nvrtc(tmp_path):
    stmt = ("im = _core._compile_cuda_for_arch('extern \"C\" __global__ void warm_k(float* a) { a[0] = 1; }', "
            "[], [], 'warm_k', 90)\nassert im.is_cubin and len(im.binary) > 0")
    assert child(stmt, tmp_path) == [1, 1, 0]   # cold: compiled, NVRTC loaded
    assert child(stmt, tmp_path) == [0, 0, 1]   # warm: a disk hit, NVRTC never loaded


@pytest.mark.gpu
@pytest.mark.skipif(_core.backend_name() != "cuda", reason="the CUDA backend's ElementwiseKernel path")
def test_warm_disk_elementwise_kernel_does_not_load_nvrtc(tmp_path):
    stmt = ("k = cupric.ElementwiseKernel('float32 x', 'float32 y', 'y = sin(x) * 3 + x', 'warm_ek')\n"
            "x = cupric.arange(8, dtype=numpy.float32)\n"
            "numpy.testing.assert_allclose(k(x).get(), numpy.sin(numpy.arange(8, dtype=numpy.float32)) * 3 "
            "+ numpy.arange(8), rtol=1e-5)")
    assert child(stmt, tmp_path) == [1, 1, 0]
    assert child(stmt, tmp_path) == [0, 0, 1]
