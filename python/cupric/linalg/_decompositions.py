"""cupric.linalg's decompositions and solvers (numpy.linalg 2.x signatures and result types); the
work is in C++ (cupric/linalg/decompositions.hpp)."""
from typing import NamedTuple

import numpy

from cupric import _core

_sl = _core._linalg_solvers


class SlogdetResult(NamedTuple):
    sign: object
    logabsdet: object


class EighResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class EigResult(NamedTuple):
    eigenvalues: object
    eigenvectors: object


class QRResult(NamedTuple):
    Q: object
    R: object


class SVDResult(NamedTuple):
    U: object
    S: object
    Vh: object


def det(a):
    """Determinant of a stack of square matrices."""
    return _sl.det(a)


def slogdet(a):
    """Sign and natural log of the absolute determinant: ``SlogdetResult(sign, logabsdet)``."""
    return SlogdetResult(*_sl.slogdet(a))


def inv(a):
    """Inverse of a stack of square matrices (LinAlgError "Singular matrix")."""
    return _sl.inv(a)


def solve(a, b):
    """Solves ``a @ x = b``; ``b`` of shape (M,) is a vector, else a stack of (M, K) matrices."""
    return _sl.solve(a, b)


def cholesky(a, /, *, upper=False):
    """Cholesky factor L (``a = L @ L^H``), or U (``a = U^H @ U``) with ``upper=True``."""
    return _sl.cholesky(a, upper)


def qr(a, mode='reduced'):
    """QR factorisation; mode 'reduced', 'complete', 'r' or 'raw'."""
    r = _sl.qr(a, mode)
    return QRResult(*r) if mode in ('reduced', 'complete') else r


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """Singular value decomposition ``SVDResult(U, S, Vh)``; only S with ``compute_uv=False``."""
    if not compute_uv:
        return _sl.svdvals(a, hermitian)
    return SVDResult(*_sl.svd(a, full_matrices, hermitian))


def svdvals(x, /):
    """The singular values of a stack of matrices, descending."""
    return _sl.svdvals(x, False)


def eigh(a, UPLO='L'):
    """Eigenvalues (ascending) and eigenvectors of Hermitian matrices: ``EighResult``."""
    return EighResult(*_sl.eigh(a, UPLO))


def eigvalsh(a, UPLO='L'):
    """Eigenvalues of Hermitian matrices, ascending."""
    return _sl.eigvalsh(a, UPLO)


def eig(a):
    """Eigenvalues and right eigenvectors of square matrices: ``EigResult``."""
    return EigResult(*_sl.eig(a))


def eigvals(a):
    """Eigenvalues of square matrices."""
    return _sl.eigvals(a)


def lstsq(a, b, rcond=None):
    """Least-squares solution: ``(x, residuals, rank, s)``; rcond default eps * max(M, N)."""
    return _sl.lstsq(a, b, rcond)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank of a stack of matrices by singular values above the tolerance."""
    return _sl.matrix_rank(A, tol, hermitian, rtol)


def pinv(a, rcond=None, hermitian=False, *, rtol=numpy._NoValue):
    """Moore-Penrose pseudo-inverse of a stack of matrices."""
    return _sl.pinv(a, rcond, hermitian, rtol is not numpy._NoValue, None if rtol is numpy._NoValue else rtol)


def cond(x, p=None):
    """Condition number in the norm ``p`` (None, 2, -2: singular values)."""
    return _sl.cond(x, p)


def matrix_power(a, n):
    """``a`` raised to the integer power ``n`` (negative: of the inverse)."""
    try:
        n = int(n.__index__())
    except AttributeError as e:
        raise TypeError("exponent must be an integer") from e
    return _sl.matrix_power(a, n)


def multi_dot(arrays, *, out=None):
    """The product of two or more matrices in the cheapest order."""
    r = _sl.multi_dot(list(arrays))
    if out is not None:
        out[...] = r
        return out
    return r


def tensorsolve(a, b, axes=None):
    """Solves ``tensordot(a, x, axes=b.ndim) = b`` for x."""
    return _sl.tensorsolve(a, b, axes)


def tensorinv(a, ind=2):
    """The inverse of an N-d array with respect to tensordot over its first ``ind`` axes."""
    return _sl.tensorinv(a, ind)
