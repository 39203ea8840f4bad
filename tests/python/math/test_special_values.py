"""Complex branch cuts and special values (NaN, infinities, signed zeros) of the math ufuncs
against NumPy."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import tolerance


# ---- complex branch cuts and special values -----------------------------------------------------

_COMPLEX_FUNCS = ['exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'exp2', 'expm1', 'log2', 'log10', 'log1p', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh',
                  'arcsinh', 'arccosh', 'arctanh', 'rint']


def _cut_points():
    pts = []
    for re in (-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0):
        for im in (0.0, -0.0, 0.5, -0.5, 2.0, -2.0):
            pts.append(complex(re, im))
            pts.append(complex(-0.0 if re == 0 else re, im))
    return pts


@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('name', _COMPLEX_FUNCS)
def test_complex_branch_cuts(name, dtype):
    """Values on and next to the branch cuts, with signed zeros, as NumPy (C99 cuts)."""
    z = numpy.array(_cut_points(), dtype=dtype)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(z)
    r = getattr(cupric, name)(cupric.asarray(z)).get()
    rtol = 1e-5 if dtype == numpy.complex64 else 1e-12
    testing.assert_allclose(r.real, e.real, rtol=rtol, atol=rtol * 1e-2)
    testing.assert_allclose(r.imag, e.imag, rtol=rtol, atol=rtol * 1e-2)
    # the sign of zero parts on the cuts
    zero = (e.imag == 0) & numpy.isfinite(e.imag)
    testing.assert_array_equal(numpy.signbit(r.imag[zero]), numpy.signbit(e.imag[zero]))


@pytest.mark.parametrize('name', _COMPLEX_FUNCS)
def test_complex_special_values(name):
    """inf and nan parts: the same nan/inf pattern and finite values as NumPy."""
    specials = [numpy.inf, -numpy.inf, numpy.nan, 0.0, 1.5, -1.5]
    z = numpy.array([complex(a, b) for a in specials for b in specials], dtype=numpy.complex128)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(z)
    with numpy.errstate(all='ignore'):
        r = getattr(cupric, name)(cupric.asarray(z)).get()
    testing.assert_allclose(r.real, e.real, rtol=1e-12, equal_nan=True)
    testing.assert_allclose(r.imag, e.imag, rtol=1e-12, equal_nan=True)


@pytest.mark.parametrize('name', ['arcsin', 'arccos', 'arctanh', 'arccosh', 'log2', 'log10', 'log1p', 'cosh',
                                  'sinh', 'exp2', 'expm1', 'tan', 'arctan', 'arcsinh', 'cbrt', 'spacing',
                                  'rint', 'floor', 'ceil', 'trunc', 'fabs'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_real_special_values(name, dtype):
    """Out-of-domain arguments give NaN, infinities and signed zeros as NumPy."""
    x = numpy.array([numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 1e-30],
                    dtype=dtype)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(x)
    r = getattr(cupric, name)(cupric.asarray(x)).get()
    rtol = tolerance(dtype, name)
    testing.assert_allclose(r, e, rtol=rtol, atol=0, equal_nan=True)
    testing.assert_array_equal(numpy.signbit(r[e == 0]), numpy.signbit(e[e == 0]))


def test_frexp_special_values():
    x_np = numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 5e-324, 1e308], numpy.float64)
    m, e = cupric.frexp(cupric.asarray(x_np))
    em, ee = numpy.frexp(x_np)
    testing.assert_array_equal(m.get(), em)
    testing.assert_array_equal(e.get(), ee)
