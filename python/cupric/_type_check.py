"""Type and shape queries (numpy's iscomplex, isreal, iscomplexobj, isrealobj, real_if_close,
isfortran, isneginf, isposinf, asarray_chkfinite, ndim, shape, size, rollaxis; isscalar is
NumPy's own, as in CuPy)."""
import operator

import numpy
from numpy import isscalar  # noqa: F401  (a host question about Python objects)


def _cupric():
    import cupric
    return cupric


def _asarray(x):
    return _cupric().asarray(x)


def iscomplexobj(x):
    """True when x has a complex dtype (the values are not looked at)."""
    dtype = getattr(x, 'dtype', None)
    if dtype is None:
        dtype = numpy.asarray(x).dtype
    return issubclass(numpy.dtype(dtype).type, numpy.complexfloating)


def isrealobj(x):
    """True when x does not have a complex dtype."""
    return not iscomplexobj(x)


def iscomplex(x):
    """Elementwise: the imaginary part is nonzero (all False for real dtypes)."""
    cp = _cupric()
    ax = _asarray(x)
    if ax.dtype.kind == 'c':
        return ax.imag != 0
    return cp.zeros(ax.shape, bool)


def isreal(x):
    """Elementwise: the imaginary part is zero."""
    return _cupric().imag(_asarray(x)) == 0


def real_if_close(a, tol=100):
    """The real part when every imaginary part is within tol machine epsilons of zero."""
    cp = _cupric()
    a = _asarray(a)
    if a.dtype.kind != 'c':
        return a
    if tol > 1:
        tol = numpy.finfo(a.dtype).eps * tol
    if bool(cp.all(cp.absolute(a.imag) < tol)):
        a = a.real
    return a


def isfortran(a):
    """True when a is Fortran-contiguous and not C-contiguous."""
    return bool(a.flags.f_contiguous and not a.flags.c_contiguous)


def _inf_sign(x, out, negative):
    cp = _cupric()
    x = _asarray(x)
    is_inf = cp.isinf(x)
    try:
        signbit = cp.signbit(x)
    except TypeError as e:
        raise TypeError(f'This operation is not supported for {x.dtype} values because it would be '
                        'ambiguous.') from e
    return cp.logical_and(is_inf, signbit if negative else ~signbit, out=out)


def isneginf(x, out=None):
    """Elementwise: x is negative infinity."""
    return _inf_sign(x, out, True)


def isposinf(x, out=None):
    """Elementwise: x is positive infinity."""
    return _inf_sign(x, out, False)


def asarray_chkfinite(a, dtype=None, order=None):
    """asarray, raising ValueError when a float or complex result holds infs or NaNs (one sync)."""
    cp = _cupric()
    a = cp.asarray(a, dtype=dtype, order=order)
    if a.dtype.kind in 'fc' and not bool(cp.isfinite(a).all()):
        raise ValueError("array must not contain infs or NaNs")
    return a


def ndim(a):
    """The number of dimensions of a (array or array-like)."""
    try:
        return a.ndim
    except AttributeError:
        return numpy.asarray(a).ndim


def shape(a):
    """The shape of a (array or array-like)."""
    try:
        return a.shape
    except AttributeError:
        return numpy.asarray(a).shape


def size(a, axis=None):
    """The number of elements of a, or along axis (an int or a tuple of ints)."""
    shp = shape(a)
    if axis is None:
        return int(numpy.prod(shp, dtype=numpy.int64))
    axes = axis if isinstance(axis, tuple) else (axis,)
    nd = len(shp)
    result = 1
    for ax in numpy.lib.array_utils.normalize_axis_tuple(axes, nd):
        result *= shp[ax]
    return result


def rollaxis(a, axis, start=0):
    """Rolls axis backwards until it lies before start (numpy.rollaxis; prefer moveaxis)."""
    a = _asarray(a)
    n = a.ndim
    axis = numpy.lib.array_utils.normalize_axis_index(operator.index(axis), n)
    if start < 0:
        start += n
    msg = "'%s' arg requires %d <= %s < %d, but %d was passed in"
    if not (0 <= start < n + 1):
        raise numpy.exceptions.AxisError(msg % ('start', -n, 'start', n + 1, start))
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = list(range(0, n))
    axes.remove(axis)
    axes.insert(start, axis)
    return a.transpose(axes)
