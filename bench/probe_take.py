"""Diagnostic (not a benchmark of record): does the L2 fetch granularity limit
(cudaLimitMaxL2FetchGranularity) move the random gather `take(a, i)` and a streaming copy?
Device time by CUDA events (CuPy's), median of 20, for cupric and CuPy.

    CUPRIC_BACKEND=cuda python bench/probe_take.py
"""
import statistics

import cupy
import numpy as np

import cupric as cp

LIMIT_L2_FETCH = 0x05  # cudaLimitMaxL2FetchGranularity


def device_ms(fn, repeats=20):
    for _ in range(3):
        fn()
    cupy.cuda.runtime.deviceSynchronize()
    times = []
    for _ in range(repeats):
        s, e = cupy.cuda.Event(), cupy.cuda.Event()
        s.record()
        fn()
        e.record()
        e.synchronize()
        times.append(cupy.cuda.get_elapsed_time(s, e))
    return statistics.median(times)


def main():
    rng = np.random.default_rng(0)
    h = rng.random(1 << 28, dtype=np.float32)
    idx = rng.integers(0, 1 << 28, 1 << 24)
    a, i = cp.asarray(h), cp.asarray(idx)
    ca, ci = cupy.asarray(h), cupy.asarray(idx)
    before = cupy.cuda.runtime.deviceGetLimit(LIMIT_L2_FETCH)
    for gran in [before, 32, 64, 128]:
        cupy.cuda.runtime.deviceSetLimit(LIMIT_L2_FETCH, gran)
        got = cupy.cuda.runtime.deviceGetLimit(LIMIT_L2_FETCH)
        t_take = device_ms(lambda: cp.take(a, i))
        t_cupy = device_ms(lambda: cupy.take(ca, ci))
        t_copy = device_ms(lambda: a.copy())
        print(f"PROBE take L2 fetch limit asked {gran} got {got}: cupric take {t_take:.3f} ms, "
              f"cupy take {t_cupy:.3f} ms, cupric copy 1 GiB {t_copy:.3f} ms "
              f"({2 * (1 << 30) / t_copy / 1e6:.0f} GB/s)", flush=True)
    cupy.cuda.runtime.deviceSetLimit(LIMIT_L2_FETCH, before)


if __name__ == "__main__":
    main()
