// The host backend of spsolve and spsolve_triangular (Note [Sparse direct solves] in
// src/sparse/linalg/direct.cpp): a left-looking sparse LU with partial pivoting and a sparse
// triangular substitution, both over the CSR arrays in host memory.
#include <cmath>
#include <complex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <limits>
#include "cupric/error.hpp"
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "sparse/host/visit.hpp"
#include "sparse/linalg/direct_kernels.hpp"
#include "sparse/linalg/host/min_degree.hpp"

namespace cupric::sparse::linalg {

namespace {

using sparse::host::visit_index;
using sparse::host::visit_value;

// The CSR arrays of A read in place, with each index checked once (a bad index would otherwise
// read outside the work arrays).
template <class T, class I>
struct Csr {
  int64_t n;
  const I* ptr;
  const I* idx;
  const T* val;
  explicit Csr(const CsrMatrix& a)
      : n(a.rows),
        ptr(reinterpret_cast<const I*>(a.indptr.data())),
        idx(reinterpret_cast<const I*>(a.indices.data())),
        val(reinterpret_cast<const T*>(a.data.data())) {
    if (ptr[0] != 0 || ptr[n] != static_cast<I>(a.nnz()))
      throw ValueError("index pointer should start at 0 and end at nnz");
    for (int64_t i = 0; i < n; ++i)
      if (ptr[i + 1] < ptr[i]) throw ValueError("index pointer values must form a non-decreasing sequence");
    for (int64_t e = 0; e < a.nnz(); ++e)
      if (idx[e] < 0 || idx[e] >= n) throw ValueError("column index " + std::to_string(idx[e]) + " out of range");
  }
};

// Left-looking LU with partial pivoting (Note [Sparse direct solves]). Column j of A (CSC) is
// solved against the L found so far: its nonzero pattern is the set of rows reachable from A(:, j)'s
// rows through the columns of L of already pivotal rows, visited in a topological order from a
// depth-first search, so the numeric work is the flops of the update. L has a unit diagonal that is
// not stored and keeps original row numbers; U's entries are (pivot step, value), its diagonal
// apart.
template <class T>
class SparseLU {
 public:
  explicit SparseLU(int64_t n)
      : n_(n), pinv_(n, -1), prow_(n), work_(n, T(0)), mark_(n, -1), stack_(n), pos_(n), reach_(n), udiag_(n) {
    lp_.push_back(0);
    up_.push_back(0);
  }

  enum class Status : uint8_t { Done, Singular, TooDense };
  // Factorises the CSC (cp, ri, cv) taking its columns in the order q (step j factors column
  // q[j]); Singular when a column has no nonzero pivot candidate, TooDense when L + U pass
  // `fill_limit` entries (Note [Dense fallback of the host LU]).
  Status factor(const std::vector<int64_t>& cp, const std::vector<int64_t>& ri, const std::vector<T>& cv,
                std::vector<int64_t> q, int64_t fill_limit) {
    q_ = std::move(q);
    for (int64_t j = 0; j < n_; ++j) {
      const int64_t col = q_[j];
      const int64_t top = reach(cp, ri, col, j);
      for (int64_t e = cp[col]; e < cp[col + 1]; ++e) work_[ri[e]] += cv[e];
      for (int64_t p = top; p < n_; ++p) {  // x = L \ A(:, j) along the pattern
        const int64_t v = reach_[p], c = pinv_[v];
        if (c < 0) continue;
        const T xv = work_[v];
        for (int64_t q = lp_[c]; q < lp_[c + 1]; ++q) work_[li_[q]] -= lx_[q] * xv;
      }
      int64_t piv = -1;
      double best = 0;
      for (int64_t p = top; p < n_; ++p) {
        const int64_t v = reach_[p];
        if (pinv_[v] >= 0) {
          ui_.push_back(pinv_[v]);
          ux_.push_back(work_[v]);
        } else if (const double m = std::abs(work_[v]); m > best) {
          best = m;
          piv = v;
        }
      }
      // The diagonal (row q[j] of the symmetrically permuted matrix) when it is as large as the
      // largest candidate (SuperLU's diag_pivot_thresh 1).
      if (best > 0 && pinv_[col] < 0 && mark_[col] == j && std::abs(work_[col]) >= best) piv = col;
      if (piv < 0 || !(best > 0)) return Status::Singular;
      const T d = work_[piv];
      udiag_[j] = d;
      for (int64_t p = top; p < n_; ++p) {
        const int64_t v = reach_[p];
        if (pinv_[v] < 0 && v != piv) {
          li_.push_back(v);
          lx_.push_back(work_[v] / d);
        }
        work_[v] = T(0);
      }
      pinv_[piv] = j;
      prow_[j] = piv;
      lp_.push_back(static_cast<int64_t>(li_.size()));
      up_.push_back(static_cast<int64_t>(ui_.size()));
      if (static_cast<int64_t>(li_.size() + ui_.size()) > fill_limit) return Status::TooDense;
    }
    return Status::Done;
  }

  // x = A^-1 b for one right-hand side (b and x of length n, distinct).
  void solve(const T* b, T* x) {
    std::vector<T>& y = work_;
    std::vector<T>& z = zwork_;
    z.resize(static_cast<size_t>(n_));
    for (int64_t i = 0; i < n_; ++i) y[i] = b[i];
    for (int64_t c = 0; c < n_; ++c) {  // L z = P b, in original row numbers
      const T v = y[prow_[c]];
      z[c] = v;
      if (v == T(0)) continue;
      for (int64_t q = lp_[c]; q < lp_[c + 1]; ++q) y[li_[q]] -= lx_[q] * v;
    }
    for (int64_t j = n_ - 1; j >= 0; --j) {  // U z' = z, by columns (in step order)
      z[j] /= udiag_[j];
      const T v = z[j];
      if (v == T(0)) continue;
      for (int64_t q = up_[j]; q < up_[j + 1]; ++q) z[ui_[q]] -= ux_[q] * v;
    }
    for (int64_t j = 0; j < n_; ++j) x[q_[j]] = z[j];  // step j solved for unknown q[j]
    for (int64_t i = 0; i < n_; ++i) y[i] = T(0);
  }

 private:
  // The rows reachable from A(:, col) in topological order in reach_[top:n] (marks stamped j,
  // the step); returns top.
  int64_t reach(const std::vector<int64_t>& cp, const std::vector<int64_t>& ri, int64_t col, int64_t j) {
    int64_t top = n_;
    for (int64_t e = cp[col]; e < cp[col + 1]; ++e) {
      const int64_t start = ri[e];
      if (mark_[start] == j) continue;
      int64_t head = 0;
      stack_[0] = start;
      mark_[start] = j;
      pos_[start] = pinv_[start] >= 0 ? lp_[pinv_[start]] : 0;
      while (head >= 0) {
        const int64_t v = stack_[head], c = pinv_[v];
        bool descended = false;
        if (c >= 0) {
          for (int64_t q = pos_[v]; q < lp_[c + 1]; ++q) {
            const int64_t w = li_[q];
            if (mark_[w] == j) continue;
            pos_[v] = q + 1;
            mark_[w] = j;
            pos_[w] = pinv_[w] >= 0 ? lp_[pinv_[w]] : 0;
            stack_[++head] = w;
            descended = true;
            break;
          }
        }
        if (!descended) {
          --head;
          reach_[--top] = v;
        }
      }
    }
    return top;
  }

  int64_t n_;
  std::vector<int64_t> pinv_, prow_;
  std::vector<T> work_;
  std::vector<int64_t> mark_, stack_, pos_, reach_;
  std::vector<T> udiag_;
  std::vector<int64_t> lp_, li_, up_, ui_;
  std::vector<T> lx_, ux_;
  std::vector<int64_t> q_;
  std::vector<T> zwork_;
};

// Note [Dense fallback of the host LU]
// Without supernodes the left-looking LU does a scalar update per entry of L it touches, which is
// fine while L + U stay sparse but many times slower than LAPACK's blocked getrf once they fill in
// (a random unsymmetric n = 3000 matrix, 1 % dense: 17 s against SciPy's SuperLU's 3.9 s in the
// lead's run; on the loaded 2-core build machine now 4-5 s against SciPy's 4-8 s, of which the
// dense solve is ~2 s and the ordering ~0.6 s). So the factorisation stops once L + U hold more than n^2 / 32 entries and the
// system is solved dense (cupric::linalg::solve: getrf/getrs) instead, for n >= 512 (small
// systems keep the sparse path and its exact-singularity test) and while the dense copy fits in
// 1 GiB. A singular dense system (LinAlgError) reports singular, as the sparse path does.
int64_t dense_fill_limit(int64_t n, size_t itemsize) {
  if (n < 512 || static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(itemsize) > double(1 << 30))
    return std::numeric_limits<int64_t>::max();
  return n * n / 32;
}

bool dense_solve(const CsrMatrix& a, const ndarray& b, ndarray& x) {
  ndarray r;
  try {
    r = cupric::linalg::solve(sparse::to_dense(a), b);
  } catch (const LinAlgError&) { return false; }
  copyto(x, r);
  return true;
}

template <class T, class I>
bool solve_typed(const CsrMatrix& a, const ndarray& b, ndarray& x) {
  const Csr<T, I> A(a);
  const int64_t n = A.n, nnz = a.nnz(), k = b.shape()[1];
  // CSC by a counting sort of the column indices (rows ascending within a column).
  std::vector<int64_t> cp(static_cast<size_t>(n) + 1, 0), ri(static_cast<size_t>(nnz));
  std::vector<T> cv(static_cast<size_t>(nnz));
  for (int64_t e = 0; e < nnz; ++e) ++cp[static_cast<size_t>(A.idx[e]) + 1];
  for (int64_t c = 0; c < n; ++c) cp[c + 1] += cp[c];
  std::vector<int64_t> next(cp.begin(), cp.end() - 1);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t e = A.ptr[i]; e < A.ptr[i + 1]; ++e) {
      const int64_t q = next[A.idx[e]]++;
      ri[q] = i;
      cv[q] = A.val[e];
    }
  SparseLU<T> lu(n);
  const auto status = lu.factor(cp, ri, cv, min_degree_order(n, cp, ri), dense_fill_limit(n, sizeof(T)));
  if (status == SparseLU<T>::Status::Singular) return false;
  if (status == SparseLU<T>::Status::TooDense) return dense_solve(a, b, x);
  const T* bp = reinterpret_cast<const T*>(b.data());
  T* xp = reinterpret_cast<T*>(x.data());
  for (int64_t r = 0; r < k; ++r) lu.solve(bp + r * n, xp + r * n);
  return true;
}

bool host_solve(const CsrMatrix& a, const ndarray& b, ndarray& x) {
  bool ok = true;
  visit_value(b.dtype(),
              [&]<class T>() { visit_index(a.indices.dtype(), [&]<class I>() { ok = solve_typed<T, I>(a, b, x); }); });
  return ok;
}

// Row-by-row substitution over the CSR: row i's entries left of (lower) or right of (upper) the
// diagonal are subtracted, its diagonal entries summed into the divisor; the rest is not read.
template <class T, class I>
void triangular_typed(const CsrMatrix& a, const ndarray& b, ndarray& x, bool lower, bool unit) {
  const Csr<T, I> A(a);
  const int64_t n = A.n, k = b.shape()[1];
  const T* bp = reinterpret_cast<const T*>(b.data());
  T* xp = reinterpret_cast<T*>(x.data());
  std::vector<T> s(static_cast<size_t>(k));
  for (int64_t step = 0; step < n; ++step) {
    const int64_t i = lower ? step : n - 1 - step;
    for (int64_t r = 0; r < k; ++r) s[r] = bp[r * n + i];
    T d = T(0);
    for (int64_t e = A.ptr[i]; e < A.ptr[i + 1]; ++e) {
      const int64_t j = A.idx[e];
      if (j == i) {
        d += A.val[e];
      } else if (lower ? j < i : j > i) {
        for (int64_t r = 0; r < k; ++r) s[r] -= A.val[e] * xp[r * n + j];
      }
    }
    for (int64_t r = 0; r < k; ++r) xp[r * n + i] = unit ? s[r] : s[r] / d;
  }
}

void host_triangular_solve(const CsrMatrix& a, const ndarray& b, ndarray& x, bool lower, bool unit_diagonal) {
  visit_value(b.dtype(), [&]<class T>() {
    visit_index(a.indices.dtype(), [&]<class I>() { triangular_typed<T, I>(a, b, x, lower, unit_diagonal); });
  });
}

constexpr DirectFns kHostDirect{&host_solve, &host_triangular_solve};
const dispatch::Registration reg(direct_table(), DeviceType::Host, &kHostDirect);

}  // namespace

}  // namespace cupric::sparse::linalg
