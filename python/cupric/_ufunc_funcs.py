"""NumPy's elementwise functions that are not ufuncs (fix, around/round, clip, nan_to_num, real,
imag, angle, sinc, i0). ndarray.round/conj are in the method table (bindings/ndarray_methods.cpp);
ndarray.clip and the deprecated scatter methods are attached in cupric/_ndarray.py.

Thin: fix, around, nan_to_num, angle, sinc and i0 are C++ (src/ops/ufunc_funcs.cpp); clip picks
the three-input `clip` ufunc or maximum/minimum when a bound is None, as numpy.clip does.
"""
import numpy

from cupric import _core

ndarray = _core.ndarray
_u = _core._ufuncs


def _asarray(x):
    if isinstance(x, ndarray):
        return x
    from cupric._creation import asarray
    return asarray(x)


def fix(x, out=None):
    """Round to nearest integer towards zero (numpy.fix)."""
    return _core._fix(x, out)


def around(a, decimals=0, out=None):
    """Evenly round to the given number of decimals (numpy.around; halves to even)."""
    return _core._around(a, int(decimals), out)


round = around  # noqa: A001  (numpy.round)


def _clip_bound(a, v):
    # NumPy 2's clip accepts Python ints outside an integer array's range (they clip nothing).
    if type(v) is int and a.dtype.kind in 'iu':
        info = numpy.iinfo(a.dtype)
        return min(max(v, int(info.min)), int(info.max))
    return v


_NO_VALUE = object()


def clip(a, a_min=_NO_VALUE, a_max=_NO_VALUE, out=None, *, min=_NO_VALUE, max=_NO_VALUE, **kwargs):  # noqa: A002
    """Clip (limit) the values in an array (numpy.clip): minimum(maximum(a, a_min), a_max)."""
    if min is not _NO_VALUE:
        if a_min is not _NO_VALUE:
            raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                             "provided is forbidden.")
        a_min = min
    if max is not _NO_VALUE:
        if a_max is not _NO_VALUE:
            raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                             "provided is forbidden.")
        a_max = max
    a_min = None if a_min is _NO_VALUE else a_min
    a_max = None if a_max is _NO_VALUE else a_max
    a = _asarray(a)
    a_min, a_max = _clip_bound(a, a_min), _clip_bound(a, a_max)
    if a_min is None and a_max is None:
        return _u['positive'](a, out=out, **kwargs) if a.dtype.kind != 'b' else \
            _u['logical_and'](a, True, out=out, **kwargs)
    if a_min is None:
        return _u['minimum'](a, a_max, out=out, **kwargs)
    if a_max is None:
        return _u['maximum'](a, a_min, out=out, **kwargs)
    return _u['clip'](a, a_min, a_max, out=out, **kwargs)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """Replace NaN with `nan` and infinities with `posinf`/`neginf` (numpy.nan_to_num)."""
    return _core._nan_to_num(x, bool(copy), nan, posinf, neginf)


def real(val):
    """The real part (numpy.real): a view for complex arrays, the array itself otherwise."""
    return _asarray(val).real


def imag(val):
    """The imaginary part (numpy.imag): a view for complex arrays, zeros otherwise."""
    return _asarray(val).imag


def angle(z, deg=False):
    """The counterclockwise angle from the positive real axis (numpy.angle)."""
    return _core._angle(z, bool(deg))


def sinc(x):
    """The normalized sinc function sin(pi x) / (pi x) (numpy.sinc)."""
    return _core._sinc(x)


def i0(x):
    """Modified Bessel function of the first kind, order 0 (numpy.i0)."""
    return _core._i0(x)
