"""The ufunc registry generated from the one ufunc list (Note [One definition per ufunc] in
src/kernels/ufunc/ufunc_registry.hpp): every ufunc object, alias and ndarray operator against
NumPy's, and every ufunc covered by the loop tests' case lists."""
import inspect
import operator

import numpy
import pytest

import cupric
from cupric import _core
import ufunc_cases

_PUBLIC = sorted(n for n in _core._ufuncs if not n.startswith('_'))


def test_every_ufunc_is_covered_by_the_loop_tests():
    # A ufunc added to the list without test cases fails here: ufunc_cases names each ufunc the
    # loop tests (test_ufunc_loops.py, test_math_function_loops.py) run against NumPy.
    covered = set(ufunc_cases.UNARY + ufunc_cases.BINARY + ufunc_cases.UNARY_MATH + ufunc_cases.BINARY_MATH +
                  ufunc_cases.TWO_OUTPUTS + ['clip'])
    canonical = {n for n in _PUBLIC if _core._ufuncs[n].__name__ == n}
    assert canonical - covered == set()
    assert covered - canonical == set()


@pytest.mark.parametrize('name', _PUBLIC)
def test_ufunc_object_matches_numpy(name):
    # (numpy.clip and cupric.clip are functions over the clip ufunc, numpy._core.umath.clip)
    u = _core._ufuncs[name]
    ref = numpy._core.umath.clip if name == 'clip' else getattr(numpy, name)
    assert isinstance(u, cupric.ufunc)
    if name != 'clip':
        assert getattr(cupric, name) is u
    assert (u.nin, u.nout, u.nargs) == (ref.nin, ref.nout, ref.nargs)
    assert u.__name__ == ref.__name__  # an alias is the same object as its ufunc, as in NumPy
    assert u.identity == ref.identity
    assert repr(u) == f"<ufunc '{ref.__name__}'>"
    # inspect.signature reads __signature__, NumPy 2's (help(), IDEs and wrappers use it)
    args = "x" if u.nin == 1 else ", ".join(f"x{i + 1}" for i in range(u.nin))
    out = "None" if u.nout == 1 else "(None, None)"
    assert str(inspect.signature(u)) == (f"({args}, /, out={out}, *, where=True, casting='same_kind', order='K', "
                                         "dtype=None, subok=True, signature=None)")
    if hasattr(ref, "__signature__"):
        assert inspect.signature(u) == inspect.signature(ref)


@pytest.mark.parametrize('alias,name', [('true_divide', 'divide'), ('mod', 'remainder'), ('abs', 'absolute'),
                                        ('bitwise_not', 'invert'), ('conj', 'conjugate')])
def test_aliases_are_the_same_object(alias, name):
    assert getattr(numpy, alias) is getattr(numpy, name)
    assert getattr(cupric, alias) is getattr(cupric, name)


_BINARY_OPERATORS = [
    (operator.add, 'add'), (operator.sub, 'subtract'), (operator.mul, 'multiply'), (operator.truediv, 'divide'),
    (operator.floordiv, 'floor_divide'), (operator.mod, 'remainder'), (operator.pow, 'power'),
    (operator.and_, 'bitwise_and'), (operator.or_, 'bitwise_or'), (operator.xor, 'bitwise_xor'),
    (operator.lshift, 'left_shift'), (operator.rshift, 'right_shift'), (operator.lt, 'less'),
    (operator.le, 'less_equal'), (operator.eq, 'equal'), (operator.ne, 'not_equal'), (operator.gt, 'greater'),
    (operator.ge, 'greater_equal')]


@pytest.mark.parametrize('op,name', _BINARY_OPERATORS)
def test_binary_operator_runs_its_ufunc(op, name):
    a = numpy.array([[3, 7, 12], [5, 1, 9]], dtype=numpy.int32)
    b = numpy.array([2, 3, 4], dtype=numpy.int32)
    ca, cb = cupric.asarray(a), cupric.asarray(b)
    for x, y, nx, ny in [(ca, cb, a, b), (ca, 3, a, 3), (5, cb, 5, b)]:  # arrays, then a Python int on each side
        got, want = op(x, y), op(nx, ny)
        assert got.dtype == want.dtype
        numpy.testing.assert_array_equal(got.get(), want)
    numpy.testing.assert_array_equal(getattr(cupric, name)(ca, cb).get(), getattr(numpy, name)(a, b))


@pytest.mark.parametrize('op,name', [(operator.neg, 'negative'), (operator.pos, 'positive'), (abs, 'absolute'),
                                     (operator.invert, 'invert')])
def test_unary_operator_runs_its_ufunc(op, name):
    a = numpy.array([-3, 0, 7], dtype=numpy.int16)
    got = op(cupric.asarray(a))
    assert got.dtype == op(a).dtype
    numpy.testing.assert_array_equal(got.get(), op(a))
    numpy.testing.assert_array_equal(getattr(cupric, name)(cupric.asarray(a)).get(), getattr(numpy, name)(a))


def test_divmod_operator_runs_divmod():
    a, b = numpy.array([7.5, -3.0, 9.0]), numpy.array([2.0, 2.0, -4.0])
    q, r = divmod(cupric.asarray(a), cupric.asarray(b))
    wq, wr = divmod(a, b)
    numpy.testing.assert_array_equal(q.get(), wq)
    numpy.testing.assert_array_equal(r.get(), wr)


def test_inplace_operators_write_the_left_operand():
    a = cupric.asarray(numpy.arange(6, dtype=numpy.float64))
    before = a
    a += 1.5
    a **= 2
    assert a is before
    numpy.testing.assert_allclose(a.get(), (numpy.arange(6) + 1.5) ** 2)
