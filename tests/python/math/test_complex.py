"""angle, real, imag and conj against NumPy 2, and ndarray.real/.imag as settable views."""
import numpy
import pytest

import cupric
from cupric import testing


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128, numpy.int64])
def test_angle_real_imag(dtype):
    a_np = (numpy.arange(-3, 3) + (1j * numpy.arange(6) if numpy.dtype(dtype).kind == 'c' else 0)).astype(dtype)
    a = cupric.asarray(a_np)
    for deg in (False, True):
        r, e = cupric.angle(a, deg=deg), numpy.angle(a_np, deg=deg)
        assert r.dtype == e.dtype
        testing.assert_allclose(r.get(), e, rtol=1e-6)
    for f in ('real', 'imag'):
        r, e = getattr(cupric, f)(a), getattr(numpy, f)(a_np)
        assert r.dtype == e.dtype
        testing.assert_array_equal(r.get(), e)


# ---- ndarray real/imag/conj -----------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_real_imag_are_settable_views(dtype):
    a_np = (numpy.arange(12) + 1j * numpy.arange(12, 24)).astype(dtype).reshape(3, 4)
    a = cupric.asarray(a_np)
    t_np, t = a_np.T[::-1], a.T[::-1]
    testing.assert_array_equal(t.real.get(), t_np.real)
    testing.assert_array_equal(t.imag.get(), t_np.imag)
    assert t.real.dtype == t_np.real.dtype
    t.real[0] = 100
    t_np.real[0] = 100
    a.imag = cupric.arange(4)
    a_np.imag = numpy.arange(4)
    testing.assert_array_equal(a.get(), a_np)
    a.real = 7
    a_np.real = 7
    testing.assert_array_equal(a.get(), a_np)
    assert a.real.base is a
    testing.assert_array_equal(a.conj().get(), a_np.conj())
    testing.assert_array_equal(a.conjugate().get(), a_np.conjugate())
    testing.assert_array_equal(cupric.conj(a).get(), numpy.conj(a_np))
    assert cupric.conj is cupric.conjugate


def test_real_imag_of_real_arrays():
    a = cupric.arange(6.0)
    assert a.real is a
    im = a.imag
    assert im.dtype == numpy.float64 and not im.get().any()
    with pytest.raises(TypeError):
        a.imag = 1
    a.real = 3
    testing.assert_array_equal(a.get(), numpy.full(6, 3.0))
    assert a.conj() is a
