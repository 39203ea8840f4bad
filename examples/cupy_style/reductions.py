"""Reductions and scans along axes: sums, means, variances, arg-extrema, NaN-aware reductions,
cumulative sums and a bincount-based histogram."""
import sys

import numpy as np
import cupy as cp


def main():
    rng = np.random.default_rng(7)
    host = rng.standard_normal((5, 7, 3)).astype(np.float32)
    a = cp.asarray(host)
    with_nan = a.copy()
    with_nan[1, 2, :] = cp.nan
    labels = cp.asarray(rng.integers(0, 6, size=100))
    return {
        "sum_all": cp.asnumpy(a.sum()),
        "sum_axis1": a.sum(axis=1).get(),
        "mean_axes": a.mean(axis=(0, 2)).get(),
        "var": a.var(axis=0, ddof=1).get(),
        "argmax": a.argmax(axis=2).get(),
        "max_keepdims": a.max(axis=-1, keepdims=True).get(),
        "nanmean": cp.nanmean(with_nan, axis=1).get(),
        "nansum": cp.nansum(with_nan).get(),
        "cumsum": cp.cumsum(a, axis=1).get(),
        "counts": cp.bincount(labels, minlength=6).get(),
        "any_neg": (a < -2).any(axis=0).get(),
        "count_nonzero": cp.count_nonzero(a > 0, axis=1).get(),
    }


if __name__ == "__main__":
    out = main()
    print({k: v.shape for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
