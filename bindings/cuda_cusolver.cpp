// cupric._core._runtime.cusolver: every function of cupric.cuda.cusolver (CuPy's
// cupy_backends.cuda.libs.cusolver), one row per routine family (Note [Library entry rows] in
// library_entry.hpp): the C parameter list once, the s/d/c/z (or IRS precision pair) names, and
// CuPy's argument names. Handles and arrays are integers; outputs are returned; a failed status
// raises cupric.cuda.cusolver.CUSOLVERError.
#include "library_entry.hpp"

namespace cupric::py {

namespace {

using namespace entry;
using namespace entry::c_types;
using SC = signed char;

PyObject* g_error = nullptr;  // CUSOLVERError

constexpr Kind kNone{nullptr, true};        // handle-free calls, getters, setters
constexpr Kind kQuery{&kCusolverDn, true};  // *_bufferSize: bound to the current stream, GIL kept
constexpr Kind kRun{&kCusolverDn, false};   // the routines themselves
constexpr Kind kSparse{&kCusolverSp, false};

template <class S>
void rows(nb::module_& m, Kind kind, const std::vector<Name>& names, const std::array<const char*, S::n_py>& args) {
  def_entries<S>(m, CudaLibrary::Cusolver, &g_error, kind, names, args);
}

std::vector<Name> dn(const char* types, const char* routine) {
  return typed(types, (std::string("{t}") + routine).c_str(), (std::string("cusolverDn{T}") + routine).c_str());
}
// s/d use the real routine's name, c/z the complex one's (orgqr/ungqr, syevd/heevd, ...).
std::vector<Name> dn2(const char* real, const char* complex) { return join({dn("s d", real), dn("c z", complex)}); }
std::vector<Name> with_buffer_size(std::vector<Name> names) {
  for (Name& n : names) n.py += "_bufferSize", n.c += "_bufferSize";
  return names;
}

constexpr const char* kIrsTypes = "zz zc zk zy cc ck cy dd ds dh dx ss sh sx";

void handles(nb::module_& m) {
  rows<Sig<Out<P>>>(m, kNone, one("create", "cusolverDnCreate"), {});
  rows<Sig<P>>(m, kNone, one("destroy", "cusolverDnDestroy"), {"handle"});
  rows<Sig<P, P>>(m, kNone, one("setStream", "cusolverDnSetStream"), {"handle", "stream"});
  rows<Sig<P, Out<P>>>(m, kNone, one("getStream", "cusolverDnGetStream"), {"handle"});
  rows<Sig<Out<P>>>(m, kNone, one("spCreate", "cusolverSpCreate"), {});
  rows<Sig<P>>(m, kNone, one("spDestroy", "cusolverSpDestroy"), {"handle"});
  rows<Sig<P, P>>(m, kNone, one("spSetStream", "cusolverSpSetStream"), {"handle", "stream"});
  rows<Sig<P, Out<P>>>(m, kNone, one("spGetStream", "cusolverSpGetStream"), {"handle"});
  rows<Sig<I, Out<I>>>(m, kNone, one("getProperty", "cusolverGetProperty"), {"type"});
  rows<Sig<Out<P>>>(m, kNone, one("createParams", "cusolverDnCreateParams"), {});
  rows<Sig<P>>(m, kNone, one("destroyParams", "cusolverDnDestroyParams"), {"params"});
  // The Jacobi solvers' parameter objects (syevjInfo_t, gesvdjInfo_t).
  for (const char* j : {"syevj", "gesvdj"}) {
    std::string J = std::string(1, static_cast<char>(j[0] - 'a' + 'A')) + (j + 1);
    rows<Sig<Out<P>>>(m, kNone, {{"create" + J + "Info", "cusolverDnCreate" + J + "Info"}}, {});
    rows<Sig<P>>(m, kNone, {{"destroy" + J + "Info", "cusolverDnDestroy" + J + "Info"}}, {"info"});
    std::string x = std::string("x") + j, cx = std::string("cusolverDnX") + j;
    rows<Sig<P, D>>(m, kNone, {{x + "SetTolerance", cx + "SetTolerance"}}, {"info", "tolerance"});
    rows<Sig<P, I>>(m, kNone, {{x + "SetMaxSweeps", cx + "SetMaxSweeps"}}, {"info", "max_sweeps"});
    rows<Sig<P, I>>(m, kNone, {{x + "SetSortEig", cx + "SetSortEig"}}, {"info", j[0] == 's' ? "sort_eig" : "sort_svd"});
    rows<Sig<P, P, Out<D>>>(m, kNone, {{x + "GetResidual", cx + "GetResidual"}}, {"handle", "info"});
    rows<Sig<P, P, Out<I>>>(m, kNone, {{x + "GetSweeps", cx + "GetSweeps"}}, {"handle", "info"});
  }
}

void linear_solvers(nb::module_& m) {
  rows<Sig<P, I, I, P, I, Out<I>>>(m, kQuery, dn("s d c z", "potrf_bufferSize"), {"handle", "uplo", "n", "A", "lda"});
  rows<Sig<P, I, I, P, I, P, I, P>>(m, kRun, dn("s d c z", "potrf"),
                                    {"handle", "uplo", "n", "A", "lda", "work", "lwork", "devInfo"});
  rows<Sig<P, I, I, I, P, I, P, I, P>>(m, kRun, dn("s d c z", "potrs"),
                                       {"handle", "uplo", "n", "nrhs", "A", "lda", "B", "ldb", "devInfo"});
  rows<Sig<P, I, I, P, I, P, I>>(m, kRun, dn("s d c z", "potrfBatched"),
                                 {"handle", "uplo", "n", "Aarray", "lda", "infoArray", "batchSize"});
  rows<Sig<P, I, I, I, P, I, P, I, P, I>>(
      m, kRun, dn("s d c z", "potrsBatched"),
      {"handle", "uplo", "n", "nrhs", "Aarray", "lda", "Barray", "ldb", "devInfo", "batchSize"});
  for (const char* r : {"getrf_bufferSize", "geqrf_bufferSize"})
    rows<Sig<P, I, I, P, I, Out<I>>>(m, kQuery, dn("s d c z", r), {"handle", "m", "n", "A", "lda"});
  rows<Sig<P, I, I, P, I, P, P, P>>(m, kRun, dn("s d c z", "getrf"),
                                    {"handle", "m", "n", "A", "lda", "work", "devIpiv", "devInfo"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P>>(
      m, kRun, dn("s d c z", "getrs"), {"handle", "trans", "n", "nrhs", "A", "lda", "devIpiv", "B", "ldb", "devInfo"});
  rows<Sig<P, I, I, P, I, P, P, I, P>>(m, kRun, dn("s d c z", "geqrf"),
                                       {"handle", "m", "n", "A", "lda", "tau", "work", "lwork", "devInfo"});
  rows<Sig<P, I, I, I, P, I, P, Out<I>>>(m, kQuery, with_buffer_size(dn2("orgqr", "ungqr")),
                                         {"handle", "m", "n", "k", "A", "lda", "tau"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P>>(m, kRun, dn2("orgqr", "ungqr"),
                                          {"handle", "m", "n", "k", "A", "lda", "tau", "work", "lwork", "devInfo"});
  rows<Sig<P, I, I, I, I, I, P, I, P, P, I, Out<I>>>(
      m, kQuery, with_buffer_size(dn2("ormqr", "unmqr")),
      {"handle", "side", "trans", "m", "n", "k", "A", "lda", "tau", "C", "ldc"});
  // CuPy also names cunmqr/zunmqr cormqr/zormqr.
  std::vector<Name> ormqr = join({dn2("ormqr", "unmqr"), typed("c z", "{t}ormqr", "cusolverDn{T}unmqr")});
  rows<Sig<P, I, I, I, I, I, P, I, P, P, I, P, I, P>>(
      m, kRun, ormqr,
      {"handle", "side", "trans", "m", "n", "k", "A", "lda", "tau", "C", "ldc", "work", "lwork", "devInfo"});
  rows<Sig<P, I, P, I, Out<I>>>(m, kQuery, dn("s d c z", "sytrf_bufferSize"), {"handle", "n", "A", "lda"});
  rows<Sig<P, I, I, P, I, P, P, I, P>>(m, kRun, dn("s d c z", "sytrf"),
                                       {"handle", "uplo", "n", "A", "lda", "ipiv", "work", "lwork", "devInfo"});
}

// Mixed-precision iterative refinement (cusolverDn<XY>gesv / gels): the buffer size in bytes,
// and the solve returning the number of refinement iterations (negative: it fell back).
void iterative_refinement(nb::module_& m) {
  rows<Sig<P, I, I, P, I, P, P, I, P, I, P, Out<Z>>>(
      m, kQuery, typed(kIrsTypes, "{t}gesv_bufferSize", "cusolverDn{T}gesv_bufferSize"),
      {"handle", "n", "nrhs", "dA", "ldda", "dipiv", "dB", "lddb", "dX", "lddx", "dwork"});
  rows<Sig<P, I, I, P, I, P, P, I, P, I, P, Z, Out<I>, P>>(
      m, kRun, typed(kIrsTypes, "{t}gesv", "cusolverDn{T}gesv"),
      {"handle", "n", "nrhs", "dA", "ldda", "dipiv", "dB", "lddb", "dX", "lddx", "dwork", "lwork_bytes", "dInfo"});
  rows<Sig<P, I, I, I, P, I, P, I, P, I, P, Out<Z>>>(
      m, kQuery, typed(kIrsTypes, "{t}gels_bufferSize", "cusolverDn{T}gels_bufferSize"),
      {"handle", "m", "n", "nrhs", "dA", "ldda", "dB", "lddb", "dX", "lddx", "dwork"});
  rows<Sig<P, I, I, I, P, I, P, I, P, I, P, Z, Out<I>, P>>(
      m, kRun, typed(kIrsTypes, "{t}gels", "cusolverDn{T}gels"),
      {"handle", "m", "n", "nrhs", "dA", "ldda", "dB", "lddb", "dX", "lddx", "dwork", "lwork_bytes", "dInfo"});
}

void eigen_and_svd(nb::module_& m) {
  for (const char* r : {"gebrd_bufferSize", "gesvd_bufferSize"})
    rows<Sig<P, I, I, Out<I>>>(m, kQuery, dn("s d c z", r), {"handle", "m", "n"});
  rows<Sig<P, I, I, P, I, P, P, P, P, P, I, P>>(
      m, kRun, dn("s d c z", "gebrd"),
      {"handle", "m", "n", "A", "lda", "D", "E", "tauQ", "tauP", "Work", "lwork", "devInfo"});
  // gesvd's job letters: cupric.cuda.cusolver's <t>gesvd also takes 'A'/'S'/'O'/'N' as str.
  rows<Sig<P, SC, SC, I, I, P, I, P, P, I, P, I, P, I, P, P>>(
      m, kRun, typed("s d c z", "_{t}gesvd", "cusolverDn{T}gesvd"),
      {"handle", "jobu", "jobvt", "m", "n", "A", "lda", "S", "U", "ldu", "VT", "ldvt", "Work", "lwork", "rwork",
       "devInfo"});
  rows<Sig<P, I, I, I, I, P, I, P, P, I, P, I, Out<I>, P>>(
      m, kQuery, dn("s d c z", "gesvdj_bufferSize"),
      {"handle", "jobz", "econ", "m", "n", "A", "lda", "S", "U", "ldu", "V", "ldv", "params"});
  rows<Sig<P, I, I, I, I, P, I, P, P, I, P, I, P, I, P, P>>(
      m, kRun, dn("s d c z", "gesvdj"),
      {"handle", "jobz", "econ", "m", "n", "A", "lda", "S", "U", "ldu", "V", "ldv", "work", "lwork", "info", "params"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P, I, Out<I>, P, I>>(
      m, kQuery, dn("s d c z", "gesvdjBatched_bufferSize"),
      {"handle", "jobz", "m", "n", "A", "lda", "S", "U", "ldu", "V", "ldv", "params", "batchSize"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P, I, P, I, P, P, I>>(
      m, kRun, dn("s d c z", "gesvdjBatched"),
      {"handle", "jobz", "m", "n", "A", "lda", "S", "U", "ldu", "V", "ldv", "work", "lwork", "info", "params",
       "batchSize"});
  // As CuPy: gesvdaStridedBatched_bufferSize leaves the handle's stream alone.
  rows<Sig<P, I, I, I, I, P, I, L, P, L, P, I, L, P, I, L, Out<I>, I>>(
      m, kNone, dn("s d c z", "gesvdaStridedBatched_bufferSize"),
      {"handle", "jobz", "rank", "m", "n", "d_A", "lda", "strideA", "d_S", "strideS", "d_U", "ldu", "strideU", "d_V",
       "ldv", "strideV", "batchSize"});
  rows<Sig<P, I, I, I, I, P, I, L, P, L, P, I, L, P, I, L, P, I, P, P, I>>(
      m, kRun, dn("s d c z", "gesvdaStridedBatched"),
      {"handle", "jobz",    "rank", "m",   "n",       "d_A",    "lda",   "strideA", "d_S",      "strideS",  "d_U",
       "ldu",    "strideU", "d_V",  "ldv", "strideV", "d_work", "lwork", "d_info",  "h_R_nrmF", "batchSize"});
  rows<Sig<P, I, I, I, P, I, P, Out<I>>>(m, kQuery, with_buffer_size(dn2("syevd", "heevd")),
                                         {"handle", "jobz", "uplo", "n", "A", "lda", "W"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P>>(m, kRun, dn2("syevd", "heevd"),
                                          {"handle", "jobz", "uplo", "n", "A", "lda", "W", "work", "lwork", "info"});
  rows<Sig<P, I, I, I, P, I, P, Out<I>, P>>(m, kQuery, with_buffer_size(dn2("syevj", "heevj")),
                                            {"handle", "jobz", "uplo", "n", "A", "lda", "W", "params"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P, P>>(
      m, kRun, dn2("syevj", "heevj"),
      {"handle", "jobz", "uplo", "n", "A", "lda", "W", "work", "lwork", "info", "params"});
  rows<Sig<P, I, I, I, P, I, P, Out<I>, P, I>>(m, kQuery, with_buffer_size(dn2("syevjBatched", "heevjBatched")),
                                               {"handle", "jobz", "uplo", "n", "A", "lda", "W", "params", "batchSize"});
  rows<Sig<P, I, I, I, P, I, P, P, I, P, P, I>>(
      m, kRun, dn2("syevjBatched", "heevjBatched"),
      {"handle", "jobz", "uplo", "n", "A", "lda", "W", "work", "lwork", "info", "params", "batchSize"});
  // The 64-bit generic API (cusolverDnX*): data types are runtime.CUDA_R_64F etc.; the buffer
  // sizes are (bytes on the device, bytes on the host).
  rows<Sig<P, P, I, I, L, I, P, L, I, P, I, Out<Z>, Out<Z>>>(
      m, kQuery, one("xsyevd_bufferSize", "cusolverDnXsyevd_bufferSize"),
      {"handle", "params", "jobz", "uplo", "n", "dataTypeA", "A", "lda", "dataTypeW", "W", "computeType"});
  rows<Sig<P, P, I, I, L, I, P, L, I, P, I, P, Z, P, Z, P>>(
      m, kRun, one("xsyevd", "cusolverDnXsyevd"),
      {"handle", "params", "jobz", "uplo", "n", "dataTypeA", "A", "lda", "dataTypeW", "W", "computeType",
       "bufferOnDevice", "workspaceInBytesOnDevice", "bufferOnHost", "workspaceInBytesOnHost", "info"});
  rows<Sig<P, P, I, I, L, I, P, L, I, P, I, P, L, I, P, L, I, Out<Z>, Out<Z>>>(
      m, kQuery, one("xgeev_bufferSize", "cusolverDnXgeev_bufferSize"),
      {"handle", "params", "jobvl", "jobvr", "n", "dataTypeA", "A", "lda", "dataTypeW", "W", "dataTypeVL", "VL", "ldvl",
       "dataTypeVR", "VR", "ldvr", "computeType"});
  rows<Sig<P, P, I, I, L, I, P, L, I, P, I, P, L, I, P, L, I, P, Z, P, Z, P>>(m, kRun, one("xgeev", "cusolverDnXgeev"),
                                                                              {"handle",
                                                                               "params",
                                                                               "jobvl",
                                                                               "jobvr",
                                                                               "n",
                                                                               "dataTypeA",
                                                                               "A",
                                                                               "lda",
                                                                               "dataTypeW",
                                                                               "W",
                                                                               "dataTypeVL",
                                                                               "VL",
                                                                               "ldvl",
                                                                               "dataTypeVR",
                                                                               "VR",
                                                                               "ldvr",
                                                                               "computeType",
                                                                               "bufferOnDevice",
                                                                               "workspaceInBytesOnDevice",
                                                                               "bufferOnHost",
                                                                               "workspaceInBytesOnHost",
                                                                               "info"});
}

// cusolverSp: CSR solves (QR, Cholesky) and shift-inverse eigenvalue iteration. The tolerance
// is float for s/c, double for d/z; CuPy names the complex ones' arrays without the trailing A.
template <class R>
void csr_solves(nb::module_& m, const char* t, bool complex) {
  using S = Sig<P, I, I, P, P, P, P, P, R, I, P, P>;
  std::array<const char*, S::n_py> args{"handle",     "m", "nnz", "descrA",  "csrValA", "csrRowPtrA",
                                        "csrColIndA", "b", "tol", "reorder", "x",       "singularity"};
  if (complex) args[4] = "csrVal", args[5] = "csrRowPtr", args[6] = "csrColInd";
  for (const char* r : {"csrlsvqr", "csrlsvchol"})
    rows<S>(m, kSparse, typed(t, (std::string("{t}") + r).c_str(), (std::string("cusolverSp{T}") + r).c_str()), args);
}
template <class Mu, class R>
void csr_eigen(nb::module_& m, const char* t) {
  rows<Sig<P, I, I, P, P, P, P, Mu, P, I, R, P, P>>(
      m, kSparse, typed(t, "{t}csreigvsi", "cusolverSp{T}csreigvsi"),
      {"handle", "m", "nnz", "descrA", "csrValA", "csrRowPtrA", "csrColIndA", "mu0", "x0", "maxite", "eps", "mu", "x"});
}

}  // namespace

void init_cuda_cusolver(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cusolver", "cupric.cuda.cusolver's functions (CuPy's names and arguments)");
  def_module_helpers(m, CudaLibrary::Cusolver, &g_error);
  handles(m);
  linear_solvers(m);
  iterative_refinement(m);
  eigen_and_svd(m);
  csr_solves<F>(m, "s", false);
  csr_solves<D>(m, "d", false);
  csr_solves<F>(m, "c", true);
  csr_solves<D>(m, "z", true);
  csr_eigen<F, F>(m, "s");
  csr_eigen<D, D>(m, "d");
  csr_eigen<C64, F>(m, "c");
  csr_eigen<C128, D>(m, "z");
}

}  // namespace cupric::py
