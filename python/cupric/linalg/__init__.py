"""cupric.linalg: NumPy's numpy.linalg on the GPU (cuBLAS/cuSOLVER) and on the host backend
(OpenBLAS/LAPACK from scipy-openblas64), both loaded at first use (docs/linalg.md).

The products live in ``_products.py``; decompositions and solvers in ``_decompositions.py``,
norms in ``_norms.py``.
"""
import numpy as _numpy

from cupric._core import linalg as _la
from cupric.linalg._products import (linalg_matmul as matmul, linalg_outer as outer,
                                     linalg_tensordot as tensordot, linalg_vecdot as vecdot,
                                     linalg_cross as cross, matrix_transpose)

LinAlgError = _numpy.linalg.LinAlgError

from cupric.linalg._decompositions import (  # noqa: E402,F401
    cholesky,
    cond,
    det,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    lstsq,
    matrix_power,
    matrix_rank,
    multi_dot,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
    tensorinv,
    tensorsolve,
)
from cupric.linalg._norms import diagonal, matrix_norm, norm, trace, vector_norm  # noqa: E402,F401
