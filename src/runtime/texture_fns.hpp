// The CUDA side of cupric/runtime/texture.hpp as one dispatch entry (Note [Dispatch]), registered
// by runtime/cuda/texture.cpp; the front (runtime/texture.cpp) serves the host backend itself.
#pragma once
#include <cstddef>
#include <cstdint>
#include "cupric/detail/dispatch.hpp"
#include "cupric/runtime/texture.hpp"

namespace cupric {

struct TextureFns {
  void* (*malloc_array)(int device, const ChannelFormat& fmt, size_t width, size_t height, size_t depth,
                        unsigned flags);
  void (*free_array)(void* array);
  // A copy of the whole array between C-ordered memory `p` and `array`, on `stream`.
  void (*copy)(void* array, void* p, bool to_array, const ChannelFormat& fmt, size_t width, size_t height, size_t depth,
               void* stream);
  uint64_t (*create_texture)(const ResourceDesc& res, const TextureDesc& tex);
  void (*destroy_texture)(uint64_t obj);
  uint64_t (*create_surface)(const ResourceDesc& res);
  void (*destroy_surface)(uint64_t obj);
};

dispatch::Table<const TextureFns*>& texture_table();

}  // namespace cupric
