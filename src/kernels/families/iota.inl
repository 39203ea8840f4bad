// Kernel family "iota": element i of a C-contiguous output computed from i alone, for Self as
// the output dtype. Serves arange, linspace and logspace (ops/creation_ranges.cpp), and the window
// functions (ops/window.cpp: float64 only).
#include "kernels/creation_kernels.hpp"

CUPRIC_FAMILY_BEGIN

struct Register {
  Register() {
    using namespace creation;
    register_creation_loop(kBackend, CreationLoop::Arange, dtype_of<Self>::value,
                           &loops::indexed_loop<ArangeF<Self>, Self>);
    register_creation_loop(kBackend, CreationLoop::Linspace, dtype_of<Self>::value,
                           &loops::indexed_loop<LinspaceF<Self>, Self>);
    register_creation_loop(kBackend, CreationLoop::LinspaceComplex, dtype_of<Self>::value,
                           &loops::indexed_loop<LinspaceComplexF<Self>, Self>);
    if constexpr (std::is_same_v<Self, double>)
      register_creation_loop(kBackend, CreationLoop::Window, dtype_of<Self>::value,
                             &loops::indexed_loop<WindowF<Self>, Self>);
  }
} register_instance;

CUPRIC_FAMILY_END
