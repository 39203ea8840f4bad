"""cupric.cuda.curand: cuRAND's host API on raw pointers, as CuPy's cupy.cuda.curand
(cupy_backends.cuda.libs.curand) gives it, with CuPy's names: ``createGenerator(CURAND_RNG_*)`` -> a
generator (an int), ``setPseudoRandomGeneratorSeed``, ``generateUniform(generator, ptr, n)`` & co
writing ``n`` values at device address ``ptr``. A failed call raises CURANDError; an odd count for
the normal and log-normal calls raises CuPy's ValueError before any call.

cupric's own generators (cupric.random) do not use cuRAND (issue 16): libcurand is loaded only when
this module is first called, and a RuntimeError naming ``pip install nvidia-curand`` says so when
it is not installed (docs/cuda.md). The calls need a GPU (CUDARuntimeError in a build without
CUDA; in a CUDA build on a machine without a GPU, cuRAND's own error). The functions are C++
(bindings/cuda_curand.cpp: one row each, the mechanism of cupric.cuda.cublas). For arrays, use
cupric.random.
"""
import operator

from cupric._core._runtime import curand as _cr
from cupric.cuda._library_status import LibraryStatusError, status_checks

# curandRngType_t
CURAND_RNG_PSEUDO_DEFAULT = 100
CURAND_RNG_PSEUDO_XORWOW = 101
CURAND_RNG_PSEUDO_MRG32K3A = 121
CURAND_RNG_PSEUDO_MTGP32 = 141
CURAND_RNG_PSEUDO_MT19937 = 142
CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161
CURAND_RNG_QUASI_DEFAULT = 200
CURAND_RNG_QUASI_SOBOL32 = 201
CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202
CURAND_RNG_QUASI_SOBOL64 = 203
CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
# curandOrdering_t
CURAND_ORDERING_PSEUDO_BEST = 100
CURAND_ORDERING_PSEUDO_DEFAULT = 101
CURAND_ORDERING_PSEUDO_SEEDED = 102
CURAND_ORDERING_PSEUDO_LEGACY = 103
CURAND_ORDERING_PSEUDO_DYNAMIC = 104
CURAND_ORDERING_QUASI_DEFAULT = 201


class CURANDError(LibraryStatusError):
    """A cuRAND call failed; ``status`` is the curandStatus_t."""

    _NAMES = {0: "CURAND_STATUS_SUCCESS", 100: "CURAND_STATUS_VERSION_MISMATCH", 101: "CURAND_STATUS_NOT_INITIALIZED",
              102: "CURAND_STATUS_ALLOCATION_FAILED", 103: "CURAND_STATUS_TYPE_ERROR",
              104: "CURAND_STATUS_OUT_OF_RANGE", 105: "CURAND_STATUS_LENGTH_NOT_MULTIPLE",
              106: "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED", 201: "CURAND_STATUS_LAUNCH_FAILURE",
              202: "CURAND_STATUS_PREEXISTING_FAILURE", 203: "CURAND_STATUS_INITIALIZATION_FAILED",
              204: "CURAND_STATUS_ARCH_MISMATCH", 999: "CURAND_STATUS_INTERNAL_ERROR"}
    _UNKNOWN = "CURAND_STATUS_UNKNOWN ({})"


check_status, _ = status_checks(CURANDError)
_cr._set_error(CURANDError)

# Every function under its CuPy name: the binding module's rows (bindings/cuda_curand.cpp).
from cupric._core._runtime.curand import *  # noqa: E402, F401, F403


def _normal(name):
    raw = getattr(_cr, "_" + name)
    c_name = "curand" + name[0].upper() + name[1:]

    def generate(generator, outputPtr, n, mean, stddev):
        # CuPy checks this itself, whatever the generator (cuRAND's Philox would take an odd count).
        if operator.index(n) % 2 == 1:
            raise ValueError(c_name + ' can only generate even number of random variables simultaneously. '
                             'See issue #390 for detail.')
        raw(generator, outputPtr, n, mean, stddev)

    generate.__name__ = generate.__qualname__ = name
    generate.__doc__ = f"{c_name}: `n` normal values (n even) at `outputPtr`."
    return generate


generateNormal = _normal("generateNormal")
generateNormalDouble = _normal("generateNormalDouble")
generateLogNormal = _normal("generateLogNormal")
generateLogNormalDouble = _normal("generateLogNormalDouble")
