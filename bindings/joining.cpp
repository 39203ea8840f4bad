// Joining, splitting and rearranging routines (cupric/ops/manipulation.hpp, second half) as
// cupric module functions (repeat's converter also serves ndarray_methods.cpp). Argument
// conversion only.
#include <optional>
#include "ndarray_methods.hpp"
#include "cupric/ops/copyto.hpp"

namespace cupric::py {

namespace {

ndarray arr(nb::handle obj) { return as_device_array(obj); }
std::optional<int64_t> opt_axis(nb::handle axis) {
  if (axis.is_none()) return std::nullopt;
  return to_dims(axis)[0];
}
std::optional<DType> opt_dtype(nb::handle dtype) {
  if (dtype.is_none()) return std::nullopt;
  return resolve_dtype(dtype).dtype;
}
Casting casting_of(nb::handle c) { return parse_casting(nb::cast<std::string>(c)); }

std::vector<ndarray> arrays_of(nb::handle seq) {
  if (is_array(seq)) {  // an array is a sequence of its rows, as in NumPy
    const ndarray& a = unwrap(seq).arr;
    if (a.ndim() == 0) throw TypeError("iteration over a 0-d array");
    std::vector<ndarray> out;
    for (int64_t i = 0; i < a.shape()[0]; ++i) out.push_back(basic_index(a, {Index::integer(i)}));
    return out;
  }
  std::vector<ndarray> out;
  for (nb::handle h : seq) out.push_back(arr(h));
  return out;
}

// The numpy dtype of a join of void/structured arrays (NumPy's result_type of their dtypes, which
// raises its own TypeError for records that differ); an empty handle when no input is one.
nb::object joined_descr(nb::handle seq) {
  if (is_array(seq)) return unwrap(seq).descr;
  nb::list descrs;
  bool any = false;
  for (nb::handle h : seq) {
    if (!is_array(h)) return nb::object();
    const nb::object& d = unwrap(h).descr;
    any = any || (d.is_valid() && !d.is_none());
    descrs.append(dtype_object(unwrap(h).arr.dtype(), d));
  }
  if (!any) return nb::object();
  return numpy().attr("result_type")(*descrs);
}

nb::list list_of(const std::vector<ndarray>& v, nb::handle base) {
  nb::list l;
  for (const auto& a : v) l.append(is_array(base) ? wrap_view(a, base) : wrap(a));
  return l;
}

// split's second argument: an int (sections) or a sequence of indices.
template <class BySections, class ByIndices>
nb::list split_impl(nb::handle ary, nb::handle spec, BySections by_sections, ByIndices by_indices) {
  ndarray a = arr(ary);
  nb::handle base = is_array(ary) ? ary : nb::handle();
  if (PyIndex_Check(spec.ptr()) && !PySequence_Check(spec.ptr()))
    return list_of(by_sections(a, to_dims(spec)[0]), base);
  return list_of(by_indices(a, to_dims(spec).to_vector()), base);
}

nb::object atleast(nb::args args, ndarray (*f)(const ndarray&)) {
  if (args.size() == 1) {
    ndarray a = arr(args[0]);
    ndarray r = f(a);
    return is_array(args[0]) ? wrap_view(r, args[0]) : wrap(r);
  }
  nb::list l;
  for (nb::handle h : args) {
    ndarray r = f(arr(h));
    l.append(is_array(h) ? wrap_view(r, h) : wrap(r));
  }
  return nb::tuple(l);
}

std::vector<int64_t> int_or_tuple(nb::handle obj) { return to_dims(obj).to_vector(); }

}  // namespace

nb::object repeat_method(nb::handle self, nb::handle repeats, nb::handle axis) {
  ndarray a = arr(self);  // (the module function takes array-likes)
  if (PyIndex_Check(repeats.ptr()) && !is_array(repeats)) return wrap(repeat(a, to_dims(repeats)[0], opt_axis(axis)));
  return wrap(repeat(a, arr(repeats), opt_axis(axis)));
}

void init_joining(nb::module_& m) {
  m.def(
      "concatenate",
      [](nb::handle arrays, nb::handle axis, nb::handle out, nb::handle dtype, nb::handle casting) {
        std::vector<ndarray> in = arrays_of(arrays);
        if (!out.is_none()) {
          PyArray& o = unwrap(out);
          concatenate(in, opt_axis(axis), &o.arr, opt_dtype(dtype), casting_of(casting));
          return nb::borrow(out);
        }
        nb::object descr = dtype.is_none() ? joined_descr(arrays) : nb::object();
        ndarray r = concatenate(in, opt_axis(axis), nullptr, opt_dtype(dtype), casting_of(casting));
        return wrap(r, r.dtype().is_void() ? descr : nb::object());
      },
      nb::arg("arrays"), nb::arg("axis").none() = 0, nb::arg("out") = nb::none(), nb::kw_only(),
      nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind", "Joins arrays along an existing axis.");
  m.def(
      "stack",
      [](nb::handle arrays, int64_t axis, nb::handle out, nb::handle dtype, nb::handle casting) {
        std::vector<ndarray> in = arrays_of(arrays);
        if (!out.is_none()) {
          stack(in, axis, &unwrap(out).arr, opt_dtype(dtype), casting_of(casting));
          return nb::borrow(out);
        }
        nb::object descr = dtype.is_none() ? joined_descr(arrays) : nb::object();
        ndarray r = stack(in, axis, nullptr, opt_dtype(dtype), casting_of(casting));
        return wrap(r, r.dtype().is_void() ? descr : nb::object());
      },
      nb::arg("arrays"), nb::arg("axis") = 0, nb::arg("out") = nb::none(), nb::kw_only(), nb::arg("dtype") = nb::none(),
      nb::arg("casting") = "same_kind", "Joins arrays along a new axis.");
  m.def(
      "hstack",
      [](nb::handle tup, nb::handle dtype, nb::handle casting) {
        return wrap(hstack(arrays_of(tup), opt_dtype(dtype), casting_of(casting)));
      },
      nb::arg("tup"), nb::kw_only(), nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind",
      "Stacks arrays horizontally (column wise).");
  m.def(
      "vstack",
      [](nb::handle tup, nb::handle dtype, nb::handle casting) {
        return wrap(vstack(arrays_of(tup), opt_dtype(dtype), casting_of(casting)));
      },
      nb::arg("tup"), nb::kw_only(), nb::arg("dtype") = nb::none(), nb::arg("casting") = "same_kind",
      "Stacks arrays vertically (row wise).");
  m.def(
      "dstack", [](nb::handle tup) { return wrap(dstack(arrays_of(tup))); }, nb::arg("tup"),
      "Stacks arrays along the third axis.");
  m.def(
      "column_stack", [](nb::handle tup) { return wrap(column_stack(arrays_of(tup))); }, nb::arg("tup"),
      "Stacks 1-d arrays as columns into a 2-d array.");
  m.def(
      "append",
      [](nb::handle a, nb::handle values, nb::handle axis) {
        return wrap(append(arr(a), arr(values), opt_axis(axis)));
      },
      nb::arg("arr"), nb::arg("values"), nb::arg("axis") = nb::none(), "Appends values to the end of an array.");
  m.def(
      "split",
      [](nb::handle ary, nb::handle spec, int64_t axis) {
        return split_impl(
            ary, spec, [&](const ndarray& a, int64_t s) { return split(a, s, axis); },
            [&](const ndarray& a, const std::vector<int64_t>& i) { return split(a, i, axis); });
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), nb::arg("axis") = 0, "Splits an array into views.");
  m.def(
      "array_split",
      [](nb::handle ary, nb::handle spec, int64_t axis) {
        return split_impl(
            ary, spec, [&](const ndarray& a, int64_t s) { return array_split(a, s, axis); },
            [&](const ndarray& a, const std::vector<int64_t>& i) { return array_split(a, i, axis); });
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), nb::arg("axis") = 0,
      "Splits an array into views (sections need not divide the axis).");
  m.def(
      "hsplit",
      [](nb::handle ary, nb::handle spec) {
        return split_impl(
            ary, spec, [](const ndarray& a, int64_t s) { return hsplit(a, s); },
            [](const ndarray& a, const std::vector<int64_t>& i) { return hsplit(a, i); });
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), "Splits an array horizontally.");
  m.def(
      "vsplit",
      [](nb::handle ary, nb::handle spec) {
        return split_impl(
            ary, spec, [](const ndarray& a, int64_t s) { return vsplit(a, s); },
            [](const ndarray& a, const std::vector<int64_t>& i) { return vsplit(a, i); });
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), "Splits an array vertically.");
  m.def(
      "dsplit",
      [](nb::handle ary, nb::handle spec) {
        return split_impl(
            ary, spec, [](const ndarray& a, int64_t s) { return dsplit(a, s); },
            [](const ndarray& a, const std::vector<int64_t>& i) { return dsplit(a, i); });
      },
      nb::arg("ary"), nb::arg("indices_or_sections"), "Splits an array along the third axis.");
  m.def(
      "flip",
      [](nb::handle mobj, nb::handle axis) {
        const ndarray& a = unwrap(mobj).arr;
        return wrap_view(axis.is_none() ? flip(a) : flip(a, int_or_tuple(axis)), mobj);
      },
      nb::arg("m"), nb::arg("axis") = nb::none(), "Reverses the order of elements along axes (a view).");
  m.def(
      "fliplr", [](nb::handle mobj) { return wrap_view(fliplr(unwrap(mobj).arr), mobj); }, nb::arg("m"),
      "Reverses the order of columns (a view).");
  m.def(
      "flipud", [](nb::handle mobj) { return wrap_view(flipud(unwrap(mobj).arr), mobj); }, nb::arg("m"),
      "Reverses the order of rows (a view).");
  m.def(
      "rot90",
      [](nb::handle mobj, int64_t k, nb::handle axes) {
        return wrap_view(rot90(unwrap(mobj).arr, k, int_or_tuple(axes)), mobj);
      },
      nb::arg("m"), nb::arg("k") = 1, nb::arg("axes") = nb::make_tuple(0, 1),
      "Rotates an array by 90 degrees (a view).");
  m.def(
      "roll",
      [](nb::handle a, nb::handle shift, nb::handle axis) {
        // A shift or axis given as an array (cupric or NumPy, 0-d included) is read as its values,
        // as NumPy reads it (one host copy): a 0-d array is one int, not a sequence.
        auto values = [](nb::handle v) -> nb::object {
          if (!PyLong_Check(v.ptr()) && nb::hasattr(v, "ndim") && nb::hasattr(v, "tolist")) return v.attr("tolist")();
          return nb::borrow(v);
        };
        std::optional<std::vector<int64_t>> axes;
        if (!axis.is_none()) axes = int_or_tuple(values(axis));
        return wrap(roll(arr(a), int_or_tuple(values(shift)), axes));
      },
      nb::arg("a"), nb::arg("shift"), nb::arg("axis") = nb::none(), "Rolls elements along axes.");
  m.def(
      "tile", [](nb::handle a, nb::handle reps) { return wrap(tile(arr(a), int_or_tuple(reps))); }, nb::arg("A"),
      nb::arg("reps"), "Repeats an array the given number of times along each axis.");
  m.def("repeat", &repeat_method, nb::arg("a"), nb::arg("repeats"), nb::arg("axis") = nb::none(),
        "Repeats elements of an array.");
  m.def("atleast_1d", [](nb::args args) { return atleast(args, &atleast_1d); }, "Views with at least one dimension.");
  m.def("atleast_2d", [](nb::args args) { return atleast(args, &atleast_2d); }, "Views with at least two dimensions.");
  m.def(
      "atleast_3d", [](nb::args args) { return atleast(args, &atleast_3d); }, "Views with at least three dimensions.");
  m.def(
      "resize", [](nb::handle a, nb::handle new_shape) { return wrap(resize(arr(a), to_dims(new_shape))); },
      nb::arg("a"), nb::arg("new_shape"), "A new array of the given shape, filled with repeated copies of a.");
  // numpy.copyto (cupric/ops/copyto.hpp): Python and NumPy scalars follow NumPy's scalar rule.
  m.def(
      "_copyto",
      [](nb::handle dst, nb::handle src, nb::handle casting, nb::handle where) {
        const bool everywhere = where.ptr() == Py_True;
        copyto(unwrap(dst).arr, operand_of(src), casting_of(casting), everywhere ? ndarray() : arr(where));
      },
      nb::arg("dst"), nb::arg("src").none(), nb::arg("casting"), nb::arg("where").none());
  m.def("_broadcast_shapes", [](nb::args shapes) {
    std::vector<Dims> v;
    for (nb::handle h : shapes) v.push_back(to_dims(h));
    return dims_tuple(broadcast_result_shape(v));
  });
}

}  // namespace cupric::py
