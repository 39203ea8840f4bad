"""NumPy 1.x names CuPy 14 still exports, cupric.exceptions, printing helpers, memoize, and the
host helpers re-exported from NumPy."""
import math

import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy


def test_constants_and_type_aliases():
    assert cupric.Inf == cupric.Infinity == cupric.PINF == cupric.infty == math.inf and cupric.NINF == -math.inf
    assert math.isnan(cupric.NAN) and math.isnan(cupric.NaN)
    assert cupric.PZERO == 0.0 and math.copysign(1, cupric.NZERO) == -1.0
    assert cupric.float_ is numpy.float64 and cupric.complex_ is numpy.complex128 and cupric.cfloat is numpy.complex128
    assert cupric.singlecomplex is numpy.complex64 and cupric.long is numpy.long and cupric.ulong is numpy.ulong


def test_exceptions():
    assert cupric.exceptions.AxisError is numpy.exceptions.AxisError is cupric.AxisError
    with pytest.raises(cupric.AxisError):
        cupric.sum(cupric.ones(3), axis=2)
    for name in ('ComplexWarning', 'ModuleDeprecationWarning', 'RankWarning', 'TooHardError',
                 'VisibleDeprecationWarning'):
        assert getattr(cupric, name) is getattr(numpy.exceptions, name)


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.int32, numpy.float64])
def test_function_aliases(dtype):
    a_np = (numpy.arange(12).reshape(3, 4) % 5).astype(dtype)
    a = cupric.asarray(a_np)
    assert_matches_numpy(cupric.alltrue(a, axis=0), numpy.all(a_np, axis=0))
    assert_matches_numpy(cupric.sometrue(a, axis=1), numpy.any(a_np, axis=1))
    assert_matches_numpy(cupric.product(a, axis=1), numpy.prod(a_np, axis=1))
    assert_matches_numpy(cupric.cumproduct(a, axis=0), numpy.cumprod(a_np, axis=0))
    assert_matches_numpy(cupric.msort(a.T), numpy.sort(a_np.T, axis=0))
    assert_matches_numpy(cupric.asfarray(a), numpy.asarray(a_np, numpy.float64))
    assert_matches_numpy(cupric.asfarray(a, numpy.float32), numpy.asarray(a_np, numpy.float32))
    assert_matches_numpy(cupric.asfarray(a, numpy.int8), numpy.asarray(a_np, numpy.float64))
    assert_matches_numpy(cupric.in1d(a, cupric.asarray([1, 3])), numpy.isin(a_np.ravel(), [1, 3]))
    f_np = numpy.linspace(-2, 2, 7)
    assert_matches_numpy(cupric.round_(cupric.asarray(f_np), 1), numpy.round(f_np, 1))
    # The exact integral is 0: compare with an absolute tolerance (the GPU sums in another order).
    got = cupric.trapz(cupric.asarray(f_np))
    assert got.dtype == numpy.float64 and got.shape == ()
    numpy.testing.assert_allclose(cupric.asnumpy(got), numpy.trapezoid(f_np), atol=1e-14)


def test_printing():
    a_np = numpy.linspace(0, 1, 5).reshape(1, 5)
    a = cupric.asarray(a_np)
    assert cupric.array_repr(a) == numpy.array_repr(a_np)
    assert cupric.array_str(a, precision=2) == numpy.array_str(a_np, precision=2)
    assert cupric.array2string(a, separator=';') == numpy.array2string(a_np, separator=';')
    with cupric.printoptions(precision=1):
        assert cupric.get_printoptions()['precision'] == 1
    assert cupric.format_float_positional(0.25) == numpy.format_float_positional(0.25)


def test_numpy_host_helpers():
    assert cupric.mintypecode('idf') == numpy.mintypecode('idf')
    assert cupric.typename('d') == numpy.typename('d')
    assert cupric.iterable([1]) and not cupric.iterable(1)
    assert cupric.format_parser is numpy.rec.format_parser
    assert cupric.DataSource is numpy.lib.npyio.DataSource


def test_memoize():
    calls = []

    @cupric.memoize()
    def f(x, y=1):
        calls.append(x)
        return x + y

    @cupric.memoize(for_each_device=True)
    def g(x):
        calls.append(('g', x))
        return x * 2
    assert f(1) == 2 and f(1) == 2 and f(2, y=3) == 5 and g(4) == 8 and g(4) == 8
    assert calls == [1, 2, ('g', 4)]
    cupric.clear_memo()
    assert f(1) == 2 and calls == [1, 2, ('g', 4), 1]
