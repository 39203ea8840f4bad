"""spsolve and spsolve_triangular as sparse solves (Note [Sparse direct solves] in
src/sparse/linalg/direct.cpp) against SciPy 1.17: matrices that need row pivoting, several
right-hand sides, every solver dtype, cupricx's own formats, int64 indices, singular matrices and
sizes whose dense copy would not fit in memory. They run on the default device: on a GPU they
exercise cuSOLVER's csrlsvqr and cuSPARSE's SpSV."""
import warnings

import numpy
import pytest
import scipy.sparse as sps
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse as csp
import cupricx.scipy.sparse.linalg as csl

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def tol(dtype):
    return 2e-3 if numpy.dtype(dtype).char in "fF" else 1e-9


def pivoting_system(n, dtype, seed):
    """A well-conditioned sparse matrix whose rows are shuffled (zeros on most of its diagonal, so
    a solve without row pivoting breaks down) and a random right-hand side."""
    rng = numpy.random.default_rng(seed)
    a = sps.random(n, n, density=4.0 / n, random_state=seed, format="csr") + 3 * sps.eye(n, format="csr")
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * sps.random(n, n, density=3.0 / n, random_state=seed + 1, format="csr")
    a = sps.csr_matrix(a[rng.permutation(n)].astype(dtype))
    return a, rng.standard_normal(n).astype(dtype)


def poisson2d(m, dtype=numpy.float64):
    t = sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(m, m))
    return sps.csr_matrix((sps.kron(sps.eye(m), t) + sps.kron(t, sps.eye(m))).astype(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_spsolve_needs_pivoting(dtype):
    a, b = pivoting_system(150, dtype, seed=11)
    assert (a.diagonal() == 0).sum() > 100
    want = ssl.spsolve(a, b)
    x = csl.spsolve(csp.csr_matrix(a), cp.asarray(b))
    assert x.dtype == want.dtype and x.shape == want.shape
    numpy.testing.assert_allclose(x.get(), want, rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("order", ["C", "F"])
def test_spsolve_many_right_hand_sides(dtype, order):
    a, _ = pivoting_system(80, dtype, seed=5)
    B = numpy.asarray(numpy.random.default_rng(1).standard_normal((80, 4)).astype(dtype), order=order)
    x = csl.spsolve(csp.csr_matrix(a), cp.asarray(B))
    want = ssl.spsolve(sps.csc_matrix(a), B)
    assert x.shape == want.shape == (80, 4) and x.dtype == want.dtype
    numpy.testing.assert_allclose(x.get(), want, rtol=tol(dtype), atol=tol(dtype))
    # A strided (sliced) right-hand side.
    x = csl.spsolve(csp.csr_matrix(a), cp.asarray(B)[:, ::2])
    numpy.testing.assert_allclose(x.get(), want[:, ::2], rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_spsolve_unsymmetric_fill_in(dtype):
    # A random unsymmetric matrix whose factors fill in: the host LU hands over to a dense solve
    # past n^2 / 32 entries (Note [Dense fallback of the host LU] in src/sparse/linalg/host/
    # direct_host.cpp); the result is SciPy's either way, with one or several right-hand sides.
    n = 600
    a, _ = pivoting_system(n, dtype, seed=3)
    a = sps.csr_matrix(a + sps.random(n, n, density=0.02, random_state=4, format="csr").astype(dtype))
    rng = numpy.random.default_rng(2)
    for shape in [(n,), (n, 3)]:
        b = rng.standard_normal(shape).astype(dtype)
        want = ssl.spsolve(sps.csc_matrix(a), b)
        x = csl.spsolve(csp.csr_matrix(a), cp.asarray(b))
        assert x.dtype == want.dtype and x.shape == want.shape
        numpy.testing.assert_allclose(x.get(), want, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
def test_spsolve_formats_and_poisson(fmt):
    a = poisson2d(20)
    b = numpy.linspace(-1, 1, a.shape[0])
    A = {"csr": csp.csr_matrix, "csc": csp.csc_matrix, "coo": csp.coo_matrix}[fmt](a)
    x = csl.spsolve(A, cp.asarray(b))
    numpy.testing.assert_allclose(x.get(), ssl.spsolve(a, b), rtol=1e-10, atol=1e-12)


def test_spsolve_int64_indices_and_mixed_dtypes():
    a, b = pivoting_system(60, numpy.float32, seed=2)
    A = csp.csr_matrix((cp.asarray(a.data), cp.asarray(a.indices.astype(numpy.int64)),
                        cp.asarray(a.indptr.astype(numpy.int64))), shape=a.shape)
    assert A.indices.dtype == numpy.int64
    # float32 A with a complex128 b: computed in complex128, as SciPy.
    bc = (b + 1j * b[::-1]).astype(numpy.complex128)
    x = csl.spsolve(A, cp.asarray(bc))
    want = ssl.spsolve(a, bc)
    assert x.dtype == want.dtype == numpy.complex128
    numpy.testing.assert_allclose(x.get(), want, rtol=1e-5, atol=1e-6)


def test_spsolve_large_tridiagonal_without_a_dense_copy():
    # 2e5 unknowns: a dense copy would be 320 GB; the factors of a tridiagonal matrix are 3n.
    n = 200_000
    a = sps.diags([-1.0, 4.0, -1.5], [-1, 0, 1], shape=(n, n), format="csr")
    b = numpy.cos(numpy.arange(n) * 0.01)
    x = csl.spsolve(csp.csr_matrix(a), cp.asarray(b))
    numpy.testing.assert_allclose(x.get(), ssl.spsolve(a, b), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
def test_spsolve_singular_warns_and_gives_nan(dtype):
    # An empty column (structurally singular: exactly zero on every backend).
    s = sps.csr_matrix(numpy.array([[1.0, 0.0, 2.0], [2.0, 0.0, 1.0], [0.0, 0.0, 3.0]], dtype=dtype))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = ssl.spsolve(s, numpy.ones(3, dtype=dtype))
    assert numpy.isnan(want).all()
    with pytest.warns(csl.MatrixRankWarning, match="Matrix is exactly singular"):
        x = csl.spsolve(csp.csr_matrix(s), cp.ones(3, dtype=dtype))
    assert x.dtype == want.dtype and numpy.isnan(x.get()).all()
    with pytest.warns(csl.MatrixRankWarning):
        x = csl.spsolve(csp.csr_matrix(s), cp.ones((3, 2), dtype=dtype))
    assert x.shape == (3, 2) and numpy.isnan(x.get()).all()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("unit_diagonal", [False, True])
def test_spsolve_triangular_larger(dtype, lower, unit_diagonal):
    n = 300
    a, b = pivoting_system(n, dtype, seed=9)
    a = sps.csr_matrix(a + 3 * sps.eye(n, dtype=dtype))
    tri = sps.csr_matrix(sps.tril(a) if lower else sps.triu(a))
    B = numpy.stack([b, 2 * b[::-1], -b], axis=1)
    want = ssl.spsolve_triangular(tri, B, lower=lower, unit_diagonal=unit_diagonal)
    for A in (csp.csr_matrix(tri), csp.csr_matrix(a), csp.csc_matrix(a)):
        x = csl.spsolve_triangular(A, cp.asarray(B), lower=lower, unit_diagonal=unit_diagonal)
        assert x.shape == want.shape and x.dtype == want.dtype
        numpy.testing.assert_allclose(x.get(), want, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
    x = csl.spsolve_triangular(csp.csr_matrix(tri), cp.asarray(b), lower=lower, unit_diagonal=unit_diagonal)
    numpy.testing.assert_allclose(x.get(), want[:, 0], rtol=tol(dtype) * 10, atol=tol(dtype) * 10)


def test_spsolve_triangular_large_bidiagonal():
    n = 300_000
    a = sps.diags([0.5, 2.0], [-1, 0], shape=(n, n), format="csr")
    b = numpy.sin(numpy.arange(n) * 0.001)
    x = csl.spsolve_triangular(csp.csr_matrix(a), cp.asarray(b))
    numpy.testing.assert_allclose(x.get(), ssl.spsolve_triangular(a, b), rtol=1e-10, atol=1e-12)


def test_spsolve_triangular_duplicates_are_summed():
    # (1, 1) given as 1 + 1 and (1, 0) as 0.5 + 0.5, unsorted.
    a = sps.csr_matrix((numpy.array([2.0, 1.0, 0.5, 1.0, 0.5]), numpy.array([0, 1, 0, 1, 0]),
                        numpy.array([0, 1, 5])), shape=(2, 2))
    b = numpy.array([2.0, 3.0])
    x = csl.spsolve_triangular(csp.csr_matrix(a), cp.asarray(b))
    numpy.testing.assert_allclose(x.get(), numpy.linalg.solve(a.toarray(), b))


def test_zero_and_empty_matrices():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = ssl.spsolve(sps.csr_matrix((3, 3)), numpy.ones(3))
    with pytest.warns(csl.MatrixRankWarning):
        x = csl.spsolve(csp.csr_matrix((3, 3)), cp.ones(3))
    numpy.testing.assert_array_equal(x.get(), want)
    for solve, want in ((csl.spsolve, ssl.spsolve(sps.csr_matrix((0, 0)), numpy.zeros(0))),
                        (csl.spsolve_triangular, ssl.spsolve_triangular(sps.csr_matrix((0, 0)), numpy.zeros(0)))):
        x = solve(csp.csr_matrix((0, 0)), cp.zeros(0))
        assert x.shape == want.shape == (0,) and x.dtype == want.dtype
