"""Ufunc type resolution (NEP 50), casting, out=/where=/dtype=/order= and errors against NumPy."""
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
    testing.assert_matches_numpy(getattr(cupric, op)(cupric.asarray(a_np), value), getattr(numpy, op)(a_np, value), rtol=1e-6)


@pytest.mark.parametrize('a,b', [(1, 2), (1, 2.5), (2.5, 1j), (True, 3), (True, False)], ids=repr)
def test_all_python_scalars_use_default_dtypes(a, b):
    r = cupric.add(a, b)
    e = numpy.add(a, b)
    assert r.ndim == 0 and r.dtype == e.dtype and r.item() == e


@pytest.mark.parametrize('d1,d2', list(itertools.product(_ALL, _ALL)), ids=str)
def test_add_array_array_promotion_table(d1, d2):
    if d1 == numpy.bool_ and d2 == numpy.bool_:
        pass
    a, b = numpy.ones(2, d1), numpy.ones(2, d2)
    assert cupric.add(cupric.asarray(a), cupric.asarray(b)).dtype == numpy.add(a, b).dtype
    assert cupric.fmod(cupric.asarray(a), cupric.asarray(b)).dtype == numpy.fmod(a, b).dtype \
        if d1.kind != 'c' and d2.kind != 'c' and not (d1.kind == d2.kind == 'b') else True


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
    testing.assert_matches_numpy(cupric.greater(a, a, dtype=bool), numpy.greater(a_np, a_np, dtype=bool), rtol=1e-6)
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


# ---- errors ----------------------------------------------------------------------------------------
def test_broadcast_error_message():
    with pytest.raises(ValueError, match=r'operands could not be broadcast together with shapes \(2,3\) \(4,\)'):
        cupric.add(cupric.ones((2, 3)), cupric.ones(4))
    with pytest.raises(ValueError, match='non-broadcastable output operand with shape'):
        cupric.add(cupric.ones(3), cupric.ones(3), out=cupric.ones(1))


def _raises_like_numpy(call, args_np, args_cp, kwargs_np=None, kwargs_cp=None):
    """call(module, *args, **kwargs) raises a TypeError of NumPy's class and message with cupric too;
    returns (NumPy's error, cupric's) for the tests of their attributes."""
    def numpy_call():
        call(numpy, *args_np, **(kwargs_np or {}))
    ec = testing.assert_raises_like_numpy(numpy_call, lambda: call(cupric, *args_cp, **(kwargs_cp or {})),
                                          expected=TypeError)
    with pytest.raises(TypeError) as en:
        numpy_call()
    return en.value, ec


def _cp(x):
    return cupric.asarray(x) if isinstance(x, numpy.ndarray) else x


def test_no_loop_error():
    # NumPy's legacy ufuncs raise a plain TypeError, gcd/lcm (and positive/sign of bools) its
    # _UFuncNoLoopError (Note [No-loop errors] in src/ops/ufunc.cpp)
    f = numpy.ones(3)
    en, ec = _raises_like_numpy(lambda m, x: m.left_shift(x, x), [f], [_cp(f)])
    assert type(ec) is TypeError
    assert str(ec).startswith("ufunc 'left_shift' not supported for the input types")
    c = numpy.ones(3, numpy.complex64)
    _raises_like_numpy(lambda m, x: m.signbit(x), [c], [_cp(c)])
    _raises_like_numpy(lambda m, x: m.bitwise_and(x, 1), [f], [_cp(f)])
    _raises_like_numpy(lambda m, x: m.invert(x), [f], [_cp(f)])
    en, ec = _raises_like_numpy(lambda m, x: m.gcd(x, x), [f], [_cp(f)])
    assert type(ec) is numpy._core._exceptions._UFuncNoLoopError
    assert str(ec) == ("ufunc 'gcd' did not contain a loop with signature matching types (<class "
                       "'numpy.dtypes.Float64DType'>, <class 'numpy.dtypes.Float64DType'>) -> None")
    assert ec.ufunc is cupric.gcd and ec.dtypes == en.dtypes
    assert isinstance(ec, numpy._core._exceptions.UFuncTypeError)
    b = numpy.ones(3, bool)
    _raises_like_numpy(lambda m, x: m.positive(x), [b], [_cp(b)])
    _raises_like_numpy(lambda m, x: m.lcm(x, x), [b], [_cp(b)])


@pytest.mark.parametrize('args', [(1.5, 2), (2, 1j), ('F', 1), ('F', 2.5), ('b', 1.5), ('?', True)], ids=repr)
def test_no_loop_error_with_python_scalars(args):
    """A weak Python scalar shows as NumPy's _PyLongDType / _PyFloatDType / _PyComplexDType."""
    a_np = [numpy.ones(3, a) if isinstance(a, str) else a for a in args]
    en, ec = _raises_like_numpy(lambda m, *x: m.gcd(*x), a_np, [_cp(a) for a in a_np])
    assert ec.dtypes == en.dtypes and ec.args[1:] == en.args[1:]


_NO_LOOP_TYPES = [numpy.dtype(c) for c in '?bBhLefdF']


@pytest.mark.parametrize('name', sorted(n for n in cupric._core._ufuncs
                                        if isinstance(getattr(numpy, n, None), numpy.ufunc)))
def test_no_loop_errors_match_numpy(name):
    """Every dtype combination NumPy has no loop for raises NumPy's class and message."""
    u_np, u_cp = getattr(numpy, name), getattr(cupric, name)
    for combo in itertools.product(_NO_LOOP_TYPES, repeat=u_np.nin):
        args = [numpy.ones(2, d) for d in combo]
        try:
            with numpy.errstate(all='ignore'):
                u_np(*args)
            continue
        except TypeError as e:
            en = e
        with pytest.raises(TypeError) as ec:
            u_cp(*[cupric.asarray(a) for a in args])
        assert (type(ec.value), str(ec.value)) == (type(en), str(en)), combo


def test_no_loop_error_from_ufunc_methods():
    f = numpy.ones(4)
    for call in [lambda m, x: m.bitwise_and.reduce(x), lambda m, x: m.left_shift.accumulate(x),
                 lambda m, x: m.bitwise_or.outer(x, x), lambda m, x: m.bitwise_xor.reduceat(x, [0, 2])]:
        _raises_like_numpy(call, [f], [_cp(f)])
    for call in [lambda m, x: m.gcd.reduce(x), lambda m, x: m.lcm.accumulate(x)]:
        with pytest.raises(numpy._core._exceptions._UFuncNoLoopError):
            call(cupric, _cp(f))
        with pytest.raises(numpy._core._exceptions._UFuncNoLoopError):
            call(numpy, f)


# ---- NumPy's casting-error classes (_UFuncInputCastingError, _UFuncOutputCastingError) ---------
_I32 = numpy.arange(3, dtype=numpy.int32)
_F64 = numpy.ones(3)


@pytest.mark.parametrize('args,kwargs', [
    ((numpy.add, _F64, _F64), {'dtype': numpy.int32}),
    ((numpy.add, _F64, 1), {'dtype': numpy.int32}),
    ((numpy.add, _I32, 1.0), {'dtype': numpy.int32}),  # input 1: the weak float
    ((numpy.add, numpy.ones(3, numpy.float16), 1), {'dtype': numpy.bool_}),
    ((numpy.add, _F64, _F64), {'dtype': numpy.float32, 'casting': 'safe'}),
    ((numpy.add, _I32, numpy.int64(2)), {'casting': 'no'}),
    ((numpy.add, _I32, _I32), {'dtype': numpy.int64, 'casting': 'no'}),
    ((numpy.add, _I32, _I32), {'dtype': numpy.int64, 'casting': 'equiv'}),
    ((numpy.add, _F64, _F64), {'signature': ('i', 'i', 'i')}),
    ((numpy.add, _F64, _F64), {'signature': (None, None, 'i')}),
    ((numpy.subtract, _F64, _I32), {'dtype': numpy.int8}),
    ((numpy.negative, _F64), {'dtype': numpy.int32}),  # nin == 1: "input from"
    ((numpy.absolute, _F64), {'dtype': numpy.float32, 'casting': 'safe'}),
    ((numpy.negative, _I32), {'dtype': numpy.int64, 'casting': 'no'}),
])
def test_input_casting_error_matches_numpy(args, kwargs):
    u, *operands = args
    en, ec = _raises_like_numpy(lambda m, *x, **k: getattr(m, u.__name__)(*x, **k), operands,
                                [_cp(x) for x in operands], kwargs, kwargs)
    assert type(ec) is numpy._core._exceptions._UFuncInputCastingError
    assert ec.ufunc is getattr(cupric, u.__name__)
    assert (ec.casting, ec.from_, ec.to, ec.in_i) == (en.casting, en.from_, en.to, en.in_i)
    assert ec.args[1:] == en.args[1:]
    assert isinstance(ec, numpy._core._exceptions.UFuncTypeError) and isinstance(ec, TypeError)


def test_input_casting_error_message_unary_has_no_index():
    with pytest.raises(TypeError) as e:
        cupric.negative(cupric.ones(3), dtype=numpy.int32)
    assert str(e.value) == ("Cannot cast ufunc 'negative' input from dtype('float64') to dtype('int32') "
                            "with casting rule 'same_kind'")


def _out(dtype, shape=(3,)):
    return numpy.zeros(shape, dtype)


@pytest.mark.parametrize('name,operands,kwargs', [
    ('add', (_F64, _F64), {'out': _out(numpy.int32)}),
    ('add', (_I32, 1.5), {'out': _out(numpy.int32)}),
    ('power', (_I32, 1.5), {'out': _out(numpy.int32)}),
    ('true_divide', (_I32, _I32), {'out': _out(numpy.int64)}),
    ('negative', (_F64,), {'out': _out(numpy.int32)}),
    ('sqrt', (_F64,), {'out': _out(numpy.float32), 'casting': 'safe'}),
    ('less', (_F64, _F64), {'out': _out(numpy.int8), 'casting': 'no'}),
    ('add', (_I32, _I32), {'out': _out(numpy.int8), 'casting': 'safe'}),
    ('add', (_F64, _F64), {'out': _out(numpy.float32), 'dtype': numpy.float64, 'casting': 'safe'}),
    ('divmod', (_F64, _F64), {'out': (_out(numpy.int32), None)}),  # two outputs: "output 2"
    ('divmod', (_F64, _F64), {'out': (None, _out(numpy.int32))}),  # "output 3"
    ('modf', (_F64,), {'out': (None, _out(numpy.int32))}),
    ('frexp', (_F64,), {'out': (_out(numpy.int32), None)}),
])
def test_output_casting_error_matches_numpy(name, operands, kwargs):
    def to_cp(k):
        out = kwargs['out']
        out = tuple(_cp(o) for o in out) if isinstance(out, tuple) else _cp(out)
        return dict(kwargs, out=out)
    en, ec = _raises_like_numpy(lambda m, *x, **k: getattr(m, name)(*x, **k), operands,
                                [_cp(x) for x in operands], kwargs, to_cp(kwargs))
    assert type(ec) is numpy._core._exceptions._UFuncOutputCastingError
    assert ec.ufunc is getattr(cupric, name)
    assert (ec.casting, ec.from_, ec.to, ec.out_i) == (en.casting, en.from_, en.to, en.out_i)
    assert isinstance(ec, numpy._core._exceptions.UFuncTypeError) and isinstance(ec, TypeError)


def test_outer_casting_errors_match_numpy():
    _raises_like_numpy(lambda m, x: m.add.outer(x, x, dtype=numpy.int32), [_F64], [_cp(_F64)])
    _raises_like_numpy(lambda m, x, o: m.add.outer(x, x, out=o), [_F64, _out(numpy.int32, (3, 3))],
                       [_cp(_F64), _cp(_out(numpy.int32, (3, 3)))])


def test_casting_errors_are_caught_as_ufunc_type_error():
    a = cupric.ones(3, numpy.int32)
    for call in [lambda: cupric.add(a, 1.5, out=a), lambda: cupric.add(cupric.ones(3), 1, dtype=numpy.int32),
                 lambda: cupric.gcd(cupric.ones(3), 1)]:
        try:
            call()
        except numpy._core._exceptions.UFuncTypeError as e:
            assert type(e).__name__ == 'UFuncTypeError'  # (NumPy shows its subclasses as the base)
        else:
            pytest.fail('no error')
    testing.assert_array_equal(a.get(), [1, 1, 1])


@pytest.mark.skipif(BF16 is None, reason='needs ml_dtypes')
def test_v14_bf16_casting_and_no_loop_errors_match_numpy():
    b = numpy.ones(3, BF16)
    _raises_like_numpy(lambda m, x, o: m.add(x, x, out=o), [b, _out(numpy.int8)], [_cp(b), _cp(_out(numpy.int8))])
    _raises_like_numpy(lambda m, x: m.negative(x, dtype=numpy.int8), [b], [_cp(b)])
    _raises_like_numpy(lambda m, x: m.gcd(x, x), [b], [_cp(b)])  # (a legacy DType: plain TypeError)
    _raises_like_numpy(lambda m, x: m.left_shift(x, 1), [b], [_cp(b)])


def test_boolean_negative_and_subtract_raise():
    b = cupric.ones(3, bool)
    with pytest.raises(TypeError, match='boolean negative'):
        -b
    with pytest.raises(TypeError, match='boolean subtract'):
        b - b
    assert (b - 1).dtype == numpy.int64  # a Python int makes it integer arithmetic, as NumPy


def test_unsupported_operand_types():
    with pytest.raises(TypeError, match='Unsupported type'):
        cupric.add(cupric.ones(3), [1, 2, 3])
    with pytest.raises(TypeError, match='Unsupported type'):
        cupric.add(cupric.ones(3), numpy.ones(3))
    with pytest.raises(TypeError):
        cupric.add(cupric.ones(3))
    with pytest.raises(TypeError, match='invalid keyword'):
        cupric.add(cupric.ones(3), 1, bogus=1)


def test_integer_power_negative_exponent_raises():
    a = cupric.asarray(numpy.array([1, 2, 3], numpy.int32))
    with pytest.raises(ValueError, match='Integers to negative integer powers are not allowed.'):
        a ** -1
    if cupric._core.backend_name() == "host":  # GPU: exponent arrays are not checked (docs/differences.md)
        with pytest.raises(ValueError, match='Integers to negative integer powers are not allowed.'):
            cupric.power(a, cupric.asarray(numpy.array([1, -1, 2], numpy.int32)))
    testing.assert_array_equal((a ** 2).get(), [1, 4, 9])
    assert (a ** -1.0).dtype == numpy.float64


def test_void_arrays_are_rejected():
    s = cupric.zeros(2, numpy.dtype([('a', numpy.int32)]))
    with pytest.raises(numpy._core._exceptions._UFuncNoLoopError):
        cupric.add(s, s)
    # (NumPy shows a binary ufunc's structured operands as dtype instances; cupric as VoidDType)
    with pytest.raises(TypeError) as e:
        cupric.negative(s)
    en = pytest.raises(TypeError, numpy.negative, numpy.zeros(2, s.dtype)).value
    assert type(e.value) is type(en) and str(e.value) == str(en)
    assert e.value.ufunc is cupric.negative


def test_ufunc_repr_and_aliases():
    assert repr(cupric.add) == "<ufunc 'add'>"
    assert isinstance(cupric.add, cupric.ufunc)
    assert cupric.true_divide is cupric.divide and cupric.mod is cupric.remainder
    assert cupric.abs is cupric.absolute and cupric.bitwise_not is cupric.invert
    assert cupric.add.identity == 0 and cupric.multiply.identity == 1 and cupric.bitwise_and.identity == -1
    assert cupric.logical_and.identity is True and cupric.maximum.identity is None
