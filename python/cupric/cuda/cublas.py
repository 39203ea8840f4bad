"""cupric.cuda.cublas: cuBLAS's handle calls and routines on raw pointers, as CuPy's
cupy.cuda.cublas (cupy_backends.cuda.libs.cublas) gives them: handles, streams and device
pointers are integers; scalars (alpha, beta, results) are pointers too, to host memory under
CUBLAS_POINTER_MODE_HOST (the default; e.g. a NumPy scalar array's ``ctypes.data``) or to device
memory under CUBLAS_POINTER_MODE_DEVICE. Matrices are column-major, as in cuBLAS. The routines:
level 1 (``i?amax``/``i?amin``, ``?asum``, ``?axpy``, ``?dot``/``dotu``/``dotc``, ``?nrm2``,
``?scal`` with ``csscal``/``zdscal``), level 2 (``?gemv``, ``?ger``/``geru``/``gerc``, ``?sbmv``),
level 3 (``?gemm``, ``?gemmBatched``, ``?gemmStridedBatched``, ``?trsm``, ``?trsmBatched``,
``?syrk``) and the extensions (``?geam``, ``?dgmm``, ``sgemmEx``, ``gemmEx``,
``gemmStridedBatchedEx``, ``?getrfBatched``/``getrsBatched``/``getriBatched``, ``?tpttr``,
``?trttp``), with CuPy's names and arguments. Like CuPy, each routine first binds the handle to
the current stream. A failed call raises CUBLASError. The functions are C++
(bindings/cuda_cublas.cpp: one row per routine family) through the libcublas cupric loads; they
need a GPU (CUDARuntimeError in a build without CUDA).

For arrays, ``cupric.matmul``/``dot`` and cupric.linalg call cuBLAS already;
``cupric.cuda.device.get_cublas_handle()`` is the handle they use.
"""
from cupric._core._runtime import cublas as _cb
from cupric.cuda._library_status import LibraryStatusError, status_checks

CUBLAS_OP_N = 0
CUBLAS_OP_T = 1
CUBLAS_OP_C = 2
CUBLAS_FILL_MODE_LOWER = 0
CUBLAS_FILL_MODE_UPPER = 1
CUBLAS_SIDE_LEFT = 0
CUBLAS_SIDE_RIGHT = 1
CUBLAS_DIAG_NON_UNIT = 0
CUBLAS_DIAG_UNIT = 1
CUBLAS_POINTER_MODE_HOST = 0
CUBLAS_POINTER_MODE_DEVICE = 1
CUBLAS_DEFAULT_MATH = 0
CUBLAS_TENSOR_OP_MATH = 1
CUBLAS_PEDANTIC_MATH = 2
CUBLAS_TF32_TENSOR_OP_MATH = 3
CUBLAS_GEMM_DEFAULT = -1
CUBLAS_GEMM_DFALT = -1
CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99
CUBLAS_GEMM_DFALT_TENSOR_OP = 99
CUBLAS_COMPUTE_16F = 64
CUBLAS_COMPUTE_16F_PEDANTIC = 65
CUBLAS_COMPUTE_32F = 68
CUBLAS_COMPUTE_32F_PEDANTIC = 69
CUBLAS_COMPUTE_32F_FAST_16F = 74
CUBLAS_COMPUTE_32F_FAST_16BF = 75
CUBLAS_COMPUTE_32F_FAST_TF32 = 77
CUBLAS_COMPUTE_64F = 70
CUBLAS_COMPUTE_64F_PEDANTIC = 71
CUBLAS_COMPUTE_32I = 72
CUBLAS_COMPUTE_32I_PEDANTIC = 73


class CUBLASError(LibraryStatusError):
    """A cuBLAS call failed; ``status`` is the cublasStatus_t."""

    _NAMES = {0: "CUBLAS_STATUS_SUCCESS", 1: "CUBLAS_STATUS_NOT_INITIALIZED", 3: "CUBLAS_STATUS_ALLOC_FAILED",
              7: "CUBLAS_STATUS_INVALID_VALUE", 8: "CUBLAS_STATUS_ARCH_MISMATCH", 11: "CUBLAS_STATUS_MAPPING_ERROR",
              13: "CUBLAS_STATUS_EXECUTION_FAILED", 14: "CUBLAS_STATUS_INTERNAL_ERROR",
              15: "CUBLAS_STATUS_NOT_SUPPORTED", 16: "CUBLAS_STATUS_LICENSE_ERROR"}
    _UNKNOWN = "CUBLAS_STATUS_UNKNOWN ({})"


check_status, _ = status_checks(CUBLASError)
_cb._set_error(CUBLASError)

# Every routine under its CuPy name: the binding module's rows (bindings/cuda_cublas.cpp).
from cupric._core._runtime.cublas import *  # noqa: E402, F401, F403
