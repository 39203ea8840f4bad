"""Indexing: slices, boolean masks, fancy indices, assignments through views, take/put, sorting
and cupyx.scatter_add for repeated indices."""
import sys

import numpy as np
import cupy as cp
import cupyx


def main():
    a = cp.arange(60, dtype=cp.float64).reshape(6, 10)
    view = a[1:5, ::3]
    view *= -1                                   # writes through to a
    masked = a[a % 7 == 0]
    rows = a[cp.asarray([4, 0, 4])]
    picked = a[cp.asarray([0, 2, 5]), cp.asarray([9, 1, 3])]
    b = cp.zeros(8)
    b[cp.asarray([1, 3, 5])] = cp.asarray([10.0, 30.0, 50.0])
    counts = cp.zeros(5)
    cupyx.scatter_add(counts, cp.asarray([0, 1, 1, 4, 4, 4]), 1.0)
    order = cp.argsort(a[:, 3])
    top = cp.take(a, cp.asarray([0, -1]), axis=1)
    c = cp.arange(10)
    cp.put(c, [0, 9], [-5, -6])
    return {"a": a.get(), "masked": masked.get(), "rows": rows.get(), "picked": picked.get(), "b": b.get(),
            "counts": counts.get(), "sorted_rows": a[order].get(), "top": top.get(), "c": c.get(),
            "nonzero": cp.nonzero(a[0] > 4)[0].get(), "flipped": a[::-1, 2].get()}


if __name__ == "__main__":
    out = main()
    print({k: v.shape for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
