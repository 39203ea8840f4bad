"""The rest of issue 4's ufuncs against NumPy: each type loop and layout, two-output ufuncs
(divmod, frexp, modf) with out= tuples, clip, complex branch cuts and special values."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import (BF16, BINARY_MORE, LAYOUTS, TWO_OUTPUTS, UNARY_MORE, layout, shape_for, tolerance,
                         values)


def _np_dtype(c):
    return BF16 if c == 'E' else numpy.dtype(c)


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
    assert result.dtype == _np_dtype(out_char), (result.dtype, out_char)
    rtol = tolerance(_np_dtype(in_char), '')
    testing.assert_matches_numpy(result, expected, rtol=rtol, atol=rtol * 1e-3)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(UNARY_MORE))
def test_unary_loops(name, loop, kind):
    a_np = values(name, _np_dtype(loop[0]), shape_for(kind), seed=1)
    a_np, a = layout(a_np, kind, cupric.asarray)
    out_char = loop.split('->')[1]
    _check(getattr(cupric, name)(a), _np_call(name, [a_np], out_char), loop[0], out_char)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(BINARY_MORE))
def test_binary_loops(name, loop, kind):
    shape = shape_for(kind)
    a_np = values(name, _np_dtype(loop[0]), shape, seed=2, arg=0)
    b_np = values(name, _np_dtype(loop[1]), shape, seed=3, arg=1)
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
        v = values(name, _np_dtype(c), shape, seed=5 + i, arg=i)
        v_np, v_cp = layout(v, kind, cupric.asarray, i)
        args_np.append(v_np)
        args.append(v_cp)
    result = getattr(cupric, name)(*args)
    expected = _np_call(name, args_np, outs)
    assert isinstance(result, tuple) and len(result) == 2
    for r, e, c in zip(result, expected, outs):
        _check(r, e, ins[0], c)


@pytest.mark.parametrize('name', UNARY_MORE + BINARY_MORE + TWO_OUTPUTS)
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


# ---- complex branch cuts and special values -----------------------------------------------------

_COMPLEX_FUNCS = ['exp', 'log', 'sqrt', 'sin', 'cos', 'tanh', 'exp2', 'expm1', 'log2', 'log10', 'log1p', 'tan', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh',
                  'arcsinh', 'arccosh', 'arctanh', 'rint']


def _cut_points():
    pts = []
    for re in (-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0):
        for im in (0.0, -0.0, 0.5, -0.5, 2.0, -2.0):
            pts.append(complex(re, im))
            pts.append(complex(-0.0 if re == 0 else re, im))
    return pts


@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize('name', _COMPLEX_FUNCS)
def test_complex_branch_cuts(name, dtype):
    """Values on and next to the branch cuts, with signed zeros, as NumPy (C99 cuts)."""
    z = numpy.array(_cut_points(), dtype=dtype)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(z)
    r = getattr(cupric, name)(cupric.asarray(z)).get()
    rtol = 1e-5 if dtype == numpy.complex64 else 1e-12
    testing.assert_allclose(r.real, e.real, rtol=rtol, atol=rtol * 1e-2)
    testing.assert_allclose(r.imag, e.imag, rtol=rtol, atol=rtol * 1e-2)
    # the sign of zero parts on the cuts
    zero = (e.imag == 0) & numpy.isfinite(e.imag)
    testing.assert_array_equal(numpy.signbit(r.imag[zero]), numpy.signbit(e.imag[zero]))


@pytest.mark.parametrize('name', _COMPLEX_FUNCS)
def test_complex_special_values(name):
    """inf and nan parts: the same nan/inf pattern and finite values as NumPy."""
    specials = [numpy.inf, -numpy.inf, numpy.nan, 0.0, 1.5, -1.5]
    z = numpy.array([complex(a, b) for a in specials for b in specials], dtype=numpy.complex128)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(z)
    with numpy.errstate(all='ignore'):
        r = getattr(cupric, name)(cupric.asarray(z)).get()
    testing.assert_allclose(r.real, e.real, rtol=1e-12, equal_nan=True)
    testing.assert_allclose(r.imag, e.imag, rtol=1e-12, equal_nan=True)


@pytest.mark.parametrize('name', ['arcsin', 'arccos', 'arctanh', 'arccosh', 'log2', 'log10', 'log1p', 'cosh',
                                  'sinh', 'exp2', 'expm1', 'tan', 'arctan', 'arcsinh', 'cbrt', 'spacing',
                                  'rint', 'floor', 'ceil', 'trunc', 'fabs'])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_real_special_values(name, dtype):
    """Out-of-domain arguments give NaN, infinities and signed zeros as NumPy."""
    x = numpy.array([numpy.inf, -numpy.inf, numpy.nan, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 1e-30],
                    dtype=dtype)
    with numpy.errstate(all='ignore'):
        e = getattr(numpy, name)(x)
    r = getattr(cupric, name)(cupric.asarray(x)).get()
    rtol = tolerance(dtype, name)
    testing.assert_allclose(r, e, rtol=rtol, atol=0, equal_nan=True)
    testing.assert_array_equal(numpy.signbit(r[e == 0]), numpy.signbit(e[e == 0]))


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


def test_frexp_special_values():
    x_np = numpy.array([0.0, -0.0, numpy.inf, -numpy.inf, numpy.nan, 5e-324, 1e308], numpy.float64)
    m, e = cupric.frexp(cupric.asarray(x_np))
    em, ee = numpy.frexp(x_np)
    testing.assert_array_equal(m.get(), em)
    testing.assert_array_equal(e.get(), ee)


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


# ---- functions built from ufuncs -------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.complex128])
@pytest.mark.parametrize('decimals', [0, 1, 2, -1])
def test_around(dtype, decimals):
    rng = numpy.random.default_rng(8)
    a_np = (rng.standard_normal((3, 5)) * 300).astype(dtype) if dtype != numpy.complex128 else \
        (rng.standard_normal((3, 5)) * 30 + 1j * rng.standard_normal((3, 5)) * 30)
    if dtype == numpy.int32:
        a_np = numpy.array([[15, 25, -15, 35, 44], [5, -5, 0, 99, 101], [1, 2, 3, 4, 5]], dtype)
    a = cupric.asarray(a_np)
    for r, e in ((cupric.around(a, decimals), numpy.around(a_np, decimals)),
                 (cupric.round(a.T, decimals), numpy.round(a_np.T, decimals)),
                 (a.round(decimals), a_np.round(decimals))):
        assert r.dtype == e.dtype
        testing.assert_allclose(r.get(), e, rtol=tolerance(dtype, ''))
    out = cupric.empty(a.shape, a.dtype)
    assert cupric.around(a, decimals, out=out) is out
    testing.assert_allclose(out.get(), numpy.around(a_np, decimals), rtol=tolerance(dtype, ''))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.int16])
def test_fix(dtype):
    a_np = (numpy.linspace(-3, 3, 13) * (1 if dtype != numpy.int16 else 4)).astype(dtype)
    r, e = cupric.fix(cupric.asarray(a_np)), numpy.fix(a_np)
    assert r.dtype == e.dtype
    testing.assert_array_equal(r.get(), e)
    testing.assert_array_equal(numpy.signbit(r.get()), numpy.signbit(e))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.int8])
def test_nan_to_num(dtype):
    if dtype == numpy.complex64:
        a_np = numpy.array([complex(numpy.nan, numpy.inf), complex(-numpy.inf, 1), 3 + 4j], dtype)
    elif dtype == numpy.int8:
        a_np = numpy.array([1, 2, 3], dtype)
    else:
        a_np = numpy.array([numpy.nan, numpy.inf, -numpy.inf, 1.5], dtype)
    a = cupric.asarray(a_np)
    testing.assert_array_equal(cupric.nan_to_num(a).get(), numpy.nan_to_num(a_np))
    testing.assert_array_equal(cupric.nan_to_num(a, nan=-1, posinf=7, neginf=-7).get(),
                               numpy.nan_to_num(a_np, nan=-1, posinf=7, neginf=-7))
    b = a.copy()
    r = cupric.nan_to_num(b, copy=False)
    assert r is b
    testing.assert_array_equal(b.get(), numpy.nan_to_num(a_np))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128, numpy.int64])
def test_angle_real_imag(dtype):
    a_np = (numpy.arange(-3, 3) + (1j * numpy.arange(6) if numpy.dtype(dtype).kind == 'c' else 0)).astype(dtype)
    a = cupric.asarray(a_np)
    for deg in (False, True):
        r, e = cupric.angle(a, deg=deg), numpy.angle(a_np, deg=deg)
        assert r.dtype == e.dtype
        testing.assert_allclose(r.get(), e, rtol=1e-6)
    for f in ('real', 'imag'):
        r, e = getattr(cupric, f)(a), getattr(numpy, f)(a_np)
        assert r.dtype == e.dtype
        testing.assert_array_equal(r.get(), e)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.int32, numpy.complex128])
def test_sinc(dtype):
    a_np = (numpy.linspace(-2, 2, 9) * (4 if dtype == numpy.int32 else 1)).astype(dtype)
    r, e = cupric.sinc(cupric.asarray(a_np)), numpy.sinc(a_np)
    assert r.dtype == e.dtype
    testing.assert_allclose(r.get(), e, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.int64])
def test_i0(dtype):
    a_np = numpy.array([0, 0.5, -1, 3, 7.5, -12, 19.9, 20.1, 30, 100, 700], dtype=dtype)
    if dtype == numpy.float16:  # NumPy's float16 i0 overflows in exp(|x|) from |x| = 11 on
        a_np = a_np[:5]
    r, e = cupric.i0(cupric.asarray(a_np)), numpy.i0(a_np)
    assert r.dtype == e.dtype
    testing.assert_allclose(r.get(), e, rtol=tolerance(dtype, '') if dtype != numpy.int64 else 1e-13)
    with pytest.raises(TypeError):
        cupric.i0(cupric.asarray(numpy.ones(2, complex)))


# ---- ndarray real/imag/conj -----------------------------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.complex64, numpy.complex128])
def test_real_imag_are_settable_views(dtype):
    a_np = (numpy.arange(12) + 1j * numpy.arange(12, 24)).astype(dtype).reshape(3, 4)
    a = cupric.asarray(a_np)
    t_np, t = a_np.T[::-1], a.T[::-1]
    testing.assert_array_equal(t.real.get(), t_np.real)
    testing.assert_array_equal(t.imag.get(), t_np.imag)
    assert t.real.dtype == t_np.real.dtype
    t.real[0] = 100
    t_np.real[0] = 100
    a.imag = cupric.arange(4)
    a_np.imag = numpy.arange(4)
    testing.assert_array_equal(a.get(), a_np)
    a.real = 7
    a_np.real = 7
    testing.assert_array_equal(a.get(), a_np)
    assert a.real.base is a
    testing.assert_array_equal(a.conj().get(), a_np.conj())
    testing.assert_array_equal(a.conjugate().get(), a_np.conjugate())
    testing.assert_array_equal(cupric.conj(a).get(), numpy.conj(a_np))
    assert cupric.conj is cupric.conjugate


def test_real_imag_of_real_arrays():
    a = cupric.arange(6.0)
    assert a.real is a
    im = a.imag
    assert im.dtype == numpy.float64 and not im.get().any()
    with pytest.raises(TypeError):
        a.imag = 1
    a.real = 3
    testing.assert_array_equal(a.get(), numpy.full(6, 3.0))
    assert a.conj() is a


def test_pos_returns_copy_V10_POS():
    a = cupric.arange(4)
    b = +a
    assert b is not a and b.data.ptr != a.data.ptr
    testing.assert_array_equal(b.get(), numpy.arange(4))


_SCALAR_DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
                  numpy.complex64]


@pytest.mark.parametrize('side', ['right', 'left'])
@pytest.mark.parametrize('scalar', [3, -2, 2.5, True, 1j, numpy.float64(2.0), numpy.int8(3), numpy.int32(3)],
                         ids=repr)
@pytest.mark.parametrize('dtype', _SCALAR_DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize('name', BINARY_MORE + ['divmod'])
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


def test_builtin_round_and_clip_doc():
    a_np = numpy.array([0.5, 1.5, 2.25, -2.5])
    a = cupric.asarray(a_np)
    testing.assert_array_equal(round(a).get(), numpy.round(a_np))
    testing.assert_array_equal(round(a, 1).get(), numpy.round(a_np, 1))
    assert cupric._core._ufuncs['clip'].__doc__.startswith('clip(x1, x2, x3,')
