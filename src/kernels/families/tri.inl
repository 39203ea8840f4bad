// Kernel family "tri": keep-or-zero by the (row, col) relation to the k-th diagonal on the last
// two axes of a C-contiguous output, for Self. Serves eye, identity, tri, tril and triu
// (ops/creation_matrices.cpp).
#include "kernels/creation_kernels.hpp"

CUPRIC_FAMILY_BEGIN

struct Register {
  Register() {
    using namespace creation;
    register_creation_loop(kBackend, CreationLoop::TriMask, dtype_of<Self>::value,
                           &loops::indexed_loop<TriMaskF<Self>, Self>);
    register_creation_loop(kBackend, CreationLoop::TriKeep, dtype_of<Self>::value,
                           &loops::indexed_loop<TriKeepF<Self>, Self, Self>);
  }
} register_instance;

CUPRIC_FAMILY_END
