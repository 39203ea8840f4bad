"""SciPy's special matrices (scipy.linalg 1.17 semantics): signatures and docstrings; the matrices
are built in C++ (cupric/linalg/special_matrices.hpp)."""

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
