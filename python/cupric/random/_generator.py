"""NumPy 2's Generator API over cupric's bit generators (semantics in C++: include/cupric/random.hpp)."""
import numbers

import numpy

import cupric
from cupric import _core
from cupric.random._methods import add_distribution_methods
from cupric.random._multivariate import add_multivariate_methods
from cupric.random._seeding import generator_seed

_PHILOX, _XORWOW, _MRG = 0, 1, 2


class BitGenerator:
    """Base class of the bit generators: a 64-bit seed from a SeedSequence and a C++ generator."""
    _kind = _PHILOX

    def __init__(self, seed=None):
        self._seed, self._seed_seq = generator_seed(seed)
        self._gen = _core.random._Generator(self._seed, self._kind)

    @property
    def seed_seq(self):
        return self._seed_seq

    @property
    def state(self):
        kind, seed, offset, calls = self._gen.get_state()
        return {"bit_generator": type(self).__name__, "state": {"seed": seed, "offset": offset, "calls": calls}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or value.get("bit_generator") != type(self).__name__:
            raise ValueError(f"state must be for a {type(self).__name__} PRNG")
        s = value["state"]
        self._gen.set_state(self._kind, int(s["seed"]), int(s["offset"]), int(s["calls"]))

    def random_raw(self, size=None):
        """Raw 64-bit words (two 32-bit words of the stream each)."""
        out = self._gen.raw(() if size is None else size, numpy.uint64)
        return int(out.get()) if size is None else out

    def spawn(self, n_children):
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]


class Philox4x3210(BitGenerator):
    """Philox4x32-10: cuRAND's CURAND_RNG_PSEUDO_PHILOX4_32_10 stream."""
    _kind = _PHILOX


class XORWOW(BitGenerator):
    """XORWOW: cuRAND's CURAND_RNG_PSEUDO_XORWOW stream (4096 subsequences interleaved)."""
    _kind = _XORWOW


class MRG32k3a(BitGenerator):
    """MRG32k3a: cuRAND's CURAND_RNG_PSEUDO_MRG32K3A stream (81920 subsequences interleaved)."""
    _kind = _MRG


def _size(size):
    if size is None:
        return ()
    return size


def _finish(result, size, out):
    if out is not None:
        if size is not None and tuple(out.shape) != tuple(numpy.broadcast_shapes(_as_shape(size))):
            raise ValueError("size must match out.shape when used together")
        out[...] = result
        return out
    return result


def _as_shape(size):
    return (size,) if isinstance(size, numbers.Integral) else tuple(size)


class Generator:
    """Generator(bit_generator): NumPy 2's Generator methods on cupric arrays."""

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a cupric.random.BitGenerator (XORWOW, MRG32k3a, Philox4x3210)")
        self._bit_generator = bit_generator
        self._gen = bit_generator._gen

    @property
    def bit_generator(self):
        return self._bit_generator

    def __repr__(self):
        return f"Generator({type(self._bit_generator).__name__})"

    def spawn(self, n_children):
        return [Generator(b) for b in self._bit_generator.spawn(n_children)]

    def _check_out(self, size, dtype, out):
        if out is None:
            return size
        if not isinstance(out, cupric.ndarray):
            raise TypeError("out must be a cupric.ndarray")
        if out.dtype != numpy.dtype(dtype):
            raise TypeError(f"Supplied output array has the wrong type. Expected {numpy.dtype(dtype)}, got {out.dtype}")
        if size is not None and tuple(_as_shape(size)) != tuple(out.shape):
            raise ValueError("size must match out.shape when used together")
        return out.shape

    def random(self, size=None, dtype=numpy.float64, out=None):
        dtype = numpy.dtype(dtype)
        if dtype not in (numpy.float32, numpy.float64):
            raise TypeError(f"Unsupported dtype {dtype!r} for random")
        shape = self._check_out(size, dtype, out)
        r = self._gen.random(_size(shape), dtype)
        return _finish(r, None, out)

    def integers(self, low, high=None, size=None, dtype=numpy.int64, endpoint=False):
        if high is None:
            low, high = 0, low
        return self._gen.integers(low, high, size, numpy.dtype(dtype), bool(endpoint))

    def _draw(self, name, params, size, dtype, out):
        if dtype is not None:
            dtype = numpy.dtype(dtype)
        shape = self._check_out(size, dtype or numpy.float64, out) if out is not None else size
        r = self._gen.draw(name, params, shape, dtype)
        return _finish(r, None, out)

    def bytes(self, length):
        return self._gen.bytes(int(length))

    def permutation(self, x, axis=0):
        if isinstance(x, numbers.Integral):
            return self._gen.permutation_n(int(x))
        arr = cupric.asarray(x)
        if arr.ndim == 0:
            raise IndexError("x must be an integer or at least 1-dimensional")
        return self._gen.permutation(arr, axis)

    def shuffle(self, x, axis=0):
        if not isinstance(x, cupric.ndarray):
            raise TypeError("x must be a cupric.ndarray")
        self._gen.shuffle(x, axis)

    def permuted(self, x, *, axis=None, out=None):
        arr = cupric.asarray(x)
        if out is not None and not isinstance(out, cupric.ndarray):
            raise TypeError("out must be a cupric.ndarray")
        return self._gen.permuted(arr, axis, out)

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        return _choice(self._gen, a, size, replace, p, axis)


def _choice(gen, a, size, replace, p, axis=0, legacy=False):
    if isinstance(a, numbers.Integral) or (numpy.ndim(a) == 0 and not isinstance(a, cupric.ndarray)):
        n = int(a)
        if n < 0:
            raise ValueError("a must be a positive integer unless no samples are taken")
        pop = None
    else:
        pop = cupric.asarray(a)
        if pop.ndim == 0:
            raise ValueError("a must be a sequence or an integer, not a 0-d array")
        n = pop.shape[axis]
    idx = gen.choice(n, size, bool(replace), p, legacy)
    if pop is None:
        return idx
    return cupric.take(pop, idx, axis=axis)


add_distribution_methods(Generator, legacy=False)
add_multivariate_methods(Generator, legacy=False)


def default_rng(seed=None):
    """A Generator over Philox4x3210 (a Generator is returned as is)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox4x3210(seed))
