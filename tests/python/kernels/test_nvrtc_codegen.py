"""The CUDA flavour of generated kernels and the Raw* sources compile with NVRTC for sm_90, checked
without a GPU wherever libnvrtc is found (the host backend runs the host flavour of the same
source; the GPU run executes them)."""
import numpy
import pytest

import cupric
from cupric import _core
from cupric.cuda.compiler import CompileException

try:
    NVRTC = _core._nvrtc_version()
except Exception:  # noqa: BLE001 - no NVRTC on this machine
    NVRTC = None

pytestmark = pytest.mark.skipif(NVRTC is None, reason="NVRTC (libnvrtc) not found")


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("ncache")))
    yield
    mp.undo()


def nvrtc(src, name="k", names=(), options=(), generated=False):
    im = _core._compile_cuda_for_arch(src, list(options), list(names), name, 90, generated)
    assert im.is_cubin and len(im.binary) > 0
    return im


ELEMENTWISE = [
    ("T x, T y", "T z", "z = (x - y) * (x - y)", {}),
    ("raw T x", "T y", "y = x[_ind.size() - i - 1]", {}),
    ("T x", "raw T total", "atomicAdd(&total[0], x)", {"no_return": True}),
    ("T x", "T s, T d", "s = x + x; d = x * x", {}),
    ("T x", "T y", "y = twice(x) + offset",
     {"preamble": "template <class U> CUPRIC_HD U twice(U v) { return v + v; }", "loop_prep": "const T offset = 1"}),
    ("T x, float64 w", "T y", "y = x * (T)w + conj_or_self(x)",
     {"preamble": "template <class U> CUPRIC_HD U conj_or_self(U v) { return v; }\n"
                  "CUPRIC_HD complex<double> conj_or_self(complex<double> v) { return conj(v); }\n"
                  "CUPRIC_HD complex<float> conj_or_self(complex<float> v) { return conj(v); }"}),
]


@pytest.mark.parametrize("case", range(len(ELEMENTWISE)))
@pytest.mark.parametrize("dtype", ["bool", "int8", "int64", "uint32", "float16", "bfloat16", "float32", "float64",
                                   "complex64", "complex128"])
def test_elementwise_cuda_flavour_compiles(case, dtype):
    in_p, out_p, op, kw = ELEMENTWISE[case]
    if case == 2 and dtype not in ("uint32", "float32", "float64", "complex64", "complex128"):
        pytest.skip("CUDA's atomicAdd overloads (plus complex from device.hpp) only")
    if case == 5 and dtype in ("bool", "bfloat16"):
        pytest.skip("T(w) for bool/bfloat16 is not interesting")
    try:
        dt = numpy.dtype(dtype)
    except TypeError:
        pytest.skip("ml_dtypes missing")
    k = cupric.ElementwiseKernel(in_p, out_p, op, f"ek{case}", **kw)
    a = cupric.zeros((3, 4), dtype=dt) if dtype != "bfloat16" else cupric.zeros((3, 4), dtype="bfloat16")
    args = [a] if case in (3, 4) else [a, a]
    if case == 1:
        args = [a, cupric.zeros(12, dtype=a.dtype)]
    if case == 5:
        args = [a, 2.0]
    if case == 2:
        args = [a, cupric.zeros(1, dtype=a.dtype)]
    src = _core._elementwise_source(k._k, args, -1)
    assert "CUPRIC_JIT_GLOBAL void ek" in src
    nvrtc(src, f"ek{case}", generated=True)
    if case == 0:  # with the toolkit's cuda_fp16.h too (what Raw kernels including device.hpp see)
        nvrtc(src, f"ek{case}")


@pytest.mark.parametrize("dtype", ["int32", "float16", "float32", "float64", "complex128"])
@pytest.mark.parametrize("axis", [None, 1, (0, 2)])
def test_reduction_cuda_flavour_compiles(dtype, axis):
    post = "y = a" if dtype.startswith("complex") else "y = sqrt((double)a)"
    k = cupric.ReductionKernel("T x", "T y", "x * x", "a + b", post, "0", "l2n")
    a = cupric.zeros((2, 3, 4), dtype=dtype)
    nvrtc(_core._reduction_source(k._k, [a], axis, False), "l2n", generated=True)
    kmax = cupric.ReductionKernel("T x", "T y", "x", "a > b ? a : b", "y = a", None, "kmax")
    if not dtype.startswith("complex"):
        nvrtc(_core._reduction_source(kmax._k, [a], axis, True), "kmax", generated=True)


def test_fused_kernels_compile():
    import cupric as cp

    @cupric.fuse(kernel_name="fchain")
    def chain(u, v):
        return cp.sqrt(u * u + v * v) * 0.5 + cp.sin(u)

    @cupric.fuse(kernel_name="fsum")
    def fsum(u, v):
        return cp.sum(u * v + 1, axis=0)

    for f, dt in [(chain, "float32"), (chain, "float16"), (fsum, "float64"), (fsum, "int32")]:
        a = cupric.ones((4, 5), dtype=dt)
        f(a, a)
        [entry] = [e for e in f._cache.values()]
        f._cache.clear()
        kern = entry.kernel
        if isinstance(kern, cupric.ReductionKernel):
            src = _core._reduction_source(kern._k, [a, a, 1], 0, False)
        else:
            src = _core._elementwise_source(kern._k, [a, a, 0.5], -1)
        nvrtc(src, kern.name, generated=True)


def test_raw_sources_compile():
    templ = r'''
    #include <cupric/jit/device.hpp>
    template <class T, int K>
    __global__ void scale(const T* x, T* y, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if constexpr (K > 0) { if (i < n) y[i] = x[i] * T(K); }
    }
    __device__ float table[4];
    '''
    names = ["scale<float, 3>", "scale<double, 5>", "scale<complex<double>, 2>"]
    nvrtc(templ, "templ", names)
    coop = r'''
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    extern "C" __global__ void two_phase(int* data, int* out, int n) {
      cg::grid_group g = cg::this_grid();
      int i = g.thread_rank();
      if (i < n) data[i] = i * 2;
      g.sync();
      if (i < n) out[i] = data[n - 1 - i];
    }
    '''
    nvrtc(coop, "coop")
    fp16 = r'''
    #include <cupric/jit/device.hpp>
    typedef cupric::complex<float> cuComplex;
    #include <cuda_fp16.h>
    extern "C" __global__ void h2(const __half* x, __half* y, const cuComplex* c, cuComplex* d) {
      int i = threadIdx.x;
      y[i] = __float2half(__half2float(x[i]) * 2.0f);
      d[i] = c[i] * c[i];
    }
    '''
    nvrtc(fp16, "fp16")


def test_default_standard_is_cpp17_V14_RTC():
    src = "template <class T> __global__ void f(T* x) { if constexpr (sizeof(T) == 4) x[0] = 1; }"
    nvrtc(src, "cpp17", ["f<float>"])
    with pytest.raises(CompileException):
        nvrtc(src, "cpp14", ["f<float>"], options=["-std=c++14", "-Werror", "all-warnings"])


def test_nvrtc_compile_error_has_log():
    with pytest.raises(CompileException) as e:
        nvrtc('extern "C" __global__ void k() { nope = 1; }', "bad")
    assert "nope" in str(e.value)


def test_warm_disk_hit_does_not_load_nvrtc(tmp_path):
    # Note [NVRTC identity]: a fresh process finding the kernel on disk never maps libnvrtc
    import os
    import subprocess
    import sys
    code = ("from cupric import _core\n"
            "im = _core._compile_cuda_for_arch('extern \"C\" __global__ void w(int* x) { x[0] = 7; }', [], [], 'w', 90)\n"
            "maps = open('/proc/self/maps').read()\n"
            "s = _core._jit_cache_stats()\n"
            "print(s['compiles'], s['disk_hits'], 'libnvrtc' in maps)\n")
    env = dict(os.environ, CUPRIC_CACHE_DIR=str(tmp_path))
    run = lambda: subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,  # noqa: E731
                                 check=True).stdout.split()
    assert run() == ["1", "0", "True"]
    assert run() == ["0", "1", "False"]
