"""lsqr and lsmr: SciPy 1.17's signatures over the C++ least-squares solvers
(src/sparse/linalg/least_squares.cpp)."""

import cupric
from cupric._core import _sparse_linalg as _core
from cupricx.scipy.sparse.linalg._interface import aslinearoperator
from cupricx.scipy.sparse.linalg._iterative import _for_core

__all__ = ["lsqr", "lsmr"]

_LSQR_MSG = (
    "The exact solution is  x = 0                              ",
    "Ax - b is small enough, given atol, btol                  ",
    "The least-squares solution is good enough, given atol     ",
    "The estimate of cond(Abar) has exceeded conlim            ",
    "Ax - b is small enough for this machine                   ",
    "The least-squares solution is good enough for this machine",
    "Cond(Abar) seems to be too large for this machine         ",
    "The iteration limit has been reached                      ",
)


def _rfor_core(A):
    # A dense array goes to C++ as it is; any other operator with its own matvec and rmatvec.
    c = _for_core(A)
    return c if isinstance(c, cupric.ndarray) else A


def lsqr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, iter_lim=None, show=False, calc_var=False, x0=None):
    """The least-squares solution of ``A x = b`` (with damping) by LSQR (SciPy's ``lsqr``).

    Minimises ``||A x - b||^2 + damp^2 ||x - x0||^2`` for A of any shape (A needs ``rmatvec``).

    Returns:
        tuple: ``(x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var)`` as SciPy's
        (istop 1: ``A x = b`` solved to atol/btol, 2: least-squares solution to atol, 3: cond
        above conlim, 4-6 the same at machine precision, 7: iter_lim, default ``2 * n``).
    """
    A = aslinearoperator(A)
    r = _core.lsqr(_rfor_core(A), b, float(damp), float(atol), float(btol), float(conlim), iter_lim, calc_var, x0)
    if show:
        print(" ")
        print("LSQR finished")
        print(_LSQR_MSG[r[1]])
        print(f"istop ={r[1]:8g}   r1norm ={r[3]:8.1e}   anorm ={r[5]:8.1e}   arnorm ={r[7]:8.1e}")
        print(f"itn   ={r[2]:8g}   r2norm ={r[4]:8.1e}   acond ={r[6]:8.1e}   xnorm  ={r[8]:8.1e}")
        print(" ")
    return r


def lsmr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, maxiter=None, show=False, x0=None):
    """The least-squares solution of ``A x = b`` (with damping) by LSMR (SciPy's ``lsmr``).

    Returns:
        tuple: ``(x, istop, itn, normr, normar, norma, conda, normx)`` as SciPy's (istop as
        :func:`lsqr`'s; maxiter defaults to ``min(m, n)``).
    """
    A = aslinearoperator(A)
    r = _core.lsmr(_rfor_core(A), b, float(damp), float(atol), float(btol), float(conlim), maxiter, x0)
    if show:
        print(" ")
        print("LSMR finished")
        print(_LSQR_MSG[r[1]].replace("x = 0", "x = 0, or x = x0, if x0 was given"))
        print(f"istop ={r[1]:8g}    normr ={r[3]:8.1e}")
        print(f"    normA ={r[5]:8.1e}    normAr ={r[4]:8.1e}")
        print(f"itn   ={r[2]:8g}    condA ={r[6]:8.1e}")
        print(f"    normx ={r[7]:8.1e}")
    return r
