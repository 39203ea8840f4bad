"""Runs one statement a few times, synchronised, so a profiler sees its kernels in isolation:

    ncu --clock-control none -k regex:normal_fast python3 bench/profile_statement.py cupric \\
        "g.standard_normal(1 << 28, dtype=np.float32)"

The statement sees xp (cupric or cupy), np, rs = RandomState(1) and g = default_rng(1). It runs
`reps` times (default 3) after one warm-up call, so `ncu --launch-skip` can pass the warm-up.
"""
import sys

import numpy as np  # noqa: F401 (the statement may use np)

lib, stmt = sys.argv[1], sys.argv[2]
reps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
xp = __import__("cupy" if lib == "cupy" else "cupric")
rs = xp.random.RandomState(1)
g = xp.random.default_rng(1)
sync = xp.cuda.Device().synchronize
f = eval("lambda: " + stmt)
for _ in range(reps + 1):
    r = f()
    sync()
    del r
print("PROFILED", lib, stmt)
