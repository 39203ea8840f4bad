"""Timing helpers for the benchmark harness: every timing loop lives here, nowhere else.

Three clocks, chosen per case and library:

* ``host_loops_interleaved``: host time per call. The statement is compiled inline into a ``for`` loop
  (as ``timeit`` does, so no Python function call per iteration). Each round starts on an idle
  device (synchronised before the clock starts) and times ``n`` calls, few enough (200) that the
  launch queue never fills, so the host never waits for the GPU; the clock stops before the
  closing synchronise. The libraries of one case are measured together, their rounds in turn
  (with a witness's: Note [Slow stretches] in bench/run.py).
* ``wall_loop_us``: throughput of the same loop: ``n`` (20000) calls, then one synchronise, wall
  time / n. Where the GPU finishes tiny kernels more slowly than the host launches them (the lent
  H200 machines take 4-5 us per launch), this is the GPU's rate, not host time.
* ``device_samples_us``: device time per call. CUDA events recorded around each call on the null
  (legacy default) stream, all repeats enqueued back to back so the GPU stays busy and launch gaps
  after the first one do not count; one synchronise at the end, then the per-call elapsed times.
  Without events (no CuPy, or the host backend) each repeat is timed with the wall clock up to a
  synchronise.
* ``wall_samples_us``: end-to-end wall time per call up to a synchronise (transfers: what a user
  waits for, including any staging copy on the host).

Note [Time budget per measurement]
The counts above (warmup, n, rounds, repeats) suit calls of microseconds to milliseconds. A slow
call (a library's 170 us det looped 120000 times, an 8192 x 4096 SVD repeated 100 times) would
hold one case for minutes and starve the cases after it within a GPU call's limit. So every loop
first times one call and then shrinks its counts to fit BENCH_CASE_SECONDS (default 10 s) per
library and measurement, keeping at least a few samples; fast calls keep the full counts.
"""
import os
import statistics
import time

_perf_ns = time.perf_counter_ns
_BUDGET_S = float(os.environ.get("BENCH_CASE_SECONDS", "10"))


def _one_call_s(inner, sync):
    """Seconds one call of a compiled loop takes (after one call to settle lazy setup)."""
    inner(1, sync)
    return max(inner(1, sync) / 1e9, 1e-9)


def _fit(count, per_item_s, share=1.0, least=1):
    """``count`` shrunk so that ``count`` items of ``per_item_s`` take ``share`` of the budget."""
    return max(least, min(count, int(_BUDGET_S * share / per_item_s)))


def summarize(samples):
    """Median and spread of a list of samples (same unit as the samples)."""
    s = sorted(samples)
    n = len(s)
    q = statistics.quantiles(s, n=4) if n >= 2 else [s[0], s[0], s[0]]
    return {"median": statistics.median(s), "min": s[0], "max": s[-1], "p25": q[0], "p75": q[2],
            "n": n}


def compile_stmt(stmt, namespace):
    """A zero-argument callable evaluating ``stmt`` (an expression) in ``namespace``."""
    return eval("lambda: " + stmt, namespace)  # noqa: S307 - statements come from bench/cases.py


_LOOP_TEMPLATE = """
def _inner(_n, _sync, _timer=_timer, _host_only=False):
    if _host_only:
        _sync()
    _t0 = _timer()
    for _ in range(_n):
        {stmt}
    if _host_only:
        _t1 = _timer()
        _sync()
        return _t1 - _t0
    _sync()
    return _timer() - _t0
"""


def _compile_loop(stmt, namespace):
    ns = dict(namespace)
    ns["_timer"] = _perf_ns
    exec(_LOOP_TEMPLATE.format(stmt=stmt), ns)  # noqa: S102 - statements come from bench/cases.py
    return ns["_inner"]


def host_loops_interleaved(loops, n, rounds, warmup=200):
    """Host microseconds per call (µs) of several statements at once (one per library: ``loops``
    is a list of ``(stmt, namespace, sync)``), one sample per round of ``n`` calls, each round
    started on an idle device and timed without its closing synchronise; the statements' rounds
    are taken in turn, the order reversed every round. The
    lent GPU machines have stretches (a fraction of a second to several seconds) in which every
    launch costs about 1 us more; taken in turn, such a stretch falls on every library alike
    instead of on whichever was being measured then. One list of samples per entry of ``loops``."""
    inners = [(_compile_loop(stmt, ns), sync) for stmt, ns, sync in loops]
    slowest = max(_one_call_s(inner, sync) for inner, sync in inners)  # Note [Time budget per measurement]
    n = _fit(n, slowest, 0.2)
    rounds = _fit(rounds, slowest * n * len(inners), 0.7, least=3)
    for inner, sync in inners:
        inner(_fit(warmup, slowest, 0.1), sync)
    out = [[] for _ in inners]
    order = list(range(len(inners)))
    for _ in range(rounds):
        for k in order:
            inner, sync = inners[k]
            out[k].append(inner(n, sync, _host_only=True) / n / 1e3)
        order.reverse()
    return out


def wall_loop_us(stmt, namespace, sync, n, rounds, warmup=200):
    """Microseconds per call of ``stmt`` over ``n`` calls and one closing synchronise (µs), one
    sample per round: the rate of a long loop, host or GPU bound."""
    inner = _compile_loop(stmt, namespace)
    one = _one_call_s(inner, sync)  # Note [Time budget per measurement]
    n = _fit(n, one, 0.3)
    rounds = _fit(rounds, one * n, 0.6)
    inner(_fit(warmup, one, 0.1), sync)
    return [inner(n, sync) / n / 1e3 for _ in range(rounds)]


def loop_overhead_us(n, rounds):
    """What the bare loop costs per iteration (µs): the floor under every host-time figure."""
    return statistics.median(wall_loop_us("pass", {}, lambda: None, n, rounds, warmup=10))


def device_samples_us(fn, sync, make_event, elapsed_ms, warmup, repeats):
    """Per-call device time of ``fn`` (µs) and how it was measured.

    ``make_event`` is None when no CUDA events are usable; then each call is timed by wall clock
    up to ``sync``. Returns (samples, clock, wall_mean_us); wall_mean_us is the wall clock over the
    whole batch divided by the count, a cross-check that the events really bracket the work.
    """
    t0 = _perf_ns()
    fn()
    sync()
    one = max((_perf_ns() - t0) / 1e9, 1e-9)  # Note [Time budget per measurement]
    warmup, repeats = _fit(warmup - 1, one, 0.1, least=0), _fit(repeats, one, 0.9, least=3)
    for _ in range(warmup):
        fn()
    sync()
    if make_event is None:
        samples = wall_samples_us(fn, sync, warmup=0, repeats=repeats)
        return samples, "wall", statistics.fmean(samples)
    pairs = [(make_event(), make_event()) for _ in range(repeats)]
    t0 = _perf_ns()
    for start, end in pairs:
        start.record()
        fn()
        end.record()
    sync()
    wall_mean = (_perf_ns() - t0) / repeats / 1e3
    return [elapsed_ms(s, e) * 1e3 for s, e in pairs], "events", wall_mean


def wall_samples_us(fn, sync, warmup, repeats):
    """Per-call wall time of ``fn`` up to a synchronise (µs)."""
    for _ in range(warmup):
        fn()
    sync()
    samples = []
    for _ in range(repeats):
        t0 = _perf_ns()
        fn()
        sync()
        samples.append((_perf_ns() - t0) / 1e3)
    return samples


def gbps(nbytes, us):
    """Bandwidth in GB/s (1e9 bytes per second) for ``nbytes`` moved in ``us`` microseconds."""
    return nbytes / (us * 1e-6) / 1e9 if us > 0 else float("inf")
