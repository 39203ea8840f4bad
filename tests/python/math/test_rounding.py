"""around, fix and the builtin round() against NumPy 2."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import tolerance


# ---- functions built from ufuncs -------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.complex128])
@pytest.mark.parametrize('decimals', [0, 1, 2, -1])
def test_around(dtype, decimals):
    rng = numpy.random.default_rng(8)
    a_np = (rng.standard_normal((3, 5)) * 300).astype(dtype) if dtype != numpy.complex128 else \
        (rng.standard_normal((3, 5)) * 30 + 1j * rng.standard_normal((3, 5)) * 30)
    if dtype == numpy.int32:
        a_np = numpy.array([[15, 25, -15, 35, 44], [5, -5, 0, 99, 101], [1, 2, 3, 4, 5]], dtype)
    a = cupric.asarray(a_np)
    for r, e in ((cupric.around(a, decimals), numpy.around(a_np, decimals)),
                 (cupric.round(a.T, decimals), numpy.round(a_np.T, decimals)),
                 (a.round(decimals), a_np.round(decimals))):
        assert r.dtype == e.dtype
        testing.assert_allclose(r.get(), e, rtol=tolerance(dtype, ''))
    out = cupric.empty(a.shape, a.dtype)
    assert cupric.around(a, decimals, out=out) is out
    testing.assert_allclose(out.get(), numpy.around(a_np, decimals), rtol=tolerance(dtype, ''))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.int16])
def test_fix(dtype):
    a_np = (numpy.linspace(-3, 3, 13) * (1 if dtype != numpy.int16 else 4)).astype(dtype)
    r, e = cupric.fix(cupric.asarray(a_np)), numpy.fix(a_np)
    assert r.dtype == e.dtype
    testing.assert_array_equal(r.get(), e)
    testing.assert_array_equal(numpy.signbit(r.get()), numpy.signbit(e))


def test_builtin_round_and_clip_doc():
    a_np = numpy.array([0.5, 1.5, 2.25, -2.5])
    a = cupric.asarray(a_np)
    testing.assert_array_equal(round(a).get(), numpy.round(a_np))
    testing.assert_array_equal(round(a, 1).get(), numpy.round(a_np, 1))
    assert cupric._core._ufuncs['clip'].__doc__.startswith('clip(x1, x2, x3,')
