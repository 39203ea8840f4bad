// Prelude of the "scan" kernel family: the reductions' prelude (the scans fold with the reduction
// functors, and the CUDA scan uses the reduction's warp helpers), the scan loop template of the
// backend being compiled, and `reg_scan`, which registers one functor's loop under its
// (op, input dtype, result dtype) key (reg_loop, shared with the reductions' `reg`).
#pragma once
#include "kernels/families/reduce_prelude.hpp"
#include "engine/scan/scan_engine.hpp"
#if defined(CUPRIC_FAMILY_BACKEND_cuda)
#include "engine/scan/cuda/cuda_scan.cuh"
#else
#include "engine/scan/host/host_scan.hpp"
#endif

namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS {  // Note [Family backend namespace]

template <class Op>
void reg_scan(ScanOp op) {
  reg_loop<Op>(&register_scan_loop, op, &loops::scan_loop<Op>);
}

}  // namespace cupric::family::inline CUPRIC_FAMILY_BACKEND_NS
