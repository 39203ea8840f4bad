"""The distribution registry (Note [Random registry]): the Python table and the C++ table name the
same distributions, and every entry is a method of RandomState and/or Generator."""
import inspect

import numpy
import pytest

from cupric import _core
import cupric.random as cr
from cupric.random._distribution_table import DISTRIBUTIONS


def test_python_and_cpp_tables_agree():
    assert sorted(DISTRIBUTIONS) == sorted(_core.random.distributions)


# Required parameters for which 1.0 is outside NumPy's domain ("a <= 1", "p >= 1", "left == right").
_VALID_ARGS = {"zipf": [2.0], "logseries": [0.5], "triangular": [0.0, 0.5, 1.0]}


@pytest.mark.parametrize("name", sorted(DISTRIBUTIONS))
def test_every_entry_is_a_method_that_draws(name):
    params, doc, in_legacy, in_generator, with_dtype = DISTRIBUTIONS[name]
    args = [1.0 if d is None or not isinstance(d, (int, float)) else d for _, d in params]
    args = _VALID_ARGS.get(name, args)
    for owner, present in ((cr.RandomState(0), in_legacy), (cr.default_rng(0), in_generator)):
        if not present:
            continue
        method = getattr(owner, name)
        assert doc in inspect.getdoc(method)
        r = method(*args, size=(2, 3))
        assert r.shape == (2, 3)
        assert numpy.isfinite(r.get()).all()
