"""Law checks shared by the cupric.random tests (tests/python/random/): a Kolmogorov–Smirnov test
and the mean against a scipy.stats law for continuous draws, Pearson's chi-square over the
well-populated values for discrete ones, and chi-square tests of counts; the generator kinds the
law tests run on, and the check of a discrete law drawn with scalar parameters.

A correct sampler's p-value is uniform on (0, 1): at fixed seeds the threshold P_MIN rejects a
correct one with probability 1e-4 per check, while a wrong parameterisation at the tests' sizes
(1e5 draws and more) gives p-values far below 1e-10.
"""
import math

import numpy
import scipy.stats as st

import cupric
import cupric.random as cr

P_MIN = 1e-4

# Each bit generator of Generator, and RandomState: seed -> generator.
GENERATORS = {
    "Philox": lambda seed: cr.Generator(cr.Philox4x3210(seed)),
    "XORWOW": lambda seed: cr.Generator(cr.XORWOW(seed)),
    "MRG32k3a": lambda seed: cr.Generator(cr.MRG32k3a(seed)),
    "RandomState": lambda seed: cr.RandomState(seed),
}


def assert_ks(x, cdf, *args):
    """x follows the continuous law `cdf` (a frozen law's cdf, or a scipy.stats name and its args)."""
    if isinstance(cdf, str):
        # A frozen law, not kstest(x, name, args=...): newer SciPy (the GPU machine's) passes
        # args= to special functions that take fewer arguments (norm's ndtr).
        cdf = getattr(st, cdf)(*args).cdf
        args = ()
    p = st.kstest(numpy.asarray(x, dtype=numpy.float64), cdf, args=args).pvalue
    assert p > P_MIN, f"KS p-value {p:.3g}"


def assert_mean(x, law):
    """The sample mean within 6 standard errors of the law's mean (where the variance is finite)."""
    mean, var = law.stats("mv")
    if numpy.isfinite(var):
        assert abs(x.mean() - mean) < 6 * math.sqrt(var / len(x)), f"mean {x.mean():.6g}, law's {float(mean):.6g}"


def assert_continuous_law(x, law, finite_moments=True):
    """KS against the frozen scipy.stats law, and its mean."""
    assert_ks(x, law.cdf)
    if finite_moments:
        assert_mean(x, law)


def chi2_pvalue(x, law):
    """Pearson's chi-square of integer draws x against a discrete law, over the values with
    expected count >= 20; the rest lumped in one cell."""
    n = len(x)
    values, counts = numpy.unique(x, return_counts=True)
    seen = dict(zip(values.tolist(), counts.tolist()))
    ks = numpy.arange(values[0], values[-1] + 1) if values[-1] - values[0] < 10**6 else values
    expected = n * law.pmf(ks)
    ks, expected = ks[expected >= 20], expected[expected >= 20]
    observed = numpy.array([seen.get(int(k), 0) for k in ks], dtype=float)
    rest_exp, rest_obs = n - expected.sum(), n - observed.sum()
    if rest_exp >= 20:
        observed, expected = numpy.append(observed, rest_obs), numpy.append(expected, rest_exp)
    else:
        expected = expected * (observed.sum() / expected.sum())
    return st.chisquare(observed, expected).pvalue


def assert_discrete_law(x, law):
    """Chi-square against the discrete scipy.stats law, and its mean."""
    p = chi2_pvalue(x, law)
    assert p > P_MIN, f"chi-square p-value {p:.3g}"
    assert_mean(x, law)


def assert_counts(observed, expected=None):
    """Chi-square of counts against expected ones (scaled to the same total), or equal ones."""
    observed = numpy.asarray(observed, dtype=float).ravel()
    if expected is not None:
        expected = numpy.asarray(expected, dtype=float).ravel()
        expected = expected * (observed.sum() / expected.sum())
    p = st.chisquare(observed, expected).pvalue
    assert p > P_MIN, f"chi-square p-value {p:.3g}"


def assert_scalar_draws_follow(make, name, args, law, n):
    """`make(seed).name(*args, size=n)` is an int64 array of shape (n,) that follows `law`."""
    x = getattr(make(2718), name)(*args, size=n)
    assert isinstance(x, cupric.ndarray) and x.dtype == numpy.int64 and x.shape == (n,)
    assert_discrete_law(x.get(), law)
