// Error types' messages and the warning hook.
#include "cupric/error.hpp"
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cupric {

OutOfMemoryError::OutOfMemoryError(size_t req, size_t pool_total, size_t pool_used, const std::string& detail)
    : Error("Out of memory allocating " + std::to_string(req) + " bytes (allocated so far: " +
            std::to_string(pool_used) + " bytes, the pool holds " + std::to_string(pool_total) + " bytes)" +
            (detail.empty() ? std::string() : ": " + detail)),
      requested(req),
      total(pool_total) {}

std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  int digits = 1;  // the fewest significant digits that read back as v
  for (; digits < 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
  const int exp10 = std::atoi(std::strchr(buf, 'e') + 1);
  if (exp10 < -4 || exp10 >= 16) return buf;  // Python switches to exponent form there
  std::snprintf(buf, sizeof buf, "%.*f", std::max(digits - 1 - exp10, 0), v);
  std::string s = buf;
  if (s.find('.') == std::string::npos) s += ".0";
  return s;
}

namespace {
std::atomic<WarningHandler> g_warning_handler{nullptr};
}
void set_warning_handler(WarningHandler h) { g_warning_handler.store(h); }
void warn(const char* category, const std::string& message) {
  if (auto h = g_warning_handler.load()) h(category, message.c_str());
}

}  // namespace cupric
