"""SciPy's dense solvers and factorisations (scipy.linalg 1.17 signatures); the work is in C++
(cupric/linalg/decompositions.hpp, namespace scipy::linalg). ``overwrite_*`` are accepted and
ignored (results are always new arrays), as in CuPy."""
from cupric import _core

_sl = _core._linalg_solvers
_TRANS = {'N': 0, 'T': 1, 'C': 2}


class LinAlgWarning(RuntimeWarning):
    """SciPy's warning for ill-conditioned matrices (scipy.linalg.LinAlgWarning, a RuntimeWarning),
    for code that filters or catches it. cupricx's solve, as CuPy's, does not estimate the
    reciprocal condition number (LAPACK's gecon has no cuSOLVER counterpart), so it never emits
    it (docs/linalg.md)."""


def _trans(trans):
    return _TRANS.get(trans, trans)


def lu_factor(a, overwrite_a=False, check_finite=True):
    """LU factorisation with partial pivoting: ``(lu, piv)``, 0-based pivots."""
    return _sl.lu_factor(a, overwrite_a, check_finite)


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """Solves ``a x = b`` (trans 0), ``a^T x = b`` (1) or ``a^H x = b`` (2) from lu_factor's result."""
    lu, piv = lu_and_piv
    return _sl.lu_solve(lu, piv, b, _trans(trans), check_finite)


def lu(a, permute_l=False, overwrite_a=False, check_finite=True, p_indices=False):
    """LU decomposition ``a = p @ l @ u``: ``(p, l, u)``, or ``(p @ l, u)`` with permute_l."""
    return _sl.lu(a, permute_l, check_finite, p_indices)


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, check_finite=True):
    """Solves ``a x = b`` for a triangular ``a``."""
    return _sl.solve_triangular(a, b, _trans(trans), lower, unit_diagonal, check_finite)


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """Cholesky factorisation for cho_solve: ``(c, lower)``."""
    return _sl.cho_factor(a, lower, check_finite)


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Solves ``a x = b`` from cho_factor's result."""
    c, lower = c_and_lower
    return _sl.cho_solve(c, lower, b, check_finite)


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True, assume_a=None,
          transposed=False):
    """Solves ``a x = b``; assume_a 'gen' (default), 'sym', 'her', 'pos', 'diagonal',
    'lower triangular' or 'upper triangular'."""
    return _sl.solve(a, b, lower, 'gen' if assume_a is None else assume_a, transposed, check_finite)


def expm(A):
    """Matrix exponential of a stack of square matrices (scaling and squaring, Pade 13)."""
    return _sl.expm(A)
