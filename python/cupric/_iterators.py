"""cupric.broadcast (the broadcast arrays and their shape, as cupy.broadcast) and cupric.flatiter
(ndarray.flat: a flat, C-order view for indexing and iteration)."""
import numbers


def _cupric():
    import cupric
    return cupric


class broadcast:
    """The arrays broadcast against each other: ``values``, ``shape``, ``size``, ``nd``."""

    def __init__(self, *arrays):
        cp = _cupric()
        self.values = tuple(cp.broadcast_arrays(*[cp.asarray(a) for a in arrays]))
        self.shape = self.values[0].shape if self.values else ()
        self.nd = self.ndim = len(self.shape)
        size = 1
        for d in self.shape:
            size *= d
        self.size = size
        self.numiter = len(self.values)


class flatiter:
    """ndarray.flat: indexes the array as if it were 1-d (C order); reads copy, writes go into
    the array (cupy.flatiter)."""

    def __init__(self, a):
        self._base = a

    @property
    def base(self):
        return self._base

    def __len__(self):
        return self._base.size

    def _flat_view(self):
        return self._base.reshape(-1) if self._base.flags.c_contiguous else self._base.ravel()

    def __iter__(self):
        flat = self._flat_view()
        for i in range(flat.size):
            yield flat[i]

    def __getitem__(self, ind):
        return self._flat_view()[ind]

    def __setitem__(self, ind, value):
        cp = _cupric()
        a = self._base
        if ind is Ellipsis:
            ind = slice(None)
        if isinstance(ind, numbers.Integral):
            idx = cp.asarray([int(ind)])
        elif isinstance(ind, slice):
            idx = cp.arange(*ind.indices(a.size))
        else:
            idx = cp.asarray(ind)
            if idx.dtype == bool:
                idx = cp.flatnonzero(idx)
        if idx.size == 0:
            return
        value = cp.asarray(value, dtype=a.dtype)
        if value.size != idx.size:  # NumPy repeats the values to fill the selection
            value = cp.resize(value.ravel(), (idx.size,))
        cp.put(a, idx, value)

    def copy(self):
        """A flattened copy of the array."""
        return self._base.flatten()
