"""cupricx.scipy.sparse.linalg.lobpcg against SciPy 1.17: eigenvalues (largest and smallest),
with B, M and constraints Y, operators given as arrays, LinearOperators and functions, the
histories, the non-convergence warning and the dense path of small problems."""
import numpy
import pytest
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse.linalg as csl

N = 120


def problem(dtype=numpy.float64, seed=0):
    rng = numpy.random.default_rng(seed)
    q, _ = numpy.linalg.qr(rng.standard_normal((N, N)) + (1j * rng.standard_normal((N, N)) if numpy.dtype(
        dtype).kind == "c" else 0))
    a = (q * numpy.arange(1, N + 1)) @ q.conj().T
    x = rng.standard_normal((N, 3)).astype(dtype)
    return ((a + a.conj().T) / 2).astype(dtype), x


def eigcheck(a, w, x, b=None, rtol=1e-6):
    xh, wh = cp.asnumpy(x), cp.asnumpy(w)
    bx = xh if b is None else b @ xh
    assert numpy.abs(a @ xh - bx * wh).max() <= rtol * numpy.abs(wh).max()


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128])
@pytest.mark.parametrize("largest", [True, False])
def test_lobpcg(dtype, largest):
    a, x = problem(dtype)
    w, v = csl.lobpcg(cp.asarray(a), cp.asarray(x), largest=largest, tol=1e-9, maxiter=500)
    ws, _ = ssl.lobpcg(a, x, largest=largest, tol=1e-9, maxiter=500)
    numpy.testing.assert_allclose(cp.asnumpy(w), ws, rtol=1e-8)
    assert v.shape == (N, 3)
    eigcheck(a, w, v)


def test_lobpcg_b_m_y():
    a, x = problem()
    b = numpy.diag(numpy.linspace(1, 2, N))
    w, v = csl.lobpcg(cp.asarray(a), cp.asarray(x), B=cp.asarray(b), tol=1e-9, maxiter=500)
    ws, _ = ssl.lobpcg(a, x, B=b, tol=1e-9, maxiter=500)
    numpy.testing.assert_allclose(cp.asnumpy(w), ws, rtol=1e-8)
    eigcheck(a, w, v, b)
    m = numpy.linalg.inv(a + numpy.eye(N))  # a good preconditioner for the smallest
    w, v = csl.lobpcg(cp.asarray(a), cp.asarray(x), M=cp.asarray(m), largest=False, tol=1e-9, maxiter=100)
    numpy.testing.assert_allclose(cp.asnumpy(w), [1, 2, 3], rtol=1e-8)
    y = numpy.linalg.eigh(a)[1][:, :2]  # constrain away the two smallest
    w, v = csl.lobpcg(cp.asarray(a), cp.asarray(x), Y=cp.asarray(y), largest=False, tol=1e-9, maxiter=500)
    numpy.testing.assert_allclose(cp.asnumpy(w), [3, 4, 5], rtol=1e-7)
    assert numpy.abs(y.T @ cp.asnumpy(v)).max() < 1e-8


def test_operator_forms_and_histories():
    a, x = problem()
    ad = cp.asarray(a)
    for A in (csl.aslinearoperator(ad), lambda blk: ad @ blk):
        w, v, lh, rh = csl.lobpcg(A, cp.asarray(x), tol=1e-9, maxiter=500, retLambdaHistory=True,
                                  retResidualNormsHistory=True)
        numpy.testing.assert_allclose(cp.asnumpy(w), [N, N - 1, N - 2], rtol=1e-8)
        assert len(lh) >= 2 and len(rh) >= 1
        assert cp.asnumpy(rh[-1]).max() <= 1e-9
    w, v = csl.lobpcg(ad, cp.asarray(x[:, 0]), tol=1e-9, maxiter=500)  # a vector: k = 1
    numpy.testing.assert_allclose(cp.asnumpy(w), [N], rtol=1e-8)


def test_warnings_and_errors():
    a, x = problem()
    with pytest.warns(UserWarning, match="not reaching the requested tolerance"):
        csl.lobpcg(cp.asarray(a), cp.asarray(x), tol=1e-14, maxiter=3)
    small = numpy.diag(numpy.arange(1.0, 11.0))
    with pytest.warns(UserWarning, match="too small relative to the block size"):
        w, v = csl.lobpcg(cp.asarray(small), cp.ones((10, 3)))
    numpy.testing.assert_allclose(cp.asnumpy(w), [10, 9, 8])
    with pytest.raises(ValueError, match="expected rank-2 array for argument X"):
        csl.lobpcg(cp.asarray(a), cp.ones((N, 2, 2)))
    with pytest.raises(ValueError, match="B must be a square matrix"):
        csl.lobpcg(cp.asarray(a), cp.asarray(x), B=cp.eye(3))
