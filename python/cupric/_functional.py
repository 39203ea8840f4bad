"""Applying Python functions over arrays (numpy's apply_along_axis, apply_over_axes, piecewise,
fromfunction, vectorize): Python-level loops over slices, each call running on the device."""
import numpy


def _cupric():
    import cupric
    return cupric


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d applied to every 1-d slice of arr along axis (one call per slice, as NumPy)."""
    cp = _cupric()
    arr = cp.asarray(arr)
    nd = arr.ndim
    axis = numpy.lib.array_utils.normalize_axis_index(axis, nd)
    inarr_view = cp.moveaxis(arr, axis, -1)
    inds = numpy.ndindex(inarr_view.shape[:-1])
    try:
        ind0 = next(inds)
    except StopIteration:
        raise ValueError('Cannot apply_along_axis when any iteration dimensions are 0') from None
    res = cp.asarray(func1d(inarr_view[ind0], *args, **kwargs))
    buff = cp.empty(inarr_view.shape[:-1] + res.shape, res.dtype)
    buff[ind0] = res
    for ind in inds:
        buff[ind] = cp.asarray(func1d(inarr_view[ind], *args, **kwargs))
    dims = list(range(buff.ndim))
    permute = dims[0:axis] + dims[buff.ndim - res.ndim:buff.ndim] + dims[axis:buff.ndim - res.ndim]
    return buff.transpose(permute)


def apply_over_axes(func, a, axes):
    """func(a, axis) applied for each axis in turn, keeping the dimensions (numpy.apply_over_axes)."""
    cp = _cupric()
    val = cp.asarray(a)
    N = val.ndim
    if numpy.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        if axis < 0:
            axis = N + axis
        res = func(val, axis)
        if res.ndim == val.ndim:
            val = res
        else:
            res = cp.expand_dims(res, axis)
            if res.ndim == val.ndim:
                val = res
            else:
                raise ValueError("function is not returning an array of the correct shape")
    return val


def piecewise(x, condlist, funclist, *args, **kw):
    """Values from funclist (constants or functions of x's selected elements) where each
    condition holds; an extra function is the 'otherwise' case (numpy.piecewise)."""
    cp = _cupric()
    x = cp.asarray(x)
    n2 = len(funclist)
    # One condition given bare (not a list of them): NumPy looks at condlist[0], which for an
    # array condlist is a sequence only when it has two or more dimensions.
    if isinstance(condlist, (cp.ndarray, numpy.ndarray)):
        first_is_seq = condlist.ndim > 1
    else:
        first_is_seq = not numpy.isscalar(condlist) and isinstance(condlist[0], (list, cp.ndarray, numpy.ndarray))
    if numpy.isscalar(condlist) or (not first_is_seq and x.ndim != 0):
        condlist = [condlist]
    if isinstance(condlist, (list, tuple)):
        condlist = cp.stack([cp.asarray(c, dtype=bool) for c in condlist])
    else:
        condlist = cp.asarray(condlist, dtype=bool)
    n = len(condlist)
    if n == n2 - 1:
        condelse = ~cp.any(condlist, axis=0, keepdims=True)
        condlist = cp.concatenate([condlist, condelse], axis=0)
        n += 1
    elif n != n2:
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    y = cp.zeros_like(x)
    for cond, func in zip(condlist, funclist):
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """function called once with the index arrays of shape (numpy.fromfunction)."""
    cp = _cupric()
    args = cp.indices(shape, dtype=dtype)
    return function(*args, **kwargs)


class vectorize:
    """A function of arrays made from a function written for scalars (numpy.vectorize's signature).

    As in CuPy, pyfunc must be expressible with array operations: it is called once, with the
    inputs broadcast to cupric arrays (so arithmetic, comparisons and cupric's ufuncs inside it
    run elementwise on the device); ``otypes`` casts the outputs. ``excluded`` arguments are
    passed through as they are; ``signature`` (generalized ufuncs) is not supported.
    """

    def __init__(self, pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if signature is not None:
            raise TypeError("cupric.vectorize does not take signature= (no generalized ufuncs)")
        self.pyfunc = pyfunc
        self.otypes = otypes if otypes is None or isinstance(otypes, str) else list(otypes)
        if isinstance(self.otypes, str):
            self.otypes = list(self.otypes)
        self.excluded = set(excluded or ())
        self.cache = cache
        self.signature = signature
        self.__doc__ = pyfunc.__doc__ if doc is None else doc

    def __call__(self, *args, **kwargs):
        cp = _cupric()
        pos = [i for i in range(len(args)) if i not in self.excluded]
        arrays = cp.broadcast_arrays(*[cp.asarray(args[i]) for i in pos]) if pos else []
        call_args = list(args)
        for i, arr in zip(pos, arrays):
            call_args[i] = arr
        out = self.pyfunc(*call_args, **kwargs)
        shape = arrays[0].shape if arrays else ()
        if isinstance(out, tuple):
            outs = [cp.broadcast_to(cp.asarray(o), shape).copy() for o in out]
        else:
            outs = [cp.broadcast_to(cp.asarray(out), shape).copy()]
        if self.otypes is not None:
            outs = [o.astype(t) for o, t in zip(outs, self.otypes)]
        return tuple(outs) if isinstance(out, tuple) else outs[0]
