"""cupricx.scipy.sparse: SciPy's sparse matrices and arrays on cupric (CuPy's cupyx.scipy.sparse).

The classes hold cupric arrays and SciPy's signatures; construction checks, conversions,
canonical forms, products (SpMV/SpMM/SpGEMM) and elementwise operations are C++
(include/cupric/sparse.hpp), on cupric's own loops on the host and cupric's kernels and cuSPARSE
on the GPU. Index arrays are int32 where they fit and int64 otherwise (docs/sparse.md).
"""
from __future__ import annotations  # noqa: F401 (CuPy lists `annotations` among the module's names)

from cupricx.scipy.sparse._base import (  # noqa: F401
    SparseEfficiencyWarning,
    SparseWarning,
    issparse,
    isspmatrix,
    sparray,
    spmatrix,
)
from cupricx.scipy.sparse._compressed import (  # noqa: F401
    csc_array,
    csc_matrix,
    csr_array,
    csr_matrix,
    isspmatrix_csc,
    isspmatrix_csr,
)
from cupricx.scipy.sparse._coo import coo_array, coo_matrix, isspmatrix_coo  # noqa: F401
from cupricx.scipy.sparse._dia import dia_array, dia_matrix, isspmatrix_dia  # noqa: F401
from cupricx.scipy.sparse._construct import (  # noqa: F401
    block_array,
    block_diag,
    bmat,
    diags,
    diags_array,
    eye,
    eye_array,
    find,
    get_index_dtype,
    hstack,
    identity,
    kron,
    kronsum,
    matrix_transpose,
    permute_dims,
    rand,
    random,
    random_array,
    safely_cast_index_arrays,
    spdiags,
    swapaxes,
    tril,
    triu,
    vstack,
)


def _classes(is_array):
    """The format -> class map of one family (matrices or arrays)."""
    if is_array:
        return {'csr': csr_array, 'csc': csc_array, 'coo': coo_array, 'dia': dia_array}
    return {'csr': csr_matrix, 'csc': csc_matrix, 'coo': coo_matrix, 'dia': dia_matrix}
