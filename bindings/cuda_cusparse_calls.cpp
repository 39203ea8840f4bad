// cupric._core._runtime.cusparse.call: cuSPARSE's entry points as one signature table (the legacy
// s/d/c/z families, the index routines, the generic API's descriptors and operations), so that
// python/cupric/cuda/cusparse.py makes CuPy's several hundred functions from two tables instead of
// one hand-written wrapper each. See Note [cuSPARSE signature table].
#include <nanobind/stl/complex.h>
#include <nanobind/stl/string.h>
#include <array>
#include <complex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include "common.hpp"
#include "library_call.hpp"

namespace cupric::py {

// Note [cuSPARSE signature table]
// A row names an entry point ("cusparse?csrilu02"; '?' is the type letter S/D/C/Z) and the kinds
// of its C parameters in order. `call(pattern, t, *args)` takes the inputs in that order (outputs
// skipped), converts each to its C type, calls the entry and returns (status, outputs...). The C
// types matter: an int is passed as int and a pointer as a pointer (not every argument as a 64-bit
// integer), and the by-value scalar `tol` of *_compress is float, double, cuComplex or
// cuDoubleComplex by the type letter, so each row instantiates the exact C signature. Pointer
// arguments (handles, descriptors, arrays, alpha/beta, nnzTotalDevHostPtr, ...) are the
// integers CuPy's functions take; outputs are written to locals here and returned as integers.
// Python's table (cupric/cuda/cusparse.py) holds the parameter names; a test checks that the two
// agree on the count of inputs (`arity`).

namespace {

constexpr LibraryCall<CudaLibrary::Cusparse> call;

// Input kinds.
struct I {};  // int (enums, sizes, counts)
struct L {};  // int64_t
struct P {};  // a pointer, from an int
struct R {};  // the routine's scalar by value: float / double / cuComplex / cuDoubleComplex by s/d/c/z
// Output kinds: a local whose address is passed; its value is returned after the status.
struct OI {};   // int*
struct OL {};   // int64_t*
struct OP {};   // void**
struct OZ {};   // size_t*
struct IOZ {};  // size_t* that is read too (SpGEMM's bufferSize in/out): an input and an output

struct alignas(8) CF {  // cuComplex (float2) is 8-byte aligned
  float x, y;
};
struct alignas(16) CD {  // cuDoubleComplex is 16-byte aligned
  double x, y;
};

// Each kind: its C type, whether it is read from the arguments (in) and returned (out), `get`.
template <char t, class K>
struct Kind;
template <class T>
struct IntKind {
  static constexpr const char* what = "an int";
  using C = T;
  static constexpr bool in = true, out = false;
  static C get(nb::handle h) { return nb::cast<T>(h); }
};
template <char t>
struct Kind<t, I> : IntKind<int> {};
template <char t>
struct Kind<t, L> : IntKind<int64_t> {};
template <char t>
struct Kind<t, P> {
  static constexpr const char* what = "an int (an address or handle)";
  using C = void*;
  static constexpr bool in = true, out = false;
  static C get(nb::handle h) { return reinterpret_cast<void*>(static_cast<uintptr_t>(nb::cast<uint64_t>(h))); }
};
template <char t>
struct Kind<t, R> {
  static constexpr const char* what = t == 's' || t == 'd' ? "a real number" : "a number";
  using C =
      std::conditional_t<t == 's', float, std::conditional_t<t == 'd', double, std::conditional_t<t == 'c', CF, CD>>>;
  static constexpr bool in = true, out = false;
  static C get(nb::handle h) {
    if constexpr (t == 's' || t == 'd') {
      return static_cast<C>(nb::cast<double>(h));
    } else {
      const auto z = nb::cast<std::complex<double>>(h);
      using F = decltype(C::x);
      return C{static_cast<F>(z.real()), static_cast<F>(z.imag())};
    }
  }
};
template <char t, class T, bool reads>
struct OutKind {
  static constexpr const char* what = "an int (a size)";
  using C = T;
  static constexpr bool in = reads, out = true;
  static C get(nb::handle h) { return static_cast<C>(nb::cast<uint64_t>(h)); }
};
template <char t>
struct Kind<t, OI> : OutKind<t, int, false> {};
template <char t>
struct Kind<t, OL> : OutKind<t, int64_t, false> {};
template <char t>
struct Kind<t, OZ> : OutKind<t, size_t, false> {};
template <char t>
struct Kind<t, IOZ> : OutKind<t, size_t, true> {};
template <char t>
struct Kind<t, OP> {
  static constexpr const char* what = "";
  using C = void*;
  static constexpr bool in = false, out = true;
  static C get(nb::handle) { return nullptr; }
};

// The argument for the call: the value of an input, the address of an output's local.
template <char t, class K>
auto pass(typename Kind<t, K>::C& v) {
  if constexpr (Kind<t, K>::out)
    return &v;
  else
    return v;
}

// Appends an output's value to `out` (as an int); inputs append nothing.
template <char t, class K>
void append_output(nb::list& out, const typename Kind<t, K>::C& v) {
  if constexpr (!Kind<t, K>::out)
    return;
  else if constexpr (std::is_pointer_v<typename Kind<t, K>::C>)
    out.append(nb::int_(reinterpret_cast<uintptr_t>(v)));
  else
    out.append(nb::int_(v));
}

// Input `i` of `args` as kind K's C type; TypeError naming the argument when it does not convert.
template <char t, class K>
typename Kind<t, K>::C input(const std::string& symbol, const nb::args& args, size_t i) {
  nb::handle h(PyTuple_GET_ITEM(args.ptr(), static_cast<Py_ssize_t>(i)));
  try {
    return Kind<t, K>::get(h);
  } catch (const std::bad_cast&) {
    throw TypeError(symbol + ": argument " + std::to_string(i + 1) + " must be " + Kind<t, K>::what + ", got " +
                    Py_TYPE(h.ptr())->tp_name);
  }
}

template <char t, class... K>
nb::tuple invoke(const std::string& symbol, const nb::args& args) {
  constexpr std::array<bool, sizeof...(K)> takes{Kind<t, K>::in...};
  std::array<size_t, sizeof...(K)> slot{};
  size_t n = 0;
  for (size_t k = 0; k < takes.size(); ++k) slot[k] = takes[k] ? n++ : 0;
  if (args.size() != n)
    throw TypeError(symbol + " takes " + std::to_string(n) + " arguments (" + std::to_string(args.size()) + " given)");
  return [&]<size_t... k>(std::index_sequence<k...>) {
    std::tuple<typename Kind<t, K>::C...> v{};
    ((takes[k] ? void(std::get<k>(v) = input<t, K>(symbol, args, slot[k])) : void()), ...);
    const int status = call(symbol.c_str(), pass<t, K>(std::get<k>(v))...);
    nb::list out;
    out.append(status);
    (append_output<t, K>(out, std::get<k>(v)), ...);
    return nb::tuple(out);
  }(std::index_sequence_for<K...>{});
}

using Invoke = nb::tuple (*)(const std::string&, const nb::args&);

struct Row {
  std::array<Invoke, 4> by_type;  // s, d, c, z (one function for rows without a typed scalar)
  size_t arity;
};

template <class... K>
std::pair<const char*, Row> row(const char* pattern) {
  constexpr size_t arity = ((Kind<'s', K>::in ? 1 : 0) + ... + 0);
  if constexpr ((std::is_same_v<K, R> || ...))
    return {pattern, Row{{&invoke<'s', K...>, &invoke<'d', K...>, &invoke<'c', K...>, &invoke<'z', K...>}, arity}};
  else
    return {pattern, Row{{&invoke<'s', K...>, &invoke<'s', K...>, &invoke<'s', K...>, &invoke<'s', K...>}, arity}};
}

// Shapes shared by several entries.
template <class... Tail>
using Ilu = std::tuple<P, I, I, P, P, P, P, P, Tail...>;  // handle, m, nnz, descr, val, rowPtr, colInd, info
template <class... Tail>
using Bsr = std::tuple<P, I, I, I, P, P, P, P, I, P, Tail...>;  // handle, dir, mb, nnzb, descr, ..., blockDim, info
template <class... Tail>
using Geam2 = std::tuple<P, I, I, P, P, I, P, P, P, P, P, I, P, P, P, P, P, P, P, Tail...>;
template <class... Tail>
using Gtsv = std::tuple<P, I, I, P, P, P, P, I, Tail...>;  // handle, m, n, dl, d, du, B, ldb
template <class... Tail>
using GtsvStrided = std::tuple<P, I, P, P, P, P, I, I, Tail...>;  // handle, m, dl, d, du, x, count, stride
template <class... Tail>
using GtsvInterleaved = std::tuple<P, I, I, P, P, P, P, I, Tail...>;  // handle, algo, m, dl, d, du, x, count
template <class... Tail>
using GpsvInterleaved = std::tuple<P, I, I, P, P, P, P, P, P, I, Tail...>;  // + ds, dw
template <class... Tail>
using Sort = std::tuple<P, I, I, I, Tail...>;  // handle, m, n, nnz
template <class... Tail>
using SpSM = std::tuple<P, I, I, P, P, P, P, I, I, P, Tail...>;  // handle, opA, opB, alpha, A, B, C, type, alg, descr
template <class... Tail>
using SpGEMM = std::tuple<P, I, I, P, P, P, P, P, I, I, P, Tail...>;  // ..., alpha, A, B, beta, C, type, alg, descr
template <class... Tail>
using SpGEAM = std::tuple<P, I, I, P, P, P, P, P, I, I, P, Tail...>;  // ..., alpha, A, beta, B, C, type, alg, descr
template <class... Tail>
using Csr2csc = std::tuple<P, I, I, I, P, P, P, P, P, P, I, I, I, I, Tail...>;

template <class Tuple>
struct RowOf;
template <class... K>
struct RowOf<std::tuple<K...>> {
  static std::pair<const char*, Row> make(const char* pattern) { return row<K...>(pattern); }
};
// A row of one of the shapes above: shaped<Ilu<OI>>("cusparse?csrilu02_bufferSize").
template <class Tuple>
std::pair<const char*, Row> shaped(const char* pattern) {
  return RowOf<Tuple>::make(pattern);
}

const std::unordered_map<std::string, Row>& table() {
  static const std::unordered_map<std::string, Row> rows{
      // Extra functions: C = alpha A + beta B (legacy csrgeam2).
      shaped<Geam2<OZ>>("cusparse?csrgeam2_bufferSizeExt"),
      shaped<Geam2<P>>("cusparse?csrgeam2"),
      row<P, I, I, P, I, P, P, P, I, P, P, P, P, P, P>("cusparseXcsrgeam2Nnz"),
      // Format conversion and reordering.
      row<P, I, I, I, P, P, I, P, P>("cusparse?nnz"),
      row<P, I, P, P, P, P, OI, R>("cusparse?nnz_compress"),
      row<P, I, I, P, P, P, P, I, P, P, P, P, R>("cusparse?csr2csr_compress"),
      row<P, I, P>("cusparseCreateIdentityPermutation"),
      shaped<Sort<P, P, OZ>>("cusparseXcoosort_bufferSizeExt"),
      shaped<Sort<P, P, P, P>>("cusparseXcoosortByRow"),
      shaped<Sort<P, P, P, P>>("cusparseXcoosortByColumn"),
      shaped<Sort<P, P, OZ>>("cusparseXcsrsort_bufferSizeExt"),
      shaped<Sort<P, P, P, P, P>>("cusparseXcsrsort"),
      shaped<Sort<P, P, OZ>>("cusparseXcscsort_bufferSizeExt"),
      shaped<Sort<P, P, P, P, P>>("cusparseXcscsort"),
      row<P, P, I, I, P, I>("cusparseXcoo2csr"),
      row<P, P, I, I, P, I>("cusparseXcsr2coo"),
      shaped<Csr2csc<OZ>>("cusparseCsr2cscEx2_bufferSize"),
      shaped<Csr2csc<P>>("cusparseCsr2cscEx2"),
      // Preconditioners: incomplete LU and Cholesky of CSR and BSR matrices.
      row<OP>("cusparseCreateCsrilu02Info"),
      row<P>("cusparseDestroyCsrilu02Info"),
      row<OP>("cusparseCreateBsrilu02Info"),
      row<P>("cusparseDestroyBsrilu02Info"),
      row<OP>("cusparseCreateCsric02Info"),
      row<P>("cusparseDestroyCsric02Info"),
      row<OP>("cusparseCreateBsric02Info"),
      row<P>("cusparseDestroyBsric02Info"),
      row<P, P, I, P, P>("cusparse?csrilu02_numericBoost"),
      row<P, P, I, P, P>("cusparse?bsrilu02_numericBoost"),
      row<P, P, P>("cusparseXcsrilu02_zeroPivot"),
      row<P, P, P>("cusparseXbsrilu02_zeroPivot"),
      row<P, P, P>("cusparseXcsric02_zeroPivot"),
      row<P, P, P>("cusparseXbsric02_zeroPivot"),
      shaped<Ilu<OI>>("cusparse?csrilu02_bufferSize"),
      shaped<Ilu<I, P>>("cusparse?csrilu02_analysis"),
      shaped<Ilu<I, P>>("cusparse?csrilu02"),
      shaped<Ilu<OI>>("cusparse?csric02_bufferSize"),
      shaped<Ilu<I, P>>("cusparse?csric02_analysis"),
      shaped<Ilu<I, P>>("cusparse?csric02"),
      shaped<Bsr<OI>>("cusparse?bsrilu02_bufferSize"),
      shaped<Bsr<I, P>>("cusparse?bsrilu02_analysis"),
      shaped<Bsr<I, P>>("cusparse?bsrilu02"),
      shaped<Bsr<OI>>("cusparse?bsric02_bufferSize"),
      shaped<Bsr<I, P>>("cusparse?bsric02_analysis"),
      shaped<Bsr<I, P>>("cusparse?bsric02"),
      // Tridiagonal and pentadiagonal solvers.
      shaped<Gtsv<OZ>>("cusparse?gtsv2_bufferSizeExt"),
      shaped<Gtsv<P>>("cusparse?gtsv2"),
      shaped<Gtsv<OZ>>("cusparse?gtsv2_nopivot_bufferSizeExt"),
      shaped<Gtsv<P>>("cusparse?gtsv2_nopivot"),
      shaped<GtsvStrided<OZ>>("cusparse?gtsv2StridedBatch_bufferSizeExt"),
      shaped<GtsvStrided<P>>("cusparse?gtsv2StridedBatch"),
      shaped<GtsvInterleaved<OZ>>("cusparse?gtsvInterleavedBatch_bufferSizeExt"),
      shaped<GtsvInterleaved<P>>("cusparse?gtsvInterleavedBatch"),
      shaped<GpsvInterleaved<OZ>>("cusparse?gpsvInterleavedBatch_bufferSizeExt"),
      shaped<GpsvInterleaved<P>>("cusparse?gpsvInterleavedBatch"),
      // The generic API: sparse vectors and the descriptors' getters and setters.
      row<OP, L, L, P, P, I, I, I>("cusparseCreateSpVec"),
      row<P>("cusparseDestroySpVec"),
      row<P, OL, OL, OP, OP, OI, OI, OI>("cusparseSpVecGet"),
      row<P, OI>("cusparseSpVecGetIndexBase"),
      row<P, OP>("cusparseSpVecGetValues"),
      row<P, P>("cusparseSpVecSetValues"),
      row<P, OL, OL, OL, OP, OP, OP, OI, OI, OI>("cusparseCooGet"),
      row<P, OL, OL, OL, OP, OP, OP, OI, OI, OI, OI>("cusparseCsrGet"),
      row<P, P, P, P>("cusparseCsrSetPointers"),
      row<P, OP>("cusparseSpMatGetValues"),
      row<P, P>("cusparseSpMatSetValues"),
      row<P, OI>("cusparseSpMatGetStridedBatch"),
      row<P, P, P, P>("cusparseSpMatGetSize"),
      row<P, OL, OP, OI>("cusparseDnVecGet"),
      row<P, OP>("cusparseDnVecGetValues"),
      row<P, P>("cusparseDnVecSetValues"),
      row<P, OL, OL, OL, OP, OI, OI>("cusparseDnMatGet"),
      row<P, OP>("cusparseDnMatGetValues"),
      row<P, P>("cusparseDnMatSetValues"),
      row<P, OI, OL>("cusparseDnMatGetStridedBatch"),
      row<P, I, L>("cusparseDnMatSetStridedBatch"),
      // The generic API's operations.
      row<P, I, P, P, P, I, OZ>("cusparseSpVV_bufferSize"),
      row<P, I, P, P, P, I, P>("cusparseSpVV"),
      row<P, P, P>("cusparseGather"),
      row<OP>("cusparseSpSM_createDescr"),
      row<P>("cusparseSpSM_destroyDescr"),
      shaped<SpSM<OZ>>("cusparseSpSM_bufferSize"),
      shaped<SpSM<P>>("cusparseSpSM_analysis"),
      shaped<SpSM<>>("cusparseSpSM_solve"),
      row<OP>("cusparseSpGEMM_createDescr"),
      row<P>("cusparseSpGEMM_destroyDescr"),
      shaped<SpGEMM<IOZ, P>>("cusparseSpGEMM_workEstimation"),
      shaped<SpGEMM<IOZ, P>>("cusparseSpGEMM_compute"),
      shaped<SpGEMM<>>("cusparseSpGEMM_copy"),
      row<OP>("cusparseSpGEAM_createDescr"),
      row<P>("cusparseSpGEAM_destroyDescr"),
      shaped<SpGEAM<OZ>>("cusparseSpGEAM_bufferSize"),
      shaped<SpGEAM<P>>("cusparseSpGEAM_nnz"),
      shaped<SpGEAM<P>>("cusparseSpGEAM"),
      row<P, P, P, I, OZ>("cusparseSparseToDense_bufferSize"),
      row<P, P, P, I, P>("cusparseSparseToDense"),
      row<P, P, P, I, OZ>("cusparseDenseToSparse_bufferSize"),
      row<P, P, P, I, P>("cusparseDenseToSparse_analysis"),
      row<P, P, P, I, P>("cusparseDenseToSparse_convert"),
  };
  return rows;
}

const Row& find(const std::string& pattern) {
  auto it = table().find(pattern);
  if (it == table().end()) throw ValueError("no cuSPARSE entry '" + pattern + "' in the signature table");
  return it->second;
}

}  // namespace

void init_cuda_cusparse_calls(nb::module_& m) {
  m.def(
      "call",
      [](const std::string& pattern, const std::string& type, const nb::args& args) {
        const Row& row = find(pattern);
        const auto q = pattern.find('?');
        if (q == std::string::npos) return row.by_type[0](pattern, args);
        static const std::string letters = "sdcz";
        const auto k = type.size() == 1 ? letters.find(type[0]) : std::string::npos;
        if (k == std::string::npos)
          throw ValueError("the cuSPARSE type must be 's', 'd', 'c' or 'z', got '" + type + "'");
        std::string symbol = pattern;
        symbol[q] = static_cast<char>(type[0] - 'a' + 'A');
        return row.by_type[k](symbol, args);
      },
      "Calls cuSPARSE entry `pattern` ('?' replaced by the type letter) with `args`: (status, outputs...).");
  m.def("arity", [](const std::string& pattern) { return find(pattern).arity; });
  m.def("patterns", []() {
    nb::list out;
    for (const auto& [k, v] : table()) out.append(k);
    return out;
  });
}

}  // namespace cupric::py
