// Table-driven bindings of C library entry points (cupric.cuda.cublas / cusolver / cusparse): one
// row per routine family gives the C signature once, and every s/d/c/z (or IRS) variant becomes a
// Python function with CuPy's name and argument names. See Note [Library entry rows].
//
// Note [Library entry rows]
// CuPy's raw modules (cupy_backends.cuda.libs.*) have one cpdef per library entry: handles and
// device arrays as integers, outputs (`*_bufferSize`'s lwork, getters, created handles)
// returned, a failed status raised as the library's error class. Here a row is
// `def_entries<Sig<C...>>(m, kind, names, arg_names)`: C... is the entry's parameter list
// (`void*` for handles and pointers, int/int64_t/size_t/float/double/signed char by value,
// C64/C128 for a complex scalar passed by value and read from a host pointer, `Value<C64>`/
// `Value<C128>` for one passed by value from a Python number (cuSPARSE's `tol`), `Out<T>` for
// an output the function returns, `InOut<T>` for one it also reads: taken from Python and
// returned), `names` the (Python, C) name pairs of the family; `EnumSig<C...>` for an entry
// whose int result is its answer, not a status (cusparseGetMatType). Each generated function:
//  - resolves the entry by name once (library_symbol, the same dlopen'ed library cupric's own
//    calls use; CUDARuntimeError without a CUDA build, the library's RuntimeError without it);
//  - binds the handle (its first argument) to cupric's current stream as CuPy's `_setStream`
//    does, when the kind says so: cupric's own handles through their cache (Note [Binding
//    cupric's own handles]), others by GetStream, then SetStream when the stream differs;
//  - releases the GIL around the call (not for buffer-size queries, getters and setters);
//  - raises the module's error class (`_set_error`) with the status, or returns the outputs:
//    nothing, the one output, or a tuple of them.
// The bindings need none of the libraries' headers: every entry returns an int-sized status and
// takes pointers, enums (as int) and scalars whose C types the row names.
#pragma once
#include <array>
#include <stdexcept>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <complex>
#include <nanobind/stl/complex.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>
#include "common.hpp"
#include "cupric/runtime/backend.hpp"
#include "cupric/runtime/library_handles.hpp"

namespace cupric::py::entry {

// The C types rows name, short (`using namespace entry::c_types;` in a binding file).
namespace c_types {
using P = void*;
using I = int;
using L = int64_t;
using Z = size_t;
using F = float;
using D = double;
}  // namespace c_types

template <class T>
struct Out {};  // an output parameter T* of the entry, returned to Python
template <class T>
struct InOut {};  // a T* the entry reads and writes: taken from Python, returned
template <class C>
struct Value {};  // a complex C (C64, C128) by value, from a Python number
struct C64 {      // cuComplex by value
  alignas(8) float re;
  float im;
};
struct C128 {  // cuDoubleComplex by value
  alignas(16) double re;
  double im;
};

template <class T>
inline constexpr bool is_out = false;  // written by the entry and returned
template <class T>
inline constexpr bool is_out<Out<T>> = true;
template <class T>
inline constexpr bool is_out<InOut<T>> = true;
template <class T>
inline constexpr bool is_in = true;  // taken from Python
template <class T>
inline constexpr bool is_in<Out<T>> = false;

// Python type of a C parameter and its conversion.
template <class T>
struct Arg {
  using Py = T;
  static T c(Py v) { return v; }
};
template <class T>
struct Arg<InOut<T>> {  // the value the entry reads first
  using Py = T;
};
template <>
struct Arg<void*> {
  using Py = uintptr_t;
  static void* c(Py v) { return reinterpret_cast<void*>(v); }
};
template <>
struct Arg<signed char> {  // gesvd's job letters: CuPy passes ord('A')
  using Py = int;
  static signed char c(Py v) { return static_cast<signed char>(v); }
};
template <class T>
  requires(std::is_same_v<T, C64> || std::is_same_v<T, C128>)
struct Arg<T> {  // CuPy takes the complex scalar's host address and passes the value
  using Py = uintptr_t;
  static T c(Py v) { return *reinterpret_cast<const T*>(v); }
};

template <class C>
struct Arg<Value<C>> {  // cuComplex / cuDoubleComplex by value from a Python complex (or real)
  using Py = std::complex<double>;
  static C c(Py v) {
    using F = decltype(C::re);
    return C{static_cast<F>(v.real()), static_cast<F>(v.imag())};
  }
};

template <class T>
struct CType {
  using type = T;
};
template <class T>
struct CType<Out<T>> {
  using type = T*;
};
template <class T>
struct CType<InOut<T>> {
  using type = T*;
};
template <class C>
struct CType<Value<C>> {
  using type = C;
};
template <class T>
struct OutValue {
  using type = std::tuple<>;
};
template <class T>
struct OutValue<Out<T>> {
  using type = std::tuple<T>;
};
template <class T>
struct OutValue<InOut<T>> {
  using type = std::tuple<T>;
};
template <class T>
using PyArgOf = std::conditional_t<is_in<T>, std::tuple<typename Arg<T>::Py>, std::tuple<>>;

// Where a stream is bound before the call: the library's Get/SetStream entries, and whether
// cupric keeps handles of this kind itself (library_handle(): cuBLAS, cuSOLVER-Dn, cuSPARSE).
struct StreamBinding {
  const char* get;
  const char* set;
  bool cupric_handles;
};
inline constexpr StreamBinding kCusolverDn{"cusolverDnGetStream", "cusolverDnSetStream", true};
inline constexpr StreamBinding kCusolverSp{"cusolverSpGetStream", "cusolverSpSetStream", false};
inline constexpr StreamBinding kCublas{"cublasGetStream_v2", "cublasSetStream_v2", true};
inline constexpr StreamBinding kCusparse{"cusparseGetStream", "cusparseSetStream", true};

// How a family is called: the stream it binds (none for handle-free calls and getters) and
// whether it keeps the GIL (queries that return at once).
struct Kind {
  const StreamBinding* stream = nullptr;
  bool keep_gil = false;
};

// One generated function's state, created at import and kept for the module's life.
struct Entry {
  CudaLibrary lib;
  std::string py_name, c_name;
  Kind kind;
  PyObject** error;  // the module's error class (_set_error)
  std::string doc;
  std::atomic<void*> fn{nullptr};
  std::atomic<void*> get_stream{nullptr}, set_stream{nullptr};

  void* symbol();
  int bind_stream(uintptr_t handle);  // the status of Get/SetStream
  [[noreturn]] void raise(int status) const;
};

std::vector<Entry*>& registry();  // every generated function (both modules)

// A family's (Python name, C name) pairs: each of `types` (space separated, e.g. "s d c z" or
// "ds dh") put for {t} (as is), {T} (upper case: "DS") and {C} (capitalised: "Dz") in the two
// patterns.
struct Name {
  std::string py, c;
};
std::vector<Name> typed(const char* types, const char* py_pattern, const char* c_pattern);
std::vector<Name> one(const char* py, const char* c);  // a family of one
// A family of one whose C name is `prefix` and the Python name capitalised (cusparse, xcsrsort:
// cusparseXcsrsort).
std::vector<Name> prefixed(const char* prefix, const char* py);
std::vector<Name> join(std::initializer_list<std::vector<Name>> parts);

template <class... C>
struct Sig {
  static constexpr size_t n = sizeof...(C);
  static constexpr std::array<bool, n + 1> outs{is_out<C>..., false}, ins{is_in<C>..., false};
  static constexpr size_t n_out = (size_t{is_out<C>} + ... + 0);
  static constexpr size_t n_py = (size_t{is_in<C>} + ... + 0);
  static constexpr bool status_is_value = false;
  using Outs = decltype(std::tuple_cat(std::declval<typename OutValue<C>::type>()...));
  using Pys = decltype(std::tuple_cat(std::declval<PyArgOf<C>>()...));
  using Fn = int (*)(typename CType<C>::type...);

  // The position of parameter i among the outputs (ins: the Python arguments).
  static constexpr size_t before(size_t i, const std::array<bool, n + 1>& of) {
    size_t k = 0;
    for (size_t j = 0; j < i; ++j) k += of[j];
    return k;
  }
  template <size_t I>
  static auto c_arg(Outs& o, const Pys& p) {
    using T = std::tuple_element_t<I, std::tuple<C...>>;
    if constexpr (is_out<T>) {
      auto& slot = std::get<before(I, outs)>(o);
      if constexpr (is_in<T>) slot = std::get<before(I, ins)>(p);
      return &slot;
    } else {
      return Arg<T>::c(std::get<before(I, ins)>(p));
    }
  }
  template <size_t... I>
  static int call(void* fn, Outs& o, const Pys& p, std::index_sequence<I...>) {
    return reinterpret_cast<Fn>(fn)(c_arg<I>(o, p)...);
  }
};
// An entry whose int result is its answer (an enum), returned as is: no status to check.
template <class... C>
struct EnumSig : Sig<C...> {
  static constexpr bool status_is_value = true;
};

// void* outputs (created handles) go to Python as integers.
template <class T>
auto to_python(T v) {
  if constexpr (std::is_pointer_v<T>)
    return reinterpret_cast<uintptr_t>(v);
  else
    return v;
}

template <class S, class... P>
auto make_function(Entry* e, std::tuple<P...>*) {
  return [e](P... p) {
    typename S::Outs o{};
    const typename S::Pys args(p...);
    void* fn = e->symbol();
    // The stream is bound with the GIL held: binding cupric's own handle may allocate from the
    // pool, whose hooks can be Python.
    int status = 0;
    if constexpr (S::n_py > 0)
      if (e->kind.stream) status = e->bind_stream(static_cast<uintptr_t>(std::get<0>(args)));
    if (status == 0) {
      if (e->kind.keep_gil) {
        status = S::call(fn, o, args, std::make_index_sequence<S::n>{});
      } else {
        nb::gil_scoped_release release;
        status = S::call(fn, o, args, std::make_index_sequence<S::n>{});
      }
    }
    if constexpr (S::status_is_value) {
      return status;
    } else {
      if (status != 0) [[unlikely]]
        e->raise(status);
      if constexpr (S::n_out == 1)
        return to_python(std::get<0>(o));
      else if constexpr (S::n_out > 1)
        return std::apply([](auto... v) { return std::make_tuple(to_python(v)...); }, o);
    }
  };
}

template <class F, size_t N, size_t... I>
void def_named(nb::module_& m, const char* name, F&& f, const std::array<const char*, N>& args, const char* doc,
               std::index_sequence<I...>) {
  m.def(name, std::forward<F>(f), nb::arg(args[I])..., doc);
}

void check_arg_names(const char* const* names, size_t n, const std::string& py_name);

// Defines every function of one family (Note [Library entry rows]).
template <class S>
void def_entries(nb::module_& m, CudaLibrary lib, PyObject** error, Kind kind, const std::vector<Name>& names,
                 const std::array<const char*, S::n_py>& arg_names) {
  for (const Name& nm : names) {
    check_arg_names(arg_names.data(), S::n_py, nm.py);
    // Lives as long as the module.
    auto* e = new Entry{lib,
                        nm.py,
                        nm.c,
                        kind,
                        error,
                        "Calls " + nm.c + " (CuPy's " + nm.py.substr(nm.py[0] == '_') +
                            "); a failed status raises the module's error class."};
    registry().push_back(e);
    def_named(m, e->py_name.c_str(), make_function<S>(e, static_cast<typename S::Pys*>(nullptr)), arg_names,
              e->doc.c_str(), std::make_index_sequence<S::n_py>{});
  }
}

// `_set_error(cls)`: the class the module's functions raise (cupric.cuda.<lib>.<LIB>Error);
// `_entries()`, `_missing_entries()`: the rows' names, and the C entries the library lacks.
void def_module_helpers(nb::module_& m, CudaLibrary lib, PyObject** error);

// ---- the non-template parts (inline: both library binding files include this header) ----
inline void* resolve(std::atomic<void*>& slot, CudaLibrary lib, const char* name) {
  void* f = slot.load(std::memory_order_relaxed);
  if (!f) [[unlikely]] {
    f = library_symbol(lib, name);
    slot.store(f, std::memory_order_relaxed);
  }
  return f;
}

inline void* Entry::symbol() { return resolve(fn, lib, c_name.c_str()); }

// Note [Binding cupric's own handles]
// cupric's per-thread cuBLAS/cuSOLVER/cuSPARSE handles remember the stream they were last bound to
// (and a cuBLAS handle its pool workspace, which cublasSetStream resets), so cupric's next call
// skips the rebinding. A raw call on such a handle (device.get_cublas_handle()) under another
// stream must therefore go through that cache, not around it: bind_if_cupric_handle() binds
// cupric's handle to the current stream as library_handle() would. Any other handle (one the user
// made with create()) is bound here directly, by Get/SetStream on that handle alone: cupric makes
// no handle and takes no workspace of its own for it (a user who only makes raw calls pays for
// nothing else; tests/python/cuda/test_cublas_module.py checks the pool).
inline int Entry::bind_stream(uintptr_t handle) {
  // A null handle is left to the routine, which refuses it with its own status (the libraries'
  // Get/SetStream do not check for one: cusolverDnGetStream(NULL) crashed on the H200).
  if (handle == 0) return 0;
  if (kind.stream->cupric_handles && bind_if_cupric_handle(lib, handle)) return 0;
  // symbol() succeeded, so this is a CUDA build and the backend exists.
  Backend* b = cuda_backend_if_built();
  void* current = b->current_stream(b->current_device()).handle;
  void* h = reinterpret_cast<void*>(handle);
  void* bound = nullptr;
  int s = reinterpret_cast<int (*)(void*, void**)>(resolve(get_stream, lib, kind.stream->get))(h, &bound);
  if (s != 0 || bound == current) return s;
  return reinterpret_cast<int (*)(void*, void*)>(resolve(set_stream, lib, kind.stream->set))(h, current);
}

[[noreturn]] inline void Entry::raise(int status) const {
  nb::object st = nb::int_(status);
  PyErr_SetObject(*error ? *error : PyExc_RuntimeError, st.ptr());
  throw nb::python_error();
}

inline std::vector<Name> typed(const char* types, const char* py_pattern, const char* c_pattern) {
  auto fill = [](std::string s, const std::string& t) {
    std::string upper = t, capital = t;
    for (char& ch : upper) ch = static_cast<char>(ch - 'a' + 'A');
    capital[0] = upper[0];
    for (auto [key, value] :
         {std::pair<const char*, const std::string*>{"{t}", &t}, {"{T}", &upper}, {"{C}", &capital}})
      for (size_t at; (at = s.find(key)) != std::string::npos;) s.replace(at, 3, *value);
    return s;
  };
  std::vector<Name> out;
  std::string all = types;
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find(' ', start);
    if (end == std::string::npos) end = all.size();
    std::string t = all.substr(start, end - start);
    if (!t.empty()) out.push_back({fill(py_pattern, t), fill(c_pattern, t)});
    start = end + 1;
  }
  return out;
}
inline std::vector<Name> one(const char* py, const char* c) { return {{py, c}}; }
inline std::vector<Name> prefixed(const char* prefix, const char* py) {
  std::string c = std::string(prefix) + py;
  char& first = c[std::string(prefix).size()];
  if (first >= 'a' && first <= 'z') first = static_cast<char>(first - 'a' + 'A');
  return one(py, c.c_str());
}
inline std::vector<Name> join(std::initializer_list<std::vector<Name>> parts) {
  std::vector<Name> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

inline void check_arg_names(const char* const* names, size_t n, const std::string& py_name) {
  for (size_t i = 0; i < n; ++i)
    if (!names[i]) throw std::logic_error(py_name + ": argument " + std::to_string(i) + " has no name in its row");
}

inline std::vector<Entry*>& registry() {
  static std::vector<Entry*> entries;  // every generated function, for _entries()
  return entries;
}

inline void def_module_helpers(nb::module_& m, CudaLibrary lib, PyObject** error) {
  m.def("_set_error", [error](nb::handle cls) {
    Py_XDECREF(*error);
    *error = cls.inc_ref().ptr();
  });
  // [(Python name, C entry point)] of the module's rows; _missing_entries() resolves each and
  // names those the loaded library lacks (a check that the rows match the installed library).
  m.def("_entries", [lib]() {
    std::vector<std::pair<std::string, std::string>> out;
    for (Entry* e : registry())
      if (e->lib == lib) out.emplace_back(e->py_name, e->c_name);
    return out;
  });
  m.def("_missing_entries", [lib]() {
    std::vector<std::string> missing;
    for (Entry* e : registry()) {
      if (e->lib != lib) continue;
      try {
        e->symbol();
      } catch (const CudaError&) {
        throw;  // no CUDA build: nothing to check
      } catch (const std::exception&) { missing.push_back(e->c_name); }
    }
    return missing;
  });
}

}  // namespace cupric::py::entry
