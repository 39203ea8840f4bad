"""cupric.exceptions, printing helpers, memoize, and the host helpers re-exported from NumPy (the NumPy 1
names CuPy 14 still exports are tested in tests/python/compat/test_numpy1_names.py)."""
import numpy
import pytest

import cupric


def test_long_ulong():
    assert cupric.long is numpy.long and cupric.ulong is numpy.ulong


def test_exceptions():
    assert cupric.exceptions.AxisError is numpy.exceptions.AxisError
    with pytest.raises(cupric.exceptions.AxisError):
        cupric.sum(cupric.ones(3), axis=2)
    for name in ('ComplexWarning', 'ModuleDeprecationWarning', 'RankWarning', 'TooHardError',
                 'VisibleDeprecationWarning'):
        assert getattr(cupric.exceptions, name) is getattr(numpy.exceptions, name)


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
