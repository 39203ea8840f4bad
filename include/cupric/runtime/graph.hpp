// CUDA graphs of the C++ API: capture the work enqueued on a stream, then launch it again and
// again with one call (cupric.cuda.Stream.begin_capture / end_capture / Graph wrap these).
// Note [Graph capture] in src/runtime/graph.cpp explains how the memory pool takes part.
#pragma once
#include <memory>
#include <vector>
#include "cupric/memory.hpp"
#include "cupric/runtime/backend.hpp"

namespace cupric {

enum class CaptureMode : int { Global = 0, ThreadLocal = 1, Relaxed = 2 };

class GraphObject {
 public:
  ~GraphObject();
  GraphObject(const GraphObject&) = delete;
  GraphObject& operator=(const GraphObject&) = delete;
  // Enqueues the whole graph on `s`.
  void launch(const Stream& s);
  // Uploads the graph to the device ahead of its first launch (optional; makes it faster).
  void upload(const Stream& s);
  int device() const { return device_; }
  // Pool memory the graph keeps alive (allocated or freed on the stream during capture).
  size_t n_kept() const { return keep_.size(); }

 private:
  friend std::shared_ptr<GraphObject> end_capture(Backend& b, const Stream& s);
  GraphObject(Backend& b, void* exec, int device, std::vector<std::shared_ptr<Memory>> keep)
      : b_(&b), exec_(exec), device_(device), keep_(std::move(keep)) {}
  Backend* b_;
  void* exec_;
  int device_;
  bool launched_ = false;
  std::vector<std::shared_ptr<Memory>> keep_;
};

// Starts capturing the work enqueued on `s` (not the legacy default stream: RuntimeError). The
// host backend cannot capture (RuntimeError).
void begin_capture(Backend& b, const Stream& s, CaptureMode mode = CaptureMode::Relaxed);
// Ends the capture and returns the instantiated graph.
std::shared_ptr<GraphObject> end_capture(Backend& b, const Stream& s);
bool is_capturing(Backend& b, const Stream& s);

}  // namespace cupric
