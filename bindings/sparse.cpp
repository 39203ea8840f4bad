// cupric._core._sparse: cupricx.scipy.sparse's formats, conversions and products
// (cupric/sparse.hpp) as private functions over the arrays the Python classes hold. No logic:
// python/cupricx/scipy/sparse/ holds SciPy's signatures and docstrings.
#include "common.hpp"
#include "cupric/sparse.hpp"
#include "cupric/sparse/construct.hpp"
#include "cupric/sparse/csgraph.hpp"

namespace cupric::py {

namespace {

namespace sp = cupric::sparse;

ndarray arr(nb::handle h) { return as_device_array(h); }

nb::object triple(const ndarray& a, const ndarray& b, const ndarray& c) {
  return nb::make_tuple(wrap(a), wrap(b), wrap(c));
}
template <class M>
nb::object compressed(const M& m) {
  return triple(m.data, m.indices, m.indptr);
}
nb::object coo(const sp::CooMatrix& m) { return triple(m.data, m.row, m.col); }

// Arrays the Python classes already validated, as the C++ structs (no copies, no checks).
sp::CsrMatrix csr(nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols) {
  return {unwrap(d).arr, unwrap(i).arr, unwrap(p).arr, rows, cols};
}
sp::CscMatrix csc(nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols) {
  return {unwrap(d).arr, unwrap(i).arr, unwrap(p).arr, rows, cols};
}
sp::CooMatrix coo_of(nb::handle d, nb::handle r, nb::handle c, int64_t rows, int64_t cols) {
  return {unwrap(d).arr, unwrap(r).arr, unwrap(c).arr, rows, cols};
}

nb::object coo_full(const sp::CooMatrix& m) {
  return nb::make_tuple(wrap(m.data), wrap(m.row), wrap(m.col), m.rows, m.cols);
}

// A (data, row, col, rows, cols) tuple from Python as a COO struct.
sp::CooMatrix coo_from_tuple(nb::handle t) {
  return coo_of(t[0], t[1], t[2], nb::cast<int64_t>(t[3]), nb::cast<int64_t>(t[4]));
}

}  // namespace

void init_sparse(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("_sparse", "cupricx.scipy.sparse formats and operations");
  m.def("index_dtype", [](int64_t maxval) { return dtype_object(sp::index_dtype(maxval)); });
  m.def("check_data_dtype", [](nb::handle dt) { sp::check_data_dtype(resolve_dtype(dt).dtype); });
  m.def("storage_dtype", [](nb::handle dt) { return dtype_object(sp::storage_dtype(resolve_dtype(dt).dtype)); });
  m.def("make_compressed",
        [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool copy, bool is_csc) {
          return is_csc ? compressed(sp::make_csc(arr(d), arr(i), arr(p), rows, cols, copy))
                        : compressed(sp::make_csr(arr(d), arr(i), arr(p), rows, cols, copy));
        });
  m.def("make_coo", [](nb::handle d, nb::handle r, nb::handle c, int64_t rows, int64_t cols, bool copy) {
    return coo(sp::make_coo(arr(d), arr(r), arr(c), rows, cols, copy));
  });
  m.def("empty_csr", [](int64_t rows, int64_t cols, nb::handle dt) {
    return compressed(sp::empty_csr(rows, cols, resolve_dtype(dt).dtype));
  });
  m.def("coo_from_dense", [](nb::handle dense) {
    sp::CooMatrix c = sp::coo_from_dense(arr(dense));
    return nb::make_tuple(wrap(c.data), wrap(c.row), wrap(c.col), c.rows, c.cols);
  });
  m.def("coo_to_compressed", [](nb::handle d, nb::handle r, nb::handle c, int64_t rows, int64_t cols, bool to_csc) {
    const sp::CooMatrix a = coo_of(d, r, c, rows, cols);
    return to_csc ? compressed(sp::coo_to_csc(a)) : compressed(sp::coo_to_csr(a));
  });
  m.def("compressed_to_coo", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool is_csc) {
    return is_csc ? coo(sp::csc_to_coo(csc(d, i, p, rows, cols))) : coo(sp::csr_to_coo(csr(d, i, p, rows, cols)));
  });
  m.def("swap_compressed", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool is_csc) {
    return is_csc ? compressed(sp::csc_to_csr(csc(d, i, p, rows, cols)))
                  : compressed(sp::csr_to_csc(csr(d, i, p, rows, cols)));
  });
  m.def("to_dense", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, const std::string& fmt,
                       nb::handle order) {
    const Order o = to_order(order, false);
    if (fmt == "coo") return wrap(sp::to_dense(coo_of(d, i, p, rows, cols), o));
    if (fmt == "csc") return wrap(sp::to_dense(csc(d, i, p, rows, cols), o));
    return wrap(sp::to_dense(csr(d, i, p, rows, cols), o));
  });
  m.def("sum_duplicates",
        [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, const std::string& fmt) {
          if (fmt == "coo") return coo(sp::sum_duplicates(coo_of(d, i, p, rows, cols)));
          if (fmt == "csc") return compressed(sp::sum_duplicates(csc(d, i, p, rows, cols)));
          return compressed(sp::sum_duplicates(csr(d, i, p, rows, cols)));
        });
  m.def("sort_indices", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool is_csc) {
    return is_csc ? compressed(sp::sort_indices(csc(d, i, p, rows, cols)))
                  : compressed(sp::sort_indices(csr(d, i, p, rows, cols)));
  });
  m.def("eliminate_zeros",
        [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, const std::string& fmt) {
          if (fmt == "coo") return coo(sp::eliminate_zeros(coo_of(d, i, p, rows, cols)));
          if (fmt == "csc") return compressed(sp::eliminate_zeros(csc(d, i, p, rows, cols)));
          return compressed(sp::eliminate_zeros(csr(d, i, p, rows, cols)));
        });
  // The flags of a compressed matrix read along its major axis (pass (major, minor) as the shape).
  m.def("has_sorted_indices", [](nb::handle d, nb::handle i, nb::handle p, int64_t major, int64_t minor) {
    return sp::has_sorted_indices(csr(d, i, p, major, minor));
  });
  m.def("has_canonical_format", [](nb::handle d, nb::handle i, nb::handle p, int64_t major, int64_t minor) {
    return sp::has_canonical_format(csr(d, i, p, major, minor));
  });
  m.def("dot", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool is_csc, nb::handle x) {
    return wrap(is_csc ? sp::dot(csc(d, i, p, rows, cols), arr(x)) : sp::dot(csr(d, i, p, rows, cols), arr(x)));
  });
  m.def("spmv_with",
        [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, nb::handle x,
           const std::string& kernel) { return wrap(sp::spmv_with(csr(d, i, p, rows, cols), arr(x), kernel)); });
  m.def("spgemm", [](nb::handle ad, nb::handle ai, nb::handle ap, int64_t ar, int64_t ac, nb::handle bd, nb::handle bi,
                     nb::handle bp, int64_t br,
                     int64_t bc) { return compressed(sp::spgemm(csr(ad, ai, ap, ar, ac), csr(bd, bi, bp, br, bc))); });
  m.def(
      "sum",
      [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, nb::handle axis, nb::handle dtype) {
        std::optional<DType> dt;
        if (!dtype.is_none()) dt = resolve_dtype(dtype).dtype;
        std::optional<int> ax;
        if (!axis.is_none()) ax = static_cast<int>(index_int(axis));
        return wrap(sp::sum(csr(d, i, p, rows, cols), ax, dt));
      },
      nb::arg("data"), nb::arg("indices"), nb::arg("indptr"), nb::arg("rows"), nb::arg("cols"), nb::arg("axis").none(),
      nb::arg("dtype").none());
  m.def(
      "minmax",
      [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, nb::handle axis, bool is_max, bool arg) {
        std::optional<int> ax;
        if (!axis.is_none()) ax = static_cast<int>(index_int(axis));
        const sp::CsrMatrix a = csr(d, i, p, rows, cols);
        return wrap(arg ? sp::arg_minmax(a, ax, is_max) : sp::reduce_minmax(a, ax, is_max));
      },
      nb::arg("data"), nb::arg("indices"), nb::arg("indptr"), nb::arg("rows"), nb::arg("cols"), nb::arg("axis").none(),
      nb::arg("is_max"), nb::arg("arg"));
  m.def("diagonal", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, int64_t k) {
    return wrap(sp::diagonal(csr(d, i, p, rows, cols), k));
  });
  m.def("binop", [](nb::handle ad, nb::handle ai, nb::handle ap, int64_t ar, int64_t ac, nb::handle bd, nb::handle bi,
                    nb::handle bp, int64_t br, int64_t bc, const std::string& op) {
    return compressed(sp::binop(csr(ad, ai, ap, ar, ac), csr(bd, bi, bp, br, bc), op));
  });

  // Indexing: rows of a CSR (columns of a CSC: pass it with is_csc), element values.
  m.def("take_major",
        [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool is_csc, nb::handle idx) {
          return is_csc ? compressed(sp::take_cols(csc(d, i, p, rows, cols), arr(idx)))
                        : compressed(sp::take_rows(csr(d, i, p, rows, cols), arr(idx)));
        });
  m.def("normalize_index", [](nb::handle idx, int64_t n) { return wrap(sp::normalize_index(arr(idx), n)); });
  m.def("get_values", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, nb::handle r,
                         nb::handle c) { return wrap(sp::get_values(csr(d, i, p, rows, cols), arr(r), arr(c))); });
  // Assignment: (data, indices, indptr, inserted) of A with A[rows, cols] = values (pass a CSC
  // transposed, with rows and cols swapped).
  m.def("set_values", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, nb::handle r,
                         nb::handle c, nb::handle v, bool insert) {
    sp::SetValues s = sp::set_values(csr(d, i, p, rows, cols), arr(r), arr(c), arr(v), insert);
    return nb::make_tuple(wrap(s.m.data), wrap(s.m.indices), wrap(s.m.indptr), s.inserted);
  });
  m.def("connected_components", [](nb::handle d, nb::handle i, nb::handle p, int64_t rows, int64_t cols, bool directed,
                                   const std::string& connection) {
    auto [n, labels] = sp::connected_components(csr(d, i, p, rows, cols), directed, connection);
    return nb::make_tuple(n, wrap(labels));
  });
  // Construction (cupric/sparse/construct.hpp); COO results as (data, row, col, rows, cols).
  m.def("eye", [](int64_t rows, int64_t cols, int64_t k, nb::handle dt) {
    return coo_full(sp::eye(rows, cols, k, resolve_dtype(dt).dtype));
  });
  m.def("diags", [](const std::vector<nb::object>& diagonals, const std::vector<int64_t>& offsets, int64_t rows,
                    int64_t cols, nb::handle dt) {
    std::vector<ndarray> d;
    for (const auto& x : diagonals) d.push_back(arr(x));
    return coo_full(sp::diags(d, offsets, rows, cols, resolve_dtype(dt).dtype));
  });
  m.def("kron", [](nb::handle a, nb::handle b) { return coo_full(sp::kron(coo_from_tuple(a), coo_from_tuple(b))); });
  m.def(
      "bmat",
      [](const std::vector<std::vector<nb::object>>& blocks, nb::handle dt) {
        std::vector<std::vector<std::optional<sp::CooMatrix>>> b;
        for (const auto& r : blocks) {
          b.emplace_back();
          for (const auto& x : r) {
            if (x.is_none())
              b.back().push_back(std::nullopt);
            else
              b.back().push_back(coo_from_tuple(x));
          }
        }
        std::optional<DType> d;
        if (!dt.is_none()) d = resolve_dtype(dt).dtype;
        return coo_full(sp::bmat(b, d));
      },
      nb::arg("blocks"), nb::arg("dtype").none());
  m.def("tril", [](nb::handle a, int64_t k) { return coo_full(sp::tril(coo_from_tuple(a), k)); });
  m.def("triu", [](nb::handle a, int64_t k) { return coo_full(sp::triu(coo_from_tuple(a), k)); });
  m.def("make_dia", [](nb::handle data, nb::handle offsets, int64_t rows, int64_t cols) {
    sp::DiaMatrix d = sp::make_dia(arr(data), arr(offsets), rows, cols);
    return nb::make_tuple(wrap(d.data), wrap(d.offsets));
  });
  m.def("dia_to_coo", [](nb::handle data, nb::handle offsets, int64_t rows, int64_t cols) {
    return coo_full(sp::dia_to_coo(sp::DiaMatrix{unwrap(data).arr, unwrap(offsets).arr, rows, cols}));
  });
  m.def("coo_to_dia", [](nb::handle a) {
    sp::DiaMatrix d = sp::coo_to_dia(coo_from_tuple(a));
    return nb::make_tuple(wrap(d.data), wrap(d.offsets));
  });
}

}  // namespace cupric::py
