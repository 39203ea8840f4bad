"""Shared inputs for the ufunc tests: per-dtype values, layouts, and the NumPy reference."""
import numpy


try:
    import ml_dtypes
    BF16 = numpy.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover
    BF16 = None

UNARY = ['negative', 'positive', 'absolute', 'sign', 'square', 'reciprocal', 'sqrt', 'exp', 'log', 'sin',
         'cos', 'tanh', 'logical_not', 'invert', 'isnan', 'isinf', 'isfinite', 'signbit']
BINARY = ['add', 'subtract', 'multiply', 'divide', 'floor_divide', 'remainder', 'fmod', 'power', 'maximum',
          'minimum', 'fmax', 'fmin', 'greater', 'greater_equal', 'less', 'less_equal', 'equal', 'not_equal',
          'logical_and', 'logical_or', 'logical_xor', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'left_shift',
          'right_shift']
# The math-function ufuncs (ops_math.hpp, ops_round.hpp); math/test_math_function_loops.py runs them.
UNARY_MATH = ['fabs', 'cbrt', 'exp2', 'expm1', 'log2', 'log10', 'log1p', 'tan', 'arcsin', 'arccos', 'arctan',
              'sinh', 'cosh', 'arcsinh', 'arccosh', 'arctanh', 'deg2rad', 'rad2deg', 'degrees', 'radians', 'rint',
              'floor', 'ceil', 'trunc', 'spacing', 'bitwise_count', 'conjugate']
BINARY_MATH = ['float_power', 'logaddexp', 'logaddexp2', 'arctan2', 'hypot', 'copysign', 'nextafter', 'heaviside',
               'ldexp', 'gcd', 'lcm']
TWO_OUTPUTS = ['divmod', 'frexp', 'modf']
# Real-argument domains (NaN outside them is tested separately with the specials).
_UNIT_DOMAIN = {'arcsin', 'arccos', 'arctanh'}
_POSITIVE_DOMAIN = {'log2', 'log10', 'log1p'}
LAYOUTS = ['contiguous', 'transposed', 'negative_step', 'broadcast', 'zero_d', 'zero_size']

_SPECIALS = [numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0]
_NO_SPECIALS = {'float_power', 'ldexp', 'sqrt', 'exp', 'log', 'sin', 'cos', 'tanh', 'power', 'reciprocal', 'square', 'divide',
                'floor_divide', 'remainder', 'fmod'}


def values(name, dtype, shape, seed, arg=0):
    """Inputs that exercise `name` for `dtype` (zeros in divisors, shifts past the width, NaNs)."""
    rng = numpy.random.default_rng(seed)
    n = int(numpy.prod(shape))
    dt = numpy.dtype(dtype)
    if dt.kind == 'b':
        v = rng.integers(0, 2, n).astype(bool)
    elif dt.kind in 'iu':
        info = numpy.iinfo(dt)
        lo = 0 if dt.kind == 'u' else -20
        if name == 'power':
            v = rng.integers(0, 6, n) if arg == 1 else rng.integers(max(lo, -5), 6, n)
        elif name in ('left_shift', 'right_shift') and arg == 1:
            v = rng.integers(0, dt.itemsize * 8 + 3, n)
        elif name in ('gcd', 'lcm'):
            v = rng.integers(lo, 40, n) * rng.integers(1, 4, n)
        elif name in ('left_shift', 'right_shift'):
            v = rng.integers(lo, 40, n)
        else:
            v = rng.integers(lo, 40, n)
        v = v.astype(dt)
        if name not in ('power', 'left_shift', 'right_shift', 'lcm') and arg == 0 and n > 2:
            v[0], v[1] = info.max, info.min  # wrap-around
    elif dt.kind == 'c':
        v = (rng.standard_normal(n) * 3 + 1j * rng.standard_normal(n) * 3).astype(dt)
        if name in ('maximum', 'minimum', 'fmax', 'fmin', 'isnan', 'isinf', 'isfinite', 'rint') and n > 3:
            v[1] = complex(numpy.nan, 1)
            v[2] = complex(1, numpy.inf)
    elif name == 'ldexp' and arg == 1:
        v = rng.integers(-30, 30, n).astype(dt)
    else:
        v = rng.standard_normal(n) * 4
        if name in _UNIT_DOMAIN:
            v = numpy.tanh(v)
        if name in _POSITIVE_DOMAIN:
            v = numpy.abs(v) + 0.05
        if name == 'arccosh':
            v = numpy.abs(v) + 1.0
        if name in ('rint', 'floor', 'ceil', 'trunc', 'modf', 'divmod'):
            v = numpy.round(v * 4) / 4  # halves and quarters: the rounding ties
        if name == 'float_power' and arg == 0:
            v = numpy.abs(v) + 0.5
        if name in ('sqrt', 'log'):
            v = numpy.abs(v) + 0.1
        if name == 'power' and arg == 0:
            v = numpy.abs(v) + 0.5
        if name not in _NO_SPECIALS and n >= len(_SPECIALS) + 1:
            v[arg:arg + len(_SPECIALS)] = _SPECIALS
        v = v.astype(numpy.float32).astype(dt) if dt == BF16 else v.astype(dt)
    return v.reshape(shape)


def layout(a_np, kind, xp_asarray, arg=0):
    """(numpy view, cupric view) of the same values in the given layout."""
    d = xp_asarray(a_np)
    if kind == 'transposed':
        return a_np.T, d.T
    if kind == 'negative_step':
        return a_np[::-1, ::-2], d[::-1, ::-2]
    if kind == 'broadcast' and arg == 1:
        return a_np[:1], d[:1]
    return a_np, d


def shape_for(kind):
    return {'zero_d': (), 'zero_size': (0, 3)}.get(kind, (4, 6))


def tolerance(dtype, name):
    dt = numpy.dtype(dtype)
    if dt == numpy.float16:
        return 2e-3
    if BF16 is not None and dt == BF16:
        return 1e-2
    if dt in (numpy.float32, numpy.complex64):
        return 1e-5
    return 1e-12


def np_dtype(c):
    """The NumPy dtype of a type-loop character ('E' is bfloat16)."""
    return BF16 if c == 'E' else numpy.dtype(c)
