// Joining and splitting (cupric/ops/manipulation.hpp): concatenate and the stack family copy
// each input into a slice of one new array; split and array_split return views.
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "engine/index/index_kernels.hpp"

namespace cupric {
namespace {

// a[..., start:stop, ...] along `axis` (Python slice clipping).
ndarray slice_axis(const ndarray& a, int axis, int64_t start, int64_t stop) {
  std::vector<Index> idx(static_cast<size_t>(axis), Index::slice());
  idx.push_back(Index::slice(start, stop));
  return basic_index(a, idx);
}

DType result_dtype(const std::vector<ndarray>& arrays) {
  DType dt = arrays[0].dtype();
  for (size_t i = 1; i < arrays.size(); ++i) dt = promote_types(dt, arrays[i].dtype());
  return dt;
}

// Note [Batched concatenate]
// When every input already has the result's dtype and is C-contiguous, and the result is
// C-contiguous with nothing before `axis` but length-1 dimensions (axis 0, or the flattened
// axis=None case), each input is one contiguous byte range of the result: all of them are copied
// by one batched kernel (engine/index/index_kernels.hpp, CopyBatch) instead of one copy launch per
// input. Anything else (casts, strided inputs, inner axes, overlap with `out`) copies per input.
bool batched_concatenate(const ndarray& result, const std::vector<ndarray>& arrays, int axis) {
  if (!result.c_contiguous() || result.size() == 0) return false;
  for (int d = 0; d < axis; ++d)
    if (result.shape()[d] != 1) return false;
  const BatchCopyFn fn = batch_copy_fns().get(result.device_type());
  if (!fn) return false;  // no batched copy on this backend: one copy per input
  for (const auto& a : arrays) {
    if (a.dtype() != result.dtype() || !a.c_contiguous() || a.device_type() != result.device_type() ||
        a.device() != result.device() || &a.backend() != &result.backend())
      return false;
    if (a.size() > 0 && a.may_share_memory(result)) return false;
  }
  Backend& b = result.backend();
  const Stream s = b.current_stream(result.device());
  CopyBatch batch;
  int64_t pos = 0;
  for (const auto& a : arrays) {
    const int64_t bytes = a.nbytes();
    if (bytes == 0) continue;
    batch.seg[batch.count++] = CopySegment{a.data(), pos, bytes};
    pos += bytes;
    if (batch.count == kMaxCopySegments) {
      fn(result.data(), batch, s);
      batch.count = 0;
    }
  }
  if (batch.count) fn(result.data(), batch, s);
  return true;
}

}  // namespace

ndarray concatenate(const std::vector<ndarray>& arrays_in, std::optional<int64_t> axis_in, const ndarray* out,
                    std::optional<DType> dtype, Casting casting) {
  if (out && dtype)
    throw TypeError("concatenate() only takes `out` or `dtype` as an argument, but both were provided.");
  if (arrays_in.empty()) throw ValueError("need at least one array to concatenate");
  std::vector<ndarray> arrays;
  for (const auto& a : arrays_in) arrays.push_back(axis_in ? a : ravel(a));
  const ndarray& first = arrays[0];
  if (first.ndim() == 0) throw ValueError("zero-dimensional arrays cannot be concatenated");
  const int axis = normalize_axis(axis_in.value_or(0), first.ndim());
  Dims shape = first.shape();
  for (size_t i = 1; i < arrays.size(); ++i) {
    const ndarray& a = arrays[i];
    if (a.ndim() != first.ndim())
      throw ValueError("all the input arrays must have same number of dimensions, but the array at index 0 has " +
                       std::to_string(first.ndim()) + " dimension(s) and the array at index " + std::to_string(i) +
                       " has " + std::to_string(a.ndim()) + " dimension(s)");
    for (int d = 0; d < a.ndim(); ++d) {
      if (d == axis) continue;
      if (a.shape()[d] != first.shape()[d])
        throw ValueError(
            "all the input array dimensions except for the concatenation axis must match exactly, but "
            "along dimension " +
            std::to_string(d) + ", the array at index 0 has size " + std::to_string(first.shape()[d]) +
            " and the array at index " + std::to_string(i) + " has size " + std::to_string(a.shape()[d]));
    }
    shape[axis] += a.shape()[axis];
  }
  ndarray result;
  if (out) {
    if (out->shape() != shape) throw ValueError("Output array is the wrong shape");
    result = *out;
  } else {
    DType dt = dtype.value_or(result_dtype(arrays));
    for (const auto& a : arrays)
      if (!can_cast(a.dtype(), dt, casting))
        throw TypeError("Cannot cast array data from dtype('" + a.dtype().name() + "') to dtype('" + dt.name() +
                        "') according to the rule '" + casting_name(casting) + "'");
    result = ndarray::empty(shape, dt, Order::C, &first.backend());
  }
  if (batched_concatenate(result, arrays, axis)) return result;
  int64_t pos = 0;
  for (const auto& a : arrays) {
    const int64_t n = a.shape()[axis];
    copyto(slice_axis(result, axis, pos, pos + n), a, casting);
    pos += n;
  }
  return result;
}

ndarray stack(const std::vector<ndarray>& arrays, int64_t axis_in, const ndarray* out, std::optional<DType> dtype,
              Casting casting) {
  if (arrays.empty()) throw ValueError("need at least one array to stack");
  for (const auto& a : arrays)
    if (a.shape() != arrays[0].shape()) throw ValueError("all input arrays must have the same shape");
  const int axis = normalize_axis(axis_in, arrays[0].ndim() + 1);
  std::vector<ndarray> expanded;
  for (const auto& a : arrays) expanded.push_back(expand_dims(a, axis));
  return concatenate(expanded, axis, out, dtype, casting);
}

ndarray hstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype, Casting casting) {
  std::vector<ndarray> arrs;
  for (const auto& a : arrays) arrs.push_back(atleast_1d(a));
  const int64_t axis = !arrs.empty() && arrs[0].ndim() == 1 ? 0 : 1;
  return concatenate(arrs, axis, nullptr, dtype, casting);
}

ndarray vstack(const std::vector<ndarray>& arrays, std::optional<DType> dtype, Casting casting) {
  std::vector<ndarray> arrs;
  for (const auto& a : arrays) arrs.push_back(atleast_2d(a));
  return concatenate(arrs, 0, nullptr, dtype, casting);
}

ndarray dstack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> arrs;
  for (const auto& a : arrays) arrs.push_back(atleast_3d(a));
  return concatenate(arrs, 2);
}

ndarray column_stack(const std::vector<ndarray>& arrays) {
  std::vector<ndarray> arrs;
  for (const auto& a : arrays) arrs.push_back(a.ndim() < 2 ? transpose(atleast_2d(a)) : a);
  return concatenate(arrs, 1);
}

ndarray append(const ndarray& arr, const ndarray& values, std::optional<int64_t> axis) {
  if (!axis) return concatenate({ravel(arr), ravel(values)}, 0);
  return concatenate({arr, values}, *axis);
}

std::vector<ndarray> array_split(const ndarray& a, const std::vector<int64_t>& indices, int64_t axis_in) {
  const int axis = normalize_axis(axis_in, a.ndim());
  const int64_t n = a.shape()[axis];
  std::vector<int64_t> points{0};
  points.insert(points.end(), indices.begin(), indices.end());
  points.push_back(n);
  std::vector<ndarray> out;
  for (size_t i = 0; i + 1 < points.size(); ++i) out.push_back(slice_axis(a, axis, points[i], points[i + 1]));
  return out;
}

std::vector<ndarray> array_split(const ndarray& a, int64_t sections, int64_t axis_in) {
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int axis = normalize_axis(axis_in, a.ndim());
  const int64_t n = a.shape()[axis], each = n / sections, extras = n % sections;
  std::vector<int64_t> points;
  int64_t pos = 0;
  for (int64_t i = 0; i + 1 < sections; ++i) {
    pos += i < extras ? each + 1 : each;
    points.push_back(pos);
  }
  return array_split(a, points, axis);
}

std::vector<ndarray> split(const ndarray& a, const std::vector<int64_t>& indices, int64_t axis) {
  return array_split(a, indices, axis);
}

std::vector<ndarray> split(const ndarray& a, int64_t sections, int64_t axis_in) {
  if (sections <= 0) throw ValueError("number sections must be larger than 0.");
  const int axis = normalize_axis(axis_in, a.ndim());
  if (a.shape()[axis] % sections != 0) throw ValueError("array split does not result in an equal division");
  return array_split(a, sections, axis);
}

namespace {
template <class Spec>
std::vector<ndarray> directional_split(const ndarray& a, const Spec& spec, int min_ndim, const char* name, int axis) {
  if (a.ndim() < min_ndim)
    throw ValueError(std::string(name) + " only works on arrays of " + std::to_string(min_ndim) +
                     " or more dimensions");
  return split(a, spec, axis);
}
}  // namespace

std::vector<ndarray> hsplit(const ndarray& a, int64_t s) {
  return directional_split(a, s, 1, "hsplit", a.ndim() > 1 ? 1 : 0);
}
std::vector<ndarray> hsplit(const ndarray& a, const std::vector<int64_t>& s) {
  return directional_split(a, s, 1, "hsplit", a.ndim() > 1 ? 1 : 0);
}
std::vector<ndarray> vsplit(const ndarray& a, int64_t s) { return directional_split(a, s, 2, "vsplit", 0); }
std::vector<ndarray> vsplit(const ndarray& a, const std::vector<int64_t>& s) {
  return directional_split(a, s, 2, "vsplit", 0);
}
std::vector<ndarray> dsplit(const ndarray& a, int64_t s) { return directional_split(a, s, 3, "dsplit", 2); }
std::vector<ndarray> dsplit(const ndarray& a, const std::vector<int64_t>& s) {
  return directional_split(a, s, 3, "dsplit", 2);
}

}  // namespace cupric
