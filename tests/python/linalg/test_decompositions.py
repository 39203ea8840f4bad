"""cupric.linalg cholesky, qr, svd, svdvals, lstsq, matrix_rank, pinv, cond, multi_dot and the
singular-value norms (C++: cupric/linalg/decompositions.hpp) against NumPy 2. Factors whose
signs or phases are not unique are checked by reconstruction."""
import numpy
import pytest

import cupric as cp
import cupricx
from cupric import testing
from solver_cases import ALL_DTYPES, DTYPES, close, hermitian_pd, layouts, matrix, tol


def H(x):
    return numpy.conj(numpy.swapaxes(x, -1, -2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (4, 4), (2, 3, 3)])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, shape, upper):
    h = hermitian_pd(shape, dtype)
    for hn, hc in layouts(h):
        close(cp.linalg.cholesky(hc, upper=upper), numpy.linalg.cholesky(hn, upper=upper), dtype)


def test_cholesky_errors_and_empty():
    testing.assert_raises_like_numpy(lambda: numpy.linalg.cholesky(-numpy.eye(3)),
                                     lambda: cp.linalg.cholesky(-cp.eye(3)))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.cholesky(numpy.ones((2, 3))),
                                     lambda: cp.linalg.cholesky(cp.ones((2, 3))))
    close(cp.linalg.cholesky(cp.zeros((2, 0, 0))), numpy.linalg.cholesky(numpy.zeros((2, 0, 0))), numpy.float64)
    h = hermitian_pd((3, 3), numpy.int64)
    close(cp.linalg.cholesky(cp.asarray(h)), numpy.linalg.cholesky(h), numpy.float64)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr(dtype, shape, mode):
    h = matrix(shape, dtype)
    for hn, hc in layouts(h):
        if mode == "r":
            close(abs(cp.linalg.qr(hc, mode)), abs(numpy.linalg.qr(hn, mode)), dtype)
            continue
        q, r = cp.linalg.qr(hc, mode)
        qn, rn = numpy.linalg.qr(hn, mode)
        assert q.shape == qn.shape and r.shape == rn.shape and q.dtype == qn.dtype and r.dtype == rn.dtype
        qg, rg = q.get(), r.get()
        numpy.testing.assert_allclose(qg @ rg, hn, **tol(dtype))
        numpy.testing.assert_allclose(H(qg) @ qg, numpy.broadcast_to(numpy.eye(qg.shape[-1]), H(qg).shape[:-1] +
                                      (qg.shape[-1],)), **tol(dtype))
        numpy.testing.assert_allclose(rg, numpy.triu(rg))


def test_qr_raw_and_errors():
    h = matrix((5, 3), numpy.float64)
    hh, tau = cp.linalg.qr(cp.asarray(h), 'raw')
    hn, taun = numpy.linalg.qr(h, 'raw')
    assert hh.shape == hn.shape and tau.shape == taun.shape
    numpy.testing.assert_allclose(abs(hh.get()), abs(hn), rtol=1e-9)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.qr(h, 'bad'), lambda: cp.linalg.qr(cp.asarray(h), 'bad'))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.qr(numpy.ones(3)), lambda: cp.linalg.qr(cp.ones(3)))
    q, r = cp.linalg.qr(cp.zeros((0, 3)))
    qn, rn = numpy.linalg.qr(numpy.zeros((0, 3)))
    assert q.shape == qn.shape and r.shape == rn.shape


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5), (2, 4, 3), (1, 1)])
@pytest.mark.parametrize("full", [True, False])
def test_svd(dtype, shape, full):
    h = matrix(shape, dtype, well=False)
    for hn, hc in layouts(h):
        u, s, vh = cp.linalg.svd(hc, full_matrices=full)
        un, sn, vhn = numpy.linalg.svd(hn, full_matrices=full)
        close(s, sn, dtype if dtype in DTYPES else numpy.float64)
        assert u.shape == un.shape and vh.shape == vhn.shape and u.dtype == un.dtype and vh.dtype == vhn.dtype
        k = sn.shape[-1]
        ug, vg = u.get()[..., :k], vh.get()[..., :k, :]
        numpy.testing.assert_allclose((ug * s.get()[..., None, :]) @ vg, hn, **tol(dtype if dtype in DTYPES else
                                                                                  numpy.float64))
        close(cp.linalg.svd(hc, compute_uv=False), numpy.linalg.svd(hn, compute_uv=False),
              dtype if dtype in DTYPES else numpy.float64)
        close(cp.linalg.svdvals(hc), numpy.linalg.svdvals(hn), dtype if dtype in DTYPES else numpy.float64)


def test_svd_hermitian_and_empty():
    h = hermitian_pd((3, 4, 4), numpy.complex128) - 6 * numpy.eye(4)
    u, s, vh = cp.linalg.svd(cp.asarray(h), hermitian=True)
    close(s, numpy.linalg.svd(h, hermitian=True)[1], numpy.complex128)
    numpy.testing.assert_allclose((u.get() * s.get()[..., None, :]) @ vh.get(), h, atol=1e-9)
    close(cp.linalg.svd(cp.asarray(h), compute_uv=False, hermitian=True),
          numpy.linalg.svd(h, compute_uv=False, hermitian=True), numpy.complex128)
    for shape in ((0, 3), (3, 0), (2, 0, 0)):
        e = numpy.zeros(shape)
        for full in (True, False):
            got, want = cp.linalg.svd(cp.asarray(e), full_matrices=full), numpy.linalg.svd(e, full_matrices=full)
            for g, w in zip(got, want):
                close(g, w, numpy.float64)


@pytest.mark.parametrize("dtype", DTYPES)
def test_lstsq(dtype):
    for ash, bsh in (((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 5), (3, 2)), ((4, 4), (4,))):
        a, b = matrix(ash, dtype), matrix(bsh, dtype, 1)
        got = cp.linalg.lstsq(cp.asarray(a), cp.asarray(b))
        want = numpy.linalg.lstsq(a, b)
        close(got[0], want[0], dtype)
        close(got[1], want[1], dtype, rtol=1e-3, atol=1e-3)
        assert got[2] == want[2]
        close(got[3], want[3], dtype)
    a = numpy.ones((4, 3))  # rank 1: no residuals
    got, want = cp.linalg.lstsq(cp.asarray(a), cp.ones(4), rcond=None), numpy.linalg.lstsq(a, numpy.ones(4), rcond=None)
    close(got[0], want[0], numpy.float64)
    assert got[2] == want[2] and got[1].shape == want[1].shape
    testing.assert_raises_like_numpy(lambda: numpy.linalg.lstsq(a, numpy.ones(3)),
                                     lambda: cp.linalg.lstsq(cp.asarray(a), cp.ones(3)))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.lstsq(numpy.ones((2, 4, 3)), numpy.ones(4)),
                                     lambda: cp.linalg.lstsq(cp.ones((2, 4, 3)), cp.ones(4)))


def test_matrix_rank_pinv_cond():
    a = matrix((3, 5, 4), numpy.float64, well=False)
    a[1] = numpy.outer(numpy.arange(5), numpy.arange(4))
    ac = cp.asarray(a)
    testing.assert_matches_numpy(cp.linalg.matrix_rank(ac), numpy.linalg.matrix_rank(a))
    testing.assert_matches_numpy(cp.linalg.matrix_rank(ac, tol=0.5), numpy.linalg.matrix_rank(a, tol=0.5))
    testing.assert_matches_numpy(cp.linalg.matrix_rank(ac, rtol=0.1), numpy.linalg.matrix_rank(a, rtol=0.1))
    assert cp.linalg.matrix_rank(cp.ones(3)) == numpy.linalg.matrix_rank(numpy.ones(3)) == 1
    assert cp.linalg.matrix_rank(cp.zeros(3)) == 0
    close(cp.linalg.pinv(ac), numpy.linalg.pinv(a), numpy.float64)
    close(cp.linalg.pinv(ac, rtol=None), numpy.linalg.pinv(a, rtol=None), numpy.float64)
    close(cp.linalg.pinv(ac, rcond=0.3), numpy.linalg.pinv(a, rcond=0.3), numpy.float64)
    close(cp.linalg.pinv(cp.zeros((2, 0, 3))), numpy.linalg.pinv(numpy.zeros((2, 0, 3))), numpy.float64)
    sq = matrix((2, 4, 4), numpy.float64)
    sq[1] = numpy.outer(numpy.arange(4), numpy.arange(4))  # singular: inf, as NumPy
    for p in (None, 2, -2, 1, -1, numpy.inf, -numpy.inf, 'fro', 'nuc'):
        close(cp.linalg.cond(cp.asarray(sq[:1]), p), numpy.linalg.cond(sq[:1], p), numpy.float64, rtol=1e-6)
    for p in (1, 'fro', numpy.inf):
        close(cp.linalg.cond(cp.asarray(sq), p), numpy.linalg.cond(sq, p), numpy.float64, rtol=1e-6)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.cond(numpy.zeros((0, 0))),
                                     lambda: cp.linalg.cond(cp.zeros((0, 0))))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128, numpy.int64])
def test_svd_norms(dtype):
    h = matrix((2, 4, 3), dtype, well=False)
    for ord in (2, -2, 'nuc'):
        for axis in ((1, 2), (2, 1)):
            want = numpy.linalg.norm(h, ord, axis)
            close(cp.linalg.norm(cp.asarray(h), ord, axis), want, want.dtype,
                  **tol(numpy.float32 if want.dtype == numpy.float32 else numpy.float64))
        want = numpy.linalg.matrix_norm(h, ord=ord)
        close(cp.linalg.matrix_norm(cp.asarray(h), ord=ord), want, want.dtype,
              **tol(numpy.float32 if want.dtype == numpy.float32 else numpy.float64))


def test_multi_dot():
    a, b, c, d = (matrix(s, numpy.float64, i) for i, s in enumerate(((10, 3), (3, 20), (20, 2), (2, 7))))
    close(cp.linalg.multi_dot([cp.asarray(x) for x in (a, b, c, d)]), numpy.linalg.multi_dot([a, b, c, d]),
          numpy.float64)
    close(cp.linalg.multi_dot([cp.asarray(x) for x in (a, b, c)]), numpy.linalg.multi_dot([a, b, c]), numpy.float64)
    v, w = matrix((10,), numpy.float64), matrix((7,), numpy.float64, 1)
    close(cp.linalg.multi_dot([cp.asarray(v), cp.asarray(a), cp.asarray(b), cp.asarray(c), cp.asarray(d)]),
          numpy.linalg.multi_dot([v, a, b, c, d]), numpy.float64)
    close(cp.linalg.multi_dot([cp.asarray(v), cp.asarray(a), cp.asarray(b), cp.asarray(c), cp.asarray(d),
                               cp.asarray(w)]), numpy.linalg.multi_dot([v, a, b, c, d, w]), numpy.float64)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.multi_dot([a]), lambda: cp.linalg.multi_dot([cp.asarray(a)]))


def test_errstate_modes():
    assert cupricx.geterr() == {'linalg': 'raise'}
    with cupricx.errstate(linalg='ignore'):
        assert cupricx.geterr() == {'linalg': 'ignore'}
        r = cp.linalg.inv(cp.zeros((2, 2))).get()
        assert numpy.isnan(r).all()
        s, _ = cp.linalg.eigh(cp.asarray([[1.0, numpy.nan], [numpy.nan, 1.0]]))
    assert cupricx.geterr() == {'linalg': 'raise'}
    with pytest.raises(ValueError):
        cupricx.seterr(linalg='warn')
