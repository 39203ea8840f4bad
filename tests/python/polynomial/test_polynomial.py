"""polyval, vander, polyadd/sub/mul/div, poly, poly1d and cupric.polynomial.polynomial against NumPy."""
import numpy
import pytest
from numpy.polynomial import polynomial as P

import cupric
from cupric.polynomial import polynomial as CP
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy

DTYPES = [numpy.int32, numpy.int64, numpy.float32, numpy.float64, numpy.complex128]


@pytest.mark.parametrize('pdt', DTYPES)
@pytest.mark.parametrize('xdt', [numpy.int64, numpy.float32, numpy.float64])
@pytest.mark.parametrize('layout', ['c', 'transposed', 'sliced', 'zero', '0d'])
def test_polyval(pdt, xdt, layout):
    p_np = numpy.array([3, -2, 1, 4]).astype(pdt)
    base = numpy.arange(12).reshape(3, 4).astype(xdt)
    x_np = {'c': base, 'transposed': base.T, 'sliced': base[:, ::2], 'zero': base[:0], '0d': base[1, 1]}[layout]
    x = cupric.asarray(x_np) if layout != '0d' else cupric.asarray(numpy.asarray(x_np))
    e = numpy.polyval(p_np, numpy.asarray(x_np))
    assert_matches_numpy(cupric.polyval(cupric.asarray(p_np), x), e, rtol=1e-6)


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.int32, numpy.float32, numpy.float64, numpy.complex64])
@pytest.mark.parametrize('N', [None, 0, 1, 4])
@pytest.mark.parametrize('increasing', [False, True])
def test_vander(dtype, N, increasing):
    x_np = numpy.array([1, 2, 3, 5]).astype(dtype)
    assert_matches_numpy(cupric.vander(cupric.asarray(x_np), N, increasing), numpy.vander(x_np, N, increasing))
    assert_matches_numpy(cupric.vander(cupric.asarray(x_np)[::-2], N), numpy.vander(x_np[::-2], N))
    assert_raises_like_numpy(lambda: numpy.vander(numpy.ones((2, 2))), lambda: cupric.vander(cupric.ones((2, 2))))


@pytest.mark.parametrize('a, b', [([1, 2, 3], [4, 5]), ([1.5], [2, 0, 1]), ([1, 2], [3, 4])])
def test_polyadd_sub_mul_div(a, b):
    a_np, b_np = numpy.array(a), numpy.array(b)
    ca, cb = cupric.asarray(a_np), cupric.asarray(b_np)
    assert_matches_numpy(cupric.polyadd(ca, cb), numpy.polyadd(a_np, b_np))
    assert_matches_numpy(cupric.polysub(ca, cb), numpy.polysub(a_np, b_np))
    assert_matches_numpy(cupric.polymul(ca, cb), numpy.polymul(a_np, b_np))
    q, r = cupric.polydiv(ca, cb)
    qe, re = numpy.polydiv(a_np, b_np)
    assert_matches_numpy(q, qe, rtol=1e-12)
    assert_matches_numpy(r, re, rtol=1e-12, atol=1e-12)


def test_poly_and_poly1d():
    roots = numpy.array([1.0, -2.0, 3.0])
    assert_matches_numpy(cupric.poly(cupric.asarray(roots)), numpy.poly(roots), rtol=1e-12)
    p_np, p = numpy.poly1d([0, 1, 2, 3]), cupric.poly1d(cupric.array([0, 1, 2, 3]))
    assert p.order == p_np.order and len(p) == len(p_np)
    assert_matches_numpy(p.coeffs, p_np.coeffs)
    x_np = numpy.linspace(-2, 2, 7)
    assert_matches_numpy(p(cupric.asarray(x_np)), p_np(x_np))
    q_np, q = numpy.poly1d([2, -1]), cupric.poly1d([2, -1])
    for r, e in ((p + q, p_np + q_np), (p - q, p_np - q_np), (p * q, p_np * q_np), (-p, -p_np), (p ** 2, p_np ** 2),
                 (p * 3, p_np * 3), (p.deriv(), p_np.deriv())):
        assert isinstance(r, cupric.poly1d)
        assert_matches_numpy(r.coeffs, e.coeffs)
    assert p == cupric.poly1d([1, 2, 3]) and p != q
    assert int(p[0]) == 3 and int(p[5]) == 0
    assert_matches_numpy(cupric.poly1d([1.0, -2.0], r=True).coeffs, numpy.poly1d([1.0, -2.0], r=True).coeffs)


@pytest.mark.parametrize('cdt', [numpy.int64, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize('tensor', [True, False])
def test_polynomial_polynomial(cdt, tensor):
    c_np = numpy.array([[1, 2], [3, 4], [5, 6]]).astype(cdt)
    x_np = numpy.array([0.5, -1.0])
    c, x = cupric.asarray(c_np), cupric.asarray(x_np)
    assert_matches_numpy(CP.polyval(x, c, tensor), P.polyval(x_np, c_np, tensor), rtol=1e-6)
    assert_matches_numpy(CP.polyval(2, c), P.polyval(2, c_np), rtol=1e-6)
    assert_matches_numpy(CP.polyval(x, c[:, 0]), P.polyval(x_np, c_np[:, 0]), rtol=1e-6)
    r_np = numpy.array([[1.0, 2.0], [3.0, 0.5], [1.0, 1.0]]).astype(cdt)
    if tensor or True:
        assert_matches_numpy(CP.polyvalfromroots(x, cupric.asarray(r_np), tensor),
                             P.polyvalfromroots(x_np, r_np, tensor), rtol=1e-6)
    for deg in (0, 1, 3):
        assert_matches_numpy(CP.polyvander(c, deg), P.polyvander(c_np, deg), rtol=1e-6)
    assert_raises_like_numpy(lambda: P.polyvander(x_np, -1), lambda: CP.polyvander(x, -1))
    cc_np = numpy.array([1, 2, 3, 4]).astype(cdt)
    assert_matches_numpy(CP.polycompanion(cupric.asarray(cc_np)), P.polycompanion(cc_np), rtol=1e-6)


def _has_linalg(*names):
    try:
        import cupric.linalg as la
    except ImportError:
        return False
    return all(hasattr(la, n) for n in names)


@pytest.mark.skipif(not _has_linalg('lstsq'), reason='polyfit needs cupric.linalg.lstsq (issue 17)')
@pytest.mark.parametrize('deg', [0, 1, 3])
def test_polyfit(deg):
    x_np = numpy.linspace(-1, 2, 9)
    y_np = numpy.stack([x_np ** 3 - x_np + 0.5, numpy.cos(x_np)], axis=1)
    w_np = numpy.linspace(1, 2, 9)
    for y_sel in (y_np[:, 0], y_np):
        assert_matches_numpy(cupric.polyfit(cupric.asarray(x_np), cupric.asarray(y_sel), deg),
                             numpy.polyfit(x_np, y_sel, deg), rtol=1e-8, atol=1e-10)
        assert_matches_numpy(cupric.polyfit(cupric.asarray(x_np), cupric.asarray(y_sel), deg, w=cupric.asarray(w_np)),
                             numpy.polyfit(x_np, y_sel, deg, w=w_np), rtol=1e-8, atol=1e-10)
    assert_raises_like_numpy(lambda: numpy.polyfit(x_np, y_np[:3, 0], 1),
                             lambda: cupric.polyfit(cupric.asarray(x_np), cupric.asarray(y_np[:3, 0]), 1))


@pytest.mark.skipif(not _has_linalg('eigvals'), reason='roots needs cupric.linalg.eigvals (issue 17)')
@pytest.mark.parametrize('p', [[1, -3, 2], [1, 0, 1], [0, 0, 2, -4, 0, 0], [5], [0, 0]])
def test_roots(p):
    r = cupric.roots(cupric.asarray(p)).get()
    e = numpy.roots(numpy.array(p))
    assert r.shape == e.shape
    numpy.testing.assert_allclose(numpy.sort_complex(r), numpy.sort_complex(e), rtol=1e-10, atol=1e-12)
