"""Two-output ufuncs (divmod, frexp, modf) against NumPy: out= tuples, positional out, None,
aliasing an input, where=."""
import numpy
import pytest

import cupric
from cupric import testing


# ---- two-output ufuncs ---------------------------------------------------------------------------

def test_divmod_out_tuple_and_operators():
    a_np = numpy.arange(-6, 6, dtype=numpy.int32).reshape(3, 4)
    a = cupric.asarray(a_np)
    q, r = cupric.empty((3, 4), numpy.int32), cupric.empty((3, 4), numpy.int64)
    res = cupric.divmod(a, 4, out=(q, r))
    assert res[0] is q and res[1] is r
    eq, er = numpy.divmod(a_np, 4)
    testing.assert_array_equal(q.get(), eq)
    testing.assert_array_equal(r.get(), er)
    q2, r2 = divmod(a, 3)
    testing.assert_array_equal(q2.get(), a_np // 3)
    testing.assert_array_equal(r2.get(), a_np % 3)
    q3, r3 = divmod(7, a + 10)
    testing.assert_array_equal(q3.get(), 7 // (a_np + 10))
    testing.assert_array_equal(r3.get(), 7 % (a_np + 10))
    q4, r4 = divmod(a.astype(numpy.float64), 2.5)
    eq4, er4 = divmod(a_np.astype(numpy.float64), 2.5)
    testing.assert_array_equal(q4.get(), eq4)
    testing.assert_array_equal(r4.get(), er4)


def test_two_outputs_positional_out_and_none():
    x_np = numpy.linspace(-4, 4, 9)
    x = cupric.asarray(x_np)
    m, e = cupric.empty(9), cupric.empty(9, numpy.int32)
    r = cupric.frexp(x, m, e)
    assert r[0] is m and r[1] is e
    em, ee = numpy.frexp(x_np)
    testing.assert_array_equal(m.get(), em)
    testing.assert_array_equal(e.get(), ee)
    f, i = cupric.modf(x, out=(None, cupric.empty(9)))
    ef, ei = numpy.modf(x_np)
    testing.assert_array_equal(f.get(), ef)
    testing.assert_array_equal(i.get(), ei)
    with pytest.raises(ValueError):
        cupric.modf(x, out=(cupric.empty(9),))
    with pytest.raises(TypeError):
        cupric.modf(x, out=cupric.empty(9))


def test_two_outputs_aliasing_an_input():
    """Output 0 written over an input does not change what output 1 reads."""
    a_np = numpy.arange(1.0, 13.0)
    a = cupric.asarray(a_np)
    q, r = cupric.divmod(a, 5.0, out=(a, None))
    eq, er = numpy.divmod(a_np, 5.0)
    testing.assert_array_equal(a.get(), eq)
    testing.assert_array_equal(r.get(), er)


def test_two_outputs_where():
    x_np = numpy.array([1.5, -2.25, 3.75, 8.0])
    mask = numpy.array([True, False, True, False])
    x = cupric.asarray(x_np)
    f, i = cupric.zeros(4), cupric.zeros(4)
    cupric.modf(x, out=(f, i), where=cupric.asarray(mask))
    ef, ei = numpy.zeros(4), numpy.zeros(4)
    numpy.modf(x_np, out=(ef, ei), where=mask)
    testing.assert_array_equal(f.get(), ef)
    testing.assert_array_equal(i.get(), ei)
