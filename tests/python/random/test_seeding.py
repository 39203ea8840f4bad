"""Seeding: CUPRIC_SEED seeds the global state (V8-SEED); NumPy's seed forms for Generator."""
import os
import subprocess
import sys

import numpy
import pytest

import cupric.random as cr

_SCRIPT = "import cupric, cupric.random as cr; print(cr.rand(5).get().tolist())"


def _run(env):
    out = subprocess.run([sys.executable, "-c", _SCRIPT], check=True, capture_output=True, text=True,
                         env=dict(os.environ, **env))
    return out.stdout


def test_cupric_seed_fixes_the_global_state():
    a = _run({"CUPRIC_SEED": "123"})
    assert a == _run({"CUPRIC_SEED": "123"})
    assert a != _run({"CUPRIC_SEED": "124"})


@pytest.mark.parametrize("seed", [0, 1, 2 ** 63, [1, 2, 3], numpy.uint32(5), numpy.random.SeedSequence(4)])
def test_generator_seeds(seed):
    a = cr.default_rng(seed).random(5).get()
    if not isinstance(seed, numpy.random.SeedSequence):
        numpy.testing.assert_array_equal(a, cr.default_rng(seed).random(5).get())


def test_generator_seed_errors():
    with pytest.raises(TypeError):
        cr.default_rng(1.5)
    with pytest.raises(ValueError):
        cr.default_rng(-1)


def test_none_seeds_differ():
    assert not numpy.array_equal(cr.default_rng().random(5).get(), cr.default_rng().random(5).get())
    assert not numpy.array_equal(cr.RandomState().rand(5).get(), cr.RandomState().rand(5).get())


def test_random_state_array_seed():
    a = cr.RandomState(numpy.arange(4)).rand(3).get()
    numpy.testing.assert_array_equal(a, cr.RandomState(numpy.arange(4)).rand(3).get())
