// The CUDA side of cupric/runtime/texture.hpp: cudaArray allocation and copies, texture and
// surface objects (Note [Texture memory] in src/runtime/texture.cpp).
#include <cuda_runtime.h>
#include <string>
#include "cupric/error.hpp"
#include "runtime/cuda/cuda_check.hpp"
#include "runtime/texture_fns.hpp"

namespace cupric {
namespace {

cudaChannelFormatDesc channel_desc(const ChannelFormat& f) {
  return cudaCreateChannelDesc(f.x, f.y, f.z, f.w, static_cast<cudaChannelFormatKind>(f.kind));
}

void* malloc_array(int device, const ChannelFormat& fmt, size_t width, size_t height, size_t depth, unsigned flags) {
  DeviceGuard guard(device);
  cudaChannelFormatDesc d = channel_desc(fmt);
  cudaArray_t a = nullptr;
  cuda_check(cudaMalloc3DArray(&a, &d, make_cudaExtent(width, height, depth), flags), "cudaMalloc3DArray");
  return a;
}

void free_array(void* a) { cudaFreeArray(static_cast<cudaArray_t>(a)); }  // (destructors drop errors)

void copy(void* array, void* p, bool to_array, const ChannelFormat& fmt, size_t width, size_t height, size_t depth,
          void* stream) {
  const size_t row = width * fmt.element_bytes();
  cudaMemcpy3DParms parms{};
  cudaPitchedPtr linear = make_cudaPitchedPtr(p, row, width, height ? height : 1);
  if (to_array) {
    parms.srcPtr = linear;
    parms.dstArray = static_cast<cudaArray_t>(array);
  } else {
    parms.srcArray = static_cast<cudaArray_t>(array);
    parms.dstPtr = linear;
  }
  parms.extent = make_cudaExtent(width, height ? height : 1, depth ? depth : 1);
  parms.kind = cudaMemcpyDefault;  // device or host memory on the other side (unified addressing)
  cuda_check(cudaMemcpy3DAsync(&parms, static_cast<cudaStream_t>(stream)), "cudaMemcpy3DAsync");
}

cudaResourceDesc resource_desc(const ResourceDesc& r) {
  cudaResourceDesc d{};
  d.resType = static_cast<cudaResourceType>(r.type);
  switch (d.resType) {
    case cudaResourceTypeArray:
      if (!r.array) throw ValueError("an array resource needs a CUDAarray");
      d.res.array.array = reinterpret_cast<cudaArray_t>(r.array->handle());
      break;
    case cudaResourceTypeLinear:
      d.res.linear.devPtr = const_cast<void*>(r.ptr);
      d.res.linear.desc = channel_desc(r.format);
      d.res.linear.sizeInBytes = r.size_in_bytes;
      break;
    case cudaResourceTypePitch2D:
      d.res.pitch2D.devPtr = const_cast<void*>(r.ptr);
      d.res.pitch2D.desc = channel_desc(r.format);
      d.res.pitch2D.width = r.width;
      d.res.pitch2D.height = r.height;
      d.res.pitch2D.pitchInBytes = r.pitch_in_bytes;
      break;
    default: throw ValueError("unsupported resource type " + std::to_string(r.type) + " (mipmapped arrays are not)");
  }
  return d;
}

uint64_t create_texture(const ResourceDesc& r, const TextureDesc& t) {
  cudaResourceDesc rd = resource_desc(r);
  cudaTextureDesc td{};
  for (int i = 0; i < 3; ++i) td.addressMode[i] = static_cast<cudaTextureAddressMode>(t.address_mode[i]);
  td.filterMode = static_cast<cudaTextureFilterMode>(t.filter_mode);
  td.readMode = static_cast<cudaTextureReadMode>(t.read_mode);
  td.sRGB = t.srgb;
  for (int i = 0; i < 4; ++i) td.borderColor[i] = t.border_color[i];
  td.normalizedCoords = t.normalized_coords;
  td.maxAnisotropy = t.max_anisotropy;
  cudaTextureObject_t obj = 0;
  cuda_check(cudaCreateTextureObject(&obj, &rd, &td, nullptr), "cudaCreateTextureObject");
  return obj;
}

void destroy_texture(uint64_t obj) { cudaDestroyTextureObject(obj); }

uint64_t create_surface(const ResourceDesc& r) {
  if (r.type != cudaResourceTypeArray) throw ValueError("a surface object needs an array resource");
  cudaResourceDesc rd = resource_desc(r);
  cudaSurfaceObject_t obj = 0;
  cuda_check(cudaCreateSurfaceObject(&obj, &rd), "cudaCreateSurfaceObject");
  return obj;
}

void destroy_surface(uint64_t obj) { cudaDestroySurfaceObject(obj); }

constexpr TextureFns kCudaTexture{malloc_array,    free_array,     copy,           create_texture,
                                  destroy_texture, create_surface, destroy_surface};
const dispatch::Registration register_cuda_texture(texture_table(), DeviceType::Cuda, &kCudaTexture);

}  // namespace
}  // namespace cupric
