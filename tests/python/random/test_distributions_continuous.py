"""The continuous distributions of cupric.random against scipy.stats's laws: a Kolmogorov–Smirnov
test and the first two moments at a fixed seed, over parameter regimes that exercise each
sampler's branches, on RandomState, the module functions and Generator."""
import math

import numpy
import pytest
import scipy.stats as st

import cupric
import cupric.random as cr
from random_laws import assert_continuous_law, assert_ks

N = 200_000


def _rs(seed=1234):
    return cr.RandomState(seed)


def _gen(seed=1234):
    return cr.default_rng(seed)


# (method, args, scipy frozen law). Each regime exercises a branch of the sampler
# (include/cupric/random/distributions/).
CASES = [
    ("standard_gamma", (0.05,), st.gamma(0.05)),
    ("standard_gamma", (0.5,), st.gamma(0.5)),
    ("standard_gamma", (1.0,), st.gamma(1.0)),
    ("standard_gamma", (7.5,), st.gamma(7.5)),
    ("gamma", (2.5, 3.0), st.gamma(2.5, scale=3.0)),
    ("gamma", (0.3, 0.5), st.gamma(0.3, scale=0.5)),
    ("beta", (0.3, 0.6), st.beta(0.3, 0.6)),
    ("beta", (0.5, 4.0), st.beta(0.5, 4.0)),
    ("beta", (2.0, 5.0), st.beta(2.0, 5.0)),
    ("chisquare", (0.7,), st.chi2(0.7)),
    ("chisquare", (12.0,), st.chi2(12.0)),
    ("f", (5.0, 12.0), st.f(5.0, 12.0)),
    ("f", (0.8, 3.0), st.f(0.8, 3.0)),
    ("standard_t", (3.0,), st.t(3.0)),
    ("standard_t", (0.7,), st.t(0.7)),
    ("exponential", (2.5,), st.expon(scale=2.5)),
    ("gumbel", (1.0, 2.0), st.gumbel_r(1.0, 2.0)),
    ("laplace", (-1.0, 0.5), st.laplace(-1.0, 0.5)),
    ("logistic", (2.0, 3.0), st.logistic(2.0, 3.0)),
    ("lognormal", (0.5, 0.75), st.lognorm(0.75, scale=math.exp(0.5))),
    ("pareto", (3.0,), st.lomax(3.0)),
    ("pareto", (0.5,), st.lomax(0.5)),
    ("power", (3.0,), st.powerlaw(3.0)),
    ("power", (0.4,), st.powerlaw(0.4)),
    ("rayleigh", (2.0,), st.rayleigh(scale=2.0)),
    ("standard_cauchy", (), st.cauchy()),
    ("triangular", (-1.0, 0.5, 3.0), st.triang(0.375, loc=-1.0, scale=4.0)),
    ("triangular", (0.0, 0.0, 2.0), st.triang(0.0, loc=0.0, scale=2.0)),
    ("vonmises", (0.0, 0.5), st.vonmises(0.5)),
    ("vonmises", (0.0, 8.0), st.vonmises(8.0)),
    ("wald", (2.0, 3.0), st.invgauss(2.0 / 3.0, scale=3.0)),
    ("wald", (1.0, 500.0), st.invgauss(1.0 / 500.0, scale=500.0)),
    ("weibull", (0.6,), st.weibull_min(0.6)),
    ("weibull", (3.0,), st.weibull_min(3.0)),
    ("noncentral_chisquare", (3.0, 2.0), st.ncx2(3.0, 2.0)),
    ("noncentral_chisquare", (0.6, 1.5), st.ncx2(0.6, 1.5)),
    ("noncentral_f", (4.0, 9.0, 2.5), st.ncf(4.0, 9.0, 2.5)),
    ("normal", (3.0, 2.0), st.norm(3.0, 2.0)),
]


class _Tabulated:
    """A law whose cdf is the integral of its pdf on a fine grid (scipy's vonmises cdf takes
    milliseconds a point; the trapezoid rule on 20001 points is exact to ~1e-8, far below the KS
    statistic's ~1e-3)."""

    def __init__(self, law, lo, hi):
        self.law, self.grid = law, numpy.linspace(lo, hi, 20001)
        pdf = law.pdf(self.grid)
        table = numpy.concatenate([[0.0], numpy.cumsum((pdf[1:] + pdf[:-1]) / 2 * numpy.diff(self.grid))])
        self.table = table / table[-1]
        w = pdf / pdf.sum()  # the moments from the same grid (scipy integrates them slowly too)
        self.mean = (w * self.grid).sum()
        self.var = (w * (self.grid - self.mean) ** 2).sum()

    def cdf(self, x):
        return numpy.interp(x, self.grid, self.table)

    def stats(self, moments):
        return self.mean, self.var


for _i, _c in enumerate(CASES):
    if _c[0] == "vonmises":
        CASES[_i] = (_c[0], _c[1], _Tabulated(_c[2], -math.pi, math.pi))


def _id(case):
    return f"{case[0]}{case[1]}"


def _check_law(x, law, finite_moments=True):
    assert x.shape == (N,)
    assert_continuous_law(x, law, finite_moments)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_random_state_matches_law(case):
    name, args, law = case
    x = getattr(_rs(), name)(*args, size=N)
    assert isinstance(x, cupric.ndarray) and x.dtype == numpy.float64
    _check_law(x.get(), law)


@pytest.mark.parametrize("case", CASES[::3], ids=_id)
def test_generator_matches_law(case):
    name, args, law = case
    x = getattr(_gen(99), name)(*args, size=N)
    assert isinstance(x, cupric.ndarray) and x.dtype == numpy.float64
    _check_law(x.get(), law)


@pytest.mark.parametrize("name,args,law", [
    ("standard_gamma", (2.5,), st.gamma(2.5)),
    ("beta", (2.0, 3.0), st.beta(2.0, 3.0)),
    ("exponential", (2.0,), st.expon(scale=2.0)),
    ("lognormal", (0.0, 0.5), st.lognorm(0.5)),
    ("standard_t", (5.0,), st.t(5.0)),
])
def test_float32_draws_follow_the_law(name, args, law):
    x = getattr(_rs(7), name)(*args, size=N, dtype=numpy.float32)
    assert x.dtype == numpy.float32
    _check_law(x.get().astype(numpy.float64), law)


def test_generator_standard_gamma_dtype_and_out():
    g = _gen(3)
    x = g.standard_gamma(3.0, size=N, dtype=numpy.float32)
    assert x.dtype == numpy.float32
    _check_law(x.get().astype(numpy.float64), st.gamma(3.0))
    out = cupric.empty((4, 5), dtype=numpy.float64)
    r = g.standard_gamma(2.0, out=out)
    assert r is out and (out.get() > 0).all()


def test_module_functions_draw_from_the_global_state():
    cr.seed(11)
    a = cr.gamma(2.0, 3.0, size=1000).get()
    cr.seed(11)
    b = cr.gamma(2.0, 3.0, size=1000).get()
    numpy.testing.assert_array_equal(a, b)
    cr.seed(12)
    _check_law(cr.weibull(1.5, size=N).get(), st.weibull_min(1.5))


def test_same_seed_same_numbers_and_calls_advance():
    a = _rs(5).beta(0.5, 0.5, size=1000).get()
    numpy.testing.assert_array_equal(a, _rs(5).beta(0.5, 0.5, size=1000).get())
    rs = _rs(5)
    first, second = rs.vonmises(1.0, 2.0, size=100).get(), rs.vonmises(1.0, 2.0, size=100).get()
    assert not numpy.array_equal(first, second)


def test_vonmises_wraps_around_mu():
    x = _rs(8).vonmises(3.0, 4.0, size=N).get()
    assert x.min() >= -math.pi and x.max() <= math.pi
    # circular mean direction mu, mean resultant length I1(k)/I0(k)
    z = numpy.exp(1j * x).mean()
    assert abs(numpy.angle(z) - 3.0) < 0.01
    assert abs(abs(z) - scipy_bessel_ratio(4.0)) < 0.005


def scipy_bessel_ratio(k):
    import scipy.special as sp
    return sp.i1(k) / sp.i0(k)


def test_array_parameters_broadcast_per_element():
    rs = _rs(21)
    shape = cupric.asarray(numpy.array([0.5, 2.0, 20.0]))
    x = rs.gamma(shape, 2.0, size=(N // 4, 3)).get()
    assert x.shape == (N // 4, 3)
    for j, s in enumerate([0.5, 2.0, 20.0]):
        assert_ks(x[:, j], st.gamma(s, scale=2.0).cdf)
    # no size: the parameters' broadcast shape
    y = rs.normal(cupric.asarray(numpy.zeros((2, 1))), cupric.asarray(numpy.ones(3)))
    assert y.shape == (2, 3)


def test_edge_parameters_match_numpy():
    rs = _rs(0)
    assert (rs.standard_gamma(0.0, size=5).get() == 0).all()
    assert (rs.weibull(0.0, size=5).get() == 0).all()
    assert (rs.exponential(0.0, size=5).get() == 0).all()
    assert (rs.power(numpy.inf, size=5).get() == 1).all()
    assert numpy.isinf(rs.standard_gamma(numpy.inf, size=3).get()).all()
    assert numpy.isnan(rs.standard_t(numpy.inf, size=3).get()).all()
    assert numpy.isnan(rs.beta(numpy.nan, 1.0, size=3).get()).all()
    assert numpy.isnan(rs.gamma(numpy.nan, size=3).get()).all()
    v = rs.triangular(0.0, 1.0, 1.0, size=N).get()
    assert v.min() >= 0 and v.max() <= 1
    b = rs.beta(1e-3, 1e-3, size=10000).get()
    assert not numpy.isnan(b).any() and b.min() >= 0 and b.max() <= 1
