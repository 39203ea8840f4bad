"""eigsh and svds (CuPy 14's signatures): thick-restart Lanczos in C++
(src/sparse/linalg/eigsh.cpp); svds is eigsh of A^H A (or A A^H)."""

import numpy

import cupric
from cupric._core import _sparse_linalg as _core
from cupricx.scipy.sparse.linalg._interface import aslinearoperator
from cupricx.scipy.sparse.linalg._iterative import _for_core

__all__ = ["eigsh", "svds"]


def eigsh(a, k=6, *, which="LM", v0=None, ncv=None, maxiter=None, tol=0, return_eigenvectors=True):
    """k eigenvalues and eigenvectors of a real symmetric or complex Hermitian matrix.

    Thick-restart Lanczos with full reorthogonalisation, as CuPy's ``eigsh``.

    Args:
        a: an n x n Hermitian operator (cupric array, sparse matrix or LinearOperator), of dtype
            float32, float64, complex64 or complex128.
        k: the number of eigenpairs (``0 < k < n``).
        which: ``'LM'`` (largest magnitude), ``'LA'`` (largest algebraic) or ``'SA'`` (smallest
            algebraic).
        v0: the start vector (default: ``cupric.random.random(n)``, as CuPy).
        ncv: the Lanczos basis size (default ``min(max(2k, k + 32), n - 1)``).
        maxiter: the limit on Lanczos steps (default ``10 n``).
        tol: the residual tolerance (0: machine precision).
        return_eigenvectors: return ``(w, x)`` instead of ``w``.

    Returns:
        w (ascending, of a's real dtype) or ``(w, x)`` with x of shape (n, k).
    """
    A = a if isinstance(a, cupric.ndarray) else aslinearoperator(a)
    if len(A.shape) != 2 or A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix (shape: {A.shape})")
    if numpy.dtype(A.dtype).char not in "fdFD":
        raise TypeError(f"unsupprted dtype (actual: {A.dtype})")
    n = A.shape[0]
    if v0 is None and 0 < k < n:
        v0 = cupric.random.random((n,)).astype(A.dtype)
    return _core.eigsh(
        A if isinstance(A, cupric.ndarray) else _for_core(A),
        int(k),
        which,
        v0,
        ncv,
        maxiter,
        float(tol),
        bool(return_eigenvectors),
    )


def _augmented_orthonormal_cols(x, n_aug):
    """x (orthonormal columns) with n_aug more orthonormal columns appended."""
    if n_aug <= 0:
        return x
    m, k = x.shape
    r = cupric.random.random((m, n_aug)).astype(x.dtype)
    q, _ = cupric.linalg.qr(cupric.concatenate([x, r], axis=1))
    return cupric.concatenate([x, q[:, k:]], axis=1)


def svds(a, k=6, *, ncv=None, tol=0, which="LM", maxiter=None, return_singular_vectors=True):
    """The k largest singular values (and vectors) of a matrix, as CuPy's ``svds``.

    Computed as the eigenpairs of ``A^H A`` (m >= n) or ``A A^H`` (m < n) by :func:`eigsh`;
    singular values below ``1e6 * eps * max`` (``1e3`` for single precision) are returned as 0
    with random orthonormal vectors. Only ``which='LM'`` is supported (as CuPy).

    Returns:
        ``(u, s, vt)`` with u m x k, s ascending (k,), vt k x n; or s alone.
    """
    if len(a.shape) != 2:
        raise ValueError(f"expected 2D (shape: {a.shape})")
    if numpy.dtype(a.dtype).char not in "fdFD":
        raise TypeError(f"unsupprted dtype (actual: {a.dtype})")
    m, n = a.shape
    if k <= 0:
        raise ValueError(f"k must be greater than 0 (actual: {k})")
    if k >= min(m, n):
        raise ValueError(f"k must be smaller than min(m, n) (actual: {k})")
    if which != "LM":
        raise ValueError(f"which must be 'LM' (actual: {which!r})")
    A = aslinearoperator(a)
    if m >= n:
        aH, A = A.H, A
    else:
        aH, A = A, A.H
    if return_singular_vectors:
        w, x = eigsh(aH @ A, k=k, which=which, ncv=ncv, maxiter=maxiter, tol=tol, return_eigenvectors=True)
    else:
        w = eigsh(aH @ A, k=k, which=which, ncv=ncv, maxiter=maxiter, tol=tol, return_eigenvectors=False)
    w = cupric.maximum(w, 0)
    t = w.dtype.char.lower()
    cond = {"f": 1e3, "d": 1e6}[t] * numpy.finfo(t).eps
    cutoff = cond * cupric.max(w)
    above_cutoff = w > cutoff
    n_large = int(above_cutoff.sum())
    s = cupric.zeros_like(w)
    s[:n_large] = cupric.sqrt(w[above_cutoff])
    if not return_singular_vectors:
        return s
    x = x[:, above_cutoff]
    if m >= n:
        v = x
        u = A @ v / s[:n_large]
    else:
        u = x
        v = A @ u / s[:n_large]
    u = _augmented_orthonormal_cols(u, k - n_large)
    v = _augmented_orthonormal_cols(v, k - n_large)
    return u, s, v.conj().T
