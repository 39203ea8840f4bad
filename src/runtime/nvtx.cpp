// NVTX (include/cupric/runtime/nvtx.hpp).
//
// Note [NVTX]: with the CUDA toolkit's nvtx3 headers (CUDA builds), the calls are NVTX 3's
// header-only functions: they do nothing unless a profiler injects itself (NVTX_INJECTION64_PATH),
// and need no library. Otherwise (host-only builds) libnvToolsExt.so.1 is dlopen'ed at first use
// and its nvtx*Ex entry points are called with the NVTX v2 attribute struct laid out here. With
// neither, everything is a no-op and available() is false (V8-AVAILABLE).
#include "cupric/runtime/nvtx.hpp"
#include <dlfcn.h>
#include <cstring>
#include <mutex>

#if __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define CUPRIC_HAVE_NVTX3 1
#endif

namespace cupric::nvtx {

uint32_t color_of_id(int id) {
  // Ten distinct, readable colors (ARGB); ids cycle through them.
  static const uint32_t palette[] = {0xFF2E86DE, 0xFFE74C3C, 0xFF27AE60, 0xFFF39C12, 0xFF8E44AD,
                                     0xFF16A085, 0xFFD35400, 0xFF2C3E50, 0xFFC0392B, 0xFF7F8C8D};
  if (id < 0) return 0;
  return palette[id % 10];
}

#ifdef CUPRIC_HAVE_NVTX3

bool available() { return true; }

namespace {
nvtxEventAttributes_t attrs(const std::string& message, uint32_t argb) {
  nvtxEventAttributes_t a;
  std::memset(&a, 0, sizeof a);
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  if (argb) {
    a.colorType = NVTX_COLOR_ARGB;
    a.color = argb;
  }
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message.c_str();
  return a;
}
}  // namespace

void mark(const std::string& message, uint32_t argb) {
  nvtxEventAttributes_t a = attrs(message, argb);
  nvtxMarkEx(&a);
}
int range_push(const std::string& message, uint32_t argb) {
  nvtxEventAttributes_t a = attrs(message, argb);
  return nvtxRangePushEx(&a);
}
int range_pop() { return nvtxRangePop(); }
uint64_t range_start(const std::string& message, uint32_t argb) {
  nvtxEventAttributes_t a = attrs(message, argb);
  return nvtxRangeStartEx(&a);
}
void range_end(uint64_t id) { nvtxRangeEnd(id); }

#else

namespace {
// NVTX v2's nvtxEventAttributes_t (nvToolsExt.h, version 2), as libnvToolsExt expects it.
struct EventAttributes {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t color_type;  // 1: ARGB
  uint32_t color;
  int32_t payload_type;
  int32_t reserved0;
  uint64_t payload;
  int32_t message_type;  // 1: ASCII
  const char* message;
};

struct Lib {
  int (*push)(const EventAttributes*) = nullptr;
  int (*pop)() = nullptr;
  void (*mark)(const EventAttributes*) = nullptr;
  uint64_t (*start)(const EventAttributes*) = nullptr;  // nvtxRangeStartEx/End: optional
  void (*end)(uint64_t) = nullptr;
  bool ok = false;
};

const Lib& lib() {
  static const Lib l = [] {
    Lib x;
    void* h = dlopen("libnvToolsExt.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen("libnvToolsExt.so", RTLD_NOW | RTLD_LOCAL);
    if (!h) return x;
    x.push = reinterpret_cast<int (*)(const EventAttributes*)>(dlsym(h, "nvtxRangePushEx"));
    x.pop = reinterpret_cast<int (*)()>(dlsym(h, "nvtxRangePop"));
    x.mark = reinterpret_cast<void (*)(const EventAttributes*)>(dlsym(h, "nvtxMarkEx"));
    x.start = reinterpret_cast<uint64_t (*)(const EventAttributes*)>(dlsym(h, "nvtxRangeStartEx"));
    x.end = reinterpret_cast<void (*)(uint64_t)>(dlsym(h, "nvtxRangeEnd"));
    x.ok = x.push && x.pop && x.mark;
    return x;
  }();
  return l;
}

EventAttributes attrs(const std::string& message, uint32_t argb) {
  EventAttributes a;
  std::memset(&a, 0, sizeof a);
  a.version = 2;
  a.size = static_cast<uint16_t>(sizeof(EventAttributes));
  if (argb) {
    a.color_type = 1;
    a.color = argb;
  }
  a.message_type = 1;
  a.message = message.c_str();
  return a;
}
}  // namespace

bool available() { return lib().ok; }

void mark(const std::string& message, uint32_t argb) {
  if (!lib().ok) return;
  EventAttributes a = attrs(message, argb);
  lib().mark(&a);
}
int range_push(const std::string& message, uint32_t argb) {
  if (!lib().ok) return -1;
  EventAttributes a = attrs(message, argb);
  return lib().push(&a);
}
int range_pop() { return lib().ok ? lib().pop() : -1; }
uint64_t range_start(const std::string& message, uint32_t argb) {
  if (!lib().ok || !lib().start) return 0;
  EventAttributes a = attrs(message, argb);
  return lib().start(&a);
}
void range_end(uint64_t id) {
  if (lib().ok && lib().end) lib().end(id);
}

#endif

}  // namespace cupric::nvtx
