"""cg, cgs, bicgstab, gmres and minres: SciPy 1.17's signatures over the C++ Krylov solvers.

Argument normalisation only (operators from arrays, sparse matrices and callables; ``x0='Mb'``;
gmres's callback_type); the iterations, checks and info codes are C++
(src/sparse/linalg/krylov.cpp, gmres.cpp, minres.cpp).
"""

import types
import warnings

import cupric
from cupric._core import _sparse_linalg as _core
from cupricx.scipy.sparse.linalg._interface import (
    IdentityOperator,
    LinearOperator,
    MatrixLinearOperator,
    aslinearoperator,
)

__all__ = ["cg", "cgs", "bicgstab", "gmres", "minres"]


def _for_core(op):
    """What the C++ solver is handed for an operator: a dense array as it is (a C++ product),
    a sparse matrix as its own product, any other operator through its matvec."""
    if isinstance(op, MatrixLinearOperator) and type(op) is MatrixLinearOperator:
        A = op.A
        if isinstance(A, cupric.ndarray) and A.ndim == 2:
            return A
        return types.SimpleNamespace(shape=op.shape, dtype=op.dtype, matvec=A.dot if hasattr(A, "dot") else A.__matmul__)
    return op


def _operators(A, M, b):
    """The solver's A and M (None for the identity), and b, as SciPy's make_system takes them."""
    A_ = A
    A = aslinearoperator(A)
    if not isinstance(b, cupric.ndarray):
        b = cupric.asarray(b)
    if A.dtype is None:  # a subclass that did not set one: the dtype of A @ b (SciPy's rule)
        dtype = A.matvec(b.ravel() if b.ndim == 2 else b).dtype
        A = LinearOperator(A.shape, A.matvec, rmatvec=A.rmatvec, dtype=dtype)
    if M is None:
        psolve = getattr(A_, "psolve", None)
        if psolve is not None:
            M = LinearOperator(A.shape, matvec=psolve, rmatvec=getattr(A_, "rpsolve", None), dtype=A.dtype)
    else:
        M = aslinearoperator(M)
    if isinstance(M, IdentityOperator):
        M = None
    return A, M, b


def _x0(x0, M, b):
    if isinstance(x0, str):
        if x0 != "Mb":
            raise ValueError(f"x0 must be None, an array or 'Mb', got {x0!r}")
        return b.copy() if M is None else M.matvec(b.ravel())
    return x0


def _run(name, A, b, x0, rtol, atol, maxiter, M, callback):
    A, M, b = _operators(A, M, b)
    x0 = _x0(x0, M, b)
    x, info, _ = getattr(_core, name)(
        _for_core(A), b, x0, float(rtol), float(atol), maxiter, None if M is None else _for_core(M), callback
    )
    return x, info


def cg(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Conjugate Gradient iteration for a Hermitian positive definite A (SciPy's ``cg``).

    Args:
        A: the operator (cupric array, sparse matrix, LinearOperator or object with
            ``shape``/``matvec``), n x n.
        b: the right-hand side, shape (n,) or (n, 1).
        x0: the starting guess (default zeros), or ``'Mb'`` for ``M @ b``.
        rtol, atol: the tolerance reached is ``norm(b - A @ x) <= max(rtol * norm(b), atol)``.
        maxiter: the iteration limit (default ``10 * n``).
        M: a preconditioner approximating the inverse of A (same shapes as A).
        callback: called as ``callback(xk)`` after each iteration.

    Returns:
        tuple: ``(x, info)``; info 0 when converged, ``maxiter`` when the limit was reached.

    The residual norm is read back every 16 iterations on a GPU (every iteration with a
    callback), so a solve may run up to 15 iterations past convergence (Note [Residual checks]
    in src/sparse/linalg/krylov.cpp).
    """
    return _run("cg", A, b, x0, rtol, atol, maxiter, M, callback)


def cgs(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Conjugate Gradient Squared iteration (SciPy's ``cgs``): ``(x, info)``.

    Arguments as for :func:`cg`; A need not be Hermitian. info -10 (rho) or -11 (a zero
    product) reports a breakdown.
    """
    return _run("cgs", A, b, x0, rtol, atol, maxiter, M, callback)


def bicgstab(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """BIConjugate Gradient STABilized iteration (SciPy's ``bicgstab``): ``(x, info)``.

    Arguments as for :func:`cg`; A need not be Hermitian. info -10 (rho) or -11 (omega) reports
    a breakdown.
    """
    return _run("bicgstab", A, b, x0, rtol, atol, maxiter, M, callback)


def gmres(
    A, b, x0=None, *, rtol=1e-5, atol=0.0, restart=None, maxiter=None, M=None, callback=None, callback_type=None
):
    """Generalized Minimal RESidual iteration, restarted (SciPy's ``gmres``): ``(x, info)``.

    Args:
        restart: the Krylov subspace size between restarts (default 20, at most n).
        maxiter: the number of restart cycles (default ``10 * n``; with ``callback_type='legacy'``
            and a callback, the number of inner iterations, as in SciPy).
        callback_type: ``'x'`` (``callback(xk)`` after each restart cycle), ``'pr_norm'``
            (``callback(preconditioned residual norm / norm(b))`` after each inner iteration) or
            ``'legacy'`` (as ``'pr_norm'``, with maxiter counting inner iterations); a callback
            without a callback_type warns (DeprecationWarning) and means ``'legacy'``.

    Other arguments as for :func:`cg`.
    """
    if callback is not None and callback_type is None:
        warnings.warn(
            "cupricx.scipy.sparse.linalg.gmres called without specifying `callback_type`. The default value will be "
            "changed in a future release. For compatibility, specify a value for `callback_type` explicitly, e.g., "
            "``gmres(..., callback_type='pr_norm')``, or to retain the old behavior "
            "``gmres(..., callback_type='legacy')``",
            category=DeprecationWarning,
            stacklevel=2,
        )
    if callback_type is None:
        callback_type = "legacy"
    if callback_type not in ("x", "pr_norm", "legacy"):
        raise ValueError(f"Unknown callback_type: {callback_type!r}")
    A, M, b = _operators(A, M, b)
    x0 = _x0(x0, M, b)
    x, info, _ = _core.gmres(
        _for_core(A),
        b,
        x0,
        float(rtol),
        float(atol),
        None if restart is None else int(restart),
        maxiter,
        None if M is None else _for_core(M),
        callback,
        callback_type,
    )
    return x, info


def minres(A, b, x0=None, *, rtol=1e-5, shift=0.0, maxiter=None, M=None, callback=None, show=False, check=False):
    """MINimum RESidual iteration for a Hermitian A (SciPy's ``minres``): ``(x, info)``.

    Solves ``(A - shift * I) x = b``; M must be Hermitian positive definite. ``check=True``
    tests A and M for symmetry first (ValueError). ``show=True`` prints SciPy's summary of the
    run. maxiter defaults to ``5 * n``; info is 0, or maxiter when the limit was reached.
    """
    A, M, b = _operators(A, M, b)
    x0 = _x0(x0, M, b)
    if show:
        print("Enter minres.   Solution of symmetric Ax = b")
        print(f"Enter minres.   n      =  {A.shape[0]:3g}     shift  =  {shift:23.14e}")
    x, info, itn = _core.minres(
        _for_core(A), b, x0, float(rtol), float(shift), maxiter, None if M is None else _for_core(M), callback, check
    )
    if show:
        print(f"Exit  minres.   info   =  {info:3g}               itn   ={itn:5g}")
    return x, info
