"""cupricx.profiler: benchmark, NVTX ranges and the CUDA profiler switch (CuPy's cupyx.profiler,
V10-PROFILER; `cupricx.time.repeat` does not exist). Everything works on the host backend too:
there the "GPU" times come from the host backend's events, i.e. they are host times.
"""
from cupricx.profiler._time import benchmark  # noqa: F401
from cupricx.profiler._time_range import time_range  # noqa: F401
from cupricx.profiler._profiler import profile  # noqa: F401
from cupricx.profiler._ipython import load_ipython_extension  # noqa: F401
