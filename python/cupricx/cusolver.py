"""cupricx.cusolver: CuPy's cupyx.cusolver functions (``gesvdj``, ``gesvda``, ``syevj``, ``gesv``,
``gels``, ``csrlsvqr``, ``check_availability``) with CuPy's signatures and results, computed by
cupric.linalg / cupricx.scipy.sparse.linalg (cuSOLVER on the GPU), so they run on the host backend
too. The algorithms behind them are cupric's (the Jacobi, approximate and mixed-precision
iterative-refinement variants CuPy names are not separate code paths here): the results are those
of the exact decompositions and solves, to the dtype's precision.
"""
import warnings as _warnings

import numpy as _numpy

import cupric as _cupric

# The routines CuPy 14's check_availability knows; cupric has all of them.
_ROUTINES = frozenset({"gesvdj", "gesvdjBatched", "gesvda", "potrfBatched", "potrsBatched", "syevj", "gesv",
                       "gels", "csrlsvqr", "geev"})


def check_availability(name):
    """Whether routine `name` is usable (True for every routine CuPy 14 lists: cupric has them on
    every backend); ValueError for a name CuPy does not list."""
    if name not in _ROUTINES:
        raise ValueError(f"No available version information specified for {name}")
    return True


def _solver_dtype(a):
    if a.dtype.char not in "fdFD":
        raise TypeError(f"unsupported dtype {a.dtype} (float32, float64, complex64 or complex128)")


def _h(x):
    return _cupric.conj(_cupric.swapaxes(x, -1, -2))


def gesvdj(a, full_matrices=True, compute_uv=True, overwrite_a=False):
    """Singular value decomposition ``a == u @ diag(s) @ v.conj().T`` of a (M, N) matrix or a
    (batch, M, N) stack. Returns ``(u, s, v)`` (v, not its conjugate transpose, as CuPy's), or s
    when ``compute_uv`` is False. ``a`` is never overwritten (``overwrite_a`` only allows it)."""
    if a.ndim not in (2, 3):
        raise ValueError(f"a.ndim must be 2 or 3 (actual: {a.ndim})")
    _solver_dtype(a)
    if not compute_uv:
        return _cupric.linalg.svd(a, compute_uv=False)
    u, s, vh = _cupric.linalg.svd(a, full_matrices=bool(full_matrices))
    return u, s, _h(vh)


def gesvda(a, compute_uv=True):
    """Singular value decomposition of tall matrices (..., M, N), M >= N: ``(u, s, v)`` with u
    (..., M, N), s (..., N), v (..., N, N) and ``a == u @ diag(s) @ v.conj().T``; s alone when
    ``compute_uv`` is False."""
    if a.ndim < 2:
        raise ValueError(f"a.ndim must be at least 2 (actual: {a.ndim})")
    m, n = a.shape[-2:]
    if m < n:
        raise ValueError(f"gesvda needs M >= N (a.shape: {a.shape})")
    _solver_dtype(a)
    if not compute_uv:
        return _cupric.linalg.svd(a, compute_uv=False)
    u, s, vh = _cupric.linalg.svd(a, full_matrices=False)
    return u, s, _h(vh)


def syevj(a, UPLO="L", with_eigen_vector=True):
    """Eigenvalues ``w`` (ascending) and eigenvectors ``v`` (``v[..., :, i]`` for ``w[..., i]``) of
    real symmetric / complex Hermitian matrices (M, M) or (..., M, M), from the ``UPLO`` triangle.
    Returns ``(w, v)``, or w when ``with_eigen_vector`` is False."""
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    if a.dtype == _numpy.float16:  # CuPy accepts float16 here (computed in float32)
        a = a.astype(_numpy.float32)
    if not with_eigen_vector:
        return _cupric.linalg.eigvalsh(a, UPLO=UPLO)
    w, v = _cupric.linalg.eigh(a, UPLO=UPLO)
    return w, v


def _check_rhs(a, b, space=""):
    if a.ndim != 2:
        raise ValueError(f"a.ndim must be 2 (actual:{space}{a.ndim})")
    if b.ndim not in (1, 2):
        raise ValueError(f"b.ndim must be 1 or 2 (actual:{space}{b.ndim})")


def gesv(a, b):
    """Solves ``a x = b`` for a square (M, M) ``a`` and b (M,) or (M, K) of the same dtype;
    returns x (a and b are left unchanged)."""
    _check_rhs(a, b)
    if a.shape[0] != a.shape[1]:
        raise ValueError("a must be a square matrix.")
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"shape mismatch (a:{a.shape}, b:{b.shape}).")
    if a.dtype != b.dtype:
        raise ValueError(f"dtype mismatch (a:{a.dtype}, b:{b.dtype}).")
    if a.dtype.char not in "fdFD":
        raise ValueError(f"unsupported dtype (actual:{a.dtype})")
    return _cupric.linalg.solve(a, b)


def gels(a, b):
    """The least-squares solution of ``a x = b`` for (M, N) ``a`` with M >= N and b (M,) or
    (M, K) of the same dtype; returns x, (N,) or (N, K)."""
    _check_rhs(a, b)
    if a.shape[0] != b.shape[0]:
        raise ValueError(f"shape mismatch (a:{a.shape}, b:{b.shape}).")
    if a.dtype != b.dtype:
        raise ValueError(f"dtype mismatch (a:{a.dtype}, b:{b.dtype}).")
    m, n = a.shape
    if m < n:
        raise ValueError("m must be equal to or greater than n.")
    if a.dtype.char not in "fdFD":
        raise ValueError(f"unsupported dtype (actual:{a.dtype})")
    return _cupric.linalg.lstsq(a, b, rcond=None)[0]


def csrlsvqr(A, b, tol=0, reorder=1):
    """Solves ``A x = b`` for a square CSR matrix ``A`` (M, M) and b (M,) of A's dtype; warns, as
    CuPy's, when A is singular (the solution then has non-finite values). ``tol`` and ``reorder``
    are accepted for CuPy's signature (cupric's sparse solver chooses its own ordering)."""
    import cupricx.scipy.sparse as _sparse
    from cupricx.scipy.sparse import linalg as _splinalg
    if not (_sparse.issparse(A) and A.format == "csr"):
        raise ValueError("A must be CSR sparse matrix")
    if not isinstance(b, _cupric.ndarray):
        raise ValueError("b must be cupric.ndarray")
    if b.ndim != 1:
        raise ValueError(f"b.ndim must be 1 (actual: {b.ndim})")
    if not (A.shape[0] == A.shape[1] == b.shape[0]):
        raise ValueError("invalid shape")
    if A.dtype != b.dtype:
        raise TypeError("dtype mismatch")
    if A.dtype.char not in "fdFD":
        raise TypeError(f"Invalid dtype (actual: {A.dtype})")
    with _warnings.catch_warnings():
        _warnings.simplefilter("ignore")  # the singular case is reported below, in CuPy's words
        x = _splinalg.spsolve(A, b)
    if not bool(_cupric.isfinite(x).all()):
        _warnings.warn(f"A is not positive definite or near singular under tolerance {max(tol, 0)}")
    return x
