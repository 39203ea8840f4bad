// DLPack data types <-> cupric dtypes, shared by the export and import halves.
#pragma once
#include <string>
#include "cupric/interop/dlpack.hpp"

namespace cupric::dlpack::detail {

inline DLDataType dl_type_of(DType d) {
  const auto bits = static_cast<uint8_t>(d.itemsize * 8);
  if (d.is_bool()) return {kDLBool, 8, 1};
  if (d.is_signed_int()) return {kDLInt, bits, 1};
  if (d.is_unsigned_int()) return {kDLUInt, bits, 1};
  if (d.type == ScalarType::BFloat16) return {kDLBfloat, 16, 1};
  if (d.is_floating()) return {kDLFloat, bits, 1};
  if (d.is_complex()) return {kDLComplex, bits, 1};
  throw BufferError("DLPack cannot describe a void or structured dtype (" + std::to_string(d.itemsize) +
                    "-byte records); export a numeric field instead");
}

inline DType dtype_of(DLDataType t) {
  if (t.lanes != 1)
    throw BufferError("DLPack tensors with vector lanes (lanes=" + std::to_string(t.lanes) + ") are not supported");
  auto pick = [&](std::initializer_list<std::pair<int, ScalarType>> by_bits) -> DType {
    for (auto [b, s] : by_bits)
      if (b == t.bits) return DType(s);
    throw BufferError("unsupported DLPack data type (code " + std::to_string(t.code) + ", " + std::to_string(t.bits) +
                      " bits)");
  };
  switch (t.code) {
    case kDLBool: return pick({{8, ScalarType::Bool}});
    case kDLInt:
      return pick({{8, ScalarType::Int8}, {16, ScalarType::Int16}, {32, ScalarType::Int32}, {64, ScalarType::Int64}});
    case kDLUInt:
      return pick(
          {{8, ScalarType::UInt8}, {16, ScalarType::UInt16}, {32, ScalarType::UInt32}, {64, ScalarType::UInt64}});
    case kDLFloat: return pick({{16, ScalarType::Float16}, {32, ScalarType::Float32}, {64, ScalarType::Float64}});
    case kDLBfloat: return pick({{16, ScalarType::BFloat16}});
    case kDLComplex: return pick({{64, ScalarType::Complex64}, {128, ScalarType::Complex128}});
    default: return pick({});
  }
}

}  // namespace cupric::dlpack::detail
