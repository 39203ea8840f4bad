"""The Python array API standard (2025.12) on cupric: the names it spells differently from NumPy
(as NumPy 2 has them: most are the same objects as NumPy's older names), the ndarray attributes
it needs (__array_namespace__, mT, to_device), and cupric.__array_api_version__.

Known deviations of the cupric namespace from the standard are listed in docs/differences.md."""
import numpy

from cupric import _core

ndarray = _core.ndarray

__array_api_version__ = "2025.12"
_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

# NumPy's own aliases (numpy.acos is numpy.arccos, numpy.concat is numpy.concatenate, ...): the
# same objects here, so each ufunc keeps one identity.
_ALIASES = {"acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh", "atan": "arctan",
            "atan2": "arctan2", "atanh": "arctanh", "pow": "power", "bitwise_invert": "invert",
            "bitwise_left_shift": "left_shift", "bitwise_right_shift": "right_shift", "concat": "concatenate",
            "permute_dims": "transpose"}

# numpy.isdtype: a question about dtypes, which cupric shares with NumPy.
isdtype = numpy.isdtype


def matrix_transpose(x, /):
    """The last two axes swapped (a view), as numpy.matrix_transpose; ValueError below 2-d."""
    x = _as_array(x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return x.swapaxes(-1, -2)


def astype(x, dtype, /, *, copy=True, device=None):
    """x cast to dtype (numpy.astype); with copy=False, x itself when nothing changes."""
    if not isinstance(x, ndarray):
        raise TypeError(f"Input should be a cupric array or scalar. It is a {type(x)} instead.")
    _check_device(device)
    return x.astype(dtype, copy=copy)


def _cumulative(scan, identity, x, axis, dtype, out, include_initial):
    import cupric
    x = _as_array(x)
    if x.ndim == 0:
        x = x.reshape(1)  # (a 0-d input counts as 1-d, as in NumPy)
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument is required.")
        axis = 0
    r = scan(x, axis=axis, dtype=dtype)
    if include_initial:
        axis = axis + x.ndim if axis < 0 else axis
        shape = list(r.shape)
        shape[axis] = 1
        r = cupric.concatenate([cupric.full(tuple(shape), identity, dtype=r.dtype), r], axis=axis)
    if out is not None:
        cupric.copyto(out, r)
        return out
    return r


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum (numpy.cumulative_sum): axis may be None only for 1-d input;
    include_initial prepends the sum of nothing (0)."""
    import cupric
    return _cumulative(cupric.cumsum, 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product (numpy.cumulative_prod); include_initial prepends 1."""
    import cupric
    return _cumulative(cupric.cumprod, 1, x, axis, dtype, out, include_initial)


def unstack(x, /, *, axis=0):
    """The views x[..., i, ...] along axis, as a tuple (numpy.unstack)."""
    x = _as_array(x)
    if x.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    if not -x.ndim <= axis < x.ndim:
        raise numpy.exceptions.AxisError(axis, x.ndim)
    axis %= x.ndim
    lead = (slice(None),) * axis
    return tuple(x[lead + (i,)] for i in range(x.shape[axis]))


def _as_array(x):
    if isinstance(x, ndarray):
        return x
    import cupric
    return cupric.asarray(x)


def _check_device(device):
    if device is None:
        return
    from cupric import _array_api_info
    if device != _array_api_info.default_device():
        raise ValueError(f"device {device!r} is not the current device {_array_api_info.default_device()!r}; "
                         f"use x.to_device(device)")


def _device_scope(device):
    """`device` (a cupric.cuda.Device, checked as the C++ creation functions check it) as the
    context manager that makes it current."""
    from cupric import cuda
    if not isinstance(device, cuda.Device):
        raise ValueError(f"device must be a cupric.cuda.Device or None, not {device!r}; cupric creates arrays on "
                         f"its devices (x.device, cupric.cuda.Device(n))")
    count = _core._runtime.device_count()  # (the backend's: the host backend has one)
    if device.id >= count:
        raise ValueError(f"device {device.id} does not exist: {count} device(s) are visible")
    return device


def _array_namespace(self, /, *, api_version=None):
    """cupric: the array API namespace of cupric arrays (api_version one of the standard's releases)."""
    if api_version is not None and api_version not in _API_VERSIONS:
        raise ValueError(f"Unrecognized array API version: {api_version!r}; cupric implements "
                         f"{__array_api_version__} (and accepts {', '.join(_API_VERSIONS)})")
    import cupric
    return cupric


def _mT(self):  # noqa: N802 - the standard's name
    return matrix_transpose(self)


def _to_device(self, device, /, *, stream=None):
    """The array on ``device``: itself when it is there already, else a copy made there."""
    from cupric import cuda
    if stream is not None and not isinstance(stream, (int, cuda.Stream)):
        raise TypeError(f"stream must be a cupric.cuda.Stream or an int, not {type(stream).__name__}")
    if device == self.device:
        return self
    if not isinstance(device, cuda.Device):
        raise ValueError(f"cupric arrays live on cupric.cuda.Device objects, not {device!r}; to bring an array to "
                         f"the host use .get() (or numpy.from_dlpack)")
    import cupric
    with device:
        return cupric.array(self, copy=True)


ndarray.__array_namespace__ = _array_namespace
ndarray.mT = property(_mT)
ndarray.to_device = _to_device
