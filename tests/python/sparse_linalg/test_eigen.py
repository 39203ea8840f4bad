"""cupricx.scipy.sparse.linalg eigsh (C++: src/sparse/linalg/eigsh.cpp) and svds against SciPy and
NumPy: eigenvalues, eigenvector residuals, which=, dtypes, operators, and CuPy's errors."""
import numpy
import pytest
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse.linalg as csl


def hermitian(n, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal((n, n))
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal((n, n))
    return ((a + a.conj().T) / 2).astype(dtype)


def tol(dtype):
    return 1e-3 if numpy.dtype(dtype).char in "fF" else 1e-8


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("which", ["LM", "LA", "SA"])
def test_eigsh(dtype, which):
    n, k = 80, 4
    a = hermitian(n, dtype)
    w, x = csl.eigsh(cp.asarray(a), k=k, which=which)
    want = numpy.sort(ssl.eigsh(a.astype(numpy.complex128 if a.dtype.kind == "c" else numpy.float64), k=k, which=which)[0])
    assert w.dtype == numpy.dtype(dtype).char.lower()
    assert x.dtype == dtype and x.shape == (n, k)
    scale = numpy.abs(want).max()
    numpy.testing.assert_allclose(cp.asnumpy(w), want, rtol=0, atol=tol(dtype) * scale * 10)
    xh = cp.asnumpy(x)
    resid = numpy.abs(a @ xh - xh * cp.asnumpy(w)).max()
    assert resid <= 100 * tol(dtype) * scale
    w_only = csl.eigsh(cp.asarray(a), k=k, which=which, return_eigenvectors=False)
    numpy.testing.assert_allclose(cp.asnumpy(w_only), want, rtol=0, atol=tol(dtype) * scale * 10)


def test_eigsh_options_and_operators():
    n = 60
    a = hermitian(n, numpy.float64, seed=3)
    want = numpy.sort(ssl.eigsh(a, k=3)[0])
    ad = cp.asarray(a)
    for A in (ad, csl.aslinearoperator(ad), csl.LinearOperator((n, n), matvec=lambda v: ad @ v, dtype=numpy.float64)):
        for kw in ({}, {"v0": cp.ones(n)}, {"ncv": 10}, {"ncv": 10, "maxiter": 10_000}, {"tol": 1e-10}):
            w = csl.eigsh(A, k=3, return_eigenvectors=False, **kw)
            numpy.testing.assert_allclose(cp.asnumpy(w), want, rtol=1e-7)


def test_eigsh_errors():
    a = cp.asarray(hermitian(10, numpy.float64))
    with pytest.raises(ValueError, match="expected square matrix"):
        csl.eigsh(cp.ones((3, 4)))
    with pytest.raises(TypeError, match="unsupprted dtype"):
        csl.eigsh(cp.ones((10, 10), dtype=numpy.int64), k=2)
    with pytest.raises(ValueError, match="k must be greater than 0"):
        csl.eigsh(a, k=0)
    with pytest.raises(ValueError, match="k must be smaller than n"):
        csl.eigsh(a, k=10)
    with pytest.raises(ValueError, match="which must be 'LM','LA'or'SA'"):
        csl.eigsh(a, k=2, which="SM")


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("shape", [(50, 30), (30, 50)])
def test_svds(dtype, shape):
    rng = numpy.random.default_rng(1)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    a = a.astype(dtype)
    k = 4
    u, s, vt = csl.svds(cp.asarray(a), k=k)
    want = numpy.sort(numpy.linalg.svd(a.astype(numpy.complex128), compute_uv=False))[-k:]
    t = tol(dtype)
    numpy.testing.assert_allclose(cp.asnumpy(s), want, rtol=100 * t)
    assert u.shape == (shape[0], k) and vt.shape == (k, shape[1])
    uh, vh = cp.asnumpy(u), cp.asnumpy(vt)
    numpy.testing.assert_allclose(a @ vh.conj().T, uh * cp.asnumpy(s), atol=1000 * t * want.max())
    numpy.testing.assert_allclose(cp.asnumpy(csl.svds(cp.asarray(a), k=k, return_singular_vectors=False)), want,
                                  rtol=100 * t)


def test_svds_rank_deficient_and_errors():
    rng = numpy.random.default_rng(2)
    a = rng.standard_normal((40, 2)) @ rng.standard_normal((2, 30))  # rank 2
    u, s, vt = csl.svds(cp.asarray(a), k=4)
    sh = cp.asnumpy(s)
    numpy.testing.assert_allclose(numpy.sort(sh)[-2:], numpy.linalg.svd(a, compute_uv=False)[:2][::-1], rtol=1e-8)
    assert (numpy.sort(sh)[:2] == 0).all()
    uh = cp.asnumpy(u)
    numpy.testing.assert_allclose(uh.T @ uh, numpy.eye(4), atol=1e-8)  # padded with orthonormal columns
    with pytest.raises(ValueError, match="expected 2D"):
        csl.svds(cp.ones(3))
    with pytest.raises(ValueError, match=r"k must be smaller than min\(m, n\)"):
        csl.svds(cp.ones((5, 4)), k=4)
    with pytest.raises(ValueError, match="k must be greater than 0"):
        csl.svds(cp.ones((5, 4)), k=0)
