// cupric._core._runtime.cusolver: cupric.cuda.cusolver's calls (CuPy's cupy.cuda.cusolver): handles,
// arrays and work areas as integers; each returns the cusolverStatus_t (with the output it asks
// for) for Python's CUSOLVERError. Thin: one library call each, through the dlopen'ed cuSOLVER
// of src/runtime/cuda/libs/cusolver.hpp (cupric/runtime/library_handles.hpp's call_library).
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <string>
#include "common.hpp"
#include "library_call.hpp"

namespace cupric::py {

namespace {

constexpr LibraryCall<CudaLibrary::Cusolver> call;

// cuSOLVER's dense entry point of the routine for the LAPACK type code t ('s', 'd', 'c', 'z'):
// cusolverDn<T><real> for real types, cusolverDn<T><complex> (ungqr, unmqr, heevd) for complex.
std::string dn(const std::string& t, const char* real, const char* complex = nullptr) {
  if (t.size() != 1 || std::string("sdcz").find(t[0]) == std::string::npos)
    throw ValueError("the LAPACK type must be 's', 'd', 'c' or 'z', got '" + t + "'");
  const bool cplx = t[0] == 'c' || t[0] == 'z';
  return std::string("cusolverDn") + static_cast<char>(t[0] - 'a' + 'A') + (cplx && complex ? complex : real);
}

// Runs a *_bufferSize entry: (status, lwork).
template <class... A>
std::pair<int, int> lwork(const std::string& name, A... a) {
  int lw = 0;
  int s = call(name, a..., &lw);
  return {s, lw};
}

}  // namespace

void init_cuda_cusolver(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cusolver", "cupric.cuda.cusolver's calls; each returns the cusolverStatus_t");
  m.def("create", []() {
    void* h = nullptr;
    int s = call("cusolverDnCreate", &h);
    return std::make_pair(s, reinterpret_cast<u>(h));
  });
  m.def("destroy", [](u h) { return call("cusolverDnDestroy", V(h)); });
  m.def("set_stream", [](u h, u stream) { return call("cusolverDnSetStream", V(h), V(stream)); });
  m.def("get_stream", [](u h) {
    void* x = nullptr;
    int s = call("cusolverDnGetStream", V(h), &x);
    return std::make_pair(s, reinterpret_cast<u>(x));
  });
  m.def("sp_create", []() {
    void* h = nullptr;
    int s = call("cusolverSpCreate", &h);
    return std::make_pair(s, reinterpret_cast<u>(h));
  });
  m.def("sp_destroy", [](u h) { return call("cusolverSpDestroy", V(h)); });
  m.def("sp_set_stream", [](u h, u stream) { return call("cusolverSpSetStream", V(h), V(stream)); });
  m.def("sp_get_stream", [](u h) {
    void* x = nullptr;
    int s = call("cusolverSpGetStream", V(h), &x);
    return std::make_pair(s, reinterpret_cast<u>(x));
  });
  m.def("get_property", [](int type) {
    int v = 0;
    int s = call("cusolverGetProperty", type, &v);
    return std::make_pair(s, v);
  });

  m.def("potrf_buffer_size", [](const std::string& t, u h, int uplo, int n, u a, int lda) {
    return lwork(dn(t, "potrf_bufferSize"), V(h), uplo, n, V(a), lda);
  });
  m.def("potrf", [](const std::string& t, u h, int uplo, int n, u a, int lda, u work, int lw, u info) {
    return call(dn(t, "potrf"), V(h), uplo, n, V(a), lda, V(work), lw, V(info));
  });
  m.def("potrs", [](const std::string& t, u h, int uplo, int n, int nrhs, u a, int lda, u b, int ldb, u info) {
    return call(dn(t, "potrs"), V(h), uplo, n, nrhs, V(a), lda, V(b), ldb, V(info));
  });
  m.def("getrf_buffer_size", [](const std::string& t, u h, int mm, int n, u a, int lda) {
    return lwork(dn(t, "getrf_bufferSize"), V(h), mm, n, V(a), lda);
  });
  m.def("getrf", [](const std::string& t, u h, int mm, int n, u a, int lda, u work, u ipiv, u info) {
    return call(dn(t, "getrf"), V(h), mm, n, V(a), lda, V(work), V(ipiv), V(info));
  });
  m.def("getrs", [](const std::string& t, u h, int trans, int n, int nrhs, u a, int lda, u ipiv, u b, int ldb, u info) {
    return call(dn(t, "getrs"), V(h), trans, n, nrhs, V(a), lda, V(ipiv), V(b), ldb, V(info));
  });
  m.def("geqrf_buffer_size", [](const std::string& t, u h, int mm, int n, u a, int lda) {
    return lwork(dn(t, "geqrf_bufferSize"), V(h), mm, n, V(a), lda);
  });
  m.def("geqrf", [](const std::string& t, u h, int mm, int n, u a, int lda, u tau, u work, int lw, u info) {
    return call(dn(t, "geqrf"), V(h), mm, n, V(a), lda, V(tau), V(work), lw, V(info));
  });
  m.def("orgqr_buffer_size", [](const std::string& t, u h, int mm, int n, int k, u a, int lda, u tau) {
    return lwork(dn(t, "orgqr_bufferSize", "ungqr_bufferSize"), V(h), mm, n, k, V(a), lda, V(tau));
  });
  m.def("orgqr", [](const std::string& t, u h, int mm, int n, int k, u a, int lda, u tau, u work, int lw, u info) {
    return call(dn(t, "orgqr", "ungqr"), V(h), mm, n, k, V(a), lda, V(tau), V(work), lw, V(info));
  });
  m.def("ormqr_buffer_size",
        [](const std::string& t, u h, int side, int trans, int mm, int n, int k, u a, int lda, u tau, u c, int ldc) {
          return lwork(dn(t, "ormqr_bufferSize", "unmqr_bufferSize"), V(h), side, trans, mm, n, k, V(a), lda, V(tau),
                       V(c), ldc);
        });
  m.def("ormqr", [](const std::string& t, u h, int side, int trans, int mm, int n, int k, u a, int lda, u tau, u c,
                    int ldc, u work, int lw, u info) {
    return call(dn(t, "ormqr", "unmqr"), V(h), side, trans, mm, n, k, V(a), lda, V(tau), V(c), ldc, V(work), lw,
                V(info));
  });
  m.def("gesvd_buffer_size",
        [](const std::string& t, u h, int mm, int n) { return lwork(dn(t, "gesvd_bufferSize"), V(h), mm, n); });
  m.def("gesvd", [](const std::string& t, u h, int jobu, int jobvt, int mm, int n, u a, int lda, u s, u uu, int ldu,
                    u vt, int ldvt, u work, int lw, u rwork, u info) {
    return call(dn(t, "gesvd"), V(h), static_cast<signed char>(jobu), static_cast<signed char>(jobvt), mm, n, V(a), lda,
                V(s), V(uu), ldu, V(vt), ldvt, V(work), lw, V(rwork), V(info));
  });
  m.def("syevd_buffer_size", [](const std::string& t, u h, int jobz, int uplo, int n, u a, int lda, u w) {
    return lwork(dn(t, "syevd_bufferSize", "heevd_bufferSize"), V(h), jobz, uplo, n, V(a), lda, V(w));
  });
  m.def("syevd", [](const std::string& t, u h, int jobz, int uplo, int n, u a, int lda, u w, u work, int lw, u info) {
    return call(dn(t, "syevd", "heevd"), V(h), jobz, uplo, n, V(a), lda, V(w), V(work), lw, V(info));
  });
}

}  // namespace cupric::py
