// Adding and removing elements (numpy.insert, numpy.delete, numpy.trim_zeros) and assembling
// arrays from nested blocks (numpy.block, numpy.row_stack). Names and argument order as NumPy's;
// `delete` is a C++ keyword, so the C++ name is delete_.
#pragma once
#include <optional>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/reduction.hpp"

namespace cupric {

// numpy.insert(arr, obj, values, axis): `obj` is an Index of kind Integer (a scalar: values get
// their first axis moved to `axis`), Slice, or Array (integer indices, or a 1-d boolean mask).
// axis nullopt: `arr` is flattened first. values are cast unsafely to arr's dtype. Several
// indices cost one host sync (their order is computed on the host); a device integer obj of size
// one costs one too (its value). IndexError for an index outside [-N, N].
ndarray insert(const ndarray& arr, const Index& obj, const ndarray& values, std::optional<int64_t> axis = std::nullopt);
// numpy.delete(arr, obj, axis): obj an Integer, a Slice, or an Array (integer indices, repeats
// allowed, or a boolean mask of the axis' length). IndexError for an index out of range.
ndarray delete_(const ndarray& arr, const Index& obj, std::optional<int64_t> axis = std::nullopt);
// numpy.trim_zeros(filt, trim, axis): a view without the leading ("f") and/or trailing ("b")
// zeros along the axes (every axis by default): the bounding box of the nonzero elements. One
// host sync (the box). ValueError for other `trim` strings.
ndarray trim_zeros(const ndarray& filt, std::string_view trim = "fb", const AxisArg& axis = {});

// numpy.block: a nested list of arrays (the leaves; scalars are 0-d arrays). Leaves are given
// leading length-1 axes up to the result's ndim, the innermost lists join along the last axis,
// the next ones along the one before, ... ValueError for mismatched depths and empty lists.
struct BlockNode {
  BlockNode(ndarray leaf) : array(std::move(leaf)) {}  // NOLINT: a leaf reads naturally
  BlockNode(std::initializer_list<BlockNode> items) : items(items), is_list(true) {}
  static BlockNode list(std::vector<BlockNode> items) {
    BlockNode n(std::initializer_list<BlockNode>{});
    n.items = std::move(items);
    return n;
  }
  ndarray array;
  std::vector<BlockNode> items;
  bool is_list = false;
};
ndarray block(const BlockNode& arrays);
// numpy.row_stack: vstack (NumPy 2 deprecates the name; the Python binding warns).
ndarray row_stack(const std::vector<ndarray>& tup, std::optional<DType> dtype = std::nullopt,
                  Casting casting = Casting::SameKind);

}  // namespace cupric
