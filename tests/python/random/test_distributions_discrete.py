"""The discrete distributions of cupric.random against scipy.stats's laws: a chi-square test of the
frequencies and the first two moments at a fixed seed, over parameter regimes that exercise each
sampler's branches, on RandomState, the module functions and Generator."""
import math

import numpy
import pytest
import scipy.stats as st

import cupric
import cupric.random as cr
from random_laws import assert_discrete_law

N = 200_000


def _rs(seed=4321):
    return cr.RandomState(seed)


def _gen(seed=4321):
    return cr.default_rng(seed)


# (method, args, scipy frozen law); the regimes cover inversion and rejection branches.
CASES = [
    ("binomial", (10, 0.3), st.binom(10, 0.3)),          # inversion
    ("binomial", (100, 0.05), st.binom(100, 0.05)),      # inversion, n p = 5
    ("binomial", (60, 0.8), st.binom(60, 0.8)),          # p > 1/2 through 1 - p, BTRS
    ("binomial", (5000, 0.4), st.binom(5000, 0.4)),      # BTRS
    ("poisson", (0.7,), st.poisson(0.7)),                # inversion
    ("poisson", (9.5,), st.poisson(9.5)),
    ("poisson", (10.0,), st.poisson(10.0)),              # PTRS from 10
    ("poisson", (250.0,), st.poisson(250.0)),
    ("poisson", (1e6,), st.poisson(1e6)),
    ("geometric", (0.35,), st.geom(0.35)),
    ("geometric", (0.02,), st.geom(0.02)),
    ("negative_binomial", (3.5, 0.4), st.nbinom(3.5, 0.4)),
    ("negative_binomial", (50.0, 0.9), st.nbinom(50.0, 0.9)),
    ("hypergeometric", (20, 30, 6), st.hypergeom(50, 20, 6)),          # direct simulation
    ("hypergeometric", (300, 200, 120), st.hypergeom(500, 300, 120)),  # HRUA
    ("hypergeometric", (40, 60, 90), st.hypergeom(100, 40, 90)),       # complement drawn
    ("hypergeometric", (10**6, 3 * 10**6, 10**5), st.hypergeom(4 * 10**6, 10**6, 10**5)),
    ("logseries", (0.4,), st.logser(0.4)),
    ("logseries", (0.97,), st.logser(0.97)),
    ("zipf", (1.7,), st.zipf(1.7)),
    ("zipf", (3.5,), st.zipf(3.5)),
]


def _id(case):
    return f"{case[0]}{case[1]}"


def _check_law(x, law):
    assert x.shape == (N,)
    assert_discrete_law(x, law)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_random_state_matches_law(case):
    name, args, law = case
    x = getattr(_rs(), name)(*args, size=N)
    assert isinstance(x, cupric.ndarray) and x.dtype == numpy.int64
    _check_law(x.get(), law)


@pytest.mark.parametrize("case", CASES[::2], ids=_id)
def test_generator_matches_law(case):
    name, args, law = case
    x = getattr(_gen(17), name)(*args, size=N)
    assert isinstance(x, cupric.ndarray) and x.dtype == numpy.int64
    _check_law(x.get(), law)


def test_module_function_poisson():
    cr.seed(3)
    _check_law(cr.poisson(4.0, size=N).get(), st.poisson(4.0))


def test_large_parameters_stay_in_range():
    rs = _rs(1)
    big = rs.binomial(2**40, 0.25, size=10000).get()
    assert abs(big.mean() - 2**38) < 6 * math.sqrt(2**40 * 0.25 * 0.75 / 10000)
    lam = 1e15
    p = rs.poisson(lam, size=10000).get()
    assert abs(p.mean() - lam) < 6 * math.sqrt(lam / 10000)
    assert (rs.zipf(1.0001, size=1000).get() >= 1).all()
    assert (rs.geometric(1e-12, size=100).get() >= 1).all()


def test_edge_parameters_match_numpy():
    rs = _rs(0)
    assert (rs.binomial(0, 0.5, size=5).get() == 0).all()
    assert (rs.binomial(7, 0.0, size=5).get() == 0).all()
    assert (rs.binomial(7, 1.0, size=5).get() == 7).all()
    assert (rs.poisson(0.0, size=5).get() == 0).all()
    assert (rs.geometric(1.0, size=5).get() == 1).all()
    assert (rs.logseries(0.0, size=5).get() == 1).all()
    assert (rs.zipf(2000.0, size=5).get() == 1).all()
    assert (rs.negative_binomial(3, 1.0, size=5).get() == 0).all()
    assert (rs.hypergeometric(5, 0, 3, size=5).get() == 3).all()
    assert (rs.hypergeometric(0, 5, 3, size=5).get() == 0).all()
    assert (rs.hypergeometric(5, 6, 11, size=5).get() == 5).all()
    g = _gen(0)
    assert (g.hypergeometric(5, 6, 0, size=5).get() == 0).all()  # Generator allows nsample = 0


def test_array_parameters_broadcast_per_element():
    rs = _rs(5)
    lam = cupric.asarray(numpy.array([1.0, 30.0, 500.0]))
    x = rs.poisson(lam, size=(N // 4, 3)).get()
    for j, mean in enumerate([1.0, 30.0, 500.0]):
        assert abs(x[:, j].mean() - mean) < 6 * math.sqrt(mean / (N // 4))
    n = cupric.asarray(numpy.array([[5], [50]]))
    y = rs.binomial(n, cupric.asarray(numpy.array([0.1, 0.9])))
    assert y.shape == (2, 2) and y.dtype == numpy.int64
    assert (y.get() <= numpy.array([[5], [50]])).all()


def test_integer_parameters_from_floats_truncate_like_numpy():
    # NumPy truncates a float scalar n (binomial(5.7, p) is binomial(5, p)).
    x = _rs(2).binomial(5.7, 0.999, size=1000).get()
    assert x.max() == 5


def test_random_state_integer_dtypes():
    # CuPy's RandomState takes dtype= for the discrete draws: int64 draws cast to it
    rs = _rs(6)
    x = rs.binomial(10, 0.5, size=100, dtype=numpy.int32)
    assert x.dtype == numpy.int32 and 0 <= int(x.min()) and int(x.max()) <= 10
    assert rs.poisson(3.0, size=4, dtype=int).dtype == numpy.int64
    with pytest.raises(TypeError):
        rs.gamma(2.0, size=3, dtype=numpy.int64)  # a continuous law has no integer dtype
    with pytest.raises(TypeError):
        rs.poisson(3.0, size=3, dtype=numpy.float64)  # nor a discrete one a float dtype
