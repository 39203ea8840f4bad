"""cupric.cuda.curand: cuRAND's host API on raw pointers, as CuPy's cupy.cuda.curand
(cupy_backends.cuda.libs.curand) gives it, with CuPy's names: ``createGenerator(CURAND_RNG_*)`` -> a
generator (an int), ``setPseudoRandomGeneratorSeed``, ``generateUniform(generator, ptr, n)`` & co
writing ``n`` values at device address ``ptr``. A failed call raises CURANDError; an odd count for
the normal and log-normal calls raises CuPy's ValueError before any call.

cupric's own generators (cupric.random) do not use cuRAND (issue 16): libcurand is loaded only when
this module is first called, and a RuntimeError naming ``pip install nvidia-curand`` says so when
it is not installed (docs/cuda.md). The calls need a GPU (CUDARuntimeError in a build without
CUDA; in a CUDA build on a machine without a GPU, cuRAND's own error). For arrays, use
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


check_status, _value = status_checks(CURANDError)
_i = operator.index  # ints, or what stands for one: TypeError for others


def _even(n, name):
    # CuPy checks this itself, whatever the generator (cuRAND's Philox would take an odd count).
    if _i(n) % 2 == 1:
        raise ValueError(name + ' can only generate even number of random variables simultaneously. '
                         'See issue #390 for detail.')


def createGenerator(rng_type):
    """A new cuRAND generator (an int) of type CURAND_RNG_*; release it with destroyGenerator()."""
    return _value(_cr.create_generator(_i(rng_type)))


def destroyGenerator(generator):
    check_status(_cr.destroy_generator(_i(generator)))


def getVersion():
    """The cuRAND version (e.g. 10303)."""
    return _value(_cr.get_version())


def setStream(generator, stream):
    check_status(_cr.set_stream(_i(generator), _i(stream)))


def setPseudoRandomGeneratorSeed(generator, seed):
    check_status(_cr.set_pseudo_random_generator_seed(_i(generator), _i(seed)))


def setGeneratorOffset(generator, offset):
    check_status(_cr.set_generator_offset(_i(generator), _i(offset)))


def setGeneratorOrdering(generator, order):
    check_status(_cr.set_generator_ordering(_i(generator), _i(order)))


def setQuasiRandomGeneratorDimensions(generator, num_dimensions):
    check_status(_cr.set_quasi_random_generator_dimensions(_i(generator), _i(num_dimensions)))


def generate(generator, outputPtr, num):
    """`num` uint32 values at `outputPtr`."""
    check_status(_cr.generate(_i(generator), _i(outputPtr), _i(num)))


def generateLongLong(generator, outputPtr, num):
    """`num` uint64 values at `outputPtr` (64-bit quasi-random generators)."""
    check_status(_cr.generate_long_long(_i(generator), _i(outputPtr), _i(num)))


def generateUniform(generator, outputPtr, num):
    """`num` float32 values uniform on (0, 1] at `outputPtr`."""
    check_status(_cr.generate_uniform(_i(generator), _i(outputPtr), _i(num)))


def generateUniformDouble(generator, outputPtr, num):
    """`num` float64 values uniform on (0, 1] at `outputPtr`."""
    check_status(_cr.generate_uniform_double(_i(generator), _i(outputPtr), _i(num)))


def generateNormal(generator, outputPtr, n, mean, stddev):
    """`n` float32 normal values (n even for pseudo-random generators) at `outputPtr`."""
    _even(n, 'curandGenerateNormal')
    check_status(_cr.generate_normal(_i(generator), _i(outputPtr), _i(n), float(mean), float(stddev)))


def generateNormalDouble(generator, outputPtr, n, mean, stddev):
    _even(n, 'curandGenerateNormalDouble')
    check_status(_cr.generate_normal_double(_i(generator), _i(outputPtr), _i(n), float(mean), float(stddev)))


def generateLogNormal(generator, outputPtr, n, mean, stddev):
    _even(n, 'curandGenerateLogNormal')
    check_status(_cr.generate_log_normal(_i(generator), _i(outputPtr), _i(n), float(mean), float(stddev)))


def generateLogNormalDouble(generator, outputPtr, n, mean, stddev):
    _even(n, 'curandGenerateLogNormalDouble')
    check_status(_cr.generate_log_normal_double(_i(generator), _i(outputPtr), _i(n), float(mean), float(stddev)))


def generatePoisson(generator, outputPtr, n, lam):
    """`n` uint32 Poisson(lam) values at `outputPtr`."""
    check_status(_cr.generate_poisson(_i(generator), _i(outputPtr), _i(n), float(lam)))


def generateSeeds(generator):
    """Sets the generator's start state up now (otherwise done by the first generate call)."""
    check_status(_cr.generate_seeds(_i(generator)))
