"""nan_to_num, sinc and i0 against NumPy 2."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import tolerance


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.int8])
def test_nan_to_num(dtype):
    if dtype == numpy.complex64:
        a_np = numpy.array([complex(numpy.nan, numpy.inf), complex(-numpy.inf, 1), 3 + 4j], dtype)
    elif dtype == numpy.int8:
        a_np = numpy.array([1, 2, 3], dtype)
    else:
        a_np = numpy.array([numpy.nan, numpy.inf, -numpy.inf, 1.5], dtype)
    a = cupric.asarray(a_np)
    testing.assert_array_equal(cupric.nan_to_num(a).get(), numpy.nan_to_num(a_np))
    testing.assert_array_equal(cupric.nan_to_num(a, nan=-1, posinf=7, neginf=-7).get(),
                               numpy.nan_to_num(a_np, nan=-1, posinf=7, neginf=-7))
    b = a.copy()
    r = cupric.nan_to_num(b, copy=False)
    assert r is b
    testing.assert_array_equal(b.get(), numpy.nan_to_num(a_np))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.int32, numpy.complex128])
def test_sinc(dtype):
    a_np = (numpy.linspace(-2, 2, 9) * (4 if dtype == numpy.int32 else 1)).astype(dtype)
    r, e = cupric.sinc(cupric.asarray(a_np)), numpy.sinc(a_np)
    assert r.dtype == e.dtype
    testing.assert_allclose(r.get(), e, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int64])
def test_i0(dtype):
    a_np = numpy.array([0, 0.5, -1, 3, 7.5, -12, 19.9, 20.1, 30, 100, 700], dtype=dtype)
    if dtype == numpy.float16:  # NumPy's float16 i0 overflows in exp(|x|) from |x| = 11 on
        a_np = a_np[:5]
    r, e = cupric.i0(cupric.asarray(a_np)), numpy.i0(a_np)
    assert r.dtype == e.dtype
    testing.assert_allclose(r.get(), e, rtol=tolerance(dtype, '') if dtype != numpy.int64 else 1e-13)
    with pytest.raises(TypeError):
        cupric.i0(cupric.asarray(numpy.ones(2, complex)))
