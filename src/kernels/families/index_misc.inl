// Kernel family "index_misc": the int64 helpers of the index kernels (offsets, unravel, iota)
// and boolean-mask compaction. Instantiated once (Self = int64_t), not per dtype.
#include "kernels/index_functors.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "kernels/cuda_mask_loops.cuh"
#else
#include "kernels/host_index_loops.hpp"
#endif

CUPRIC_FAMILY_BEGIN

struct Register {
  Register() {
    auto set = [](LoopPair& p, LoopFn fn) { (kBackend == LoopBackend::Host ? p.host : p.cuda) = fn; };
    set(index_offsets_loops(), &loops::elementwise_loop<idx::OffsetsF, int64_t, int64_t, int64_t>);
    set(unravel_loops(), &loops::elementwise_loop<idx::UnravelF, int64_t, int64_t>);
    set(iota_loops(), &loops::iota_loop);
    MaskFns& m = mask_fns(kBackend == LoopBackend::Host ? DeviceType::Host : DeviceType::Cuda);
    m.count = &loops::mask_count;
    m.coords = &loops::mask_coords;
  }
} register_instance;

CUPRIC_FAMILY_END
