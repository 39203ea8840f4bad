"""The math-function ufuncs (exponents, logarithms, trigonometric and hyperbolic, rounding, bit
counts, float_power, logaddexp, arctan2, hypot, copysign, nextafter, ldexp, gcd/lcm, ...) against
NumPy: each type loop and layout, the ufuncs' attributes, scalar operands."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import (BF16, BINARY_MATH, LAYOUTS, TWO_OUTPUTS, UNARY_MATH, layout, np_dtype,
                         shape_for, tolerance, values)


def _loops(names):
    return [(name, t) for name in names for t in getattr(cupric, name).types if not ('E' in t and BF16 is None)]


def _np_call(name, args, out_chars):
    """NumPy's result; bfloat16 operands compute in float32 and round once (ml_dtypes)."""
    f = getattr(numpy, name)
    with numpy.errstate(all='ignore'):
        if any(a.dtype == BF16 for a in args):
            r = f(*[a.astype(numpy.float32) if a.dtype == BF16 else a for a in args])
            if name in ('nextafter', 'spacing'):
                pytest.skip('NumPy has no bfloat16 nextafter to compare with')
            rs = r if isinstance(r, tuple) else (r,)
            rs = tuple(x.astype(BF16) if c == 'E' else x for x, c in zip(rs, out_chars))
            return rs if isinstance(r, tuple) else rs[0]
        return f(*args)


def _check(result, expected, in_char, out_char):
    """The loop's output dtype, and NumPy's values within the tolerance of the loop's input dtype."""
    assert result.dtype == np_dtype(out_char), (result.dtype, out_char)
    rtol = tolerance(np_dtype(in_char), '')
    testing.assert_matches_numpy(result, expected, rtol=rtol, atol=rtol * 1e-3)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(UNARY_MATH))
def test_unary_loops(name, loop, kind):
    a_np = values(name, np_dtype(loop[0]), shape_for(kind), seed=1)
    a_np, a = layout(a_np, kind, cupric.asarray)
    out_char = loop.split('->')[1]
    _check(getattr(cupric, name)(a), _np_call(name, [a_np], out_char), loop[0], out_char)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(BINARY_MATH))
def test_binary_loops(name, loop, kind):
    shape = shape_for(kind)
    a_np = values(name, np_dtype(loop[0]), shape, seed=2, arg=0)
    b_np = values(name, np_dtype(loop[1]), shape, seed=3, arg=1)
    a_np, a = layout(a_np, kind, cupric.asarray, 0)
    b_np, b = layout(b_np, kind, cupric.asarray, 1)
    out_char = loop.split('->')[1]
    _check(getattr(cupric, name)(a, b), _np_call(name, [a_np, b_np], out_char), loop[0], out_char)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(TWO_OUTPUTS))
def test_two_output_loops(name, loop, kind):
    ins, outs = loop.split('->')
    shape = shape_for(kind)
    args_np, args = [], []
    for i, c in enumerate(ins):
        v = values(name, np_dtype(c), shape, seed=5 + i, arg=i)
        v_np, v_cp = layout(v, kind, cupric.asarray, i)
        args_np.append(v_np)
        args.append(v_cp)
    result = getattr(cupric, name)(*args)
    expected = _np_call(name, args_np, outs)
    assert isinstance(result, tuple) and len(result) == 2
    for r, e, c in zip(result, expected, outs):
        _check(r, e, ins[0], c)


@pytest.mark.parametrize('name', UNARY_MATH + BINARY_MATH + TWO_OUTPUTS)
def test_ufunc_attributes_match_numpy(name):
    """types (NumPy's minus long double/object/timedelta and duplicate codes, plus cupric's 'E'
    bfloat16 loops), nin, nout, nargs, ntypes, identity, __name__."""
    u, f = getattr(cupric, name), getattr(numpy, name)
    ours = [t for t in u.types if 'E' not in t]
    theirs = []
    for t in f.types:
        t = t.replace('q', 'l').replace('Q', 'L')
        if not set(t) & set('gGOmM') and t not in theirs:
            theirs.append(t)
    if name == 'ldexp':  # NumPy lists 'fi' before 'el'; cupric orders by the widest input
        ours, theirs = sorted(ours), sorted(theirs)
    assert ours == theirs
    assert (u.nin, u.nout, u.nargs) == (f.nin, f.nout, f.nargs)
    assert u.ntypes == len(u.types)
    assert u.identity == f.identity or (u.identity != u.identity and f.identity != f.identity)
    assert u.__name__ == f.__name__
    assert u.__doc__.startswith(name + '(')


def test_integer_inputs_use_float64_loop():
    a_np = numpy.arange(1, 7, dtype=numpy.int16)
    a = cupric.asarray(a_np)
    for name in ('log2', 'cbrt', 'arctan', 'rint', 'deg2rad', 'spacing', 'expm1'):
        r = getattr(cupric, name)(a)
        e = getattr(numpy, name)(a_np)
        assert r.dtype == e.dtype, name  # int16 -> float32 loop, as NumPy
        testing.assert_allclose(r.get(), e, rtol=1e-6)
    for name in ('floor', 'ceil', 'trunc'):  # NumPy 2 keeps integers
        assert getattr(cupric, name)(a).dtype == numpy.int16


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float16, numpy.float64])
@pytest.mark.parametrize('scalar', [3, numpy.int32(-2), numpy.int64(5)], ids=repr)
def test_ldexp_scalar_exponent(dtype, scalar):
    a_np = numpy.linspace(-3, 3, 7).astype(dtype)
    r = cupric.ldexp(cupric.asarray(a_np), scalar)
    e = numpy.ldexp(a_np, scalar)
    assert r.dtype == e.dtype
    testing.assert_array_equal(r.get(), e)


def test_float_power_promotes():
    for dt in (numpy.int8, numpy.float32, numpy.complex64):
        a_np = numpy.arange(1, 5).astype(dt)
        r, e = cupric.float_power(cupric.asarray(a_np), 2), numpy.float_power(a_np, 2)
        assert r.dtype == e.dtype
        testing.assert_allclose(r.get(), e)


_SCALAR_DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
                  numpy.complex64]


@pytest.mark.parametrize('side', ['right', 'left'])
@pytest.mark.parametrize('scalar', [3, -2, 2.5, True, 1j, numpy.float64(2.0), numpy.int8(3), numpy.int32(3)],
                         ids=repr)
@pytest.mark.parametrize('dtype', _SCALAR_DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize('name', BINARY_MATH + ['divmod'])
def test_binary_scalar_operand(name, dtype, scalar, side):
    """Python scalars are weak, NumPy scalars strong (V14-PROMO-1), on either side."""
    a_np = values(name, dtype, (3, 5), seed=4, arg=0 if side == 'right' else 1)
    a = cupric.asarray(a_np)
    f_np, f = getattr(numpy, name), getattr(cupric, name)
    args_np = (a_np, scalar) if side == 'right' else (scalar, a_np)
    args = (a, scalar) if side == 'right' else (scalar, a)
    try:
        with numpy.errstate(all='ignore'):
            expected = f_np(*args_np)
    except (TypeError, OverflowError, ValueError) as e:
        with pytest.raises(type(e) if not isinstance(e, TypeError) else TypeError):
            f(*args)
        return
    result = f(*args)
    for r, e in zip(result if isinstance(result, tuple) else (result,),
                    expected if isinstance(expected, tuple) else (expected,)):
        assert r.dtype == e.dtype
        _check(r, e, r.dtype.char if r.dtype.kind != 'i' or dtype != numpy.float16 else 'e', r.dtype.char)
