// CUDA arrays, texture objects and surface objects (cupric.cuda.texture; CuPy's
// cupy.cuda.texture). A CudaArray is a cudaArray on the CUDA backend and a plain buffer of the
// same elements on the host backend, so copies in and out work everywhere; texture and surface
// objects are the GPU's texture units and exist on the CUDA backend only (Note [Texture memory]
// in src/runtime/texture.cpp).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include "cupric/runtime/backend.hpp"

namespace cupric {

// cudaChannelFormatDesc: bits of each channel (x, y, z, w; 0 = absent) and the kind
// (cudaChannelFormatKindSigned 0, Unsigned 1, Float 2).
struct ChannelFormat {
  int x = 0, y = 0, z = 0, w = 0;
  int kind = 0;
  int channels() const { return (x > 0) + (y > 0) + (z > 0) + (w > 0); }
  size_t element_bytes() const { return static_cast<size_t>(x + y + z + w) / 8; }
};

class CudaArray {
 public:
  // `height`/`depth` 0 for a 1-D/2-D array; `flags` are cudaArray* flags (CUDA only).
  CudaArray(Backend& b, int device, const ChannelFormat& fmt, size_t width, size_t height, size_t depth,
            unsigned flags);
  ~CudaArray();
  CudaArray(const CudaArray&) = delete;
  CudaArray& operator=(const CudaArray&) = delete;

  // Copies the whole array from / to C-ordered memory at `p` (device or host memory), ordered on
  // `s`. The caller checked that `p` holds nbytes().
  void copy_from(const void* p, const Stream& s);
  void copy_to(void* p, const Stream& s) const;

  size_t nbytes() const { return fmt_.element_bytes() * width_ * (height_ ? height_ : 1) * (depth_ ? depth_ : 1); }
  uintptr_t handle() const { return reinterpret_cast<uintptr_t>(handle_); }  // cudaArray_t, or the buffer
  DeviceType device_type() const { return backend_->type(); }
  int device() const { return device_; }

 private:
  Backend* backend_;
  int device_;
  ChannelFormat fmt_;
  size_t width_, height_, depth_;
  void* handle_ = nullptr;
};

// cudaResourceDesc: an array (type 0), linear memory (2) or pitched 2-D memory (3).
struct ResourceDesc {
  int type = 0;
  const CudaArray* array = nullptr;
  const void* ptr = nullptr;
  ChannelFormat format;
  size_t size_in_bytes = 0, width = 0, height = 0, pitch_in_bytes = 0;
};

// cudaTextureDesc.
struct TextureDesc {
  std::array<int, 3> address_mode{0, 0, 0};
  int filter_mode = 0, read_mode = 0, srgb = 0, normalized_coords = 0;
  std::array<float, 4> border_color{0, 0, 0, 0};
  unsigned max_anisotropy = 0;
};

// cudaCreateTextureObject / cudaCreateSurfaceObject on the current device; the handle is the
// 64-bit object kernels take. RuntimeError naming the GPU requirement on the host backend.
uint64_t create_texture_object(Backend& b, const ResourceDesc& res, const TextureDesc& tex);
void destroy_texture_object(Backend& b, uint64_t obj);
uint64_t create_surface_object(Backend& b, const ResourceDesc& res);
void destroy_surface_object(Backend& b, uint64_t obj);

}  // namespace cupric
