"""cupric vs CuPy (and NumPy) side by side in one process: runs bench/cases.py, prints a ratio table
last and writes JSON. On a machine without a GPU it measures cupric's host backend against NumPy.

    PYTHONPATH=python python bench/run.py [--quick] [--cases REGEX] [--json PATH]
"""
import argparse
import datetime
import gc
import os
import platform
import socket
import statistics
import sys
import zlib
from dataclasses import asdict, dataclass

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases as C  # noqa: E402
import libs as L  # noqa: E402
import report as R  # noqa: E402
import timing as T  # noqa: E402
from cold import run_cold  # noqa: E402


@dataclass
class Config:
    big_log2: int        # float32 elements of the big arrays (a side x side matrix has as many)
    xfer_bytes: int
    repeats: int         # device-timed calls per case and library
    warmup: int
    xfer_repeats: int
    host_n: int          # calls per host-time round (each from an idle device)
    rounds: int
    cold_runs: int
    loop_n: int = 20000  # calls per wall-loop round (one closing synchronise)
    loop_rounds: int = 3

    def sizes(self):
        return C.Sizes(big=1 << self.big_log2, side=1 << (self.big_log2 // 2), xfer_bytes=self.xfer_bytes)


CONFIGS = {  # (GPU backend?, quick?) -> sizes and repeat counts
    (True, False): Config(28, 256 << 20, repeats=100, warmup=10, xfer_repeats=20, host_n=200,
                          rounds=300, cold_runs=3),
    (True, True): Config(24, 64 << 20, repeats=20, warmup=3, xfer_repeats=5, host_n=200, rounds=10,
                         cold_runs=1, loop_n=2000, loop_rounds=1),
    (False, False): Config(20, 4 << 20, repeats=30, warmup=3, xfer_repeats=10, host_n=200, rounds=50,
                           cold_runs=1),
    (False, True): Config(20, 4 << 20, repeats=10, warmup=2, xfer_repeats=5, host_n=200, rounds=10,
                          cold_runs=1, loop_n=2000, loop_rounds=1),
}


# Note [Slow stretches]
# The lent GPU machines have stretches (a fraction of a second to the length of several cases) in
# which the CPU runs at about half speed: in them NumPy's own host-only `a + b` takes 1.27 us
# instead of 0.61, CuPy's `a + b` 15 us instead of 10, cupric's 5.9 instead of 4.5 (2026-11-30,
# docs/performance.md). A host-time figure that happens to fall in one says nothing about the
# library. So the libraries' rounds of a host-time case are taken in turn together with rounds of
# a witness, a host-only NumPy statement whose time only the machine changes; a round counts as
# taken at normal speed when the witness round next to it took at most SLOW_FACTOR times the
# 10th percentile of all witness rounds of the run (judged once the run is over, so that cases
# measured in a stretch at its start are judged too: judge_host_rounds). A case reports the median of its normal-speed
# rounds (the same rounds for every library), and the median of all rounds beside it
# (``all_rounds_us``), with a note line when rounds were left out; when fewer than a fifth of the
# rounds ran at normal speed it reports the median of all rounds and says so.
WITNESS_STMT = "np.add(x, y, out=z)"
SLOW_FACTOR = 1.3


class Context:
    """What cases share: sizes, host inputs (random, never zeros; made once), events, baselines."""

    def __init__(self, cfg, events, raw):
        self.cfg, self.sizes, self.events, self.raw = cfg, cfg.sizes(), events, raw
        self._inputs, self._baselines, self._expected = {}, {}, {}
        x = np.linspace(0.5, 1.5, 1000, dtype=np.float32)
        self.witness = (WITNESS_STMT, {"np": np, "x": x, "y": x[::-1].copy(), "z": np.empty_like(x)},
                        lambda: None)

    def host_input(self, shape_key, name):
        key = (shape_key, name)
        if key not in self._inputs:
            rng = np.random.default_rng(zlib.crc32(f"{shape_key}/{name}".encode()))
            self._inputs[key] = rng.random(self.sizes.shape(shape_key), dtype=np.float32) + np.float32(0.5)
        return self._inputs[key]

    def expected(self, case, host):
        """NumPy's result for ``case`` (computed once, shared by the libraries)."""
        if case.id not in self._expected:
            self._expected[case.id] = case.expect(host)
        return self._expected[case.id]

    def baseline(self, kind):
        """Raw-copy GB/s for ``kind`` (d2d counts read + write, transfers count the bytes once)."""
        if kind not in self._baselines:
            self._baselines[kind] = self._measure_baseline(kind)
        return self._baselines[kind]

    def _measure_baseline(self, kind):
        cfg, raw = self.cfg, self.raw
        try:
            if kind.startswith("d2d"):  # "d2d": the big array's bytes; "d2d/k": a k-th of them
                nbytes = 4 * self.sizes.big // (int(kind[4:]) if kind.startswith("d2d/") else 1)
                fn, keep = raw.d2d(nbytes)
                ev = self.events.make_event if raw.cupy is not None else None
                samples, clock, _ = T.device_samples_us(fn, raw.lib.sync, ev, self.events.elapsed_ms,
                                                        cfg.warmup, cfg.repeats)
                moved = 2 * nbytes
            else:
                nbytes = self.sizes.xfer_bytes
                fn, keep = raw.transfer(nbytes, kind[:3], pinned=kind.endswith("_pinned"))
                samples, clock = T.wall_samples_us(fn, raw.lib.sync, 1, cfg.xfer_repeats), "wall"
                moved = nbytes
            del keep, fn
            raw.lib.free()
            s = T.summarize(samples)
            return {"kind": kind, "status": "ok", "value": T.gbps(moved, s["median"]), "nbytes": moved,
                    "samples_us": s, "clock": clock, "provider": raw.lib.name}
        except Exception as e:  # noqa: BLE001 - a failed baseline only blanks the %memcpy column
            return {"kind": kind, "status": "error", "detail": f"{type(e).__name__}: {e}",
                    "provider": raw.lib.name}


def _compare(got, want):
    want, rtol = want if isinstance(want, tuple) else (want, None)
    want = np.asarray(want)
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"got {got.dtype}{got.shape}, expected {want.dtype}{want.shape}"
    ok = np.array_equal(got, want) if rtol is None else np.allclose(got, want, rtol=rtol)
    return "ok" if ok else "values differ from NumPy"


def _prepare(case, lib, ctx):
    host = {k: ctx.host_input(sk, k) for k, (sk, _) in case.inputs.items()}
    ns = {"xp": lib.xp, "np": np}
    for k, (_, where) in case.inputs.items():
        if where == "dev":
            ns[k] = lib.to_device(host[k])
        elif where == "dev_idx":  # int64 indices into a 'big' array (cases.as_indices)
            ns[k] = lib.to_device(C.as_indices(host[k], ctx.sizes.big))
        elif where == "host":
            ns[k] = host[k]
        else:  # pinned
            ns[k] = lib.empty_pinned(host[k].shape, host[k].dtype)
            ns[k][...] = host[k]
    if case.setup:
        exec(case.setup, ns)  # noqa: S102 - statements come from bench/cases.py
    return host, ns


def _checked_setup(case, lib, ctx):
    """The namespace of ``case`` for ``lib`` and its statement's check against NumPy (or None)."""
    host, ns = _prepare(case, lib, ctx)
    check = None
    try:
        if case.expect is not None:
            r = T.compile_stmt(case.stmt, ns)()
            lib.sync()
            got = lib.to_host(eval(case.out, ns) if case.out else r)  # noqa: S307
            check = _compare(got, ctx.expected(case, host))
            del r, got
    except BaseException:
        ns.clear()
        lib.free()
        raise
    return ns, check


def measure_host_loops(case, named_libs, ctx):
    """The host-time figures of a ``host_loop`` case for several libraries ([(name, lib)]), their
    rounds taken in turn with the witness's (T.host_loops_interleaved): ({name: result dict},
    the witness's rounds)."""
    cfg = ctx.cfg
    results, ready, witness = {}, [], []
    try:
        for name, lib in named_libs:
            missing = C.missing_feature(case, lib)
            if missing:
                results[name] = {"status": "n/a", "detail": f"needs {missing}"}
                continue
            try:
                ns, check = _checked_setup(case, lib, ctx)
            except Exception as e:  # noqa: BLE001 - one failing library must not end the case
                results[name] = {"status": "error", "detail": f"{type(e).__name__}: {e}"}
                continue
            ready.append((name, lib, ns, check))
        if not ready:
            return results, witness
        samples = T.host_loops_interleaved([(case.stmt, ns, lib.sync) for _, lib, ns, _ in ready]
                                           + [ctx.witness], cfg.host_n, cfg.rounds)
        witness = samples.pop()
        for (name, lib, ns, check), rounds in zip(ready, samples):
            s = T.summarize(rounds)
            loop = T.wall_loop_us(case.stmt, ns, lib.sync, cfg.loop_n, cfg.loop_rounds)
            # rounds_us: every round in the order measured; "value" and "normal_rounds" are set
            # by judge_host_rounds at the end of the run
            results[name] = {"status": "ok", "value": s["median"], "samples_us": s,
                             "all_rounds_us": s["median"], "normal_rounds": None,
                             "check": check, "clock": "host", "wall_loop_us": statistics.median(loop),
                             "rounds_us": rounds}
    finally:
        for _, lib, ns, _ in ready:
            ns.clear()
            lib.free()
        gc.collect()
    return results, witness


def judge_host_rounds(rows):
    """Note [Slow stretches]: each host-time result's figure from its rounds taken at normal CPU
    speed, judged against the witness rounds of the whole run; rounds rounded for the JSON."""
    timed = [row for row in rows if row.get("witness_us")]
    all_witness = sorted(w for row in timed for w in row["witness_us"])
    if not all_witness:
        return
    ref = all_witness[len(all_witness) // 10]
    for row in timed:
        normal = [w <= SLOW_FACTOR * ref for w in row["witness_us"]]
        n_normal = sum(normal)
        for res in row["results"].values():
            if res.get("status") != "ok":
                continue
            if n_normal * 5 >= len(normal):
                res["value"] = statistics.median(x for x, ok in zip(res["rounds_us"], normal) if ok)
                res["normal_rounds"] = n_normal
            res["rounds_us"] = [round(x, 3) for x in res["rounds_us"]]
        row["witness_ref_us"] = round(ref, 3)
        row["witness_us"] = [round(x, 3) for x in row["witness_us"]]


def measure(case, lib, ctx):
    """One library's figure for one case that is not host-timed (those: measure_host_loops): a
    result dict with status ok/n/a/error."""
    missing = C.missing_feature(case, lib)
    if missing:
        return {"status": "n/a", "detail": f"needs {missing}"}
    cfg = ctx.cfg
    if case.clock == "cold":
        runs = run_cold(lib, case.stmt, cfg.cold_runs, want=getattr(case, "cold_want", None),
                        warm_disk=case.warm_disk)
        firsts = [r["first_ms"] for r in runs]
        return {"status": "ok", "value": statistics.median(firsts), "samples_ms": T.summarize(firsts),
                "second_ms": statistics.median(r["second_ms"] for r in runs),
                "check": "ok" if all(r["ok"] for r in runs) else "values differ from NumPy",
                "clock": "wall (fresh process)"}
    ns, check = _checked_setup(case, lib, ctx)
    try:
        fn = T.compile_stmt(case.stmt, ns)
        nbytes = case.nbytes(ctx.sizes)
        if case.clock == "device":
            ev = ctx.events.make_event if lib.on_gpu else None
            samples, clock, wall_mean = T.device_samples_us(fn, lib.sync, ev, ctx.events.elapsed_ms,
                                                            cfg.warmup, cfg.repeats)
        else:
            samples = T.wall_samples_us(fn, lib.sync, 1, cfg.xfer_repeats)
            clock, wall_mean = "wall", statistics.fmean(samples)
        s = T.summarize(samples)
        res = {"status": "ok", "value": T.gbps(nbytes, s["median"]), "samples_us": s, "check": check,
               "clock": clock, "wall_mean_us": wall_mean, "nbytes": nbytes}
        if clock == "events" and wall_mean > 200 and statistics.fmean(samples) < 0.5 * wall_mean:
            res["warning"] = ("mean event time under half the batch wall time: do the events "
                              "bracket this library's work (same stream)?")
        return res
    finally:
        ns.clear()
        lib.free()
        gc.collect()


def run_case(case, libs, ctx, numpy_big):
    row = {"id": case.id, "name": case.name(ctx.sizes), "metric": case.metric, "clock": case.clock,
           "stmt": case.stmt, "target": case.target, "results": {}}
    if case.nbytes:
        row["nbytes"] = case.nbytes(ctx.sizes)
    timed = []  # host-time cases: the libraries measured together, rounds in turn
    for name in R.LIB_COLUMNS:
        lib = libs.get(name)
        if name not in case.libs:
            continue
        if isinstance(lib, str):
            row["results"][name] = {"status": "absent", "detail": lib}
        elif name == "numpy" and case.clock in ("device", "wall") and not numpy_big:
            row["results"][name] = {"status": "skipped", "detail": "NumPy at GPU sizes (--numpy-big)"}
        elif case.clock == "host_loop":
            row["results"][name] = None
            timed.append((name, lib))
        else:
            try:
                row["results"][name] = measure(case, lib, ctx)
            except Exception as e:  # noqa: BLE001 - one failing case must not end the run
                row["results"][name] = {"status": "error", "detail": f"{type(e).__name__}: {e}"}
    if timed:
        try:
            results, row["witness_us"] = measure_host_loops(case, timed, ctx)
            row["results"].update(results)
        except Exception as e:  # noqa: BLE001 - one failing case must not end the run
            row["results"].update({name: {"status": "error", "detail": f"{type(e).__name__}: {e}"}
                                   for name, _ in timed})
    mine = row["results"].get("cupric", {})
    if case.baseline and any(r.get("status") == "ok" for r in row["results"].values()):
        base = ctx.baseline(case.baseline)
        row["baseline"] = case.baseline
        if base["status"] == "ok":
            for res in row["results"].values():
                if res.get("status") == "ok":
                    res["pct_memcpy"] = 100 * res["value"] / base["value"]
            row["pct_memcpy"] = mine.get("pct_memcpy")
    return row


def baseline_rows(ctx):
    names = {"d2d": f"memcpy D2D {C.mib(4 * ctx.sizes.big)} [baseline]",
             "h2d": f"memcpy H2D pageable {C.mib(ctx.sizes.xfer_bytes)} [baseline]",
             "d2h": f"memcpy D2H pageable {C.mib(ctx.sizes.xfer_bytes)} [baseline]",
             "h2d_pinned": f"memcpy H2D pinned {C.mib(ctx.sizes.xfer_bytes)} [baseline]",
             "d2h_pinned": f"memcpy D2H pinned {C.mib(ctx.sizes.xfer_bytes)} [baseline]",
             "d2d/4": f"memcpy D2D {C.mib(ctx.sizes.big)} [baseline]"}
    return [{"id": "memcpy_" + k, "name": names[k], "metric": "GB/s", "clock": b.get("clock"),
             "is_baseline": True, "target": None, "results": {b["provider"]: b}}
            for k, b in ctx._baselines.items()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, few repeats (host runs, CI smoke)")
    ap.add_argument("--cases", metavar="REGEX", help="only cases whose id or name matches")
    default_json = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results.json")
    ap.add_argument("--json", default=default_json,
                    help="where to write the JSON results (default: bench/results.json)")
    ap.add_argument("--libs", default="cupric,cupy,numpy", help="comma-separated subset to run")
    ap.add_argument("--big-log2", type=int, help="override the big-array size (float32 elements, log2)")
    ap.add_argument("--repeats", type=int, help="override device repeats")
    ap.add_argument("--numpy-big", action="store_true", help="also time NumPy at GPU sizes")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    args = ap.parse_args(argv)

    selected = C.select(args.cases)
    if args.list:
        for c in selected:
            print(f"{c.id:16} {c.metric:8} {c.name(C.Sizes(2**28, 2**14, 256 << 20))}")
        return 0
    wanted = set(args.libs.split(","))
    cupric = L.load_cupric()
    cupy, why = L.load_cupy() if "cupy" in wanted else (None, "not requested")
    libs = {"cupric": cupric if "cupric" in wanted else "not requested",
            "cupy": cupy if cupy is not None else why,
            "numpy": L.load_numpy() if "numpy" in wanted else "not requested"}
    cfg = CONFIGS[(cupric.on_gpu, args.quick)]
    if args.big_log2:
        cfg.big_log2 = args.big_log2
    if args.repeats:
        cfg.repeats = args.repeats
    events, raw = L.Events(cupy, cupric), L.RawCopy(cupy)
    ctx = Context(cfg, events, raw)
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join([os.path.basename(sys.executable)] + sys.argv),
        "host": socket.gethostname(), "cpu_count": os.cpu_count(), "python": platform.python_version(),
        "gpu": L.gpu_info(cupy), "quick": args.quick, "config": asdict(cfg), "memcpy": raw.name,
        "cupric_backend": cupric.backend, "judge_targets": cupric.on_gpu,
        "device_clock": (f"CUDA events ({events.source}) on the null stream" if events.available
                         else "wall clock + sync"),
        "libs": {k: ({"status": "ok", "version": v.version, "backend": v.backend} if isinstance(v, L.Lib)
                     else {"status": "absent", "detail": v}) for k, v in libs.items()},
    }
    print(f"cupric {cupric.version} (backend {cupric.backend}), "
          + ", ".join(f"{k} {v.get('version', 'absent: ' + v.get('detail', ''))}"
                      for k, v in meta["libs"].items() if k != "cupric"))
    print(f"GPU: {meta['gpu']['name'] if meta['gpu'] else 'none'}; device clock: {meta['device_clock']}; "
          f"big = {C.p2(ctx.sizes.big)} f32, transfers {C.mib(ctx.sizes.xfer_bytes)}"
          + (" (quick)" if args.quick else ""))

    rows = []
    for i, case in enumerate(selected, 1):
        print(f"[{i}/{len(selected)}] {case.id} ...", end="", flush=True)
        rows.append(run_case(case, libs, ctx, args.numpy_big or not cupric.on_gpu))
        print(" " + ", ".join(f"{k}={R.cell(v)}" for k, v in rows[-1]["results"].items()), flush=True)
    judge_host_rounds(rows)
    rows += baseline_rows(ctx)
    R.complete_rows(rows, meta["judge_targets"])
    R.write_json(args.json, meta, rows)
    print(f"JSON: {args.json}")
    for line in R.problems(rows) + R.slow_notes(rows) + [f"note {r['id']} [{k}]: {v['warning']}" for r in rows
                                                         for k, v in r["results"].items() if v.get("warning")]:
        print(line)
    print()
    for line in R.legend(meta):
        print(line)
    print(R.table(rows))
    return 1 if R.problems(rows) else 0


if __name__ == "__main__":
    sys.exit(main())
