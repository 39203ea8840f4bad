"""The Python half of the ndarray method table (bindings/ndarray_methods.cpp holds the rest):
attributes that are Python objects (flags, data, device), lazy iteration, pickling, clip's
bound forms and the deprecated scatter methods. Each is argument handling over a C++ call."""
import warnings

from cupric import _core
from cupric._ufunc_funcs import clip as _clip_function
from cupric import _io
from cupric._iterators import flatiter as _flatiter

ndarray = _core.ndarray


class _Flags:
    """ndarray.flags: C_CONTIGUOUS, F_CONTIGUOUS and OWNDATA, as attributes and keys."""

    __slots__ = ("c_contiguous", "f_contiguous", "owndata")

    def __init__(self, c, f, own):
        self.c_contiguous, self.f_contiguous, self.owndata = c, f, own

    def __getitem__(self, key):
        k = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
             "F": "f_contiguous", "OWNDATA": "owndata"}.get(key)
        if k is None:
            raise KeyError(key)
        return getattr(self, k)

    def __repr__(self):
        return (f"  C_CONTIGUOUS : {self.c_contiguous}\n  F_CONTIGUOUS : {self.f_contiguous}\n"
                f"  OWNDATA : {self.owndata}")


def _flags(self):
    return _Flags(self._c_contiguous, self._f_contiguous, self._owndata)


def _device(self):
    from cupric import cuda
    return cuda.Device(self._device_id)


def _iter(self):
    if self.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    for i in range(self.shape[0]):
        yield self[i]


def _reduce(self):
    # Pickles round-trip through host memory; an F-contiguous array stays F-ordered, as NumPy's.
    from cupric._creation import _reconstruct
    return (_reconstruct, (self.get(order='A'),))


def _clip(self, min=None, max=None, out=None, **kwargs):  # noqa: A002
    """Clip (limit) the values in the array (numpy.clip)."""
    return _clip_function(self, min, max, out=out, **kwargs)


def _scatter(self, name, ufunc_name, slices, value):
    warnings.warn(f"ndarray.scatter_{name} is deprecated; use cupricx.scatter_{name} instead.",
                  DeprecationWarning, stacklevel=3)
    _core._ufuncs[ufunc_name].at(self, slices, value)


def _scatter_add(self, slices, value):
    """Deprecated (V12-SCATTER): use cupricx.scatter_add or cupric.add.at."""
    _scatter(self, 'add', 'add', slices, value)


def _scatter_max(self, slices, value):
    """Deprecated (V12-SCATTER): use cupricx.scatter_max or cupric.maximum.at."""
    _scatter(self, 'max', 'maximum', slices, value)


def _scatter_min(self, slices, value):
    """Deprecated (V12-SCATTER): use cupricx.scatter_min or cupric.minimum.at."""
    _scatter(self, 'min', 'minimum', slices, value)


ndarray.flags = property(_flags)
ndarray.device = property(_device)
ndarray.__iter__ = _iter
ndarray.__reduce__ = _reduce
ndarray.clip = _clip
ndarray.scatter_add = _scatter_add
ndarray.scatter_max = _scatter_max
ndarray.scatter_min = _scatter_min
ndarray.flat = property(_flatiter, None, None, "A flat (C-order) view for indexing and iteration (cupric.flatiter).")
ndarray.tofile = _io.ndarray_tofile
ndarray.tobytes = _io.ndarray_tobytes
ndarray.dump = _io.ndarray_dump
ndarray.dumps = _io.ndarray_dumps
