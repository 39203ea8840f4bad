"""The ufunc keyword arguments out=, dtype=, casting=, where= and order= against NumPy 2."""

import numpy
import pytest

import cupric
from cupric import testing


# ---- out=, dtype=, casting=, where=, order= ----------------------------------------------------
def test_out_is_returned_and_written():
    a = cupric.asarray(numpy.arange(6.0).reshape(2, 3))
    out = cupric.empty((2, 3))
    r = cupric.add(a, 1, out=out)
    assert r is out
    testing.assert_array_equal(out.get(), numpy.arange(6.0).reshape(2, 3) + 1)
    r = cupric.add(a, 1, out=(out,))
    assert r is out
    r = cupric.add(a, a, out)
    assert r is out


def test_out_of_other_dtype_is_cast():
    a = cupric.asarray(numpy.array([1, 2, 3], numpy.int32))
    out = cupric.empty(3, numpy.float32)
    cupric.add(a, a, out=out)
    testing.assert_array_equal(out.get(), numpy.array([2, 4, 6], numpy.float32))
    out8 = cupric.empty(3, numpy.int8)
    cupric.add(a, a, out=out8)  # int32 -> int8 is same_kind
    testing.assert_array_equal(out8.get(), numpy.array([2, 4, 6], numpy.int8))


def test_out_casting_error_message():
    a = cupric.ones(3, numpy.int32)
    with pytest.raises(TypeError, match=r"Cannot cast ufunc 'add' output from dtype\('float64'\) to "
                                        r"dtype\('int32'\) with casting rule 'same_kind'"):
        cupric.add(a, 1.5, out=a)
    with pytest.raises(numpy._core._exceptions.UFuncTypeError):
        cupric.add(a, 1.5, out=a)
    cupric.add(a, 1.5, out=a, casting='unsafe')
    testing.assert_array_equal(a.get(), numpy.full(3, 2, numpy.int32))


def test_dtype_argument():
    a_np = numpy.array([1, 2, 3], numpy.int32)
    a = cupric.asarray(a_np)
    for dt in [numpy.float16, numpy.float64, numpy.int64, numpy.complex64]:
        testing.assert_matches_numpy(cupric.add(a, a, dtype=dt), numpy.add(a_np, a_np, dtype=dt), rtol=1e-6)
    testing.assert_matches_numpy(cupric.greater(a, a, dtype=bool), numpy.greater(a_np, a_np, dtype=bool),
                                 rtol=1e-6)
    f = cupric.ones(3)
    with pytest.raises(TypeError, match=r"Cannot cast ufunc 'add' input 0 from dtype\('float64'\) to "
                                        r"dtype\('int32'\) with casting rule 'same_kind'"):
        cupric.add(f, f, dtype=numpy.int32)
    with pytest.raises(TypeError, match='input 1 from'):
        cupric.add(a, 1.0, dtype=numpy.int32)
    with pytest.raises(TypeError, match='No loop matching'):
        cupric.greater(f, f, dtype=numpy.float64)


def test_casting_argument():
    a = cupric.ones(3, numpy.int32)
    assert cupric.add(a, 2, casting='no').dtype == numpy.int32
    with pytest.raises(TypeError, match=r"input 0 from dtype\('int32'\) to dtype\('int64'\) with casting rule 'no'"):
        cupric.add(a, numpy.int64(2), casting='no')
    with pytest.raises(ValueError):
        cupric.add(a, a, casting='bogus')


@pytest.mark.parametrize('with_out', [True, False])
def test_where(with_out):
    a_np = numpy.arange(6.0).reshape(2, 3)
    mask_np = numpy.array([True, False, True])
    a, mask = cupric.asarray(a_np), cupric.asarray(mask_np)
    if with_out:
        out_np = numpy.full((2, 3), -1.0)
        out = cupric.asarray(out_np)
        r = cupric.multiply(a, 10, out=out, where=mask)
        numpy.multiply(a_np, 10, out=out_np, where=mask_np)
        assert r is out
        testing.assert_array_equal(out.get(), out_np)
    else:
        r = cupric.multiply(a, 10, where=mask)
        testing.assert_array_equal(r.get()[:, [0, 2]], (a_np * 10)[:, [0, 2]])


def test_where_with_cast_output_and_false():
    a = cupric.asarray(numpy.array([1, 2, 3], numpy.int16))
    out = cupric.zeros(3, numpy.float64)
    cupric.add(a, a, out=out, where=cupric.asarray(numpy.array([False, True, True])))
    testing.assert_array_equal(out.get(), [0.0, 4.0, 6.0])
    cupric.add(a, a, out=out, where=False)
    testing.assert_array_equal(out.get(), [0.0, 4.0, 6.0])


def test_order_argument():
    a = cupric.asarray(numpy.ones((3, 4)))
    assert cupric.add(a, 1, order='F').flags.f_contiguous
    assert cupric.add(a.T, 1).flags.f_contiguous  # K keeps the input's memory order
    assert cupric.add(a.T, 1, order='C').flags.c_contiguous
