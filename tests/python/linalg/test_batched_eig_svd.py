"""eigh, svd and eig of stacks of small matrices against NumPy 2: on the GPU these take
cuSOLVER's batched Jacobi routines up to 32 x 32 (Note [Batched Jacobi] in
src/linalg/solvers/cuda/cusolver_solvers.cpp) and cusolverDnXgeev (Note [GPU geev]); 33 x 33 and
single matrices the per-matrix routines. Values within the dtype's tolerance, ascending
eigenvalues / descending singular values, reconstructions, shapes and dtypes."""
import numpy
import pytest

import cupric as cp
from solver_cases import DTYPES, hermitian_pd, matrix, tol


def _herm(a):
    return numpy.conj(numpy.swapaxes(a, -1, -2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(300, 8, 8), (7, 32, 32), (3, 33, 33), (2, 3, 1, 1), (50, 2, 2)])
def test_eigh_stacks(dtype, shape):
    h = hermitian_pd(shape, dtype)
    rt = numpy.float32 if dtype in (numpy.float32, numpy.complex64) else numpy.float64
    t = tol(dtype)
    scale = dict(rtol=t['rtol'] * 10, atol=t['atol'] * shape[-1] * 10)
    for uplo in ('L', 'U'):
        w, v = cp.linalg.eigh(cp.asarray(h), UPLO=uplo)
        wn, vn = numpy.linalg.eigh(h, UPLO=uplo)
        assert w.dtype == wn.dtype == rt and v.dtype == vn.dtype and v.shape == vn.shape
        wg, vg = w.get(), v.get()
        numpy.testing.assert_allclose(wg, wn, **scale)
        assert (numpy.diff(wg, axis=-1) >= 0).all()
        numpy.testing.assert_allclose(vg @ (wg[..., None] * _herm(vg)), h, **scale)
        numpy.testing.assert_allclose(cp.linalg.eigvalsh(cp.asarray(h), UPLO=uplo).get(), wn, **scale)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(200, 5, 3), (200, 3, 5), (20, 32, 32), (4, 33, 20), (64, 6, 6)])
def test_svd_stacks(dtype, shape):
    h = matrix(shape, dtype, well=False)
    t = tol(dtype)
    scale = dict(rtol=t['rtol'] * 10, atol=t['atol'] * 10)
    sn = numpy.linalg.svd(h, compute_uv=False)
    for full in (True, False):
        u, s, vh = cp.linalg.svd(cp.asarray(h), full_matrices=full)
        un, _, vhn = numpy.linalg.svd(h, full_matrices=full)
        assert u.shape == un.shape and vh.shape == vhn.shape and u.dtype == un.dtype and s.dtype == sn.dtype
        ug, sg, vg = u.get(), s.get(), vh.get()
        numpy.testing.assert_allclose(sg, sn, **scale)
        assert (numpy.diff(sg, axis=-1) <= 0).all()
        k = sg.shape[-1]
        numpy.testing.assert_allclose((ug[..., :k] * sg[..., None, :]) @ vg[..., :k, :], h, **scale)
        # orthonormal columns of U and rows of Vh, the full ones included
        eye_u = numpy.broadcast_to(numpy.eye(ug.shape[-1]), ug.shape[:-2] + (ug.shape[-1],) * 2)
        eye_v = numpy.broadcast_to(numpy.eye(vg.shape[-2]), vg.shape[:-2] + (vg.shape[-2],) * 2)
        numpy.testing.assert_allclose(_herm(ug) @ ug, eye_u, **scale)
        numpy.testing.assert_allclose(vg @ _herm(vg), eye_v, **scale)
    numpy.testing.assert_allclose(cp.linalg.svd(cp.asarray(h), compute_uv=False).get(), sn, **scale)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(40, 6, 6), (3, 33, 33), (5, 1, 1)])
def test_eig_stacks(dtype, shape):
    h = matrix(shape, dtype, well=False)
    t = tol(dtype)
    scale = dict(rtol=t['rtol'] * 10, atol=t['atol'] * shape[-1] * 10)
    w, v = cp.linalg.eig(cp.asarray(h))
    wn, vn = numpy.linalg.eig(h)
    assert w.shape == wn.shape and v.shape == vn.shape
    wg, vg = w.get(), v.get()
    numpy.testing.assert_allclose(numpy.sort_complex(wg.reshape(-1, shape[-1])),
                                  numpy.sort_complex(wn.reshape(-1, shape[-1])), **scale)
    numpy.testing.assert_allclose(h @ vg, vg * wg[..., None, :], **scale)
    # LAPACK's normalisation: unit 2-norm columns
    numpy.testing.assert_allclose(numpy.linalg.norm(vg, axis=-2), 1.0, **scale)


def test_eig_real_matrix_with_pairs_and_real_spectra():
    # A rotation block (a conjugate pair) next to real eigenvalues, and a symmetric stack (real).
    r = numpy.zeros((4, 3, 3))
    r[:, 0, 1], r[:, 1, 0], r[:, 2, 2] = -1.0, 1.0, 2.0
    r += 0.1 * numpy.arange(4)[:, None, None] * numpy.eye(3)
    w, v = cp.linalg.eig(cp.asarray(r))
    wn, vn = numpy.linalg.eig(r)
    assert w.dtype == wn.dtype == numpy.complex128
    numpy.testing.assert_allclose(numpy.sort_complex(w.get().ravel()), numpy.sort_complex(wn.ravel()), atol=1e-12)
    numpy.testing.assert_allclose(r @ v.get(), v.get() * w.get()[..., None, :], atol=1e-12)
    s = hermitian_pd((6, 4, 4), numpy.float64)
    w, v = cp.linalg.eig(cp.asarray(s))
    # cupric follows NumPy <= 2.4, the baseline (as tests/python/linalg/test_eig.py): a real spectrum
    # gives a real result; NumPy 2.5 returns complex128 there.
    assert w.dtype == numpy.float64
