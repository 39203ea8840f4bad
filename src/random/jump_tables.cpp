// The skip-ahead tables of XORWOW and MRG32k3a (Note [cuRAND XORWOW and MRG32k3a order]):
// computed by repeated squaring (no tables copied from cuRAND; XORWOW's at build time), and
// copied once into each device's memory for the CUDA lane loops.
#include "random/jump_tables.hpp"
#include <iterator>
#include <map>
#include <mutex>
#include <tuple>
#include "cupric/ops/creation.hpp"
#include "random/draw_kernels.hpp"
#include "random/xorwow_chunks.hpp"

namespace cupric::random {

namespace {

// Note [XORWOW jump table at build time]
// XORWOW's 80 jump matrices (M^(2^i) for offsets, M^(2^(67+i)) for cuRAND's subsequences) take
// 83 GF(2) squarings of a 160x160 matrix: about 7 ms, most of a first legacy draw in a fresh
// process (9.5 ms on the H200's host). They depend on nothing but XORWOW's recurrence, so the
// build computes them once (src/random/tablegen/, the same code as xorwow_jumps.hpp) and this file
// includes the result: 256 KB of read-only data (512 with the row layout), no work at run time but one copy into each
// device's memory. tests/cpp/test_random_streams.cpp checks the table against the computation.
// The same matrices follow in the CUDA start-state kernel's row layout (xorwow_row_layout: a bit
// transposition of 2M bits, milliseconds at run time, so also made by the build).
constexpr size_t kXorwowTableWords = static_cast<size_t>(kXorwowTableMatrices) * kXorwowMatrixWords;
const uint32_t kXorwowJumpTable[] = {
#include "xorwow_jump_table.inc"
};
static_assert(sizeof(kXorwowJumpTable) / sizeof(uint32_t) == 2 * kXorwowTableWords);

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
  // XORWOW's table comes from the build (Note [XORWOW jump table at build time]); MRG32k3a's 3x3
  // matrices take well under a millisecond and are built at its first draw.
  if (k == BitGenKind::XORWOW) {
    static const std::vector<uint32_t> xorwow(std::begin(kXorwowJumpTable),
                                              std::begin(kXorwowJumpTable) + kXorwowTableWords);
    return xorwow;
  }
  static const std::vector<uint32_t> mrg = build_mrg();
  return mrg;
}

namespace {
// Device copies, one per (backend, device, table), kept for the process's life. Table 3: XORWOW
// in the row layout (xorwow_row_word).
const uint32_t* device_copy(const std::vector<uint32_t>& host, int table, Backend& backend) {
  static std::mutex mu;
  static std::map<std::tuple<Backend*, int, int>, ndarray> copies;
  std::lock_guard<std::mutex> lock(mu);
  auto key = std::make_tuple(&backend, backend.current_device(), table);
  auto it = copies.find(key);
  if (it == copies.end()) {
    Dims shape{static_cast<int64_t>(host.size())};
    it = copies.emplace(key, from_host(host.data(), shape, c_strides(shape, 4), dtypes::uint32, &backend)).first;
  }
  return reinterpret_cast<const uint32_t*>(it->second.data());
}
}  // namespace

const uint32_t* jump_table_for(BitGenKind k, Backend& backend) {
  const std::vector<uint32_t>& host = host_jump_table(k);
  if (backend.type() == DeviceType::Host) return host.data();
  return device_copy(host, static_cast<int>(k), backend);
}

const std::vector<uint32_t>& xorwow_warp_table() {
  static const std::vector<uint32_t> rows(std::begin(kXorwowJumpTable) + kXorwowTableWords, std::end(kXorwowJumpTable));
  return rows;
}

namespace {
int g_xorwow_max_chunks = kXorwowMaxChunks;
}  // namespace

int xorwow_max_chunks() { return g_xorwow_max_chunks; }
void set_xorwow_max_chunks(int k) { g_xorwow_max_chunks = k > 0 ? k : kXorwowMaxChunks; }

const uint32_t* xorwow_warp_table_for(Backend& backend) {
  if (backend.type() == DeviceType::Host) return xorwow_warp_table().data();
  return device_copy(xorwow_warp_table(), 3, backend);
}

}  // namespace cupric::random
