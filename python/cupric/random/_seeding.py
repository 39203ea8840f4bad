"""Seeds as NumPy and CuPy take them, reduced to the 64-bit seed of the C++ generators."""
import hashlib
import os

import numpy


def legacy_seed(seed):
    """CuPy's RandomState.seed: None -> random, integers (uint64's range), arrays -> md5."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little")
    if isinstance(seed, numpy.ndarray):
        return int(hashlib.md5(seed.tobytes()).hexdigest()[:16], 16)
    arr = numpy.asarray(seed)
    if arr.dtype.kind not in "iu":
        raise TypeError("Seed must be an integer.")
    value = int(arr)
    if value < 0 or value >= 2 ** 64:
        raise ValueError("Seed must be between 0 and 2**64 - 1")
    return value


def generator_seed(seed):
    """NumPy's seeding for Generator/BitGenerator: None, int, array of ints or a SeedSequence;
    the 64-bit seed is the SeedSequence's first two 32-bit words."""
    if isinstance(seed, numpy.random.SeedSequence):
        ss = seed
    else:
        if seed is not None:
            arr = numpy.asarray(seed)
            if arr.dtype.kind not in "iu" and not (arr.dtype == object and all(isinstance(x, int) for x in arr.flat)):
                raise TypeError("SeedSequence expects int or sequence of ints for entropy not " + repr(seed))
            if (arr < 0).any():
                raise ValueError("expected non-negative integer")
        ss = numpy.random.SeedSequence(seed)
    words = ss.generate_state(2, numpy.uint32)
    return int(words[0]) | (int(words[1]) << 32), ss
