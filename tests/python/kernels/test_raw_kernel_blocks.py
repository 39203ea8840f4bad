"""RawKernel and RawModule with CUDA's block semantics, on whichever backend runs the suite (host:
the system C++ compiler and fibers, Note [Host blocks as fibers]; CUDA: NVRTC). Each kernel is a
CuPy-style source compared with a NumPy result: shared-memory reductions with __syncthreads, warp
shuffles and votes, atomics from many blocks, dynamic shared memory, __device__ helpers,
complex<float>, 2-D blocks and grids, templates through name_expressions, argument passing."""
import numpy
import pytest

import cupric
from cupric.cuda.compiler import CompileException

ON_HOST = cupric._core.backend_name() != "cuda"
host_only = pytest.mark.skipif(not ON_HOST, reason="checks the host backend's runner")


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("rawcache")))
    yield
    mp.undo()


BLOCK_SUM = r'''
extern "C" __global__ void block_sum(const double* x, double* partial, int n) {
  __shared__ double buf[256];
  const int t = threadIdx.x;
  double s = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x) s += x[i];
  buf[t] = s;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (t < k) buf[t] += buf[t + k];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = buf[0];
}
'''


def _grid_stride_partials(x, blocks, threads):
    n = x.size
    idx = numpy.arange(n)
    owner = (idx % (blocks * threads)) // threads
    return numpy.bincount(owner, weights=x, minlength=blocks)


@pytest.mark.parametrize("n,blocks", [(10000, 8), (1, 3), (256 * 5, 5), (0, 2)])
def test_block_shared_memory_reduction(n, blocks):
    k = cupric.RawKernel(BLOCK_SUM, "block_sum")
    x = numpy.random.default_rng(n).standard_normal(n)
    partial = cupric.zeros(blocks, dtype=numpy.float64)
    k((blocks,), (256,), (cupric.asarray(x), partial, numpy.int32(n)))
    numpy.testing.assert_allclose(partial.get(), _grid_stride_partials(x, blocks, 256), rtol=1e-12, atol=1e-12)
    assert abs(partial.get().sum() - x.sum()) < 1e-9


WARP_SUM = r'''
__device__ __forceinline__ float warp_sum(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
  return v;
}
extern "C" __global__ void warp_reduce(const float* x, float* per_warp, float* total, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? x[i] : 0.0f;
  float s = warp_sum(v);
  int lane = threadIdx.x % warpSize, warp = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (lane == 0) {
    per_warp[warp] = s;
    atomicAdd(total, s);
  }
}
'''


def test_warp_shuffle_reduction():
    k = cupric.RawKernel(WARP_SUM, "warp_reduce")
    n, threads, blocks = 1000, 128, 8
    x = numpy.arange(n, dtype=numpy.float32) % 17
    per_warp = cupric.zeros(blocks * threads // 32, dtype=numpy.float32)
    total = cupric.zeros(1, dtype=numpy.float32)
    k((blocks,), (threads,), (cupric.asarray(x), per_warp, total, numpy.int32(n)))
    padded = numpy.zeros(blocks * threads, numpy.float32)
    padded[:n] = x
    numpy.testing.assert_array_equal(per_warp.get(), padded.reshape(-1, 32).sum(axis=1))
    assert total.get()[0] == x.sum()


SHUFFLES = r'''
extern "C" __global__ void shuffles(const int* x, int* out) {
  const int t = threadIdx.x;
  const int v = x[t];
  out[0 * 64 + t] = __shfl_sync(0xffffffffu, v, 3);          // broadcast lane 3 of each warp
  out[1 * 64 + t] = __shfl_up_sync(0xffffffffu, v, 2);        // lanes 0, 1 keep their own
  out[2 * 64 + t] = __shfl_xor_sync(0xffffffffu, v, 1);       // swap neighbours
  out[3 * 64 + t] = __shfl_down_sync(0xffffffffu, v, 4, 8);   // within groups of 8
  unsigned b = __ballot_sync(0xffffffffu, v % 3 == 0);
  out[4 * 64 + t] = (int)__popc(b);
  out[5 * 64 + t] = __any_sync(0xffffffffu, v == 40) + 2 * __all_sync(0xffffffffu, v >= 0);
  out[6 * 64 + t] = __syncthreads_count(v % 2 == 0);
}
'''


def test_warp_shuffles_and_votes():
    k = cupric.RawKernel(SHUFFLES, "shuffles")
    x = (numpy.arange(64, dtype=numpy.int32) * 7) % 61
    out = cupric.zeros(7 * 64, dtype=numpy.int32)
    k((1,), (64,), (cupric.asarray(x), out))
    got = out.get().reshape(7, 64)
    lane = numpy.arange(64) % 32
    base = numpy.arange(64) - lane
    numpy.testing.assert_array_equal(got[0], x[base + 3])
    numpy.testing.assert_array_equal(got[1], numpy.where(lane >= 2, x[numpy.arange(64) - 2], x))
    numpy.testing.assert_array_equal(got[2], x[numpy.arange(64) ^ 1])
    g8 = lane % 8
    numpy.testing.assert_array_equal(got[3], numpy.where(g8 + 4 < 8, x[numpy.minimum(numpy.arange(64) + 4, 63)], x))
    per_warp = (x % 3 == 0).reshape(2, 32).sum(axis=1)
    numpy.testing.assert_array_equal(got[4], numpy.repeat(per_warp, 32))
    anyw = (x == 40).reshape(2, 32).any(axis=1)
    numpy.testing.assert_array_equal(got[5], numpy.repeat(anyw.astype(int) + 2, 32))
    numpy.testing.assert_array_equal(got[6], numpy.full(64, (x % 2 == 0).sum()))


HISTOGRAM = r'''
extern "C" __global__ void histogram(const int* x, int n, unsigned int* bins, int* hi, unsigned long long* count,
                                     float* fsum) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    atomicAdd(&bins[x[i] % 16], 1u);
    atomicMax(hi, x[i]);
    atomicAdd(count, 1ull);
    atomicAdd(fsum, 0.5f);
  }
}
'''


def test_atomics_from_many_blocks():
    k = cupric.RawKernel(HISTOGRAM, "histogram")
    x = numpy.random.default_rng(5).integers(0, 1000, 5000).astype(numpy.int32)
    bins = cupric.zeros(16, dtype=numpy.uint32)
    hi = cupric.full(1, -1, dtype=numpy.int32)
    count = cupric.zeros(1, dtype=numpy.uint64)
    fsum = cupric.zeros(1, dtype=numpy.float32)
    k((13,), (64,), (cupric.asarray(x), numpy.int32(x.size), bins, hi, count, fsum))
    numpy.testing.assert_array_equal(bins.get(), numpy.bincount(x % 16, minlength=16))
    assert hi.get()[0] == x.max() and count.get()[0] == x.size and fsum.get()[0] == 0.5 * x.size


CAS_MAX = r'''
__device__ float atomic_max_float(float* addr, float v) {
  int* p = (int*)addr;
  int old = *p, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(p, assumed, __float_as_int(v));
  } while (assumed != old);
  return __int_as_float(old);
}
extern "C" __global__ void cas_max(const float* x, int n, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomic_max_float(out, x[i]);
}
'''


def test_atomic_cas_loop_in_device_helper():
    k = cupric.RawKernel(CAS_MAX, "cas_max")
    x = numpy.random.default_rng(6).standard_normal(3000).astype(numpy.float32)
    out = cupric.full(1, -numpy.inf, dtype=numpy.float32)
    k((24,), (128,), (cupric.asarray(x), numpy.int32(x.size), out))
    assert out.get()[0] == x.max()


DYN_SHARED = r'''
extern __shared__ double module_scope_buf[];   // dynamic shared memory declared at file scope
extern "C" __global__ void reverse_blocks(const double* x, double* y, int n) {
  extern __shared__ __align__(8) double tile[];  // the same dynamic buffer
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = x[i];
  __syncthreads();
  int j = blockDim.x - 1 - threadIdx.x;
  int src = blockIdx.x * blockDim.x + j;
  if (i < n && src < n) y[i] = module_scope_buf[j];
}
'''


def test_dynamic_shared_memory():
    k = cupric.RawKernel(DYN_SHARED, "reverse_blocks")
    threads, blocks = 64, 4
    n = threads * blocks
    x = numpy.arange(n, dtype=numpy.float64) * 1.5
    y = cupric.zeros(n, dtype=numpy.float64)
    k((blocks,), (threads,), (cupric.asarray(x), y, numpy.int32(n)), shared_mem=threads * 8)
    numpy.testing.assert_array_equal(y.get(), x.reshape(blocks, threads)[:, ::-1].ravel())


TRANSPOSE = r'''
#define TILE 16
extern "C" __global__ void transpose(const float* a, float* b, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = a[y * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < rows && y < cols) b[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
'''


def test_2d_grid_tiled_transpose():
    k = cupric.RawKernel(TRANSPOSE, "transpose")
    rows, cols = 37, 50
    a = numpy.arange(rows * cols, dtype=numpy.float32).reshape(rows, cols)
    b = cupric.zeros((cols, rows), dtype=numpy.float32)
    k(((cols + 15) // 16, (rows + 15) // 16), (16, 16), (cupric.asarray(a), b, numpy.int32(rows), numpy.int32(cols)))
    numpy.testing.assert_array_equal(b.get(), a.T)


COMPLEX = r'''
#include <cupy/complex.cuh>
__device__ complex<float> fma_conj(complex<float> a, complex<float> b) { return a * b + conj(a); }
extern "C" __global__ void cplx(const complex<float>* a, const complex<float>* b, complex<float>* out,
                                float* mag, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = fma_conj(a[i], b[i]);
    mag[i] = abs(a[i]) + a[i].real() - b[i].imag();
  }
}
'''


def test_complex_float_and_device_helper():
    k = cupric.RawKernel(COMPLEX, "cplx")
    rng = numpy.random.default_rng(9)
    n = 300
    a = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(numpy.complex64)
    b = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(numpy.complex64)
    out = cupric.empty(n, dtype=numpy.complex64)
    mag = cupric.empty(n, dtype=numpy.float32)
    k(((n + 127) // 128,), (128,), (cupric.asarray(a), cupric.asarray(b), out, mag, numpy.int32(n)))
    numpy.testing.assert_allclose(out.get(), a * b + numpy.conj(a), rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(mag.get(), numpy.abs(a) + a.real - b.imag, rtol=1e-5, atol=1e-6)


MODULE = r'''
template <typename T>
__global__ void axpy(T a, const T* x, T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" {
__global__ void fill_index(long long* out, long long n, double scale) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = (long long)(i * scale) + SHIFT;
}
__global__ void __launch_bounds__(128) negate(float* x, int n, bool twice) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = twice ? -2 * x[i] : -x[i];
}
}
'''


def test_rawmodule_kernels_templates_and_options():
    m = cupric.RawModule(code=MODULE, options=("-DSHIFT=7", "--use_fast_math", "-std=c++17"),
                         name_expressions=("axpy<float>", "axpy<double>"))
    n = 100
    # Python int -> long long, Python float -> double (CuPy's rule), NumPy scalars by their dtype
    out = cupric.zeros(n, dtype=numpy.int64)
    m.get_function("fill_index")((1,), (128,), (out, n, 2.5))
    numpy.testing.assert_array_equal(out.get(), (numpy.arange(n) * 2.5).astype(numpy.int64) + 7)
    x = cupric.arange(n, dtype=numpy.float32)
    m.get_function("negate")((1,), (128,), (x, numpy.int32(n), True))
    numpy.testing.assert_array_equal(x.get(), -2 * numpy.arange(n, dtype=numpy.float32))
    for dt, name in [(numpy.float32, "axpy<float>"), (numpy.float64, "axpy<double>")]:
        xs = numpy.linspace(0, 1, n).astype(dt)
        y = cupric.ones(n, dtype=dt)
        m.get_function(name)((2,), (64,), (dt(3), cupric.asarray(xs), y, numpy.int32(n)))
        numpy.testing.assert_allclose(y.get(), 3 * xs + 1, rtol=1e-6)


def test_grid_stride_with_3d_indices():
    src = r'''
    extern "C" __global__ void ids(int* out) {
      int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
      int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
      int nt = blockDim.x * blockDim.y * blockDim.z;
      out[b * nt + t] = 1000 * b + t;
    }'''
    k = cupric.RawKernel(src, "ids")
    grid, block = (2, 3, 2), (4, 2, 3)
    nb, nt = 12, 24
    out = cupric.zeros(nb * nt, dtype=numpy.int32)
    k(grid, block, (out,))
    numpy.testing.assert_array_equal(out.get(), (1000 * numpy.arange(nb)[:, None] + numpy.arange(nt)).ravel())


def test_compiled_module_is_cached_on_disk():
    src = BLOCK_SUM.replace("block_sum", "block_sum_cached")
    cupric.RawKernel(src, "block_sum_cached").compile()
    before = cupric._core._jit_cache_stats()
    cupric._kernel.clear_memo()
    cupric.RawKernel(src, "block_sum_cached").compile()
    after = cupric._core._jit_cache_stats()
    assert after["disk_hits"] == before["disk_hits"] + 1 and after["compiles"] == before["compiles"]


# ---- what the host backend refuses, and its runner's own errors -----------------------------------

@host_only
@pytest.mark.parametrize("code,construct", [
    ('extern "C" __global__ void k(int* x) { asm volatile("membar.gl;"); }', "inline PTX"),
    ('extern "C" __global__ void k(float* x, cudaTextureObject_t t) { x[0] = tex1Dfetch<float>(t, 0); }',
     "texture"),
    ('extern "C" __global__ void k(float* x, cudaTextureObject_t t) { x[0] = 0; }', "cudaTextureObject_t"),
    ('#include <cooperative_groups.h>\nextern "C" __global__ void k(int* x) {}', "cooperative groups"),
    ('extern "C" __global__ void k(int* x) { unsigned m = __match_any_sync(~0u, x[0]); }', "__match_any_sync"),
    ('extern "C" __global__ void c(int* x) {}\nextern "C" __global__ void k(int* x) { c<<<1, 1>>>(x); }',
     "dynamic parallelism"),
])
def test_host_refuses_gpu_only_constructs(code, construct):
    k = cupric.RawKernel(code, "k")
    with pytest.raises(CompileException, match=construct) as e:
        k((1,), (1,), (cupric.zeros(1, dtype=numpy.int32),))
    assert "line" in str(e.value)


@host_only
def test_host_comments_and_strings_are_not_scanned():
    src = r'''
    // asm("nop") and tex2D( in a comment are fine, as is __syncthreads in a string
    extern "C" __global__ void k(int* x) { const char* s = "asm(__syncthreads)"; x[threadIdx.x] = s[0]; }'''
    x = cupric.zeros(4, dtype=numpy.int32)
    cupric.RawKernel(src, "k")((1,), (4,), (x,))
    numpy.testing.assert_array_equal(x.get(), [ord("a")] * 4)


@host_only
def test_host_divergent_barrier_is_a_deadlock_error():
    src = r'''
    extern "C" __global__ void k(int* x) {
      if (threadIdx.x < 16) { __syncwarp(); __syncthreads(); } else { __syncwarp(); x[threadIdx.x] = __shfl_sync(~0u, 1, 0); }
    }'''
    with pytest.raises(RuntimeError, match="deadlock"):
        cupric.RawKernel(src, "k")((1,), (32,), (cupric.zeros(32, dtype=numpy.int32),))


@host_only
def test_host_launch_errors():
    k = cupric.RawKernel(BLOCK_SUM, "block_sum")
    x = cupric.zeros(4)
    with pytest.raises(RuntimeError, match="arguments"):
        k((1,), (256,), (x, x))
    with pytest.raises(RuntimeError, match="1024 threads"):
        k((1,), (2048,), (x, x, numpy.int32(4)))
    with pytest.raises(RuntimeError, match="no kernel named"):
        cupric.RawModule(code=BLOCK_SUM).get_function("nope")
    with pytest.raises(CompileException, match="undeclared_name"):
        cupric.RawKernel('extern "C" __global__ void k() { undeclared_name = 1; }', "k")((1,), (1,), ())


@host_only
def test_host_scan_finds_kernels():
    text, kernels, fibers = cupric._core._translate_host_raw(MODULE)
    assert kernels == ["fill_index", "negate"] and not fibers
    text, kernels, fibers = cupric._core._translate_host_raw(DYN_SHARED)
    assert kernels == ["reverse_blocks"] and fibers
    assert "extern __shared__" not in text


CMATH = r'''
#include <cupy/complex.cuh>
extern "C" __global__ void cmath(const complex<double>* a, complex<double>* out, double* re, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    complex<double> z = a[i];
    out[4 * i + 0] = sqrt(z);
    out[4 * i + 1] = log(z);
    out[4 * i + 2] = exp(z) * conj(z);
    out[4 * i + 3] = pow(z, 2.5);
    re[i] = arg(z) + abs(polar(2.0, 0.5) * z);
  }
}
'''


def test_complex_math_of_cupy_complex_header():
    rng = numpy.random.default_rng(11)
    n = 50
    a = rng.standard_normal(n) * 3 + 1j * rng.standard_normal(n)
    a[:4] = [complex(-4, 0.0), complex(-4, -0.0), 1e-3j, -2 + 1e-9j]
    out = cupric.empty(4 * n, dtype=numpy.complex128)
    re = cupric.empty(n, dtype=numpy.float64)
    cupric.RawKernel(CMATH, "cmath")((1,), (64,), (cupric.asarray(a), out, re, numpy.int32(n)))
    got = out.get().reshape(n, 4)
    numpy.testing.assert_allclose(got[:, 0], numpy.sqrt(a), rtol=1e-13, atol=1e-15)
    numpy.testing.assert_allclose(got[:, 1], numpy.log(a), rtol=1e-13, atol=1e-15)
    numpy.testing.assert_allclose(got[:, 2], numpy.exp(a) * numpy.conj(a), rtol=1e-13)
    numpy.testing.assert_allclose(got[:, 3], a ** 2.5, rtol=1e-12)
    numpy.testing.assert_allclose(re.get(), numpy.angle(a) + 2 * numpy.abs(a), rtol=1e-13)
