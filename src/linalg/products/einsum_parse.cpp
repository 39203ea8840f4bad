// Parsing einsum subscripts and planning contraction paths (src/linalg/products/einsum_parse.hpp).
#include "linalg/products/einsum_parse.hpp"
#include <algorithm>
#include <functional>
#include <limits>
#include <set>
#include "cupric/error.hpp"

namespace cupric::linalg {

int64_t EinsumSpec::size_of(int label) const {
  for (const auto& [l, s] : sizes)
    if (l == label) return s;
  return 1;
}

std::string EinsumSpec::text(const Labels& l) const {
  std::string s;
  for (int c : l) s += c < 256 ? static_cast<char>(c) : static_cast<char>('0' + (c - 256) % 10);
  return s;
}

namespace {

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// One term ("ij", "...j", "i...") into its letters and where its ellipsis is (-1: none).
void split_term(const std::string& term, std::vector<int>& letters, int& ellipsis_at) {
  ellipsis_at = -1;
  for (size_t i = 0; i < term.size();) {
    if (term[i] == '.') {
      if (term.compare(i, 3, "...") != 0 || ellipsis_at >= 0)
        throw ValueError("einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...')");
      ellipsis_at = static_cast<int>(letters.size());
      i += 3;
      continue;
    }
    if (!is_letter(term[i]))
      throw ValueError(std::string("invalid subscript '") + term[i] +
                       "' in einstein sum subscripts string, subscripts must be letters");
    letters.push_back(static_cast<unsigned char>(term[i]));
    ++i;
  }
}

}  // namespace

EinsumSpec parse_einsum(const std::string& subscripts_in, const std::vector<Dims>& shapes) {
  std::string s;
  for (char c : subscripts_in)
    if (c != ' ') s += c;
  std::string lhs = s, rhs;
  bool explicit_out = false;
  if (auto p = s.find("->"); p != std::string::npos) {
    lhs = s.substr(0, p), rhs = s.substr(p + 2), explicit_out = true;
    if (rhs.find("->") != std::string::npos || rhs.find(',') != std::string::npos)
      throw ValueError("einstein sum subscripts string includes output subscripts more than once");
  } else if (s.find('-') != std::string::npos || s.find('>') != std::string::npos) {
    throw ValueError("einstein sum subscript string does not contain proper '->' output specified");
  }
  std::vector<std::string> terms;
  for (size_t start = 0;;) {
    size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() > shapes.size())
    throw ValueError("more operands provided to einstein sum function than specified in the subscripts string");
  if (terms.size() < shapes.size())
    throw ValueError("fewer operands provided to einstein sum function than specified in the subscripts string");

  EinsumSpec spec;
  int max_ell = 0;
  std::vector<std::vector<int>> letters(terms.size());
  std::vector<int> ell_at(terms.size());
  for (size_t i = 0; i < terms.size(); ++i) {
    split_term(terms[i], letters[i], ell_at[i]);
    const int nd = static_cast<int>(shapes[i].size()), nl = static_cast<int>(letters[i].size());
    if (ell_at[i] < 0 && nl != nd)
      throw ValueError(
          "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
          "provided to broadcast the extra dimensions.");
    if (nl > nd)
      throw ValueError("einstein sum subscripts string contains too many subscripts for operand " + std::to_string(i));
    if (ell_at[i] >= 0) max_ell = std::max(max_ell, nd - nl);
  }
  auto record = [&](int label, int64_t size, size_t op) {
    for (auto& [l, sz] : spec.sizes)
      if (l == label) {
        if (sz == 1)
          sz = size;
        else if (size != 1 && size != sz)
          throw ValueError("operands could not be broadcast together: dimension for subscript '" + spec.text({label}) +
                           "' of operand " + std::to_string(op) + " is " + std::to_string(size) + ", elsewhere " +
                           std::to_string(sz));
        return;
      }
    spec.sizes.emplace_back(label, size);
  };
  for (size_t i = 0; i < terms.size(); ++i) {
    Labels L;
    const int nd = static_cast<int>(shapes[i].size());
    const int ne = ell_at[i] >= 0 ? nd - static_cast<int>(letters[i].size()) : 0;
    for (int j = 0; j <= static_cast<int>(letters[i].size()); ++j) {
      if (j == ell_at[i])
        for (int e = 0; e < ne; ++e) L.push_back(256 + max_ell - ne + e);
      if (j < static_cast<int>(letters[i].size())) L.push_back(letters[i][j]);
    }
    for (int d = 0; d < nd; ++d) record(L[d], shapes[i][d], i);
    spec.inputs.push_back(std::move(L));
  }
  if (explicit_out) {
    std::vector<int> out_letters;
    int out_ell;
    split_term(rhs, out_letters, out_ell);
    for (size_t j = 0; j <= out_letters.size(); ++j) {
      if (static_cast<int>(j) == out_ell)
        for (int e = 0; e < max_ell; ++e) spec.output.push_back(256 + e);
      if (j < out_letters.size()) {
        int c = out_letters[j];
        if (std::count(out_letters.begin(), out_letters.end(), c) > 1)
          throw ValueError(std::string("einstein sum subscripts string includes output subscript '") +
                           static_cast<char>(c) + "' multiple times");
        bool found = false;
        for (const auto& in : spec.inputs) found |= std::find(in.begin(), in.end(), c) != in.end();
        if (!found)
          throw ValueError(std::string("einstein sum subscripts string included output subscript '") +
                           static_cast<char>(c) + "' which never appeared in an input");
        spec.output.push_back(c);
      }
    }
    if (out_ell < 0 && max_ell > 0) {
      // NumPy: ellipsis dims of size > 1 must appear in the output; size-1 ones are summed away.
      for (int e = 0; e < max_ell; ++e)
        if (spec.size_of(256 + e) != 1)
          throw ValueError(
              "output has more dimensions than subscripts given in einstein sum, but no '...' ellipsis "
              "provided to broadcast the extra dimensions.");
    }
  } else {
    // Implicit output: the ellipsis dims, then the letters used once, in alphabetical order
    // (upper case first, as NumPy orders char codes).
    for (int e = 0; e < max_ell; ++e) spec.output.push_back(256 + e);
    std::vector<int> counts(128, 0);
    for (const auto& in : spec.inputs)
      for (int c : in)
        if (c < 128) ++counts[c];
    for (int c = 0; c < 128; ++c)
      if (counts[c] == 1) spec.output.push_back(c);
  }
  return spec;
}

double contraction_cost(const EinsumSpec& spec, const std::vector<Labels>& ops, const Labels& keep) {
  std::set<int> all;
  for (const auto& o : ops) all.insert(o.begin(), o.end());
  all.insert(keep.begin(), keep.end());
  double cost = 1;
  for (int l : all) cost *= static_cast<double>(std::max<int64_t>(spec.size_of(l), 1));
  return cost;
}

namespace {

// The labels the contraction of ops[i], ops[j] keeps: those in the output or in another operand.
Labels kept_after(const EinsumSpec& spec, const std::vector<Labels>& ops, size_t i, size_t j) {
  std::set<int> elsewhere(spec.output.begin(), spec.output.end());
  for (size_t q = 0; q < ops.size(); ++q)
    if (q != i && q != j) elsewhere.insert(ops[q].begin(), ops[q].end());
  Labels keep;
  for (const Labels* L : {&ops[i], &ops[j]})
    for (int l : *L)
      if (elsewhere.count(l) && std::find(keep.begin(), keep.end(), l) == keep.end()) keep.push_back(l);
  return keep;
}

double size_of_labels(const EinsumSpec& spec, const Labels& l) {
  double s = 1;
  for (int x : l) s *= static_cast<double>(spec.size_of(x));
  return s;
}

}  // namespace

std::vector<std::vector<int>> plan_einsum(const EinsumSpec& spec, int mode) {
  const size_t n = spec.inputs.size();
  std::vector<std::vector<int>> path;
  if (n == 1) return {{0}};
  if (mode == 0) {
    for (size_t k = 1; k < n; ++k) path.push_back({0, 1});
    return path;
  }
  if (mode == 2 && n <= 6) {
    // Optimal: every order of pairwise contractions, the cheapest total cost wins.
    double best = std::numeric_limits<double>::infinity();
    std::vector<std::vector<int>> best_path, cur;
    std::function<void(std::vector<Labels>&, double)> search = [&](std::vector<Labels>& ops, double cost) {
      if (cost >= best) return;
      if (ops.size() == 1) {
        best = cost, best_path = cur;
        return;
      }
      for (size_t i = 0; i < ops.size(); ++i)
        for (size_t j = i + 1; j < ops.size(); ++j) {
          Labels keep = kept_after(spec, ops, i, j);
          double c = contraction_cost(spec, {ops[i], ops[j]}, keep);
          std::vector<Labels> next;
          for (size_t q = 0; q < ops.size(); ++q)
            if (q != i && q != j) next.push_back(ops[q]);
          next.push_back(keep);
          cur.push_back({static_cast<int>(i), static_cast<int>(j)});
          search(next, cost + c);
          cur.pop_back();
        }
    };
    std::vector<Labels> ops = spec.inputs;
    search(ops, 0);
    return best_path;
  }
  // Greedy: the pair whose result is smallest, ties broken by the cheaper contraction.
  std::vector<Labels> ops = spec.inputs;
  while (ops.size() > 1) {
    size_t bi = 0, bj = 1;
    double best_size = std::numeric_limits<double>::infinity(), best_cost = best_size;
    for (size_t i = 0; i < ops.size(); ++i)
      for (size_t j = i + 1; j < ops.size(); ++j) {
        Labels keep = kept_after(spec, ops, i, j);
        double sz = size_of_labels(spec, keep) - size_of_labels(spec, ops[i]) - size_of_labels(spec, ops[j]);
        double c = contraction_cost(spec, {ops[i], ops[j]}, keep);
        if (sz < best_size || (sz == best_size && c < best_cost)) best_size = sz, best_cost = c, bi = i, bj = j;
      }
    Labels keep = kept_after(spec, ops, bi, bj);
    std::vector<Labels> next;
    for (size_t q = 0; q < ops.size(); ++q)
      if (q != bi && q != bj) next.push_back(ops[q]);
    next.push_back(keep);
    ops = std::move(next);
    path.push_back({static_cast<int>(bi), static_cast<int>(bj)});
  }
  return path;
}

}  // namespace cupric::linalg
