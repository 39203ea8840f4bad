// The sort engine of ops/sort_engine.hpp.
//
// Note [Segmented sorts]
// Sorting along an axis of an N-D array sorts nseg lanes of seglen elements (the axis moved last,
// contiguous). When the key's bits and the segment number's bits fit in 64, the segment number
// is packed above the key (one radix sort of uint64 keys over end_bit = key bits + segment bits,
// so only the passes needed run). Otherwise (64-bit keys, several keys of lexsort or complex) the
// keys are sorted one after the other, least significant first, carrying the permutation (LSD
// over stable sorts), and a last stable pass sorts by segment number.
//
// Note [Sort fast paths]
// Bytes per element of the two common CUDA cases (2^26 float32, CUB onesweep: an upsweep
// histogram read of the keys, then one read and one write of keys and values per 8-bit digit):
//  - argsort, one key of 4 or 8 bytes (1-d or packed segments): key transform (4+4), int32 iota
//    (4), pairs sort with int32 positions (4 + 4 x (4+4+4+4) = 68), widening (4+8): 92, against
//    116 with int64 positions (iota 8, transform 8, 4 + 4 x (4+4+8+8) = 100), and the pairs go in
//    DoubleBuffer mode (no internal alternate buffers: half the scratch);
//  - sort of float32/float64 values (1-d, not kind='stable', CUPRIC_ACCELERATORS=cub): CUB reads
//    the input and writes the result with its own float keys (4 + 4 x (4+4) = 36), against 52
//    with the key transform in (4+4) and out (4+4); the NaN fix-up is two tiny launches.
// Unsigned integer value sorts (any backend) skip the transforms too: the values are the keys.
#include "engine/sort/sort_engine.hpp"
#include <bit>
#include "cupric/accelerators.hpp"
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/ops/ufunc.hpp"
#include "engine/sort/sort_kernels.hpp"
#include "engine/index/index_engine.hpp"

namespace cupric {

dispatch::Table<const SortFns*>& sort_table() {
  static constinit dispatch::Table<const SortFns*> t;
  return t;
}

}  // namespace cupric

namespace cupric::detail {
namespace {

const SortFns& fns(const ndarray& a) { return *sort_table().require(a.device_type(), "sorting"); }
Stream stream_of(const ndarray& a) { return a.backend().current_stream(a.device()); }

DType unsigned_of(int bytes) {
  switch (bytes) {
    case 1: return dtypes::uint8;
    case 2: return dtypes::uint16;
    case 4: return dtypes::uint32;
    default: return dtypes::uint64;
  }
}

int bits_for(int64_t nseg) { return nseg <= 1 ? 0 : 64 - std::countl_zero(static_cast<uint64_t>(nseg - 1)); }

ndarray empty1(int64_t n, DType t, const ndarray& like) {
  return ndarray::empty(Dims{n}, t, Order::C, &like.backend());
}

ndarray make_key(const KeySrc& k, bool canonical_zero, int32_t out_bytes, int64_t seglen, int shift) {
  sortkey::KeySpec spec;
  spec.type = k.data.dtype().type;
  spec.part = k.part;
  spec.canonical_zero = canonical_zero;
  spec.out_bytes = out_bytes;
  spec.seglen = seglen;
  spec.seg_shift = shift;
  ndarray out = empty1(k.data.size(), unsigned_of(out_bytes), k.data);
  fns(k.data).to_key(k.data.data(), k.data.size(), spec, out.data(), stream_of(k.data));
  return out;
}

// Radix sort of keys (and int64 values when given) into fresh arrays.
void radix(const ndarray& kin, ndarray& kout, const ndarray* vin, ndarray* vout, int end_bit) {
  const SortFns& f = fns(kin);
  const int64_t n = kin.size();
  const auto kb = static_cast<int32_t>(kin.itemsize());
  if (!kout.defined()) kout = empty1(n, kin.dtype(), kin);
  if (vin) *vout = empty1(n, dtypes::int64, kin);
  if (n == 0) return;
  const size_t tb = f.temp_bytes(kb, vin != nullptr, n, 0, end_bit);
  // Scratch from the memory pool, on the current stream (freed when `temp` goes).
  ndarray temp = empty1(static_cast<int64_t>(tb > 0 ? tb : 1), dtypes::uint8, kin);
  if (vin)
    f.sort_pairs(kb, kin.data(), kout.data(), reinterpret_cast<const int64_t*>(vin->data()),
                 reinterpret_cast<int64_t*>(vout->data()), n, 0, end_bit, temp.data(), tb, stream_of(kin));
  else
    f.sort_keys(kb, kin.data(), kout.data(), n, 0, end_bit, temp.data(), tb, stream_of(kin));
}

// Stable argsort of one key array (4 or 8 bytes) by the backend's argsort (SortFns::argsort):
// int32 positions through the radix sort, widened once. `key` is used up as scratch.
ndarray index_sort(ndarray& key, int end_bit) {
  const SortFns& f = fns(key);
  const int64_t n = key.size();
  const auto kb = static_cast<int32_t>(key.itemsize());
  ndarray pos = empty1(n, dtypes::int64, key);
  const size_t tb = f.argsort_temp_bytes(kb, n, 0, end_bit);
  ndarray temp = empty1(static_cast<int64_t>(tb > 0 ? tb : 1), dtypes::uint8, key);
  f.argsort(kb, key.data(), reinterpret_cast<int64_t*>(pos.data()), n, 0, end_bit, temp.data(), tb, stream_of(key));
  return pos;
}

}  // namespace

Lanes make_lanes(const ndarray& a, std::optional<int64_t> axis) {
  if (a.dtype().is_void()) throw TypeError("cupric: sorting needs a numeric dtype (got a void/structured array)");
  Lanes l;
  ndarray m;
  if (!axis) {
    m = ravel(a);
    l.axis = -1;
  } else {
    l.axis = normalize_axis(*axis, a.ndim());
    m = l.axis == a.ndim() - 1 ? a : moveaxis(a, l.axis, -1);
  }
  l.shape = m.shape();
  l.seglen = m.ndim() == 0 ? 1 : m.shape()[m.ndim() - 1];
  l.nseg = l.seglen == 0 ? 0 : m.size() / l.seglen;
  if (!m.c_contiguous() || !storage_aligned(m)) m = copy(m, Order::C);
  l.data = m.view(Dims{m.size()}, Dims{m.itemsize()}, 0);
  return l;
}

ndarray unlane(const Lanes& l, const ndarray& r) {
  Dims strides(l.shape.size(), 0);
  int64_t st = r.itemsize();
  for (int d = static_cast<int>(l.shape.size()) - 1; d >= 0; --d) {
    strides[d] = st;
    st *= l.shape[d];
  }
  ndarray v = r.view(l.shape, strides, 0);
  if (l.axis < 0 || l.axis == v.ndim() - 1) return v;
  return moveaxis(v, -1, l.axis);
}

void append_keys(std::vector<KeySrc>& keys, const ndarray& data) {
  if (data.dtype().is_complex()) {
    keys.push_back({data, sortkey::Part::ComplexSecond});
    keys.push_back({data, sortkey::Part::ComplexFirst});
    keys.push_back({data, sortkey::Part::ComplexClass});
  } else {
    keys.push_back({data, sortkey::Part::Value});
  }
}

ndarray gather_trusted(const ndarray& src, const ndarray& idx) {
  ndarray out = ndarray::empty(idx.shape(), src.dtype(), Order::C, &src.backend());
  if (out.size() == 0) return out;
  ndarray s = src.view(idx.shape(), Dims(static_cast<size_t>(idx.ndim()), 0), 0);
  gather(out, s, idx, IndexState{src.strides()[0], src.shape()[0], IndexMode::Trusted, nullptr});
  return out;
}

ndarray argsort_lanes(const std::vector<KeySrc>& keys, int64_t nseg, int64_t seglen) {
  const ndarray& like = keys.front().data;
  const int64_t n = like.size();
  if (n == 0) return empty1(0, dtypes::int64, like);
  const int segbits = bits_for(nseg);
  if (keys.size() == 1 && fns(like).argsort) {
    // One radix sort (Note [Segmented sorts]) of 4- or 8-byte keys: the backend's argsort.
    const int kb = sortkey::natural_bytes(like.dtype().type, keys[0].part);
    const bool packed = nseg > 1 && kb * 8 + segbits <= 64;
    if ((nseg <= 1 && kb >= 4) || packed) {
      ndarray key = packed ? make_key(keys[0], true, 8, seglen, kb * 8) : make_key(keys[0], true, kb, 0, 0);
      return index_sort(key, packed ? kb * 8 + segbits : kb * 8);
    }
  }
  ndarray perm = iota(n, like);
  bool packed = false;
  for (size_t i = 0; i < keys.size(); ++i) {
    ndarray kout, pout;
    const int kb = sortkey::natural_bytes(keys[i].data.dtype().type, keys[i].part);
    ndarray key;
    int end_bit = kb * 8;
    if (keys.size() == 1 && nseg > 1 && kb * 8 + segbits <= 64) {
      key = make_key(keys[i], true, 8, seglen, kb * 8);  // Note [Segmented sorts]
      end_bit += segbits;
      packed = true;
    } else {
      key = make_key(keys[i], true, kb, 0, 0);
      if (i > 0) key = gather_trusted(key, perm);
    }
    radix(key, kout, &perm, &pout, end_bit);
    perm = pout;
  }
  if (nseg > 1 && !packed) {
    ndarray kout, pout;
    ndarray seg = floor_divide(perm, Operand(seglen));  // non-negative int64: its bits sort as uint64
    seg = seg.view(dtypes::uint64, seg.shape(), seg.strides(), 0);
    radix(seg, kout, &perm, &pout, segbits);
    perm = pout;
  }
  return perm;
}

ndarray sort_lanes(const Lanes& l, bool exact) {
  const ndarray& d = l.data;
  const int64_t n = d.size();
  const DType t = d.dtype();
  const int kb = sortkey::natural_bytes(t.type, sortkey::Part::Value);
  const int segbits = bits_for(l.nseg);
  const bool by_perm = t.is_complex() || (exact && t.is_floating()) || (l.nseg > 1 && kb * 8 + segbits > 64);
  if (n == 0) return empty1(0, t, d);
  const SortFns& f = fns(d);
  if (!by_perm && l.nseg <= 1 && (t == dtypes::float32 || t == dtypes::float64) && f.sort_floats &&
      cub_routines_enabled()) {
    // CUB's own float keys: no key transforms in or out (SortFns::sort_floats).
    ndarray out = empty1(n, t, d);
    const size_t tb = f.float_sort_temp_bytes(t.type, n);
    ndarray temp = empty1(static_cast<int64_t>(tb > 0 ? tb : 1), dtypes::uint8, d);
    f.sort_floats(t.type, d.data(), out.data(), n, temp.data(), tb, stream_of(d));
    return out;
  }
  if (!by_perm && l.nseg <= 1 && t.is_unsigned_int()) {
    // Unsigned integers are their own keys: sorted straight from the input into the result.
    ndarray out = empty1(n, t, d);
    radix(d, out, nullptr, nullptr, kb * 8);
    return out;
  }
  if (by_perm) {
    std::vector<KeySrc> keys;
    append_keys(keys, d);
    return gather_trusted(d, argsort_lanes(keys, l.nseg, l.seglen));
  }
  ndarray out = empty1(n, t, d), kout;
  if (l.nseg <= 1) {
    // Keys sorted straight into the result's memory, then mapped back to values in place.
    ndarray key = make_key({d, sortkey::Part::Value}, false, kb, 0, 0);
    kout = out.view(unsigned_of(kb), out.shape(), out.strides(), 0);
    radix(key, kout, nullptr, nullptr, kb * 8);
    fns(d).from_key(out.data(), kb, n, t.type, out.data(), stream_of(d));
  } else {
    ndarray key = make_key({d, sortkey::Part::Value}, false, 8, l.seglen, kb * 8);
    radix(key, kout, nullptr, nullptr, kb * 8 + segbits);
    fns(d).from_key(kout.data(), 8, n, t.type, out.data(), stream_of(d));
  }
  return out;
}

std::vector<ndarray> search_keys(const ndarray& data) {
  std::vector<KeySrc> keys;
  append_keys(keys, data);
  std::vector<ndarray> out;
  for (auto it = keys.rbegin(); it != keys.rend(); ++it) out.push_back(make_key(*it, true, 8, 0, 0));
  return out;
}

ndarray search_sorted_keys(const std::vector<ndarray>& a, const std::vector<ndarray>& v, bool right,
                           const Dims& shape) {
  ndarray out = ndarray::empty(shape, dtypes::int64, Order::C, &v.front().backend());
  sortkey::KeyParts pa, pv;
  pa.n = pv.n = static_cast<int>(a.size());
  for (size_t k = 0; k < a.size(); ++k) {
    pa.p[k] = reinterpret_cast<const uint64_t*>(a[k].data());
    pv.p[k] = reinterpret_cast<const uint64_t*>(v[k].data());
  }
  fns(out).search(pa, a.front().size(), pv, out.size(), right, reinterpret_cast<int64_t*>(out.data()), stream_of(out));
  return out;
}

}  // namespace cupric::detail
