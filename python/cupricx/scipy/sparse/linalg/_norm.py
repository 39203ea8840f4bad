"""norm and matrix_power of sparse matrices (CuPy 14's/SciPy's), written on the matrices' own
methods (abs, sum, max, power, @), so they take cupricx.scipy.sparse's formats by duck typing."""

import numpy

import cupric

__all__ = ["norm", "matrix_power"]


def _issparse(x):
    try:
        from cupricx.scipy import sparse as _sparse

        if hasattr(_sparse, "issparse") and _sparse.issparse(x):
            return True
    except ImportError:
        pass
    return hasattr(x, "tocsr") and hasattr(x, "shape") and not isinstance(x, (cupric.ndarray, numpy.ndarray))


def _as_cupric(v):
    return v if isinstance(v, cupric.ndarray) else cupric.asarray(numpy.asarray(v))


def _frobenius(x):
    if not hasattr(x, "data"):
        x = x.tocsr()
    if hasattr(x, "sum_duplicates"):
        x.sum_duplicates()  # in place, as SciPy's norm does: duplicates add before squaring
    return cupric.linalg.norm(_as_cupric(x.data))


def norm(x, ord=None, axis=None):
    """The norm of a sparse matrix (SciPy's ``scipy.sparse.linalg.norm``).

    ord: None/'fro'/'f' (Frobenius), inf, -inf, 1, -1 and 2 (largest singular value, by
    :func:`svds`) for matrix norms; any number for vector norms along one axis. ord=-2 is not
    defined for sparse matrices (NotImplementedError, as SciPy and CuPy).
    """
    if not _issparse(x):
        raise TypeError("input is not sparse. use cupric.linalg.norm")
    if axis is None and ord in (None, "fro", "f"):
        return _as_cupric(_frobenius(x))
    x = x.tocsr()
    if axis is None:
        axis = (0, 1)
    elif not isinstance(axis, tuple):
        msg = "'axis' must be None, an integer or a tuple of integers"
        try:
            int_axis = int(axis)
        except TypeError:
            raise TypeError(msg) from None
        if axis != int_axis:
            raise TypeError(msg)
        axis = (int_axis,)
    nd = 2
    if len(axis) == 2:
        row_axis, col_axis = axis
        if not (-nd <= row_axis < nd and -nd <= col_axis < nd):
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if row_axis % nd == col_axis % nd:
            raise ValueError("Duplicate axes given.")
        if ord == 2:
            from cupricx.scipy.sparse.linalg._eigen import svds

            return cupric.max(svds(x, k=1, return_singular_vectors=False))
        if ord == -2:
            raise NotImplementedError("ord=-2 (the smallest singular value) is not implemented for sparse matrices")
        if ord == 1:
            return _as_cupric(abs(x).sum(axis=row_axis)).max()
        if ord == numpy.inf:
            return _as_cupric(abs(x).sum(axis=col_axis)).max()
        if ord == -1:
            return _as_cupric(abs(x).sum(axis=row_axis)).min()
        if ord == -numpy.inf:
            return _as_cupric(abs(x).sum(axis=col_axis)).min()
        if ord in (None, "f", "fro"):
            return _as_cupric(_frobenius(x))
        raise ValueError("Invalid norm order for matrices.")
    if len(axis) == 1:
        (a,) = axis
        if not (-nd <= a < nd):
            raise ValueError(f"Invalid axis {axis!r} for an array with shape {x.shape!r}")
        if ord == numpy.inf:
            M = abs(x).max(axis=a)
        elif ord == -numpy.inf:
            M = abs(x).min(axis=a)
        elif ord == 0:
            M = (x != 0).sum(axis=a)
        elif ord == 1:
            M = abs(x).sum(axis=a)
        elif ord in (2, None):
            M = cupric.sqrt(_as_cupric(_todense(abs(x).power(2).sum(axis=a))))
        else:
            try:
                ord + 1
            except TypeError:
                raise ValueError("Invalid norm order for vectors.") from None
            M = cupric.power(_as_cupric(_todense(abs(x).power(ord).sum(axis=a))), 1 / ord)
        return _as_cupric(_todense(M)).ravel()
    raise ValueError("Improper number of dimensions to norm.")


def _todense(m):
    return m.toarray() if hasattr(m, "toarray") else m


def matrix_power(A, power):
    """A raised to the integer power ``power`` by repeated squaring (SciPy's/CuPy's).

    A is a square sparse matrix (anything with ``@`` and ``copy``); power 0 gives the sparse
    identity of A's dtype.
    """
    M, N = A.shape
    if M != N:
        raise TypeError("sparse matrix is not square")
    if not (numpy.ndim(power) == 0 and numpy.isscalar(power) and int(power) == power):
        raise ValueError("exponent must be an integer")
    power = int(power)
    if power < 0:
        raise ValueError("exponent must be >= 0")
    if power == 0:
        from cupricx.scipy import sparse as _sparse

        return _sparse.identity(M, dtype=A.dtype, format=getattr(A, "format", "csr"))
    if power == 1:
        return A.copy()
    tmp = matrix_power(A, power // 2)
    if power % 2:
        return A @ tmp @ tmp
    return tmp @ tmp
