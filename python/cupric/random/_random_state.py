"""CuPy's legacy RandomState and the module functions over the global state (V8-SEED:
CUPRIC_SEED seeds it). Argument handling only; the draws are C++ (include/cupric/random.hpp)."""
import os
import threading

import numpy

import cupric
from cupric import _core
from cupric.random._generator import _XORWOW, _choice
from cupric.random._methods import add_distribution_methods
from cupric.random._multivariate import add_multivariate_methods
from cupric.random._seeding import legacy_seed


class RandomState:
    """RandomState(seed=None, method=XORWOW): CuPy's legacy generator (cuRAND's XORWOW stream)."""

    # cuRAND's generator types as CuPy passes them (cupy.cuda.curand.CURAND_RNG_PSEUDO_*):
    # DEFAULT and XORWOW, MRG32K3A, PHILOX4_32_10; and cupric's own names and codes.
    _METHODS = {100: 1, 101: 1, 121: 2, 161: 0, "Philox4x3210": 0, "XORWOW": 1, "MRG32k3a": 2, 0: 0, 1: 1, 2: 2}

    def __init__(self, seed=None, method=_XORWOW):
        if method not in self._METHODS:
            raise ValueError(
                f"unknown method {method!r}: RandomState takes cuRAND's XORWOW (100, 101), MRG32K3A (121) "
                "or PHILOX4_32_10 (161), or 'XORWOW', 'MRG32k3a', 'Philox4x3210'"
            )
        self._method = self._METHODS[method]
        self._gen = _core.random._Generator(0, self._method)
        self.seed(seed)

    def seed(self, seed=None):
        self._rk_seed = legacy_seed(seed)
        self._gen.set_state(self._method, self._rk_seed, 0, 0)

    def _draw(self, name, params, size, dtype, out=None):
        # dtype None: the distribution's own (float64, or int64 for the discrete ones); the C++
        # registry checks a given dtype against the distribution's output kind. CuPy's integer
        # dtype= of the discrete ones (int32, ...) casts their int64 draws. legacy: RandomState's
        # parameter rules (Note [Parameter rules]).
        cast = None
        if dtype is not None:
            dtype = numpy.dtype(dtype)
            if dtype.kind in "iu":
                cast, dtype = (None if dtype == numpy.int64 else dtype), numpy.dtype(numpy.int64)
            elif dtype.char not in "fd":
                raise TypeError(f"{name} does not support dtype {dtype}")
        r = self._gen.draw(name, params, size, dtype, True)
        return r if cast is None else r.astype(cast)

    def random_sample(self, size=None, dtype=float):
        dtype = numpy.dtype(dtype)
        if dtype.char not in "fd":
            raise TypeError(f"random_sample does not support dtype {dtype}")
        return self._gen.random_curand(() if size is None else size, dtype)

    random = random_sample
    ranf = random_sample
    sample = random_sample

    def rand(self, *size, dtype=float):
        return self.random_sample(size, dtype)

    def randn(self, *size, dtype=float):
        return self._draw("standard_normal", [], size, dtype)

    def randint(self, low, high=None, size=None, dtype=int):
        if high is None:
            low, high = 0, low
        return self._gen.integers(low, high, size, numpy.dtype(dtype), False)

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self._gen.integers(low, high, size, numpy.dtype(int), True)

    def choice(self, a, size=None, replace=True, p=None):
        return _choice(self._gen, a, size, replace, p, legacy=True)

    def shuffle(self, a):
        if not isinstance(a, cupric.ndarray):
            raise TypeError("The array must be cupric.ndarray")
        if a.ndim == 0:
            raise TypeError("An array whose ndim is 0 is not supported")
        self._gen.shuffle(a, 0)

    def permutation(self, num):
        if isinstance(num, int):
            return self._gen.permutation_n(num)
        arr = cupric.asarray(num)
        if arr.ndim == 0:
            raise TypeError("An array whose ndim is 0 is not supported")
        return self._gen.permutation(arr, 0)

    def bytes(self, length):
        return self._gen.bytes(int(length))


add_distribution_methods(RandomState, legacy=True)
add_multivariate_methods(RandomState, legacy=True)

_states = {}
_lock = threading.Lock()


def get_random_state():
    """The global RandomState of the current device (seeded with CUPRIC_SEED when set)."""
    dev = cupric.cuda.Device().id if hasattr(cupric, "cuda") else 0
    with _lock:
        rs = _states.get(dev)
        if rs is None:
            seed = os.getenv("CUPRIC_SEED")
            rs = RandomState(None if seed is None else int(seed))
            _states[dev] = rs
        return rs


def set_random_state(rs):
    if not isinstance(rs, RandomState):
        raise TypeError(f"Random state must be an instance of RandomState. Actual: {type(rs)}")
    dev = cupric.cuda.Device().id if hasattr(cupric, "cuda") else 0
    _states[dev] = rs


def reset_states():
    _states.clear()


def seed(seed=None):
    get_random_state().seed(seed)


def _module_function(name):
    def f(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)
    f.__name__ = name
    f.__qualname__ = name
    f.__module__ = "cupric.random"  # where it is found (pickle looks it up there by name)
    f.__doc__ = getattr(RandomState, name).__doc__
    return f
