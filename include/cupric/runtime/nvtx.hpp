// NVTX markers and ranges for profilers (Nsight Systems): cupric.cuda.nvtx wraps these.
// Note [NVTX] in src/runtime/nvtx.cpp: compiled against NVTX 3 (header-only) when the CUDA
// toolkit's headers are there, else libnvToolsExt is dlopen'ed at first use; with neither, every
// call is a no-op and nvtx_available() is false.
#pragma once
#include <cstdint>
#include <string>

namespace cupric::nvtx {

bool available();
// `argb` 0 means no color. Ranges nest per thread; range_pop returns the depth left (-1 when
// there was no open range or NVTX is unavailable).
void mark(const std::string& message, uint32_t argb = 0);
int range_push(const std::string& message, uint32_t argb = 0);
int range_pop();
// A range that may start and end on different threads (nvtxRangeStartEx/nvtxRangeEnd): its id
// (0 when NVTX is unavailable, which range_end ignores).
uint64_t range_start(const std::string& message, uint32_t argb = 0);
void range_end(uint64_t id);
// One of a fixed palette of distinct colors for an integer id (CuPy's id_color); -1: none.
uint32_t color_of_id(int id);

}  // namespace cupric::nvtx
