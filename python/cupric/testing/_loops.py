"""Decorators that run a test with NumPy and with cupric and compare what the two return."""

# The decorated test takes the array module as an argument (``xp`` by default). The
# decorator calls it twice, first with ``xp=numpy`` and then with ``xp=cupric`` (with
# ``sp_name``/``scipy_name``: scipy.sparse/scipy and cupricx.scipy.sparse/cupricx.scipy),
# and then checks, in this order: errors, types of the results, dtypes, contiguity, shapes
# and values. Results may be arrays, NumPy or Python scalars, poly1d, sparse matrices, or
# a tuple/list of those compared item by item.

import functools
import inspect
import sys
import traceback
import warnings

import numpy
from numpy.exceptions import AxisError, ComplexWarning

from . import _array
from . import _dtypes

try:
    import pytest
except ImportError:  # pragma: no cover
    pytest = None

_skip_classes = _dtypes._skip_classes


def _cupric():
    mod = sys.modules.get('cupric')
    if mod is None:
        import cupric as mod
    return mod


# ---------------------------------------------------------------------------------------
# Running the test with each module

def _call(impl, args, kw):
    """Returns ``(result, error)``; an error raised before the body of ``impl`` ran (bad
    arguments, for example) is a bug in the test and is raised at once."""
    try:
        return impl(*args, **kw), None
    except (Exception,) + _skip_classes as e:
        if e.__traceback__.tb_next is None:
            raise
        return None, e


def _call_with(impl, args, kw, name, sp_name, scipy_name, use_cupric):
    kw = dict(kw)
    if use_cupric:
        kw[name] = _cupric()
        if sp_name:
            import cupricx.scipy.sparse
            kw[sp_name] = cupricx.scipy.sparse
        if scipy_name:
            import cupricx.scipy
            kw[scipy_name] = cupricx.scipy
    else:
        kw[name] = numpy
        if sp_name:
            import scipy.sparse
            kw[sp_name] = scipy.sparse
        if scipy_name:
            import scipy
            kw[scipy_name] = scipy
    return _call(impl, args, kw)


def _hide_params(wrapper, impl, names):
    # pytest takes every parameter without a default for a fixture; the module arguments
    # are supplied by the decorator, so they leave the signature pytest sees.
    try:
        sig = inspect.signature(impl)
    except (TypeError, ValueError):  # pragma: no cover
        return wrapper
    wrapper.__signature__ = sig.replace(
        parameters=[p for p in sig.parameters.values() if p.name not in names])
    return wrapper


# ---------------------------------------------------------------------------------------
# Errors

# Two errors are compatible when they agree on membership of each of these classes, so
# `numpy.exceptions.AxisError` against a plain ValueError, or OverflowError against
# RuntimeError, is a mismatch while NumPy's private TypeError subclasses still match
# TypeError. CuPy uses the first nine; the rest make the check stricter.
_public_errors = (
    AttributeError, Exception, IndexError, TypeError, ValueError, NotImplementedError,
    DeprecationWarning, AxisError, numpy.linalg.LinAlgError,
    LookupError, KeyError, ArithmeticError, OverflowError, ZeroDivisionError,
    FloatingPointError, RuntimeError, MemoryError, Warning, RuntimeWarning, ComplexWarning,
)


def _errors_compatible(cupric_error, numpy_error):
    return all(isinstance(cupric_error, cls) == isinstance(numpy_error, cls)
               for cls in _public_errors)


def _format_exception(exc):
    return ''.join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def _fail(message, error):
    __tracebackhide__ = True
    # Fail with the traceback of the error, so that `pytest --pdb` lands where it was raised.
    raise AssertionError(message).with_traceback(
        error.__traceback__ if error is not None else None)


def _check_errors(cupric_error, numpy_error, accept_error=False):
    """Checks the errors of the two runs (at least one is expected to be set)."""
    __tracebackhide__ = True
    if (isinstance(cupric_error, _skip_classes)
            and isinstance(numpy_error, _skip_classes)):
        if type(cupric_error) is not type(numpy_error):
            raise AssertionError(
                'Both numpy and cupric were skipped but with different exceptions.')
        if cupric_error.args != numpy_error.args:
            raise AssertionError(
                'Both numpy and cupric were skipped but with different causes.')
        raise numpy_error

    if accept_error is True:
        accept_error = Exception
    elif not accept_error:
        accept_error = ()

    if cupric_error is None and numpy_error is None:
        raise AssertionError(
            'Both cupric and numpy are expected to raise errors, but not')
    if cupric_error is None:
        _fail('Only numpy raises error\n\n' + _format_exception(numpy_error), numpy_error)
    if numpy_error is None:
        _fail('Only cupric raises error\n\n' + _format_exception(cupric_error),
              cupric_error)
    if not _errors_compatible(cupric_error, numpy_error):
        _fail('Different types of errors occurred\n\ncupric\n{}\nnumpy\n{}\n'.format(
            _format_exception(cupric_error), _format_exception(numpy_error)),
            cupric_error)
    if not (isinstance(cupric_error, accept_error)
            and isinstance(numpy_error, accept_error)):
        _fail('Both cupric and numpy raise exceptions\n\ncupric\n{}\nnumpy\n{}\n'.format(
            _format_exception(cupric_error), _format_exception(numpy_error)),
            cupric_error)


# ---------------------------------------------------------------------------------------
# Results

def _as_pair(c_out, n_out, sp_name, check_sparse_format):
    """Returns ``(cupric_side, numpy_side)``, two objects with ``dtype`` and ``shape``, or
    fails when the two results are of kinds that cannot be compared."""
    cupric = _cupric()
    if sp_name is not None:
        import cupricx.scipy.sparse
        if cupricx.scipy.sparse.issparse(c_out):
            import scipy.sparse
            if not scipy.sparse.issparse(n_out):
                raise AssertionError('cupric returns a sparse matrix, numpy returns {}'
                                     .format(type(n_out)))
            if check_sparse_format and c_out.format != n_out.format:
                raise AssertionError('sparse formats differ: cupric {}, numpy {}'.format(
                    c_out.format, n_out.format))
            return c_out.toarray(), n_out.toarray()
    if (isinstance(c_out, cupric.ndarray)
            and isinstance(n_out, (numpy.ndarray, numpy.generic))):
        return c_out, n_out
    poly1d = getattr(cupric, 'poly1d', None)
    if (poly1d is not None and isinstance(c_out, poly1d)
            and isinstance(n_out, numpy.poly1d)):
        if c_out.variable != n_out.variable:
            raise AssertionError('poly1d variables differ: cupric {!r}, numpy {!r}'.format(
                c_out.variable, n_out.variable))
        return c_out.coeffs, n_out.coeffs
    if isinstance(c_out, numpy.generic) and isinstance(n_out, numpy.generic):
        return c_out, n_out
    if numpy.isscalar(c_out) and numpy.isscalar(n_out):
        return numpy.asarray(c_out), numpy.asarray(n_out)
    raise AssertionError(
        'numpy and cupric return different types of values:\n'
        'cupric: {}\nnumpy: {}'.format(type(c_out), type(n_out)))


def _dtype_values(kw):
    values = []
    for v in kw.values():
        if isinstance(v, numpy.dtype):
            values.append(v)
        elif isinstance(v, type) and issubclass(v, numpy.generic):
            values.append(numpy.dtype(v))
    return values


def _contains_signed_and_unsigned(kw):
    kinds = {d.kind for d in _dtype_values(kw)}
    return 'u' in kinds and bool(kinds & {'i', 'f'})


def _positive_masks(impl, args, kw, name, sp_name, scipy_name):
    # Rerun cupric with each unsigned dtype argument replaced by its signed counterpart;
    # elements that come out negative are where the unsigned result is undefined.
    kw = dict(kw)
    for k, v in list(kw.items()):
        if _dtype_values({k: v}) and numpy.dtype(v).kind == 'u':
            signed = numpy.dtype(numpy.dtype(v).char.lower())
            kw[k] = signed if isinstance(v, numpy.dtype) else signed.type
    result, error = _call_with(impl, args, kw, name, sp_name, scipy_name, True)
    if error is not None:
        raise error
    if not isinstance(result, (tuple, list)):
        result = (result,)
    return [_array.to_host(r) >= 0 for r in result]


def _make_decorator(check_func, name, type_check, contiguous_check, accept_error,
                    sp_name=None, scipy_name=None, check_sparse_format=True):
    assert isinstance(name, str)
    assert sp_name is None or isinstance(sp_name, str)
    assert scipy_name is None or isinstance(scipy_name, str)
    module_names = [n for n in (name, sp_name, scipy_name) if n is not None]

    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            __tracebackhide__ = True  # see _array.py
            numpy_result, numpy_error = _call_with(
                impl, args, kw, name, sp_name, scipy_name, False)
            cupric_result, cupric_error = _call_with(
                impl, args, kw, name, sp_name, scipy_name, True)

            if cupric_error is not None or numpy_error is not None:
                _check_errors(cupric_error, numpy_error, accept_error=accept_error)
                return
            if numpy_result is None or cupric_result is None:
                raise AssertionError(
                    'The test returned None (numpy: {}, cupric: {}); a test decorated '
                    'with numpy_cupy_* must return what is to be compared.'.format(
                        type(numpy_result).__name__, type(cupric_result).__name__))

            if not isinstance(cupric_result, (tuple, list)):
                cupric_result = (cupric_result,)
            if not isinstance(numpy_result, (tuple, list)):
                numpy_result = (numpy_result,)
            if len(cupric_result) != len(numpy_result):
                raise AssertionError(
                    'numpy and cupric return different numbers of values: '
                    'cupric {}, numpy {}'.format(len(cupric_result), len(numpy_result)))
            multiple = len(cupric_result) > 1

            def where(i):
                return ' (output {})'.format(i) if multiple else ''

            pairs = [_as_pair(c, n, sp_name, check_sparse_format)
                     for c, n in zip(cupric_result, numpy_result)]

            if type_check:
                for i, (c, n) in enumerate(pairs):
                    if c.dtype != n.dtype:
                        raise AssertionError(
                            'ndarrays of different dtypes are returned{}.\n'
                            'cupric: {}\nnumpy: {}'.format(where(i), c.dtype, n.dtype))

            if contiguous_check:
                for i, (c, n) in enumerate(zip(cupric_result, numpy_result)):
                    if not isinstance(n, numpy.ndarray):
                        continue
                    for flag in ('c_contiguous', 'f_contiguous'):
                        if getattr(n.flags, flag) and not getattr(c.flags, flag):
                            raise AssertionError(
                                'The state of {} flag is false{}. '
                                '(cupric_result:{} numpy_result:{})'.format(
                                    flag, where(i), getattr(c.flags, flag),
                                    getattr(n.flags, flag)))

            for i, (c, n) in enumerate(pairs):
                if c.shape != n.shape:
                    raise AssertionError(
                        'ndarrays of different shapes are returned{}.\n'
                        'cupric: {}\nnumpy: {}'.format(where(i), c.shape, n.shape))

            masks = [None] * len(pairs)
            if _contains_signed_and_unsigned(kw):
                unsigned = [numpy.dtype(c.dtype).kind == 'u' for c, _ in pairs]
                if any(unsigned):
                    masks = _positive_masks(impl, args, kw, name, sp_name, scipy_name)
                    masks = [m if u else None for m, u in zip(masks, unsigned)]

            for i, ((c, n), mask) in enumerate(zip(pairs, masks)):
                # Converting a negative value to an unsigned type is undefined in C, and
                # CPUs and GPUs differ; such elements are left out of the comparison.
                if mask is not None:
                    if c.shape == ():
                        if not mask.all():
                            continue
                    else:
                        c = _array.to_host(c)[mask]
                        n = numpy.asarray(n)[mask]
                check_func(c, n, where(i))
        return _hide_params(test_func, impl, module_names)
    return decorator


# ---------------------------------------------------------------------------------------
# Tolerances

def _check_tolerance_keys(tol):
    if isinstance(tol, dict):
        for k in tol:
            if k == 'default' or isinstance(k, numpy.dtype) or (
                    isinstance(k, type) and issubclass(k, numpy.generic)):
                continue
            raise TypeError(
                'Keys of the tolerance dictionary need to be type objects such as '
                "`numpy.float32` and `cupric.float32`, or the string 'default'; got {!r}"
                .format(k))


def _resolve_tolerance(tol, dtype):
    if not isinstance(tol, dict):
        return tol
    dtype = numpy.dtype(dtype)
    for k, v in tol.items():
        if k != 'default' and numpy.dtype(k) == dtype:
            return v
    if 'default' in tol:
        return tol['default']
    raise TypeError('Can not find tolerance for {}'.format(dtype.type))


def _with_where(err_msg, where):
    # NumPy's messages say ACTUAL and DESIRED; say which run is which.
    label = 'ACTUAL: cupric, DESIRED: numpy' + where
    return '{}\n{}'.format(err_msg, label) if err_msg else label


# ---------------------------------------------------------------------------------------
# The decorators

def numpy_cupy_allclose(rtol=1e-7, atol=0, err_msg='', verbose=True, name='xp',
                        type_check=True, accept_error=False, sp_name=None,
                        scipy_name=None, contiguous_check=True, *,
                        _check_sparse_format=True):
    """Decorator that checks that NumPy and cupric results are close.

    Args:
        rtol (float or dict): Relative tolerance. A dict maps dtypes (``numpy.float16``)
            to tolerances, with ``'default'`` for the dtypes not listed; the dtype of
            the cupric result picks the entry.
        atol (float or dict): Absolute tolerance, like ``rtol``.
        err_msg (str): The error message to be printed in case of failure.
        verbose (bool): If ``True``, the conflicting values are appended to the message.
        name (str): Argument name whose value is either ``numpy`` or ``cupric``.
        type_check (bool): If ``True``, the dtypes must be equal too.
        accept_error (bool, Exception or tuple of Exception): Errors that may be raised,
            provided that NumPy and cupric raise compatible ones. ``True`` accepts any
            Exception; ``False`` accepts none.
        sp_name (str or None): Argument name whose value is either ``scipy.sparse`` or
            ``cupricx.scipy.sparse``.
        scipy_name (str or None): Argument name whose value is either ``scipy`` or
            ``cupricx.scipy``.
        contiguous_check (bool): If ``True``, a C (F) contiguous NumPy result requires a
            C (F) contiguous cupric result.

    The decorated test returns the array (or tuple of arrays) to compare::

        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7})
        def test_mean(self, xp, dtype):
            return testing.shaped_arange((2, 3), xp, dtype).mean()
    """
    _check_tolerance_keys(rtol)
    _check_tolerance_keys(atol)
    if not type_check and (isinstance(rtol, dict) or isinstance(atol, dict)):
        raise TypeError('When `type_check` is `False`, `rtol` and `atol` must be '
                        'supplied as float.')

    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_allclose(c, n, _resolve_tolerance(rtol, c.dtype),
                               _resolve_tolerance(atol, c.dtype),
                               err_msg=_with_where(err_msg, where), verbose=verbose)
    return _make_decorator(check_func, name, type_check, contiguous_check, accept_error,
                           sp_name, scipy_name, _check_sparse_format)


def numpy_cupy_array_almost_equal(decimal=6, err_msg='', verbose=True, name='xp',
                                  type_check=True, accept_error=False, sp_name=None,
                                  scipy_name=None):
    """Decorator that checks that NumPy and cupric results are equal up to ``decimal``
    places (see :func:`numpy_cupy_allclose` for the arguments)."""
    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_almost_equal(c, n, decimal, _with_where(err_msg, where),
                                         verbose)
    return _make_decorator(check_func, name, type_check, False, accept_error, sp_name,
                           scipy_name)


def numpy_cupy_array_almost_equal_nulp(nulp=1, name='xp', type_check=True,
                                       accept_error=False, sp_name=None,
                                       scipy_name=None):
    """Decorator that checks that NumPy and cupric results differ by at most ``nulp``
    units in the last place, relative to their spacing."""
    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_almost_equal_nulp(c, n, nulp)
    return _make_decorator(check_func, name, type_check, False, accept_error, sp_name,
                           scipy_name)


def numpy_cupy_array_max_ulp(maxulp=1, dtype=None, name='xp', type_check=True,
                             accept_error=False, sp_name=None, scipy_name=None):
    """Decorator that checks that NumPy and cupric results differ by at most ``maxulp``
    units in the last place (converted to ``dtype`` first when given)."""
    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_max_ulp(c, n, maxulp, dtype)
    return _make_decorator(check_func, name, type_check, False, accept_error, sp_name,
                           scipy_name)


def numpy_cupy_array_equal(err_msg='', verbose=True, name='xp', type_check=True,
                           accept_error=False, sp_name=None, scipy_name=None,
                           strides_check=False):
    """Decorator that checks that NumPy and cupric results are equal (and, with
    ``strides_check=True``, have equal strides)."""
    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_equal(c, n, _with_where(err_msg, where), verbose,
                                  strides_check=strides_check)
    return _make_decorator(check_func, name, type_check, False, accept_error, sp_name,
                           scipy_name)


def numpy_cupy_array_list_equal(err_msg='', verbose=True, name='xp', sp_name=None,
                                scipy_name=None):
    """Deprecated: decorator that checks that NumPy and cupric return equal lists of
    arrays. Use :func:`numpy_cupy_array_equal`, which compares lists item by item."""
    warnings.warn('numpy_cupy_array_list_equal is deprecated. '
                  'Use numpy_cupy_array_equal instead.', DeprecationWarning, stacklevel=2)

    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_equal(c, n, _with_where(err_msg, where), verbose)
    return _make_decorator(check_func, name, False, False, False, sp_name, scipy_name)


def numpy_cupy_array_less(err_msg='', verbose=True, name='xp', type_check=True,
                          accept_error=False, sp_name=None, scipy_name=None):
    """Decorator that checks that the cupric result is less than the NumPy result,
    element-wise."""
    def check_func(c, n, where):
        __tracebackhide__ = True
        _array.assert_array_less(c, n, _with_where(err_msg, where), verbose)
    return _make_decorator(check_func, name, type_check, False, accept_error, sp_name,
                           scipy_name)


def numpy_cupy_equal(name='xp', sp_name=None, scipy_name=None):
    """Decorator that checks that NumPy and cupric return equal Python values
    (compared with ``==``; for arrays use :func:`numpy_cupy_array_equal`)."""
    module_names = [n for n in (name, sp_name, scipy_name) if n is not None]

    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            __tracebackhide__ = True  # see _array.py
            numpy_result, numpy_error = _call_with(
                impl, args, kw, name, sp_name, scipy_name, False)
            cupric_result, cupric_error = _call_with(
                impl, args, kw, name, sp_name, scipy_name, True)
            if cupric_error is not None or numpy_error is not None:
                _check_errors(cupric_error, numpy_error, accept_error=False)
                return
            if cupric_result != numpy_result:
                raise AssertionError('Results are not equal:\ncupric: {}\nnumpy: {}'.format(
                    cupric_result, numpy_result))
        return _hide_params(test_func, impl, module_names)
    return decorator


def numpy_cupy_raises(name='xp', sp_name=None, scipy_name=None, accept_error=Exception):
    """Deprecated: decorator that checks that NumPy and cupric raise compatible errors.
    Use ``pytest.raises`` with each module instead."""
    warnings.warn('cupric.testing.numpy_cupy_raises is deprecated.', DeprecationWarning,
                  stacklevel=2)
    module_names = [n for n in (name, sp_name, scipy_name) if n is not None]

    def decorator(impl):
        @functools.wraps(impl)
        def test_func(*args, **kw):
            __tracebackhide__ = True  # see _array.py
            _, numpy_error = _call_with(impl, args, kw, name, sp_name, scipy_name, False)
            _, cupric_error = _call_with(impl, args, kw, name, sp_name, scipy_name, True)
            _check_errors(cupric_error, numpy_error, accept_error=accept_error)
        return _hide_params(test_func, impl, module_names)
    return decorator
