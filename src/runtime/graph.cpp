// CUDA graphs (include/cupric/runtime/graph.hpp).
//
// Note [Graph capture]: between begin_capture and end_capture, work enqueued on the stream is
// recorded, not run; the graph replays it on every launch, on the same memory addresses. So:
//  * The pool must not call cudaFree (it would synchronize: illegal while capturing) and must not
//    make the capturing stream wait on another stream: while any capture runs, free_all_blocks
//    and the OOM path return nothing to the driver, and the capturing stream steals no blocks.
//    A new segment is allowed: the CUDA backend calls cudaMalloc in relaxed capture mode
//    (cudaMalloc enqueues nothing), so allocation works during capture in every mode.
//  * Every pool block allocated on the capturing stream during capture, and every block freed on
//    it during capture (an array made before and used inside the capture), is kept alive by the
//    Graph until the Graph is destroyed, so a launch never writes into memory someone else was
//    given since. Memory the captured work uses that was allocated before the capture and is
//    still alive after it is the user's to keep alive, as in CuPy.
//  * The host backend runs every operation at once and has nothing to record: begin_capture
//    raises RuntimeError (no silent eager run that would pretend to be a graph).
#include "cupric/runtime/graph.hpp"
#include "cupric/error.hpp"

namespace cupric {

void begin_capture(Backend& b, const Stream& s, CaptureMode mode) {
  int m = static_cast<int>(mode);
  if (m < 0 || m > 2) throw ValueError("invalid stream capture mode " + std::to_string(m));
  if (b.type() == DeviceType::Cuda && s.handle == nullptr)
    throw RuntimeError("cannot capture on the legacy default (null) stream; use a stream made with Stream()");
  // Checked before CUDA sees it: a second cudaStreamBeginCapture would invalidate the capture.
  if (capture_has(s)) throw RuntimeError("the stream is already capturing");
  b.stream_begin_capture(s, m);  // the host backend throws here
  try {
    capture_begin(s);
  } catch (...) {
    try {
      b.graph_destroy(b.stream_end_capture(s));
    } catch (...) {}
    throw;
  }
}

std::shared_ptr<GraphObject> end_capture(Backend& b, const Stream& s) {
  if (!capture_has(s)) throw RuntimeError("the stream is not capturing (call begin_capture first)");
  void* exec = nullptr;
  try {
    exec = b.stream_end_capture(s);
  } catch (...) {
    capture_end(s);  // an invalidated capture: the kept memory goes back to the pool
    throw;
  }
  return std::shared_ptr<GraphObject>(new GraphObject(b, exec, s.device, capture_end(s)));
}

bool is_capturing(Backend& b, const Stream& s) { return b.stream_is_capturing(s); }

void GraphObject::launch(const Stream& s) {
  b_->graph_launch(exec_, s);
  launched_ = true;
}

void GraphObject::upload(const Stream& s) { b_->graph_upload(exec_, s); }

GraphObject::~GraphObject() {
  try {
    // A launch may still run on any stream: its memory goes back only after it is done.
    if (launched_ && !keep_.empty()) b_->synchronize_device(device_);
    b_->graph_destroy(exec_);
  } catch (...) {  // never throw from a destructor
  }
}

}  // namespace cupric
