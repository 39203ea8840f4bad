"""cupricx.profiler.load_ipython_extension: the %gpu_timeit magic (``%load_ext cupricx.profiler``)."""
import argparse
import shlex


def load_ipython_extension(ipython):
    """Registers ``%gpu_timeit`` / ``%%gpu_timeit`` in IPython: benchmark() of a statement
    (options: -n N runs, default 10000; -w N warm-up runs, default 10; -d seconds, the
    longest total time, default 1)."""
    ipython.register_magic_function(_magic(ipython), magic_kind="line_cell", magic_name="gpu_timeit")


def _magic(ipython):
    def gpu_timeit(line, cell=None):
        from cupricx.profiler._time import benchmark
        parser = argparse.ArgumentParser(prog="%gpu_timeit", add_help=False)
        parser.add_argument("-n", type=int, default=10000)
        parser.add_argument("-w", type=int, default=10)
        parser.add_argument("-d", type=float, default=1.0)
        opts, rest = parser.parse_known_args(shlex.split(line))
        source = cell if cell is not None else " ".join(rest)
        code = compile(source, "<gpu_timeit>", "exec")
        ns = ipython.user_ns

        def run():
            exec(code, ns)  # noqa: S102 - the user's own statement, as %timeit runs it
        result = benchmark(run, n_repeat=opts.n, n_warmup=opts.w, max_duration=opts.d, name="gpu_timeit")
        print(result)
        return result
    return gpu_timeit
