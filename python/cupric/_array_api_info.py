"""cupric.__array_namespace_info__(): what the array API namespace supports (capabilities,
devices, dtypes), answered as NumPy's inspection object answers for NumPy."""
import numpy

from cupric import _core

_KINDS = {
    "bool": ("bool",),
    "signed integer": ("int8", "int16", "int32", "int64"),
    "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
    "integral": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
    "real floating": ("float32", "float64"),
    "complex floating": ("complex64", "complex128"),
    "numeric": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64",
                "complex64", "complex128"),
}


def default_device():
    """The device new arrays go to: the current cupric.cuda.Device."""
    from cupric import cuda
    return cuda.Device()


class __array_namespace_info__:  # noqa: N801 - the standard's name
    """Inspection of cupric as an array API namespace (the standard's __array_namespace_info__)."""

    __module__ = "cupric"

    def capabilities(self):
        """Boolean indexing and data-dependent shapes (nonzero, unique) are supported; 64 dimensions."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}  # (kMaxDims, include/cupric/config.hpp)

    def default_device(self):
        """The current device (a cupric.cuda.Device)."""
        return default_device()

    def default_dtypes(self, *, device=None):
        """float64, complex128, int64 and int64 for indexing, on every device."""
        self._check(device)
        return {"real floating": numpy.dtype(numpy.float64), "complex floating": numpy.dtype(numpy.complex128),
                "integral": numpy.dtype(numpy.int64), "indexing": numpy.dtype(numpy.int64)}

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes cupric supports, by name, optionally of one kind (or a tuple of kinds)."""
        self._check(device)
        if kind is None:
            names = _KINDS["bool"] + _KINDS["numeric"]
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = []
            for k in kinds:
                if k not in _KINDS:
                    raise ValueError(f"unsupported kind: {k!r}")
                names += [n for n in _KINDS[k] if n not in names]
        return {n: numpy.dtype(n) for n in names}

    def devices(self):
        """Every device arrays can live on: the visible GPUs (one device on the host backend)."""
        from cupric import cuda
        if _core.backend_name() != "cuda":
            return [cuda.Device(0)]
        return [cuda.Device(i) for i in range(cuda.runtime.getDeviceCount())]

    def _check(self, device):
        if device is not None and device not in self.devices():
            raise ValueError(f"unsupported device: {device!r}")
