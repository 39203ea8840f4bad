// einsum's subscripts parsed into labels per operand, and the contraction-path planner
// (Note [Einsum] in einsum.cpp).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric::linalg {

// A label is a letter's char code; the dims an ellipsis stands for get codes from 256 up,
// right-aligned across operands (so they broadcast as NumPy's do).
using Labels = std::vector<int>;

struct EinsumSpec {
  std::vector<Labels> inputs;
  Labels output;
  std::vector<std::pair<int, int64_t>> sizes;  // label -> size (the broadcast size)
  int64_t size_of(int label) const;
  std::string text(const Labels& l) const;  // "ij" (ellipsis dims as upper-case-free digits)
};

// Parses `subscripts` for operands of these shapes; ValueError with NumPy's messages.
EinsumSpec parse_einsum(const std::string& subscripts, const std::vector<Dims>& shapes);

// A contraction path: pairs (or single indices) of positions in the shrinking operand list, as
// numpy.einsum_path gives them. `mode`: 0 left to right, 1 greedy, 2 optimal.
std::vector<std::vector<int>> plan_einsum(const EinsumSpec& spec, int mode);
// The cost (multiply-adds) of contracting the given operands' labels into `keep`.
double contraction_cost(const EinsumSpec& spec, const std::vector<Labels>& ops, const Labels& keep);

}  // namespace cupric::linalg
