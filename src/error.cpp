// Error types' messages and the warning hook.
#include "cupric/error.hpp"
#include <atomic>

namespace cupric {

OutOfMemoryError::OutOfMemoryError(size_t req, size_t pool_total, size_t pool_used, const std::string& detail)
    : Error("Out of memory allocating " + std::to_string(req) + " bytes (allocated so far: " +
            std::to_string(pool_used) + " bytes, the pool holds " + std::to_string(pool_total) + " bytes)" +
            (detail.empty() ? std::string() : ": " + detail)),
      requested(req),
      total(pool_total) {}

namespace {
std::atomic<WarningHandler> g_warning_handler{nullptr};
}
void set_warning_handler(WarningHandler h) { g_warning_handler.store(h); }
void warn(const char* category, const std::string& message) {
  if (auto h = g_warning_handler.load()) h(category, message.c_str());
}

}  // namespace cupric
