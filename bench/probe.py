"""Diagnostics for the small-op and first-call figures (not a benchmark of record): on the GPU
machine, where each microsecond of `a + b` and each millisecond of a first call goes.

    python bench/probe.py            # prints PROBE lines; also builds and runs bench/launch_floor.cu
    python bench/probe.py random     # only the stages of a first random draw (cupric and CuPy)
    python bench/probe.py dlpack     # where a from_dlpack of a busy torch stream's tensor waits
    python bench/probe.py statements SETUP STMT...   # device time of each statement, cupric and CuPy
                                     # (SETUP and STMT see xp, np, rs = RandomState(1), g = default_rng(1);
                                     # a statement starting "cupy:" or "cupric:" runs for that library only)
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

FIRST = r"""
import time, sys
t = time.perf_counter
T = [("start", t())]
import cupric as cp
T.append(("import cupric", t()))
sync = cp.cuda.Device().synchronize
sync(); T.append(("context (first synchronize)", t()))
import numpy as np
h = np.random.default_rng(0).random(1 << 20, dtype=np.float32)
a = cp.asarray(h); sync(); T.append(("asarray 4 MiB", t()))
for label, f in [("sin(a)", lambda: cp.sin(a)), ("a * 3", lambda: a * 3), ("a + a", lambda: a + a),
                 ("cos(a)", lambda: cp.cos(a)), ("sin(a) again", lambda: cp.sin(a)),
                 ("exp(a)", lambda: cp.exp(a)), ("a.sum(axis=0)", lambda: a.reshape(1024, -1).sum(axis=0)),
                 ("a - 1.5", lambda: a - 1.5), ("sqrt(a) f64", lambda: cp.sqrt(a.astype(cp.float64)))]:
    f(); sync(); T.append((label, t()))
for (_, t0), (label, t1) in zip(T, T[1:]):
    print(f"PROBE first  {label:32s} {1e3 * (t1 - t0):9.3f} ms")
"""

# The stages of the bench's cold_random case (a first random_sample(2^20) < 1 in a fresh process,
# after the context and the input exist): the global state, the draw, the comparison, each
# synchronised, then the same again warm.
FIRST_RANDOM = r"""
import time, sys
t = time.perf_counter
lib = sys.argv[1]
xp = __import__("cupy" if lib == "cupy" else "cupric")
import numpy as np
sync = xp.cuda.Device().synchronize
a = xp.asarray(np.ones(1 << 20, dtype=np.float32)); sync()
for rep in ("first", "again"):
    T = [("start", t())]
    rs = xp.random.get_random_state(); sync(); T.append(("get_random_state()", t()))
    x = rs.random_sample(a.size); sync(); T.append(("random_sample(2^20)", t()))
    y = x < 1; sync(); T.append(("x < 1", t()))
    g = xp.random.default_rng(1); sync(); T.append(("default_rng(1)", t()))
    z = g.random(a.size); sync(); T.append(("Generator.random(2^20)", t()))
    for (_, t0), (label, t1) in zip(T, T[1:]):
        print(f"PROBE random {lib:7s} {rep:5s} {label:24s} {1e3 * (t1 - t0):9.3f} ms")
"""

# tests/python/interop/test_torch_partner.py::test_handshake_torch_producer_still_writing found the
# producer's stream idle right after from_dlpack: which step waited on the host.
DLPACK = r"""
import time, torch, cupric as cp
t = time.perf_counter
s = torch.cuda.Stream()
y = torch.zeros(1 << 24, dtype=torch.float64, device="cuda")
torch.cuda.synchronize()
print("PROBE dlpack torch", torch.__version__)
for label, step in [("__dlpack__(stream=1)", lambda: y.__dlpack__(stream=1)),
                    ("__dlpack__(stream=1, max_version=(1, 0))", lambda: y.__dlpack__(stream=1, max_version=(1, 0))),
                    ("cupric.from_dlpack(y)", lambda: cp.from_dlpack(y))]:
    with torch.cuda.stream(s):
        torch.cuda._sleep(400_000_000)
        y += 1
        t0 = t(); r = step(); t1 = t()
        busy = not s.query()
    print(f"PROBE dlpack {label:44s} {1e3 * (t1 - t0):9.3f} ms, producer still busy after: {busy}")
    s.synchronize()
"""

STEADY = r"""
import time, sys
lib = sys.argv[1]
if lib == "cupy":
    import cupy as xp
else:
    import cupric as xp
import numpy as np
a = xp.asarray(np.arange(1000, dtype=np.float32)); b = a + 1; c = xp.empty_like(a)
ii = xp.asarray(np.arange(1000)[::-1].copy())
xp.cuda.Device().synchronize() if hasattr(xp, "cuda") else None
k = None
try:
    k = xp.RawKernel(r'extern "C" __global__ void nop() {}', "nop")
    k((1,), (1,), ())
except Exception as e:
    print("PROBE", lib, "RawKernel unavailable:", type(e).__name__, e)
    k = None
cases = [("empty(1000)", lambda: xp.empty(1000, dtype=xp.float32)),
         ("a[1:-1]", lambda: a[1:-1]),
         ("add(a, b, out=c)", lambda: xp.add(a, b, out=c)),
         ("a + b", lambda: a + b),
         ("a + 1.0", lambda: a + 1.0),
         ("a.sum()", lambda: a.sum()),
         ("zeros(1000)", lambda: xp.zeros(1000, dtype=xp.float32)),
         ("c.fill(2)", lambda: c.fill(2)),
         ("a.copy()", lambda: a.copy()),
         ("negative(a, out=c)", lambda: xp.negative(a, out=c)),
         ("take(a, i) 1000", lambda: xp.take(a, ii)),
         ("a[i] 1000", lambda: a[ii])]
if k is not None:
    cases.append(("RawKernel nop()", lambda: k((1,), (1,), ())))
    k2 = xp.RawKernel(r'extern "C" __global__ void f3(const float* a, const float* b, float* c, int n) {}', "f3")
    cases.append(("RawKernel f3(a,b,c,n)", lambda: k2((4,), (256,), (a, b, c, np.int32(1000)))))
    # the bench's "cached RawKernel launch" case, and the same launch with ints for grid/block
    k3 = xp.RawKernel(r'extern "C" __global__ void bench_noop(float* a) {}', "bench_noop")
    cases.append(("RawKernel noop(a) bench", lambda: k3((1,), (32,), (a,))))
    if lib != "cupy":  # (CuPy takes tuples only)
        cases.append(("RawKernel noop(a) ints", lambda: k3(1, 32, (a,))))
    cases.append(("RawKernel nop() 1x32", lambda: k((1,), (32,), ())))
ev = None
try:
    import cupy
    ev = cupy.cuda.Event
except ImportError:
    pass
for label, f in cases:
    if ev is not None and lib != "cupric-host":
        # device time of one isolated call, and per call over 2000 back-to-back calls: when the
        # latter exceeds the host time the loop is GPU-bound, not host-bound
        iso = []
        for _ in range(50):
            xp.cuda.Device().synchronize()
            s0, s1 = ev(), ev()
            s0.record(); f(); s1.record(); s1.synchronize()
            iso.append(cupy.cuda.get_elapsed_time(s0, s1) * 1e3)
        s0, s1 = ev(), ev()
        s0.record()
        for _ in range(2000): f()
        s1.record(); s1.synchronize()
        iso.sort()
        print(f"PROBE device {lib:12s} {label:24s} isolated {iso[len(iso) // 2]:7.3f} us, "
              f"back-to-back {cupy.cuda.get_elapsed_time(s0, s1) * 1e3 / 2000:7.3f} us/call")
    for _ in range(2000): f()
    best = 1e9
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(20000): f()
        best = min(best, (time.perf_counter() - t0) / 20000 * 1e6)
        if hasattr(xp, "cuda"): xp.cuda.Device().synchronize()
    print(f"PROBE steady {lib:12s} {label:24s} {best:7.3f} us")
    # host time alone: rounds of 200 calls (too few to fill the launch queue, so the host never
    # waits for the GPU), each started on an idle device; median over rounds
    if hasattr(xp, "cuda"):
        rounds = []
        for _ in range(100):
            xp.cuda.Device().synchronize()
            t0 = time.perf_counter()
            for _ in range(200): f()
            rounds.append((time.perf_counter() - t0) / 200 * 1e6)
        xp.cuda.Device().synchronize()
        rounds.sort()
        print(f"PROBE host   {lib:12s} {label:24s} {rounds[len(rounds) // 2]:7.3f} us (median of 100 rounds of 200)")
"""


# Device time of single statements (median of 20 event-timed calls after 3 warm-up calls) in one
# process a library: where a slow routine's time goes, piece by piece.
STATEMENTS = r"""
import sys, numpy as np
lib, setup, stmts = sys.argv[1], sys.argv[2], sys.argv[3:]
xp = __import__("cupy" if lib == "cupy" else "cupric")
import cupy
rs = xp.random.RandomState(1)
g = xp.random.default_rng(1)
ns = dict(xp=xp, np=np, rs=rs, g=g)
exec(setup, ns)
for stmt in stmts:
    only, _, body = stmt.partition(":") if stmt.split(":")[0] in ("cupy", "cupric") else ("", "", stmt)
    if only and only != lib:
        continue
    f = eval("lambda: " + body, ns)
    try:
        for _ in range(3): f()
        xp.cuda.Device().synchronize()
        times = []
        for _ in range(20):
            e0, e1 = cupy.cuda.Event(), cupy.cuda.Event()
            e0.record(); f(); e1.record(); e1.synchronize()
            times.append(cupy.cuda.get_elapsed_time(e0, e1) * 1e3)
        times.sort()
        print(f"PROBE stmt {lib:7s} {times[10]:10.1f} us  {body}", flush=True)
    except Exception as e:
        print(f"PROBE stmt {lib:7s} FAILED {type(e).__name__}: {e}  {body}", flush=True)
"""


def run(args, env=None, timeout=300):
    p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout)
    out = "\n".join(ln for ln in (p.stdout + p.stderr).splitlines())
    print(out if p.returncode == 0 else f"PROBE FAILED rc={p.returncode}: {out[-3000:]}", flush=True)


def main():
    if sys.argv[1:] == ["dlpack"]:
        run([sys.executable, "-c", DLPACK], dict(os.environ, CUPRIC_BACKEND="cuda"))
        return
    if sys.argv[1:2] == ["statements"]:
        for lib in ["cupric", "cupy"]:
            run([sys.executable, "-c", STATEMENTS, lib] + sys.argv[2:], dict(os.environ, CUPRIC_BACKEND="cuda"))
        return
    if sys.argv[1:] == ["random"]:
        for loading in [None, "EAGER"]:
            for lib in ["cupric", "cupy"]:
                env = dict(os.environ, CUPRIC_BACKEND="cuda")
                if loading:
                    env["CUDA_MODULE_LOADING"] = loading
                print(f"PROBE --- {lib}, CUDA_MODULE_LOADING={loading or 'default'}", flush=True)
                for _ in range(2):
                    run([sys.executable, "-c", FIRST_RANDOM, lib], env)
        # the bench's own cold child (bench/cold.py) from this fresh parent, with and without an
        # empty kernel cache directory: the cold_random case reads 7.6 ms where the stages above
        # add up to under 1 ms
        sys.path.insert(0, HERE)
        from cold import _CHILD
        stmt, want = "xp.random.random_sample(a.size) < 1", "np.ones_like(h)"
        for empty_cache in [True, False]:
            for _ in range(3):
                with tempfile.TemporaryDirectory() as d:
                    env = dict(os.environ, CUPRIC_BACKEND="cuda")
                    if empty_cache:
                        env["CUPRIC_CACHE_DIR"] = env["CUPY_CACHE_DIR"] = d
                    print(f"PROBE cold child, empty cache dir: {empty_cache}", flush=True)
                    run([sys.executable, "-c", _CHILD, "cupric", stmt, str(1 << 20), want], env)
        return
    with tempfile.TemporaryDirectory() as d:
        exe = os.path.join(d, "launch_floor")
        subprocess.run(["nvcc", "-arch=sm_90", "-O2", "-o", exe, os.path.join(HERE, "launch_floor.cu"), "-lcuda"],
                       check=True)
        run([exe])
        for loading in [None, "EAGER"]:
            env = dict(os.environ, CUPRIC_BACKEND="cuda", CUPRIC_CACHE_DIR=d)
            if loading:
                env["CUDA_MODULE_LOADING"] = loading
            print(f"PROBE --- first calls, CUDA_MODULE_LOADING={loading or 'default'}", flush=True)
            run([sys.executable, "-c", FIRST], env)
        for lib, backend in [("cupric", "cuda"), ("cupric-host", "host"), ("cupy", None)]:
            env = dict(os.environ, CUPRIC_BACKEND=backend or "cuda")
            run([sys.executable, "-c", STEADY, lib], env)


if __name__ == "__main__":
    main()
