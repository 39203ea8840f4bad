// Backend dispatch: one typed slot per (entry point, backend), filled by the backend's own
// translation units, read with one lookup that raises one error (Note [Dispatch]).
#pragma once
#include <cstdint>
#include <string_view>
#include "cupric/runtime/backend.hpp"

namespace cupric::dispatch {

// Note [Dispatch]
// Every engine entry point and every library module that has one implementation per backend
// (a typed elementwise loop, a reduction loop, the sort kernels, the CUDA runtime queries, later
// cuBLAS for linalg and cuFFT for fft) keeps them in a `Table<Fn>`: one slot per backend, `Fn` a
// function pointer or a pointer to a const struct of function pointers (a module's whole
// interface: `Table<const SortFns*>`). PyTorch's DispatchStub is the model; what differs:
//  - Slots are selected by DeviceType, the tag every ndarray carries: a lookup is a select of one
//    of the table's fields by that tag (`get`, a compare and a conditional move for two backends)
//    and a null test (`require`): no map, no string, no virtual call. The hot path (`a + b`) pays
//    what it paid for its old `host ? loop.host : loop.cuda` and its old null test.
//  - A backend fills its slots from its own translation units while the library loads: a
//    kernel family's CUDA unit sets the `cuda` slots of its loops, `runtime/cuda/cuda_info.cpp`
//    sets the CUDA runtime queries, `engine/sort/host/host_sort.cpp` the host sort. Code that is
//    not built (the CUDA units of a host-only build) leaves its slots null, so no weak symbols
//    and no `#ifdef` in callers. Tables are aggregates of null pointers, constant-initialised
//    (namespace-scope `constinit`, or function-local statics), so a registration from another
//    unit's static initialiser finds its table ready whatever the order in which the units of
//    the shared library initialise. Nothing looks up during static initialisation.
//  - A missing slot is one error, raised by `require` (or `unavailable` where the caller names
//    the entry point with run-time detail): NotImplementedError("<what> is not available on the
//    <backend> backend: <why>"), with a `why` that says what to do. Callers that have another
//    way (the scan engine falls back from CUB to its own loops) use `get` and test for null.
//  - A library module plugs in the same way: a front in `src/<module>/` (argument checks, plans)
//    declares `struct BlasFns { ... }; dispatch::Table<const BlasFns*>& blas_table();`; the CUDA
//    implementation in `src/<module>/cuda/` (wrapping cuBLAS through `src/runtime/cuda/libs/`)
//    and the host one in `src/<module>/host/` (OpenBLAS) each define a `static const BlasFns` and
//    register it with `Registration`; the front calls `blas_table().require(a.device_type(),
//    "matmul")->gemm(...)`.
// Slots are named fields (`host`, `cuda`), one per DeviceType, so tables read well where they
// are filled and tested; `get` and `set` are the one place that maps a DeviceType to its field.
// (A select, not an array of member pointers: indexing such an array costs a load through the
// GOT in a shared library.) A new backend adds a field and its DeviceType to get and set.
inline constexpr int kNumBackends = 2;
const char* backend_name(DeviceType t);  // "host", "cuda"

// Throws NotImplementedError("<what> is not available on the <backend> backend: <why>"); an
// empty `why` gives the default reason for the backend (Note [Dispatch]).
[[noreturn]] void unavailable(std::string_view what, DeviceType t, std::string_view why = {});

template <class Fn>
struct Table {
  Fn host = nullptr;
  Fn cuda = nullptr;

  // The slot of backend t; null when that backend registered nothing.
  Fn get(DeviceType t) const { return t == DeviceType::Cuda ? cuda : host; }
  // The slot of backend t, or the one error naming `what`.
  Fn require(DeviceType t, std::string_view what, std::string_view why = {}) const {
    Fn f = get(t);
    if (!f) [[unlikely]]
      unavailable(what, t, why);
    return f;
  }
  void set(DeviceType t, Fn f) { (t == DeviceType::Cuda ? cuda : host) = f; }
  bool any() const { return host != nullptr || cuda != nullptr; }
};

// Fills one slot while the library loads: `const dispatch::Registration r(table(), DeviceType::Cuda, &fn);`
// at namespace scope in the backend's translation unit (Note [Dispatch]).
struct Registration {
  template <class Fn>
  Registration(Table<Fn>& table, DeviceType t, Fn f) {
    table.set(t, f);
  }
};

}  // namespace cupric::dispatch
