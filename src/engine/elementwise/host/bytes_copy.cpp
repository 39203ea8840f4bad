// Host loop copying opaque elements of any size (void and structured dtypes).
#include <cstring>
#include "engine/elementwise/host/host_loops.hpp"
#include "engine/elementwise/op_table.hpp"

namespace cupric {
namespace {

void bytes_copy(const LoopPlan& p, const void* state, const Stream&) {
  int64_t itemsize;
  std::memcpy(&itemsize, state, sizeof(itemsize));
  host::for_each_row<2>(p, [&](char* const* ptrs, const int64_t* s, int64_t n) {
    for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * s[0], ptrs[1] + i * s[1], itemsize);
  });
}

const dispatch::Registration register_bytes_copy(bytes_copy_loops(), DeviceType::Host, &bytes_copy);

}  // namespace
}  // namespace cupric
