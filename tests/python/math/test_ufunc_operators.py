"""ndarray operators: arithmetic, comparison, bitwise, reflected and in-place forms, against
NumPy."""
import operator

import numpy
import pytest

import cupric
from cupric import testing


_BINARY = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod,
           operator.pow, operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]
_BITWISE = [operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift]
_INPLACE = {operator.add: operator.iadd, operator.sub: operator.isub, operator.mul: operator.imul,
            operator.truediv: operator.itruediv, operator.floordiv: operator.ifloordiv,
            operator.mod: operator.imod, operator.pow: operator.ipow, operator.and_: operator.iand,
            operator.or_: operator.ior, operator.xor: operator.ixor, operator.lshift: operator.ilshift,
            operator.rshift: operator.irshift}


def _pair(dtype):
    a = numpy.array([[1, 2, 3], [4, 5, 6]], dtype)
    b = numpy.array([3, 1, 2], dtype)
    return a, b


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.uint8, numpy.float32, numpy.float64, numpy.complex64])
@pytest.mark.parametrize('op', _BINARY, ids=lambda f: f.__name__)
def test_binary_operators(op, dtype):
    a_np, b_np = _pair(dtype)
    if dtype == numpy.complex64 and op in (operator.floordiv, operator.mod):
        with pytest.raises(TypeError):
            op(cupric.asarray(a_np), cupric.asarray(b_np))
        return
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    testing.assert_matches_numpy(op(a, b), op(a_np, b_np), rtol=1e-6)
    testing.assert_matches_numpy(op(a, 2), op(a_np, 2), rtol=1e-6)          # Python scalar on the right
    testing.assert_matches_numpy(op(2, b), op(2, b_np), rtol=1e-6)          # reflected (__radd__ ...)
    testing.assert_matches_numpy(op(a, 1.5), op(a_np, 1.5), rtol=1e-6)


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.int8, numpy.uint32, numpy.int64])
@pytest.mark.parametrize('op', _BITWISE, ids=lambda f: f.__name__)
def test_bitwise_operators(op, dtype):
    a_np, b_np = _pair(dtype)
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    if dtype == numpy.bool_ and op in (operator.lshift, operator.rshift):
        testing.assert_matches_numpy(op(a, b), op(a_np, b_np), rtol=1e-6)  # bool shifts use the int8 loop
        return
    testing.assert_matches_numpy(op(a, b), op(a_np, b_np), rtol=1e-6)
    testing.assert_matches_numpy(op(a, 1), op(a_np, 1), rtol=1e-6)
    testing.assert_matches_numpy(op(1, b), op(1, b_np), rtol=1e-6)


@pytest.mark.parametrize('op', list(_INPLACE), ids=lambda f: f.__name__)
@pytest.mark.parametrize('dtype', [numpy.int16, numpy.float32])
def test_inplace_operators(op, dtype):
    if dtype == numpy.float32 and op in (operator.and_, operator.or_, operator.xor, operator.lshift,
                                         operator.rshift):
        pytest.skip('no float bitwise loops')
    a_np, b_np = _pair(dtype)
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    iop = _INPLACE[op]
    try:
        e = iop(a_np.copy(), b_np)
    except TypeError:
        with pytest.raises(TypeError):
            iop(a, b)
        testing.assert_array_equal(a.get(), a_np)  # unchanged after the error
        return
    r = iop(a, b)
    assert r is a
    testing.assert_allclose(a.get(), e, rtol=1e-6)


def test_inplace_with_higher_result_dtype_raises():
    """int_arr += 1.5 is NumPy's _UFuncOutputCastingError (a UFuncTypeError, a TypeError)."""
    a = cupric.ones(3, numpy.int32)
    with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError,
                       match=r"^Cannot cast ufunc 'add' output from dtype\('float64'\) to dtype\('int32'\) "
                             r"with casting rule 'same_kind'$"):
        a += 1.5
    with pytest.raises(TypeError):
        a /= 2
    a += numpy.int64(2)  # same_kind int64 -> int32 is allowed
    testing.assert_array_equal(a.get(), [3, 3, 3])


def test_inplace_on_views_and_overlap():
    a_np = numpy.arange(10.0)
    a = cupric.asarray(a_np)
    a[1:] += a[:-1]
    a_np[1:] += a_np[:-1].copy()  # NumPy guarantees copy-before-write semantics too
    testing.assert_array_equal(a.get(), a_np)


def test_unary_operators():
    a_np = numpy.array([-2, 0, 3], numpy.int8)
    a = cupric.asarray(a_np)
    testing.assert_matches_numpy(-a, -a_np, rtol=1e-6)
    testing.assert_matches_numpy(abs(a), abs(a_np), rtol=1e-6)
    testing.assert_matches_numpy(~a, ~a_np, rtol=1e-6)
    testing.assert_matches_numpy(~cupric.asarray(numpy.array([True, False])), numpy.array([False, True]),
                                 rtol=1e-6)


def test_v10_pos_returns_a_copy():
    """V10-POS: +a is a new array."""
    a = cupric.asarray(numpy.array([1.0, 2.0]))
    p = +a
    assert p is not a and p.data.ptr != a.data.ptr
    p += 1
    testing.assert_array_equal(a.get(), [1.0, 2.0])


def test_divmod():
    a_np = numpy.array([7, -7, 5], numpy.int32)
    a = cupric.asarray(a_np)
    q, r = divmod(a, 3)
    eq, er = divmod(a_np, 3)
    testing.assert_matches_numpy(q, eq, rtol=1e-6)
    testing.assert_matches_numpy(r, er, rtol=1e-6)
    q, r = divmod(10, a)
    eq, er = divmod(10, a_np)
    testing.assert_matches_numpy(q, eq, rtol=1e-6)
    testing.assert_matches_numpy(r, er, rtol=1e-6)


class _Other:
    def __radd__(self, other):
        return 'radd'

    def __eq__(self, other):
        return 'eq'

    __hash__ = None


def test_not_implemented_lets_python_fall_back():
    a = cupric.ones(3)
    assert a + _Other() == 'radd'
    assert (a == _Other()) == 'eq'
    # None and other identity-compared objects: NumPy's elementwise answer, an array (issue 18)
    testing.assert_matches_numpy(a == None, numpy.ones(3) == None)  # noqa: E711
    with pytest.raises(TypeError):
        a + 'text'
    with pytest.raises(TypeError):
        a + [1, 2, 3]


def test_integer_division_by_zero_gives_zero():
    """NumPy 2 gives 0 (and warns; cupric does not warn: docs/differences.md)."""
    a_np = numpy.array([7, -7, 0, numpy.iinfo(numpy.int32).min], numpy.int32)
    b_np = numpy.array([0, 0, 0, -1], numpy.int32)
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    with numpy.errstate(all='ignore'):
        for op in (operator.floordiv, operator.mod):
            testing.assert_matches_numpy(op(a, b), op(a_np, b_np), rtol=1e-6)
        testing.assert_matches_numpy(cupric.fmod(a, b), numpy.fmod(a_np, b_np), rtol=1e-6)


@pytest.mark.parametrize('name', ['maximum', 'minimum', 'fmax', 'fmin'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.complex128])
def test_nan_rules_of_min_max(name, dtype):
    a_np = numpy.array([numpy.nan, 1, numpy.nan, 2, -numpy.inf], dtype)
    b_np = numpy.array([1, numpy.nan, numpy.nan, 3, numpy.inf], dtype)
    f, f_np = getattr(cupric, name), getattr(numpy, name)
    testing.assert_matches_numpy(f(cupric.asarray(a_np), cupric.asarray(b_np)), f_np(a_np, b_np), rtol=1e-6)
    testing.assert_matches_numpy(f(cupric.asarray(a_np), numpy.nan), f_np(a_np, numpy.nan), rtol=1e-6)


# Note [Operator slots] (bindings/ufunc.cpp): the operators are the type's number and
# rich-comparison slots; Python still sees every dunder, reflected forms and subclass
# precedence work as for NumPy, and errors come out as the same exception types.
def test_operator_dunders_are_visible_and_callable():
    a_np = numpy.array([1.0, 2.0, 4.0], numpy.float32)
    a = cupric.asarray(a_np)
    for name in ['__add__', '__radd__', '__iadd__', '__sub__', '__rsub__', '__mul__', '__rmul__', '__truediv__',
                 '__rtruediv__', '__floordiv__', '__rfloordiv__', '__mod__', '__rmod__', '__pow__', '__rpow__',
                 '__and__', '__rand__', '__or__', '__xor__', '__lshift__', '__rshift__', '__neg__', '__pos__',
                 '__abs__', '__invert__', '__divmod__', '__rdivmod__', '__lt__', '__le__', '__eq__', '__ne__',
                 '__gt__', '__ge__']:
        assert hasattr(cupric.ndarray, name), name
    testing.assert_matches_numpy(a.__add__(1), a_np.__add__(1), rtol=1e-6)
    testing.assert_matches_numpy(a.__rsub__(1), a_np.__rsub__(1), rtol=1e-6)
    testing.assert_matches_numpy(a.__rtruediv__(2), a_np.__rtruediv__(2), rtol=1e-6)
    testing.assert_matches_numpy(a.__rpow__(2), a_np.__rpow__(2), rtol=1e-6)
    testing.assert_matches_numpy(cupric.ndarray.__mul__(a, a), a_np * a_np, rtol=1e-6)
    q, r = a.__rdivmod__(9)
    eq, er = a_np.__rdivmod__(9)
    testing.assert_matches_numpy(q, eq, rtol=1e-6)
    testing.assert_matches_numpy(r, er, rtol=1e-6)
    assert a.__add__('text') is NotImplemented
    assert a.__lt__(None) is NotImplemented


def test_reflected_comparisons_mirror_the_operator():
    a_np = numpy.array([1, 5, 3], numpy.int64)
    a = cupric.asarray(a_np)
    for r, e in [(2 < a, 2 < a_np), (2 <= a, 2 <= a_np), (2 > a, 2 > a_np), (2 >= a, 2 >= a_np),
                 (3 == a, 3 == a_np), (3 != a, 3 != a_np), (numpy.int64(2) < a, numpy.int64(2) < a_np)]:
        assert r.dtype == e.dtype
        numpy.testing.assert_array_equal(r.get(), e)


def test_three_argument_pow_is_a_type_error():
    a = cupric.arange(3)
    with pytest.raises(TypeError):
        pow(a, 2, 5)
    with pytest.raises(TypeError):  # (NumPy's ndarray rejects it too)
        pow(numpy.arange(3), 2, 5)


@pytest.mark.parametrize('dtype,iop,value', [
    (numpy.int32, operator.iadd, 1.5),
    (numpy.int64, operator.isub, numpy.float32(0.5)),
    (numpy.int8, operator.itruediv, 2),
    (numpy.uint8, operator.imul, 1j),
    (numpy.float32, operator.imul, 1j),
    (numpy.int16, operator.ipow, 0.5),
    (numpy.int32, operator.iadd, numpy.ones(3)),
    (numpy.bool_, operator.iadd, 1),
    (numpy.float64, operator.ior, 1),          # no loop: NumPy's plain TypeError
    (numpy.int32, operator.ilshift, 1.0),
    (numpy.bool_, operator.isub, True),        # NumPy's boolean-subtract TypeError
])
def test_inplace_errors_match_numpy(dtype, iop, value):
    """In-place operators raise NumPy's exception class (here _UFuncOutputCastingError for a result
    the array cannot hold) with NumPy's message, and leave the array as it was."""
    a_np = numpy.array([1, 2, 3], dtype)
    a = cupric.asarray(a_np)
    v = cupric.asarray(value) if isinstance(value, numpy.ndarray) else value
    with pytest.raises(TypeError) as en:
        iop(a_np, value)
    with pytest.raises(TypeError) as ec:
        iop(a, v)
    assert type(ec.value) is type(en.value)
    assert str(ec.value) == str(en.value)
    testing.assert_array_equal(a.get(), a_np)


def test_errors_through_operator_slots_keep_their_types():
    a = cupric.ones((2, 3), numpy.float32)
    with pytest.raises(ValueError, match='could not be broadcast'):
        a + cupric.ones(4)
    with pytest.raises(ValueError):
        a < cupric.ones(4)
    i = cupric.arange(3)
    with pytest.raises(numpy._core._exceptions.UFuncTypeError):
        i += 1.5
    with pytest.raises(numpy._core._exceptions._UFuncOutputCastingError) as e:
        i *= 1.5
    assert e.value.ufunc is cupric.multiply and e.value.out_i == 2
    numpy.testing.assert_array_equal(i.get(), [0, 1, 2])  # left as it was
    with pytest.raises(OverflowError):
        cupric.arange(3, dtype=numpy.int8) + 1000
    with pytest.raises(TypeError):
        -cupric.ones(2, dtype=numpy.bool_)


def test_subclass_reflected_operator_takes_precedence():
    class Sub(cupric.ndarray):
        def __radd__(self, other):
            return 'sub radd'

        def __rsub__(self, other):
            return 'sub rsub'

    s = Sub((3,), dtype=numpy.float64)
    assert type(s) is Sub
    assert cupric.ones(3) + s == 'sub radd'
    assert cupric.ones(3) - s == 'sub rsub'


def test_arrays_take_no_new_attributes_and_are_unhashable():
    # as CuPy's and NumPy's arrays (no per-instance __dict__)
    a = cupric.ones(3)
    with pytest.raises(AttributeError):
        a.some_new_attribute = 1
    with pytest.raises(TypeError):
        hash(a)


def test_pos_returns_copy_V10_POS():
    a = cupric.arange(4)
    b = +a
    assert b is not a and b.data.ptr != a.data.ptr
    testing.assert_array_equal(b.get(), numpy.arange(4))
