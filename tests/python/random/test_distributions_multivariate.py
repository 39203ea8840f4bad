"""dirichlet and multivariate_normal of cupric.random: shapes, laws (marginals by KS, sample
moments), small-alpha Dirichlet without NaN, and NumPy's errors, on RandomState and Generator."""
import math
import warnings

import numpy
import pytest
import scipy.stats as st

import cupric
import cupric.random as cr
from processes import on_each_backend
from random_laws import assert_ks, assert_mean

N = 100_000


@pytest.mark.parametrize("make", [lambda: cr.RandomState(5), lambda: cr.default_rng(5)], ids=["rs", "gen"])
@pytest.mark.parametrize("alpha", [[2.0, 3.0, 5.0], [0.3, 0.7], [0.05, 0.02, 0.08, 0.01]])
def test_dirichlet_marginals_are_beta(make, alpha):
    x = make().dirichlet(alpha, size=N)
    assert isinstance(x, cupric.ndarray) and x.shape == (N, len(alpha)) and x.dtype == numpy.float64
    x = x.get()
    assert not numpy.isnan(x).any()
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0, rtol=1e-12)
    a0 = sum(alpha)
    for j, a in enumerate(alpha):
        law = st.beta(a, a0 - a)
        if a >= 0.1:
            assert_ks(x[:, j], law.cdf)
        # tiny alphas put the mass at 0 below double's range: check the mean only
        assert_mean(x[:, j], law)


def test_dirichlet_shapes_and_generator_zero_alpha():
    rs = cr.RandomState(0)
    assert rs.dirichlet([1.0, 2.0]).shape == (2,)
    assert rs.dirichlet([1.0, 2.0], size=(3, 4)).shape == (3, 4, 2)
    assert rs.dirichlet([1.0, 2.0], size=0).shape == (0, 2)
    g = cr.default_rng(0)
    x = g.dirichlet([0.0, 2.0, 0.0, 1.0], size=1000).get()
    assert (x[:, [0, 2]] == 0).all()
    numpy.testing.assert_allclose(x.sum(axis=1), 1.0)


@pytest.mark.parametrize("make", [lambda: cr.RandomState(9), lambda: cr.default_rng(9),
                                  lambda: cr.Generator(cr.XORWOW(9)), lambda: cr.Generator(cr.MRG32k3a(9))],
                         ids=["rs", "philox", "xorwow", "mrg"])
@pytest.mark.parametrize("alpha,size", [([1.0, 2.0, 3.0, 4.0], (50, 7)), ([0.2, 3.0], 300),
                                        ([0.5] * 200, 20), ([2.5], (4, 0)), ([0.03, 0.01, 0.02], ())])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32])
def test_dirichlet_rows_are_the_normalised_log_gamma_draws(make, alpha, size, dtype):
    # Note [Dirichlet rows]: row i is exp(l - max l) / sum exp(l - max l), l_j the registry's log
    # Gamma(alpha_j) draw of element i * k + j; the same generator state then goes on identically
    a, legacy = numpy.array(alpha), not isinstance(make(), cr.Generator)
    g1, g2 = make(), make()
    x = (g1.dirichlet(alpha, size=size, dtype=dtype) if legacy else
         g1.dirichlet(alpha, size=size).astype(dtype))
    shape = (size if isinstance(size, tuple) else (size,)) + (len(alpha),)
    assert x.shape == shape
    logs = g2._gen.draw("dirichlet", [cupric.asarray(a)], shape, numpy.dtype(dtype if legacy else numpy.float64),
                     legacy).get().astype(numpy.float64)
    want = numpy.exp(logs - (logs.max(axis=-1, keepdims=True) if logs.size else 0))
    want = want / want.sum(axis=-1, keepdims=True)
    numpy.testing.assert_allclose(x.get(), want, rtol=1e-5 if dtype == numpy.float32 else 1e-12, atol=1e-30)
    numpy.testing.assert_array_equal(g1.standard_normal(size=5).get(), g2.standard_normal(size=5).get())


_ROWS_SCRIPT = """
import sys, numpy, cupric, cupric.random as cr
out = {}
for ki, kind in enumerate((cr.Philox4x3210, cr.XORWOW, cr.MRG32k3a)):
    for ai, alpha in enumerate(([1.0, 2.0, 3.0, 4.0], [0.3, 1.5, 4.0], [0.03, 0.01, 0.02], [0.5] * 300)):
        out[f"g{ki}_{ai}"] = cr.Generator(kind(17)).dirichlet(alpha, size=(5000 if len(alpha) < 10 else 50)).get()
out["rs32"] = cr.RandomState(17).dirichlet([0.3, 1.5, 4.0], size=5000, dtype=numpy.float32).get()
numpy.savez(sys.argv[1], **out)
"""


@pytest.mark.gpu
def test_host_and_gpu_give_the_same_dirichlet_rows(tmp_path):
    # Note [Dirichlet rows]: the same log-gamma draws and the same arithmetic on both backends,
    # float64 within a few ulp (libm's and CUDA's log and exp), float32 within float rounding
    host, gpu = on_each_backend(_ROWS_SCRIPT, tmp_path, suffix=".npz")
    for key in host.files:
        rtol = 1e-5 if host[key].dtype == numpy.float32 else 1e-11
        numpy.testing.assert_allclose(host[key], gpu[key], rtol=rtol, atol=1e-300, err_msg=key)


@pytest.mark.parametrize("alpha,rs_msg,gen_msg", [
    ([0.0, 1.0], "alpha <= 0", None),
    ([-1.0, 1.0], "alpha <= 0", "alpha < 0"),
])
def test_dirichlet_errors(alpha, rs_msg, gen_msg):
    with pytest.raises(ValueError, match=f"^{rs_msg}$"):
        cr.RandomState(0).dirichlet(alpha)
    if gen_msg is None:
        cr.default_rng(0).dirichlet(alpha)
    else:
        with pytest.raises(ValueError, match=f"^{gen_msg}$"):
            cr.default_rng(0).dirichlet(alpha)


MEAN = numpy.array([1.0, -2.0, 0.5])
COV = numpy.array([[2.0, 0.6, -0.3], [0.6, 1.0, 0.2], [-0.3, 0.2, 0.5]])


@pytest.mark.parametrize("method", ["cholesky", "svd", "eigh"])
@pytest.mark.parametrize("make", [lambda: cr.RandomState(9), lambda: cr.default_rng(9)], ids=["rs", "gen"])
def test_multivariate_normal_moments_and_projection(make, method):
    x = make().multivariate_normal(MEAN, COV, size=N, method=method)
    assert isinstance(x, cupric.ndarray) and x.shape == (N, 3) and x.dtype == numpy.float64
    x = x.get()
    se = numpy.sqrt(numpy.diag(COV) / N)
    assert (abs(x.mean(axis=0) - MEAN) < 6 * se).all()
    numpy.testing.assert_allclose(numpy.cov(x, rowvar=False), COV, atol=0.03)
    v = numpy.array([0.3, -1.0, 2.0])
    law = st.norm(v @ MEAN, math.sqrt(v @ COV @ v))
    assert_ks(x @ v, law.cdf)


def test_multivariate_normal_shapes_and_inputs():
    g = cr.default_rng(1)
    assert g.multivariate_normal([0.0, 0.0], numpy.eye(2)).shape == (2,)
    assert g.multivariate_normal([0.0, 0.0], numpy.eye(2), size=(4, 5)).shape == (4, 5, 2)
    assert g.multivariate_normal(cupric.asarray(MEAN), cupric.asarray(COV), size=3).shape == (3, 3)
    # a singular (PSD) covariance: draws stay on its range
    cov = numpy.array([[1.0, 1.0], [1.0, 1.0]])
    x = g.multivariate_normal([0.0, 0.0], cov, size=1000, method="svd").get()
    numpy.testing.assert_allclose(x[:, 0], x[:, 1], atol=1e-6)
    r = cr.RandomState(1).multivariate_normal([0.0], [[4.0]], size=10, dtype=numpy.float32)
    assert r.dtype == numpy.float32


@pytest.mark.parametrize("mean,cov,kw", [
    ([0, 0], [[1, 0], [0, 1], [0, 0]], {}),
    ([[0, 0]], [[1, 0], [0, 1]], {}),
    ([0, 0, 0], [[1, 0], [0, 1]], {}),
    ([0, 0], [[1, 2], [2, 1]], {"check_valid": "raise"}),
    ([0, 0], [[1, 2], [2, 1]], {"check_valid": "bogus"}),
])
def test_multivariate_normal_errors_match_numpy(mean, cov, kw):
    with pytest.raises(ValueError) as want:
        numpy.random.default_rng(0).multivariate_normal(mean, cov, **kw)
    for obj in (cr.RandomState(0), cr.default_rng(0)):
        with pytest.raises(ValueError) as got:
            obj.multivariate_normal(mean, cov, **kw)
        assert str(got.value) == str(want.value)
    with pytest.raises(ValueError, match="method must be one of"):
        cr.default_rng(0).multivariate_normal([0.0], [[1.0]], method="bogus")


def test_multivariate_normal_warns_on_non_psd_covariance():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        cr.default_rng(0).multivariate_normal([0.0, 0.0], [[1.0, 2.0], [2.0, 1.0]])
    assert any(issubclass(x.category, RuntimeWarning) and "positive-semidefinite" in str(x.message) for x in w)
