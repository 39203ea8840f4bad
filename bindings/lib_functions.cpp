// numpy.lib's array functions that cupric adds for CuPy's namespace (issue 18): window functions,
// polynomials, interp/unwrap, packbits/unpackbits/byteswap, stride tricks and memory overlap, as
// private cupric._core functions; the Python modules (cupric/_window.py, _polynomial.py,
// _interp.py, _bits.py, lib/stride_tricks.py, _memory_overlap.py) give them NumPy's signatures.
#include <nanobind/stl/complex.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>
#include "common.hpp"
#include "cupric/ops/bits.hpp"
#include "cupric/ops/interp.hpp"
#include "cupric/ops/polynomial.hpp"
#include "cupric/ops/stride_tricks.hpp"
#include "cupric/ops/window.hpp"

namespace cupric::py {

namespace {

const ndarray& array_arg(nb::handle a, const char* what) {
  if (!is_array(a))
    throw TypeError(std::string(what) + " must be a cupric.ndarray (convert with cupric.asarray), not " +
                    nb::cast<std::string>(nb::str(a.type().attr("__name__"))));
  return unwrap(a).arr;
}

std::optional<Dims> opt_dims(nb::handle v) {
  if (v.is_none()) return std::nullopt;
  return to_dims(v);
}

}  // namespace

void init_lib_functions(nb::module_& m) {
  m.def("_bartlett", [](int64_t M) { return wrap(bartlett(M)); });
  m.def("_blackman", [](int64_t M) { return wrap(blackman(M)); });
  m.def("_hamming", [](int64_t M) { return wrap(hamming(M)); });
  m.def("_hanning", [](int64_t M) { return wrap(hanning(M)); });
  m.def("_kaiser", [](int64_t M, double beta) { return wrap(kaiser(M, beta)); });

  m.def("_polyval", [](nb::handle p, nb::handle x) { return wrap(polyval(as_device_array(p), as_device_array(x))); });
  m.def("_vander", [](nb::handle x, std::optional<int64_t> N, bool increasing) {
    return wrap(vander(as_device_array(x), N, increasing));
  });
  m.def("_polyval_lowfirst", [](nb::handle x, nb::handle c, bool tensor) {
    Operand xo = operand_of(x);
    return wrap(polyval_lowfirst(xo, as_device_array(c), tensor));
  });
  m.def("_polyvalfromroots", [](nb::handle x, nb::handle r, bool tensor) {
    Operand xo = operand_of(x);
    return wrap(polyvalfromroots(xo, as_device_array(r), tensor));
  });
  m.def("_polyvander", [](nb::handle x, int64_t deg) { return wrap(polyvander(as_device_array(x), deg)); });

  m.def("_interp", [](nb::handle x, nb::handle xp, nb::handle fp, std::optional<std::complex<double>> left,
                      std::optional<std::complex<double>> right, std::optional<double> period) {
    auto c = [](const std::optional<std::complex<double>>& v) -> std::optional<complex128> {
      if (!v) return std::nullopt;
      return complex128(v->real(), v->imag());
    };
    return wrap(interp(as_device_array(x), as_device_array(xp), as_device_array(fp), c(left), c(right), period));
  });
  m.def("_unwrap", [](nb::handle p, std::optional<double> discont, int64_t axis, nb::handle period) {
    Operand per = operand_of(period);
    return wrap(unwrap(as_device_array(p), discont, axis, per));
  });

  m.def("_packbits", [](nb::handle a, std::optional<int64_t> axis, bool big) {
    return wrap(packbits(as_device_array(a), axis, big));
  });
  m.def("_unpackbits", [](nb::handle a, std::optional<int64_t> axis, std::optional<int64_t> count, bool big) {
    return wrap(unpackbits(as_device_array(a), axis, count, big));
  });
  m.def("_byteswap", [](nb::handle a, bool inplace) {
    ndarray r = byteswap(array_arg(a, "a"), inplace);
    return inplace ? nb::borrow(a) : wrap(std::move(r));
  });

  m.def(
      "_as_strided",
      [](nb::handle x, nb::handle shape, nb::handle strides) {
        return wrap_view(as_strided(array_arg(x, "x"), opt_dims(shape), opt_dims(strides)), x);
      },
      nb::arg("x"), nb::arg("shape").none(), nb::arg("strides").none());
  m.def(
      "_sliding_window_view",
      [](nb::handle x, nb::handle window_shape, nb::handle axis) {
        std::optional<std::vector<int64_t>> ax;
        if (!axis.is_none()) ax = to_dims(axis).to_vector();
        return wrap_view(sliding_window_view(array_arg(x, "x"), to_dims(window_shape).to_vector(), ax), x);
      },
      nb::arg("x"), nb::arg("window_shape"), nb::arg("axis").none());
  m.def("_shares_memory", [](nb::handle a, nb::handle b, int64_t max_work) {
    try {
      return shares_memory(array_arg(a, "a"), array_arg(b, "b"), max_work);
    } catch (const TooHardError& e) {
      nb::object cls = nb::module_::import_("numpy.exceptions").attr("TooHardError");
      PyErr_SetString(cls.ptr(), e.what());
      throw nb::python_error();
    }
  });
  m.def("_may_share_memory",
        [](nb::handle a, nb::handle b) { return array_arg(a, "a").may_share_memory(array_arg(b, "b")); });
  m.def("_byte_bounds", [](nb::handle a) { return byte_bounds(array_arg(a, "a")); });
}

}  // namespace cupric::py
