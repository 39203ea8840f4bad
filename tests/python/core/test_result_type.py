"""result_type, min_scalar_type and common_type against NumPy 2 (NEP 50 for Python scalars)."""
import itertools

import numpy
import pytest

import cupric


_ALL = [numpy.dtype(c) for c in '?bBhHiIlLefdFD']


# ---- result_type, min_scalar_type, common_type --------------------------------------------------
@pytest.mark.parametrize('d1,d2', list(itertools.product(_ALL, _ALL)), ids=str)
def test_result_type_pairs(d1, d2):
    assert cupric.result_type(d1, d2) == numpy.result_type(d1, d2)
    assert cupric.result_type(cupric.ones(1, d1), d2) == numpy.result_type(numpy.ones(1, d1), d2)


@pytest.mark.parametrize('dtype', _ALL, ids=str)
@pytest.mark.parametrize('scalar', [1, -1, 300, 1.5, 1j, True, numpy.float32(1), numpy.int8(1)], ids=repr)
def test_result_type_with_scalars(dtype, scalar):
    assert cupric.result_type(cupric.ones(1, dtype), scalar) == numpy.result_type(numpy.ones(1, dtype), scalar)
    assert cupric.result_type(scalar, dtype) == numpy.result_type(scalar, dtype)


def test_result_type_python_scalars_only():
    for args in [(1, 2.0), (1,), (1.0, 1j), (True, 1)]:
        assert cupric.result_type(*args) == numpy.result_type(*args)


@pytest.mark.parametrize('value', [0, 255, 256, -1, -129, 2**40, -2**40, 1.5, 1e5, 1e40, numpy.inf, 1j,
                                   complex(1e40, 0), True, numpy.float64(2.0), numpy.int32(-5)], ids=repr)
def test_min_scalar_type(value):
    assert cupric.min_scalar_type(value) == numpy.min_scalar_type(value)


def test_min_scalar_type_arrays():
    assert cupric.min_scalar_type(cupric.ones(3, numpy.int64)) == numpy.int64
    assert cupric.min_scalar_type(cupric.asarray(numpy.int64(5))) == numpy.uint8


@pytest.mark.parametrize('dtypes', [(numpy.int8,), (numpy.float16,), (numpy.float32, numpy.int8),
                                    (numpy.complex64, numpy.float64), (numpy.float16, numpy.float32),
                                    (numpy.complex64,)], ids=str)
def test_common_type(dtypes):
    arrays = [cupric.ones(1, d) for d in dtypes]
    assert cupric.common_type(*arrays) == numpy.common_type(*[numpy.ones(1, d) for d in dtypes])


def test_common_type_bool_raises():
    with pytest.raises(TypeError):
        cupric.common_type(cupric.ones(1, bool))
