"""multinomial of RandomState, Generator and the module against NumPy: its laws (every marginal
is binomial, counts sum to n, the covariance), shapes and dtype, and NumPy's errors."""
import numpy
import pytest
import scipy.stats as st

import cupric.random as cr
from random_laws import assert_discrete_law

MAKERS = [lambda: cr.RandomState(12), lambda: cr.default_rng(12)]


@pytest.mark.parametrize("make", MAKERS, ids=["RandomState", "Generator"])
def test_marginals_are_binomial_and_rows_sum_to_n(make):
    n, p = 30, numpy.array([0.1, 0.25, 0.05, 0.6])
    x = make().multinomial(n, p, size=50_000).get()
    assert x.dtype == numpy.int64 and x.shape == (50_000, 4)
    numpy.testing.assert_array_equal(x.sum(axis=1), n)
    for j in range(4):
        assert_discrete_law(x[:, j], st.binom(n, p[j]))
    cov = numpy.cov(x.T)
    want = n * (numpy.diag(p) - numpy.outer(p, p))
    numpy.testing.assert_allclose(cov, want, atol=0.15)


def test_shapes_match_numpy():
    cases = [
        (cr.RandomState(1), numpy.random.RandomState(1), (10, [0.2, 0.3, 0.5]), {}),
        (cr.RandomState(1), numpy.random.RandomState(1), (10, [0.2, 0.3, 0.5]), {"size": (2, 3)}),
        (cr.RandomState(1), numpy.random.RandomState(1), (10, []), {}),
        (cr.RandomState(1), numpy.random.RandomState(1), (10.5, [0.5, 0.5]), {"size": 4}),
        (cr.default_rng(1), numpy.random.default_rng(1), ([3, 4], [0.5, 0.5]), {}),
        (cr.default_rng(1), numpy.random.default_rng(1), ([[3], [4]], [[0.5, 0.5], [0.2, 0.8], [0.1, 0.9]]), {}),
        (cr.default_rng(1), numpy.random.default_rng(1), (5, [[0.5, 0.5]]), {"size": (3, 1)}),
        (cr.default_rng(1), numpy.random.default_rng(1), (5, [1.0]), {"size": 0}),
    ]
    for ours, theirs, args, kw in cases:
        a, b = ours.multinomial(*args, **kw), theirs.multinomial(*args, **kw)
        assert a.shape == b.shape and a.dtype == b.dtype, (args, kw)
        numpy.testing.assert_array_equal(a.get().sum(axis=-1), b.sum(axis=-1))


def test_batched_pvals_follow_their_rows():
    p = numpy.array([[0.9, 0.1], [0.1, 0.9]])
    x = cr.default_rng(4).multinomial([[1000], [2000]], p).get()
    assert x.shape == (2, 2, 2)
    numpy.testing.assert_allclose(x[:, :, 0] / numpy.array([[1000], [2000]]), [[0.9, 0.1], [0.9, 0.1]], atol=0.05)


def test_module_function_uses_the_global_state():
    cr.seed(5)
    a = cr.multinomial(20, [0.5, 0.5], size=10).get()
    cr.seed(5)
    numpy.testing.assert_array_equal(cr.multinomial(20, [0.5, 0.5], size=10).get(), a)


def test_pvals_beyond_one_from_rounding_are_accepted():
    # sum(pvals[:-1]) may pass 1 by rounding; the last category takes what is left.
    x = cr.default_rng(2).multinomial(100, [1 / 3] * 3, size=1000).get()
    numpy.testing.assert_array_equal(x.sum(axis=1), 100)


BAD = [
    (-1, [0.5, 0.5], {}),
    (10, [-0.1, 1.1], {}),
    (10, [numpy.nan, 0.5], {}),
    (10, 0.5, {}),
    (10, [[0.5, 0.5]], {}),
    (10, [], {}),
    (10, [0.5, 0.6, 0.1], {}),
    (10, [0.2, 0.3, 0.5], {"size": -1}),
    (numpy.array([1, 2]), [0.5, 0.5], {}),
]


@pytest.mark.parametrize("legacy", [True, False], ids=["RandomState", "Generator"])
@pytest.mark.parametrize("case", BAD, ids=range(len(BAD)))
def test_errors_match_numpy(case, legacy):
    n, pvals, kw = case
    theirs = numpy.random.RandomState(0) if legacy else numpy.random.default_rng(0)
    ours = cr.RandomState(0) if legacy else cr.default_rng(0)
    try:
        want = theirs.multinomial(n, pvals, **kw)
    except Exception as e:  # noqa: BLE001 - the exact type and message are compared
        with pytest.raises(type(e)) as info:
            ours.multinomial(n, pvals, **kw)
        assert str(info.value) == str(e)
    else:
        got = ours.multinomial(n, pvals, **kw)
        assert got.shape == want.shape
