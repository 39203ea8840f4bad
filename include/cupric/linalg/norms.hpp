// cupric.linalg's norms and matrix views for C++ callers: norm, vector_norm, matrix_norm,
// diagonal, trace, with NumPy 2's dtypes, keepdims shapes and errors (src/linalg/solvers/norms.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include "cupric/dtype.hpp"
#include "cupric/ndarray.hpp"

namespace cupric::linalg {

// numpy.linalg.norm's `ord`: none (the default), a number (inf and -inf included) or a string
// ('fro', 'f', 'nuc'; any other string is an error naming it).
struct NormOrder {
  enum class Kind : uint8_t { Default, Number, Name };
  Kind kind = Kind::Default;
  double value = 0;
  std::string name;
  static NormOrder none() { return {}; }
  static NormOrder number(double v) { return {Kind::Number, v, {}}; }
  static NormOrder named(std::string s) { return {Kind::Name, 0, std::move(s)}; }
};

// numpy.linalg.norm: a vector norm over one axis, a matrix norm over two, or (axis none) the
// 2-norm of the flattened array (ord none) / the norm of a 1-D or 2-D array. Integer and bool
// inputs are computed in float64. The 2, -2 and 'nuc' matrix norms take singular values.
ndarray norm(const ndarray& x, const NormOrder& ord = {}, const std::optional<std::vector<int64_t>>& axis = {},
             bool keepdims = false);
// numpy.linalg.vector_norm (Array API): ord a number (default 2); axis none flattens, a tuple
// of axes is folded into one.
ndarray vector_norm(const ndarray& x, const std::optional<std::vector<int64_t>>& axis = {}, bool keepdims = false,
                    const NormOrder& ord = NormOrder::number(2));
// numpy.linalg.matrix_norm (Array API): the norm over the last two axes (default 'fro').
ndarray matrix_norm(const ndarray& x, bool keepdims = false, const NormOrder& ord = NormOrder::named("fro"));
// numpy.linalg.diagonal / trace (Array API): over the last two axes.
ndarray diagonal(const ndarray& x, int64_t offset = 0);
ndarray trace(const ndarray& x, int64_t offset = 0, std::optional<DType> dtype = std::nullopt);

}  // namespace cupric::linalg
