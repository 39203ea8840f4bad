"""cupricx.profiler.profile: cudaProfilerStart/Stop around a block."""
import contextlib

from cupric.cuda import runtime


@contextlib.contextmanager
def profile():
    """Enables collection by an attached CUDA profiler (Nsight Systems with
    ``--capture-range=cudaProfilerApi``) inside the block: cudaProfilerStart on entry,
    cudaProfilerStop on exit. Does nothing without CUDA (the host backend)."""
    runtime.profilerStart()
    try:
        yield
    finally:
        runtime.profilerStop()
