"""Streams and events: work issued on non-default streams (context manager and explicit use),
events recorded and waited on, elapsed time between events, and asynchronous copies."""
import sys

import numpy as np
import cupy as cp


def main():
    host = np.arange(1 << 16, dtype=np.float32)
    s1, s2 = cp.cuda.Stream(non_blocking=True), cp.cuda.Stream()
    start, done = cp.cuda.Event(), cp.cuda.Event()
    with s1:
        start.record()
        a = cp.asarray(host)
        b = cp.sqrt(a) * 2.0
        done.record()
    s2.wait_event(done)
    with s2:
        c = b + 1.0
    s2.synchronize()
    done.synchronize()
    elapsed_ms = cp.cuda.get_elapsed_time(start, done)
    out = np.empty_like(host)
    c.get(stream=s2, out=out)
    s2.synchronize()
    assert cp.cuda.get_current_stream() == cp.cuda.Stream.null
    return {"c": out, "elapsed_nonnegative": np.asarray(elapsed_ms >= 0.0), "done": np.asarray(done.done)}


if __name__ == "__main__":
    res = main()
    print({k: v.shape for k, v in res.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
