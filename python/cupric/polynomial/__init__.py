"""cupric.polynomial: NumPy's numpy.polynomial functions that CuPy has (the power series)."""
from cupric.polynomial import polynomial  # noqa: F401
