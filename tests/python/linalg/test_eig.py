"""cupric.linalg eigh, eigvalsh, eig, eigvals (C++: cupric/linalg/decompositions.hpp) against
NumPy 2: eigenvalues by value, eigenvectors by reconstruction, dtypes, stacks, UPLO, errors."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from solver_cases import DTYPES, close, hermitian_pd, layouts, matrix, tol


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int64])
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (2, 3, 3)])
@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh(dtype, shape, uplo):
    h = hermitian_pd(shape, dtype) if dtype != numpy.int64 else (matrix(shape, dtype) + numpy.swapaxes(matrix(shape, dtype), -1, -2))
    rdt = numpy.float64 if dtype == numpy.int64 else dtype
    # A non-Hermitian triangle that the other UPLO would read: NumPy reads only one.
    noisy = h.copy()
    if numpy.dtype(dtype).kind in 'fc':
        noisy[..., 0, -1] += 7 if uplo == 'L' else 0
        noisy[..., -1, 0] += 7 if uplo == 'U' else 0
    for hn, hc in layouts(noisy):
        w, v = cp.linalg.eigh(hc, UPLO=uplo)
        wn, vn = numpy.linalg.eigh(hn, UPLO=uplo)
        close(w, wn, rdt)
        assert v.dtype == vn.dtype and v.shape == vn.shape
        vg = v.get()
        numpy.testing.assert_allclose(vg @ (w.get()[..., None] * numpy.conj(numpy.swapaxes(vg, -1, -2))),
                                      vn @ (wn[..., None] * numpy.conj(numpy.swapaxes(vn, -1, -2))), **tol(rdt))
        close(cp.linalg.eigvalsh(hc, UPLO=uplo), numpy.linalg.eigvalsh(hn, UPLO=uplo), rdt)


def test_eigh_errors_and_empty():
    testing.assert_raises_like_numpy(lambda: numpy.linalg.eigh(numpy.eye(2), UPLO='X'),
                                     lambda: cp.linalg.eigh(cp.eye(2), UPLO='X'))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.eigvalsh(numpy.ones((2, 3))),
                                     lambda: cp.linalg.eigvalsh(cp.ones((2, 3))))
    w, v = cp.linalg.eigh(cp.zeros((2, 0, 0)))
    wn, vn = numpy.linalg.eigh(numpy.zeros((2, 0, 0)))
    assert w.shape == wn.shape and v.shape == vn.shape and w.dtype == wn.dtype


# cupric follows NumPy <= 2.4 (the baseline): eig of a real matrix with a real spectrum is real.
_NUMPY_BEFORE_2_5 = tuple(int(x) for x in numpy.__version__.split(".")[:2]) < (2, 5)


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int32])
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (2, 3, 3)])
def test_eig(dtype, shape):
    h = matrix(shape, dtype, well=False)
    for hn, hc in layouts(h):
        w, v = cp.linalg.eig(hc)
        wn, vn = numpy.linalg.eig(hn)
        assert w.shape == wn.shape and v.shape == vn.shape
        if _NUMPY_BEFORE_2_5:
            assert w.dtype == wn.dtype and v.dtype == vn.dtype
        else:  # NumPy 2.5 returns complex results for real spectra too (docs/differences.md)
            assert numpy.result_type(w.dtype, wn.dtype) == wn.dtype
        rdt = numpy.float64 if dtype == numpy.int32 else dtype
        numpy.testing.assert_allclose(numpy.sort_complex(w.get().reshape(-1, shape[-1])),
                                      numpy.sort_complex(wn.reshape(-1, shape[-1])), **tol(rdt))
        vg, wg = v.get(), w.get()
        numpy.testing.assert_allclose(hn @ vg, vg * wg[..., None, :], **tol(rdt))
        numpy.testing.assert_allclose(numpy.sort_complex(cp.linalg.eigvals(hc).get().reshape(-1, shape[-1])),
                                      numpy.sort_complex(numpy.linalg.eigvals(hn).reshape(-1, shape[-1])), **tol(rdt))


def test_eig_real_results_for_real_spectra():
    h = numpy.array([[2.0, 1.0], [1.0, 3.0]])  # symmetric: real spectrum, real results as NumPy
    w, v = cp.linalg.eig(cp.asarray(h))
    assert w.dtype == numpy.float64 and v.dtype == numpy.float64
    r = numpy.array([[0.0, -1.0], [1.0, 0.0]])  # rotation: complex pair
    w = cp.linalg.eigvals(cp.asarray(r))
    assert w.dtype == numpy.complex128
    numpy.testing.assert_allclose(numpy.sort_complex(w.get()), [-1j, 1j], atol=1e-12)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.eig(numpy.ones((2, 3))),
                                     lambda: cp.linalg.eig(cp.ones((2, 3))))
