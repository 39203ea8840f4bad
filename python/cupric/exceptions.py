"""cupric.exceptions: NumPy's exception and warning classes, which cupric raises (as cupy.exceptions)."""
from numpy.exceptions import (AxisError, ComplexWarning, ModuleDeprecationWarning, RankWarning,  # noqa: F401
                              TooHardError, VisibleDeprecationWarning)
