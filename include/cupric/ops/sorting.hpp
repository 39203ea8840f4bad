// Sorting, searching and sets (NumPy's "Sorting, searching, and counting" and "Set routines"):
// sort, argsort, lexsort, partition, argpartition, sort_complex, searchsorted, digitize,
// unique (and the Array API unique_*), isin, intersect1d, union1d, setdiff1d, setxor1d.
// NumPy's order: NaNs last, complex lexicographic with NaN rules; -0.0 and +0.0 compare equal.
// Sorts are stable. unique, intersect1d, setdiff1d and setxor1d read a size back to the host
// (one synchronisation each for the result's length); digitize reads the monotonicity of `bins`.
#pragma once
#include <optional>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric {

// NumPy's sort kinds (any of them gives a stable sort here; 'stable' also keeps -0.0/+0.0 in
// input order in value sorts of floats, which the default path orders -0.0 first).
enum class SortKind : uint8_t { Quicksort, Heapsort, Stable };
SortKind parse_sort_kind(std::string_view kind);  // "quicksort", "heapsort", "mergesort", "stable"

// numpy.sort / argsort: along `axis` (none: the flattened array). `descending` (the array API's):
// largest first, equal elements still in input order, NaNs first (array-api-strict's order: the
// ascending order of the reversed input, reversed).
ndarray sort(const ndarray& a, std::optional<int64_t> axis = -1, std::optional<SortKind> kind = std::nullopt,
             std::optional<bool> stable = std::nullopt, bool descending = false);
ndarray argsort(const ndarray& a, std::optional<int64_t> axis = -1, std::optional<SortKind> kind = std::nullopt,
                std::optional<bool> stable = std::nullopt, bool descending = false);
// ndarray.sort: sorts `a` in place along `axis`.
void sort_inplace(const ndarray& a, int64_t axis = -1, std::optional<SortKind> kind = std::nullopt,
                  std::optional<bool> stable = std::nullopt);
// numpy.lexsort: indices sorting by the last key first (keys of one shape).
ndarray lexsort(const std::vector<ndarray>& keys, int64_t axis = -1);
// numpy.partition / argpartition (a full sort, which satisfies every kth). A negative kth counts
// from the end; one out of bounds raises ValueError "kth(=k) out of bounds (n)" unless the array
// is empty. axis nullopt: the flattened array; argpartition sees a 0-d array as 1-d.
ndarray partition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis = -1);
ndarray argpartition(const ndarray& a, const std::vector<int64_t>& kth, std::optional<int64_t> axis = -1);
// numpy.sort_complex: sorted along the last axis, as complex64 (int8/16, uint8/16) or complex128.
ndarray sort_complex(const ndarray& a);

// numpy.searchsorted: insertion points of v in the 1-d sorted `a` (or a[sorter]).
enum class Side : uint8_t { Left, Right };
Side parse_side(std::string_view side);  // "left", "right"
ndarray searchsorted(const ndarray& a, const ndarray& v, Side side = Side::Left, const ndarray& sorter = {});
// numpy.digitize: the bin of each x (bins monotonic, increasing or decreasing).
ndarray digitize(const ndarray& x, const ndarray& bins, bool right = false);

// numpy.unique: the sorted unique elements (along `axis`: unique slices) and optionally the
// first index of each, the inverse (input positions -> unique positions) and the counts.
struct UniqueResult {
  ndarray values, indices, inverse, counts;  // undefined when not asked for
};
UniqueResult unique(const ndarray& ar, bool return_index = false, bool return_inverse = false,
                    bool return_counts = false, std::optional<int64_t> axis = std::nullopt, bool equal_nan = true);
// The Array API's unique_values / unique_counts / unique_inverse / unique_all (inverse in x's shape).
ndarray unique_values(const ndarray& x);
UniqueResult unique_counts(const ndarray& x);
UniqueResult unique_inverse(const ndarray& x);
UniqueResult unique_all(const ndarray& x);

// numpy.isin: element-wise membership of `element` in `test_elements` (shape of element).
ndarray isin(const ndarray& element, const ndarray& test_elements, bool assume_unique = false, bool invert = false);
// numpy.intersect1d (with return_indices: the first positions in the flattened inputs).
struct IntersectResult {
  ndarray values, indices1, indices2;
};
ndarray intersect1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
IntersectResult intersect1d_indices(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
ndarray union1d(const ndarray& ar1, const ndarray& ar2);
ndarray setdiff1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);
ndarray setxor1d(const ndarray& ar1, const ndarray& ar2, bool assume_unique = false);

}  // namespace cupric
