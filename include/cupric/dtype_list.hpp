// The one list of cupric's numeric dtypes (Note [One dtype list]).
//
// Note [One dtype list]
// Every table over the numeric dtypes is generated from CUPRIC_FORALL_DTYPES, in this order,
// which is the promotion-table order (Note [Promotion tables] in dtype.hpp): the ScalarType enum,
// dtypes::NAME, dtype_of<T>, visit_scalar_type, NumericTypes (a family's `Self`), names, codes
// and kinds (src/dtype.cpp), NumPy's DType class names (src/error.cpp). CMake reads the dtype
// names off this file (cmake/dtypes.cmake) so that kernel families name dtypes, not indices.
// Adding a dtype means one row here, a row and a column in the promotion and casting tables
// (src/dtype.cpp), and its loops in the functors that support it.
//
// Columns: _(Enum, C++ type, dtypes:: constant, NumPy name, char code, kind). The kind is the
// one promotion rules use: bfloat16 reports 'V' to NumPy (ml_dtypes is a user dtype) but
// promotes as a float. Keep one row per line: cmake/dtypes.cmake parses the rows.
#pragma once

#define CUPRIC_FORALL_DTYPES(_)                             \
  _(Bool, bool, bool_, "bool", '?', 'b')                    \
  _(Int8, int8_t, int8, "int8", 'b', 'i')                   \
  _(UInt8, uint8_t, uint8, "uint8", 'B', 'u')               \
  _(Int16, int16_t, int16, "int16", 'h', 'i')               \
  _(UInt16, uint16_t, uint16, "uint16", 'H', 'u')           \
  _(Int32, int32_t, int32, "int32", 'i', 'i')               \
  _(UInt32, uint32_t, uint32, "uint32", 'I', 'u')           \
  _(Int64, int64_t, int64, "int64", 'l', 'i')               \
  _(UInt64, uint64_t, uint64, "uint64", 'L', 'u')           \
  _(Float16, float16, float16, "float16", 'e', 'f')         \
  _(BFloat16, bfloat16, bfloat16, "bfloat16", 'E', 'f')     \
  _(Float32, float, float32, "float32", 'f', 'f')           \
  _(Float64, double, float64, "float64", 'd', 'f')          \
  _(Complex64, complex64, complex64, "complex64", 'F', 'c') \
  _(Complex128, complex128, complex128, "complex128", 'D', 'c')
