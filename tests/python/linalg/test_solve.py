"""cupric.linalg det, slogdet, inv, solve, matrix_power, tensorsolve, tensorinv (C++:
cupric/linalg/decompositions.hpp) against NumPy 2: dtypes, stacks, broadcasting, layouts,
zero-size inputs, LinAlgError and NumPy's messages."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from solver_cases import ALL_DTYPES, DTYPES, close, layouts, matrix, tol


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (3, 3), (2, 4, 4), (2, 1, 5, 5)])
def test_det_slogdet(dtype, shape):
    h = matrix(shape, dtype)
    for hn, hc in layouts(h):
        close(cp.linalg.det(hc), numpy.linalg.det(hn), dtype, rtol=1e-3 if tol(dtype)['rtol'] > 1e-6 else 1e-9)
        s, ld = cp.linalg.slogdet(hc)
        sn, ln = numpy.linalg.slogdet(hn)
        close(s, sn, dtype)
        close(ld, ln, dtype)
        assert isinstance(cp.linalg.slogdet(hc), tuple) and cp.linalg.slogdet(hc).sign is not None


def test_det_singular_and_empty():
    h = numpy.array([[1.0, 2.0], [2.0, 4.0]])
    close(cp.linalg.det(cp.asarray(h)), numpy.linalg.det(h), numpy.float64)
    s, ld = cp.linalg.slogdet(cp.asarray(numpy.zeros((3, 3))))
    sn, ln = numpy.linalg.slogdet(numpy.zeros((3, 3)))
    assert s.get() == sn and ld.get() == ln
    for shape in ((0, 0), (3, 0, 0), (0, 2, 2)):
        e = numpy.zeros(shape)
        close(cp.linalg.det(cp.asarray(e)), numpy.linalg.det(e), numpy.float64)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (3, 2, 2), (2, 3, 5, 5)])
def test_inv(dtype, shape):
    h = matrix(shape, dtype)
    for hn, hc in layouts(h):
        if dtype == numpy.bool_ or numpy.dtype(dtype).kind in 'iu':
            try:
                want = numpy.linalg.inv(hn)
            except numpy.linalg.LinAlgError:
                testing.assert_raises_like_numpy(lambda: numpy.linalg.inv(hn), lambda: cp.linalg.inv(hc))
                continue
            close(cp.linalg.inv(hc), want, dtype, rtol=1e-6, atol=1e-6)
        else:
            close(cp.linalg.inv(hc), numpy.linalg.inv(hn), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve(dtype):
    a = matrix((3, 4, 4), dtype)
    for b in (matrix((4,), dtype, 1), matrix((4, 2), dtype, 1), matrix((3, 4, 2), dtype, 1),
              matrix((2, 1, 4, 3), dtype, 1)):
        for an, ac in layouts(a):
            close(cp.linalg.solve(ac, cp.asarray(b)), numpy.linalg.solve(an, b), dtype)
    close(cp.linalg.solve(cp.asarray(a[0]), cp.asarray(a[1])), numpy.linalg.solve(a[0], a[1]), dtype)


def test_solve_mixed_dtypes_and_empty():
    a, b = matrix((3, 3), numpy.float32), matrix((3,), numpy.int64, 1)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), numpy.linalg.solve(a, b), numpy.float64, rtol=1e-5)
    a, b = matrix((3, 3), numpy.float32), matrix((3, 2), numpy.complex64, 1)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), numpy.linalg.solve(a, b), numpy.complex64)
    for ash, bsh in (((0, 0), (0,)), ((0, 0), (0, 3)), ((3, 3), (3, 0)), ((0, 2, 2), (0, 2, 1))):
        a, b = matrix(ash, numpy.float64), numpy.ones(bsh)
        close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), numpy.linalg.solve(a, b), numpy.float64)


@pytest.mark.parametrize("call", [
    lambda xp: xp.linalg.inv(xp.asarray([[1.0, 2.0], [2.0, 4.0]])),
    lambda xp: xp.linalg.inv(xp.zeros((2, 3, 3))),
    lambda xp: xp.linalg.solve(xp.asarray([[1.0, 2.0], [2.0, 4.0]]), xp.ones(2)),
    lambda xp: xp.linalg.inv(xp.ones((2, 3))),
    lambda xp: xp.linalg.inv(xp.ones(3)),
    lambda xp: xp.linalg.det(xp.ones((3, 2))),
    lambda xp: xp.linalg.solve(xp.ones((3, 3)), xp.ones(2)),
    lambda xp: xp.linalg.solve(xp.ones((3, 3)), xp.ones((2, 2))),
    lambda xp: xp.linalg.inv(xp.ones((2, 2), dtype=numpy.float16)),
    lambda xp: xp.linalg.tensorinv(xp.ones((2, 2)), ind=0),
    lambda xp: xp.linalg.tensorsolve(xp.ones((2, 3, 4)), xp.ones(2)),
])
def test_errors(call):
    testing.assert_raises_like_numpy(lambda: call(numpy), lambda: call(cp))


@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 8, -1, -3])
def test_matrix_power(dtype, n):
    h = matrix((2, 3, 3), dtype) if numpy.dtype(dtype).kind != 'i' else numpy.arange(18).reshape(2, 3, 3) % 4
    if n < 0 and numpy.dtype(dtype).kind == 'i':
        h = numpy.array([[1, 1], [0, 1]])
    want = numpy.linalg.matrix_power(h, n)
    got = cp.linalg.matrix_power(cp.asarray(h), n)
    close(got, want, dtype if want.dtype == dtype else want.dtype, rtol=1e-4, atol=1e-6)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.matrix_power(h, 1.5),
                                     lambda: cp.linalg.matrix_power(cp.asarray(h), 1.5))


def test_tensorsolve_and_tensorinv():
    a = matrix((6, 6), numpy.float64).reshape(6, 2, 3)
    b = matrix((6,), numpy.float64, 1)
    close(cp.linalg.tensorsolve(cp.asarray(a), cp.asarray(b)), numpy.linalg.tensorsolve(a, b), numpy.float64)
    a2 = numpy.moveaxis(a, 0, 1)
    close(cp.linalg.tensorsolve(cp.asarray(a2), cp.asarray(b), axes=(0,)),
          numpy.linalg.tensorsolve(a2, b, axes=(0,)), numpy.float64)
    t = matrix((24, 24), numpy.float64).reshape(4, 6, 8, 3)
    close(cp.linalg.tensorinv(cp.asarray(t)), numpy.linalg.tensorinv(t), numpy.float64)
    t = matrix((24, 24), numpy.float64).reshape(24, 8, 3)
    close(cp.linalg.tensorinv(cp.asarray(t), ind=1), numpy.linalg.tensorinv(t, ind=1), numpy.float64)


@testing.gpu
def test_errstate_ignore_gives_nans_on_the_gpu():
    import cupricx
    a = cp.asarray([[[1.0, 2.0], [2.0, 4.0]], [[2.0, 0.0], [0.0, 2.0]]])
    with pytest.raises(numpy.linalg.LinAlgError, match="Singular matrix"):
        cp.linalg.inv(a)
    with cupricx.errstate(linalg='ignore'):
        r = cp.linalg.inv(a).get()
    assert numpy.isnan(r[0]).all()
    numpy.testing.assert_allclose(r[1], numpy.eye(2) / 2)


@pytest.mark.parametrize("dtype", DTYPES)
def test_many_small_matrices(dtype):
    # Stacks of small matrices take the batched paths on the GPU (Note [Batched small solves] in
    # src/linalg/solvers/cuda/cusolver_solvers.cpp); 70 x 70 ones the per-matrix loop.
    for shape in ((1000, 4, 4), (300, 2, 2), (3, 70, 70)):
        a, b = matrix(shape, dtype), matrix(shape[:-1], dtype, 1)
        close(cp.linalg.inv(cp.asarray(a)), numpy.linalg.inv(a), dtype)
        close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)[..., None]), numpy.linalg.solve(a, b[..., None]), dtype)
        close(cp.linalg.det(cp.asarray(a)), numpy.linalg.det(a), dtype, rtol=1e-3 if tol(dtype)['rtol'] > 1e-6 else 1e-8)
        spd = a @ numpy.conj(numpy.swapaxes(a, -1, -2))
        close(cp.linalg.cholesky(cp.asarray(spd)), numpy.linalg.cholesky(spd), dtype,
              rtol=1e-3 if tol(dtype)['rtol'] > 1e-6 else 1e-8, atol=1e-3 if tol(dtype)['rtol'] > 1e-6 else 1e-8)
