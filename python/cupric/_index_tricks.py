"""Index helpers (numpy's c_, r_, mgrid, ogrid; s_, index_exp and ndindex are NumPy's own host
objects, as in CuPy): index-expression syntax turned into cupric array construction."""
import math
import numbers

import numpy
from numpy import index_exp, ndindex, s_  # noqa: F401  (pure-Python host helpers, as in CuPy)


def _cupric():
    import cupric
    return cupric


def _slice_values(k):
    """The 1-d array a slice item of r_/c_ stands for (arange, or linspace for a complex step)."""
    cp = _cupric()
    start = 0 if k.start is None else k.start
    step = 1 if k.step is None else k.step
    if isinstance(step, (complex, numpy.complexfloating)):
        return cp.linspace(start, k.stop, num=int(abs(step)))
    return cp.arange(start, k.stop, step)


class _AxisConcatenator:
    """r_ and c_: slices, scalars and arrays concatenated along an axis; a leading string
    'r', 'c' or 'axis[,ndmin[,trans1d]]' sets how (NumPy's rules)."""

    def __init__(self, axis=0, matrix=False, ndmin=1, trans1d=-1):
        self.axis, self.matrix, self.ndmin, self.trans1d = axis, matrix, ndmin, trans1d

    def __getitem__(self, key):
        cp = _cupric()
        if not isinstance(key, tuple):
            key = (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        objs, scalars, arraytypes, scalartypes = [], [], [], []
        for k, item in enumerate(key):
            scalar = False
            if isinstance(item, slice):
                newobj = _slice_values(item)
                if ndmin > 1:
                    newobj = cp.array(newobj, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        newobj = cp.moveaxis(newobj, -1, trans1d)
            elif isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                if item in ('r', 'c'):
                    raise ValueError("cupric.r_/c_ do not make matrices ('r' and 'c' directives)")
                if ',' in item:
                    vec = item.split(',')
                    try:
                        axis, ndmin = int(vec[0]), int(vec[1])
                        if len(vec) == 3:
                            trans1d = int(vec[2])
                        continue
                    except Exception as e:
                        raise ValueError(f"unknown special directive {item!r}") from e
                try:
                    axis = int(item)
                    continue
                except (ValueError, TypeError) as err:
                    raise ValueError("unknown special directive") from err
            elif isinstance(item, (numbers.Number, numpy.generic)) and numpy.ndim(item) == 0:
                scalar = True
                scalars.append(len(objs))
                scalartypes.append(numpy.result_type(item))
                newobj = item
            else:
                item_ndim = numpy.ndim(item) if not isinstance(item, cp.ndarray) else item.ndim
                newobj = cp.array(item, copy=None, ndmin=ndmin)
                if trans1d != -1 and item_ndim < ndmin:
                    k2 = ndmin - item_ndim
                    k1 = trans1d if trans1d >= 0 else trans1d + k2 + 1
                    defaxes = list(range(ndmin))
                    axes = defaxes[:k1] + defaxes[k2:] + defaxes[k1:k2]
                    newobj = newobj.transpose(axes)
            objs.append(newobj)
            if not scalar and isinstance(newobj, cp.ndarray):
                arraytypes.append(newobj.dtype)
        final_dtype = numpy.result_type(*arraytypes, *scalartypes) if (arraytypes or scalartypes) else None
        if final_dtype is not None:
            for k in scalars:
                objs[k] = cp.full((1,) * max(ndmin, 1), objs[k], dtype=final_dtype)
        return cp.concatenate(tuple(objs), axis=axis)

    def __len__(self):
        return 0


r_ = _AxisConcatenator(0)
c_ = _AxisConcatenator(-1, ndmin=2, trans1d=0)


class _NdGrid:
    """mgrid (dense) and ogrid (sparse): coordinate arrays from slice syntax; a complex step is
    a number of points, endpoint included (NumPy's nd_grid)."""

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        cp = _cupric()
        if isinstance(key, slice):
            start = 0 if key.start is None else key.start
            step = 1 if key.step is None else key.step
            if isinstance(step, (complex, numpy.complexfloating)):
                step_float = abs(step)
                length = int(step_float)
                step = (key.stop - start) / float(length - 1) if length != 1 else length
                typ = numpy.result_type(start, key.stop, step_float)
                return cp.arange(0, length, 1, dtype=typ) * step + start
            return cp.arange(start, key.stop, step)
        size, num_list = [], []
        for k in key:
            start = 0 if k.start is None else k.start
            step = 1 if k.step is None else k.step
            if isinstance(step, (complex, numpy.complexfloating)):
                size.append(int(abs(step)))
                num_list.append(abs(step))
            else:
                size.append(int(math.ceil((k.stop - start) / step)))
                num_list.append(step)
            num_list += [start, k.stop]
        typ = numpy.result_type(*num_list)
        if self.sparse:
            nn = [cp.arange(n, dtype=typ) for n in size]
        else:
            nn = list(cp.indices(size, typ))
        for k, kk in enumerate(key):
            start = 0 if kk.start is None else kk.start
            step = 1 if kk.step is None else kk.step
            if isinstance(step, (complex, numpy.complexfloating)):
                step = int(abs(step))
                if step != 1:
                    step = (kk.stop - start) / float(step - 1)
            nn[k] = nn[k] * step + start
        if self.sparse:
            for k in range(len(size)):
                shape = [1] * len(size)
                shape[k] = size[k]
                nn[k] = nn[k].reshape(shape)
            return tuple(nn)
        return cp.stack(nn)

    def __len__(self):
        return 0


mgrid = _NdGrid(sparse=False)
ogrid = _NdGrid(sparse=True)
