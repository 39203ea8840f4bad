// Kernel family "index_misc": the int64 helpers of the index kernels (offsets, unravel, iota)
// and boolean-mask compaction. Instantiated once (Self = int64_t), not per dtype.
#include "kernels/index_functors.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "engine/index/cuda/cuda_mask_loops.cuh"
#else
#include "engine/index/host/host_index_loops.hpp"
#endif

CUPRIC_FAMILY_BEGIN

struct Register {
  Register() {
    index_offsets_loops().set(kBackend, &loops::elementwise_loop<idx::OffsetsF, int64_t, int64_t, int64_t>);
    unravel_loops().set(kBackend, &loops::elementwise_loop<idx::UnravelF, int64_t, int64_t>);
    iota_loops().set(kBackend, &loops::iota_loop);
    mask_fns().count.set(kBackend, &loops::mask_count);
    mask_fns().coords.set(kBackend, &loops::mask_coords);
  }
} register_instance;

CUPRIC_FAMILY_END
