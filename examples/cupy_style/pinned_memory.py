"""Pinned (page-locked) host memory: a NumPy view over cupy.cuda.alloc_pinned_memory, cupyx's
pinned array helpers, and transfers through them; the pinned memory pool's accounting."""
import sys

import numpy as np
import cupy as cp
import cupyx


def pinned_array(shape, dtype):
    size = int(np.prod(shape)) * np.dtype(dtype).itemsize
    mem = cp.cuda.alloc_pinned_memory(size)
    return np.frombuffer(mem, dtype, int(np.prod(shape))).reshape(shape)


def main():
    src = pinned_array((128, 64), np.float64)
    src[...] = np.arange(src.size).reshape(src.shape) / 7.0
    stream = cp.cuda.Stream()
    with stream:
        dev = cp.asarray(src)
        dev = cp.cos(dev) + dev.T.T
    dst = cupyx.empty_like_pinned(src)
    dev.get(stream=stream, out=dst)
    stream.synchronize()
    zeros = cupyx.zeros_pinned((3, 4), dtype=np.int32)
    pool = cp.get_default_pinned_memory_pool()
    return {"dst": np.array(dst), "zeros": np.array(zeros), "pool_total_positive": np.asarray(pool.total_bytes() >= 0)}


if __name__ == "__main__":
    res = main()
    print({k: v.shape for k, v in res.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
