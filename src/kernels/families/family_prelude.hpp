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
#include "engine/elementwise/op_table.hpp"

// Note [Family backend namespace]
// The same templates (register_binary, reg, ...) are compiled into host and CUDA units with
// different bodies (`loops` and `kBackend` differ). Under one mangled name the linker would keep
// one body for both and the CUDA loops would silently register as host ones, so everything in
// cupric::family lives in an inline namespace named after the backend: write
// `namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {` in every header of a family unit.
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#define CUPRIC_FAMILY_BACKEND_NS backend_cuda
#else
#define CUPRIC_FAMILY_BACKEND_NS backend_host
#endif

#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "engine/elementwise/cuda/cuda_loops.cuh"
namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {
namespace loops = ::cupric::cuda;
inline constexpr LoopBackend kBackend = LoopBackend::Cuda;
}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
#else
#include "engine/elementwise/host/host_loops.hpp"
namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {
namespace loops = ::cupric::host;
inline constexpr LoopBackend kBackend = LoopBackend::Host;
}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
#endif

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {

using AllTypes = NumericTypes;  // (Note [One dtype list] in cupric/dtype_list.hpp)

template <class F>
void for_each_type(F&& f) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    (f.template operator()<std::tuple_element_t<I, AllTypes>>(), ...);
  }(std::make_index_sequence<std::tuple_size_v<AllTypes>>{});
}

}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS

// Opens the body of one dtype's instance of a family: a namespace of its own (unnamed inside,
// so nothing leaks between translation units) where `Self` is the dtype's C++ type.
#define CUPRIC_FAMILY_BEGIN                                                           \
  namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS::CUPRIC_FAMILY_NS {       \
  using Self = std::tuple_element_t<CUPRIC_FAMILY_INDEX, ::cupric::family::AllTypes>; \
  namespace {
#define CUPRIC_FAMILY_END \
  }                       \
  }
