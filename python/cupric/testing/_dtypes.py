"""Decorators that run a test once per dtype, dtype combination, memory order or axis set."""

# Note [Loops and pytest parametrization]
# Each decorator here both loops and parametrizes. Under pytest the wrapper carries a
# `pytest.mark.parametrize` over the same cases, so every dtype is its own test item
# (`test_sum[float32]`) and pytest passes the case as a keyword argument; the wrapper then
# runs the test once. Called any other way (plain call, a unittest.TestCase method, which
# pytest never parametrizes), the argument is absent and the wrapper loops over every case
# itself, as CuPy does, naming the failing case in the error. The mark is added only when
# the test's signature has the argument without a default (pytest refuses anything else).

import functools
import hashlib
import inspect
import itertools
import os
import random
import unittest

import numpy

from ._attr import add_mark

try:
    import pytest
except ImportError:  # pragma: no cover - pytest is a test dependency
    pytest = None

_skip_classes = (unittest.SkipTest,)
if pytest is not None:
    _skip_classes += (pytest.skip.Exception,)


_bool_dtypes = (numpy.bool_,)
_signed_dtypes = (numpy.int8, numpy.int16, numpy.int32, numpy.int64)
_unsigned_dtypes = (numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64)
_int_dtypes = _signed_dtypes + _unsigned_dtypes
_int_bool_dtypes = _bool_dtypes + _int_dtypes
_regular_float_dtypes = (numpy.float32, numpy.float64)
_float_dtypes = (numpy.float16,) + _regular_float_dtypes
_complex_dtypes = (numpy.complex64, numpy.complex128)


def _make_all_dtypes(no_float16, no_bool, no_complex):
    dtypes = _int_dtypes if no_bool else _int_bool_dtypes
    dtypes += _regular_float_dtypes if no_float16 else _float_dtypes
    if not no_complex:
        dtypes += _complex_dtypes
    return dtypes


def _case_id(value):
    if isinstance(value, type) and issubclass(value, numpy.generic):
        return numpy.dtype(value).name
    return str(value)


def _can_parametrize(impl, names):
    # See Note [Loops and pytest parametrization].
    if pytest is None:
        return False
    try:
        params = inspect.signature(impl).parameters
    except (TypeError, ValueError):
        return False
    for name in names:
        p = params.get(name)
        if p is None or p.default is not p.empty or p.kind in (p.VAR_POSITIONAL,
                                                                 p.VAR_KEYWORD):
            return False
    return True


def _add_note(exc, note):
    if hasattr(exc, 'add_note'):  # Python 3.11+
        exc.add_note(note)
    else:  # pragma: no cover
        print(note)


def _case_loop(names, cases_for):
    """Builds a decorator that runs the test once per case.

    ``names`` are the keyword arguments a case sets; ``cases_for(impl)`` returns the list
    of cases (tuples of values, one per name) for the decorated function.
    """
    names = tuple(names)

    def decorator(impl):
        cases = [tuple(c) for c in cases_for(impl)]

        @functools.wraps(impl)
        def test_func(*args, **kw):
            __tracebackhide__ = True  # pytest leaves this frame out of failure reports
            if all(name in kw for name in names):
                return impl(*args, **kw)  # pytest (or the caller) picked the case
            for case in cases:
                kw_case = dict(kw)
                kw_case.update(zip(names, case))
                desc = ', '.join('{}={}'.format(n, _case_id(v))
                                 for n, v in zip(names, case))
                try:
                    impl(*args, **kw_case)
                except _skip_classes as e:
                    print('skipped: {} ({})'.format(desc, e))
                except BaseException as e:
                    _add_note(e, 'failed with ' + desc)
                    raise

        try:
            test_func.__signature__ = inspect.signature(impl)
        except (TypeError, ValueError):  # pragma: no cover - not a Python function
            pass
        if _can_parametrize(impl, names):
            ids = ['-'.join(_case_id(v) for v in case) for case in cases]
            if len(names) == 1:
                mark = pytest.mark.parametrize(names[0], [c[0] for c in cases], ids=ids)
            else:
                mark = pytest.mark.parametrize(list(names), cases, ids=ids)
            test_func = add_mark(test_func, mark)
        return test_func
    return decorator


def for_dtypes(dtypes, name='dtype'):
    """Decorator that runs the test once per dtype in ``dtypes``.

    The dtype (as a NumPy scalar type such as ``numpy.float32``) is passed as the keyword
    argument ``name``. ``dtypes`` may be a list of dtype-likes or a string of type codes
    (``'efd'``).
    """
    types = [numpy.dtype(d).type for d in dtypes]
    return _case_loop((name,), lambda impl: [(t,) for t in types])


def for_all_dtypes(name='dtype', no_float16=False, no_bool=False, no_complex=False):
    """Decorator that runs the test with every dtype: bool, int8-int64, uint8-uint64,
    float16, float32, float64, complex64 and complex128.

    ``no_float16``, ``no_bool`` and ``no_complex`` leave out float16, bool and the complex
    dtypes. bfloat16 is not in the loop (as in CuPy); use :func:`for_dtypes` for it.
    """
    return for_dtypes(_make_all_dtypes(no_float16, no_bool, no_complex), name=name)


def for_float_dtypes(name='dtype', no_float16=False):
    """Decorator that runs the test with float16 (optional), float32 and float64."""
    return for_dtypes(_regular_float_dtypes if no_float16 else _float_dtypes, name=name)


def for_signed_dtypes(name='dtype'):
    """Decorator that runs the test with int8, int16, int32 and int64."""
    return for_dtypes(_signed_dtypes, name=name)


def for_unsigned_dtypes(name='dtype'):
    """Decorator that runs the test with uint8, uint16, uint32 and uint64."""
    return for_dtypes(_unsigned_dtypes, name=name)


def for_int_dtypes(name='dtype', no_bool=False):
    """Decorator that runs the test with bool (optional) and every integer dtype."""
    return for_dtypes(_int_dtypes if no_bool else _int_bool_dtypes, name=name)


def for_complex_dtypes(name='dtype'):
    """Decorator that runs the test with complex64 and complex128."""
    return for_dtypes(_complex_dtypes, name=name)


def _full_combination(full):
    if full is None:
        return os.environ.get('CUPRIC_TEST_FULL_COMBINATION', '0') not in ('', '0')
    return full


def for_dtypes_combination(types, names=('dtype',), full=None):
    """Decorator that runs the test over combinations of dtypes, one per name in ``names``.

    With ``full=True`` every combination runs. Otherwise a subset runs: every dtype paired
    with itself, plus one shuffled pairing, so that each dtype shows up at least twice for
    each name. The shuffle is seeded from the test's qualified name, so the subset is the
    same in every run and every pytest-xdist worker. ``full=None`` reads the environment
    variable ``CUPRIC_TEST_FULL_COMBINATION`` (``1`` means full).
    """
    types = [numpy.dtype(t).type for t in types]
    names = tuple(names)
    if len(names) == 1:
        return for_dtypes(types, names[0])
    full = _full_combination(full)

    def cases_for(impl):
        if full:
            return list(itertools.product(types, repeat=len(names)))
        key = '{}.{}'.format(getattr(impl, '__module__', ''),
                             getattr(impl, '__qualname__', ''))
        rng = random.Random(int.from_bytes(hashlib.sha256(key.encode()).digest()[:8],
                                           'little'))
        columns = []
        for _ in names:
            shuffled = list(types)
            rng.shuffle(shuffled)
            columns.append(types + shuffled)
        cases = []
        for case in zip(*columns):
            if case not in cases:
                cases.append(case)
        return cases
    return _case_loop(names, cases_for)


def for_all_dtypes_combination(names=('dtyes',), no_float16=False, no_bool=False,
                               full=None, no_complex=False):
    """Decorator that runs the test over combinations of all dtypes (see
    :func:`for_dtypes_combination` and :func:`for_all_dtypes`)."""
    types = _make_all_dtypes(no_float16, no_bool, no_complex)
    return for_dtypes_combination(types, names, full)


def for_signed_dtypes_combination(names=('dtype',), full=None):
    """Decorator that runs the test over combinations of signed integer dtypes."""
    return for_dtypes_combination(_signed_dtypes, names=names, full=full)


def for_unsigned_dtypes_combination(names=('dtype',), full=None):
    """Decorator that runs the test over combinations of unsigned integer dtypes."""
    return for_dtypes_combination(_unsigned_dtypes, names=names, full=full)


def for_int_dtypes_combination(names=('dtype',), no_bool=False, full=None):
    """Decorator that runs the test over combinations of integer (and bool) dtypes."""
    types = _int_dtypes if no_bool else _int_bool_dtypes
    return for_dtypes_combination(types, names=names, full=full)


def for_orders(orders, name='order'):
    """Decorator that runs the test once per memory order in ``orders``, passed as the
    keyword argument ``name``."""
    orders = list(orders)
    return _case_loop((name,), lambda impl: [(o,) for o in orders])


def for_CF_orders(name='order'):
    """Decorator that runs the test with the orders None, 'C', 'F', 'c' and 'f'."""
    return for_orders([None, 'C', 'F', 'c', 'f'], name)


def _contiguous_axes(ndim, order):
    # The trailing (C order) or leading (F order) axes of length 1..ndim.
    if order in ('c', 'C'):
        return [tuple(range(ndim - k, ndim)) for k in range(1, ndim + 1)]
    if order in ('f', 'F'):
        return [tuple(range(k)) for k in range(1, ndim + 1)]
    raise ValueError('Please specify the array order.')


def for_contiguous_axes(name='axis'):
    """Decorator for methods of a class with ``shape`` and ``order`` attributes: runs the
    test once per tuple of axes that is contiguous in memory for that order.

    For ``shape=(1, 2, 3)`` the axes are ``(2,), (1, 2), (0, 1, 2)`` in C order and
    ``(0,), (0, 1), (0, 1, 2)`` in F order. The axes depend on the instance, so this one
    always loops inside a single test.
    """
    def decorator(impl):
        @functools.wraps(impl)
        def test_func(self, *args, **kw):
            __tracebackhide__ = True
            for axes in _contiguous_axes(len(self.shape), self.order):
                try:
                    impl(self, *args, **dict(kw, **{name: axes}))
                except BaseException as e:
                    _add_note(e, 'failed with {}={}, shape={}, order={}'.format(
                        name, axes, self.shape, self.order))
                    raise
        sig = inspect.signature(impl)
        test_func.__signature__ = sig.replace(
            parameters=[p for p in sig.parameters.values() if p.name != name])
        return test_func
    return decorator
