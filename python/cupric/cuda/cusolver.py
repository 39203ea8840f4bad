"""cupric.cuda.cusolver: cuSOLVER's handles, dense LAPACK routines (potrf, getrf, geqrf, orgqr,
ormqr, sytrf, gebrd, gesvd, gesvdj, gesvda, syevd, syevj and their batched forms), the
mixed-precision iterative-refinement solvers (``dsgesv``, ``zcgels``, ...), the 64-bit ``xsyevd`` /
``xgeev`` and cusolverSp's CSR solvers, on raw pointers as CuPy's cupy.cuda.cusolver
(cupy_backends.cuda.libs.cusolver) gives them: handles, matrices, work areas, pivots and
``devInfo`` are integers (device addresses, e.g. ``a.data.ptr``); matrices are column-major. Each
routine comes in the LAPACK types (``s``/``d``/``c``/``z``: float32, float64, complex64,
complex128) with CuPy's names and arguments; ``*_bufferSize`` returns the work size (elements;
bytes for the IRS solvers, a (device, host) pair of bytes for xsyevd/xgeev), the IRS solvers
return the refinement iterations, getters return their value. Like CuPy, each call first binds
the handle to the current stream. A failed call raises CUSOLVERError. The calls go to the
libcusolver cupric loads for cupric.linalg (loaded at the first call); they need a GPU
(docs/cuda.md: CUDARuntimeError in a build without CUDA; in a CUDA build on a machine without a
GPU, the library's own error). The functions are C++ (bindings/cuda_cusolver.cpp: one row per
routine family): a call is one C++ function, as CuPy's Cython one.

For arrays, cupric.linalg and cupricx.scipy.linalg call cuSOLVER already;
``cupric.cuda.device.get_cusolver_handle()`` is the handle they use.
"""
from cupric._core._runtime import cusolver as _cs
from cupric.cuda._library_status import LibraryStatusError, names, status_checks
# The cuBLAS enums cuSOLVER takes (cublasOperation_t, cublasFillMode_t, cublasSideMode_t), as CuPy's
# module has them.
from cupric.cuda.cublas import (  # noqa: F401
    CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER, CUBLAS_OP_C, CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_SIDE_LEFT,
    CUBLAS_SIDE_RIGHT)

# libraryPropertyType (getProperty)
MAJOR_VERSION = 0
MINOR_VERSION = 1
PATCH_LEVEL = 2
# cusolverEigType_t, cusolverEigMode_t, cusolverEigRange_t
CUSOLVER_EIG_TYPE_1 = 1
CUSOLVER_EIG_TYPE_2 = 2
CUSOLVER_EIG_TYPE_3 = 3
CUSOLVER_EIG_MODE_NOVECTOR = 0
CUSOLVER_EIG_MODE_VECTOR = 1
CUSOLVER_EIG_RANGE_ALL = 1001
CUSOLVER_EIG_RANGE_I = 1002
CUSOLVER_EIG_RANGE_V = 1003
# cusolverAlgMode_t
CUSOLVER_ALG_0 = 0
CUSOLVER_ALG_1 = 1
CUSOLVER_ALG_2 = 2


class CUSOLVERError(LibraryStatusError):
    """A cuSOLVER call failed; ``status`` is the cusolverStatus_t."""

    _NAMES = names("CUSOLVER_STATUS_SUCCESS", "CUSOLVER_STATUS_NOT_INITIALIZED", "CUSOLVER_STATUS_ALLOC_FAILED",
                   "CUSOLVER_STATUS_INVALID_VALUE", "CUSOLVER_STATUS_ARCH_MISMATCH", "CUSOLVER_STATUS_MAPPING_ERROR",
                   "CUSOLVER_STATUS_EXECUTION_FAILED", "CUSOLVER_STATUS_INTERNAL_ERROR",
                   "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "CUSOLVER_STATUS_NOT_SUPPORTED",
                   "CUSOLVER_STATUS_ZERO_PIVOT", "CUSOLVER_STATUS_INVALID_LICENSE",
                   "CUSOLVER_STATUS_IRS_PARAMS_NOT_INITIALIZED", "CUSOLVER_STATUS_IRS_PARAMS_INVALID",
                   "CUSOLVER_STATUS_IRS_PARAMS_INVALID_PREC", "CUSOLVER_STATUS_IRS_PARAMS_INVALID_REFINE",
                   "CUSOLVER_STATUS_IRS_PARAMS_INVALID_MAXITER")
    _UNKNOWN = "CUSOLVER_STATUS_UNKNOWN ({})"


check_status, _ = status_checks(CUSOLVERError)
_cs._set_error(CUSOLVERError)

# Every routine under its CuPy name: the binding module's rows (bindings/cuda_cusolver.cpp).
from cupric._core._runtime.cusolver import *  # noqa: E402, F401, F403


def _getVersion():
    """(major, minor, patch) of the libcusolver in use."""
    return tuple(getProperty(t) for t in (MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL))  # noqa: F405


def _job(job):
    """gesvd's job letter ('A', 'S', 'O', 'N'): CuPy passes ord('A'); a one-letter str works too."""
    if isinstance(job, (str, bytes)) and len(job) == 1:
        return ord(job)
    return job


def _gesvd(t):
    raw = getattr(_cs, f"_{t}gesvd")

    def gesvd(handle, jobu, jobvt, m, n, A, lda, S, U, ldu, VT, ldvt, Work, lwork, rwork, devInfo):
        raw(handle, _job(jobu), _job(jobvt), m, n, A, lda, S, U, ldu, VT, ldvt, Work, lwork, rwork, devInfo)

    gesvd.__name__ = gesvd.__qualname__ = f"{t}gesvd"
    gesvd.__doc__ = "SVD of A (m >= n); jobu/jobvt are ord('A'), ord('S'), ord('O') or ord('N') (or the letter)."
    return gesvd


sgesvd, dgesvd, cgesvd, zgesvd = (_gesvd(t) for t in "sdcz")
