// The host BLAS/LAPACK (PyPI's scipy-openblas64, ILP64, `scipy_`-prefixed symbols), loaded with
// dlopen at the first host linalg call (Note [OpenBLAS loading] in openblas.cpp).
//
// Any entry point the wheel exports is reachable without editing this file:
//   auto getrf = openblas_fn<decltype(&scipy_LAPACKE_dgetrf64_)>("scipy_LAPACKE_dgetrf64_");
// or, for a symbol whose prototype a header declares, CUPRIC_OPENBLAS_FN(scipy_dgetrf_64_).
// The headers (cblas.h, lapack.h, lapacke.h) give the prototypes only; nothing is linked.
#pragma once
#include <cblas.h>
#include <cstdint>

namespace cupric::linalg::host {

// OpenBLAS's handle, loaded (and its thread pool capped) on the first call; throws RuntimeError
// naming `pip install scipy-openblas64` when the library is not found.
void* openblas_handle();
// The address of `name` in OpenBLAS; RuntimeError when this build of the library lacks it.
void* openblas_symbol(const char* name);
template <class Fn>
Fn openblas_fn(const char* name) {
  return reinterpret_cast<Fn>(openblas_symbol(name));
}
#define CUPRIC_OPENBLAS_FN(sym) ::cupric::linalg::host::openblas_fn<decltype(&sym)>(#sym)

// The thread count OpenBLAS was capped to (loads it).
int openblas_num_threads();

// The BLAS entry points the products use, resolved together on first use.
struct Blas {
  decltype(&scipy_cblas_sgemm64_) sgemm;
  decltype(&scipy_cblas_dgemm64_) dgemm;
  decltype(&scipy_cblas_cgemm64_) cgemm;
  decltype(&scipy_cblas_zgemm64_) zgemm;
  decltype(&scipy_cblas_sgemv64_) sgemv;
  decltype(&scipy_cblas_dgemv64_) dgemv;
  decltype(&scipy_cblas_cgemv64_) cgemv;
  decltype(&scipy_cblas_zgemv64_) zgemv;
  decltype(&scipy_cblas_sdot64_) sdot;
  decltype(&scipy_cblas_ddot64_) ddot;
  decltype(&scipy_cblas_cdotu_sub64_) cdotu;
  decltype(&scipy_cblas_zdotu_sub64_) zdotu;
  decltype(&scipy_cblas_cdotc_sub64_) cdotc;
  decltype(&scipy_cblas_zdotc_sub64_) zdotc;
};
const Blas& blas();

}  // namespace cupric::linalg::host
