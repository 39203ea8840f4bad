"""cupric.cuda.cublas: cuBLAS's handle calls and most used routines on raw pointers, as CuPy's
cupy.cuda.cublas (cupy_backends.cuda.libs.cublas) gives them: handles, streams and device
pointers are integers; scalars (alpha, beta, results) are pointers too, to host memory under
CUBLAS_POINTER_MODE_HOST (the default; e.g. a NumPy scalar array's ``ctypes.data``) or to device
memory under CUBLAS_POINTER_MODE_DEVICE. Matrices are column-major, as in cuBLAS. A failed call
raises CUBLASError. The calls are C++ (src/runtime/cuda/cublas_raw.cpp) through the libcublas
cupric loads; they need a GPU (CUDARuntimeError in a build without CUDA).

For arrays, ``cupric.matmul``/``dot`` and cupric.linalg call cuBLAS already;
``cupric.cuda.device.get_cublas_handle()`` is the handle they use.
"""
import operator

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
CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99
CUBLAS_COMPUTE_16F = 64
CUBLAS_COMPUTE_32F = 68
CUBLAS_COMPUTE_32F_FAST_TF32 = 77
CUBLAS_COMPUTE_64F = 70
CUBLAS_COMPUTE_32I = 72


class CUBLASError(LibraryStatusError):
    """A cuBLAS call failed; ``status`` is the cublasStatus_t."""

    _NAMES = {0: "CUBLAS_STATUS_SUCCESS", 1: "CUBLAS_STATUS_NOT_INITIALIZED", 3: "CUBLAS_STATUS_ALLOC_FAILED",
              7: "CUBLAS_STATUS_INVALID_VALUE", 8: "CUBLAS_STATUS_ARCH_MISMATCH", 11: "CUBLAS_STATUS_MAPPING_ERROR",
              13: "CUBLAS_STATUS_EXECUTION_FAILED", 14: "CUBLAS_STATUS_INTERNAL_ERROR",
              15: "CUBLAS_STATUS_NOT_SUPPORTED", 16: "CUBLAS_STATUS_LICENSE_ERROR"}
    _UNKNOWN = "CUBLAS_STATUS_UNKNOWN ({})"


check_status, _value = status_checks(CUBLASError)
_i = operator.index  # ints, or what stands for one (a MemoryPointer's address): TypeError for others


# ---- handles ----
def create():
    """A new cuBLAS handle (an int) on the current device; release it with destroy()."""
    return _value(_cb.create())


def destroy(handle):
    check_status(_cb.destroy(_i(handle)))


def getVersion(handle):
    return _value(_cb.get_version(_i(handle)))


def setStream(handle, stream):
    check_status(_cb.set_stream(_i(handle), _i(stream)))


def getStream(handle):
    return _value(_cb.get_stream(_i(handle)))


def setPointerMode(handle, mode):
    check_status(_cb.set_pointer_mode(_i(handle), _i(mode)))


def getPointerMode(handle):
    return _value(_cb.get_pointer_mode(_i(handle)))


def setMathMode(handle, mode):
    check_status(_cb.set_math_mode(_i(handle), _i(mode)))


def getMathMode(handle):
    return _value(_cb.get_math_mode(_i(handle)))


# ---- routines: one function per BLAS type, as CuPy names them ----
def _gemm(t):
    def gemm(handle, transa, transb, m, n, k, alpha, A, lda, B, ldb, beta, C, ldc):
        check_status(_cb.gemm(t, _i(handle), _i(transa), _i(transb), _i(m), _i(n), _i(k), _i(alpha), _i(A), _i(lda),
                              _i(B), _i(ldb), _i(beta), _i(C), _i(ldc)))
    gemm.__name__ = gemm.__qualname__ = f"{t}gemm"
    gemm.__doc__ = f"cublas{t.upper()}gemm: C = alpha op(A) op(B) + beta C (column-major)."
    return gemm


def _gemm_strided_batched(t):
    def gemmStridedBatched(handle, transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb, strideB, beta, C, ldc,
                           strideC, batchCount):
        check_status(_cb.gemm_strided_batched(t, _i(handle), _i(transa), _i(transb), _i(m), _i(n), _i(k), _i(alpha),
                                              _i(A), _i(lda), _i(strideA), _i(B), _i(ldb), _i(strideB), _i(beta),
                                              _i(C), _i(ldc), _i(strideC), _i(batchCount)))
    gemmStridedBatched.__name__ = gemmStridedBatched.__qualname__ = f"{t}gemmStridedBatched"
    gemmStridedBatched.__doc__ = f"cublas{t.upper()}gemmStridedBatched: `batchCount` GEMMs at fixed strides."
    return gemmStridedBatched


def _gemv(t):
    def gemv(handle, trans, m, n, alpha, A, lda, x, incx, beta, y, incy):
        check_status(_cb.gemv(t, _i(handle), _i(trans), _i(m), _i(n), _i(alpha), _i(A), _i(lda), _i(x), _i(incx),
                              _i(beta), _i(y), _i(incy)))
    gemv.__name__ = gemv.__qualname__ = f"{t}gemv"
    gemv.__doc__ = f"cublas{t.upper()}gemv: y = alpha op(A) x + beta y."
    return gemv


def _dot(t, conj, name):
    def dot(handle, n, x, incx, y, incy, result):
        check_status(_cb.dot(t, conj, _i(handle), _i(n), _i(x), _i(incx), _i(y), _i(incy), _i(result)))
    dot.__name__ = dot.__qualname__ = name
    dot.__doc__ = f"cublas{name[0].upper()}{name[1:]}: the dot product into *result."
    return dot


def _axpy(t):
    def axpy(handle, n, alpha, x, incx, y, incy):
        check_status(_cb.axpy(t, _i(handle), _i(n), _i(alpha), _i(x), _i(incx), _i(y), _i(incy)))
    axpy.__name__ = axpy.__qualname__ = f"{t}axpy"
    axpy.__doc__ = f"cublas{t.upper()}axpy: y += alpha x."
    return axpy


def _nrm2(t, name):
    def nrm2(handle, n, x, incx, result):
        check_status(_cb.nrm2(t, _i(handle), _i(n), _i(x), _i(incx), _i(result)))
    nrm2.__name__ = nrm2.__qualname__ = name
    nrm2.__doc__ = "The Euclidean norm of x into *result (a real number)."
    return nrm2


def _scal(t):
    def scal(handle, n, alpha, x, incx):
        check_status(_cb.scal(t, _i(handle), _i(n), _i(alpha), _i(x), _i(incx)))
    scal.__name__ = scal.__qualname__ = f"{t}scal"
    scal.__doc__ = f"cublas{t.upper()}scal: x *= alpha."
    return scal


sgemm, dgemm, cgemm, zgemm = (_gemm(t) for t in "sdcz")
sgemmStridedBatched, dgemmStridedBatched, cgemmStridedBatched, zgemmStridedBatched = (
    _gemm_strided_batched(t) for t in "sdcz")
sgemv, dgemv, cgemv, zgemv = (_gemv(t) for t in "sdcz")
sdot, ddot = _dot("s", False, "sdot"), _dot("d", False, "ddot")
cdotu, cdotc = _dot("c", False, "cdotu"), _dot("c", True, "cdotc")
zdotu, zdotc = _dot("z", False, "zdotu"), _dot("z", True, "zdotc")
saxpy, daxpy, caxpy, zaxpy = (_axpy(t) for t in "sdcz")
snrm2, dnrm2, scnrm2, dznrm2 = (_nrm2(t, n) for t, n in zip("sdcz", ("snrm2", "dnrm2", "scnrm2", "dznrm2")))
sscal, dscal, cscal, zscal = (_scal(t) for t in "sdcz")


def gemmEx(handle, transa, transb, m, n, k, alpha, A, Atype, lda, B, Btype, ldb, beta, C, Ctype, ldc, computeType,
           algo):
    """cublasGemmEx: GEMM with the data types (runtime.CUDA_R_16F, ...) and compute type
    (CUBLAS_COMPUTE_*) given."""
    check_status(_cb.gemm_ex(_i(handle), _i(transa), _i(transb), _i(m), _i(n), _i(k), _i(alpha), _i(A), _i(Atype),
                             _i(lda), _i(B), _i(Btype), _i(ldb), _i(beta), _i(C), _i(Ctype), _i(ldc),
                             _i(computeType), _i(algo)))
