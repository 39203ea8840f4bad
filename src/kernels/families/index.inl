// Kernel family "index": gather, scatter and masked copy for elements of sizeof(Self) bytes.
// Instantiated for one dtype per element size only (Note [Index kernels move bytes]).
#include "kernels/index_functors.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "engine/index/cuda/cuda_index_loops.cuh"
#else
#include "engine/index/host/host_index_loops.hpp"
#endif

CUPRIC_FAMILY_BEGIN

using T = typename idx::StorageOf<static_cast<int>(sizeof(Self))>::type;

struct Register {
  Register() {
    register_index_loops(kBackend, sizeof(Self), &loops::gather_loop<T>, &loops::scatter_loop<T>,
                         &loops::elementwise_loop<idx::WhereCopyF<T>, T, bool, T, T>, &loops::mask_select<T>, &loops::mask_place<T>);
  }
} register_instance;

CUPRIC_FAMILY_END
