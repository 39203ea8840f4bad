"""Statistics and differences composed of device ops, as NumPy's own Python code composes them:
average, diff (prepend/append), ediff1d, trapezoid, gradient, cov, corrcoef. Each routine is a
handful of ufunc/reduction calls on whole arrays, so a C++ kernel would buy nothing but launches (DESIGN.md allows this composition). cumsum & co.,
nanargmax/nanargmin, bincount and diff's core are C++ (cupric/ops/scan.hpp), and so are correlate,
convolve, array_equal and array_equiv (cupric/ops/statistics.hpp); this module only wraps them.
"""
import operator

import numpy

import cupric
from cupric import _core


def _conj(x):
    """Complex conjugate (a copy; real arrays as they are)."""
    if x.dtype.kind != 'c':
        return x
    f = getattr(cupric, "conjugate", None)
    if f is not None:
        return f(x)
    y = cupric.ascontiguousarray(x).copy()
    parts = y.view(numpy.float32 if y.dtype == numpy.complex64 else numpy.float64)
    parts[..., 1::2] *= -1
    return y


def _arr(a):
    return a if isinstance(a, _core.ndarray) else cupric.asarray(a)


def _axis(axis, ndim):
    axis = operator.index(axis)
    if axis < -ndim or axis >= ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """numpy.average: the (weighted) mean; with returned=True also the sum of weights."""
    a = _arr(a)
    if weights is None:
        avg = a.mean(axis=axis, keepdims=keepdims)
        if returned:
            scl = cupric.full(avg.shape, a.size // max(avg.size, 1) if a.size else 0, dtype=avg.dtype)
            return avg, scl
        return avg
    w = _arr(weights)
    rt = numpy.result_type(a.dtype, w.dtype, numpy.float64) if a.dtype.kind in 'biu' else \
        numpy.result_type(a.dtype, w.dtype)
    if a.shape != w.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and weights differ.")
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes = tuple(_axis(ax, a.ndim) for ax in axes)
        if w.shape != tuple(a.shape[ax] for ax in axes):
            raise ValueError("Shape of weights must be consistent with shape of a along specified axis.")
        order = sorted(range(len(axes)), key=lambda i: axes[i])
        w = w.transpose(order)
        shape = [1] * a.ndim
        for ax in axes:
            shape[ax] = a.shape[ax]
        w = cupric.broadcast_to(w.reshape(shape), a.shape)
    scl = w.sum(axis=axis, dtype=rt, keepdims=keepdims)
    if bool((scl == 0).any()):  # host sync: NumPy raises here
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    avg = cupric.multiply(a, w, dtype=rt).sum(axis=axis, keepdims=keepdims) / scl
    if returned:
        if scl.shape != avg.shape:
            scl = cupric.broadcast_to(scl, avg.shape).copy()
        return avg, scl
    return avg


def diff(a, n=1, axis=-1, prepend=numpy._NoValue, append=numpy._NoValue):
    """numpy.diff: the n-th discrete difference along axis (prepend/append joined first)."""
    a = _arr(a)
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = _axis(axis, a.ndim)
    parts = []
    for v in (prepend, None, append):
        if v is None:
            parts.append(a)
        elif v is not numpy._NoValue:
            v = _arr(v)
            if v.ndim == 0:
                shape = list(a.shape)
                shape[axis] = 1
                v = cupric.broadcast_to(v, tuple(shape))
            parts.append(v)
    if len(parts) > 1:
        a = cupric.concatenate(parts, axis=axis)
    return _core._diff(a, n, axis)


def ediff1d(ary, to_end=None, to_begin=None):
    """numpy.ediff1d: differences of the flattened array, with optional ends."""
    ary = _arr(ary).ravel()
    d = ary[1:] - ary[:-1]
    parts = []
    for v, name in ((to_begin, 'to_begin'), (None, None), (to_end, 'to_end')):
        if name is None:
            parts.append(d)
        elif v is not None:
            v = _arr(v).ravel()
            if not numpy.can_cast(v.dtype, ary.dtype, casting='same_kind'):
                raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule.")
            parts.append(v.astype(ary.dtype))
    return d if len(parts) == 1 else cupric.concatenate(parts)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """numpy.trapezoid: integral along axis by the trapezoidal rule."""
    y = _arr(y)
    axis = _axis(axis, y.ndim)
    n = y.shape[axis]
    sl1 = [slice(None)] * y.ndim
    sl2 = [slice(None)] * y.ndim
    sl1[axis] = slice(1, None)
    sl2[axis] = slice(None, -1)
    if x is None:
        d = dx
    else:
        x = _arr(x)
        if x.ndim == 1:
            d = x[1:] - x[:-1]
            shape = [1] * y.ndim
            shape[axis] = d.shape[0]
            d = d.reshape(shape)
        else:
            d = diff(x, axis=axis)
    return (d * (y[tuple(sl1)] + y[tuple(sl2)]) / 2.0).sum(axis)


def gradient(f, *varargs, axis=None, edge_order=1):
    """numpy.gradient: second-order central differences inside, first or second order at the edges."""
    f = _arr(f)
    N = f.ndim
    if axis is None:
        axes = tuple(range(N))
    else:
        axes = axis if isinstance(axis, tuple) else (axis,)
        axes = tuple(_axis(ax, N) for ax in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
    len_axes = len(axes)
    n = len(varargs)
    if n == 0:
        dx = [1.0] * len_axes
    elif n == 1 and numpy.ndim(varargs[0]) == 0 and not (isinstance(varargs[0], _core.ndarray) and varargs[0].ndim):
        dx = [varargs[0]] * len_axes
    elif n == len_axes:
        dx = list(varargs)
        for i, distances in enumerate(dx):
            if isinstance(distances, _core.ndarray) or numpy.ndim(distances) != 0:
                distances = _arr(distances)
                if distances.ndim == 0:
                    continue
                if distances.ndim != 1:
                    raise ValueError("distances must be either scalars or 1d")
                if len(distances) != f.shape[axes[i]]:
                    raise ValueError("when 1d, distances must match the length of the corresponding dimension")
                if distances.dtype.kind in 'biu':
                    distances = distances.astype(numpy.float64)
                diffx = distances[1:] - distances[:-1]
                if bool((diffx == diffx[0]).all()) if diffx.size else True:  # host sync, as NumPy's check
                    diffx = diffx[0] if diffx.size else diffx
                dx[i] = diffx
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    otype = f.dtype
    if otype.kind in 'biu':
        f = f.astype(numpy.float64)
        otype = numpy.dtype(numpy.float64)
    outvals = []
    for ax, ax_dx in zip(axes, dx):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least (edge_order + 1) elements are required.")
        out = cupric.empty(f.shape, dtype=otype)

        def sl(s):
            t = [slice(None)] * N
            t[ax] = s
            return tuple(t)

        uniform = not (isinstance(ax_dx, _core.ndarray) and ax_dx.ndim == 1)
        if uniform:
            out[sl(slice(1, -1))] = (f[sl(slice(2, None))] - f[sl(slice(None, -2))]) / (2.0 * ax_dx)
        else:
            shape = [1] * N
            shape[ax] = -1
            dx1 = ax_dx[0:-1].reshape(shape)
            dx2 = ax_dx[1:].reshape(shape)
            a = (0.0 - dx2) / (dx1 * (dx1 + dx2))
            b = (dx2 - dx1) / (dx1 * dx2)
            c = dx1 / (dx2 * (dx1 + dx2))
            out[sl(slice(1, -1))] = a * f[sl(slice(None, -2))] + b * f[sl(slice(1, -1))] + c * f[sl(slice(2, None))]
        if edge_order == 1:
            d0 = ax_dx if uniform else ax_dx[0]
            out[sl(0)] = (f[sl(1)] - f[sl(0)]) / d0
            dn = ax_dx if uniform else ax_dx[-1]
            out[sl(-1)] = (f[sl(-1)] - f[sl(-2)]) / dn
        else:
            if uniform:
                a, b, c = -1.5 / ax_dx, 2. / ax_dx, -0.5 / ax_dx
            else:
                dx1, dx2 = ax_dx[0], ax_dx[1]
                a = (0.0 - (2. * dx1 + dx2)) / (dx1 * (dx1 + dx2))
                b = (dx1 + dx2) / (dx1 * dx2)
                c = (0.0 - dx1) / (dx2 * (dx1 + dx2))
            out[sl(0)] = a * f[sl(0)] + b * f[sl(1)] + c * f[sl(2)]
            if uniform:
                a, b, c = 0.5 / ax_dx, -2. / ax_dx, 1.5 / ax_dx
            else:
                dx1, dx2 = ax_dx[-2], ax_dx[-1]
                a = (dx2) / (dx1 * (dx1 + dx2))
                b = (0.0 - (dx2 + dx1)) / (dx1 * dx2)
                c = (2. * dx2 + dx1) / (dx2 * (dx1 + dx2))
            out[sl(-1)] = a * f[sl(-3)] + b * f[sl(-2)] + c * f[sl(-1)]
        outvals.append(out)
    if len_axes == 1:
        return outvals[0]
    return tuple(outvals)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """numpy.cov: covariance matrix (frequency and analytic weights, ddof, bias)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    m = _arr(m)
    if m.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    if y is not None:
        y = _arr(y)
        if y.ndim > 2:
            raise ValueError("y has more than 2 dimensions")
    if dtype is None:
        dtype = numpy.result_type(m.dtype, numpy.float64) if y is None else \
            numpy.result_type(m.dtype, y.dtype, numpy.float64)
    X = cupric.array(m, ndmin=2, dtype=dtype)
    if not rowvar and X.shape[0] != 1:
        X = X.T
    if X.shape[0] == 0:
        return cupric.array([]).reshape(0, 0)
    if y is not None:
        y = cupric.array(y, copy=False, ndmin=2, dtype=dtype)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        X = cupric.concatenate((X, y), axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = None
    if fweights is not None:
        fw = _arr(fweights)
        if fw.dtype.kind not in 'biu':
            raise TypeError("fweights must be integer")
        if fw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional fweights")
        if fw.shape[0] != X.shape[1]:
            raise RuntimeError("incompatible numbers of samples and fweights")
        if bool((fw < 0).any()):
            raise ValueError("fweights cannot be negative")
        w = fw.astype(numpy.float64)
    if aweights is not None:
        aw = _arr(aweights)
        if aw.ndim > 1:
            raise RuntimeError("cannot handle multidimensional aweights")
        if aw.shape[0] != X.shape[1]:
            raise RuntimeError("incompatible numbers of samples and aweights")
        if bool((aw < 0).any()):
            raise ValueError("aweights cannot be negative")
        w = aw if w is None else w * aw
    avg, w_sum = average(X, axis=1, weights=w, returned=True)
    w_sum = w_sum[0]
    if w is None:
        fact = X.shape[1] - ddof
    elif ddof == 0:
        fact = w_sum
    elif aweights is None:
        fact = w_sum - ddof
    else:
        fact = w_sum - ddof * (w * _arr(aweights)).sum() / w_sum
    if not isinstance(fact, _core.ndarray) and fact <= 0:
        import warnings
        warnings.warn("Degrees of freedom <= 0 for slice", RuntimeWarning, stacklevel=2)
        fact = 0.0
    X = X - avg[:, None]
    X_T = X.T if w is None else (X * w).T
    c = cupric.matmul(X, _conj(X_T)) if hasattr(cupric, "matmul") else _dot(X, _conj(X_T))
    c = c / fact
    return c.squeeze()


def _dot(a, b):
    """(n, k) @ (k, m), one row at a time (k * m temporaries; matmul belongs to another issue)."""
    bt = b.T
    rows = [(a[i][None, :] * bt).sum(axis=1) for i in range(a.shape[0])]
    return cupric.stack(rows) if rows else cupric.zeros((0, b.shape[1]), dtype=numpy.result_type(a.dtype, b.dtype))


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """numpy.corrcoef: Pearson correlation coefficients, clipped to [-1, 1]."""
    c = cov(x, y, rowvar, dtype=dtype)
    if c.ndim == 0:
        return c / c
    d = cupric.diagonal(c).copy()
    stddev = cupric.sqrt(d.real if d.dtype.kind == 'c' else d)
    c = c / stddev[:, None]
    c = c / stddev[None, :]
    if c.dtype.kind == 'c':
        return c
    return cupric.maximum(cupric.minimum(c, 1), -1)


def correlate(a, v, mode='valid'):
    """numpy.correlate (1-D): c[k] = sum_n a[n + k] * conj(v[n]); a direct method (C++)."""
    return _core._correlate(_arr(a), _arr(v), mode)


def convolve(a, v, mode='full'):
    """numpy.convolve (1-D): correlate with the reversed kernel; a direct method (C++)."""
    return _core._convolve(_arr(a), _arr(v), mode)


def array_equal(a1, a2, equal_nan=False):
    """numpy.array_equal: same shape and elements; a 0-d bool array on the device (no sync)."""
    return _core._array_equal(_arr(a1), _arr(a2), bool(equal_nan))


def array_equiv(a1, a2):
    """numpy.array_equiv: equal after broadcasting; a 0-d bool array on the device."""
    return _core._array_equiv(_arr(a1), _arr(a2))
