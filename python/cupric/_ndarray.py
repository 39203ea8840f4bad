"""Python-level ndarray methods: printing, lists, pickling, flags and memory pointers."""
import numpy

from cupric import _core

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


def _repr(self):
    return repr(self.get())


def _str(self):
    return str(self.get())


def _format(self, spec):
    if self.ndim == 0:
        return format(self.item(), spec)
    return format(self.get(), spec)


def _tolist(self):
    return self.get().tolist()


def _iter(self):
    if self.ndim == 0:
        raise TypeError("iteration over a 0-d array")
    for i in range(self.shape[0]):
        yield self[i]


def _reduce(self):
    # Pickles round-trip through host memory; an F-contiguous array stays F-ordered, as NumPy's.
    from cupric._creation import _reconstruct
    return (_reconstruct, (self.get(order='A'),))


def _copy(self):
    return self.copy(order='K')


def _deepcopy(self, memo):
    return self.copy(order='K')


def _flags(self):
    return _Flags(self._c_contiguous, self._f_contiguous, self._owndata)


def _data(self):
    # A cupric.cuda.MemoryPointer to the first element, into the array's memory (as CuPy's).
    return _core._runtime.array_memptr(self)


def _cuda_array_interface(self):
    if self._backend != "cuda":
        raise AttributeError("__cuda_array_interface__ exists only for arrays on a CUDA device "
                             "(this array is on the host backend)")
    return {
        "shape": self.shape,
        "typestr": self.dtype.str,
        "descr": self.dtype.descr,
        "data": (self._data_ptr if self.size else 0, False),
        "strides": None if self._c_contiguous else self.strides,
        "version": 3,
        "stream": 1,  # the legacy default stream (cupric.cuda streams deepen this)
    }


def _device(self):
    from cupric import cuda
    return cuda.Device(self._device_id)


ndarray.__repr__ = _repr
ndarray.__str__ = _str
ndarray.__format__ = _format
ndarray.tolist = _tolist
ndarray.__iter__ = _iter
ndarray.__reduce__ = _reduce
ndarray.__copy__ = _copy
ndarray.__deepcopy__ = _deepcopy
ndarray.flags = property(_flags)
ndarray.data = property(_data)
ndarray.__cuda_array_interface__ = property(_cuda_array_interface)
ndarray.device = property(_device)
ndarray.__hash__ = None
