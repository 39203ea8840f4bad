"""SciPy's special matrices (scipy.linalg 1.17 semantics): signatures and docstrings; the matrices
are built in C++ (cupric/linalg/special_matrices.hpp)."""

import operator

from cupric import _core

_sl = _core._linalg_solvers


def block_diag(*arrs):
    """Create a block diagonal array from the provided arrays (leading dimensions broadcast)."""
    return _sl.block_diag(*arrs)


def khatri_rao(a, b):
    """Khatri-Rao product: the column-wise Kronecker product of two 2-D arrays."""
    return _sl.khatri_rao(a, b)


def kron(a, b):
    """Kronecker product of two arrays (``numpy.kron`` for 2-D inputs)."""
    return _sl.kron(a, b)


def toeplitz(c, r=None):
    """Toeplitz matrix with first column ``c`` and first row ``r`` (default ``conj(c)``)."""
    return _sl.toeplitz(c, r)


def circulant(c):
    """Circulant matrix whose first column is ``c``."""
    return _sl.circulant(c)


def hankel(c, r=None):
    """Hankel matrix with first column ``c`` and last row ``r`` (default zeros)."""
    return _sl.hankel(c, r)


def companion(a):
    """Companion matrix of the polynomial whose coefficients are ``a``."""
    return _sl.companion(a)


def hadamard(n, dtype=int):
    """Hadamard matrix of order ``n`` (a power of 2), Sylvester's construction."""
    return _sl.hadamard(n, dtype)


def leslie(f, s):
    """Leslie matrix from fecundity coefficients ``f`` and survival coefficients ``s``."""
    return _sl.leslie(f, s)


def convolution_matrix(a, n, mode='full'):
    """Toeplitz matrix ``A`` with ``A @ v == numpy.convolve(a, v, mode)``; leading dimensions of
    ``a`` are batches: ``(..., k, n)`` with k = m + n - 1 ('full'), max(m, n) ('same') or
    max(m, n) - min(m, n) + 1 ('valid')."""
    return _sl.convolution_matrix(a, operator.index(n), mode)


def fiedler(a):
    """Symmetric Fiedler matrix ``F[..., i, j] = abs(a[..., i] - a[..., j])``."""
    return _sl.fiedler(a)


def fiedler_companion(a):
    """Fiedler's pentadiagonal companion matrix of the polynomial ``a`` (descending coefficients,
    nonzero leading one); its eigenvalues are the polynomial's roots. ``(..., N-1, N-1)``."""
    return _sl.fiedler_companion(a)


def dft(n, scale=None):
    """The ``n x n`` complex128 discrete Fourier transform matrix; scale None, 'sqrtn' or 'n'."""
    if scale is not None and not isinstance(scale, str):
        raise ValueError(f"scale must be None, 'sqrtn', or 'n'; {scale!r} is not valid.")
    return _sl.dft(operator.index(n), '' if scale is None else scale)


def helmert(n, full=False):
    """The Helmert matrix of order ``n``: ``(n - 1, n)``, or ``(n, n)`` with ``full``."""
    return _sl.helmert(operator.index(n), bool(full))


def hilbert(n):
    """The ``n x n`` Hilbert matrix ``1 / (i + j + 1)``."""
    return _sl.hilbert(operator.index(n))


def bandwidth(a):
    """Lower and upper bandwidth of a 2-D array: a tuple of two ints (for a stack of matrices,
    two int64 arrays of the batch shape). Reads the matrix back to the host (one synchronise)."""
    lower, upper = _sl.bandwidth(a)
    if lower.ndim == 0:
        return int(lower), int(upper)
    return lower, upper
