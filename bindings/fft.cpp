// cupric._core.fft: cupric.fft's transforms, helpers and plan cache (cupric/fft.hpp) as private
// functions. No logic: python/cupric/fft/ and python/cupricx/scipy/fft/ hold the signatures.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/vector.h>
#include "common.hpp"
#include "cupric/fft.hpp"

namespace cupric::py {

namespace {

using OptLen = std::optional<int64_t>;
using OptInts = std::optional<std::vector<int64_t>>;
using OptStr = std::optional<std::string>;

fft::NormArg norm_of(const OptStr& s) { return s ? fft::NormArg(*s) : fft::NormArg(); }

template <auto F>
nb::object one_axis(nb::handle a, OptLen n, int64_t axis, const OptStr& norm, nb::handle out) {
  const ndarray o = array_arg_or_none(out);
  ndarray r = F(as_device_array(a), n, axis, norm_of(norm), o.defined() ? &o : nullptr);
  return o.defined() ? nb::borrow(out) : wrap(std::move(r));  // out= returns the object given
}

template <auto F>
nb::object n_axes(nb::handle a, const OptInts& s, const OptInts& axes, const OptStr& norm, nb::handle out) {
  const ndarray o = array_arg_or_none(out);
  ndarray r = F(as_device_array(a), s, axes, norm_of(norm), o.defined() ? &o : nullptr);
  return o.defined() ? nb::borrow(out) : wrap(std::move(r));  // out= returns the object given
}

template <auto F>
void def_1d(nb::module_& m, const char* name) {
  m.def(name, &one_axis<F>, nb::arg("a"), nb::arg("n").none(), nb::arg("axis"), nb::arg("norm").none(),
        nb::arg("out").none());
}
template <auto F>
void def_nd(nb::module_& m, const char* name) {
  m.def(name, &n_axes<F>, nb::arg("a"), nb::arg("s").none(), nb::arg("axes").none(), nb::arg("norm").none(),
        nb::arg("out").none());
}

template <auto F>
nb::object trig_1d(nb::handle x, int type, OptLen n, int64_t axis, const OptStr& norm, std::optional<bool> ortho) {
  return wrap(F(as_device_array(x), type, n, axis, norm_of(norm), ortho));
}
template <auto F>
nb::object trig_nd(nb::handle x, int type, const OptInts& s, const OptInts& axes, const OptStr& norm,
                   std::optional<bool> ortho) {
  return wrap(F(as_device_array(x), type, s, axes, norm_of(norm), ortho));
}
template <auto F>
void def_trig_1d(nb::module_& m, const char* name) {
  m.def(name, &trig_1d<F>, nb::arg("x"), nb::arg("type"), nb::arg("n").none(), nb::arg("axis"), nb::arg("norm").none(),
        nb::arg("orthogonalize").none());
}
template <auto F>
void def_trig_nd(nb::module_& m, const char* name) {
  m.def(name, &trig_nd<F>, nb::arg("x"), nb::arg("type"), nb::arg("s").none(), nb::arg("axes").none(),
        nb::arg("norm").none(), nb::arg("orthogonalize").none());
}

}  // namespace

void init_fft(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("fft", "cupric.fft (cupric/fft.hpp)");
  def_1d<&fft::fft>(m, "fft");
  def_1d<&fft::ifft>(m, "ifft");
  def_1d<&fft::rfft>(m, "rfft");
  def_1d<&fft::irfft>(m, "irfft");
  def_1d<&fft::hfft>(m, "hfft");
  def_1d<&fft::ihfft>(m, "ihfft");
  def_nd<&fft::fftn>(m, "fftn");
  def_nd<&fft::ifftn>(m, "ifftn");
  def_nd<&fft::rfftn>(m, "rfftn");
  def_nd<&fft::irfftn>(m, "irfftn");
  m.def("fftfreq", [](int64_t n, double d) { return wrap(fft::fftfreq(n, d)); });
  m.def("rfftfreq", [](int64_t n, double d) { return wrap(fft::rfftfreq(n, d)); });
  m.def(
      "fftshift", [](nb::handle x, const OptInts& axes) { return wrap(fft::fftshift(as_device_array(x), axes)); },
      nb::arg("x"), nb::arg("axes").none());
  m.def(
      "ifftshift", [](nb::handle x, const OptInts& axes) { return wrap(fft::ifftshift(as_device_array(x), axes)); },
      nb::arg("x"), nb::arg("axes").none());

  // cupricx.scipy.fft's additions.
  m.def(
      "hfftn",
      [](nb::handle a, const OptInts& s, const OptInts& axes, const OptStr& norm) {
        return wrap(fft::hfftn(as_device_array(a), s, axes, norm_of(norm)));
      },
      nb::arg("a"), nb::arg("s").none(), nb::arg("axes").none(), nb::arg("norm").none());
  m.def(
      "ihfftn",
      [](nb::handle a, const OptInts& s, const OptInts& axes, const OptStr& norm) {
        return wrap(fft::ihfftn(as_device_array(a), s, axes, norm_of(norm)));
      },
      nb::arg("a"), nb::arg("s").none(), nb::arg("axes").none(), nb::arg("norm").none());
  def_trig_1d<&fft::dct>(m, "dct");
  def_trig_1d<&fft::idct>(m, "idct");
  def_trig_1d<&fft::dst>(m, "dst");
  def_trig_1d<&fft::idst>(m, "idst");
  def_trig_nd<&fft::dctn>(m, "dctn");
  def_trig_nd<&fft::idctn>(m, "idctn");
  def_trig_nd<&fft::dstn>(m, "dstn");
  def_trig_nd<&fft::idstn>(m, "idstn");
  m.def("fht", [](nb::handle a, double dln, double mu, double offset, double bias) {
    return wrap(fft::fht(as_device_array(a), dln, mu, offset, bias));
  });
  m.def("ifht", [](nb::handle a, double dln, double mu, double offset, double bias) {
    return wrap(fft::ifht(as_device_array(a), dln, mu, offset, bias));
  });
  m.def("next_fast_len", &fft::next_fast_len);
  m.def(
      "fftpack_rfft",
      [](nb::handle x, OptLen n, int64_t axis) { return wrap(fft::fftpack_rfft(as_device_array(x), n, axis)); },
      nb::arg("x"), nb::arg("n").none(), nb::arg("axis"));
  m.def(
      "fftpack_irfft",
      [](nb::handle x, OptLen n, int64_t axis) { return wrap(fft::fftpack_irfft(as_device_array(x), n, axis)); },
      nb::arg("x"), nb::arg("n").none(), nb::arg("axis"));

  // cuFFT LTO callbacks (V14-FFT-CB): compilation and the thread's current pair.
  m.def(
      "compile_callback",
      [](const std::string& source, const std::string& name, bool store, const std::vector<std::string>& options) {
        auto [lto, symbol] = fft::compile_callback(source, name, store, options);
        return nb::make_tuple(nb::bytes(lto.data(), lto.size()), symbol);
      },
      nb::arg("source"), nb::arg("name"), nb::arg("store"), nb::arg("options"));
  m.def(
      "set_callbacks",
      [](nb::handle load_lto, const std::string& load_name, uintptr_t load_data, nb::handle store_lto,
         const std::string& store_name, uintptr_t store_data, const std::string& key) {
        auto cb = std::make_shared<fft::Callbacks>();
        auto bytes_of = [](nb::handle b) {
          const auto v = nb::borrow<nb::bytes>(b);
          return std::string(v.c_str(), v.size());
        };
        if (!load_lto.is_none()) cb->load_lto = bytes_of(load_lto);
        if (!store_lto.is_none()) cb->store_lto = bytes_of(store_lto);
        cb->load_name = load_name;
        cb->store_name = store_name;
        cb->load_data = load_data;
        cb->store_data = store_data;
        cb->key = key;
        fft::set_callbacks(std::move(cb));
      },
      nb::arg("load_lto").none(), nb::arg("load_name"), nb::arg("load_data"), nb::arg("store_lto").none(),
      nb::arg("store_name"), nb::arg("store_data"), nb::arg("key"));
  m.def("clear_callbacks", [] { fft::set_callbacks(nullptr); });

  // The plan cache of (backend, device) for the calling thread: a dict of its state.
  m.def("plan_cache_info", [](bool host, int device) {
    const fft::PlanCacheInfo i = fft::plan_cache_info(host, device);
    nb::dict d;
    d["device"] = i.device;
    d["host"] = i.host;
    d["size"] = i.size;
    d["curr_size"] = i.curr_size;
    d["memsize"] = i.memsize;
    d["curr_memsize"] = i.curr_memsize;
    d["keys"] = i.keys;
    d["key_bytes"] = i.key_bytes;
    return d;
  });
  m.def("set_plan_cache_size", &fft::set_plan_cache_size);
  m.def("set_plan_cache_memsize", &fft::set_plan_cache_memsize);
  m.def("clear_plan_cache", &fft::clear_plan_cache);
  m.def("plan_cache_contains", &fft::plan_cache_contains);
  m.def("set_multi_gpus", [](std::vector<int> gpus) { fft::set_multi_gpus(std::move(gpus)); });
  m.def("multi_gpus", [] { return fft::multi_gpus(); });
  m.def("set_workers", &fft::set_workers);
  m.def("workers", &fft::workers);
}

}  // namespace cupric::py
