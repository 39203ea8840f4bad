"""cupricx: what NumPy lacks (CuPy's cupyx), and cupricx.scipy for SciPy functions (V5-CUPRICX)."""

from cupricx._pinned import empty_pinned, empty_like_pinned, zeros_pinned, zeros_like_pinned  # noqa: E402,F401
from cupricx._scatter import scatter_add, scatter_max, scatter_min  # noqa: E402,F401
from cupricx._errstate import errstate, geterr, seterr  # noqa: E402,F401
from cupricx._rsqrt import rsqrt  # noqa: E402,F401
from cupricx._runtime_info import get_runtime_info  # noqa: E402,F401
from cupric._syncdetect import allow_synchronize, DeviceSynchronized  # noqa: E402,F401
from cupricx import profiler  # noqa: E402,F401
from cupric.linalg._tf32 import allow_tf32, set_tf32_allowed, tf32_allowed  # noqa: E402,F401


def __getattr__(name):
    """A removed CuPy name (cupyx.fallback_mode, cupyx.time, ...) raises AttributeError naming its
    replacement (V14-REMOVED), as `cupric.<name>` does. lapack, cusolver and cusparse load on
    first use (`cupricx.lapack.gesv`), as `import cupricx.lapack` does."""
    if name in ("lapack", "cusolver", "cusparse"):
        import importlib
        return importlib.import_module(f"cupricx.{name}")
    from cupric._legacy_names import module_getattr
    return module_getattr("cupricx", name)
