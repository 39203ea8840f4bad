// connected_components (include/cupric/sparse/csgraph.hpp) by label propagation over the edge
// list, from cupric's array routines, so it runs on every backend (Note [Sparse module] in
// src/sparse/sparse_table.hpp).
#include "cupric/sparse/csgraph.hpp"
#include "cupric/cupric.hpp"
#include "sparse/sparse_internal.hpp"

namespace cupric::sparse {

namespace {

bool same(const ndarray& a, const ndarray& b) { return to_vector<bool>(all(equal(a, b)))[0]; }

// Edges grouped by one end: `key` (non-decreasing) and `other` per edge, the start of each run of
// equal keys and the key of each run (what segment_reduce needs).
struct Grouped {
  ndarray key, other, starts, nodes;
};

Grouped group(const ndarray& key, const ndarray& other) {
  if (key.size() == 0) return {key, other, zeros({0}, dtypes::int64), zeros({0}, dtypes::int64)};
  const ndarray first = ones({1}, dtypes::bool_);
  const ndarray starts = flatnonzero(concatenate({first, not_equal(diff(key), 0)}));
  return {key, other, starts, take(key, starts)};
}

// Keeps the edges where `keep` (per edge) is true; the order, hence the grouping, is kept.
Grouped filter(const Grouped& g, const ndarray& keep) {
  const ndarray k = flatnonzero(keep);
  return group(take(g.key, k), take(g.other, k));
}

// values[node] = op(values[node], op over the node's edges of values[other]), for every node with
// edges (one gather, one segmented reduction, one scatter: no atomics, no ufunc.at rounds).
void relax(const char* op, const ndarray& values, const Grouped& g) {
  if (g.starts.size() == 0) return;
  const ndarray red = segment_reduce(op, take(values, g.other), g.starts);
  const Operand ops[2] = {Operand(take(values, g.nodes)), Operand(red)};
  put(values, g.nodes, ufunc_call(*find_ufunc(op), ops, 2).out[0]);
}

// Note [Weak components]
// Each node starts with its own id as label; every round lowers each node's label to the
// smallest label among its neighbours (edges taken both ways, grouped by node once), hooks the
// node a label names onto the smaller label across each edge, then jumps
// pointers (label = label[label]) until stable: a label is always the id of a node of the same
// component whose own label is no larger, so jumping is safe and halves the remaining distance
// to the component's smallest node. At the fixpoint every node holds the smallest id of its
// component; ranking those ids numbers components by their smallest node, which is SciPy's order.
ndarray weak_labels(int64_t n, const ndarray& src, const ndarray& dst) {
  const ndarray a = concatenate({src, dst}), b = concatenate({dst, src});
  const ndarray order = argsort(a, -1, SortKind::Stable);
  const Grouped adj = group(take(a, order), take(b, order));
  ndarray labels = arange(Scalar::of<int64_t>(n), dtypes::int64);
  for (;;) {
    const ndarray old = copy(labels);
    relax("minimum", labels, adj);
    // Hooking: the node a larger label names adopts the smaller label across each edge, which
    // merges whole trees at once (a round count near log n instead of the graph's diameter).
    const ndarray la = take(labels, adj.key), lb = take(labels, adj.other);
    const ndarray up = flatnonzero(less(lb, la));
    if (up.size() > 0) {
      const ndarray target = take(la, up), value = take(lb, up);
      const ndarray by_target = argsort(target, -1, SortKind::Stable);
      const Grouped hooks = group(take(target, by_target), take(value, by_target));
      const ndarray red = segment_reduce("minimum", hooks.other, hooks.starts);
      put(labels, hooks.nodes, minimum(take(labels, hooks.nodes), red));
    }
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
// reaches it (max-propagation along edges grouped by their head); a node whose colour is its own
// id is a root, and the nodes of its colour that reach it back (propagation along edges grouped
// by their tail, inside one colour) are its strong component. Every round assigns at least the
// roots. Simple and backend-neutral; a long reversed chain needs one round per node (CuPy
// delegates to cuGraph here).
ndarray strong_labels(int64_t n, const ndarray& src, const ndarray& dst) {
  const ndarray ids = arange(Scalar::of<int64_t>(n), dtypes::int64);
  const Grouped out_edges = group(src, dst);  // CSR order: sorted by tail
  const ndarray by_head = argsort(dst, -1, SortKind::Stable);
  const Grouped in_edges = group(take(dst, by_head), take(src, by_head));
  ndarray labels = full({n}, Scalar::of<int64_t>(-1), dtypes::int64);
  ndarray assigned = zeros({n}, dtypes::bool_);
  for (;;) {
    if (to_vector<bool>(all(assigned))[0]) return labels;
    const ndarray free_node = logical_not(assigned);
    const Grouped fin = filter(in_edges, logical_and(take(free_node, in_edges.key), take(free_node, in_edges.other)));
    ndarray color = where(assigned, Operand(int64_t{-1}), ids);
    for (;;) {
      const ndarray old = copy(color);
      relax("maximum", color, fin);
      if (same(color, old)) break;
    }
    const ndarray ctail = take(color, out_edges.key), chead = take(color, out_edges.other);
    const Grouped fout = filter(out_edges, logical_and(equal(ctail, chead), take(free_node, out_edges.key)));
    ndarray reached = astype(logical_and(equal(color, ids), free_node), dtypes::int8);
    for (;;) {
      const ndarray old = copy(reached);
      relax("maximum", reached, fout);
      if (same(reached, old)) break;
    }
    const ndarray hit = astype(reached, dtypes::bool_);
    labels = where(hit, color, labels);
    assigned = logical_or(assigned, hit);
  }
}

}  // namespace

std::pair<int64_t, ndarray> connected_components(const CsrMatrix& graph, bool directed, std::string_view connection) {
  if (connection != "weak" && connection != "strong") throw ValueError("connection must be 'weak' or 'strong'");
  if (graph.rows != graph.cols) throw ValueError("compressed-sparse graph must be shape (N, N)");
  const int64_t n = graph.rows;
  if (n == 0) return {0, zeros({0}, dtypes::int32)};
  const ndarray src = astype(expand_major(graph.indptr, n, graph.indices.size()), dtypes::int64);
  const ndarray dst = astype(graph.indices, dtypes::int64);
  const ndarray labels = (!directed || connection == "weak") ? weak_labels(n, src, dst) : strong_labels(n, src, dst);
  const ndarray roots = unique_values(labels);
  return {roots.size(), astype(searchsorted(roots, labels), dtypes::int32)};
}

}  // namespace cupric::sparse
