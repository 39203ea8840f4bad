// numpy.einsum and numpy.einsum_path (include/cupric/linalg.hpp).
//
// Note [Einsum]
// einsum runs as a sequence of pairwise contractions, each one batched GEMM, so that
// 'bij,bjk->bik' costs what matmul costs:
//  1. The subscripts are parsed once into integer labels per operand (einsum_parse.cpp); the
//     dims of an ellipsis get labels of their own, right-aligned so they broadcast.
//  2. Each operand is prepared: a repeated label becomes a diagonal (a strided view, no copy), a
//     size-1 dim whose label is larger elsewhere is broadcast (stride 0), and a label no other
//     operand and not the output needs is summed away right there (the smallest operand to sum).
//  3. The path (optimize=False: left to right; True/'greedy': the pair with the smallest result
//     first; 'optimal': the cheapest of all orders, up to 6 operands) says which two operands
//     to contract next. A pair's labels split into batch (in both, still needed), contracted (in
//     both, not needed any more), left and right (in one, still needed); the operands are
//     transposed to (batch, left, contracted) and (batch, contracted, right), reshaped to 3-D (a
//     view when the layout allows) and multiplied by matmul_into; a pair with nothing to
//     contract is a broadcast multiply instead.
//  4. The last operand is transposed to the output's order (a view when nothing was summed).
// Sums keep the operands' dtype (bool sums are `any`), as NumPy's einsum does.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include "cupric/linalg.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/ufunc.hpp"
#include "linalg/products/einsum_parse.hpp"
#include "linalg/products/gemm_plan.hpp"

namespace cupric {

namespace {

using linalg::EinsumSpec;
using linalg::Labels;

struct Term {
  ndarray a;
  Labels labels;
};

bool has(const Labels& l, int x) { return std::find(l.begin(), l.end(), x) != l.end(); }
int index_of(const Labels& l, int x) { return static_cast<int>(std::find(l.begin(), l.end(), x) - l.begin()); }

// Diagonals for repeated labels, broadcast size-1 dims, and sums over labels not in `needed`.
Term prepare(Term t, const EinsumSpec& spec, const std::set<int>& needed) {
  Dims shape, strides;
  Labels labels;
  for (size_t d = 0; d < t.labels.size(); ++d) {
    int l = t.labels[d];
    int64_t size = t.a.shape()[d], stride = t.a.strides()[d];
    int at = index_of(labels, l);
    if (at < static_cast<int>(labels.size())) {
      if (shape[at] != size)
        throw ValueError("dimensions in operand for collapsing index '" + spec.text({l}) + "' don't match (" +
                         std::to_string(shape[at]) + " != " + std::to_string(size) + ")");
      strides[at] += stride;
      continue;
    }
    int64_t full = spec.size_of(l);
    if (size == 1 && full != 1) size = full, stride = 0;
    labels.push_back(l), shape.push_back(size), strides.push_back(stride);
  }
  if (labels != t.labels || shape != t.a.shape()) t.a = t.a.view(shape, strides);
  t.labels = labels;
  std::vector<int64_t> sum_axes;
  Labels kept;
  for (size_t d = 0; d < labels.size(); ++d) {
    if (needed.count(labels[d]))
      kept.push_back(labels[d]);
    else
      sum_axes.push_back(static_cast<int64_t>(d));
  }
  if (!sum_axes.empty()) {
    t.a = t.a.dtype().is_bool() ? any(t.a, AxisArg(sum_axes)) : sum(t.a, AxisArg(sum_axes), t.a.dtype());
    t.labels = kept;
  }
  return t;
}

ndarray transposed_to(const Term& t, const Labels& order) {
  std::vector<int64_t> perm;
  for (int l : order) perm.push_back(index_of(t.labels, l));
  return transpose(t.a, perm);
}

int64_t prod_sizes(const EinsumSpec& spec, const Labels& l) {
  int64_t p = 1;
  for (int x : l) p *= spec.size_of(x);
  return p;
}

Term contract(const Term& x, const Term& y, const Labels& keep, const EinsumSpec& spec) {
  Labels batch, left, right, contracted;
  for (int l : x.labels) {
    if (has(y.labels, l))
      (has(keep, l) ? batch : contracted).push_back(l);
    else
      left.push_back(l);
  }
  for (int l : y.labels)
    if (!has(x.labels, l)) right.push_back(l);
  Labels out = batch;
  out.insert(out.end(), left.begin(), left.end());
  out.insert(out.end(), right.begin(), right.end());
  Dims out_shape;
  for (int l : out) out_shape.push_back(spec.size_of(l));
  if (contracted.empty()) {
    // An outer or elementwise product: broadcast multiply on aligned axes.
    Labels xo = batch, yo = batch;
    xo.insert(xo.end(), left.begin(), left.end());
    yo.insert(yo.end(), right.begin(), right.end());
    ndarray xa = transposed_to(x, xo), ya = transposed_to(y, yo);
    Dims xs(xa.shape()), ys(ya.shape().begin(), ya.shape().begin() + batch.size());
    for (size_t i = 0; i < right.size(); ++i) xs.push_back(1);
    for (size_t i = 0; i < left.size(); ++i) ys.push_back(1);
    for (size_t i = 0; i < right.size(); ++i) ys.push_back(ya.shape()[batch.size() + i]);
    ndarray r = ufunc_call("multiply", {reshape(xa, xs), reshape(ya, ys)}).out[0];
    return Term{r, out};
  }
  Labels xo = batch, yo = batch;
  xo.insert(xo.end(), left.begin(), left.end());
  xo.insert(xo.end(), contracted.begin(), contracted.end());
  yo.insert(yo.end(), contracted.begin(), contracted.end());
  yo.insert(yo.end(), right.begin(), right.end());
  const int64_t B = prod_sizes(spec, batch), M = prod_sizes(spec, left), K = prod_sizes(spec, contracted),
                N = prod_sizes(spec, right);
  ndarray a3 = reshape(transposed_to(x, xo), Dims{B, M, K});
  ndarray b3 = reshape(transposed_to(y, yo), Dims{B, K, N});
  ndarray c = ndarray::empty(Dims{B, M, N}, x.a.dtype(), Order::C, &x.a.backend());
  linalg::matmul_into(a3, b3, c);
  return Term{reshape(c, out_shape), out};
}

int optimize_mode(EinsumOptimize o) { return o == EinsumOptimize::None ? 0 : o == EinsumOptimize::Optimal ? 2 : 1; }

std::set<int> needed_labels(const std::vector<Term>& terms, size_t skip_a, size_t skip_b, const Labels& output) {
  std::set<int> need(output.begin(), output.end());
  for (size_t q = 0; q < terms.size(); ++q)
    if (q != skip_a && q != skip_b) need.insert(terms[q].labels.begin(), terms[q].labels.end());
  return need;
}

}  // namespace

ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands, const EinsumOptions& opts) {
  std::vector<Dims> shapes;
  for (const auto& a : operands) shapes.push_back(a.shape());
  const EinsumSpec spec = linalg::parse_einsum(subscripts, shapes);
  if (operands.empty()) throw ValueError("No input operands");
  DType dt = operands[0].dtype();
  for (size_t i = 1; i < operands.size(); ++i) dt = promote_types(dt, operands[i].dtype());
  if (opts.dtype) dt = *opts.dtype;
  std::vector<Term> terms;
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!can_cast(operands[i].dtype(), dt, opts.casting))
      throw TypeError("Cannot cast array data from " + numpy_dtype_repr(operands[i].dtype()) + " to " +
                      numpy_dtype_repr(dt) + " according to the rule '" + casting_name(opts.casting) + "'");
    if (operands[i].device_type() != operands[0].device_type())
      throw ValueError("einsum: operands are on different backends");
    terms.push_back(Term{astype(operands[i], dt, Order::K, Casting::Unsafe, false), spec.inputs[i]});
  }
  std::vector<std::vector<int>> path =
      opts.path.empty() ? linalg::plan_einsum(spec, optimize_mode(opts.optimize)) : opts.path;
  for (const auto& step : path) {
    if (step.size() == 1) {
      const size_t i = static_cast<size_t>(step[0]);
      if (i >= terms.size()) throw ValueError("einsum: invalid contraction path");
      terms[i] = prepare(terms[i], spec, needed_labels(terms, i, i, spec.output));
      continue;
    }
    if (step.size() != 2) throw ValueError("einsum: a path step names one or two operands");
    size_t i = static_cast<size_t>(std::min(step[0], step[1])), j = static_cast<size_t>(std::max(step[0], step[1]));
    if (j >= terms.size() || i == j) throw ValueError("einsum: invalid contraction path");
    std::set<int> need = needed_labels(terms, i, j, spec.output);
    Term x = prepare(terms[i], spec, [&] {
      std::set<int> s = need;
      s.insert(terms[j].labels.begin(), terms[j].labels.end());
      return s;
    }());
    Term y = prepare(terms[j], spec, [&] {
      std::set<int> s = need;
      s.insert(x.labels.begin(), x.labels.end());
      return s;
    }());
    Labels keep;
    for (const Term* t : {&x, &y})
      for (int l : t->labels)
        if (need.count(l) && !has(keep, l)) keep.push_back(l);
    Term r = contract(x, y, keep, spec);
    terms.erase(terms.begin() + j);
    terms.erase(terms.begin() + i);
    terms.push_back(std::move(r));
  }
  if (terms.size() != 1) throw ValueError("einsum: the contraction path does not reduce the operands to one");
  Term last = prepare(terms[0], spec, std::set<int>(spec.output.begin(), spec.output.end()));
  ndarray result = transposed_to(last, spec.output);
  if (opts.out) {
    copyto(*opts.out, result, opts.casting);
    return *opts.out;
  }
  return result;
}

EinsumPath einsum_path(const std::string& subscripts, const std::vector<Dims>& shapes, EinsumOptimize optimize) {
  const EinsumSpec spec = linalg::parse_einsum(subscripts, shapes);
  EinsumPath r;
  r.path = linalg::plan_einsum(spec, optimize == EinsumOptimize::None ? 0 : optimize_mode(optimize));
  if (spec.inputs.size() > 1 && optimize == EinsumOptimize::None) {
    // NumPy's einsum_path(optimize=False): one step over every operand.
    std::vector<int> all;
    for (size_t i = 0; i < spec.inputs.size(); ++i) all.push_back(static_cast<int>(i));
    r.path = {all};
  }
  // The report, in numpy.einsum_path's layout.
  std::vector<Labels> ops = spec.inputs;
  double naive = linalg::contraction_cost(spec, ops, spec.output) * std::max<size_t>(ops.size() - 1, 1);
  std::set<int> all_labels;
  for (const auto& o : ops) all_labels.insert(o.begin(), o.end());
  double opt_cost = 0, largest = 0;
  size_t opt_scaling = 0;
  std::string rows;
  for (const auto& step : r.path) {
    std::vector<int> idx(step.begin(), step.end());
    std::sort(idx.rbegin(), idx.rend());
    std::vector<Labels> picked;
    for (int i : idx) picked.push_back(ops[i]), ops.erase(ops.begin() + i);
    std::set<int> need(spec.output.begin(), spec.output.end());
    for (const auto& o : ops) need.insert(o.begin(), o.end());
    Labels keep;
    std::set<int> involved;
    for (const auto& p : picked)
      for (int l : p) {
        involved.insert(l);
        if (need.count(l) && !has(keep, l)) keep.push_back(l);
      }
    opt_cost += linalg::contraction_cost(spec, picked, keep);
    opt_scaling = std::max(opt_scaling, involved.size());
    double size = 1;
    for (int l : keep) size *= static_cast<double>(spec.size_of(l));
    largest = std::max(largest, size);
    std::string current;
    for (size_t q = 0; q < picked.size(); ++q) current += (q ? "," : "") + spec.text(picked[q]);
    current += "->" + spec.text(keep);
    ops.push_back(keep);
    std::string remaining;
    for (size_t q = 0; q < ops.size(); ++q) remaining += (q ? "," : "") + spec.text(ops[q]);
    remaining += "->" + spec.text(spec.output);
    char line[256];
    std::snprintf(line, sizeof line, "\n%4zu    %24s %40s", involved.size(), current.c_str(), remaining.c_str());
    rows += line;
  }
  std::string in_text;
  for (size_t q = 0; q < spec.inputs.size(); ++q) in_text += (q ? "," : "") + spec.text(spec.inputs[q]);
  char head[1024];
  std::snprintf(head, sizeof head,
                "  Complete contraction:  %s->%s\n         Naive scaling:  %zu\n     Optimized scaling:  %zu\n"
                "      Naive FLOP count:  %.3e\n  Optimized FLOP count:  %.3e\n   Theoretical speedup:  %.3f\n"
                "  Largest intermediate:  %.3e elements\n%s\n%-24s %-24s %40s\n%s",
                in_text.c_str(), spec.text(spec.output).c_str(), all_labels.size(), opt_scaling, naive, opt_cost,
                opt_cost > 0 ? naive / opt_cost : 1.0, largest, std::string(74, '-').c_str(), "scaling", "current",
                "remaining", std::string(74, '-').c_str());
  r.report = head + rows;
  return r;
}

}  // namespace cupric
