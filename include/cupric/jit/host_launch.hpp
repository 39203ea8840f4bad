// The host backend's runner of RawKernel / RawModule code: threadIdx & co., __shared__ memory,
// __syncthreads, warp shuffles and votes, and the grid loop that runs each block's threads as
// fibers (Note [Host blocks as fibers]). Included first by every host-compiled raw module
// (src/jit/host_raw.cpp); never by NVRTC.
//
// Note [Host blocks as fibers]
// CUDA code may make the threads of a block wait for each other (__syncthreads, shuffles, votes),
// so a block cannot run its threads one after the other. Each thread of a block runs on a fiber
// of its own (a small stack and a saved register set) on the launching OS thread; a barrier
// records the arrival and switches back to the block's scheduler, which resumes the fibers in
// lane order until every live thread has passed (exited threads no longer count, as on the GPU).
// A round in which no fiber moves is a deadlock (threads waiting at a barrier others never
// reach) and fails the launch with a message instead of hanging. The switch is ~10 instructions
// of assembly on x86-64 (callee-saved registers and the stack pointer; ucontext elsewhere, or with
// -DCUPRIC_HOST_FIBERS_UCONTEXT). Measured with bench/host_block_models.cpp (a shared-memory tree
// sum, 64 blocks of 256 threads over 2^20 doubles, on a loaded 2-core machine): assembly-switch
// fibers 25 ms, ucontext fibers 264 ms (swapcontext makes a signal-mask system call per switch),
// one OS thread per CUDA thread with a std::barrier 1.6-2.2 s (thread creation and futex
// wake-ups; it would also need 1024 OS threads for a 1024-thread block). Kernels
// whose source has no barrier, shuffle or vote run each thread straight through (no fiber, no
// switch). Blocks run one after the other, so __shared__ variables are the module's statics and
// one launch of a module runs at a time (a mutex); atomics are real atomics all the same.
#pragma once
#if !defined(__CUDACC__)
#include <sys/mman.h>
#include <unistd.h>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include "cupric/jit/host_cuda.hpp"
#if !defined(__x86_64__) || defined(CUPRIC_HOST_FIBERS_UCONTEXT)
#include <ucontext.h>
#endif

#define __shared__ static

// The built-in variables (one launch of a module at a time: Note [Host blocks as fibers]).
// Everything here has internal linkage: an inline variable or a static local of an inline
// function would be an STB_GNU_UNIQUE symbol, shared by every loaded kernel module and pinning
// each of them in memory for good.
static uint3 threadIdx, blockIdx;
static dim3 blockDim, gridDim;

#if defined(__x86_64__) && !defined(CUPRIC_HOST_FIBERS_UCONTEXT)
extern "C" void cupric_fiber_switch(void** save_sp, void* to_sp);
extern "C" void cupric_fiber_start();
#endif

namespace cupric_host {
namespace {

// What the launcher passes in (src/jit/host_raw.cpp fills it; keep the two in step).
struct LaunchConfig {
  unsigned grid[3];
  unsigned block[3];
  unsigned long long shared_mem;
  int nargs;
  int fibers;  // 1: the module uses barriers/shuffles/votes (fibers); 0: threads run straight
};

// ---- fibers ---------------------------------------------------------------------------------------
#if defined(__x86_64__) && !defined(CUPRIC_HOST_FIBERS_UCONTEXT)
// Saves rbp, rbx, r12-r15 on the current stack, stores the stack pointer, loads the other one and
// pops its registers; a new fiber's stack starts with cupric_fiber_start as the return address,
// which jumps to r12(rbx) with the stack aligned as after a call.
asm(R"(
  .text
  .p2align 4
  .hidden cupric_fiber_switch
  .globl cupric_fiber_switch
  .type cupric_fiber_switch,@function
cupric_fiber_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size cupric_fiber_switch, .-cupric_fiber_switch
  .p2align 4
  .hidden cupric_fiber_start
  .globl cupric_fiber_start
  .type cupric_fiber_start,@function
cupric_fiber_start:
  movq %rbx, %rdi
  jmp *%r12
  .size cupric_fiber_start, .-cupric_fiber_start
)");
struct Context {
  void* sp = nullptr;
};
inline void context_init(Context& c, char* stack, size_t size, void (*entry)(void*), void* arg) {
  uintptr_t top = (reinterpret_cast<uintptr_t>(stack) + size) & ~static_cast<uintptr_t>(15);
  void** s = reinterpret_cast<void**>(top);
  *--s = nullptr;                                       // never returned to
  *--s = reinterpret_cast<void*>(&cupric_fiber_start);  // `ret` of the first switch
  *--s = nullptr;                                       // rbp
  *--s = arg;                                           // rbx
  *--s = reinterpret_cast<void*>(entry);                // r12
  *--s = nullptr;                                       // r13
  *--s = nullptr;                                       // r14
  *--s = nullptr;                                       // r15
  c.sp = s;
}
inline void context_switch(Context& from, Context& to) { cupric_fiber_switch(&from.sp, to.sp); }
#else
struct Context {
  ucontext_t uc;
};
inline void ucontext_entry(unsigned a0, unsigned a1, unsigned f0, unsigned f1) {
  auto arg = reinterpret_cast<void*>((static_cast<uintptr_t>(a1) << 32) | a0);
  auto fn = reinterpret_cast<void (*)(void*)>((static_cast<uintptr_t>(f1) << 32) | f0);
  fn(arg);
}
inline void context_init(Context& c, char* stack, size_t size, void (*entry)(void*), void* arg) {
  getcontext(&c.uc);
  c.uc.uc_stack.ss_sp = stack;
  c.uc.uc_stack.ss_size = size;
  c.uc.uc_link = nullptr;
  uintptr_t a = reinterpret_cast<uintptr_t>(arg), f = reinterpret_cast<uintptr_t>(entry);
  makecontext(&c.uc, reinterpret_cast<void (*)()>(&ucontext_entry), 4, static_cast<unsigned>(a),
              static_cast<unsigned>(a >> 32), static_cast<unsigned>(f), static_cast<unsigned>(f >> 32));
}
inline void context_switch(Context& from, Context& to) { swapcontext(&from.uc, &to.uc); }
#endif

constexpr size_t kStackSize = 256 * 1024;  // reserved, touched lazily; a guard page below

struct Fiber {
  Context ctx;
  char* mem = nullptr;  // mapping: guard page + stack
  unsigned tid = 0;     // linear thread index in the block
  uint3 idx{};
  bool done = true;
  bool fresh = true;  // needs context_init before its next run
};

struct Warp {
  unsigned live_mask = 0, arrived = 0, gen = 0, bar_mask = 0;
  alignas(16) unsigned char slot[2][32][16];
};

struct Runtime {
  std::vector<Fiber> fibers;
  std::vector<Warp> warps;
  Context scheduler;
  unsigned nthreads = 0, current = 0, live = 0;
  unsigned bar_arrived = 0, bar_gen = 0;
  int votes[2] = {0, 0}, voters[2] = {0, 0};
  bool fiber_mode = false, progress = false;
  const char* error = nullptr;
  unsigned char* dyn_smem = nullptr;
  void (*body)(void*) = nullptr;
  void* body_arg = nullptr;
  ~Runtime() {
    for (auto& f : fibers)
      if (f.mem) munmap(f.mem, kStackSize + 4096);
  }
};
Runtime rt;
std::mutex launch_mutex;
char launch_message[256];

inline unsigned char* dynamic_shared() { return rt.dyn_smem; }

inline void yield() { context_switch(rt.fibers[rt.current].ctx, rt.scheduler); }

// A thread leaves: barriers stop waiting for it.
inline void thread_exit(unsigned tid) {
  --rt.live;
  rt.progress = true;
  if (rt.bar_arrived > 0 && rt.bar_arrived >= rt.live) {
    rt.bar_arrived = 0;
    ++rt.bar_gen;
  }
  Warp& w = rt.warps[tid / 32];
  w.live_mask &= ~(1u << (tid % 32));
  if (w.arrived > 0 && w.arrived >= static_cast<unsigned>(__builtin_popcount(w.bar_mask & w.live_mask))) {
    w.arrived = 0;
    ++w.gen;
  }
}

// A fiber's whole life: run the kernel for the thread the scheduler set, leave, wait for the next
// block. `p` is the fiber's index (the vector of fibers may move).
inline void fiber_main(void* p) {
  const size_t i = reinterpret_cast<uintptr_t>(p);
  for (;;) {
    rt.body(rt.body_arg);
    rt.fibers[i].done = true;
    thread_exit(rt.fibers[i].tid);
    context_switch(rt.fibers[i].ctx, rt.scheduler);  // resumed only for the next block
  }
}

inline void block_barrier() {
  if (!rt.fiber_mode) {
    if (rt.nthreads > 1) rt.error = "a barrier was reached in a kernel run without fibers";
    return;
  }
  const unsigned g = rt.bar_gen;
  rt.progress = true;
  if (++rt.bar_arrived >= rt.live) {
    rt.bar_arrived = 0;
    rt.votes[(g + 1) & 1] = rt.voters[(g + 1) & 1] = 0;
    ++rt.bar_gen;
    return;
  }
  while (rt.bar_gen == g) yield();
}

inline unsigned linear_tid() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }

inline void warp_barrier(Warp& w, unsigned mask) {
  if (!rt.fiber_mode) return;  // one thread per block
  const unsigned g = w.gen;
  rt.progress = true;
  w.bar_mask = mask;
  if (++w.arrived >= static_cast<unsigned>(__builtin_popcount(mask & w.live_mask))) {
    w.arrived = 0;
    ++w.gen;
    return;
  }
  while (w.gen == g) yield();
}

// Every lane of the mask publishes `v`, then reads the value of lane `src(lane)` (its own when
// that lane is outside the warp or has exited).
template <class T, class Src>
inline T exchange(unsigned mask, T v, Src src) {
  static_assert(sizeof(T) <= 16, "warp shuffles of types wider than 16 bytes");
  const unsigned tid = linear_tid(), lane = tid % 32;
  Warp& w = rt.warps[tid / 32];
  auto* buf = w.slot[w.gen & 1];
  std::memcpy(buf[lane], &v, sizeof(T));
  warp_barrier(w, mask);
  const int s = src(static_cast<int>(lane));
  if (s < 0 || s > 31 || !(w.live_mask & (1u << s)) && s != static_cast<int>(lane)) return v;
  T r;
  std::memcpy(&r, buf[s], sizeof(T));
  return r;
}

// ---- the launch ---------------------------------------------------------------------------------------
template <class... A>
struct Kernel {
  void (*fn)(A...);
  std::tuple<std::decay_t<A>...> args;
  template <size_t... I>
  void call(std::index_sequence<I...>) {
    fn(std::get<I>(args)...);
  }
  static void run(void* self) { static_cast<Kernel*>(self)->call(std::index_sequence_for<A...>{}); }
};

inline bool prepare_fibers(unsigned n) {
  if (rt.fibers.size() < n) rt.fibers.resize(n);
  for (unsigned t = 0; t < n; ++t) {
    Fiber& f = rt.fibers[t];
    if (!f.mem) {
      void* m =
          mmap(nullptr, kStackSize + 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED) return false;
      mprotect(m, 4096, PROT_NONE);  // a stack overflow faults instead of corrupting the next stack
      f.mem = static_cast<char*>(m);
      f.fresh = true;
    }
    if (f.fresh) {
      context_init(f.ctx, f.mem + 4096, kStackSize, &fiber_main, reinterpret_cast<void*>(static_cast<uintptr_t>(t)));
      f.fresh = false;
    }
  }
  return true;
}

inline const char* run_block(unsigned n) {
  rt.live = n;
  rt.bar_arrived = rt.bar_gen = 0;
  rt.votes[0] = rt.votes[1] = rt.voters[0] = rt.voters[1] = 0;
  const unsigned nwarps = (n + 31) / 32;
  rt.warps.resize(nwarps);
  for (unsigned wi = 0; wi < nwarps; ++wi) {
    Warp& w = rt.warps[wi];
    unsigned lanes = n - wi * 32 < 32 ? n - wi * 32 : 32;
    w.live_mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    w.arrived = w.gen = 0;
    w.bar_mask = 0xffffffffu;
  }
  if (!rt.fiber_mode) {
    for (unsigned t = 0; t < n; ++t) {
      threadIdx = {t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)};
      rt.body(rt.body_arg);
    }
    return rt.error;
  }
  for (unsigned t = 0; t < n; ++t) {
    Fiber& f = rt.fibers[t];
    f.tid = t;
    f.idx = {t % blockDim.x, (t / blockDim.x) % blockDim.y, t / (blockDim.x * blockDim.y)};
    f.done = false;
  }
  while (rt.live > 0) {
    rt.progress = false;
    for (unsigned t = 0; t < n; ++t) {
      Fiber& f = rt.fibers[t];
      if (f.done) continue;
      rt.current = t;
      threadIdx = f.idx;
      context_switch(rt.scheduler, f.ctx);
    }
    if (!rt.progress && rt.live > 0) {
      for (unsigned t = 0; t < n; ++t) rt.fibers[t].fresh = true;  // abandoned mid-kernel: restart them
      return "deadlock: threads of a block wait at a barrier (__syncthreads, a shuffle or a vote) that other "
             "threads of the block never reach";
    }
  }
  return rt.error;
}

template <class... A>
inline const char* launch(void (*fn)(A...), const LaunchConfig& c, void** args) {
  if (c.nargs != static_cast<int>(sizeof...(A))) {
    std::snprintf(launch_message, sizeof launch_message, "the kernel takes %d arguments, %d were given",
                  static_cast<int>(sizeof...(A)), c.nargs);
    return launch_message;
  }
  Kernel<A...> k{fn, {}};
  {
    size_t i = 0;
    std::apply([&](auto&... a) { ((std::memcpy(&a, args[i++], sizeof a)), ...); }, k.args);
  }
  std::lock_guard<std::mutex> lock(launch_mutex);
  const unsigned n = c.block[0] * c.block[1] * c.block[2];
  rt.nthreads = n;
  rt.fiber_mode = c.fibers != 0 && n > 1;
  rt.error = nullptr;
  rt.body = &Kernel<A...>::run;
  rt.body_arg = &k;
  if (rt.fiber_mode && !prepare_fibers(n)) return "cannot allocate the fiber stacks of a block";
  void* smem_mem = nullptr;
  if (c.shared_mem) {
    if (posix_memalign(&smem_mem, 64, c.shared_mem) != 0) return "cannot allocate the dynamic shared memory";
  }
  rt.dyn_smem = static_cast<unsigned char*>(smem_mem);
  blockDim = dim3(c.block[0], c.block[1], c.block[2]);
  gridDim = dim3(c.grid[0], c.grid[1], c.grid[2]);
  const char* err = nullptr;
  for (unsigned z = 0; z < c.grid[2] && !err; ++z)
    for (unsigned y = 0; y < c.grid[1] && !err; ++y)
      for (unsigned x = 0; x < c.grid[0] && !err; ++x) {
        blockIdx = {x, y, z};
        err = run_block(n);
      }
  std::free(smem_mem);
  rt.dyn_smem = nullptr;
  return err;
}

}  // namespace
}  // namespace cupric_host

// ---- CUDA's block and warp functions ------------------------------------------------------------------
static inline void __syncthreads() { cupric_host::block_barrier(); }
namespace cupric_host {
namespace {
// __syncthreads_count/and: the block's count of true predicates and of voters at this barrier.
inline std::pair<int, int> block_vote(int pred) {
  const unsigned s = rt.bar_gen & 1;
  rt.votes[s] += pred != 0;
  rt.voters[s] += 1;
  block_barrier();
  if (!rt.fiber_mode) return {pred != 0, 1};
  return {rt.votes[s], rt.voters[s]};
}
}  // namespace
}  // namespace cupric_host
static inline int __syncthreads_count(int pred) { return cupric_host::block_vote(pred).first; }
static inline int __syncthreads_and(int pred) {
  auto [yes, all] = cupric_host::block_vote(pred);
  return yes == all;
}
static inline int __syncthreads_or(int pred) { return __syncthreads_count(pred) != 0; }
static inline void __syncwarp(unsigned mask = 0xffffffffu) {
  const unsigned tid = cupric_host::linear_tid();
  cupric_host::warp_barrier(cupric_host::rt.warps[tid / 32], mask);
}
static inline unsigned __activemask() {
  const unsigned tid = cupric_host::linear_tid();
  return cupric_host::rt.warps[tid / 32].live_mask;
}
static inline unsigned __lanemask_lt() { return (1u << (cupric_host::linear_tid() % 32)) - 1; }

template <class T>
static inline T __shfl_sync(unsigned mask, T v, int src, int width = 32) {
  return cupric_host::exchange(mask, v, [&](int lane) { return (lane & ~(width - 1)) + (src & (width - 1)); });
}
template <class T>
static inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  return cupric_host::exchange(mask, v, [&](int lane) {
    return (lane & (width - 1)) >= static_cast<int>(delta) ? lane - static_cast<int>(delta) : lane;
  });
}
template <class T>
static inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  return cupric_host::exchange(mask, v, [&](int lane) {
    return (lane & (width - 1)) + static_cast<int>(delta) < width ? lane + static_cast<int>(delta) : lane;
  });
}
template <class T>
static inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32) {
  return cupric_host::exchange(mask, v, [&](int lane) {
    int s = lane ^ lane_mask;
    return (s & ~(width - 1)) > (lane & ~(width - 1)) ? lane : s;  // later groups: own value
  });
}
static inline unsigned __ballot_sync(unsigned mask, int pred) {
  const unsigned tid = cupric_host::linear_tid(), lane = tid % 32;
  cupric_host::Warp& w = cupric_host::rt.warps[tid / 32];
  auto* buf = w.slot[w.gen & 1];
  buf[lane][0] = pred != 0;
  cupric_host::warp_barrier(w, mask);
  unsigned r = 0;
  for (unsigned l = 0; l < 32; ++l)
    if ((mask & w.live_mask & (1u << l)) && buf[l][0]) r |= 1u << l;
  return r;
}
static inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static inline int __all_sync(unsigned mask, int pred) {
  const unsigned tid = cupric_host::linear_tid();
  const unsigned live = mask & cupric_host::rt.warps[tid / 32].live_mask;
  return (__ballot_sync(mask, pred) & live) == live;
}
#define CUPRIC_HOST_WARP_REDUCE(name, T, init, op)                  \
  static inline T name(unsigned mask, T v) {                        \
    T r = init;                                                     \
    for (int l = 0; l < 32; ++l) {                                  \
      T o = cupric_host::exchange(mask, v, [&](int) { return l; }); \
      if (mask & (1u << l)) r = op;                                 \
    }                                                               \
    return r;                                                       \
  }
CUPRIC_HOST_WARP_REDUCE(__reduce_add_sync, unsigned, 0u, r + o)
CUPRIC_HOST_WARP_REDUCE(__reduce_add_sync, int, 0, r + o)
CUPRIC_HOST_WARP_REDUCE(__reduce_min_sync, unsigned, 0xffffffffu, (o < r ? o : r))
CUPRIC_HOST_WARP_REDUCE(__reduce_min_sync, int, 0x7fffffff, (o < r ? o : r))
CUPRIC_HOST_WARP_REDUCE(__reduce_max_sync, unsigned, 0u, (o > r ? o : r))
CUPRIC_HOST_WARP_REDUCE(__reduce_max_sync, int, -0x7fffffff - 1, (o > r ? o : r))
CUPRIC_HOST_WARP_REDUCE(__reduce_and_sync, unsigned, 0xffffffffu, r& o)
CUPRIC_HOST_WARP_REDUCE(__reduce_or_sync, unsigned, 0u, r | o)
CUPRIC_HOST_WARP_REDUCE(__reduce_xor_sync, unsigned, 0u, r ^ o)
#undef CUPRIC_HOST_WARP_REDUCE

#endif  // !__CUDACC__
