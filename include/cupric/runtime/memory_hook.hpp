// Memory hooks (CuPy's cupy.cuda.MemoryHook): a callback of the calling thread that the device
// memory pools call on malloc, on a new segment (alloc) and on free (Note [Memory hooks] in
// src/runtime/memory_hook.cpp).
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

namespace cupric {

class Memory;

enum class MemoryHookPoint : uint8_t { AllocPre, AllocPost, MallocPre, MallocPost, FreePre, FreePost };

// CuPy's hook arguments: `size` is the requested size (malloc only), `mem_size` the rounded
// size, `mem_ptr` the pointer (0 when the allocation failed), `pmem_id` the address of the
// Memory object that holds the allocation (the same at its malloc and its free).
struct MemoryHookEvent {
  MemoryHookPoint point;
  int device;
  size_t size;
  size_t mem_size;
  uintptr_t mem_ptr;
  uintptr_t pmem_id;
};
using MemoryHookFn = std::function<void(const MemoryHookEvent&)>;

// Installs `fn` for the calling thread (an empty fn removes it).
void set_thread_memory_hook(MemoryHookFn fn);
bool thread_has_memory_hook();
// This thread has a hook and is not inside one (nor inside hooked_malloc's body).
bool memory_hook_wanted();

namespace detail {
extern std::atomic<int> g_memory_hook_threads;  // threads that have a hook installed
}  // namespace detail

// One relaxed load and a compare: all the pool's hot path pays while no thread has a hook.
inline bool memory_hooks_installed() { return detail::g_memory_hook_threads.load(std::memory_order_relaxed) != 0; }

// The slow paths the pool takes when memory_hooks_installed() (Note [Memory hooks]).
// A malloc of `nbytes` (rounded: `mem_size`) on `device` made by `body`, between the malloc
// hooks; alloc events recorded by note_alloc during `body` are delivered before the post hook.
std::shared_ptr<Memory> hooked_malloc(int device, size_t nbytes, size_t mem_size,
                                      const std::function<std::shared_ptr<Memory>()>& body);
// A new segment of `mem_size` bytes at `ptr` (0: failed) was taken from the backend, under the
// pool's lock: recorded, delivered by hooked_malloc after the lock is released.
void note_alloc(int device, size_t mem_size, uintptr_t ptr);
// A pooled block's free, made by `body`, between the free hooks.
void hooked_free(int device, size_t mem_size, uintptr_t ptr, const void* pmem, const std::function<void()>& body);

}  // namespace cupric
