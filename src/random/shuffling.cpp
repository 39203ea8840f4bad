// Generator's permutations and choice: permutation, shuffle, permuted (random sort keys, then an
// argsort: the same permutation whatever the launch), choice with and without replacement (a keyed
// bijection, Note [Choice by a keyed bijection]).
#include <algorithm>
#include <string>
#include <vector>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/indexing.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/reduction.hpp"
#include "cupric/ops/scan.hpp"
#include "cupric/ops/sorting.hpp"
#include "cupric/random.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "random/choice_bijection.hpp"
#include "random/draw_kernels.hpp"
#include "random/permutation_sort.hpp"
#include "random/permutation_ties.hpp"

namespace cupric::random {

namespace {

int64_t normalize_axis(int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return axis < 0 ? axis + ndim : axis;
}

// Random uint64 sort keys of `shape` (one sub-stream call), on `backend`.
ndarray sort_keys(Generator& g, const Dims& shape, Backend* backend) {
  IntBound lo = IntBound::of(0), hi = IntBound::of(static_cast<__int128>(~0ull));
  ndarray keys = g.integers(lo, hi, shape, dtypes::uint64, true);
  (void)backend;
  return keys;
}

}  // namespace

namespace {
PermutationGpu g_permutation_gpu{};  // constant-initialised: the CUDA unit's registration may run first
}  // namespace

void register_permutation_gpu(const PermutationGpu& p) { g_permutation_gpu = p; }
const PermutationGpu* cuda_permutation_gpu() { return g_permutation_gpu.permute ? &g_permutation_gpu : nullptr; }

ndarray Generator::permutation(int64_t n) {
  if (n < 0) throw ValueError("negative dimensions are not allowed");
  if (n <= (int64_t{1} << 28)) {  // Note [Permutation by 32-bit keys]
    ndarray out = ndarray::empty(Dims{n}, dtypes::int64);
    Backend& bk = out.backend();
    const PermutationGpu* gpu = bk.type() == DeviceType::Cuda ? cuda_permutation_gpu() : nullptr;
    if (gpu) {  // Note [Permutation keys on a GPU], Note [Permutation groups on a GPU]
      // The generator advances as the host's integers() call and tie key below advance it.
      const StreamKey key = next_substream_key();
      const StreamKey tie_key = next_substream_key();
      if (n == 0) return out;
      const size_t tb = gpu->temp_bytes(n);
      ndarray keys = ndarray::empty(Dims{n}, dtypes::uint32, Order::C, &bk);
      ndarray kalt = ndarray::empty(Dims{n}, dtypes::uint32, Order::C, &bk);
      ndarray pos = ndarray::empty(Dims{n}, dtypes::int32, Order::C, &bk);
      ndarray palt = ndarray::empty(Dims{n}, dtypes::int32, Order::C, &bk);
      ndarray temp = ndarray::empty(Dims{static_cast<int64_t>(tb > 0 ? tb : 1)}, dtypes::uint8, Order::C, &bk);
      ndarray starts = ndarray::empty(Dims{gpu->starts_size(n)}, dtypes::int32, Order::C, &bk);
      PermutationGpuBuffers b{reinterpret_cast<uint32_t*>(keys.data()),
                              reinterpret_cast<uint32_t*>(kalt.data()),
                              reinterpret_cast<int32_t*>(pos.data()),
                              reinterpret_cast<int32_t*>(palt.data()),
                              temp.data(),
                              tb,
                              reinterpret_cast<int32_t*>(starts.data()),
                              reinterpret_cast<int64_t*>(out.data())};
      gpu->permute(b, n, key, tie_key, bk.current_stream(out.device()));
      return out;
    }
    ndarray keys = integers(IntBound::of(0), IntBound::of(0xffffffff), Dims{n}, dtypes::uint32, true);
    StreamKey tie_key = next_substream_key();
    if (n == 0) return out;
    ndarray o64 = argsort(keys, -1, SortKind::Stable);
    ndarray sorted = take(keys, o64);
    ndarray order = astype(o64, dtypes::int32);  // the keys in sorted order and their int32 positions
    PermutationTiesF f{reinterpret_cast<const uint32_t*>(sorted.data()), reinterpret_cast<const int32_t*>(order.data()),
                       n, tie_key};
    run_elementwise(raw_loops(RawKind::PermutationTies, ScalarType::Int64), &out, 1, 0, &f);
    return out;
  }
  ndarray keys = sort_keys(*this, Dims{n}, nullptr);
  return argsort(keys, -1, SortKind::Stable);
}

ndarray Generator::permutation(const ndarray& a, int64_t axis) {
  if (a.ndim() == 0) throw AxisError("axis 0 is out of bounds for array of dimension 0");
  int64_t ax = normalize_axis(axis, a.ndim());
  ndarray idx = permutation(a.shape()[ax]);
  return take(a, idx, ax);
}

void Generator::shuffle(const ndarray& a, int64_t axis) {
  if (a.ndim() == 0) throw TypeError("shuffle() takes an array of at least one dimension");
  ndarray p = permutation(a, axis);
  copyto(a, p);
}

ndarray Generator::permuted(const ndarray& a, std::optional<int64_t> axis, const ndarray& out) {
  if (out.defined() && out.shape() != a.shape()) throw ValueError("out must have the same shape as x");
  ndarray result;
  if (!axis) {
    ndarray flat = reshape(a, Dims{a.size()});
    ndarray shuffled = take(flat, permutation(a.size()), 0);
    result = reshape(shuffled, a.shape());
  } else {
    int64_t ax = normalize_axis(*axis, a.ndim());
    ndarray keys = sort_keys(*this, a.shape(), nullptr);
    ndarray order = argsort(keys, ax, SortKind::Stable);
    result = take_along_axis(a, order, ax);
  }
  if (out.defined()) {
    copyto(out, result, Casting::Unsafe);
    return out;
  }
  return result;
}

ndarray Generator::choice(int64_t n, const std::optional<Dims>& size, bool replace, const ndarray& p, bool legacy) {
  Dims shape = size.value_or(Dims{});
  int64_t k = 1;
  for (int64_t d : shape) k *= d;
  if (n < 0) throw ValueError("a must be a positive integer unless no samples are taken");
  if (n == 0 && k != 0) throw ValueError("a cannot be empty unless no samples are taken");
  if (p.defined()) {
    if (p.ndim() != 1) throw ValueError("p must be 1-dimensional");
    if (p.size() != n) throw ValueError("a and p must have same size");
    std::vector<double> pv = to_vector<double>(astype(p, dtypes::float64, Order::C));
    double sum = 0;
    for (double x : pv) {
      if (!(x >= 0)) throw ValueError("Probabilities are not non-negative");
      sum += x;
    }
    if (std::abs(sum - 1.0) > 1e-8)
      throw ValueError("Probabilities do not sum to 1. See Notes section of docstring for more information.");
    if (!replace)
      throw NotImplementedError(
          "choice() with replace=False and p is not supported: draw with replace=True, or "
          "use a permutation for uniform sampling without replacement (V14-CHOICE)");
    // NumPy: cdf = cumsum(p) / cdf[-1]; idx = searchsorted(cdf, uniform, side='right').
    ndarray cdf = cumsum(astype(p, dtypes::float64));
    ndarray total = full(Dims{}, Scalar::of<double>(sum), dtypes::float64);
    std::vector<double> c = to_vector<double>(cdf);
    for (double& x : c) x /= c.empty() ? 1.0 : c.back();
    ndarray cdf_n = from_host(c.data(), Dims{n}, c_strides(Dims{n}, 8), dtypes::float64, &cdf.backend());
    (void)total;
    ndarray u = random(shape, dtypes::float64);
    return astype(searchsorted(cdf_n, u, Side::Right), dtypes::int64);
  }
  if (replace) {
    if (n == 0) return ndarray::empty(shape, dtypes::int64);
    return integers(IntBound::of(0), IntBound::of(n), shape, dtypes::int64, false);
  }
  if (k > n)
    throw ValueError(legacy ? "Cannot take a larger sample than population when 'replace=False'"
                            : "Cannot take a larger sample than population when replace is False");
  // Note [Choice by a keyed bijection]: k picks in one elementwise pass, O(k) whatever n;
  // k >= n - 1 takes a uniform random order of all n.
  if (k + 2 <= n) {
    const ChoiceBijectionF f = ChoiceBijectionF::make(next_substream_key(), static_cast<uint64_t>(n));
    ndarray picks = ndarray::empty(Dims{k}, dtypes::int64);
    if (k > 0) run_elementwise(raw_loops(RawKind::ChoiceBijection, ScalarType::Int64), &picks, 1, 0, &f);
    return reshape(picks, shape);
  }
  ndarray perm = permutation(n);
  ndarray first = copy(perm.view(Dims{k}, Dims{8}, 0), Order::C);
  return reshape(first, shape);
}

}  // namespace cupric::random
