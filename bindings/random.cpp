// cupric._core.random: the C++ Generator (include/cupric/random.hpp) for the Python package
// python/cupric/random/. Argument conversion only.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string_view.h>
#include <nanobind/stl/tuple.h>
#include "common.hpp"
#include "cupric/random.hpp"

namespace cupric::py {

namespace {

using random::BitGenKind;
using random::Generator;
using namespace nb::literals;

std::optional<Dims> opt_dims(nb::handle size) {
  if (size.is_none()) return std::nullopt;
  return to_dims(size);
}

random::Param param_arg(nb::handle v) {
  if (PyFloat_Check(v.ptr()) || PyLong_Check(v.ptr())) return random::Param::of(nb::cast<double>(v));
  if (is_numpy_scalar(v) && !is_array(v)) return random::Param::of(nb::cast<double>(nb::float_(v)));
  return random::Param::of(as_device_array(v));
}

__int128 int_value(nb::handle v) {
  nb::object i = nb::steal(PyNumber_Index(v.ptr()));
  if (!i.is_valid()) throw nb::python_error();
  int overflow = 0;
  long long x = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  if (overflow == 0) return x;
  if (overflow > 0) {
    unsigned long long u = PyLong_AsUnsignedLongLong(i.ptr());
    if (!PyErr_Occurred()) return static_cast<__int128>(u);
    PyErr_Clear();
    return static_cast<__int128>(1) << 64;  // beyond every dtype: the bound check names it
  }
  return -(static_cast<__int128>(1) << 64);
}

random::IntBound bound_arg(nb::handle v) {
  if (is_array(v) || nb::isinstance(v, numpy().attr("ndarray")) || PyList_Check(v.ptr()) || PyTuple_Check(v.ptr()))
    return random::IntBound::of(as_device_array(v));
  return random::IntBound::of(int_value(v));
}

nb::object dtype_or_none(nb::handle dtype, std::optional<DType>& out) {
  if (!dtype.is_none()) out = resolve_dtype(dtype).dtype;
  return nb::none();
}

}  // namespace

void init_random(nb::module_& m) {
  nb::module_ r = m.def_submodule("random", "cupric.random's C++ generators");
  // Private: the XORWOW chunk limit (Note [XORWOW lane chunks]); bench/cases.py's
  // rs_random_sample_chunks* cases measure other settings. 0 restores the default.
  r.def("_set_xorwow_max_chunks", [](int k) { random::set_xorwow_max_chunks(k); });
  nb::class_<Generator>(r, "_Generator")
      .def(
          "__init__",
          [](Generator* g, uint64_t seed, int kind) { new (g) Generator(seed, static_cast<BitGenKind>(kind)); },
          nb::arg("seed"), nb::arg("kind") = 0)
      .def("get_state",
           [](const Generator& g) {
             const auto& s = g.state();
             return nb::make_tuple(static_cast<int>(s.kind), s.seed, s.offset, s.calls);
           })
      .def("set_state",
           [](Generator& g, int kind, uint64_t seed, uint64_t offset, uint32_t calls) {
             random::GeneratorState s;
             s.kind = static_cast<BitGenKind>(kind);
             s.seed = seed;
             s.offset = offset;
             s.calls = calls;
             g.set_state(s);
           })
      .def("random", [](Generator& g, nb::handle size,
                        nb::handle dtype) { return wrap(g.random(to_dims(size), resolve_dtype(dtype).dtype)); })
      .def("random_curand",
           [](Generator& g, nb::handle size, nb::handle dtype) {
             return wrap(g.random_curand(to_dims(size), resolve_dtype(dtype).dtype));
           })
      .def("raw", [](Generator& g, nb::handle size,
                     nb::handle dtype) { return wrap(g.raw(to_dims(size), resolve_dtype(dtype).dtype)); })
      .def(
          "integers",
          [](Generator& g, nb::handle low, nb::handle high, nb::handle size, nb::handle dtype, bool endpoint) {
            return wrap(
                g.integers(bound_arg(low), bound_arg(high), opt_dims(size), resolve_dtype(dtype).dtype, endpoint));
          },
          "low"_a, "high"_a, "size"_a.none(), "dtype"_a, "endpoint"_a)
      .def(
          "draw",
          [](Generator& g, std::string_view name, nb::list params, nb::handle size, nb::handle dtype, bool legacy) {
            std::vector<random::Param> ps;
            for (nb::handle p : params) ps.push_back(param_arg(p));
            std::optional<DType> dt;
            dtype_or_none(dtype, dt);
            return wrap(g.draw(name, ps, opt_dims(size), dt, legacy));
          },
          "name"_a, "params"_a, "size"_a.none(), "dtype"_a.none(), "legacy"_a = false)
      .def(
          "dirichlet",
          [](Generator& g, nb::list alpha, nb::handle size, nb::handle dtype, bool legacy) {
            std::vector<double> a;
            for (nb::handle x : alpha) a.push_back(nb::cast<double>(x));
            return wrap(g.dirichlet(a, to_dims(size), resolve_dtype(dtype).dtype, legacy));
          },
          "alpha"_a, "size"_a, "dtype"_a, "legacy"_a)
      .def("permutation_n", [](Generator& g, int64_t n) { return wrap(g.permutation(n)); })
      .def("permutation",
           [](Generator& g, nb::handle a, int64_t axis) { return wrap(g.permutation(unwrap(a).arr, axis)); })
      .def("shuffle", [](Generator& g, nb::handle a, int64_t axis) { g.shuffle(unwrap(a).arr, axis); })
      .def(
          "permuted",
          [](Generator& g, nb::handle a, nb::handle axis, nb::handle out) {
            std::optional<int64_t> ax;
            if (!axis.is_none()) ax = index_int(axis);
            if (!out.is_none()) {
              g.permuted(unwrap(a).arr, ax, unwrap(out).arr);
              return nb::borrow<nb::object>(out);
            }
            return wrap(g.permuted(unwrap(a).arr, ax));
          },
          "a"_a, "axis"_a.none(), "out"_a.none())
      .def(
          "choice",
          [](Generator& g, int64_t n, nb::handle size, bool replace, nb::handle p, bool legacy) {
            ndarray pa;
            if (!p.is_none()) pa = as_device_array(p);
            return wrap(g.choice(n, opt_dims(size), replace, pa, legacy));
          },
          "n"_a, "size"_a.none(), "replace"_a, "p"_a.none(), "legacy"_a = false)
      .def("bytes", [](Generator& g, int64_t n) {
        std::vector<uint8_t> b = g.bytes(n);
        return nb::bytes(reinterpret_cast<const char*>(b.data()), b.size());
      });
  nb::list names;
  for (int i = 0; i < random::kNumDistributions; ++i)
    names.append(random::distribution_info(static_cast<random::DistributionId>(i)).name);
  r.attr("distributions") = names;
}

}  // namespace cupric::py
