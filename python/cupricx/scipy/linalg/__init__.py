"""cupricx.scipy.linalg: SciPy's dense linear algebra on cupric arrays (CuPy's cupyx.scipy.linalg).

``tri``, ``tril`` and ``triu`` are not here: SciPy 1.13 and CuPy v14 removed them (V14-REMOVED);
use ``cupric.tri``, ``cupric.tril`` and ``cupric.triu``.
"""

from cupricx.scipy.linalg._special_matrices import (  # noqa: F401
    bandwidth,
    block_diag,
    circulant,
    companion,
    convolution_matrix,
    dft,
    fiedler,
    fiedler_companion,
    hadamard,
    hankel,
    helmert,
    hilbert,
    khatri_rao,
    kron,
    leslie,
    toeplitz,
)
from numpy.linalg import LinAlgError  # noqa: F401  (scipy.linalg.LinAlgError is NumPy's)
from cupricx.scipy.linalg._solvers import (  # noqa: F401
    LinAlgWarning,
    cho_factor,
    cho_solve,
    expm,
    lu,
    lu_factor,
    lu_solve,
    solve,
    solve_triangular,
)
