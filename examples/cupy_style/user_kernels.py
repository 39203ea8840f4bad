"""User kernels as in CuPy's user guide: an ElementwiseKernel with generic types, one with a raw
argument, and a ReductionKernel computing an L2 norm per row."""
import sys

import numpy as np
import cupy as cp

squared_diff = cp.ElementwiseKernel(
    "T x, T y",
    "T z",
    "z = (x - y) * (x - y)",
    "squared_diff")

add_reverse = cp.ElementwiseKernel(
    "raw T x, int32 n",
    "T y",
    "y = x[i] + x[n - 1 - i]",
    "add_reverse")

l2norm = cp.ReductionKernel(
    "T x",          # input params
    "T y",          # output params
    "x * x",        # map
    "a + b",        # reduce
    "y = sqrt(a)",  # post-reduction map
    "0",            # identity value
    "l2norm")


def main():
    x = cp.arange(20, dtype=cp.float32).reshape(4, 5)
    y = cp.arange(5, dtype=cp.float32)
    d = squared_diff(x, y)                       # broadcasts (4, 5) with (5,)
    out = cp.empty_like(x)
    squared_diff(x, 2.5, out)                    # a scalar argument and a given output
    r = add_reverse(y, np.int32(5), size=5)
    norms = l2norm(x, axis=1)
    return {"d": d.get(), "out": out.get(), "r": r.get(), "norms": norms.get()}


if __name__ == "__main__":
    res = main()
    print({k: v.shape for k, v in res.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
