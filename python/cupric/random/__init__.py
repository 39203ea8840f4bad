"""cupric.random: CuPy's RandomState and NumPy 2's Generator on counter-based generators that give
the same numbers on the host and the GPU (Note [Random streams] in include/cupric/random/streams.hpp)."""
from cupric.random._distribution_table import DISTRIBUTIONS as _DISTRIBUTIONS
from cupric.random._generator import (BitGenerator, Generator, MRG32k3a, Philox4x3210, XORWOW,  # noqa: F401
                                      default_rng)
from cupric.random._random_state import (RandomState, _module_function, get_random_state,  # noqa: F401
                                         reset_states, seed, set_random_state)
from numpy.random import SeedSequence  # noqa: F401

for _name in ("rand", "randn", "randint", "random_integers", "random_sample", "random", "ranf", "sample",
              "choice", "shuffle", "permutation", "bytes", "multivariate_normal", "multinomial",
              *_DISTRIBUTIONS):
    globals()[_name] = _module_function(_name)
del _name
