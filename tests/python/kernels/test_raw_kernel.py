"""RawKernel and RawModule: CUDA C++ compiled with NVRTC. The GPU tests are self-checking against
NumPy (template kernels through name_expressions, cooperative groups, shared memory, streams,
attributes); the host backend runs CUDA C++ too (test_raw_kernel_blocks.py), and its cubin/PTX
loading raises a clear RuntimeError."""
import warnings

import numpy
import pytest

import cupric
from cupric.cuda.compiler import CompileException

ON_CUDA = cupric._core.backend_name() == "cuda"
host_only = pytest.mark.skipif(ON_CUDA, reason="checks the host backend's error")

ADD_SRC = r'''
extern "C" __global__ void add_f32(const float* x, const float* y, float* z, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) z[i] = x[i] + y[i];
}
'''


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("rcache")))
    yield
    mp.undo()


def test_rawmodule_is_lazy_V8_RAWMODULE():
    # a broken source: constructing compiles nothing, so nothing fails yet
    m = cupric.RawModule(code="this is not C++")
    k = cupric.RawKernel("neither is this", "k")
    assert m.code == "this is not C++" and k.name == "k"
    with pytest.raises(CompileException):
        m.get_function("k")


def test_jitify_warns_V14_RTC():
    with pytest.warns(DeprecationWarning, match="jitify"):
        cupric.RawKernel(ADD_SRC, "add_f32", jitify=True)
    with pytest.warns(DeprecationWarning, match="jitify"):
        cupric.RawModule(code=ADD_SRC, jitify=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cupric.RawModule(code=ADD_SRC)


def test_rawmodule_arguments():
    with pytest.raises(TypeError):
        cupric.RawModule()
    with pytest.raises(TypeError):
        cupric.RawModule(code=ADD_SRC, path="x.cu")
    with pytest.raises(ValueError):
        cupric.RawKernel(ADD_SRC, "add_f32", backend="clang")


@host_only
def test_rawkernel_runs_on_host_backend():
    # the host backend compiles CUDA C++ with the system compiler (test_raw_kernel_blocks.py)
    k = cupric.RawKernel(ADD_SRC, "add_f32")
    x = cupric.arange(4, dtype=numpy.float32)
    z = cupric.zeros(4, dtype=numpy.float32)
    k((1,), (4,), (x, x, z, numpy.int64(4)))
    numpy.testing.assert_array_equal(z.get(), [0, 2, 4, 6])
    assert k.attributes["max_threads_per_block"] == 1024


@host_only
def test_rawmodule_binary_path_on_host_backend_raises(tmp_path):
    f = tmp_path / "k.cubin"
    f.write_bytes(b"\x7fELF not really")
    with pytest.raises(RuntimeError, match="host backend"):
        cupric.RawModule(path=str(f)).get_function("k")


# ---- on the GPU (and the ones without a gpu mark on the host backend too) ----------------------------

@pytest.mark.gpu
def test_rawkernel_add():
    k = cupric.RawKernel(ADD_SRC, "add_f32")
    n = 1000
    x = numpy.random.default_rng(0).random(n, dtype=numpy.float32)
    y = numpy.random.default_rng(1).random(n, dtype=numpy.float32)
    z = cupric.empty(n, dtype=numpy.float32)
    k(((n + 127) // 128,), (128,), (cupric.asarray(x), cupric.asarray(y), z, numpy.int64(n)))
    numpy.testing.assert_array_equal(z.get(), x + y)
    # a Python int passes as int64 (CuPy's rule)
    z2 = cupric.empty(n, dtype=numpy.float32)
    k(((n + 127) // 128, 1, 1), (128, 1, 1), (cupric.asarray(x), cupric.asarray(y), z2, n))
    numpy.testing.assert_array_equal(z2.get(), x + y)
    assert k.attributes["max_threads_per_block"] >= 128
    assert k.num_regs > 0


def test_rawmodule_templates_name_expressions_and_cpp17():
    src = r'''
    #include <cupric/jit/device.hpp>
    template <class T, int K>
    __global__ void scale(const T* x, T* y, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if constexpr (K > 0) { if (i < n) y[i] = x[i] * T(K); }   // if constexpr: C++17 by default
    }
    __device__ float table[4];
    '''
    names = ["scale<float, 3>", "scale<double, 5>", "scale<complex<double>, 2>"]
    m = cupric.RawModule(code=src, name_expressions=names)
    n = 100
    for name, dt, f in [(names[0], numpy.float32, 3), (names[1], numpy.float64, 5), (names[2], numpy.complex128, 2)]:
        x = (numpy.arange(n) * 1.5).astype(dt)
        if dt == numpy.complex128:
            x = x + 1j
        y = cupric.empty(n, dtype=dt)
        m.get_function(name)((1,), (128,), (cupric.asarray(x), y, numpy.int32(n)))
        numpy.testing.assert_allclose(y.get(), x * f)
    g = m.get_global("table")
    assert g.ptr != 0


def test_rawkernel_shared_memory_and_stream():
    src = r'''
    extern "C" __global__ void block_sum(const double* x, double* out, int n) {
      extern __shared__ double buf[];
      int t = threadIdx.x;
      double s = 0;
      for (int i = t; i < n; i += blockDim.x) s += x[i];
      buf[t] = s;
      __syncthreads();
      for (int k = blockDim.x / 2; k > 0; k >>= 1) { if (t < k) buf[t] += buf[t + k]; __syncthreads(); }
      if (t == 0) out[0] = buf[0];
    }
    '''
    k = cupric.RawKernel(src, "block_sum")
    x = numpy.random.default_rng(2).random(10000)
    out = cupric.zeros(1, dtype=numpy.float64)
    s = cupric.cuda.Stream(non_blocking=True)
    xd = cupric.asarray(x)
    cupric.cuda.Device().synchronize()
    k((1,), (256,), (xd, out, numpy.int32(x.size)), shared_mem=256 * 8, stream=s)
    s.synchronize()
    numpy.testing.assert_allclose(out.get()[0], x.sum(), rtol=1e-12)
    k.max_dynamic_shared_size_bytes = 64 * 1024
    assert k.max_dynamic_shared_size_bytes == 64 * 1024


@pytest.mark.gpu
def test_rawkernel_cooperative_groups():
    src = r'''
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    extern "C" __global__ void two_phase(int* data, int* out, int n) {
      cg::grid_group g = cg::this_grid();
      int i = g.thread_rank();
      if (i < n) data[i] = i * 2;
      g.sync();                       // grid-wide barrier: needs a cooperative launch
      if (i < n) out[i] = data[n - 1 - i];
    }
    '''
    k = cupric.RawKernel(src, "two_phase", enable_cooperative_groups=True)
    n = 4 * 128
    data = cupric.zeros(n, dtype=numpy.int32)
    out = cupric.zeros(n, dtype=numpy.int32)
    k((4,), (128,), (data, out, numpy.int32(n)))
    numpy.testing.assert_array_equal(out.get(), (numpy.arange(n) * 2)[::-1])


def test_rawkernel_compile_error_log(monkeypatch):
    k = cupric.RawKernel('extern "C" __global__ void broken() { undeclared_thing = 1; }', "broken")
    with pytest.raises(CompileException) as e:
        k((1,), (1,), ())
    assert "undeclared_thing" in str(e.value)
    monkeypatch.setenv("CUPRIC_DUMP_CUDA_SOURCE_ON_ERROR", "1")
    k2 = cupric.RawKernel('extern "C" __global__ void broken2() { undeclared_2 = 1; }', "broken2")
    with pytest.raises(CompileException) as e2:
        k2((1,), (1,), ())
    assert "==== source ====" in str(e2.value)


def test_rawkernel_fp16_and_translate_cucomplex():
    src = r'''
    #include <cuda_fp16.h>
    extern "C" __global__ void h2(const __half* x, __half* y, const cuComplex* c, cuComplex* d) {
      int i = threadIdx.x;
      y[i] = __float2half(__half2float(x[i]) * 2.0f);
      d[i] = c[i] * c[i];
    }
    '''
    k = cupric.RawKernel(src, "h2", translate_cucomplex=True)
    x = numpy.arange(8, dtype=numpy.float16)
    c = (numpy.arange(8) + 1j).astype(numpy.complex64)
    y = cupric.empty(8, dtype=numpy.float16)
    d = cupric.empty(8, dtype=numpy.complex64)
    k((1,), (8,), (cupric.asarray(x), y, cupric.asarray(c), d))
    numpy.testing.assert_array_equal(y.get(), x * 2)
    numpy.testing.assert_allclose(d.get(), c * c, rtol=1e-6)


@pytest.mark.gpu
def test_rawmodule_from_cubin_and_ptx_path(tmp_path):
    # compile with NVRTC for this device, write the image, load it back through path=
    arch = int(cupric.cuda.Device().compute_capability)  # '90' on an H200
    for opts, suffix in [([], ".cubin"), ([f"-arch=compute_{arch}"], ".ptx")]:
        im = cupric._core._compile_cuda_for_arch(ADD_SRC, opts, [], "add", arch)
        f = tmp_path / ("add" + suffix)
        f.write_bytes(im.binary.rstrip(b"\0") if suffix == ".ptx" else im.binary)
        k = cupric.RawModule(path=str(f)).get_function("add_f32")
        x = cupric.arange(64, dtype=numpy.float32)
        z = cupric.empty(64, dtype=numpy.float32)
        k((1,), (64,), (x, x, z, numpy.int64(64)))
        numpy.testing.assert_array_equal(z.get(), 2 * numpy.arange(64, dtype=numpy.float32))


def test_rawkernel_scalar_argument_kinds():
    """Python bool/int/float/complex pass as bool/int64/double/complex128; NumPy scalars pass
    their own bytes (the launch's fast path); a Python int beyond int64 raises OverflowError."""
    src = r'''
    #include <cupric/jit/device.hpp>
    extern "C" __global__ void put(bool b, long long i, double d, complex<double> c, float f,
                                   unsigned char u, signed char s8, double* out) {
      out[0] = b; out[1] = (double)i; out[2] = d; out[3] = c.real(); out[4] = c.imag();
      out[5] = f; out[6] = u; out[7] = s8;
    }'''
    k = cupric.RawKernel(src, "put")
    out = cupric.zeros(8, dtype=numpy.float64)
    k((1,), (1,), (True, -(2 ** 40), 2.5, 1.5 - 2j, numpy.float32(0.25), numpy.uint8(200), numpy.int8(-3), out))
    numpy.testing.assert_array_equal(out.get(), [1, -(2 ** 40), 2.5, 1.5, -2, 0.25, 200, -3])
    k((1,), (1,), (numpy.bool_(False), numpy.int64(7), numpy.float64(-1.0), numpy.complex128(3j),
                   numpy.float32(-8), numpy.uint8(1), numpy.int8(5), out))
    numpy.testing.assert_array_equal(out.get(), [0, 7, -1, 0, 3, -8, 1, 5])
    with pytest.raises(OverflowError):
        k((1,), (1,), (True, 2 ** 64, 2.5, 1j, numpy.float32(0), numpy.uint8(0), numpy.int8(0), out))


def test_rawkernel_launch_errors_from_the_call_slot():
    # after the first launch the kernel's calls go through the C++ call slot (Note [RawKernel
    # launch path]); its errors are the same Python exceptions, and nothing is launched
    k = cupric.RawKernel(ADD_SRC, "add_f32")
    x = cupric.arange(4, dtype=numpy.float32)
    z = cupric.zeros(4, dtype=numpy.float32)
    k((1,), (4,), (x, x, z, numpy.int64(4)))
    numpy.testing.assert_array_equal(z.get(), [0, 2, 4, 6])
    z.fill(0)
    with pytest.raises(ValueError, match="grid"):
        k((1, 1, 1, 1), (4,), (x, x, z, numpy.int64(4)))
    with pytest.raises(ValueError, match="block"):
        k((1,), (-4,), (x, x, z, numpy.int64(4)))
    with pytest.raises(ValueError, match="grid"):
        k(2 ** 32, (4,), (x, x, z, numpy.int64(4)))
    with pytest.raises(TypeError):
        k(("1",), (4,), (x, x, z, numpy.int64(4)))
    with pytest.raises(TypeError, match="Unsupported type"):
        k((1,), (4,), (x, x, z, "four"))
    numpy.testing.assert_array_equal(z.get(), [0, 0, 0, 0])  # none of them launched
    k([1], [4], [x, x, z, numpy.int64(4)])  # lists as CuPy takes them
    numpy.testing.assert_array_equal(z.get(), [0, 2, 4, 6])
