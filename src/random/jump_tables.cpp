// The skip-ahead tables of XORWOW and MRG32k3a (Note [cuRAND XORWOW and MRG32k3a order]):
// computed once on the host by repeated squaring (no tables copied from cuRAND), and copied once
// into each device's memory for the CUDA lane loops.
#include "random/jump_tables.hpp"
#include <map>
#include <mutex>
#include <tuple>
#include "cupric/ops/creation.hpp"
#include "random/draw_kernels.hpp"

namespace cupric::random {

namespace {

// cur := cur * cur over GF(2), cur given by its 160 columns. Column i of the square is cur applied
// to column i; the application goes a byte of the input at a time through 20 tables of the 256
// XORs of cur's columns (about 6x fewer operations than bit by bit: the 80 squarings are the
// first XORWOW draw's main cost).
void square_xorwow(std::vector<uint32_t>& cur) {
  std::vector<uint32_t> tab(20 * 256 * 5, 0u), next(kXorwowMatrixWords);
  for (int byte = 0; byte < 20; ++byte) {
    uint32_t* t = tab.data() + byte * 256 * 5;
    for (int v = 1; v < 256; ++v) {
      int low = v & -v, bit = __builtin_ctz(static_cast<unsigned>(v));
      const uint32_t* prev = t + 5 * (v ^ low);
      const uint32_t* col = cur.data() + 5 * (8 * byte + bit);
      for (int k = 0; k < 5; ++k) t[5 * v + k] = prev[k] ^ col[k];
    }
  }
  for (int i = 0; i < 160; ++i) {
    uint32_t r[5] = {0, 0, 0, 0, 0};
    const uint32_t* x = cur.data() + 5 * i;
    for (int byte = 0; byte < 20; ++byte) {
      const uint32_t* e = tab.data() + (byte * 256 + ((x[byte >> 2] >> (8 * (byte & 3))) & 0xffu)) * 5;
      for (int k = 0; k < 5; ++k) r[k] ^= e[k];
    }
    for (int k = 0; k < 5; ++k) next[5 * i + k] = r[k];
  }
  cur.swap(next);
}

// Column i of the one-step XORWOW matrix is the state after one step from unit vector e_i.
std::vector<uint32_t> build_xorwow() {
  std::vector<uint32_t> t(static_cast<size_t>(kXorwowTableMatrices) * kXorwowMatrixWords);
  std::vector<uint32_t> cur(kXorwowMatrixWords);
  for (int i = 0; i < 160; ++i) {
    Xorwow x{};
    x.v[i >> 5] = 1u << (i & 31);
    x.next();
    for (int k = 0; k < 5; ++k) cur[5 * i + k] = x.v[k];
  }
  for (int p = 0; p < 67 + kXorwowSubseqBits; ++p) {
    int slot = p < 64 ? p : p >= 67 ? 64 + (p - 67) : -1;
    if (slot >= 0) std::copy(cur.begin(), cur.end(), t.begin() + static_cast<size_t>(slot) * kXorwowMatrixWords);
    if (p + 1 < 67 + kXorwowSubseqBits) square_xorwow(cur);
  }
  return t;
}

std::vector<uint32_t> build_mrg() {
  std::vector<uint32_t> t(static_cast<size_t>(kMrgTableMatrices) * 18);
  uint32_t a1[9] = {0, 1, 0, 0, 0, 1, kMrgM1 - 810728u, 1403580u, 0};
  uint32_t a2[9] = {0, 1, 0, 0, 0, 1, kMrgM2 - 1370589u, 0, 527612u};
  for (int p = 0; p < kMrgSubseqShift + kMrgSubseqBits; ++p) {
    int slot = p < 64 ? p : p >= kMrgSubseqShift ? 64 + (p - kMrgSubseqShift) : -1;
    if (slot >= 0) {
      std::copy(a1, a1 + 9, t.begin() + 18 * slot);
      std::copy(a2, a2 + 9, t.begin() + 18 * slot + 9);
    }
    Mrg32k3a::matmul(a1, a1, a1, kMrgM1);
    Mrg32k3a::matmul(a2, a2, a2, kMrgM2);
  }
  return t;
}

}  // namespace

const std::vector<uint32_t>& host_jump_table(BitGenKind k) {
  // Each table is built at its generator's first draw only (XORWOW's 83 squarings are most of a
  // first legacy draw's host time).
  if (k == BitGenKind::XORWOW) {
    static const std::vector<uint32_t> xorwow = build_xorwow();
    return xorwow;
  }
  static const std::vector<uint32_t> mrg = build_mrg();
  return mrg;
}

const uint32_t* jump_table_for(BitGenKind k, Backend& backend) {
  const std::vector<uint32_t>& host = host_jump_table(k);
  if (backend.type() == DeviceType::Host) return host.data();
  static std::mutex mu;
  static std::map<std::tuple<Backend*, int, int>, ndarray> copies;  // kept for the process's life
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_tuple(&backend, backend.current_device(), static_cast<int>(k));
  auto it = copies.find(key);
  if (it == copies.end()) {
    Dims shape{static_cast<int64_t>(host.size())};
    it = copies.emplace(key, from_host(host.data(), shape, c_strides(shape, 4), dtypes::uint32, &backend)).first;
  }
  return reinterpret_cast<const uint32_t*>(it->second.data());
}

}  // namespace cupric::random
