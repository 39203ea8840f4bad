"""A NumPy-backed stand-in for the `cupric` module, for the tests of cupric.testing (which then
run without a build): arrays wrap NumPy arrays and, like the real ones, refuse implicit conversion
to NumPy, so every comparison must go through asnumpy."""
import sys
import types
from pathlib import Path

import numpy


REPO = Path(__file__).resolve().parents[3]
CUPRIC_DIR = REPO / 'python' / 'cupric'


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


def cupric_module_names():
    return [k for k in sys.modules if k == 'cupric' or k.startswith('cupric.')]


def recording(result_for):
    """A test body that records which module it got and returns result_for(xp)."""
    calls = []

    def impl(xp):
        calls.append(xp)
        return result_for(xp)
    return impl, calls
