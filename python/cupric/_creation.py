"""array/asarray and friends: argument normalisation over cupric._core._array."""
from cupric import _core


def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0, *, blocking=False):
    """Creates an array on the current device from an array-like (CuPy's cupy.array).

    With ``blocking=True`` the call waits for the host-to-device copy (V13-ASARRAY).
    """
    # (a list nesting cupric arrays is brought to the host by the binding, one sync per array)
    return _core._array(obj, dtype, copy, order, ndmin, blocking)


def asarray(a, dtype=None, order=None, *, blocking=False, device=None, copy=None):
    """Converts an object to an array; returns ``a`` itself when it already fits.

    ``device`` (the array API's): None for the current device, or a cupric.cuda.Device to create the
    array on (an array on another device is copied there); ``copy`` is NumPy 2's (None: copy only
    when needed, True: always, False: never, ValueError when one is needed)."""
    if device is None:
        return array(a, dtype, copy=copy, order=order, blocking=blocking)
    from cupric import _array_api
    with _array_api._device_scope(device):
        r = array(a, dtype, copy=copy, order=order, blocking=blocking)
    if r.device != device:  # `a` itself, living on another device
        if copy is False:
            raise ValueError(f"asarray(copy=False) cannot move an array from {r.device!r} to {device!r}")
        r = r.to_device(device)
    return r


def asanyarray(a, dtype=None, order=None, *, blocking=False):
    """Same as asarray (cupric has no ndarray subclasses)."""
    return array(a, dtype, copy=None, order=order, blocking=blocking)


def ascontiguousarray(a, dtype=None):
    """A C-contiguous array (at least 1-d, as NumPy's)."""
    return array(a, dtype, copy=None, order='C', ndmin=1)


def asfortranarray(a, dtype=None):
    """An F-contiguous array (at least 1-d, as NumPy's)."""
    return array(a, dtype, copy=None, order='F', ndmin=1)


def copy(a, order='K'):
    """A copy of ``a`` (order K keeps its memory layout)."""
    return array(a, copy=True, order=order)


def can_cast(from_, to, casting='safe'):
    """numpy.can_cast for dtypes and arrays (NumPy 2: Python scalars are not accepted)."""
    if isinstance(from_, _core.ndarray):
        from_ = from_.dtype
    if isinstance(from_, (int, float, complex, bool)):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because the result "
                        "used to depend on the value.\nThis change was part of adopting NEP 50, we may "
                        "explicitly allow them again in the future.")
    return _core._can_cast_dtypes(from_, to, casting)


def _reconstruct(host_array):
    """Unpickling: the host copy back onto the current device."""
    return array(host_array)
