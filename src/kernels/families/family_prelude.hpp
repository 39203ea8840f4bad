// Common prelude of a kernel-family translation unit (Note [Kernel families] in
// src/kernels/README.md): picks the loop templates of the backend being compiled and names
// the dtype this unit is for.
#pragma once
#include <tuple>
#include "cupric/dtype.hpp"
#include "kernels/op_table.hpp"

#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "kernels/cuda_loops.cuh"
namespace cupric::family {
namespace loops = ::cupric::cuda;
inline constexpr LoopBackend kBackend = LoopBackend::Cuda;
}  // namespace cupric::family
#else
#include "kernels/host_loops.hpp"
namespace cupric::family {
namespace loops = ::cupric::host;
inline constexpr LoopBackend kBackend = LoopBackend::Host;
}  // namespace cupric::family
#endif

namespace cupric::family {

using AllTypes = std::tuple<bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t, float16,
                            bfloat16, float, double, complex64, complex128>;
// The C++ type this translation unit instantiates for.
using Self = std::tuple_element_t<CUPRIC_FAMILY_INDEX, AllTypes>;

template <class F>
void for_each_type(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::tuple_element_t<I, AllTypes>>(), ...);
  }(std::make_index_sequence<std::tuple_size_v<AllTypes>>{});
}

}  // namespace cupric::family
