"""Philox's block draws (Note [Philox block draws] in src/random/block_draws.hpp): normal,
exponential, uniform and integers take a fixed number of words of the call's block stream per
value, so an element's value depends on (seed, call, index, its parameters) only: the same with
scalar or array parameters, in any shape, with Lemire's rare rejections sent to the element's own
sub-stream."""
import numpy
import pytest

import cupric
import cupric.random as cr
from random_laws import assert_counts, assert_ks

N = 100_003  # not a multiple of a block's 4 (or 2) values: the last block is cut


def _pair(draw_scalar, draw_array, seed=2024):
    a = draw_scalar(cr.default_rng(seed)).get()
    b = draw_array(cr.default_rng(seed)).get()
    return a, b


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_scalar_and_array_parameters_give_the_same_values(dtype):
    full = cupric.full((N,), 1.5)
    cases = [
        (lambda g: g.normal(1.5, 2.0, size=N), lambda g: g.normal(full, 2.0)),
        (lambda g: g.exponential(1.5, size=N), lambda g: g.exponential(full)),
        (lambda g: g.uniform(-1.0, 1.5, size=N), lambda g: g.uniform(-1.0, full)),
    ]
    for scalar, array in cases:
        a, b = _pair(scalar, array)
        numpy.testing.assert_array_equal(a, b)
    # standard_normal is normal(0, 1) and standard_exponential exponential(1), value for value.
    a, b = _pair(lambda g: g.standard_normal(N, dtype=dtype), lambda g: g.normal(0.0, 1.0, size=N).astype(dtype))
    if dtype == numpy.float64:
        numpy.testing.assert_array_equal(a, b)
    a, b = _pair(lambda g: g.standard_exponential(N), lambda g: g.exponential(1.0, size=N))
    numpy.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("high", [1000, 2**31 + 1, 2**32, 2**40 + 3, 2**63 - 1])
def test_integers_scalar_and_array_bounds_agree(high):
    # 2**31 + 1 rejects about half the words: those elements finish on their sub-streams.
    a, b = _pair(lambda g: g.integers(0, high, size=N), lambda g: g.integers(cupric.zeros(N, dtype=numpy.int64), high))
    numpy.testing.assert_array_equal(a, b)
    assert a.min() >= 0 and a.max() < high


def test_integers_with_many_rejections_stay_uniform():
    high = 2**31 + 1
    x = cr.default_rng(7).integers(0, high, size=400_000).get()
    counts = numpy.bincount((x * 64 // high).astype(numpy.int64), minlength=64)
    assert_counts(counts)
    assert x.max() == high - 1 or x.max() > high - high // 1000  # the top of the range is reached


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint16, numpy.int32, numpy.uint64, numpy.bool_])
def test_integers_small_dtypes_use_the_same_words(dtype):
    top = 2 if dtype == numpy.bool_ else 100
    a = cr.default_rng(3).integers(0, top, size=1001, dtype=dtype).get()
    b = cr.default_rng(3).integers(0, top, size=1001, dtype=numpy.int64).get()
    numpy.testing.assert_array_equal(a.astype(numpy.int64), b)


def test_values_do_not_depend_on_the_shape():
    for draw in (
        lambda g, s: g.standard_normal(s, dtype=numpy.float32),
        lambda g, s: g.integers(-5, 17, size=s, dtype=numpy.int16),
        lambda g, s: g.exponential(2.0, size=s),
    ):
        a = draw(cr.default_rng(11), (7, 13, 3)).get()
        b = draw(cr.default_rng(11), 273).get()
        numpy.testing.assert_array_equal(a.ravel(), b)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_normal_block_positions_are_normal_and_uncorrelated(dtype):
    # float32: elements 4q .. 4q+3 are the words of one block; float64: 2q, 2q+1 (Note [Normal
    # ziggurat]): each position follows the law, neighbours are independent.
    z = cr.default_rng(99).standard_normal(400_000, dtype=dtype).get().astype(numpy.float64)
    k = 4 if dtype == numpy.float32 else 2
    for j in range(k):
        assert_ks(z[j::k], "norm")
    assert abs(numpy.corrcoef(z[0::2], z[1::2])[0, 1]) < 0.01
    assert abs(numpy.corrcoef(z[0::2] ** 2, z[1::2] ** 2)[0, 1]) < 0.01


def test_calls_advance_and_other_generators_keep_their_samplers():
    g = cr.default_rng(5)
    a, b = g.standard_normal(1000).get(), g.standard_normal(1000).get()
    assert not numpy.array_equal(a, b)
    x = cr.Generator(cr.XORWOW(5)).standard_normal(200_000).get()
    assert_ks(x, "norm")
