"""Test inputs (shaped_arange and friends), package requirements, and small test helpers."""

import contextlib
import inspect
import sys
import unittest
from unittest import mock
import warnings

import numpy

try:
    import pytest
except ImportError:  # pragma: no cover
    pytest = None


def _cupric():
    mod = sys.modules.get('cupric')
    if mod is None:
        import cupric as mod
    return mod


def _size(shape):
    return int(numpy.prod(shape, dtype=numpy.int64))


# ---------------------------------------------------------------------------------------
# Inputs. Values are computed with NumPy on the host and then handed to ``xp``, so the
# NumPy run and the cupric run of a test start from bit-identical data.

def shaped_arange(shape, xp=None, dtype=numpy.float32, order='C'):
    """Returns an array of the given shape filled with ``1, 2, ..., N``.

    Args:
        shape (int or tuple of int): Shape of the array.
        xp (module): ``numpy`` or ``cupric`` (the default).
        dtype: dtype of the array. For bool the values are ``i % 2 == 0``; for complex
            dtypes ``i + i*1j``.
        order ({'C', 'F'}): Memory order of the array.
    """
    xp = _cupric() if xp is None else xp
    dtype = numpy.dtype(dtype)
    a = numpy.arange(1, _size(shape) + 1, 1)
    if dtype == numpy.bool_:
        a = a % 2 == 0
    elif dtype.kind == 'c':
        a = a + a * 1j
    return xp.array(a.astype(dtype).reshape(shape), order=order)


def shaped_reverse_arange(shape, xp=None, dtype=numpy.float32, order='C'):
    """Returns an array of the given shape filled with ``N, ..., 2, 1`` (bool and complex
    as in :func:`shaped_arange`)."""
    xp = _cupric() if xp is None else xp
    dtype = numpy.dtype(dtype)
    a = numpy.arange(_size(shape), 0, -1)
    if dtype == numpy.bool_:
        a = a % 2 == 0
    elif dtype.kind == 'c':
        a = a + a * 1j
    return xp.array(a.astype(dtype).reshape(shape), order=order)


def shaped_linspace(start, stop, shape, xp=None, dtype=numpy.float32):
    """Returns an array of the given shape filled with evenly spaced values from ``start``
    to ``stop`` (both included). For complex dtypes a real ``start``/``stop`` ``s``
    becomes ``s + s*1j``."""
    xp = _cupric() if xp is None else xp
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'c':
        if numpy.isrealobj(start):
            start = start + start * 1j
        if numpy.isrealobj(stop):
            stop = stop + stop * 1j
    a = numpy.linspace(start, stop, num=_size(shape))
    return xp.array(a.astype(dtype).reshape(shape))


def shaped_random(shape, xp=None, dtype=numpy.float32, scale=10, seed=0, order='C'):
    """Returns an array of the given shape filled with random values.

    Bool arrays hold True and False with equal probability; other dtypes hold values
    drawn uniformly from ``[0, scale)`` (real and imaginary parts for complex dtypes),
    then converted to ``dtype``. Like CuPy, this seeds NumPy's global random state with
    ``seed``, so a test that draws more numbers from ``numpy.random`` afterwards gets the
    same numbers in its NumPy and its cupric run.
    """
    xp = _cupric() if xp is None else xp
    numpy.random.seed(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        a = numpy.random.randint(2, size=shape)
    elif dtype.kind == 'c':
        a = numpy.random.rand(*_as_tuple(shape)) + 1j * numpy.random.rand(*_as_tuple(shape))
        a *= scale
    else:
        a = numpy.random.rand(*_as_tuple(shape)) * scale
    return xp.asarray(a.astype(dtype), order=order)


def shaped_sparse_random(shape, sp=None, dtype=numpy.float32, density=0.01, format='coo', seed=0):
    """Returns a random sparse matrix of the given 2-D shape (CuPy's cupy.testing helper).

    The matrix is scipy.sparse.random's after seeding NumPy's global random state with ``seed``,
    converted to ``dtype``; ``sp`` picks the module of the result (cupricx.scipy.sparse, the
    default, or scipy.sparse) and ``format`` its format.
    """
    import scipy.sparse
    import cupricx.scipy.sparse
    sp = cupricx.scipy.sparse if sp is None else sp
    n_rows, n_cols = shape
    numpy.random.seed(seed)
    a = scipy.sparse.random(n_rows, n_cols, density).astype(dtype)
    if sp is cupricx.scipy.sparse:
        a = cupricx.scipy.sparse.coo_matrix(a)
    elif sp is not scipy.sparse:
        raise ValueError('Unknown module: {}'.format(sp))
    return a.asformat(format)


def _as_tuple(shape):
    return (shape,) if isinstance(shape, (int, numpy.integer)) else tuple(shape)


def generate_matrix(shape, xp=None, dtype=numpy.float32, *, singular_values=None):
    """Returns a random matrix (or stack of matrices) with the given singular values.

    Args:
        shape (tuple of int): ``(..., M, N)``.
        xp (module): ``numpy`` or ``cupric`` (the default).
        dtype: A float or complex dtype.
        singular_values (array_like): Non-negative singular values, broadcastable to
            ``(..., min(M, N))``.
    """
    xp = _cupric() if xp is None else xp
    if len(shape) <= 1:
        raise ValueError('shape {} is invalid for matrices: too few axes'.format(shape))
    if singular_values is None:
        raise TypeError('singular_values is not given')
    from ._array import to_host
    singular_values = numpy.asarray(to_host(singular_values))
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'fc':
        raise TypeError('dtype {} is not supported'.format(dtype))
    if not numpy.isrealobj(singular_values):
        raise TypeError('singular_values is not real')
    if (singular_values < 0).any():
        raise ValueError('negative singular value is given')
    a = numpy.random.randn(*shape)
    if dtype.kind == 'c':
        a = a + 1j * numpy.random.randn(*shape)
    u, s, vh = numpy.linalg.svd(a, full_matrices=False)
    sv = numpy.broadcast_to(singular_values, s.shape)
    a = numpy.einsum('...ik,...k,...kj->...ij', u, sv, vh)
    return xp.asarray(a.astype(dtype))


# ---------------------------------------------------------------------------------------
# Package requirements

def installed(*specifiers):
    """Returns True if every requirement (``'numpy>=2.1'``, ``'scipy'``) is met by the
    installed distributions. Environment markers that do not apply count as met."""
    import importlib.metadata
    from packaging.requirements import Requirement

    for spec in specifiers:
        req = Requirement(spec)
        if req.marker is not None and not req.marker.evaluate():
            continue
        try:
            version = importlib.metadata.version(req.name)
        except importlib.metadata.PackageNotFoundError:
            return False
        if not req.specifier.contains(version, prereleases=True):
            return False
    return True


def numpy_satisfies(version_range):
    """Returns True if the installed NumPy's version is in ``version_range``
    (``'>=2.1'``)."""
    return installed('numpy{}'.format(version_range))


def with_requires(*requirements):
    """Decorator (for a test function or class) that skips it unless every requirement
    is installed::

        @testing.with_requires('scipy>=1.14')
        def test_erf(self): ...
    """
    reason = 'requires: {}'.format(','.join(requirements))
    if pytest is not None:
        return pytest.mark.skipif(not installed(*requirements), reason=reason)
    return unittest.skipIf(not installed(*requirements), reason)  # pragma: no cover


# ---------------------------------------------------------------------------------------
# Small helpers

def assert_warns(expected, *args, **kwargs):
    """Checks that a warning of class ``expected`` is issued.

    As a context manager (``with assert_warns(DeprecationWarning): ...``) it checks the
    block; called as ``assert_warns(expected, func, *args, **kwargs)`` it checks the call
    and returns its result.
    """
    cm = _assert_warns(expected)
    if not args:
        return cm
    func, args = args[0], args[1:]
    with cm:
        return func(*args, **kwargs)


@contextlib.contextmanager
def _assert_warns(expected):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        yield caught
    if not any(isinstance(w.message, expected) for w in caught):
        raise AssertionError('{} not triggered'.format(
            getattr(expected, '__name__', expected)))


@contextlib.contextmanager
def assert_function_is_called(*args, times_called=1, **kwargs):
    """Context manager that patches a function (``unittest.mock.patch`` arguments) and
    checks that it was called ``times_called`` times within the block."""
    with mock.patch(*args, **kwargs) as handle:
        yield handle
    if handle.call_count != times_called:
        raise AssertionError('{} was called {} times, expected {}'.format(
            args[0] if args else kwargs.get('target'), handle.call_count, times_called))


AssertFunctionIsCalled = assert_function_is_called


class NumpyAliasTestBase(unittest.TestCase):
    """Base of tests that a cupric function named ``func`` mirrors NumPy's."""

    # The bases below are not tests themselves (pytest collects every TestCase subclass
    # it sees, even one imported by name); the classes derived from them in test files are.
    __test__ = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.__test__ = cls.__module__ != __name__

    @property
    def func(self):
        raise NotImplementedError()

    @property
    def cupy_func(self):
        return getattr(_cupric(), self.func)

    cupric_func = cupy_func

    @property
    def numpy_func(self):
        return getattr(numpy, self.func)


class NumpyAliasBasicTestBase(NumpyAliasTestBase):
    """Checks that the cupric function has NumPy's signature and its own docstring."""

    def test_argspec(self):
        assert inspect.signature(self.cupy_func) == inspect.signature(self.numpy_func)

    def test_docstring(self):
        doc = getattr(self.cupy_func, '__doc__', None)
        assert doc
        assert doc is not self.numpy_func.__doc__


class NumpyAliasValuesTestBase(NumpyAliasTestBase):
    """Checks that the cupric function returns NumPy's value for ``self.args``."""

    def test_values(self):
        assert self.cupy_func(*self.args) == self.numpy_func(*self.args)
