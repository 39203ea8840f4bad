// Host batched copy (engine/index/index_kernels.hpp): one memcpy per segment.
#include <cstring>
#include "engine/index/index_kernels.hpp"

namespace cupric {
namespace {

void batch_copy(char* dst, const CopyBatch& b, const Stream&) {
  for (int k = 0; k < b.count; ++k)
    if (b.seg[k].bytes > 0) std::memcpy(dst + b.seg[k].dst_offset, b.seg[k].src, static_cast<size_t>(b.seg[k].bytes));
}

const dispatch::Registration register_batch_copy(batch_copy_fns(), DeviceType::Host, &batch_copy);

}  // namespace
}  // namespace cupric
