// cupric._core._runtime.cusparse: cupric.cuda.cusparse's calls (CuPy's cupy.cuda.cusparse): the
// handle, matrix descriptors and the generic API (SpMat/DnVec/DnMat descriptors, SpMV, SpMM) on
// integers; each returns the cusparseStatus_t (with the output it asks for) for Python's
// CuSparseError. Thin: one library call each, through the dlopen'ed cuSPARSE of
// src/runtime/cuda/libs/cusparse.hpp (cupric/runtime/library_handles.hpp's call_library).
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include "common.hpp"
#include "library_call.hpp"

namespace cupric::py {

namespace {

constexpr LibraryCall<CudaLibrary::Cusparse> call;

// An entry that reads one int of an object: (status, value).
std::pair<int, int> get_int(const char* name, u obj) {
  int v = 0;
  int s = call(name, V(obj), &v);
  return {s, v};
}

}  // namespace

void init_cuda_cusparse_calls(nb::module_& m);  // bindings/cuda_cusparse_calls.cpp: the signature table

void init_cuda_cusparse(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("cusparse", "cupric.cuda.cusparse's calls; each returns the cusparseStatus_t");
  init_cuda_cusparse_calls(m);
  m.def("create", []() { return call.make("cusparseCreate"); });
  m.def("destroy", [](u h) { return call("cusparseDestroy", V(h)); });
  m.def("get_version", [](u h) { return get_int("cusparseGetVersion", h); });
  m.def("get_property", [](int type) {
    int v = 0;
    int s = call("cusparseGetProperty", type, &v);
    return std::make_pair(s, v);
  });
  m.def("set_stream", [](u h, u stream) { return call("cusparseSetStream", V(h), V(stream)); });
  m.def("get_stream", [](u h) {
    void* x = nullptr;
    int s = call("cusparseGetStream", V(h), &x);
    return std::make_pair(s, reinterpret_cast<u>(x));
  });
  m.def("set_pointer_mode", [](u h, int mode) { return call("cusparseSetPointerMode", V(h), mode); });
  m.def("get_pointer_mode", [](u h) { return get_int("cusparseGetPointerMode", h); });

  // The legacy matrix descriptor (cusparseMatDescr_t).
  m.def("create_mat_descr", []() { return call.make("cusparseCreateMatDescr"); });
  m.def("destroy_mat_descr", [](u d) { return call("cusparseDestroyMatDescr", V(d)); });
  m.def("set_mat_type", [](u d, int v) { return call("cusparseSetMatType", V(d), v); });
  m.def("set_mat_index_base", [](u d, int v) { return call("cusparseSetMatIndexBase", V(d), v); });
  m.def("set_mat_fill_mode", [](u d, int v) { return call("cusparseSetMatFillMode", V(d), v); });
  m.def("set_mat_diag_type", [](u d, int v) { return call("cusparseSetMatDiagType", V(d), v); });
  // The getters return the enum itself, not a status.
  m.def("get_mat_type", [](u d) { return call("cusparseGetMatType", V(d)); });
  m.def("get_mat_index_base", [](u d) { return call("cusparseGetMatIndexBase", V(d)); });

  // The generic API's descriptors.
  m.def("create_csr", [](int64_t rows, int64_t cols, int64_t nnz, u offsets, u ind, u values, int offsets_type,
                         int ind_type, int base, int value_type) {
    return call.make("cusparseCreateCsr", rows, cols, nnz, V(offsets), V(ind), V(values), offsets_type, ind_type, base,
                     value_type);
  });
  m.def("create_csc", [](int64_t rows, int64_t cols, int64_t nnz, u offsets, u ind, u values, int offsets_type,
                         int ind_type, int base, int value_type) {
    return call.make("cusparseCreateCsc", rows, cols, nnz, V(offsets), V(ind), V(values), offsets_type, ind_type, base,
                     value_type);
  });
  m.def("create_coo", [](int64_t rows, int64_t cols, int64_t nnz, u row_ind, u col_ind, u values, int ind_type,
                         int base, int value_type) {
    return call.make("cusparseCreateCoo", rows, cols, nnz, V(row_ind), V(col_ind), V(values), ind_type, base,
                     value_type);
  });
  m.def("destroy_sp_mat", [](u d) { return call("cusparseDestroySpMat", V(d)); });
  m.def("sp_mat_get_size", [](u d) {
    int64_t rows = 0, cols = 0, nnz = 0;
    int s = call("cusparseSpMatGetSize", V(d), &rows, &cols, &nnz);
    return std::make_tuple(s, rows, cols, nnz);
  });
  // CuPy's spMatSetAttribute(desc, attribute, data) takes the attribute's value (an enum: fill
  // mode or diagonal type); cuSPARSE takes its address and size.
  m.def("sp_mat_set_attribute", [](u d, int attribute, int data) {
    return call("cusparseSpMatSetAttribute", V(d), attribute, static_cast<void*>(&data), sizeof(int));
  });
  m.def("sp_mat_get_format", [](u d) { return get_int("cusparseSpMatGetFormat", d); });
  m.def("sp_mat_get_index_base", [](u d) { return get_int("cusparseSpMatGetIndexBase", d); });
  m.def("create_dn_vec", [](int64_t size, u values, int value_type) {
    return call.make("cusparseCreateDnVec", size, V(values), value_type);
  });
  m.def("destroy_dn_vec", [](u d) { return call("cusparseDestroyDnVec", V(d)); });
  m.def("create_dn_mat", [](int64_t rows, int64_t cols, int64_t ld, u values, int value_type, int order) {
    return call.make("cusparseCreateDnMat", rows, cols, ld, V(values), value_type, order);
  });
  m.def("destroy_dn_mat", [](u d) { return call("cusparseDestroyDnMat", V(d)); });

  // SpMV / SpMM: alpha and beta are pointers (host or device by the pointer mode).
  m.def("spmv_buffer_size", [](u h, int op, u alpha, u a, u x, u beta, u y, int compute, int alg) {
    size_t size = 0;
    int s = call("cusparseSpMV_bufferSize", V(h), op, V(alpha), V(a), V(x), V(beta), V(y), compute, alg, &size);
    return std::make_pair(s, size);
  });
  m.def("spmv", [](u h, int op, u alpha, u a, u x, u beta, u y, int compute, int alg, u buffer) {
    return call("cusparseSpMV", V(h), op, V(alpha), V(a), V(x), V(beta), V(y), compute, alg, V(buffer));
  });
  m.def("spmm_buffer_size", [](u h, int op_a, int op_b, u alpha, u a, u b, u beta, u c, int compute, int alg) {
    size_t size = 0;
    int s = call("cusparseSpMM_bufferSize", V(h), op_a, op_b, V(alpha), V(a), V(b), V(beta), V(c), compute, alg, &size);
    return std::make_pair(s, size);
  });
  m.def("spmm", [](u h, int op_a, int op_b, u alpha, u a, u b, u beta, u c, int compute, int alg, u buffer) {
    return call("cusparseSpMM", V(h), op_a, op_b, V(alpha), V(a), V(b), V(beta), V(c), compute, alg, V(buffer));
  });
}

}  // namespace cupric::py
