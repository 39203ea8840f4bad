"""cupricx.scipy.fftpack: SciPy's legacy scipy.fftpack as CuPy's cupyx.scipy.fftpack has it (fft,
ifft, fft2, ifft2, fftn, ifftn, rfft/irfft in FFTPACK's packed real layout, get_fft_plan)."""
import operator as _operator

from cupric._core import fft as _fft
from cupricx.scipy.fft._plans import get_fft_plan, run_with_plan as _with_plan  # noqa: F401


def _n(n):
    return None if n is None else _operator.index(n)


def _shape_axes(shape, axes):
    if shape is not None:
        shape = [_operator.index(shape)] if hasattr(shape, "__index__") else [_operator.index(s) for s in shape]
    if axes is not None:
        axes = [_operator.index(axes)] if hasattr(axes, "__index__") else [_operator.index(a) for a in axes]
    return shape, axes


def fft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The 1-D discrete Fourier transform (scipy.fftpack.fft)."""
    return _with_plan(plan, "C2C", x, [n], [axis], lambda: _fft.fft(x, _n(n), _operator.index(axis), None, None))


def ifft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The 1-D inverse discrete Fourier transform (scipy.fftpack.ifft)."""
    return _with_plan(plan, "C2C", x, [n], [axis], lambda: _fft.ifft(x, _n(n), _operator.index(axis), None, None))


def fftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """The n-D discrete Fourier transform (scipy.fftpack.fftn)."""
    shape, axes = _shape_axes(shape, axes)
    return _with_plan(plan, "C2C", x, shape, axes, lambda: _fft.fftn(x, shape, axes, None, None))


def ifftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """The n-D inverse discrete Fourier transform (scipy.fftpack.ifftn)."""
    shape, axes = _shape_axes(shape, axes)
    return _with_plan(plan, "C2C", x, shape, axes, lambda: _fft.ifftn(x, shape, axes, None, None))


def fft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """The 2-D discrete Fourier transform (scipy.fftpack.fft2)."""
    return fftn(x, shape, axes, overwrite_x, plan)


def ifft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """The 2-D inverse discrete Fourier transform (scipy.fftpack.ifft2)."""
    return ifftn(x, shape, axes, overwrite_x, plan)


def rfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The transform of real input in FFTPACK's packed layout (scipy.fftpack.rfft)."""
    return _with_plan(plan, "R2C", x, [n], [axis], lambda: _fft.fftpack_rfft(x, _n(n), _operator.index(axis)))


def irfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The inverse of rfft, from FFTPACK's packed layout (scipy.fftpack.irfft)."""
    return _with_plan(plan, "C2R", x, [n], [axis], lambda: _fft.fftpack_irfft(x, _n(n), _operator.index(axis)))
