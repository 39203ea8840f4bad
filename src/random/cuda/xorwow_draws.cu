// The legacy XORWOW draws' CUDA loops (RandomState's random_sample, rand, raw words: Note [XORWOW
// lane chunks] in src/random/xorwow_chunks.hpp), registered from a translation unit of their own
// rather than from the `random` kernel family's float32 and uint32 units (Note [A first draw's
// module]).
#include "random/cuda/xorwow_chunks.cuh"
#include "random/draw_kernels.hpp"

namespace cupric::random {

// Note [A first draw's module]
// With CUDA's lazy module loading (the default), a kernel's first launch loads the module of its
// translation unit, and the time it takes grows with the module. A first RandomState draw in a
// fresh process measured 5.1-5.4 ms on the H200 with lazy loading and 0.59 ms with
// CUDA_MODULE_LOADING=EAGER (bench/probe.py random, thirteenth session): nearly all of it the load
// of the `random` family's float32 unit, which holds every block, element and XORWOW loop of that
// dtype. The two XORWOW kernels a first legacy draw runs live here, in a module of a few kernels
// (bench/module_load_probe.py lists each module's size and load time).
namespace {

struct Register {
  Register() {
    using cuda_draws::xorwow_chunk_loop;
    register_raw_loop(LoopBackend::Cuda, RawKind::XorwowUniform, ScalarType::Float32,
                      &xorwow_chunk_loop<UniformFloatSink>);
    register_raw_loop(LoopBackend::Cuda, RawKind::XorwowCurandUniform, ScalarType::Float32,
                      &xorwow_chunk_loop<CurandUniformSink>);
    register_raw_loop(LoopBackend::Cuda, RawKind::XorwowBits, ScalarType::UInt32, &xorwow_chunk_loop<WordSink>);
  }
} register_instance;

}  // namespace

}  // namespace cupric::random
