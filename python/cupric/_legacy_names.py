"""NumPy 1.x names that CuPy 14 still exports (NumPy 2 removed them): constants, scalar-type
aliases and function aliases, each the same object or function as its NumPy 2 spelling."""
import numpy

Inf = Infinity = PINF = infty = float('inf')
NINF = float('-inf')
NAN = NaN = float('nan')
PZERO, NZERO = 0.0, -0.0
float_ = numpy.float64
complex_ = cfloat = numpy.complex128
singlecomplex = numpy.complex64


def _cupric():
    import cupric
    return cupric


def alltrue(a, axis=None, out=None, keepdims=False):
    """Deprecated alias of all (NumPy 1.x)."""
    return _cupric().all(a, axis=axis, out=out, keepdims=keepdims)


def sometrue(a, axis=None, out=None, keepdims=False):
    """Deprecated alias of any (NumPy 1.x)."""
    return _cupric().any(a, axis=axis, out=out, keepdims=keepdims)


def product(a, axis=None, dtype=None, out=None, keepdims=False):
    """Deprecated alias of prod (NumPy 1.x)."""
    return _cupric().prod(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def cumproduct(a, axis=None, dtype=None, out=None):
    """Deprecated alias of cumprod (NumPy 1.x)."""
    return _cupric().cumprod(a, axis=axis, dtype=dtype, out=out)


def round_(a, decimals=0, out=None):
    """Deprecated alias of around (NumPy 1.x)."""
    return _cupric().around(a, decimals, out=out)


def trapz(y, x=None, dx=1.0, axis=-1):
    """Deprecated alias of trapezoid (NumPy 1.x)."""
    return _cupric().trapezoid(y, x=x, dx=dx, axis=axis)


def msort(a):
    """A copy of a sorted along its first axis (NumPy 1.x; sort(a, axis=0))."""
    return _cupric().sort(a, axis=0)


def asfarray(a, dtype=numpy.float64):
    """a as an array of an inexact dtype (float64 unless dtype is one) (NumPy 1.x)."""
    if not numpy.issubdtype(dtype, numpy.inexact):
        dtype = numpy.float64
    return _cupric().asarray(a, dtype=dtype)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """isin over the flattened ar1 (NumPy 1.x)."""
    cp = _cupric()
    return cp.isin(cp.asarray(ar1).ravel(), ar2, assume_unique=assume_unique, invert=invert, kind=kind)
