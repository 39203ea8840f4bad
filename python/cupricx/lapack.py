"""cupricx.lapack: CuPy's cupyx.lapack solvers (``gesv``, ``gels``, ``posv``, ``potrs``) with CuPy's
signatures, checks and results, computed by cupric.linalg (cuSOLVER on the GPU, LAPACK-style
kernels on the host backend), so they run on both backends.

As in CuPy, a failed factorisation (singular ``a``, ``a`` not positive definite) raises
numpy.linalg.LinAlgError under ``cupricx.errstate(linalg='raise')`` and leaves NaNs otherwise.
One difference: CuPy's ``gesv`` leaves LU factors in ``a`` ("a will be overwritten"); cupric's
leaves ``a`` unchanged (only ``b`` is overwritten, with the solution, as CuPy's contract says).
"""
import numpy as _numpy

import cupric as _cupric

_LAPACK_TYPES = "fdFD"  # float32, float64, complex64, complex128: the s, d, c, z routines


def _lapack_type(dtype, error, fmt):
    if dtype.char not in _LAPACK_TYPES:
        raise error(fmt.format(dtype))


def gesv(a, b):
    """Solves ``a x = b`` by LU decomposition (cusolverDn<t>getr[fs]), writing x into ``b``.

    ``a`` is (M, M), F- or C-contiguous; ``b`` is (M,) or (M, K), F-contiguous, of a's dtype.
    Returns None, as CuPy's (the solution is in ``b``).
    """
    if a.ndim != 2:
        raise ValueError(f"a.ndim must be 2 (actual: {a.ndim})")
    if b.ndim not in (1, 2):
        raise ValueError(f"b.ndim must be 1 or 2 (actual: {b.ndim})")
    if a.shape[0] != a.shape[1]:
        raise ValueError("a must be a square matrix.")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"shape mismatch (a: {a.shape}, b: {b.shape}).")
    if a.dtype != b.dtype:
        raise TypeError(f"dtype mismatch (a: {a.dtype}, b: {b.dtype})")
    _lapack_type(a.dtype, TypeError, "unsupported dtype (actual:{})")
    if not (a.flags.f_contiguous or a.flags.c_contiguous):
        raise ValueError("a must be F-contiguous or C-contiguous.")
    if not b.flags.f_contiguous:
        raise ValueError("b must be F-contiguous.")
    b[...] = _cupric.linalg.solve(a, b)


def gels(a, b):
    """The least-squares solution of ``a x = b`` (over-, well- or under-determined, ``a`` of full
    rank; the minimum-norm one when under-determined), as cusolverDn<t>geqrf + ormqr + trsm.

    ``a`` is (M, N), ``b`` (M,) or (M, K) of a's dtype; returns x, (N,) or (N, K).
    """
    if a.ndim != 2:
        raise ValueError(f"a.ndim must be 2 (actual: {a.ndim})")
    if b.ndim not in (1, 2):
        raise ValueError(f"b.ndim must be 1 or 2 (actual: {b.ndim})")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"shape mismatch (a: {a.shape}, b: {b.shape}).")
    if a.dtype != b.dtype:
        raise ValueError(f"dtype mismatch (a: {a.dtype}, b: {b.dtype}).")
    _lapack_type(a.dtype, ValueError, "unsupported dtype (actual: {})")
    return _cupric.linalg.lstsq(a, b, rcond=None)[0]


def _posv_dtype(*arrays):
    dtype = _numpy.promote_types(_numpy.result_type(*(x.dtype for x in arrays)), "f")
    if dtype.char not in _LAPACK_TYPES:
        raise ValueError(f"dtype must be float32, float64, complex64 or complex128 (actual: {arrays[0].dtype})")
    return dtype


def _check_stacked_square(a):
    if a.ndim < 2:
        raise _numpy.linalg.LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise _numpy.linalg.LinAlgError("Last 2 dimensions of the array must be square")


def _cholesky_solve(L, b, lower):
    """x with A x = b where A = L L^H (lower) or A = U^H U (upper = L), over stacked matrices;
    b is (..., n) or (..., n, nrhs) (a vector per matrix when b.ndim == L.ndim - 1)."""
    n = L.shape[-1]
    vector = b.ndim == L.ndim - 1 or b.ndim == 1
    if (b.shape[-1] if vector else b.shape[-2]) != n:
        raise ValueError(f"length of arrays in b ({b.shape}) does not match size of L ({n})")
    if L.ndim == 2:  # one matrix: potrs (cupricx.scipy.linalg.cho_solve's), which reads L's triangle only
        return _cupric._core._linalg_solvers.cho_solve(L, bool(lower), b, False)
    rhs = b[..., None] if vector else b
    # Stacks: two solves against the factor's triangle (only that triangle is read, as potrs does).
    L = _cupric.tril(L) if lower else _cupric.triu(L)
    LH = _cupric.conj(_cupric.swapaxes(L, -1, -2))
    first, second = (L, LH) if lower else (LH, L)
    x = _cupric.linalg.solve(second, _cupric.linalg.solve(first, rhs))
    return x[..., 0] if vector else x


def posv(a, b):
    """Solves ``a x = b`` for real symmetric / complex Hermitian positive-definite ``a`` by
    Cholesky factorisation of its lower triangle (cusolverDn<t>potr[fs]); ``a`` is (..., N, N),
    ``b`` (..., N) or (..., N, NRHS). Returns x (b's shape, C-contiguous)."""
    _check_stacked_square(a)
    dtype = _posv_dtype(a, b)
    a = a.astype(dtype, copy=False)
    b = b.astype(dtype, copy=False)
    if a.ndim == 2:
        n = a.shape[0]
        if b.size % max(n, 1) or (b.ndim and b.shape[0] != n):
            raise ValueError(f"shape mismatch (a: {a.shape}, b: {b.shape}).")
        x = _cholesky_solve(_cupric.linalg.cholesky(a), b.reshape(n, -1), True).reshape(b.shape)
    else:
        x = _cholesky_solve(_cupric.linalg.cholesky(a), b, True)
    return _cupric.ascontiguousarray(x)


def potrs(L, b, lower):
    """Solves ``A x = b`` given the Cholesky factor ``L`` of A (lower triangular if ``lower``,
    else upper: A = U^H U), over stacked matrices (..., N, N) and b (..., N) or (..., N, NRHS)."""
    _check_stacked_square(L)
    dtype = _posv_dtype(L, b)
    return _cholesky_solve(L.astype(dtype, copy=False), b.astype(dtype, copy=False), bool(lower))
