// Streams and events of the C++ API, owned (created and destroyed by cupric) or borrowed (the
// null stream, the per-thread default stream, a stream someone else made: ExternalStream).
// cupric.cuda.Stream and Event wrap these.
#pragma once
#include <memory>
#include "cupric/runtime/backend.hpp"

namespace cupric {

class EventObject;

class StreamObject {
 public:
  // A new stream on `device` (-1: the current device) of backend `b`.
  static std::shared_ptr<StreamObject> create(Backend& b, int device = -1, bool non_blocking = false, int priority = 0);
  // A stream cupric does not own and never destroys.
  static std::shared_ptr<StreamObject> borrow(Backend& b, void* handle, int device);
  // Destroys an owned stream, after retiring it from every pool (Note [Stream retirement]).
  ~StreamObject();
  StreamObject(const StreamObject&) = delete;
  StreamObject& operator=(const StreamObject&) = delete;

  const Stream& stream() const { return s_; }
  Backend& backend() const { return *b_; }
  bool owned() const { return owned_; }
  void synchronize() { b_->synchronize(s_); }
  bool done() { return b_->stream_query(s_); }
  void wait_event(const EventObject& e);
  // Records a new event (or `e`) on this stream.
  void record(EventObject& e);
  void launch_host_func(void (*fn)(void*), void* arg) { b_->launch_host_func(s_, fn, arg); }
  // Makes this stream current on its device for the calling thread.
  void use() { b_->set_current_stream(s_); }

 private:
  StreamObject(Backend& b, Stream s, bool owned) : b_(&b), s_(s), owned_(owned) {}
  Backend* b_;
  Stream s_;
  bool owned_;
};

class EventObject {
 public:
  // `interprocess` needs `disable_timing` (ValueError otherwise), as in CUDA.
  static std::shared_ptr<EventObject> create(Backend& b, int device = -1, bool blocking = false,
                                             bool disable_timing = false, bool interprocess = false);
  ~EventObject();
  EventObject(const EventObject&) = delete;
  EventObject& operator=(const EventObject&) = delete;

  void record(const Stream& s);
  void synchronize() { b_->event_synchronize(h_); }
  bool done() { return b_->event_query(h_); }
  // Milliseconds from this event to `end` (both recorded and done).
  float elapsed_ms(const EventObject& end) const;
  void* handle() const { return h_; }
  int device() const { return device_; }
  Backend& backend() const { return *b_; }

 private:
  EventObject(Backend& b, void* h, int device) : b_(&b), h_(h), device_(device) {}
  Backend* b_;
  void* h_;
  int device_;
};

}  // namespace cupric
