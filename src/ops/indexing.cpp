// Basic indexing as views (see include/cupric/ops/indexing.hpp).
#include "cupric/ops/indexing.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"

namespace cupric {

SliceBounds adjust_slice(int64_t len, int64_t start, int64_t stop, int64_t step) {
  if (step == Index::kNone) step = 1;
  if (step == 0) throw ValueError("slice step cannot be zero");
  auto clamp = [&](int64_t v, int64_t dflt) {
    if (v == Index::kNone) return dflt;
    if (v < 0) {
      v += len;
      if (v < 0) v = step < 0 ? -1 : 0;
    } else if (v >= len) {
      v = step < 0 ? len - 1 : len;
    }
    return v;
  };
  start = clamp(start, step < 0 ? len - 1 : 0);
  stop = clamp(stop, step < 0 ? -1 : len);
  int64_t n = 0;
  if (step < 0) {
    if (stop < start) n = (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    n = (stop - start - 1) / step + 1;
  }
  return {start, step, n};
}

ndarray basic_index(const ndarray& a, const std::vector<Index>& idx) {
  int consumed = 0, ellipses = 0;
  for (const auto& x : idx) {
    if (x.kind == Index::Kind::Integer || x.kind == Index::Kind::Slice) ++consumed;
    if (x.kind == Index::Kind::Ellipsis) ++ellipses;
  }
  if (ellipses > 1) throw IndexError("an index can only have a single ellipsis ('...')");
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) + "-dimensional, but " +
                     std::to_string(consumed) + " were indexed");
  Dims shape, strides;
  shape.reserve(a.ndim() + idx.size());
  strides.reserve(a.ndim() + idx.size());
  int64_t offset = 0;
  int dim = 0;
  auto take_slice = [&](int64_t start, int64_t stop, int64_t step) {
    int64_t len = a.shape()[dim], st = a.strides()[dim];
    SliceBounds b = adjust_slice(len, start, stop, step);
    if (b.length > 0) offset += b.start * st;
    shape.push_back(b.length);
    strides.push_back(st * b.step);
    ++dim;
  };
  for (const auto& x : idx) {
    switch (x.kind) {
      case Index::Kind::Integer: {
        int64_t len = a.shape()[dim];
        int64_t i = x.value < 0 ? x.value + len : x.value;
        if (i < 0 || i >= len)
          throw IndexError("index " + std::to_string(x.value) + " is out of bounds for axis " + std::to_string(dim) +
                           " with size " + std::to_string(len));
        offset += i * a.strides()[dim];
        ++dim;
        break;
      }
      case Index::Kind::Slice: take_slice(x.start, x.stop, x.step); break;
      case Index::Kind::NewAxis:
        shape.push_back(1);
        strides.push_back(0);
        break;
      case Index::Kind::Array: throw IndexError("basic_index: array indices need advanced indexing (cupric::getitem)");
      case Index::Kind::Ellipsis: {
        int rest = a.ndim() - consumed;
        for (int k = 0; k < rest; ++k) take_slice(Index::kNone, Index::kNone, Index::kNone);
        break;
      }
    }
  }
  while (dim < a.ndim()) take_slice(Index::kNone, Index::kNone, Index::kNone);
  if (shape.size() > static_cast<size_t>(kMaxDims))
    throw IndexError("number of dimensions must be within [0, " + std::to_string(kMaxDims) + "]");
  return a.view(std::move(shape), std::move(strides), offset);
}

void basic_assign(const ndarray& a, const std::vector<Index>& idx, const ndarray& value) {
  ndarray v = basic_index(a, idx);
  copyto(v, value, Casting::Unsafe);
}

}  // namespace cupric
