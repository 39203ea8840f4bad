// Owned and borrowed streams and events (see include/cupric/runtime/stream.hpp).
#include "cupric/runtime/stream.hpp"
#include "cupric/error.hpp"
#include "cupric/memory.hpp"

namespace cupric {

std::shared_ptr<StreamObject> StreamObject::create(Backend& b, int device, bool non_blocking, int priority) {
  if (device < 0) device = b.current_device();
  if (device >= b.device_count())
    throw ValueError("invalid device id " + std::to_string(device) + " (" + std::to_string(b.device_count()) +
                     " devices)");
  void* h = b.stream_create(device, non_blocking, priority);
  Stream s{h, device, b.type()};
  // A destroyed stream's handle may come back for this one (Note [Stream retirement]).
  for_each_pool(b, [&](MemoryPool& p) { p.unretire_stream(s); });
  async_stream_created(s);
  return std::shared_ptr<StreamObject>(new StreamObject(b, s, true));
}

std::shared_ptr<StreamObject> StreamObject::borrow(Backend& b, void* handle, int device) {
  if (device < 0) device = b.current_device();
  return std::shared_ptr<StreamObject>(new StreamObject(b, Stream{handle, device, b.type()}, false));
}

StreamObject::~StreamObject() {
  if (!owned_) return;
  try {
    for_each_pool(*b_, [&](MemoryPool& p) {
      if (p.device() == s_.device) p.retire_stream(s_);
    });
    async_stream_retiring(*b_, s_);
    b_->stream_destroy(s_.handle, s_.device);
  } catch (...) {  // never throw from a destructor (the driver may be unloading at exit)
  }
}

void StreamObject::wait_event(const EventObject& e) { b_->stream_wait_event(s_, e.handle()); }
void StreamObject::record(EventObject& e) { e.record(s_); }

std::shared_ptr<EventObject> EventObject::create(Backend& b, int device, bool blocking, bool disable_timing,
                                                 bool interprocess) {
  if (interprocess && !disable_timing)
    throw ValueError("Timing must be disabled for interprocess events (pass disable_timing=True)");
  if (device < 0) device = b.current_device();
  void* h = b.event_create(device, blocking, disable_timing, interprocess);
  return std::shared_ptr<EventObject>(new EventObject(b, h, device));
}

EventObject::~EventObject() {
  try {
    b_->event_destroy(h_, device_);
  } catch (...) {}
}

void EventObject::record(const Stream& s) { b_->event_record(h_, s); }

float EventObject::elapsed_ms(const EventObject& end) const { return b_->event_elapsed_ms(h_, end.h_); }

}  // namespace cupric
