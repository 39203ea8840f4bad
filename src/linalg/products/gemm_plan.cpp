// Laying a stack of matrix products out for BLAS (src/linalg/products/gemm_plan.hpp).
//
// Note [GEMM layout]
// BLAS multiplies column-major matrices given by a pointer and a leading dimension, optionally
// transposed, and a batch of them spaced by one stride. cupric's operands are strided views, so
// the plan tries to describe each operand that way before copying anything:
//  - A matrix whose column stride is one element (and row stride at least its width) is a
//    row-major matrix with ld = row stride; one whose row stride is one element is column-major.
//    Size-1 dimensions have no meaningful stride and take whatever fits. Anything else (a
//    stride that is not a multiple of the item size, a negative or two-dimensional stride) is
//    copied to a C-contiguous array first.
//  - The batch dimensions must collapse to one stride per operand (C-order nesting, or all zero
//    for a broadcast operand); otherwise the operand is copied (a broadcast one materialised).
//  - Row-major C = A @ B is column-major C^T = B^T @ A^T: the plan passes B first and A second,
//    each as it lies in memory with N (row-major) or T (column-major), so no operand is copied
//    just to transpose it.
//  - C gets the same treatment; a C that cannot be written directly (or that overlaps an input)
//    is computed into a fresh array and copied into place.
// Bool and integer dtypes do not go to BLAS: NumPy's integer matmul wraps around and its bool
// matmul is an or of ands, so each backend runs its own loop over the same description
// (`loop_gemm`), which takes any element strides and needs no copies at all.
//
// Note [Tiny GEMMs]
// On the GPU a small `a @ b` is all host time: cublasGemmEx costs several microseconds of host
// time before its kernel runs, and the first one in a process loads cuBLAS (hundreds of MB of
// code). Real floating products of at most kTinyGemmWork multiply-adds (64^3: a 64x64 product)
// therefore run cupric's own strided loop (`tiny_gemm`, one thread per output element,
// accumulating in float32, or float64 for float64), launched through the driver like every
// built-in kernel; the result is what a float32 (float64) accumulation gives, within the dtype's
// rounding of cuBLAS's. Larger products, complex ones and the host backend go to BLAS.
#include "linalg/products/gemm_plan.hpp"
#include <algorithm>
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/linalg.hpp"
#include "linalg/blas.hpp"

namespace cupric::linalg {

namespace {

constexpr int64_t kTinyGemmWork = int64_t{64} * 64 * 64;

struct MatrixLayout {
  bool ok = false;
  bool col_major = false;
  int64_t ld = 1;
  int64_t batch_stride = 0;
};

// Element strides of the last two dims as BLAS sees them, or !ok.
MatrixLayout layout_of(const ndarray& x, int64_t batch_stride_elems, bool batch_ok) {
  MatrixLayout L;
  if (!batch_ok) return L;
  const int nd = x.ndim();
  const int64_t r = x.shape()[nd - 2], c = x.shape()[nd - 1];
  const int64_t isz = x.itemsize();
  const int64_t bsr = x.strides()[nd - 2], bsc = x.strides()[nd - 1];
  if (bsr % isz != 0 || bsc % isz != 0) return L;
  if (reinterpret_cast<uintptr_t>(x.data()) % x.dtype().alignment() != 0) return L;
  int64_t sr = bsr / isz, sc = bsc / isz;
  L.batch_stride = batch_stride_elems;
  // Row-major: unit column stride (or a single column), row stride >= the row length.
  if (c <= 1 || sc == 1) {
    int64_t ld = r <= 1 ? std::max<int64_t>(c, 1) : sr;
    if (ld >= std::max<int64_t>(c, 1)) {
      L.ok = true, L.col_major = false, L.ld = ld;
      return L;
    }
  }
  if (r <= 1 || sr == 1) {
    int64_t ld = c <= 1 ? std::max<int64_t>(r, 1) : sc;
    if (ld >= std::max<int64_t>(r, 1)) {
      L.ok = true, L.col_major = true, L.ld = ld;
      return L;
    }
  }
  return L;
}

// The one element stride that walks x's batch dims in C order, or false.
bool batch_stride_of(const ndarray& x, int nbatch, int64_t& stride) {
  const int64_t isz = x.itemsize();
  int64_t expect = -1;  // the stride the next (outer) dim must have
  stride = 0;
  bool first = true;
  for (int d = nbatch - 1; d >= 0; --d) {
    int64_t n = x.shape()[d];
    if (n == 1) continue;
    int64_t s = x.strides()[d];
    if (s % isz != 0) return false;
    s /= isz;
    if (first) {
      stride = s;
      if (s < 0) return false;
      expect = s * n;
      first = false;
      continue;
    }
    if (stride == 0 ? s != 0 : s != expect) return false;
    expect = s * n;
  }
  return true;
}

int64_t batch_count(const ndarray& x, int nbatch) {
  int64_t n = 1;
  for (int d = 0; d < nbatch; ++d) n *= x.shape()[d];
  return n;
}

ndarray contiguous(const ndarray& x) { return copy(x, Order::C); }

}  // namespace

void matmul_into(const ndarray& a_in, const ndarray& b_in, const ndarray& c) {
  const int nd = c.ndim();
  const int nbatch = nd - 2;
  const int64_t m = c.shape()[nd - 2], n = c.shape()[nd - 1], k = a_in.shape()[nd - 1];
  if (c.size() == 0) return;
  if (k == 0) {
    fill(c, Scalar::of<bool>(false));
    return;
  }
  const DType dt = c.dtype();
  const BlasFns* fns = blas_table().require(c.device_type(), "matmul");
  ndarray a = a_in, b = b_in;
  int64_t sa = 0, sb = 0, sc = 0;
  const int64_t batch = batch_count(c, nbatch);

  const bool tiny = fns->tiny_gemm && dt.is_floating() && batch * m * n * k <= kTinyGemmWork;
  if (dt.is_bool() || dt.is_integer() || tiny) {
    LoopGemm g;
    g.dtype = dt;
    g.m = m, g.n = n, g.k = k, g.batch = batch;
    // Any element strides: only the batch dims must collapse (else that operand is copied).
    auto strides_of = [&](ndarray& x, int64_t* s3) {
      int64_t bs = 0;
      if (!batch_stride_of(x, nbatch, bs) || x.strides()[nd - 2] % x.itemsize() || x.strides()[nd - 1] % x.itemsize()) {
        x = contiguous(x);
        batch_stride_of(x, nbatch, bs);
      }
      s3[0] = bs, s3[1] = x.strides()[nd - 2] / x.itemsize(), s3[2] = x.strides()[nd - 1] / x.itemsize();
    };
    int64_t cs = 0;
    const bool into_temp = c.may_share_memory(a) || c.may_share_memory(b) || !batch_stride_of(c, nbatch, cs) ||
                           (batch > 1 && cs == 0) || c.strides()[nd - 2] % c.itemsize() ||
                           c.strides()[nd - 1] % c.itemsize();
    ndarray cc = into_temp ? ndarray::empty(c.shape(), dt, Order::C, &c.backend()) : c;
    strides_of(a, g.sa);
    strides_of(b, g.sb);
    strides_of(cc, g.sc);
    g.a = a.data(), g.b = b.data(), g.c = cc.data();
    g.stream = cc.backend().current_stream(cc.device());
    (tiny ? fns->tiny_gemm : fns->loop_gemm)(g);
    if (into_temp) copyto(c, cc, Casting::Unsafe);
    return;
  }

  // Floating and complex: BLAS.
  bool okA = batch_stride_of(a, nbatch, sa), okB = batch_stride_of(b, nbatch, sb);
  MatrixLayout La = layout_of(a, sa, okA);
  if (!La.ok) {
    a = contiguous(a);
    batch_stride_of(a, nbatch, sa);
    La = layout_of(a, sa, true);
  }
  MatrixLayout Lb = layout_of(b, sb, okB);
  if (!Lb.ok) {
    b = contiguous(b);
    batch_stride_of(b, nbatch, sb);
    Lb = layout_of(b, sb, true);
  }
  ndarray cc = c;
  bool okC = !c.may_share_memory(a_in) && !c.may_share_memory(b_in) && batch_stride_of(c, nbatch, sc) &&
             (batch == 1 || sc != 0);
  MatrixLayout Lc = layout_of(c, sc, okC);
  // BLAS writes C as column-major C^T; C must be row-major here.
  const bool into_temp = !Lc.ok || Lc.col_major;
  if (into_temp) {
    cc = ndarray::empty(c.shape(), dt, Order::C, &c.backend());
    batch_stride_of(cc, nbatch, sc);
    Lc = layout_of(cc, sc, true);
  }
  Gemm g;
  g.dtype = dt;
  // Column-major C^T (n x m) = op(B^T) (n x k) @ op(A^T) (k x m).
  g.m = n, g.n = m, g.k = k;
  g.op_a = Lb.col_major ? Op::T : Op::N;
  g.a = b.data(), g.lda = Lb.ld, g.stride_a = batch > 1 ? Lb.batch_stride : 0;
  g.op_b = La.col_major ? Op::T : Op::N;
  g.b = a.data(), g.ldb = La.ld, g.stride_b = batch > 1 ? La.batch_stride : 0;
  g.c = cc.data(), g.ldc = Lc.ld, g.stride_c = batch > 1 ? Lc.batch_stride : 0;
  g.batch = batch;
  g.allow_tf32 = dt == dtypes::float32 && tf32_allowed();
  g.stream = cc.backend().current_stream(cc.device());
  // BLAS needs ld >= rows of the stored (column-major) matrix even for a single column.
  g.lda = std::max<int64_t>(g.lda, g.op_a == Op::N ? std::max<int64_t>(g.m, 1) : std::max<int64_t>(g.k, 1));
  g.ldb = std::max<int64_t>(g.ldb, g.op_b == Op::N ? std::max<int64_t>(g.k, 1) : std::max<int64_t>(g.n, 1));
  g.ldc = std::max<int64_t>(g.ldc, std::max<int64_t>(g.m, 1));
  fns->gemm(g);
  if (into_temp) copyto(c, cc, Casting::Unsafe);
}

}  // namespace cupric::linalg
