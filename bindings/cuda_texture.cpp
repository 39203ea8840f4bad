// cupric._core._runtime.texture: CUDA arrays and texture/surface objects for
// cupric.cuda.texture (the logic is in src/runtime/texture.cpp).
#include <nanobind/stl/array.h>
#include <nanobind/stl/tuple.h>
#include "common.hpp"
#include "cupric/runtime/texture.hpp"

namespace cupric::py {

namespace {
Backend& be() { return default_backend(); }

ChannelFormat format(const std::array<int, 5>& f) { return {f[0], f[1], f[2], f[3], f[4]}; }

ResourceDesc resource(int type, nb::handle array, uintptr_t ptr, const std::array<int, 5>& fmt, size_t size,
                      size_t width, size_t height, size_t pitch) {
  ResourceDesc r;
  r.type = type;
  r.array = array.is_none() ? nullptr : nb::cast<const CudaArray*>(array);
  r.ptr = reinterpret_cast<const void*>(ptr);
  r.format = format(fmt);
  r.size_in_bytes = size;
  r.width = width;
  r.height = height;
  r.pitch_in_bytes = pitch;
  return r;
}
}  // namespace

void init_cuda_texture(nb::module_& m) {
  nb::module_ t = m.def_submodule("texture");
  nb::class_<CudaArray>(t, "CudaArray")
      .def("__init__",
           [](CudaArray* self, const std::array<int, 5>& fmt, size_t width, size_t height, size_t depth,
              unsigned flags) {
             Backend& b = be();
             new (self) CudaArray(b, b.current_device(), format(fmt), width, height, depth, flags);
           })
      .def_prop_ro("handle", &CudaArray::handle)
      .def_prop_ro("nbytes", &CudaArray::nbytes)
      .def_prop_ro("device_id", &CudaArray::device)
      .def(
          "copy_from",
          [](CudaArray& a, uintptr_t ptr, nb::handle stream) {
            a.copy_from(reinterpret_cast<const void*>(ptr), stream_or_current(stream, a.device()));
          },
          nb::arg("ptr"), nb::arg("stream").none())
      .def(
          "copy_to",
          [](const CudaArray& a, uintptr_t ptr, nb::handle stream) {
            a.copy_to(reinterpret_cast<void*>(ptr), stream_or_current(stream, a.device()));
          },
          nb::arg("ptr"), nb::arg("stream").none());
  t.def(
      "create_texture_object",
      [](int type, nb::handle array, uintptr_t ptr, const std::array<int, 5>& fmt, size_t size, size_t width,
         size_t height, size_t pitch, const std::array<int, 3>& address_mode, int filter_mode, int read_mode, int srgb,
         const std::array<float, 4>& border_color, int normalized_coords, unsigned max_anisotropy) {
        TextureDesc d;
        d.address_mode = address_mode;
        d.filter_mode = filter_mode;
        d.read_mode = read_mode;
        d.srgb = srgb;
        d.border_color = border_color;
        d.normalized_coords = normalized_coords;
        d.max_anisotropy = max_anisotropy;
        return create_texture_object(be(), resource(type, array, ptr, fmt, size, width, height, pitch), d);
      },
      nb::arg("type"), nb::arg("array").none(), nb::arg("ptr"), nb::arg("fmt"), nb::arg("size"), nb::arg("width"),
      nb::arg("height"), nb::arg("pitch"), nb::arg("address_mode"), nb::arg("filter_mode"), nb::arg("read_mode"),
      nb::arg("srgb"), nb::arg("border_color"), nb::arg("normalized_coords"), nb::arg("max_anisotropy"));
  t.def("destroy_texture_object", [](uint64_t obj) { destroy_texture_object(be(), obj); });
  t.def("create_surface_object", [](int type, nb::handle array, uintptr_t ptr, const std::array<int, 5>& fmt,
                                    size_t size, size_t width, size_t height, size_t pitch) {
    return create_surface_object(be(), resource(type, array, ptr, fmt, size, width, height, pitch));
  });
  t.def("destroy_surface_object", [](uint64_t obj) { destroy_surface_object(be(), obj); });
}

}  // namespace cupric::py
