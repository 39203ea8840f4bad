"""The distributions drawn through the C++ registry (Note [Random registry] in
include/cupric/random/registry.hpp): one entry per line of distribution_table.inc, naming the
parameters as NumPy does, their defaults (``REQUIRED`` for none) and the docstring's first line.
RandomState and Generator methods are generated from this table (_methods.py)."""

REQUIRED = object()

# name: (((parameter, default), ...), docstring line, in RandomState, in Generator, dtype= taken)
DISTRIBUTIONS = {
    "standard_normal": ((), "Draw samples from a standard Normal distribution (mean=0, stdev=1).", True, True, True),
    "normal": ((("loc", 0.0), ("scale", 1.0)), "Draw random samples from a normal (Gaussian) distribution.",
               True, True, False),
    "standard_exponential": ((), "Draw samples from the standard exponential distribution.", True, True, True),
    "exponential": ((("scale", 1.0),), "Draw samples from an exponential distribution.", True, True, False),
    "uniform": ((("low", 0.0), ("high", 1.0)), "Draw samples from a uniform distribution over [low, high).",
                True, True, False),
}
