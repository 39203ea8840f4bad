"""spsolve, spsolve_triangular (C++: src/sparse/linalg/direct.cpp), and splu, spilu,
factorized, which factorise on the host through SciPy's SuperLU (as CuPy does; DESIGN.md)."""

import warnings

import numpy

import cupric
from cupric._core import _sparse_linalg as _core

__all__ = ["spsolve", "spsolve_triangular", "splu", "spilu", "factorized", "SuperLU", "MatrixRankWarning"]


class MatrixRankWarning(UserWarning):
    """spsolve's matrix is exactly singular (SciPy's scipy.sparse.linalg.MatrixRankWarning)."""


def _csr_arrays(A, what):
    """(rows, cols, indptr, indices, data) of A: a sparse matrix through ``tocsr()`` (cupricx's or
    SciPy's), or a dense 2-D array (cupric or NumPy) as it is."""
    if hasattr(A, "tocsr") and not isinstance(A, (cupric.ndarray, numpy.ndarray)):
        c = A.tocsr()
        return c.shape[0], c.shape[1], c.indptr, c.indices, c.data
    if isinstance(A, (cupric.ndarray, numpy.ndarray)):
        a = cupric.asarray(A)
        if a.ndim != 2:
            raise ValueError(f"{what}: A must be a 2-D matrix, got {a.ndim}-D")
        m, n = a.shape
        return m, n, cupric.arange(0, m * n + 1, n, dtype=numpy.int64), cupric.tile(cupric.arange(n), m), a.ravel()
    raise TypeError(f"{what}: A must be a sparse matrix or a 2-D array, got {type(A).__name__}")


def spsolve(A, b, permc_spec=None, use_umfpack=True):
    """The solution of ``A x = b`` for a square sparse A (SciPy's ``spsolve``).

    b of shape (M,) or (M, 1) gives x of shape (M,); (M, K) gives (M, K). An exactly singular A
    warns MatrixRankWarning and gives NaN. ``permc_spec`` and ``use_umfpack`` are accepted for
    SciPy compatibility and have no effect. The solve is sparse: a sparse LU on the host, cuSOLVER's
    sparse QR on the GPU (Note [Sparse direct solves] in src/sparse/linalg/direct.cpp).
    """
    rows, cols, indptr, indices, data = _csr_arrays(A, "spsolve")
    if hasattr(b, "toarray") and not isinstance(b, cupric.ndarray):
        b = b.toarray()
    x, singular = _core.spsolve(rows, cols, indptr, indices, data, b)
    if singular:
        warnings.warn("Matrix is exactly singular", MatrixRankWarning, stacklevel=2)
    return x


def spsolve_triangular(A, b, lower=True, overwrite_A=False, overwrite_b=False, unit_diagonal=False):
    """The solution of ``A x = b`` for a triangular sparse A (SciPy's ``spsolve_triangular``).

    Only the lower (``lower=True``) or upper triangle of A is read; with unit_diagonal its
    diagonal is taken as ones. LinAlgError for a zero on the diagonal. overwrite_A and
    overwrite_b are accepted for SciPy compatibility (nothing is overwritten).
    """
    rows, cols, indptr, indices, data = _csr_arrays(A, "spsolve_triangular")
    return _core.spsolve_triangular(rows, cols, indptr, indices, data, b, bool(lower), bool(unit_diagonal))


def _to_scipy_csc(A):
    import scipy.sparse

    if scipy.sparse.issparse(A):
        return scipy.sparse.csc_matrix(A)
    if hasattr(A, "get") and hasattr(A, "tocsr") and not isinstance(A, cupric.ndarray):
        return scipy.sparse.csc_matrix(A.get())  # cupricx.scipy.sparse -> SciPy (host copy)
    if isinstance(A, (cupric.ndarray, numpy.ndarray)):
        return scipy.sparse.csc_matrix(cupric.asnumpy(A) if isinstance(A, cupric.ndarray) else A)
    raise TypeError(f"A must be a sparse matrix or a 2-D array, got {type(A).__name__}")


def _sparse_on_device(m):
    """A SciPy factor on the device as cupricx.scipy.sparse's csr_matrix once that exists,
    else the SciPy matrix itself."""
    try:
        from cupricx.scipy import sparse as _sparse

        if hasattr(_sparse, "csr_matrix"):
            return _sparse.csr_matrix(m)
    except ImportError:
        pass
    return m


class SuperLU:
    """An LU factorisation of a sparse matrix (CuPy's ``SuperLU``): SciPy's factors, found on
    the host; ``solve`` moves the right-hand side to the host and the solution back.

    Attributes: shape, nnz, perm_c, perm_r (cupric arrays), L, U (sparse, on the device when
    cupricx.scipy.sparse has csr_matrix).
    """

    def __init__(self, obj):
        self._lu = obj
        self.shape = obj.shape
        self.nnz = obj.nnz
        self.perm_c = cupric.asarray(obj.perm_c)
        self.perm_r = cupric.asarray(obj.perm_r)
        self.L = _sparse_on_device(obj.L)
        self.U = _sparse_on_device(obj.U)

    def solve(self, rhs, trans="N"):
        """x with ``A x = rhs`` (trans 'N'), ``A^T x = rhs`` ('T') or ``A^H x = rhs`` ('H')."""
        if trans not in ("N", "T", "H"):
            raise ValueError("trans must be 'N', 'T', or 'H'")
        if not isinstance(rhs, cupric.ndarray):
            raise TypeError("ojb must be cupy.ndarray")
        if rhs.ndim not in (1, 2):
            raise ValueError(f"rhs.ndim must be 1 or 2 (actual: {rhs.ndim})")
        if rhs.shape[0] != self.shape[0]:
            raise ValueError(f"shape mismatch (self.shape: {self.shape}, rhs.shape: {rhs.shape})")
        return cupric.asarray(self._lu.solve(cupric.asnumpy(rhs), trans=trans))


def splu(A, permc_spec=None, diag_pivot_thresh=None, relax=None, panel_size=None, options=None):
    """The LU factorisation of a square sparse matrix, by SciPy's SuperLU on the host (as CuPy)."""
    import scipy.sparse.linalg

    return SuperLU(
        scipy.sparse.linalg.splu(
            _to_scipy_csc(A),
            permc_spec=permc_spec,
            diag_pivot_thresh=diag_pivot_thresh,
            relax=relax,
            panel_size=panel_size,
            options=options or {},
        )
    )


def spilu(A, drop_tol=None, fill_factor=None, drop_rule=None, permc_spec=None, diag_pivot_thresh=None, relax=None,
          panel_size=None, options=None):
    """An incomplete LU factorisation of a square sparse matrix, by SciPy's SuperLU on the host."""
    import scipy.sparse.linalg

    return SuperLU(
        scipy.sparse.linalg.spilu(
            _to_scipy_csc(A),
            drop_tol=drop_tol,
            fill_factor=fill_factor,
            drop_rule=drop_rule,
            permc_spec=permc_spec,
            diag_pivot_thresh=diag_pivot_thresh,
            relax=relax,
            panel_size=panel_size,
            options=options or {},
        )
    )


def factorized(A):
    """A function solving ``A x = b`` for the factorised A (``splu(A).solve``)."""
    return splu(A).solve
