"""linspace/logspace with array bounds (and logspace with a complex base), composed of device ops
as numpy.linspace does; scalar bounds go straight to the C++ routines (bit-exact with NumPy)."""
import operator

import numpy

from cupric import _core


def _is_scalar(v):
    return numpy.isscalar(v) or (isinstance(v, (_core.ndarray, numpy.ndarray)) and v.ndim == 0)


def _device(v):
    import cupric
    return cupric.asarray(v)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """Returns num evenly spaced samples over [start, stop] (numpy.linspace); start and stop may be
    arrays, which broadcast, with the samples along `axis`."""
    if _is_scalar(start) and _is_scalar(stop):
        return _core.linspace(start, stop, num, endpoint, retstep, dtype, axis)
    import cupric
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    div = (num - 1) if endpoint else num
    start_d, stop_d = _device(start), _device(stop)
    # NumPy: the bounds' result type made inexact; Python scalars stay weak (NEP 50).
    weak = [v if isinstance(v, (int, float, complex)) else _device(v) for v in (start, stop)]
    dt = cupric.result_type(*weak, 0.0)
    integer_dtype = dtype is not None and numpy.issubdtype(numpy.dtype(dtype), numpy.integer)
    if dtype is None:
        dtype = dt
    delta = cupric.subtract(stop_d, start_d, dtype=dt)
    y = cupric.arange(0, num, dtype=dt).reshape((-1,) + (1,) * delta.ndim)
    if div > 0:
        step = delta / div
        if bool((step == 0).any()):  # host sync, as in NumPy: denormal steps lose precision
            y = y / div
            y = y * delta
        else:
            y = y * step
    else:
        step = cupric.full(delta.shape, numpy.nan, dtype=dt)
        y = y * delta
    y += start_d  # in place, as NumPy: the bounds do not widen dt
    if endpoint and num > 1:
        y[-1, ...] = stop_d
    if axis != 0:
        y = cupric.moveaxis(y, 0, axis)
    if integer_dtype:
        y = cupric.floor_divide(y, 1)
    y = y.astype(dtype, copy=False)
    return (y, step) if retstep else y


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """Returns numbers spaced evenly on a log scale (numpy.logspace); start, stop and base may be
    arrays (broadcast together) and base may be complex."""
    if (_is_scalar(start) and _is_scalar(stop) and _is_scalar(base)
            and not any(numpy.iscomplexobj(v) for v in (start, stop, base))):
        return _core.logspace(start, stop, num, endpoint, base, dtype, axis)
    import cupric
    # As NumPy: bounds and base are brought to one ndim first, so the samples go along `axis`.
    ndmax = len(cupric.broadcast_shapes(*(numpy.shape(v) if not isinstance(v, _core.ndarray) else v.shape
                                          for v in (start, stop, base))))
    if ndmax:
        start, stop, base = (cupric.array(v, copy=None, ndmin=ndmax) for v in (start, stop, base))
    y = linspace(start, stop, num=num, endpoint=endpoint, axis=axis)
    base_d = _device(base)
    if base_d.ndim:
        base_d = cupric.expand_dims(base_d, axis)
    if dtype is None:
        return cupric.power(base_d, y)
    return cupric.power(base_d, y).astype(dtype, copy=False)
