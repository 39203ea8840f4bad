"""Text forms of arrays and NumPy's print options (cupric arrays print through their host copies,
so NumPy's options apply; as CuPy's array_repr/array_str/array2string)."""
from numpy import (format_float_positional, format_float_scientific, get_printoptions,  # noqa: F401
                   printoptions, set_printoptions)
import numpy


def _host(a):
    import cupric
    return a.get() if isinstance(a, cupric.ndarray) else a


def array2string(a, *args, **kwargs):
    """numpy.array2string of the host copy."""
    return numpy.array2string(_host(a), *args, **kwargs)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """numpy.array_repr of the host copy (cupric arrays print as ``array(...)``, as in CuPy)."""
    return numpy.array_repr(_host(arr), max_line_width, precision, suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """numpy.array_str of the host copy."""
    return numpy.array_str(_host(a), max_line_width, precision, suppress_small)
