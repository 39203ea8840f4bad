// CUDA arrays and texture/surface objects (cupric/runtime/texture.hpp): the front, and the host
// backend's arrays.
//
// Note [Texture memory]
// A texture or surface object is a handle to the GPU's texture units: there is nothing like it
// on the host backend, and a host "texture object" would be a stub that kernels could not use.
// So on the host backend creating one raises RuntimeError naming the GPU requirement.
// What has a meaning there is the CUDA array as storage: it is a plain C-ordered buffer of the
// same elements (a cudaArray's layout is opaque, so nothing can tell the difference), and
// copy_from / copy_to move data in and out as on the GPU, so code that fills and reads CUDA
// arrays runs in CI. The CUDA side is runtime/cuda/texture.cpp.
#include "cupric/runtime/texture.hpp"
#include <cstring>
#include <string>
#include "cupric/error.hpp"
#include "runtime/texture_fns.hpp"

namespace cupric {

dispatch::Table<const TextureFns*>& texture_table() {
  static constinit dispatch::Table<const TextureFns*> t;
  return t;
}

namespace {
const TextureFns& cuda_fns(const char* what) {
  return *texture_table().require(DeviceType::Cuda, what, "this cupric was built without CUDA");
}

[[noreturn]] void needs_gpu(const char* what) {
  throw RuntimeError(std::string(what) +
                     " needs the CUDA backend (a GPU): texture and surface objects are the GPU's "
                     "texture units and have no host-backend equivalent (CUDAarray copies work on "
                     "the host backend)");
}
}  // namespace

CudaArray::CudaArray(Backend& b, int device, const ChannelFormat& fmt, size_t width, size_t height, size_t depth,
                     unsigned flags)
    : backend_(&b), device_(device), fmt_(fmt), width_(width), height_(height), depth_(depth) {
  if (fmt.channels() == 0 || (fmt.x + fmt.y + fmt.z + fmt.w) % 8 != 0)
    throw ValueError("a channel format needs at least one channel and whole bytes per element");
  if (width == 0) throw ValueError("a CUDA array needs width > 0");
  if (depth && !height) throw ValueError("a 3-D CUDA array needs height > 0");
  if (b.type() == DeviceType::Cuda) {
    handle_ = cuda_fns("CUDA arrays").malloc_array(device, fmt, width, height, depth, flags);
  } else {
    handle_ = b.raw_alloc(nbytes(), device);
    if (!handle_) throw OutOfMemoryError(nbytes(), 0, 0, "a CUDA array on the host backend");
  }
}

CudaArray::~CudaArray() {
  if (!handle_) return;
  try {
    if (backend_->type() == DeviceType::Cuda)
      cuda_fns("CUDA arrays").free_array(handle_);
    else
      backend_->raw_free(handle_, device_);
  } catch (...) {  // a destructor must not throw (the driver may be unloading at exit)
  }
}

void CudaArray::copy_from(const void* p, const Stream& s) {
  if (backend_->type() == DeviceType::Cuda) {
    cuda_fns("CUDA arrays").copy(handle_, const_cast<void*>(p), true, fmt_, width_, height_, depth_, s.handle);
    return;
  }
  std::memcpy(handle_, p, nbytes());
}

void CudaArray::copy_to(void* p, const Stream& s) const {
  if (backend_->type() == DeviceType::Cuda) {
    cuda_fns("CUDA arrays").copy(handle_, p, false, fmt_, width_, height_, depth_, s.handle);
    return;
  }
  std::memcpy(p, handle_, nbytes());
}

uint64_t create_texture_object(Backend& b, const ResourceDesc& res, const TextureDesc& tex) {
  if (b.type() != DeviceType::Cuda) needs_gpu("a texture object");
  return cuda_fns("texture objects").create_texture(res, tex);
}

void destroy_texture_object(Backend& b, uint64_t obj) {
  if (b.type() == DeviceType::Cuda && obj) cuda_fns("texture objects").destroy_texture(obj);
}

uint64_t create_surface_object(Backend& b, const ResourceDesc& res) {
  if (b.type() != DeviceType::Cuda) needs_gpu("a surface object");
  return cuda_fns("surface objects").create_surface(res);
}

void destroy_surface_object(Backend& b, uint64_t obj) {
  if (b.type() == DeviceType::Cuda && obj) cuda_fns("surface objects").destroy_surface(obj);
}

}  // namespace cupric
