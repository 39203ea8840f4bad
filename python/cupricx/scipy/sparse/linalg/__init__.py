"""cupricx.scipy.sparse.linalg: SciPy's sparse linear algebra on cupric (CuPy's cupyx.scipy.sparse.linalg).

Linear operators (``LinearOperator``, ``aslinearoperator``), Krylov solvers (``cg``, ``cgs``,
``bicgstab``, ``gmres``, ``minres``, ``lsqr``, ``lsmr``), eigen and singular value solvers
(``eigsh``, ``svds``, ``lobpcg``), ``norm``, ``matrix_power``, and direct solvers (``spsolve``,
``spsolve_triangular``, ``splu``, ``spilu``, ``factorized``). docs/sparse_linalg.md.
"""

from cupricx.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator  # noqa: F401
from cupricx.scipy.sparse.linalg._iterative import bicgstab, cg, cgs, gmres, minres  # noqa: F401
from cupricx.scipy.sparse.linalg._least_squares import lsmr, lsqr  # noqa: F401
from cupricx.scipy.sparse.linalg._eigen import eigsh, svds  # noqa: F401
from cupricx.scipy.sparse.linalg._norm import matrix_power, norm  # noqa: F401
from cupricx.scipy.sparse.linalg._direct import (  # noqa: F401
    MatrixRankWarning,
    SuperLU,
    factorized,
    spilu,
    splu,
    spsolve,
    spsolve_triangular,
)
from cupricx.scipy.sparse.linalg._lobpcg import lobpcg  # noqa: F401
