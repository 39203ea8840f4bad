"""cupric.lib: NumPy's numpy.lib submodules that CuPy has (stride_tricks)."""
from cupric.lib import stride_tricks  # noqa: F401
