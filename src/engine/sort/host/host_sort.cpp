// Host sort kernels (kernels/sort_kernels.hpp): the key transforms of Note [Sort keys] in plain
// loops and std::stable_sort on the keys. The host backend aims at correctness, not speed.
#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>
#include "engine/sort/sort_kernels.hpp"

namespace cupric {
namespace {

using sortkey::KeySpec;
using sortkey::Layout;

template <class U, class K>
void to_key_typed(const void* src, int64_t n, const KeySpec& spec, const Layout& l, void* out) {
  const U* in = static_cast<const U*>(src);
  K* o = static_cast<K*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = sortkey::element_key<U, K>(in, i, spec, l.kind, l.complex);
}

template <class U>
void to_key_u(const void* src, int64_t n, const KeySpec& spec, const Layout& l, void* out) {
  switch (spec.out_bytes) {
    case 1: return to_key_typed<U, uint8_t>(src, n, spec, l, out);
    case 2: return to_key_typed<U, uint16_t>(src, n, spec, l, out);
    case 4: return to_key_typed<U, uint32_t>(src, n, spec, l, out);
    default: return to_key_typed<U, uint64_t>(src, n, spec, l, out);
  }
}

void to_key(const void* src, int64_t n, const KeySpec& spec, void* out, const Stream&) {
  const Layout l = sortkey::layout_of(spec.type);
  switch (l.bytes) {
    case 1: return to_key_u<uint8_t>(src, n, spec, l, out);
    case 2: return to_key_u<uint16_t>(src, n, spec, l, out);
    case 4: return to_key_u<uint32_t>(src, n, spec, l, out);
    default: return to_key_u<uint64_t>(src, n, spec, l, out);
  }
}

template <class U, class K>
void from_key_typed(const void* keys, int64_t n, sortkey::Kind kind, void* out) {
  const K* k = static_cast<const K*>(keys);
  U* o = static_cast<U*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = sortkey::value_of(static_cast<U>(k[i]), kind);
}

template <class U>
void from_key_u(const void* keys, int32_t key_bytes, int64_t n, sortkey::Kind kind, void* out) {
  if (key_bytes == 8)
    from_key_typed<U, uint64_t>(keys, n, kind, out);
  else
    from_key_typed<U, U>(keys, n, kind, out);
}

void from_key(const void* keys, int32_t key_bytes, int64_t n, ScalarType t, void* out, const Stream&) {
  const Layout l = sortkey::layout_of(t);
  switch (l.bytes) {
    case 1: return from_key_u<uint8_t>(keys, key_bytes, n, l.kind, out);
    case 2: return from_key_u<uint16_t>(keys, key_bytes, n, l.kind, out);
    case 4: return from_key_u<uint32_t>(keys, key_bytes, n, l.kind, out);
    default: return from_key_u<uint64_t>(keys, key_bytes, n, l.kind, out);
  }
}

size_t temp_bytes(int32_t, bool, int64_t, int, int) { return 0; }

template <class K>
K bits_of(K k, int begin_bit, int end_bit) {
  constexpr int w = static_cast<int>(sizeof(K) * 8);
  if (end_bit < w) k = static_cast<K>(k & static_cast<K>((K(1) << end_bit) - 1));
  return static_cast<K>(k >> begin_bit);
}

template <class K>
void sort_pairs_typed(const void* kin, void* kout, const int64_t* vin, int64_t* vout, int64_t n, int b, int e) {
  const K* k = static_cast<const K*>(kin);
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t x, int64_t y) { return bits_of(k[x], b, e) < bits_of(k[y], b, e); });
  std::vector<K> ktmp(static_cast<size_t>(n));
  std::vector<int64_t> vtmp(vout ? static_cast<size_t>(n) : 0);
  for (int64_t i = 0; i < n; ++i) {
    ktmp[i] = k[order[i]];
    if (vout) vtmp[i] = vin[order[i]];
  }
  std::memcpy(kout, ktmp.data(), static_cast<size_t>(n) * sizeof(K));
  if (vout) std::memcpy(vout, vtmp.data(), static_cast<size_t>(n) * sizeof(int64_t));
}

void sort_pairs(int32_t kb, const void* kin, void* kout, const int64_t* vin, int64_t* vout, int64_t n, int b, int e,
                void*, size_t, const Stream&) {
  switch (kb) {
    case 1: return sort_pairs_typed<uint8_t>(kin, kout, vin, vout, n, b, e);
    case 2: return sort_pairs_typed<uint16_t>(kin, kout, vin, vout, n, b, e);
    case 4: return sort_pairs_typed<uint32_t>(kin, kout, vin, vout, n, b, e);
    default: return sort_pairs_typed<uint64_t>(kin, kout, vin, vout, n, b, e);
  }
}

void sort_keys(int32_t kb, const void* in, void* out, int64_t n, int b, int e, void* t, size_t tb, const Stream& s) {
  sort_pairs(kb, in, out, nullptr, nullptr, n, b, e, t, tb, s);
}

void search(const sortkey::KeyParts& a, int64_t n, const sortkey::KeyParts& v, int64_t m, bool right, int64_t* out,
            const Stream&) {
  for (int64_t j = 0; j < m; ++j) out[j] = sortkey::search_one(a, n, v, j, right);
}

// The host has no fast paths (argsort, sort_floats): the engine composes the entries above.
constexpr SortFns kHostSort{&to_key, &from_key, &temp_bytes, &sort_keys, &sort_pairs,
                            &search, nullptr,   nullptr,     nullptr,    nullptr};
const dispatch::Registration register_sort(sort_table(), DeviceType::Host, &kHostSort);

}  // namespace
}  // namespace cupric
