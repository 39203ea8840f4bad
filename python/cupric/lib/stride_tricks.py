"""cupric.lib.stride_tricks: views with chosen strides (C++: src/ops/stride_tricks.cpp)."""
import numbers

from cupric import _core


def as_strided(x, shape=None, strides=None):
    """A view of x's memory with the given shape and byte strides; nothing checks that the view
    stays inside x's allocation (as numpy.lib.stride_tricks.as_strided and CuPy)."""
    return _core._as_strided(x, None if shape is None else tuple(shape), None if strides is None else tuple(strides))


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """A view of the sliding windows of window_shape over x (the windows as trailing axes).

    ``writeable`` is accepted for NumPy's signature; cupric arrays have no read-only flag, so
    the view can be written through (which overlapping windows make surprising, as in CuPy).
    """
    if isinstance(window_shape, numbers.Integral) or not hasattr(window_shape, '__iter__'):
        window_shape = (window_shape,)
    if axis is not None and isinstance(axis, numbers.Integral):
        axis = (axis,)
    return _core._sliding_window_view(x, tuple(window_shape), None if axis is None else tuple(axis))
