"""The transforms of cupric.fft: signatures and docstrings over cupric._core.fft."""
import operator
import warnings

import numpy as _numpy

from cupric._core import fft as _fft
from cupric.cuda import cufft as _cufft

_S_WITHOUT_AXES = ("`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). In a future "
                   "version of NumPy, this will raise an error and `s[i]` will correspond to the size along the "
                   "transformed axis specified by `axes[i]`. To retain current behaviour, pass a sequence "
                   "[0, ..., k-1] to `axes` for an array of dimension k.")
_NONE_IN_S = ("Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and will raise an "
              "error in a future version of NumPy. To use the default behaviour of the corresponding 1-D "
              "transform, pass the value matching the default for its `n` parameter. To use the default "
              "behaviour for every axis, the `s` argument can be omitted.")


def _n(n):
    return None if n is None else operator.index(n)


def _s_axes(s, axes):
    """NumPy 2's warnings for ``s``; None entries become -1 (the input's length)."""
    if axes is not None:
        axes = [operator.index(a) for a in axes]
    if s is None:
        return None, axes
    s = list(s)
    if axes is None:
        warnings.warn(_S_WITHOUT_AXES, DeprecationWarning, stacklevel=3)
    if None in s:
        warnings.warn(_NONE_IN_S, DeprecationWarning, stacklevel=3)
    return [-1 if v is None else operator.index(v) for v in s], axes


_SINGLE = (_numpy.complex64, _numpy.float32, _numpy.float16)


def _check_plan(plan, value_type, a, ns, axes):
    """The checks CuPy makes of a plan set by ``with plan:`` (or passed as plan=)."""
    import cupric
    a = cupric.asarray(a)
    double = a.dtype.type not in _SINGLE
    shape = a.shape
    lengths = []
    for i, (n, ax) in enumerate(zip(ns, axes)):
        length = shape[ax] if n is None or n == -1 else n
        if n is None and value_type == "C2R" and i == len(axes) - 1:
            length = 2 * (shape[ax] - 1)
        lengths.append(length)
    batch = _cufft._batch(shape, axes)
    if isinstance(plan, _cufft.Plan1d):
        if len(axes) != 1:
            raise ValueError("a Plan1d plan can only run a 1-D transform")
        plan._check(value_type, double, lengths[0], batch)
    else:
        plan._check(value_type, double, tuple(lengths), batch)


def _plan_1d(value_type, a, n, axis):
    plan = _cufft._current.get()
    if plan is not None:
        _check_plan(plan, value_type, a, [n], [axis])


def _plan_nd(value_type, a, s, axes):
    plan = _cufft._current.get()
    if plan is not None:
        import cupric
        ndim = cupric.asarray(a).ndim
        axes = list(range(-(len(s) if s else ndim), 0)) if axes is None else axes
        _check_plan(plan, value_type, a, s if s is not None else [None] * len(axes), axes)


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D discrete Fourier transform along ``axis`` (numpy.fft.fft).

    ``n`` crops or zero-pads the input along the axis; ``norm`` is "backward" (default),
    "ortho" or "forward"; ``out`` receives the result. complex64/float32/float16 inputs give
    complex64, everything else complex128.
    """
    _plan_1d("C2C", a, n, axis)
    return _fft.fft(a, _n(n), operator.index(axis), norm, out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D inverse discrete Fourier transform (numpy.fft.ifft)."""
    _plan_1d("C2C", a, n, axis)
    return _fft.ifft(a, _n(n), operator.index(axis), norm, out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D transform of real input, ``n // 2 + 1`` outputs along ``axis`` (numpy.fft.rfft)."""
    _plan_1d("R2C", a, n, axis)
    return _fft.rfft(a, _n(n), operator.index(axis), norm, out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of rfft: ``n`` (default ``2 * (m - 1)``) real outputs (numpy.fft.irfft)."""
    _plan_1d("C2R", a, n, axis)
    return _fft.irfft(a, _n(n), operator.index(axis), norm, out)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a Hermitian-symmetric signal, real output (numpy.fft.hfft)."""
    _plan_1d("C2R", a, n, axis)
    return _fft.hfft(a, _n(n), operator.index(axis), norm, out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of hfft (numpy.fft.ihfft)."""
    _plan_1d("R2C", a, n, axis)
    return _fft.ihfft(a, _n(n), operator.index(axis), norm, out)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D discrete Fourier transform over ``axes`` (numpy.fft.fftn)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2C", a, s, axes)
    return _fft.fftn(a, s, axes, norm, out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D inverse discrete Fourier transform (numpy.fft.ifftn)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2C", a, s, axes)
    return _fft.ifftn(a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D transform of real input; the last axis is halved (numpy.fft.rfftn)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("R2C", a, s, axes)
    return _fft.rfftn(a, s, axes, norm, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of rfftn (numpy.fft.irfftn)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2R", a, s, axes)
    return _fft.irfftn(a, s, axes, norm, out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D discrete Fourier transform (numpy.fft.fft2)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2C", a, s, axes)
    return _fft.fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2C", a, s, axes)
    return _fft.ifftn(a, s, axes, norm, out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D transform of real input (numpy.fft.rfft2)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("R2C", a, s, axes)
    return _fft.rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The inverse of rfft2 (numpy.fft.irfft2)."""
    s, axes = _s_axes(s, axes)
    _plan_nd("C2R", a, s, axes)
    return _fft.irfftn(a, s, axes, norm, out)


def _int_n(n):
    if not isinstance(n, (int, _numpy.integer)):
        raise ValueError("n should be an integer")
    return operator.index(n)


def fftfreq(n, d=1.0, device=None):
    """The sample frequencies of fft's output for ``n`` points spaced ``d`` (numpy.fft.fftfreq)."""
    return _fft.fftfreq(_int_n(n), float(d))


def rfftfreq(n, d=1.0, device=None):
    """The sample frequencies of rfft's output (numpy.fft.rfftfreq)."""
    return _fft.rfftfreq(_int_n(n), float(d))


def _shift_axes(axes):
    if axes is None:
        return None
    if hasattr(axes, "__index__"):
        return [operator.index(axes)]
    return [operator.index(a) for a in axes]


def fftshift(x, axes=None):
    """Moves the zero-frequency term to the centre (numpy.fft.fftshift)."""
    return _fft.fftshift(x, _shift_axes(axes))


def ifftshift(x, axes=None):
    """The inverse of fftshift (numpy.fft.ifftshift)."""
    return _fft.ifftshift(x, _shift_axes(axes))
