// Common prelude of a kernel-family translation unit (Note [Kernel families] in
// src/kernels/README.md): picks the loop templates of the backend being compiled, and defines
// CUPRIC_FAMILY_BEGIN / CUPRIC_FAMILY_END, which a family's .inl puts around its body. The
// generated unit includes the .inl once per dtype it holds, each time with CUPRIC_FAMILY_INDEX
// (the dtype's ScalarType index) and CUPRIC_FAMILY_NS (a namespace name unique in the unit)
// defined; the body sees that dtype as `Self` and lives in its own namespace, so one unit can
// hold several dtypes of a family.
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

template <class F>
void for_each_type(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::tuple_element_t<I, AllTypes>>(), ...);
  }(std::make_index_sequence<std::tuple_size_v<AllTypes>>{});
}

}  // namespace cupric::family

// Opens the body of one dtype's instance of a family: a namespace of its own (unnamed inside,
// so nothing leaks between translation units) where `Self` is the dtype's C++ type.
#define CUPRIC_FAMILY_BEGIN                                                     \
  namespace cupric::family::CUPRIC_FAMILY_NS {                                  \
  using Self = std::tuple_element_t<CUPRIC_FAMILY_INDEX, ::cupric::family::AllTypes>; \
  namespace {
#define CUPRIC_FAMILY_END \
  }                       \
  }
