"""Every ufunc of the first slice against NumPy: each type loop, each layout, scalar operands."""
import numpy
import pytest

import cupric
from cupric import testing
from ufunc_cases import BF16, BINARY, LAYOUTS, UNARY, layout, np_dtype, shape_for, tolerance, values


def _loops(names):
    cases = []
    for name in names:
        for t in getattr(cupric, name).types:
            if 'E' in t and BF16 is None:
                continue
            cases.append((name, t))
    return cases


def _reference(name, args, out_char):
    f = getattr(numpy, name)
    with numpy.errstate(all='ignore'):
        if any(a.dtype == BF16 for a in args):  # ml_dtypes computes in float32 and rounds once
            r = f(*[a.astype(numpy.float32) if a.dtype == BF16 else a for a in args])
            return r.astype(BF16) if out_char == 'E' else r
        return f(*args)


def _check(name, result, expected, loop):
    """The loop's output dtype, and NumPy's values within the tolerance of the loop's input dtype."""
    out_char = loop.split('->')[1]
    assert result.dtype == np_dtype(out_char), (result.dtype, loop)
    rtol = tolerance(np_dtype(loop[0]), name)
    testing.assert_matches_numpy(result, expected, rtol=rtol, atol=rtol * 1e-3)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(UNARY))
def test_unary_loops(name, loop, kind):
    a_np = values(name, np_dtype(loop[0]), shape_for(kind), seed=1)
    if kind in ('transposed', 'negative_step') and a_np.ndim < 2:
        pytest.skip('layout needs 2 dimensions')
    a_np, a = layout(a_np, kind, cupric.asarray)
    _check(name, getattr(cupric, name)(a), _reference(name, [a_np], loop.split('->')[1]), loop)


@pytest.mark.parametrize('kind', LAYOUTS)
@pytest.mark.parametrize('name,loop', _loops(BINARY))
def test_binary_loops(name, loop, kind):
    shape = shape_for(kind)
    a_np = values(name, np_dtype(loop[0]), shape, seed=2, arg=0)
    b_np = values(name, np_dtype(loop[1]), shape, seed=3, arg=1)
    a_np, a = layout(a_np, kind, cupric.asarray, 0)
    b_np, b = layout(b_np, kind, cupric.asarray, 1)
    _check(name, getattr(cupric, name)(a, b), _reference(name, [a_np, b_np], loop.split('->')[1]), loop)


_SCALAR_DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32,
                  numpy.float64, numpy.complex64]


@pytest.mark.parametrize('side', ['right', 'left'])
@pytest.mark.parametrize('scalar', [3, -2, 2.5, True, 1j, numpy.float64(2.0), numpy.int8(3), numpy.uint8(200)],
                         ids=repr)
@pytest.mark.parametrize('dtype', _SCALAR_DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize('name', BINARY)
def test_binary_scalar_operand(name, dtype, scalar, side):
    """Python scalars are weak, NumPy scalars strong (V14-PROMO-1), on either side of every ufunc."""
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
    assert result.dtype == expected.dtype
    loop = result.dtype.char * 3  # tolerance of the result dtype
    _check(name, result, expected, f'{loop[:2]}->{loop[2]}' if result.dtype.kind != 'b' else '??->?')


@pytest.mark.parametrize('name', UNARY + BINARY)
def test_ufunc_types_match_numpy(name):
    """types (minus long double, object, datetime, and NumPy's duplicate 'q' codes) are NumPy's,
    plus cupric's bfloat16 loops ('E')."""
    ours = [t for t in getattr(cupric, name).types if 'E' not in t]
    theirs = [t.replace('q', 'l').replace('Q', 'L') for t in getattr(numpy, name).types
              if not set(t) & set('gGOmM')]
    dedup = []
    for t in theirs:
        if t not in dedup:
            dedup.append(t)
    assert ours == dedup
    u = getattr(cupric, name)
    assert (u.nin, u.nout, u.nargs, u.identity) == (getattr(numpy, name).nin, getattr(numpy, name).nout,
                                                  getattr(numpy, name).nargs, getattr(numpy, name).identity)
    assert u.ntypes == len(u.types)
    assert u.__name__ == getattr(numpy, name).__name__
    assert u.__doc__.startswith(name + '(')
