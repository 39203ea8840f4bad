"""clip, the ufunc and the function, against NumPy 2: dtypes, array bounds, NaNs, out= and Python
int bounds."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import values


# ---- clip -------------------------------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.bool_])
def test_clip_ufunc_and_function(dtype):
    a_np = values('clip', dtype, (4, 6), seed=7)
    a = cupric.asarray(a_np)
    lo, hi = (False, True) if dtype == numpy.bool_ else (1, 5)
    with numpy.errstate(all='ignore'):
        e = numpy.clip(a_np, lo, hi)
    r = cupric.clip(a, lo, hi)
    assert r.dtype == e.dtype
    testing.assert_array_equal(r.get(), e)
    testing.assert_array_equal(a.clip(lo, hi).get(), a_np.clip(lo, hi))
    testing.assert_array_equal(cupric.clip(a.T, None, hi).get(), numpy.clip(a_np.T, None, hi))
    testing.assert_array_equal(cupric.clip(a[::-1], lo, None).get(), numpy.clip(a_np[::-1], lo, None))
    testing.assert_array_equal(cupric.clip(a, min=lo).get(), numpy.clip(a_np, min=lo))


def test_clip_arrays_nan_out_and_python_int_bounds():
    a_np = numpy.array([[numpy.nan, 1.0, 5.0], [-3.0, 2.0, 10.0]])
    lo_np, hi_np = numpy.array([0.0, numpy.nan, 1.0]), numpy.array([[4.0], [3.0]])
    a, lo, hi = cupric.asarray(a_np), cupric.asarray(lo_np), cupric.asarray(hi_np)
    out = cupric.empty((2, 3))
    assert cupric.clip(a, lo, hi, out=out) is out
    testing.assert_array_equal(out.get(), numpy.clip(a_np, lo_np, hi_np))
    u_np = numpy.arange(5, dtype=numpy.uint8)
    testing.assert_array_equal(cupric.clip(cupric.asarray(u_np), -1, 300).get(), numpy.clip(u_np, -1, 300))
