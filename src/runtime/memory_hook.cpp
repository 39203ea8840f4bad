// Memory hooks: the per-thread callback the device pools call (include/cupric/runtime/memory_hook.hpp).
//
// Note [Memory hooks]
// CuPy calls a thread's MemoryHooks from its pool: malloc_pre/post around every pool malloc,
// alloc_pre/post around each new segment taken from the device, free_pre/post around each
// return of a pooled block. cupric keeps the hook per thread in C++ (Python installs one
// dispatcher per thread that has hooks, which calls the hooks in CuPy's order: pre hooks in
// installation order, post hooks reversed). What it costs the pool when no hook is installed
// is one relaxed load of a process-wide count of hooked threads and one predictable branch.
// Differences from CuPy, for reasons:
//  - A new segment is taken under the pool's lock, and a hook is Python that needs the GIL:
//    calling it there could deadlock with a thread that holds the GIL and waits for the lock.
//    So alloc events are recorded under the lock and delivered (alloc_pre then alloc_post)
//    after it, before malloc_post: same order and arguments, but alloc_pre cannot stop the
//    allocation.
//  - pmem_id is the address of the C++ Memory object (the same at malloc and at free), not
//    the id() of a Python object.
//  - A hook that raises during a free made by a destructor (an array going away) cannot raise
//    into the code that dropped the array: the error is dropped there (Memory::~Memory).
// A hook runs with this thread's dispatch flag set, so memory its code allocates does not
// call hooks again.
#include "cupric/runtime/memory_hook.hpp"
#include "cupric/memory.hpp"
#include <utility>
#include <vector>

namespace cupric {

namespace detail {
std::atomic<int> g_memory_hook_threads{0};
}  // namespace detail

namespace {
struct ThreadHook {
  MemoryHookFn fn;
  bool dispatching = false;               // a hook runs, or hooked_malloc's body (whose allocations call none)
  bool in_malloc = false;                 // hooked_malloc's body runs: note_alloc records
  std::vector<MemoryHookEvent> deferred;  // alloc events recorded under a pool's lock
  ~ThreadHook() {
    if (fn) detail::g_memory_hook_threads.fetch_sub(1, std::memory_order_relaxed);
  }
};
thread_local ThreadHook t_hook;

void call(const MemoryHookEvent& e) {
  t_hook.dispatching = true;
  try {
    MemoryHookFn fn = t_hook.fn;  // a copy: the hook may remove itself
    fn(e);
  } catch (...) {
    t_hook.dispatching = false;
    throw;
  }
  t_hook.dispatching = false;
}

void flush_deferred() {
  std::vector<MemoryHookEvent> events;
  events.swap(t_hook.deferred);
  for (const MemoryHookEvent& e : events) call(e);
}
}  // namespace

void set_thread_memory_hook(MemoryHookFn fn) {
  const bool had = static_cast<bool>(t_hook.fn), has = static_cast<bool>(fn);
  t_hook.fn = std::move(fn);
  if (has && !had) detail::g_memory_hook_threads.fetch_add(1, std::memory_order_relaxed);
  if (had && !has) detail::g_memory_hook_threads.fetch_sub(1, std::memory_order_relaxed);
}

bool thread_has_memory_hook() { return static_cast<bool>(t_hook.fn); }

bool memory_hook_wanted() { return t_hook.fn && !t_hook.dispatching; }

std::shared_ptr<Memory> hooked_malloc(int device, size_t nbytes, size_t mem_size,
                                      const std::function<std::shared_ptr<Memory>()>& body) {
  if (!memory_hook_wanted()) return body();
  call({MemoryHookPoint::MallocPre, device, nbytes, mem_size, 0, 0});
  std::shared_ptr<Memory> mem;
  t_hook.deferred.clear();
  t_hook.dispatching = t_hook.in_malloc = true;
  try {
    mem = body();
  } catch (...) {
    t_hook.dispatching = t_hook.in_malloc = false;
    flush_deferred();
    call({MemoryHookPoint::MallocPost, device, nbytes, mem_size, 0, 0});
    throw;
  }
  t_hook.dispatching = t_hook.in_malloc = false;
  flush_deferred();
  const uintptr_t ptr = mem ? reinterpret_cast<uintptr_t>(mem->ptr()) : 0;
  call({MemoryHookPoint::MallocPost, device, nbytes, mem_size, ptr, reinterpret_cast<uintptr_t>(mem.get())});
  return mem;
}

void note_alloc(int device, size_t mem_size, uintptr_t ptr) {
  if (!t_hook.in_malloc) return;
  t_hook.deferred.push_back({MemoryHookPoint::AllocPre, device, 0, mem_size, 0, 0});
  t_hook.deferred.push_back({MemoryHookPoint::AllocPost, device, 0, mem_size, ptr, 0});
}

void hooked_free(int device, size_t mem_size, uintptr_t ptr, const void* pmem, const std::function<void()>& body) {
  if (!memory_hook_wanted()) return body();
  const auto id = reinterpret_cast<uintptr_t>(pmem);
  call({MemoryHookPoint::FreePre, device, 0, mem_size, ptr, id});
  body();
  call({MemoryHookPoint::FreePost, device, 0, mem_size, ptr, id});
}

}  // namespace cupric
