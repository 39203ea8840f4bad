"""Tests of cupric.testing, run against a NumPy-backed stand-in for cupric (no build needed)."""

import importlib
import subprocess
import sys
import types
import unittest
import warnings
from pathlib import Path

import numpy
import pytest

REPO = Path(__file__).resolve().parents[2]
CUPRIC_DIR = REPO / 'python' / 'cupric'

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64,
              numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64,
              numpy.float16, numpy.float32, numpy.float64,
              numpy.complex64, numpy.complex128]


# ---------------------------------------------------------------------------------------
# The stand-in: `cupric` is a module whose arrays wrap NumPy arrays and, like the real
# ones, refuse implicit conversion to NumPy (so every comparison must go through asnumpy).

def _unwrap(x):
    if isinstance(x, FakeArray):
        return x._a
    if isinstance(x, (list, tuple)):
        return type(x)(_unwrap(v) for v in x)
    return x


def _wrap(x):
    if isinstance(x, numpy.ndarray):
        return FakeArray(x)
    if isinstance(x, numpy.generic):
        return FakeArray(numpy.asarray(x))  # reductions give 0-d arrays, as on the GPU
    if isinstance(x, tuple):
        return tuple(_wrap(v) for v in x)
    return x


def _forward(func):
    def call(*args, **kwargs):
        return _wrap(func(*_unwrap(args), **{k: _unwrap(v) for k, v in kwargs.items()}))
    return call


class FakeArray:
    """Stand-in for cupric.ndarray."""

    __array_ufunc__ = None  # NumPy defers to our reflected operators

    def __init__(self, a):
        self._a = a

    def __array__(self, *args, **kwargs):
        raise TypeError('Implicit conversion to a NumPy array is not allowed.')

    dtype = property(lambda self: self._a.dtype)
    shape = property(lambda self: self._a.shape)
    ndim = property(lambda self: self._a.ndim)
    size = property(lambda self: self._a.size)
    strides = property(lambda self: self._a.strides)
    flags = property(lambda self: self._a.flags)
    T = property(lambda self: FakeArray(self._a.T))

    def get(self):
        return self._a.copy()

    def __getattr__(self, name):
        attr = getattr(self._a, name)
        return _forward(attr) if callable(attr) else _wrap(attr)

    def __getitem__(self, key):
        return _wrap(self._a[_unwrap(key)])

    def __len__(self):
        return len(self._a)

    def __repr__(self):
        return 'fake_array({!r})'.format(self._a)

    def __bool__(self):
        return bool(self._a)


def _binary(op):
    def method(self, other):
        return _wrap(op(self._a, _unwrap(other)))
    return method


for _name, _op in [('add', lambda a, b: a + b), ('sub', lambda a, b: a - b),
                   ('mul', lambda a, b: a * b), ('truediv', lambda a, b: a / b),
                   ('lt', lambda a, b: a < b), ('le', lambda a, b: a <= b),
                   ('gt', lambda a, b: a > b), ('ge', lambda a, b: a >= b),
                   ('eq', lambda a, b: a == b), ('ne', lambda a, b: a != b)]:
    setattr(FakeArray, '__{}__'.format(_name), _binary(_op))
for _name, _op in [('radd', lambda a, b: b + a), ('rsub', lambda a, b: b - a),
                   ('rmul', lambda a, b: b * a), ('rtruediv', lambda a, b: b / a)]:
    setattr(FakeArray, '__{}__'.format(_name), _binary(_op))
FakeArray.__neg__ = lambda self: FakeArray(-self._a)


def make_fake_cupric():
    fake = types.ModuleType('cupric')
    fake.__path__ = [str(CUPRIC_DIR)]  # so that `import cupric.testing` finds the real one
    fake.ndarray = FakeArray
    fake.calls = []

    def asnumpy(a, stream=None, order='C', out=None, blocking=True):
        if isinstance(a, FakeArray):
            return numpy.array(a._a, order=order)
        return numpy.asarray(a, order=order)

    def array(obj, dtype=None, copy=True, order='K', subok=False, ndmin=0, blocking=False):
        return FakeArray(numpy.array(_unwrap(obj), dtype=dtype, copy=copy, order=order,
                                     ndmin=ndmin))

    def asarray(a, dtype=None, order=None, blocking=False):
        return FakeArray(numpy.asarray(_unwrap(a), dtype=dtype, order=order))

    def module_getattr(name):
        if name == 'testing' or name.startswith('__'):  # cupric.testing is the real one
            raise AttributeError(name)
        attr = getattr(numpy, name)
        if isinstance(attr, type) or not callable(attr):
            return attr
        return _forward(attr)

    fake.asnumpy = asnumpy
    fake.array = array
    fake.asarray = asarray
    fake.__getattr__ = module_getattr
    fake.cuda = types.SimpleNamespace(
        device_count=0,
        is_available=lambda: fake.cuda.device_count > 0,
        runtime=types.SimpleNamespace(getDeviceCount=lambda: fake.cuda.device_count))
    fake.random = types.SimpleNamespace(
        seeds=[], seed=lambda s=None: fake.random.seeds.append(s),
        reset_states=lambda: fake.random.seeds.append('reset'))
    return fake


def _cupric_module_names():
    return [k for k in sys.modules if k == 'cupric' or k.startswith('cupric.')]


@pytest.fixture
def testing(monkeypatch):
    """cupric.testing, freshly imported against the stand-in."""
    for name in _cupric_module_names():
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, 'cupric', make_fake_cupric())
    mod = importlib.import_module('cupric.testing')
    yield mod
    for name in _cupric_module_names():
        if name != 'cupric':
            del sys.modules[name]


@pytest.fixture
def fake(testing):
    return sys.modules['cupric']


def recording(result_for):
    """A test body that records which module it got and returns result_for(xp)."""
    calls = []

    def impl(xp):
        calls.append(xp)
        return result_for(xp)
    return impl, calls


# ---------------------------------------------------------------------------------------
# Comparison decorators

class TestComparison:

    def test_calls_numpy_then_cupric(self, testing, fake):
        impl, calls = recording(lambda xp: xp.arange(6, dtype=numpy.float32))
        testing.numpy_cupy_allclose()(impl)()
        assert calls == [numpy, fake]

    def test_custom_name_and_signature(self, testing, fake):
        seen = []

        @testing.numpy_cupy_array_equal(name='mod')
        def impl(self, mod, dtype):
            seen.append((mod, dtype))
            return mod.zeros(2, dtype)

        impl(None, dtype=numpy.int8)
        assert seen == [(numpy, numpy.int8), (fake, numpy.int8)]
        import inspect
        assert list(inspect.signature(impl).parameters) == ['self', 'dtype']

    @pytest.mark.parametrize('result_for', [
        lambda xp: xp.arange(6).reshape(2, 3),
        lambda xp: (xp.ones(3), xp.zeros((2, 2), dtype=numpy.int8)),
        lambda xp: [xp.ones(3)],
        lambda xp: xp.arange(5.0).sum(),  # numpy scalar vs cupric 0-d array
        lambda xp: 3.5,
        lambda xp: numpy.float32(2),
    ])
    def test_equal_results_pass(self, testing, result_for):
        impl, calls = recording(result_for)
        testing.numpy_cupy_allclose()(impl)()
        testing.numpy_cupy_array_equal()(impl)()
        assert len(calls) == 4

    def test_value_mismatch_fails_with_message(self, testing):
        def impl(xp):
            a = xp.arange(4, dtype=numpy.float64)
            return a + 1 if xp is numpy else a
        with pytest.raises(AssertionError, match='Not equal to tolerance') as e:
            testing.numpy_cupy_allclose(err_msg='my context')(impl)()
        assert 'my context' in str(e.value)
        with pytest.raises(AssertionError, match='Arrays are not equal'):
            testing.numpy_cupy_array_equal()(impl)()

    def test_tolerance(self, testing):
        def impl(xp):
            a = xp.ones(3)
            return a * (1 + 1e-5) if xp is numpy else a
        testing.numpy_cupy_allclose(rtol=1e-4)(impl)()
        testing.numpy_cupy_allclose(atol=1e-4)(impl)()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_allclose(rtol=1e-6)(impl)()

    def test_dtype_mismatch(self, testing):
        def impl(xp):
            return xp.ones(3, dtype=numpy.float32 if xp is numpy else numpy.float64)
        with pytest.raises(AssertionError, match='different dtypes') as e:
            testing.numpy_cupy_allclose()(impl)()
        assert 'float32' in str(e.value) and 'float64' in str(e.value)
        testing.numpy_cupy_allclose(type_check=False)(impl)()
        testing.numpy_cupy_array_equal(type_check=False)(impl)()

    def test_dtype_mismatch_names_output(self, testing):
        def impl(xp):
            return xp.ones(1), xp.ones(1, dtype=numpy.int8 if xp is numpy else numpy.int16)
        with pytest.raises(AssertionError, match=r'\(output 1\)'):
            testing.numpy_cupy_array_equal()(impl)()

    def test_shape_mismatch(self, testing):
        def impl(xp):
            return xp.ones((2, 3) if xp is numpy else (3, 2))
        with pytest.raises(AssertionError, match='different shapes'):
            testing.numpy_cupy_allclose()(impl)()

    def test_result_kind_mismatch(self, testing):
        with pytest.raises(AssertionError, match='different types'):
            testing.numpy_cupy_allclose()(lambda xp: numpy.ones(2))()
        with pytest.raises(AssertionError, match='numbers of values'):
            testing.numpy_cupy_allclose()(
                lambda xp: (xp.ones(2),) * (1 if xp is numpy else 2))()

    def test_none_result_fails(self, testing):
        with pytest.raises(AssertionError, match='returned None'):
            testing.numpy_cupy_allclose()(lambda xp: None)()

    def test_contiguity(self, testing):
        def impl(xp):
            a = xp.ones((3, 4))
            return a.T if xp is numpy else a.T.copy()
        with pytest.raises(AssertionError, match='f_contiguous'):
            testing.numpy_cupy_allclose()(impl)()
        testing.numpy_cupy_allclose(contiguous_check=False)(impl)()
        testing.numpy_cupy_array_equal()(impl)()  # no contiguity check there

    def test_strides_check(self, testing):
        def impl(xp):
            a = xp.ones((3, 4))
            return a[:, ::2] if xp is numpy else a[:, ::2].copy()
        testing.numpy_cupy_array_equal()(impl)()
        with pytest.raises(AssertionError, match='Strides are not equal'):
            testing.numpy_cupy_array_equal(strides_check=True)(impl)()

    def test_rtol_dict(self, testing):
        def make(dtype):
            def impl(xp):
                a = xp.ones(3, dtype=dtype)
                return a * dtype(1.001) if xp is numpy else a
            return impl
        rtol = {numpy.float16: 1e-2, 'default': 1e-7}
        testing.numpy_cupy_allclose(rtol=rtol)(make(numpy.float16))()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_allclose(rtol=rtol)(make(numpy.float32))()
        testing.numpy_cupy_allclose(rtol={numpy.dtype('float32'): 1e-2,
                                          'default': 0})(make(numpy.float32))()
        testing.numpy_cupy_allclose(atol={numpy.float64: 1e-2})(make(numpy.float64))()

    def test_rtol_dict_without_entry(self, testing):
        deco = testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3})
        with pytest.raises(TypeError, match='Can not find tolerance'):
            deco(lambda xp: xp.ones(2, dtype=numpy.float32))()

    def test_rtol_dict_bad_keys(self, testing):
        with pytest.raises(TypeError, match='Keys of the tolerance'):
            testing.numpy_cupy_allclose(rtol={'float32': 1e-3})
        with pytest.raises(TypeError, match='type_check'):
            testing.numpy_cupy_allclose(rtol={'default': 1e-3}, type_check=False)

    def test_other_comparisons(self, testing):
        def close(xp):
            a = xp.arange(1, 5, dtype=numpy.float32)
            return a * numpy.float32(1 + 1e-7) if xp is numpy else a
        testing.numpy_cupy_array_almost_equal()(close)()
        testing.numpy_cupy_array_almost_equal_nulp(nulp=4)(close)()
        testing.numpy_cupy_array_max_ulp(maxulp=4)(close)()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_array_max_ulp(maxulp=0)(
                lambda xp: xp.ones(2) * (1.5 if xp is numpy else 1))()

        testing.numpy_cupy_array_less()(lambda xp: xp.ones(2) * (2 if xp is numpy else 1))()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_array_less()(lambda xp: xp.ones(2))()

        testing.numpy_cupy_equal()(lambda xp: xp.ones((2, 3)).shape)()
        with pytest.raises(AssertionError, match='Results are not equal'):
            testing.numpy_cupy_equal()(lambda xp: xp.__name__)()

    def test_deprecated_decorators(self, testing):
        with pytest.warns(DeprecationWarning):
            deco = testing.numpy_cupy_array_list_equal()
        deco(lambda xp: [xp.ones(2), xp.zeros(3)])()
        with pytest.warns(DeprecationWarning):
            deco = testing.numpy_cupy_raises()

        def raises(xp):
            raise ValueError('bad')
        deco(raises)()
        with pytest.raises(AssertionError, match='expected to raise'):
            deco(lambda xp: 1)()

    def test_unsigned_mask(self, testing):
        # Where the signed run gives a negative value the unsigned result is undefined
        # (float -> unsigned conversion), so those elements are not compared.
        def impl(xp, src, dst):
            if numpy.dtype(dst).kind == 'i':
                return xp.array([-6, 2], dtype=dst)
            return xp.array([250 if xp is numpy else 7, 2], dtype=dst)
        deco = testing.numpy_cupy_array_equal()
        deco(impl)(src=numpy.float32, dst=numpy.uint8)
        with pytest.raises(AssertionError):
            deco(impl)(src=numpy.uint16, dst=numpy.uint8)  # no signed dtype: no mask


class TestErrors:

    @staticmethod
    def raising(numpy_exc, cupric_exc):
        def impl(xp):
            exc = numpy_exc if xp is numpy else cupric_exc
            if exc is not None:
                raise exc('raised with {}'.format(xp.__name__))
            return xp.ones(1)
        return impl

    def test_both_raise_not_accepted(self, testing):
        with pytest.raises(AssertionError, match='Both cupric and numpy raise'):
            testing.numpy_cupy_allclose()(self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('accept', [True, ValueError, Exception,
                                        (TypeError, ValueError)])
    def test_both_raise_accepted(self, testing, accept):
        testing.numpy_cupy_allclose(accept_error=accept)(
            self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('accept', [False, TypeError, (TypeError, IndexError)])
    def test_both_raise_other_accepted(self, testing, accept):
        with pytest.raises(AssertionError, match='Both cupric and numpy raise'):
            testing.numpy_cupy_allclose(accept_error=accept)(
                self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('numpy_exc,cupric_exc', [
        (ValueError, TypeError),
        (numpy.exceptions.AxisError, ValueError),
        (OverflowError, RuntimeError),
        (IndexError, KeyError),
    ])
    def test_incompatible_errors(self, testing, numpy_exc, cupric_exc):
        with pytest.raises(AssertionError, match='Different types of errors'):
            testing.numpy_cupy_allclose(accept_error=True)(
                self.raising(numpy_exc, cupric_exc))()

    def test_compatible_subclass(self, testing):
        class PrivateTypeError(TypeError):
            pass
        testing.numpy_cupy_array_equal(accept_error=TypeError)(
            self.raising(PrivateTypeError, TypeError))()

    def test_only_one_raises(self, testing):
        with pytest.raises(AssertionError, match='Only numpy raises error') as e:
            testing.numpy_cupy_allclose(accept_error=True)(self.raising(ValueError, None))()
        assert 'raised with numpy' in str(e.value)
        with pytest.raises(AssertionError, match='Only cupric raises error') as e:
            testing.numpy_cupy_allclose(accept_error=True)(self.raising(None, ValueError))()
        assert 'raised with cupric' in str(e.value)

    def test_both_skip(self, testing):
        def impl(xp):
            pytest.skip('not today')
        with pytest.raises(pytest.skip.Exception, match='not today'):
            testing.numpy_cupy_allclose()(impl)()

    def test_bad_call_raises_at_once(self, testing):
        calls = []

        @testing.numpy_cupy_allclose()
        def impl(xp):
            calls.append(xp)
        with pytest.raises(TypeError):
            impl(unexpected=1)
        assert calls == []


# ---------------------------------------------------------------------------------------
# Dtype and order loops

def collect(decorator, *names):
    """Runs a test decorated by `decorator` directly (loop mode); returns what it got."""
    got = []

    def impl(**kw):
        got.append(tuple(kw[n] for n in names) if len(names) > 1 else kw[names[0]])
    decorator(impl)()
    return got


class TestDtypeLoops:

    def test_for_all_dtypes(self, testing):
        assert collect(testing.for_all_dtypes(), 'dtype') == ALL_DTYPES

    def test_for_all_dtypes_options(self, testing):
        got = collect(testing.for_all_dtypes(name='t', no_float16=True, no_bool=True,
                                             no_complex=True), 't')
        assert got == [d for d in ALL_DTYPES
                       if d not in (numpy.float16, numpy.bool_, numpy.complex64,
                                    numpy.complex128)]

    def test_families(self, testing):
        assert collect(testing.for_float_dtypes(), 'dtype') == [
            numpy.float16, numpy.float32, numpy.float64]
        assert collect(testing.for_float_dtypes(no_float16=True), 'dtype') == [
            numpy.float32, numpy.float64]
        assert collect(testing.for_signed_dtypes(), 'dtype') == ALL_DTYPES[1:5]
        assert collect(testing.for_unsigned_dtypes(), 'dtype') == ALL_DTYPES[5:9]
        assert collect(testing.for_int_dtypes(), 'dtype') == ALL_DTYPES[:9]
        assert collect(testing.for_int_dtypes(no_bool=True), 'dtype') == ALL_DTYPES[1:9]
        assert collect(testing.for_complex_dtypes(), 'dtype') == ALL_DTYPES[-2:]

    def test_for_dtypes_normalizes(self, testing):
        got = collect(testing.for_dtypes('efd?', name='x'), 'x')
        assert got == [numpy.float16, numpy.float32, numpy.float64, numpy.bool_]
        got = collect(testing.for_dtypes([numpy.dtype('int8'), 'uint16']), 'dtype')
        assert got == [numpy.int8, numpy.uint16]

    def test_combination_full(self, testing):
        got = collect(testing.for_signed_dtypes_combination(names=('a', 'b'), full=True),
                      'a', 'b')
        assert len(got) == 16 and len(set(got)) == 16

    def test_combination_subset(self, testing):
        deco = testing.for_all_dtypes_combination(names=('a', 'b'), full=False)
        got = collect(deco, 'a', 'b')
        assert len(got) == len(set(got)) <= 2 * len(ALL_DTYPES)
        for i in range(2):
            assert {c[i] for c in got} == set(ALL_DTYPES)
        assert all((d, d) in got for d in ALL_DTYPES)
        assert collect(deco, 'a', 'b') == got  # the same subset every time

    def test_combination_env(self, testing, monkeypatch):
        monkeypatch.setenv('CUPRIC_TEST_FULL_COMBINATION', '1')
        got = collect(testing.for_unsigned_dtypes_combination(names=('a', 'b')), 'a', 'b')
        assert len(got) == 16

    def test_combination_single_name(self, testing):
        got = collect(testing.for_int_dtypes_combination(names=('a',), no_bool=True), 'a')
        assert got == ALL_DTYPES[1:9]
        got = collect(testing.for_dtypes_combination('fd', names=('a',)), 'a')
        assert got == [numpy.float32, numpy.float64]

    def test_orders(self, testing):
        assert collect(testing.for_CF_orders(), 'order') == [None, 'C', 'F', 'c', 'f']
        assert collect(testing.for_orders(['C', 'A'], name='o'), 'o') == ['C', 'A']

    def test_contiguous_axes(self, testing):
        got = []

        class Case:
            shape = (1, 2, 3)

            @testing.for_contiguous_axes()
            def run(self, axis):
                got.append(axis)
        case = Case()
        case.order = 'C'
        case.run()
        case.order = 'F'
        case.run()
        assert got == [(2,), (1, 2), (0, 1, 2), (0,), (0, 1), (0, 1, 2)]

    def test_loop_names_failing_dtype(self, testing):
        @testing.for_float_dtypes()
        def impl(dtype):
            assert dtype != numpy.float32
        with pytest.raises(AssertionError) as e:
            impl()
        assert 'dtype=float32' in ''.join(getattr(e.value, '__notes__', []))

    def test_loop_continues_after_skip(self, testing):
        seen = []

        @testing.for_float_dtypes()
        def impl(dtype):
            seen.append(dtype)
            if dtype == numpy.float16:
                pytest.skip('no half')
        impl()
        assert len(seen) == 3

    def test_given_dtype_runs_once(self, testing):
        got = []
        testing.for_all_dtypes()(lambda dtype: got.append(dtype))(dtype=numpy.int8)
        assert got == [numpy.int8]

    def test_parametrize_mark(self, testing):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose()
        def test_x(self, xp, dtype):
            return xp.ones(2, dtype)
        (mark,) = [m for m in test_x.pytestmark if m.name == 'parametrize']
        assert mark.args == ('dtype', [numpy.float16, numpy.float32, numpy.float64])
        assert mark.kwargs['ids'] == ['float16', 'float32', 'float64']
        test_x(None)  # loop mode still works

    def test_no_mark_when_argument_has_default(self, testing):
        @testing.for_float_dtypes()
        def impl(dtype=None):
            pass
        assert not getattr(impl, 'pytestmark', [])

    def test_with_numpy_cupy_allclose(self, testing, fake):
        seen = []

        @testing.for_dtypes('?f')
        @testing.numpy_cupy_array_equal()
        def impl(xp, dtype):
            seen.append((xp, dtype))
            return testing.shaped_arange((2, 3), xp, dtype)
        impl()
        assert seen == [(numpy, numpy.bool_), (fake, numpy.bool_),
                        (numpy, numpy.float32), (fake, numpy.float32)]


# ---------------------------------------------------------------------------------------
# Array helpers

class TestShapedArrays:

    def test_shaped_arange(self, testing, fake):
        a = testing.shaped_arange((2, 3))
        assert isinstance(a, fake.ndarray)
        assert a.dtype == numpy.float32 and a.shape == (2, 3)
        numpy.testing.assert_array_equal(fake.asnumpy(a), [[1, 2, 3], [4, 5, 6]])
        b = testing.shaped_arange((2, 3), numpy, numpy.int16)
        assert type(b) is numpy.ndarray and b.dtype == numpy.int16
        numpy.testing.assert_array_equal(b, [[1, 2, 3], [4, 5, 6]])

    def test_shaped_arange_special_dtypes(self, testing):
        b = testing.shaped_arange((4,), numpy, numpy.bool_)
        numpy.testing.assert_array_equal(b, [False, True, False, True])
        c = testing.shaped_arange((2,), numpy, numpy.complex64)
        numpy.testing.assert_array_equal(c, [1 + 1j, 2 + 2j])
        assert testing.shaped_arange((), numpy).shape == ()
        assert testing.shaped_arange((2, 0), numpy).shape == (2, 0)
        assert testing.shaped_arange(5, numpy).shape == (5,)

    @pytest.mark.parametrize('order', ['C', 'F'])
    def test_shaped_arange_order(self, testing, fake, order):
        a = testing.shaped_arange((2, 3), fake, order=order)
        assert a.flags.c_contiguous == (order == 'C')
        assert a.flags.f_contiguous == (order == 'F')
        numpy.testing.assert_array_equal(fake.asnumpy(a), [[1, 2, 3], [4, 5, 6]])

    def test_shaped_reverse_arange(self, testing):
        a = testing.shaped_reverse_arange((2, 2), numpy, numpy.uint8)
        numpy.testing.assert_array_equal(a, [[4, 3], [2, 1]])
        assert a.dtype == numpy.uint8

    @pytest.mark.parametrize('dtype', ALL_DTYPES)
    def test_shaped_random(self, testing, fake, dtype):
        a = testing.shaped_random((3, 4), numpy, dtype)
        assert a.shape == (3, 4) and a.dtype == dtype
        b = testing.shaped_random((3, 4), fake, dtype)
        numpy.testing.assert_array_equal(fake.asnumpy(b), a)  # same seed, same values
        if dtype not in (numpy.bool_, numpy.complex64, numpy.complex128):
            assert (a >= 0).all() and (a < 10).all()
        c = testing.shaped_random((3, 4), numpy, dtype, seed=1)
        assert dtype == numpy.bool_ or not numpy.array_equal(a, c) or a.dtype.kind in 'iu'

    def test_shaped_random_scale_and_order(self, testing):
        a = testing.shaped_random((50,), numpy, numpy.float64, scale=2)
        assert a.max() < 2 and a.min() >= 0
        f = testing.shaped_random((3, 4), numpy, order='F')
        assert f.flags.f_contiguous

    def test_shaped_linspace(self, testing):
        a = testing.shaped_linspace(0, 5, (2, 3), numpy, numpy.float64)
        numpy.testing.assert_allclose(a, [[0, 1, 2], [3, 4, 5]])
        c = testing.shaped_linspace(0, 1, (2,), numpy, numpy.complex128)
        numpy.testing.assert_allclose(c, [0, 1 + 1j])

    def test_generate_matrix(self, testing, fake):
        sv = numpy.array([3.0, 1.0])
        a = testing.generate_matrix((2, 3, 2), numpy, numpy.float64, singular_values=sv)
        assert a.shape == (2, 3, 2)
        numpy.testing.assert_allclose(numpy.linalg.svd(a, compute_uv=False),
                                      [[3, 1], [3, 1]])
        b = testing.generate_matrix((2, 2), dtype=numpy.complex64, singular_values=1)
        assert isinstance(b, fake.ndarray) and b.dtype == numpy.complex64
        with pytest.raises(ValueError):
            testing.generate_matrix((2,), numpy, singular_values=1)
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), numpy)
        with pytest.raises(TypeError):
            testing.generate_matrix((2, 2), numpy, numpy.int32, singular_values=1)
        with pytest.raises(ValueError):
            testing.generate_matrix((2, 2), numpy, singular_values=-1)


# ---------------------------------------------------------------------------------------
# Asserts

class TestAsserts:
    """V14-TESTING: cupric.testing follows NumPy 2's testing API."""

    @pytest.mark.parametrize('name', [
        'assert_allclose', 'assert_array_almost_equal', 'assert_array_almost_equal_nulp',
        'assert_array_max_ulp', 'assert_array_equal', 'assert_array_less', 'assert_equal',
        'assert_almost_equal', 'assert_approx_equal', 'assert_raises',
        'assert_raises_regex', 'assert_string_equal', 'assert_'])
    def test_v14_testing_signatures_follow_numpy2(self, testing, name):
        import inspect
        ours = inspect.signature(getattr(testing, name)).parameters
        theirs = inspect.signature(getattr(numpy.testing, name)).parameters
        assert list(ours)[:len(theirs)] == list(theirs)
        for p in theirs.values():
            assert ours[p.name].kind == p.kind and ours[p.name].default == p.default

    def test_accept_cupric_and_numpy(self, testing, fake):
        a = fake.array([1.0, 2.0, 3.0])
        n = numpy.array([1.0, 2.0, 3.0])
        testing.assert_allclose(a, n)
        testing.assert_allclose(n, a * 1.0000001, rtol=1e-6)
        testing.assert_array_almost_equal(a, n)
        testing.assert_array_almost_equal_nulp(a, n)
        testing.assert_array_max_ulp(a, n)
        testing.assert_array_equal(a, a)
        testing.assert_array_less(a, n + 1)
        testing.assert_equal(a, n)
        testing.assert_equal({'x': [a, (a,)]}, {'x': [n, (n,)]})
        testing.assert_almost_equal(a, n)
        testing.assert_approx_equal(fake.array(1.0), 1.0)
        testing.assert_array_list_equal([a, a], [n, n])

    def test_failures(self, testing, fake):
        a = fake.array([1.0, 2.0])
        with pytest.raises(AssertionError, match='Not equal to tolerance'):
            testing.assert_allclose(a, [1.0, 2.1])
        with pytest.raises(AssertionError, match='Arrays are not equal'):
            testing.assert_array_equal(a, [1.0, 3.0], err_msg='ctx')
        with pytest.raises(AssertionError):
            testing.assert_array_less(a, a)
        with pytest.raises(AssertionError):
            testing.assert_equal(a, [1.0])

    def test_strict(self, testing, fake):
        a = fake.array([1.0, 1.0])
        testing.assert_array_equal(a, 1.0)
        with pytest.raises(AssertionError):
            testing.assert_array_equal(a, 1.0, strict=True)
        with pytest.raises(AssertionError):
            testing.assert_allclose(a, numpy.ones(2, numpy.float32), strict=True)
        with pytest.raises(AssertionError):
            testing.assert_array_less(a, 2.0, strict=True)

    def test_strides_check(self, testing, fake):
        a = fake.array(numpy.ones((2, 4)))
        testing.assert_array_equal(a, numpy.ones((2, 4)), strides_check=True)
        with pytest.raises(AssertionError, match='Strides'):
            testing.assert_array_equal(a[:, ::2], numpy.ones((2, 2)), strides_check=True)

    def test_list_equal_checks(self, testing, fake):
        a = fake.array([1])
        with pytest.raises(AssertionError, match='Matching types'):
            testing.assert_array_list_equal([a], (a,))
        with pytest.raises(AssertionError, match='List size'):
            testing.assert_array_list_equal([a], [a, a])
        with pytest.raises(AssertionError, match='item 1'):
            testing.assert_array_list_equal([a, a], [a, fake.array([2])])

    def test_assert_warns(self, testing):
        with testing.assert_warns(DeprecationWarning):
            warnings.warn('old', DeprecationWarning)
        with pytest.raises(AssertionError, match='UserWarning not triggered'):
            with testing.assert_warns(UserWarning):
                pass
        assert testing.assert_warns(UserWarning, lambda: warnings.warn('x') or 5) == 5

    def test_assert_function_is_called(self, testing):
        with testing.assert_function_is_called('os.getcwd'):
            import os
            os.getcwd()
        with pytest.raises(AssertionError):
            with testing.assert_function_is_called('os.getcwd', times_called=2):
                os.getcwd()


# ---------------------------------------------------------------------------------------
# Requirements, attributes, parameterization, repetition, random seeds

class TestRequirements:

    def test_installed(self, testing):
        assert testing.installed('numpy')
        assert testing.installed('numpy>=2', 'pytest')
        assert not testing.installed('numpy<2')
        assert not testing.installed('numpy>=2', 'numpy<2')
        assert not testing.installed('surely-not-an-installed-distribution-xyz')
        assert testing.installed('surely-not-xyz; python_version < "3"')

    def test_numpy_satisfies(self, testing):
        assert testing.numpy_satisfies('>=2.0')
        assert not testing.numpy_satisfies('<1.0')

    def test_with_requires(self, testing):
        def test_a():
            pass

        def test_b():
            pass
        (mark,) = testing.with_requires('numpy<2')(test_a).pytestmark
        assert mark.name == 'skipif' and mark.args == (True,)
        assert mark.kwargs['reason'] == 'requires: numpy<2'
        (mark,) = testing.with_requires('numpy>=2', 'pytest')(test_b).pytestmark
        assert mark.args == (False,)


class TestAttributes:

    def test_slow_and_gpu_marks(self, testing):
        def names(f):
            return [m.name for m in f.pytestmark]
        assert names(testing.slow(lambda: None)) == ['slow']
        assert names(testing.gpu(lambda: None)) == ['gpu', 'skipif']
        assert names(testing.gpu()(lambda: None)) == ['gpu', 'skipif']

    def test_gpu_skip_is_lazy(self, testing, fake):
        (skip,) = [m for m in testing.gpu(lambda: None).pytestmark if m.name == 'skipif']
        assert bool(skip.args[0]) is True
        fake.cuda.device_count = 1
        assert bool(skip.args[0]) is False

    def test_multi_gpu(self, testing, fake, monkeypatch):
        (skip,) = [m for m in testing.multi_gpu(2)(lambda: None).pytestmark
                   if m.name == 'skipif']
        assert skip.kwargs['reason'] == '2 GPUs required'
        fake.cuda.device_count = 1
        assert bool(skip.args[0]) is True
        fake.cuda.device_count = 2
        assert bool(skip.args[0]) is False
        monkeypatch.setenv('CUPRIC_TEST_GPU_LIMIT', '1')
        assert bool(skip.args[0]) is True
        with pytest.raises(ValueError):
            testing.multi_gpu(1)


class TestParameterize:

    def test_product(self, testing):
        assert testing.product({'b': [1, 2], 'a': ['x']}) == [
            {'a': 'x', 'b': 1}, {'a': 'x', 'b': 2}]
        assert testing.product_dict([{'a': 1}, {'a': 2}], [{'b': 3}]) == [
            {'a': 1, 'b': 3}, {'a': 2, 'b': 3}]
        assert testing.from_pytest_parameterize('a, b', [(1, 2)]) == [{'a': 1, 'b': 2}]
        assert testing.from_pytest_parameterize('a', [1, 2]) == [{'a': 1}, {'a': 2}]

    def test_plain_class(self, testing):
        @testing.parameterize({'a': 1}, {'a': 2, 'f': len})
        class TestX:
            def test_y(self):
                pass
        (mark,) = TestX.pytestmark
        assert mark.name == 'parametrize' and mark.args[0] == '_cupric_testing_param'
        assert mark.kwargs['scope'] == 'class'
        assert [p.id for p in mark.args[1]] == ['_param_0_{a=1}', '_param_1_{a=2, f=len}']
        with pytest.raises(RuntimeError, match='twice'):
            testing.parameterize({'a': 1})(TestX)

    def test_testcase_classes_generated(self, testing):
        module = types.ModuleType('fake_test_module')
        sys.modules[module.__name__] = module
        try:
            def f(x):
                return x + 1
            body = {'__module__': module.__name__, 'test_y': lambda self: None}
            Base = type('TestZ', (unittest.TestCase,), body)
            bundle = testing.parameterize({'a': 1, 'f': f}, {'a': 2, 'f': f})(Base)
            bundle = testing.parameterize({'b': 'x'})(bundle)
            names = sorted(n for n in vars(module) if n.startswith('TestZ'))
            assert len(names) == 2 and all("b='x'" in n for n in names)
            cls = getattr(module, names[0])
            case = cls('test_y')
            assert (case.a, case.b, case.f(1)) == (1, 'x', 2)
            assert cls.__test__ is True
        finally:
            del sys.modules[module.__name__]


class TestConditions:

    def test_retry(self, testing):
        calls = []

        @testing.retry(3)
        def flaky():
            calls.append(1)
            assert len(calls) >= 2
        flaky()
        assert len(calls) == 2

    def test_repeat_fails(self, testing):
        calls = []

        @testing.repeat(3)
        def sometimes():
            calls.append(1)
            assert len(calls) != 2, 'second trial fails'
        with pytest.raises(AssertionError, match='Fail: 1, Success: 1') as e:
            sometimes()
        assert 'second trial fails' in str(e.value)

    def test_testcase_restarted(self, testing):
        from cupric.testing import _condition
        events = []

        class Case(unittest.TestCase):
            def setUp(self):
                events.append('setUp')

            def tearDown(self):
                events.append('tearDown')

            @_condition.repeat_with_success_at_least(3, 2)
            def test_x(self):
                events.append('run')
        result = unittest.TestResult()
        Case('test_x').run(result)
        assert result.wasSuccessful()
        assert events == ['setUp', 'run', 'tearDown', 'setUp', 'run', 'tearDown']


class TestFixRandom:

    def test_function(self, testing, fake):
        numpy.random.seed(5)
        expected_after = numpy.random.rand()
        numpy.random.seed(5)
        seen = []

        @testing.fix_random()
        def test_r():
            seen.append((numpy.random.rand(), testing.generate_seed()))
        test_r()
        test_r()
        assert seen[0] == seen[1]
        assert numpy.random.rand() == expected_after  # state restored
        assert 101 in fake.random.seeds


# ---------------------------------------------------------------------------------------
# Under pytest: a test session in a subprocess, with the stand-in installed by its conftest

INNER_CONFTEST = '''
import importlib.util, sys
spec = importlib.util.spec_from_file_location('_testing_selftest', {path!r})
selftest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(selftest)
sys.modules['cupric'] = selftest.make_fake_cupric()
'''

INNER_TESTS = '''
import unittest
import numpy
import pytest
from cupric import testing


class TestPlain:
    @testing.for_float_dtypes()
    @testing.numpy_cupy_allclose()
    def test_ones(self, xp, dtype):
        return xp.ones(3, dtype)

    @pytest.mark.parametrize('n', [1, 2])
    @testing.for_dtypes('bi')
    @testing.numpy_cupy_array_equal()
    def test_stack(self, xp, dtype, n):
        return testing.shaped_arange((n,), xp, dtype)

    @testing.for_CF_orders()
    def test_order(self, order):
        assert order in (None, 'C', 'F', 'c', 'f')

    @testing.for_float_dtypes()
    def test_skip_half(self, dtype):
        if dtype == numpy.float16:
            pytest.skip('no half')

    @testing.for_unsigned_dtypes_combination(names=('a', 'b'), full=True)
    def test_combo(self, a, b):
        pass


class TestCase(unittest.TestCase):
    @testing.for_float_dtypes()
    @testing.numpy_cupy_allclose()
    def test_loop(self, xp, dtype):
        return xp.ones(2, dtype)


@testing.parameterize(*testing.product({'shape': [(2,), (2, 3)]}))
class TestParam:
    def setup_method(self, method):
        self.size = int(numpy.prod(self.shape))

    @testing.numpy_cupy_array_equal()
    def test_shape(self, xp):
        assert self.size == int(numpy.prod(self.shape))
        return testing.shaped_arange(self.shape, xp)


@testing.parameterize({'n': 1}, {'n': 2})
class TestParamCase(unittest.TestCase):
    def setUp(self):
        self.m = self.n * 2

    def test_m(self):
        assert self.m == 2 * self.n


@testing.with_requires('numpy<1')
def test_requires():
    raise AssertionError


@testing.multi_gpu(2)
def test_multi():
    raise AssertionError


@testing.gpu
class TestGpu:
    def test_g(self):
        raise AssertionError


@testing.slow
def test_slow():
    pass


class TestFail:
    @testing.for_dtypes('f')
    @testing.numpy_cupy_allclose()
    def test_bad(self, xp, dtype):
        return xp.ones(2, dtype) * (2 if xp is numpy else 1)
'''


def test_under_pytest(tmp_path):
    import re
    (tmp_path / 'conftest.py').write_text(
        INNER_CONFTEST.format(path=str(Path(__file__).resolve())))
    (tmp_path / 'test_inner.py').write_text(INNER_TESTS)
    (tmp_path / 'pytest.ini').write_text(
        '[pytest]\nmarkers =\n    gpu: gpu\n    slow: slow\n')
    proc = subprocess.run(
        [sys.executable, '-m', 'pytest', '-v', '-p', 'no:cacheprovider',
         '-W', 'error::pytest.PytestUnknownMarkWarning', '-W', 'error::DeprecationWarning',
         'test_inner.py'],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    outcomes = dict(re.findall(r'^test_inner\.py::(.*?) (PASSED|FAILED|SKIPPED|ERROR)',
                               proc.stdout, re.M))
    assert outcomes, proc.stdout + proc.stderr

    def having(prefix):
        return {k: v for k, v in outcomes.items() if k.startswith(prefix)}

    assert having('TestPlain::test_ones') == {
        'TestPlain::test_ones[float16]': 'PASSED',
        'TestPlain::test_ones[float32]': 'PASSED',
        'TestPlain::test_ones[float64]': 'PASSED'}
    assert len(having('TestPlain::test_stack')) == 4
    assert set(having('TestPlain::test_stack').values()) == {'PASSED'}
    assert 'TestPlain::test_order[None]' in outcomes
    assert len(having('TestPlain::test_order')) == 5
    assert outcomes['TestPlain::test_skip_half[float16]'] == 'SKIPPED'
    assert outcomes['TestPlain::test_skip_half[float32]'] == 'PASSED'
    assert len(having('TestPlain::test_combo')) == 16
    assert outcomes['TestCase::test_loop'] == 'PASSED'
    assert outcomes['TestParam::test_shape[_param_1_{shape=(2, 3)}]'] == 'PASSED'
    assert len(having('TestParam::')) == 2
    param_cases = having('TestParamCase_param_')
    assert len(param_cases) == 2 and set(param_cases.values()) == {'PASSED'}
    assert outcomes['test_requires'] == 'SKIPPED'
    assert outcomes['test_multi'] == 'SKIPPED'
    assert outcomes['TestGpu::test_g'] == 'SKIPPED'
    assert outcomes['test_slow'] == 'PASSED'
    assert outcomes['TestFail::test_bad[float32]'] == 'FAILED'
    assert 'Not equal to tolerance' in proc.stdout
    assert proc.returncode == 1  # only TestFail fails
    assert list(outcomes.values()).count('FAILED') == 1
