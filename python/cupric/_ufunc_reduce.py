"""ufunc.reduce, ufunc.accumulate and ufunc.reduceat (NumPy's semantics).

Ufuncs with a reduction functor go to the reduction engine (add -> sum, multiply -> prod,
maximum/minimum -> max/min, fmax/fmin -> nanmax/nanmin for inexact types, logical_or/and ->
any/all: Note [Routing ufunc.reduce] in src/kernels/README.md) and add/multiply.accumulate to the
scan engine (cumsum/cumprod). Every other binary ufunc takes the generic path below, made of calls
of the ufunc itself on slices: a pairwise tree (log2 n calls) for associative ufuncs, an ordered
fold (n calls) for the others (subtract, divide, power, ...), which is exactly NumPy's order.
"""
import operator

import numpy

import cupric
from cupric import _core

# Ufuncs whose value does not depend on how the operands are grouped.
_ASSOCIATIVE = {'add', 'multiply', 'maximum', 'minimum', 'fmax', 'fmin', 'logical_and', 'logical_or',
                'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'gcd', 'lcm'}


def _check_binary(uf, method):
    if uf.nin != 2 or uf.nout != 1:
        raise ValueError(f"{method} only supported for binary functions")


def _asarray(a):
    return a if isinstance(a, _core.ndarray) else cupric.asarray(a)


def _normalize_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if not isinstance(axis, tuple):
        axis = (axis,)
    out = []
    for ax in axis:
        ax = operator.index(ax)
        if ax < -ndim or ax >= ndim:
            raise numpy.exceptions.AxisError(ax, ndim)
        ax %= ndim
        if ax in out:
            raise ValueError("duplicate value in 'axis'")
        out.append(ax)
    return tuple(out)


def _result_dtype(uf, x):
    """The dtype uf(x, x) gives (from a zero-size call, no data touched)."""
    z = x.reshape(-1)[:0]
    return uf(z, z).dtype


def _fold(uf, parts, masks, associative):
    """Combines parts[0..n) (equal shapes) in order; masks (or None) say which parts count."""
    vals, ms = list(parts), (list(masks) if masks is not None else None)
    if not associative:
        acc, m = vals[0], (ms[0] if ms is not None else None)
        for i in range(1, len(vals)):
            if ms is None:
                acc = uf(acc, vals[i])
            else:
                both = uf(acc, vals[i])
                acc = cupric.where(ms[i], cupric.where(m, both, vals[i]), acc)
                m = m | ms[i]
        return acc, m
    while len(vals) > 1:  # pairwise tree, neighbours only: the order of operands is kept
        nv, nm = [], ([] if ms is not None else None)
        for i in range(0, len(vals) - 1, 2):
            if ms is None:
                nv.append(uf(vals[i], vals[i + 1]))
            else:
                both = uf(vals[i], vals[i + 1])
                nv.append(cupric.where(ms[i] & ms[i + 1], both, cupric.where(ms[i], vals[i], vals[i + 1])))
                nm.append(ms[i] | ms[i + 1])
        if len(vals) % 2:
            nv.append(vals[-1])
            if ms is not None:
                nm.append(ms[-1])
        vals, ms = nv, nm
    return vals[0], (ms[0] if ms is not None else None)


def _generic_reduce(uf, a, axes, dtype, out, keepdims, initial, where):
    name = uf.__name__
    associative = name in _ASSOCIATIVE
    if not associative and len(axes) > 1:
        raise ValueError(f"reduction operation '{name}' is not reorderable, so at most one axis may be specified")
    if dtype is not None:
        a = a.astype(dtype)
    kept = [d for d in range(a.ndim) if d not in axes]
    n = 1
    for d in axes:
        n *= a.shape[d]
    rest = tuple(a.shape[d] for d in kept)
    x = a.transpose(list(axes) + kept).reshape((n,) + rest)
    mask = None
    if where is not None and where is not True:
        w = _asarray(where)
        if w.dtype != numpy.bool_:
            raise TypeError(f"Cannot cast array data from {w.dtype!r} to dtype('bool') according to the rule 'safe'")
        mask = cupric.broadcast_to(w, a.shape).transpose(list(axes) + kept).reshape((n,) + rest)
        if initial is None and uf.identity is None:
            raise ValueError(f"reduction operation '{name}' does not have an identity, so to use a where mask one "
                             "has to specify 'initial'")
    rdt = _result_dtype(uf, x)
    if initial is None and uf.identity is not None and (n == 0 or mask is not None):
        initial = uf.identity
    if n == 0:
        if initial is None:
            raise ValueError(f"zero-size array to reduction operation {name} which has no identity")
        res = cupric.full(rest, initial, dtype=rdt)
    else:
        parts = [x[i] for i in range(n)]
        masks = [mask[i] for i in range(n)] if mask is not None else None
        if initial is not None:  # the first operand, as NumPy starts its accumulator with it
            parts.insert(0, cupric.full(rest, initial, dtype=rdt))
            if masks is not None:
                masks.insert(0, cupric.ones(rest, dtype=bool))
        r, _ = _fold(uf, parts, masks, associative)
        res = r.astype(rdt)  # a new array also when one element is all there is
    if keepdims:
        shape = list(a.shape)
        for d in axes:
            shape[d] = 1
        res = res.reshape(shape)
    if out is not None:
        cupric.copyto(out, res, casting='unsafe')
        return out
    return res


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=True):
    """ufunc.reduce: NumPy's arguments; routed to the reduction engine where a functor exists."""
    _check_binary(uf, "reduce")
    a = _asarray(array)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    name = uf.__name__
    if where is True:
        where = None
    axes = _normalize_axes(axis, a.ndim)
    eng_axis = None if axis is None else axes
    if a.ndim == 0 and axis is not None and axis != ():
        raise numpy.exceptions.AxisError(axis if isinstance(axis, int) else axis[0], 0)
    kw = dict(axis=eng_axis, out=out, keepdims=keepdims)
    if where is not None:
        kw['where'] = _asarray(where)
    if name in ('add', 'multiply'):
        f = cupric.sum if name == 'add' else cupric.prod
        return f(a, dtype=dtype, initial=initial, **kw)
    if name in ('maximum', 'minimum', 'fmax', 'fmin') and a.dtype.kind != 'V':
        x = a.astype(dtype) if dtype is not None else a
        if name in ('fmax', 'fmin'):
            f = cupric.nanmax if name == 'fmax' else cupric.nanmin
        else:
            f = cupric.max if name == 'maximum' else cupric.min
        return f(x, initial=initial, **kw)
    if name in ('logical_or', 'logical_and') and initial is None and (dtype is None or numpy.dtype(dtype) == bool):
        f = cupric.any if name == 'logical_or' else cupric.all
        return f(a, **kw)
    return _generic_reduce(uf, a, axes, dtype, out, keepdims, initial, where)


def accumulate(uf, array, axis=0, dtype=None, out=None):
    """ufunc.accumulate: add/multiply run on the scan engine; others call the ufunc on slices."""
    _check_binary(uf, "accumulate")
    a = _asarray(array)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    if axis is None or isinstance(axis, tuple):
        raise TypeError("accumulate does not allow multiple axes")
    ax = _normalize_axes(axis, a.ndim)[0]
    name = uf.__name__
    if name in ('add', 'multiply'):
        f = cupric.cumsum if name == 'add' else cupric.cumprod
        return f(a, axis=ax, dtype=dtype, out=out)
    x = a.astype(dtype) if dtype is not None else a
    rdt = _result_dtype(uf, x)
    x = cupric.moveaxis(x, ax, 0)
    n = x.shape[0]
    res = x.astype(rdt, copy=True)
    if n > 1:
        if name in _ASSOCIATIVE:
            k = 1
            while k < n:  # Hillis-Steele: log2(n) calls, each on the whole array
                res[k:] = uf(res[:-k], res[k:])
                k *= 2
        else:
            for i in range(1, n):
                res[i] = uf(res[i - 1], x[i])
    res = cupric.moveaxis(res, 0, ax)
    if out is not None:
        if out.shape != res.shape:
            raise ValueError("provided out is the wrong size for the accumulation.")
        cupric.copyto(out, res, casting='unsafe')
        return out
    return cupric.ascontiguousarray(res)


def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    """ufunc.reduceat: reduce over [indices[i], indices[i+1]) (a[indices[i]] where not increasing)."""
    _check_binary(uf, "reduceat")
    a = _asarray(array)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if a.ndim == 0:
        raise TypeError("cannot reduceat on a scalar")
    ax = _normalize_axes(axis, a.ndim)[0]
    idx = indices.get() if isinstance(indices, _core.ndarray) else numpy.asarray(indices)
    if idx.ndim != 1:
        raise ValueError("object too deep for desired array")
    if idx.size and idx.dtype.kind not in 'iu':
        raise TypeError("Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'")
    idx = idx.astype(numpy.int64)
    n = a.shape[ax]
    for i in idx:
        if i < 0 or i >= n:
            raise IndexError(f"index {i} out-of-bounds in {uf.__name__}.reduceat [0, {n})")
    x = cupric.moveaxis(a, ax, 0)
    pieces = []
    for j, s in enumerate(idx):
        e = idx[j + 1] if j + 1 < len(idx) else n
        pieces.append(reduce(uf, x[s:e] if s < e else x[s:s + 1], axis=0, dtype=dtype))
    if pieces:
        res = cupric.stack(pieces, axis=0)
    else:
        res = cupric.empty((0,) + x.shape[1:], dtype=reduce(uf, x[:1], axis=0, dtype=dtype).dtype)
    res = cupric.moveaxis(res, 0, ax)
    if out is not None:
        cupric.copyto(out, res, casting='unsafe')
        return out
    return cupric.ascontiguousarray(res)


def install(cls):
    """Adds reduce/accumulate/reduceat to the ufunc class."""
    cls.reduce = reduce
    cls.accumulate = accumulate
    cls.reduceat = reduceat
