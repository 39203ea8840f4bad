// The host backend's BLAS for cupric.linalg (Note [Linalg module] in src/linalg/blas.hpp): GEMM on
// OpenBLAS (loaded at first use: Note [OpenBLAS loading] in openblas.cpp), float16/bfloat16
// through float32, and the bool/integer product loops.
#include <algorithm>
#include <type_traits>
#include <vector>
#include "cupric/complex.hpp"
#include "cupric/error.hpp"
#include "cupric/half.hpp"
#include "linalg/blas.hpp"
#include "linalg/host/openblas.hpp"

namespace cupric::linalg {

namespace {

CBLAS_TRANSPOSE trans(Op op) { return op == Op::N ? CblasNoTrans : op == Op::T ? CblasTrans : CblasConjTrans; }

// Rows x cols column-major matrix of `From` (leading dimension ld) to a packed one of `To`.
template <class To, class From>
void convert_matrix(To* dst, const From* src, int64_t rows, int64_t cols, int64_t ld) {
  for (int64_t j = 0; j < cols; ++j)
    for (int64_t i = 0; i < rows; ++i) dst[j * rows + i] = static_cast<To>(static_cast<float>(src[j * ld + i]));
}

// float16 / bfloat16: each product through sgemm on float32 copies, rounded back once (NumPy
// accumulates half products in float32 too).
template <class H>
void half_gemm(const Gemm& g) {
  const host::Blas& B = host::blas();
  const int64_t ra = g.op_a == Op::N ? g.m : g.k, ca = g.op_a == Op::N ? g.k : g.m;
  const int64_t rb = g.op_b == Op::N ? g.k : g.n, cb = g.op_b == Op::N ? g.n : g.k;
  std::vector<float> A(ra * ca), Bm(rb * cb), C(g.m * g.n);
  for (int64_t i = 0; i < g.batch; ++i) {
    convert_matrix(A.data(), static_cast<const H*>(g.a) + i * g.stride_a, ra, ca, g.lda);
    convert_matrix(Bm.data(), static_cast<const H*>(g.b) + i * g.stride_b, rb, cb, g.ldb);
    B.sgemm(CblasColMajor, trans(g.op_a), trans(g.op_b), g.m, g.n, g.k, 1.0f, A.data(), std::max<int64_t>(ra, 1),
            Bm.data(), std::max<int64_t>(rb, 1), 0.0f, C.data(), std::max<int64_t>(g.m, 1));
    H* c = static_cast<H*>(g.c) + i * g.stride_c;
    for (int64_t j = 0; j < g.n; ++j)
      for (int64_t r = 0; r < g.m; ++r) c[j * g.ldc + r] = H(C[j * g.m + r]);
  }
}

// Each product of the batch through `gemm` (cblas_?gemm: alpha and beta by value for real types,
// by pointer for complex ones).
template <class T, class Gemm3, class S>
void batched_gemm(const Gemm& g, Gemm3 gemm, S one, S zero) {
  for (int64_t i = 0; i < g.batch; ++i)
    gemm(CblasColMajor, trans(g.op_a), trans(g.op_b), g.m, g.n, g.k, one, static_cast<const T*>(g.a) + i * g.stride_a,
         g.lda, static_cast<const T*>(g.b) + i * g.stride_b, g.ldb, zero, static_cast<T*>(g.c) + i * g.stride_c, g.ldc);
}

void host_gemm(const Gemm& g) {
  const host::Blas& B = host::blas();
  static const complex64 one64(1, 0), zero64(0, 0);
  static const complex128 one128(1, 0), zero128(0, 0);
  switch (g.dtype.type) {
    case ScalarType::Float32: return batched_gemm<float>(g, B.sgemm, 1.0f, 0.0f);
    case ScalarType::Float64: return batched_gemm<double>(g, B.dgemm, 1.0, 0.0);
    case ScalarType::Complex64: return batched_gemm<complex64>(g, B.cgemm, &one64, &zero64);
    case ScalarType::Complex128: return batched_gemm<complex128>(g, B.zgemm, &one128, &zero128);
    case ScalarType::Float16: return half_gemm<float16>(g);
    case ScalarType::BFloat16: return half_gemm<bfloat16>(g);
    default: throw TypeError("matmul: no BLAS product for dtype " + g.dtype.name());
  }
}

template <class T>
void loop_gemm_typed(const LoopGemm& g) {
  const T* A = static_cast<const T*>(g.a);
  const T* B = static_cast<const T*>(g.b);
  T* C = static_cast<T*>(g.c);
  for (int64_t p = 0; p < g.batch; ++p)
    for (int64_t i = 0; i < g.m; ++i)
      for (int64_t j = 0; j < g.n; ++j) {
        const T* a = A + p * g.sa[0] + i * g.sa[1];
        const T* b = B + p * g.sb[0] + j * g.sb[2];
        if constexpr (std::is_same_v<T, bool>) {
          bool acc = false;
          for (int64_t q = 0; q < g.k && !acc; ++q) acc = a[q * g.sa[2]] && b[q * g.sb[1]];
          C[p * g.sc[0] + i * g.sc[1] + j * g.sc[2]] = acc;
        } else {
          // Unsigned arithmetic: NumPy's wrap-around, without signed-overflow UB.
          // (At least 32 bits: uint16 * uint16 would promote to a signed int.)
          using U = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;
          U acc = 0;
          for (int64_t q = 0; q < g.k; ++q)
            acc += static_cast<U>(static_cast<U>(a[q * g.sa[2]]) * static_cast<U>(b[q * g.sb[1]]));
          C[p * g.sc[0] + i * g.sc[1] + j * g.sc[2]] = static_cast<T>(acc);
        }
      }
}

void host_loop_gemm(const LoopGemm& g) {
  switch (g.dtype.type) {
    case ScalarType::Bool: return loop_gemm_typed<bool>(g);
    case ScalarType::Int8: return loop_gemm_typed<int8_t>(g);
    case ScalarType::UInt8: return loop_gemm_typed<uint8_t>(g);
    case ScalarType::Int16: return loop_gemm_typed<int16_t>(g);
    case ScalarType::UInt16: return loop_gemm_typed<uint16_t>(g);
    case ScalarType::Int32: return loop_gemm_typed<int32_t>(g);
    case ScalarType::UInt32: return loop_gemm_typed<uint32_t>(g);
    case ScalarType::Int64: return loop_gemm_typed<int64_t>(g);
    case ScalarType::UInt64: return loop_gemm_typed<uint64_t>(g);
    default: throw TypeError("matmul: no integer product for dtype " + g.dtype.name());
  }
}

constexpr BlasFns kHostBlas{&host_gemm, &host_loop_gemm, nullptr};
const dispatch::Registration reg(blas_table(), DeviceType::Host, &kHostBlas);

}  // namespace

}  // namespace cupric::linalg
