"""CuPy's legacy RandomState and the module functions over the global state."""
import numpy
import pytest

import cupric
import cupric.random as cr
from random_laws import assert_ks


def test_module_functions_exist_and_draw():
    for name, args in [("rand", (2, 3)), ("randn", (2, 3)), ("random_sample", ((2, 3),)), ("random", ((2, 3),)),
                       ("ranf", ((2, 3),)), ("sample", ((2, 3),)), ("uniform", (0, 1, (2, 3))),
                       ("normal", (0, 1, (2, 3))), ("standard_normal", ((2, 3),)),
                       ("standard_exponential", ((2, 3),)), ("randint", (0, 5, (2, 3))),
                       ("random_integers", (1, 5, (2, 3)))]:
        r = getattr(cr, name)(*args)
        assert isinstance(r, cupric.ndarray) and r.shape == (2, 3), name
    assert cr.choice(5, 3).shape == (3,)
    assert cr.permutation(5).shape == (5,)
    assert len(cr.bytes(5)) == 5


def test_rand_dtypes_and_ranges():
    rs = cr.RandomState(0)
    assert rs.rand(3, dtype=numpy.float32).dtype == numpy.float32
    assert rs.rand().shape == ()
    r = rs.randint(3, 7, size=1000).get()
    assert r.dtype == numpy.int64 and r.min() >= 3 and r.max() <= 6
    r = rs.random_integers(3, 7, size=1000).get()
    assert r.min() >= 3 and r.max() == 7
    assert rs.randint(5, size=10, dtype=numpy.int8).dtype == numpy.int8
    with pytest.raises(ValueError):
        rs.randint(5, 5)


def test_seed_and_determinism():
    a = cr.RandomState(5).random_sample(100).get()
    numpy.testing.assert_array_equal(a, cr.RandomState(5).random_sample(100).get())
    rs = cr.RandomState(5)
    rs.random_sample(3)
    rs.seed(5)
    numpy.testing.assert_array_equal(a, rs.random_sample(100).get())
    assert not numpy.array_equal(a, cr.RandomState(6).random_sample(100).get())
    with pytest.raises(TypeError):
        cr.RandomState(1.5)
    with pytest.raises(ValueError):
        cr.RandomState(-1)


def test_global_state_functions():
    cr.reset_states()
    rs = cr.RandomState(3)
    cr.set_random_state(rs)
    assert cr.get_random_state() is rs
    a = cr.rand(10).get()
    cr.seed(3)
    numpy.testing.assert_array_equal(a, cr.rand(10).get())
    with pytest.raises(TypeError):
        cr.set_random_state(object())
    cr.reset_states()
    assert cr.get_random_state() is not rs


def test_shuffle_and_permutation():
    rs = cr.RandomState(1)
    a = cupric.arange(10)
    rs.shuffle(a)
    numpy.testing.assert_array_equal(numpy.sort(a.get()), numpy.arange(10))
    with pytest.raises(TypeError):
        rs.shuffle(numpy.arange(3))
    numpy.testing.assert_array_equal(numpy.sort(rs.permutation(cupric.arange(6)).get()), numpy.arange(6))


def test_normal_moments_and_dtype():
    r = cr.RandomState(8).normal(2.0, 3.0, size=100000, dtype=numpy.float32)
    assert r.dtype == numpy.float32
    h = r.get().astype(numpy.float64)
    assert abs(h.mean() - 2) < 0.05 and abs(h.std() - 3) < 0.05
    assert_ks(h, "norm", 2.0, 3.0)


def test_bad_scale():
    with pytest.raises(ValueError, match="scale < 0"):
        cr.RandomState(0).normal(0, -1)


@pytest.mark.parametrize("name", ["rand", "randn", "random_sample", "normal", "permutation", "choice"])
def test_module_functions_pickle_by_name(name):
    # pickle (and Dask's workers) look a function up by __module__ and __qualname__
    import pickle
    f = getattr(cupric.random, name)
    assert f.__module__ == "cupric.random"
    assert pickle.loads(pickle.dumps(f)) is f
