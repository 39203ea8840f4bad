// Decimal text of a 128-bit integer (Python ints beyond int64 in error messages: "Python integer
// 18446744073709551616 out of bounds for uint64").
#pragma once
#include <string>

namespace cupric {

inline std::string int128_str(__int128 v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  for (; u; u /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
  return neg ? "-" + s : s;
}

}  // namespace cupric
