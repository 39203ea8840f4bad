"""How dirichlet and multivariate_normal are assembled from registry draws (_multivariate.py): for
the same seed, their values equal NumPy's formulas applied to the draws they are built from:
- multivariate_normal: z @ A^T + mean, z the standard normal draws of shape size + (n,) and A
  NumPy 2's factor of cov for the method (Generator's values are NumPy's formula exactly; the
  product is one matmul of (rows, n) by (n, n));
- dirichlet: exp(l - max l) / sum exp(l - max l) over the log-gamma draws l, also where every
  alpha >= 1 and the rows are computed as exp(l) / sum exp(l) (Note in dirichlet's docstring),
  and at the edges of that shortcut (alphas near the dtype's largest number).
"""
import numpy
import pytest

import cupric
import cupric.random as cr
from cupric import testing

COV3 = numpy.array([[2.0, 0.6, -0.3], [0.6, 1.0, 0.2], [-0.3, 0.2, 0.5]])


def numpy_factor(cov, method):
    """NumPy 2's A (cov = A A^T) for `method`: Generator's draws are z @ A^T + mean."""
    if method == "cholesky":
        return numpy.linalg.cholesky(cov)
    if method == "eigh":
        s, u = numpy.linalg.eigh(cov)
        return u * numpy.sqrt(numpy.clip(s, 0, None))
    u, s, _ = numpy.linalg.svd(cov)
    return u * numpy.sqrt(s)


def spd(n, seed):
    b = numpy.random.default_rng(seed).standard_normal((n, n))
    return b @ b.T + n * numpy.eye(n)


@pytest.mark.parametrize("method", ["cholesky", "eigh", "svd"])
@pytest.mark.parametrize("size", [None, 1, 1000, (7, 9), 0, (3, 0)])
def test_generator_values_are_numpys_formula_on_the_same_draws(method, size):
    mean = numpy.array([1.0, -2.0, 0.5])
    x = cr.default_rng(11).multivariate_normal(mean, COV3, size=size, method=method)
    shape = (() if size is None else (size,) if isinstance(size, int) else size) + (3,)
    z = cr.default_rng(11).standard_normal(size=shape).get()
    testing.assert_matches_numpy(x, z @ numpy_factor(COV3, method).T + mean, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("n", [1, 2, 4, 5, 16, 70])
def test_generator_dimensions(n):
    # n = 70: a (rows, 70) x (70, 70) product past the small-GEMM kernel's size on the GPU.
    cov = spd(n, n)
    mean = numpy.arange(n, dtype=numpy.float64)
    x = cr.default_rng(n).multivariate_normal(mean, cov, size=600, method="cholesky")
    z = cr.default_rng(n).standard_normal(size=(600, n)).get()
    testing.assert_matches_numpy(x, z @ numpy.linalg.cholesky(cov).T + mean, rtol=1e-12, atol=1e-12 * n)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32])
@pytest.mark.parametrize("method", ["cholesky", "eigh", "svd"])
def test_random_state_values_and_dtype(method, dtype):
    mean = numpy.array([0.0, 1.0, 2.0, 3.0])
    cov = numpy.eye(4) + 0.5
    x = cr.RandomState(5).multivariate_normal(mean, cov, size=(50, 3), method=method, dtype=dtype)
    z = cr.RandomState(5).standard_normal(size=(50, 3, 4), dtype=dtype).get()
    a = numpy_factor(cov, method).astype(dtype)
    want = (z @ a.T + mean.astype(dtype)).astype(dtype)
    tol = 1e-12 if dtype == numpy.float64 else 2e-6
    testing.assert_matches_numpy(x, want, rtol=tol, atol=tol)


def test_empty_mean_and_size_zero():
    x = cr.default_rng(0).multivariate_normal([], numpy.zeros((0, 0)), size=3)
    testing.assert_matches_numpy(x, numpy.zeros((3, 0)))
    x = cr.default_rng(0).multivariate_normal([0.0, 1.0], numpy.eye(2), size=(2, 0))
    testing.assert_matches_numpy(x, numpy.zeros((2, 0, 2)))


def test_device_parameters_and_singular_covariance():
    mean = cupric.asarray([1.0, 2.0])
    cov = cupric.asarray([[1.0, 1.0], [1.0, 1.0]])  # rank 1: svd and eigh factor it
    for method in ("svd", "eigh"):
        x = cr.default_rng(2).multivariate_normal(mean, cov, size=500, method=method).get()
        numpy.testing.assert_allclose(x[:, 0] - 1.0, x[:, 1] - 2.0, atol=1e-6)  # the null direction: rounding


# ---- dirichlet ------------------------------------------------------------------------------------

def shifted_rows(logs):
    e = numpy.exp(logs - logs.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


@pytest.mark.parametrize("alpha", [[1.0, 2.0, 3.0, 4.0], [1.0, 1.0], [30.0, 1.0, 500.0], [0.3, 2.0, 5.0],
                                   [0.01, 0.02], [1.0] * 40])
@pytest.mark.parametrize("legacy", [True, False], ids=["rs", "gen"])
def test_dirichlet_rows_are_the_normalised_log_gamma_draws(alpha, legacy):
    make = (lambda: cr.RandomState(4)) if legacy else (lambda: cr.default_rng(4))
    x = make().dirichlet(alpha, size=(300, 2))
    params = [cupric.asarray(numpy.asarray(alpha, numpy.float64))]
    args = ("dirichlet", params, (300, 2, len(alpha))) + ((float,) if legacy else (None, None))
    logs = make()._draw(*args).get()
    testing.assert_matches_numpy(x, shifted_rows(logs), rtol=1e-14, atol=1e-300)
    numpy.testing.assert_allclose(x.get().sum(axis=-1), 1.0, rtol=1e-14)


@pytest.mark.parametrize("alpha", [[1e306, 1e306], [5e307, 5e307], [1e300, 1.0]])
def test_dirichlet_huge_alphas_stay_finite(alpha):
    # sum(alpha) below the float64 maximum / 16: exp(l) / sum exp(l); above: the shifted form.
    x = cr.default_rng(1).dirichlet(alpha, size=100).get()
    assert numpy.isfinite(x).all()
    numpy.testing.assert_allclose(x.sum(axis=-1), 1.0, rtol=1e-14)
    numpy.testing.assert_allclose(x[:, 0], alpha[0] / sum(alpha), rtol=1e-6)


def test_dirichlet_float32_rows():
    for alpha in ([2.0, 3.0], [1e37, 1e37], [0.2, 0.5]):
        x = cr.RandomState(3).dirichlet(alpha, size=400, dtype=numpy.float32)
        assert x.dtype == numpy.float32
        x = x.get()
        assert numpy.isfinite(x).all() and (x >= 0).all()
        numpy.testing.assert_allclose(x.sum(axis=-1), 1.0, rtol=1e-6)


def test_dirichlet_generator_zero_alphas_with_large_others():
    # alpha_j = 0 gives l_j = -inf: the shifted form (min alpha < 1) keeps x_j = 0 exactly.
    x = cr.default_rng(6).dirichlet([0.0, 2.0, 0.0, 3.0], size=500).get()
    assert (x[:, [0, 2]] == 0).all()
    numpy.testing.assert_allclose(x.sum(axis=-1), 1.0, rtol=1e-14)
