"""Type helpers next to the ufuncs that need no C++: numpy.common_type for cupric arrays."""
import numpy

_FLOAT_PRECISION = {numpy.float16: 0, numpy.float32: 1, numpy.float64: 2,
                    numpy.complex64: 1, numpy.complex128: 2}


def common_type(*arrays):
    """The inexact scalar type common to the arrays (integers count as float64), as NumPy's."""
    is_complex = False
    precision = 0
    for a in arrays:
        t = a.dtype.type
        if a.dtype.kind == 'c':
            is_complex = True
        if a.dtype.kind in 'iu':
            p = 2
        else:
            p = _FLOAT_PRECISION.get(t)
            if p is None:
                raise TypeError("can't get common type for non-numeric array")
        precision = max(precision, p)
    if is_complex:
        return numpy.complex128 if precision == 2 else numpy.complex64
    return (numpy.float16, numpy.float32, numpy.float64)[precision]
