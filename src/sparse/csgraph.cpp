// connected_components (include/cupric/sparse/csgraph.hpp) by label propagation over the edge
// list, from cupric's array routines, so it runs on every backend (Note [Sparse module] in
// src/sparse/sparse_table.hpp).
#include "cupric/sparse/csgraph.hpp"
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

bool same(const ndarray& a, const ndarray& b) { return to_vector<bool>(all(equal(a, b)))[0]; }

// labels[dst] = op(labels[dst], values) once per edge (ufunc.at), in place.
void scatter(const char* op, const ndarray& labels, const ndarray& dst, const ndarray& values) {
  const Operand v(values);
  ufunc_at(*find_ufunc(op), labels, {Index::array_index(dst)}, &v);
}

// Note [Weak components]
// Each node starts with its own id as label; every round lowers both ends of each edge to the
// smaller of their labels, then jumps pointers (label = label[label]) until stable, which halves
// the remaining distance to the component's smallest node each time. At the fixpoint every node
// holds the smallest id of its component; ranking those ids numbers components by their smallest
// node, which is SciPy's order.
ndarray weak_labels(int64_t n, const ndarray& src, const ndarray& dst) {
  ndarray labels = arange(Scalar::of<int64_t>(n), dtypes::int64);
  for (;;) {
    const ndarray old = copy(labels);
    const ndarray low = minimum(take(labels, src), take(labels, dst));
    scatter("minimum", labels, src, low);
    scatter("minimum", labels, dst, low);
    for (;;) {
      const ndarray jumped = take(labels, labels);
      if (same(jumped, labels)) break;
      labels = jumped;
    }
    if (same(labels, old)) return labels;
  }
}

// Note [Strong components]
// Forward-backward colouring: among the nodes not yet assigned, each takes the largest id that
// reaches it (max-propagation along edges); a node whose colour is its own id is a root, and the
// nodes of its colour that reach it back (propagation along reversed edges inside one colour) are
// its strong component. Every round assigns at least the roots. Simple and backend-neutral; a
// long reversed chain needs one round per node (CuPy delegates to cuGraph here).
ndarray strong_labels(int64_t n, const ndarray& src, const ndarray& dst) {
  const ndarray ids = arange(Scalar::of<int64_t>(n), dtypes::int64);
  ndarray labels = full({n}, Scalar::of<int64_t>(-1), dtypes::int64);
  ndarray assigned = zeros({n}, dtypes::bool_);
  for (;;) {
    if (to_vector<bool>(all(assigned))[0]) return labels;
    const ndarray live = flatnonzero(logical_and(logical_not(take(assigned, src)), logical_not(take(assigned, dst))));
    const ndarray es = take(src, live), ed = take(dst, live);
    ndarray color = where(assigned, Operand(int64_t{-1}), ids);
    for (;;) {
      const ndarray old = copy(color);
      scatter("maximum", color, ed, take(color, es));
      if (same(color, old)) break;
    }
    ndarray reached = logical_and(equal(color, ids), logical_not(assigned));
    const ndarray inner = flatnonzero(equal(take(color, es), take(color, ed)));
    const ndarray is = take(es, inner), id = take(ed, inner);
    for (;;) {
      const ndarray old = copy(reached);
      scatter("logical_or", reached, is, take(reached, id));
      if (same(reached, old)) break;
    }
    labels = where(reached, color, labels);
    assigned = logical_or(assigned, reached);
  }
}

}  // namespace

std::pair<int64_t, ndarray> connected_components(const CsrMatrix& graph, bool directed, std::string_view connection) {
  if (connection != "weak" && connection != "strong") throw ValueError("connection must be 'weak' or 'strong'");
  if (graph.rows != graph.cols) throw ValueError("compressed-sparse graph must be shape (N, N)");
  const int64_t n = graph.rows;
  if (n == 0) return {0, zeros({0}, dtypes::int32)};
  const ndarray src = astype(expand_major(graph.indptr, n), dtypes::int64);
  const ndarray dst = astype(graph.indices, dtypes::int64);
  const ndarray labels = (!directed || connection == "weak") ? weak_labels(n, src, dst) : strong_labels(n, src, dst);
  const ndarray roots = unique_values(labels);
  return {roots.size(), astype(searchsorted(roots, labels), dtypes::int32)};
}

}  // namespace cupric::sparse
