"""First-call latency in a fresh process: one `python -c` per library and run, empty kernel caches.

The child creates its input and synchronises first (so CUDA context creation, module import and
the memory pool's first allocation stay out of the figure), then times the first evaluation of the
expression up to a synchronise, and a second (warm) one for comparison.
"""
import json
import os
import subprocess
import sys
import tempfile

_CHILD = r"""
import json, sys, time
import numpy as np
name, stmt, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
want = sys.argv[4] if len(sys.argv) > 4 else "np.sin(h) * 3 + h"
if name == "cupric":
    import cupric as xp
    sync = xp.cuda.Device().synchronize
elif name == "cupy":
    import cupy as xp
    sync = xp.cuda.runtime.deviceSynchronize
else:
    import numpy as xp
    sync = lambda: None
h = np.random.default_rng(0).random(n, dtype=np.float32)
a = xp.asarray(h)
sync()
f = eval("lambda: " + stmt)
t0 = time.perf_counter_ns(); r = f(); sync(); t1 = time.perf_counter_ns()
r2 = f(); sync(); t2 = time.perf_counter_ns()
host = r if isinstance(r, np.ndarray) else r.get()
ok = bool(np.allclose(host, eval(want), rtol=1e-4, atol=1e-5))
print("COLD_RESULT " + json.dumps({"first_ms": (t1 - t0) / 1e6, "second_ms": (t2 - t1) / 1e6, "ok": ok}))
"""


def run_cold(lib, stmt, runs, n=1 << 20, timeout=300, want=None, warm_disk=False):
    """[{first_ms, second_ms, ok}, ...] over ``runs`` fresh processes of ``lib``; ``want`` is the
    expected result as a NumPy expression of the host input ``h`` (default: sin(h) * 3 + h). With
    ``warm_disk`` an unmeasured process first fills the (still private) kernel disk cache."""
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="cupric-bench-cache-") as cache:
            env = dict(os.environ, CUPY_CACHE_DIR=cache, CUPRIC_CACHE_DIR=cache)
            path = lib.pythonpath()
            env["PYTHONPATH"] = path + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
            for _ in range(2 if warm_disk else 1):
                proc = subprocess.run([sys.executable, "-c", _CHILD, lib.name, stmt, str(n)] + ([want] if want else []),
                                      env=env, capture_output=True, text=True, timeout=timeout)
        line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("COLD_RESULT ")), None)
        if proc.returncode != 0 or line is None:
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            raise RuntimeError(f"child exited {proc.returncode}: {tail[0]}")
        results.append(json.loads(line[len("COLD_RESULT "):]))
    return results
