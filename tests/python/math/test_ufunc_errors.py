"""Ufunc errors against NumPy 2: broadcast errors, no-loop errors (_UFuncNoLoopError) and NumPy's
casting-error classes (_UFuncInputCastingError, _UFuncOutputCastingError), types, attributes and
messages."""
import itertools

import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import BF16


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
    # _UFuncNoLoopError (Note [No-loop errors] in src/ops/ufunc_resolve.cpp)
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
