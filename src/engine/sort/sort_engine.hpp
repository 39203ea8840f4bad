// Internal building blocks of the sorting, searching and set routines (ops/sorting.cpp,
// ops/searching.cpp, ops/sets.cpp) over the sort kernels (kernels/sort_kernels.hpp).
#pragma once
#include <optional>
#include <vector>
#include "cupric/ndarray.hpp"
#include "engine/sort/sort_keys.hpp"

namespace cupric::detail {

// The elements of `a` as nseg contiguous lanes of seglen elements, the sort axis last
// (C-contiguous and aligned; a copy only when `a` is not already laid out so).
struct Lanes {
  ndarray data;   // 1-d, nseg * seglen elements
  Dims shape;     // `a`'s shape with the axis moved last (axis none: (size,))
  int axis = -1;  // normalised axis (-1: none)
  int64_t nseg = 0, seglen = 0;
};
Lanes make_lanes(const ndarray& a, std::optional<int64_t> axis);
// The lanes' result (shape `l.shape`, flat `r`) with the axis moved back where it was.
ndarray unlane(const Lanes& l, const ndarray& r);

// One sort key: the elements of `data` (1-d, contiguous) and which key of them (Note [Sort keys]).
struct KeySrc {
  ndarray data;
  sortkey::Part part = sortkey::Part::Value;
};
// Appends the keys of `data` least significant first (three for complex, else one).
void append_keys(std::vector<KeySrc>& keys, const ndarray& data);
// Stable argsort of lanes by composite keys (least significant first): flat positions (int64).
ndarray argsort_lanes(const std::vector<KeySrc>& keys, int64_t nseg, int64_t seglen);
// Sorted values of the lanes (flat); `exact` keeps -0.0/+0.0 in input order (a stable argsort).
ndarray sort_lanes(const Lanes& l, bool exact);
// src[idx] for a 1-d src and in-range int64 idx of any shape (no range check, no sync).
ndarray gather_trusted(const ndarray& src, const ndarray& idx);
// The composite uint64 search keys of 1-d contiguous `data`, most significant first.
std::vector<ndarray> search_keys(const ndarray& data);
// Insertion points of v's keys in a's keys (both from search_keys).
ndarray search_sorted_keys(const std::vector<ndarray>& a, const std::vector<ndarray>& v, bool right, const Dims& shape);

}  // namespace cupric::detail
