// Approximate minimum degree ordering of A + A^T for the host sparse LU (min_degree.hpp).
#include "sparse/linalg/host/min_degree.hpp"
#include <algorithm>
#include <set>
#include <utility>

namespace cupric::sparse::linalg {

// Note [Minimum degree ordering]
// The host spsolve factorises A in the order of a minimum degree ordering of the symmetric
// pattern A + A^T (KLU's choice for LU with partial pivoting: the pivots mostly stay on the
// permuted diagonal, and the fill of L + U follows that of the symmetric elimination). The
// elimination is simulated on a quotient graph, so fill is never formed explicitly: eliminating
// node p turns it into an element whose variables are p's neighbours, reached directly or through
// the elements p touched (which p absorbs). A variable's degree is the approximate external
// degree of Amestoy, Davis and Duff: its own variable neighbours, plus |Lp| - 1 for the new
// element, plus for every other element e it touches the part of e outside Lp, an upper bound
// that is exact when the elements do not overlap; elements inside Lp are absorbed at once (AMD's
// aggressive absorption). There is no supervariable detection (AMD's other refinement for speed
// on meshes); ties go to the lowest index.
std::vector<int64_t> min_degree_order(int64_t n, const std::vector<int64_t>& cp, const std::vector<int64_t>& ri) {
  std::vector<std::vector<int64_t>> vadj(static_cast<size_t>(n)), eadj(static_cast<size_t>(n)),
      evars(static_cast<size_t>(n));
  for (int64_t c = 0; c < n; ++c)
    for (int64_t e = cp[c]; e < cp[c + 1]; ++e) {
      const int64_t r = ri[e];
      if (r == c) continue;
      vadj[c].push_back(r);
      vadj[r].push_back(c);
    }
  for (auto& a : vadj) {
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
  }
  enum : uint8_t { kVariable, kElement, kAbsorbed };
  std::vector<uint8_t> status(static_cast<size_t>(n), kVariable);
  std::vector<int64_t> degree(static_cast<size_t>(n)), mark(static_cast<size_t>(n), -1),
      wmark(static_cast<size_t>(n), -1), w(static_cast<size_t>(n), 0);
  std::set<std::pair<int64_t, int64_t>> queue;
  for (int64_t i = 0; i < n; ++i) {
    degree[i] = static_cast<int64_t>(vadj[i].size());
    queue.insert({degree[i], i});
  }
  std::vector<int64_t> order;
  order.reserve(static_cast<size_t>(n));
  std::vector<int64_t> lp;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t p = queue.begin()->second;
    queue.erase(queue.begin());
    order.push_back(p);
    // Lp: p's variables, directly or through its elements (which it absorbs).
    lp.clear();
    mark[p] = k;
    for (int64_t v : vadj[p])
      if (status[v] == kVariable && mark[v] != k) {
        mark[v] = k;
        lp.push_back(v);
      }
    for (int64_t e : eadj[p]) {
      if (status[e] != kElement) continue;
      for (int64_t v : evars[e])
        if (status[v] == kVariable && mark[v] != k) {
          mark[v] = k;
          lp.push_back(v);
        }
      status[e] = kAbsorbed;
      std::vector<int64_t>().swap(evars[e]);
    }
    status[p] = kElement;
    std::vector<int64_t>().swap(vadj[p]);
    std::vector<int64_t>().swap(eadj[p]);
    evars[p] = lp;
    // The neighbours' lists: absorbed elements and covered variables out, element p in.
    for (int64_t u : lp) {
      auto& ea = eadj[u];
      ea.erase(std::remove_if(ea.begin(), ea.end(), [&](int64_t e) { return status[e] != kElement; }), ea.end());
      ea.push_back(p);
      auto& va = vadj[u];
      va.erase(std::remove_if(va.begin(), va.end(), [&](int64_t v) { return status[v] != kVariable || mark[v] == k; }),
               va.end());
    }
    // |e \ Lp| for every other element next to Lp (w), then the approximate degrees.
    for (int64_t u : lp)
      for (int64_t e : eadj[u]) {
        if (e == p) continue;
        if (wmark[e] != k) {
          wmark[e] = k;
          w[e] = static_cast<int64_t>(evars[e].size());
        }
        --w[e];
      }
    // Aggressive absorption: an element all of whose variables are in Lp adds nothing that p
    // does not (AMD's), so it goes; this keeps the element lists short.
    for (int64_t u : lp)
      for (int64_t e : eadj[u])
        if (e != p && status[e] == kElement && w[e] <= 0) {
          status[e] = kAbsorbed;
          std::vector<int64_t>().swap(evars[e]);
        }
    const int64_t remaining = n - k - 1;
    for (int64_t u : lp) {
      auto& ea = eadj[u];
      ea.erase(std::remove_if(ea.begin(), ea.end(), [&](int64_t e) { return status[e] != kElement; }), ea.end());
      int64_t d = static_cast<int64_t>(vadj[u].size()) + static_cast<int64_t>(lp.size()) - 1;
      for (int64_t e : ea)
        if (e != p) d += w[e];
      d = std::min(d, remaining - 1 < 0 ? 0 : remaining - 1);
      queue.erase({degree[u], u});
      degree[u] = d;
      queue.insert({d, u});
    }
  }
  return order;
}

}  // namespace cupric::sparse::linalg
