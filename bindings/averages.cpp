// average, diff with prepend/append, ediff1d, trapezoid, gradient, cov, corrcoef
// (cupric/ops/averages.hpp) as private _core functions; python/cupric/_statistics.py normalises
// the arguments (lists and NumPy's _NoValue) and calls these.
#include <nanobind/stl/string.h>
#include "common.hpp"
#include "cupric/ops/averages.hpp"

namespace cupric::py {

namespace {

// A Python number is a weak operand, a NumPy scalar a strong one (NEP 50, as the ufuncs take
// them); anything else becomes an array.
Operand arg_operand(nb::handle v) {
  Operand o;
  if (to_operand(v, o)) return o;
  return Operand(array_arg_or_none(v));
}

std::optional<DType> arg_dtype(nb::handle d) {
  if (d.is_none()) return std::nullopt;
  return resolve_dtype(d).dtype;
}

}  // namespace

void init_averages(nb::module_& m) {
  m.def(
      "_average",
      [](nb::handle a, nb::handle axis, nb::handle weights, bool returned, bool keepdims) -> nb::object {
        if (!returned) return wrap(average(array_arg_or_none(a), axis_arg(axis), array_arg_or_none(weights), keepdims));
        auto [avg, scl] = average_returned(array_arg_or_none(a), axis_arg(axis), array_arg_or_none(weights), keepdims);
        return nb::make_tuple(wrap(std::move(avg)), wrap(std::move(scl)));
      },
      nb::arg("a").none(), nb::arg("axis").none(), nb::arg("weights").none(), nb::arg("returned"), nb::arg("keepdims"));
  m.def(
      "_diff_ends",
      [](nb::handle a, int64_t n, nb::handle axis, nb::handle prepend, nb::handle append) {
        return wrap(
            diff(array_arg_or_none(a), n, index_int(axis), array_arg_or_none(prepend), array_arg_or_none(append)));
      },
      nb::arg("a").none(), nb::arg("n"), nb::arg("axis").none(), nb::arg("prepend").none(), nb::arg("append").none());
  m.def(
      "_ediff1d",
      [](nb::handle ary, nb::handle to_end, nb::handle to_begin) {
        return wrap(ediff1d(array_arg_or_none(ary), array_arg_or_none(to_end), array_arg_or_none(to_begin)));
      },
      nb::arg("ary").none(), nb::arg("to_end").none(), nb::arg("to_begin").none());
  m.def(
      "_trapezoid",
      [](nb::handle y, nb::handle x, nb::handle dx, nb::handle axis) {
        return wrap(trapezoid(array_arg_or_none(y), array_arg_or_none(x), arg_operand(dx), index_int(axis)));
      },
      nb::arg("y").none(), nb::arg("x").none(), nb::arg("dx").none(), nb::arg("axis").none());
  m.def(
      "_gradient",
      [](nb::handle f, nb::tuple varargs, nb::handle axis, int64_t edge_order) -> nb::object {
        std::vector<Operand> spacing;
        for (nb::handle v : varargs) spacing.push_back(arg_operand(v));
        std::vector<ndarray> outs = gradient(array_arg_or_none(f), spacing, axis_arg(axis), edge_order);
        if (outs.size() == 1) return wrap(std::move(outs[0]));
        nb::list l;
        for (ndarray& o : outs) l.append(wrap(std::move(o)));
        return nb::tuple(l);
      },
      nb::arg("f").none(), nb::arg("varargs"), nb::arg("axis").none(), nb::arg("edge_order"));
  m.def(
      "_cov",
      [](nb::handle mm, nb::handle y, bool rowvar, bool bias, nb::handle ddof, nb::handle fweights, nb::handle aweights,
         nb::handle dtype) {
        std::optional<int64_t> dd;
        if (!ddof.is_none()) dd = index_int(ddof);
        return wrap(cov(array_arg_or_none(mm), array_arg_or_none(y), rowvar, bias, dd, array_arg_or_none(fweights),
                        array_arg_or_none(aweights), arg_dtype(dtype)));
      },
      nb::arg("m").none(), nb::arg("y").none(), nb::arg("rowvar"), nb::arg("bias"), nb::arg("ddof").none(),
      nb::arg("fweights").none(), nb::arg("aweights").none(), nb::arg("dtype").none());
  m.def(
      "_corrcoef",
      [](nb::handle x, nb::handle y, bool rowvar, nb::handle dtype) {
        return wrap(corrcoef(array_arg_or_none(x), array_arg_or_none(y), rowvar, arg_dtype(dtype)));
      },
      nb::arg("x").none(), nb::arg("y").none(), nb::arg("rowvar"), nb::arg("dtype").none());
}

}  // namespace cupric::py
