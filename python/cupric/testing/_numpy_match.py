"""Asserts that a cupric result, or a cupric error, is exactly what NumPy gives for the same call."""

# The numpy_cupy_* decorators compare whole test functions run once per module. These two
# asserts do the same comparison inside one test, where the NumPy result (or error) is already
# at hand: many calls checked in a loop, or a NumPy expectation built differently from the
# cupric call (a host index against a device index, for example). They are stricter than the
# decorators where a drop-in must be: the result must be a cupric array (not a NumPy array or
# a Python scalar that happens to compare equal), and an error must be NumPy's exact class and,
# by default, carry NumPy's message word for word.

import sys

import numpy
import numpy.testing as _npt


def _cupric():
    mod = sys.modules.get('cupric')
    if mod is None:
        import cupric as mod
    return mod


def _is_bfloat16(dtype):
    return dtype.kind == 'V' and dtype.name == 'bfloat16'


def _tolerance(tol, dtype):
    if not isinstance(tol, dict):
        return tol
    for k, v in tol.items():
        if k != 'default' and numpy.dtype(k) == dtype:
            return v
    return tol.get('default', 0)


def _shares_memory(result, source):
    # cupric collapses `base` to the array that owns the memory (as NumPy does), so a result
    # shares its source's memory exactly when its base is the source or the source's base.
    return result.base is not None and (result.base is source or result.base is source.base)


def _compare_bits(got, want, err_msg):
    __tracebackhide__ = True
    got, want = numpy.ascontiguousarray(got), numpy.ascontiguousarray(want)
    if want.dtype.kind in 'fc':
        # NaNs at the same places; their sign and payload are left out, since NaNs made by
        # arithmetic differ between CPUs and GPUs.
        nan_got, nan_want = numpy.isnan(got), numpy.isnan(want)
        _npt.assert_array_equal(nan_got, nan_want, err_msg='NaN places differ ' + err_msg)
        got, want = got.copy(), want.copy()
        got[nan_got] = 0
        want[nan_want] = 0
    if got.tobytes() != want.tobytes():
        raise AssertionError('values differ bit for bit {}\n ACTUAL: {!r}\n DESIRED: {!r}'.format(
            err_msg, got, want))


def _compare_values(got, want, rtol, atol, err_msg, exact_bits=False):
    __tracebackhide__ = True
    if exact_bits:
        return _compare_bits(got, want, err_msg)
    rtol, atol = _tolerance(rtol, want.dtype), _tolerance(atol, want.dtype)
    if _is_bfloat16(want.dtype):
        # numpy.testing does not know ml_dtypes' bfloat16 (its NaNs would not compare
        # equal); float32 holds every bfloat16 value exactly.
        got, want = got.astype(numpy.float32), want.astype(numpy.float32)
    elif want.dtype.kind == 'V':
        # Structured dtypes: the bytes of every record, in C order.
        if numpy.ascontiguousarray(got).tobytes() != numpy.ascontiguousarray(want).tobytes():
            raise AssertionError('structured arrays differ: {}\n ACTUAL: {!r}\n DESIRED: {!r}'
                                 .format(err_msg, got, want))
        return
    if (rtol or atol) and want.dtype.kind in 'fc':
        _npt.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True, err_msg=err_msg,
                             strict=True)
    else:
        _npt.assert_array_equal(got, want, err_msg=err_msg, strict=True)


def assert_matches_numpy(actual, desired, *, strides_check=False, rtol=0, atol=0,
                         exact_bits=False, view_of=None, err_msg=''):
    """Asserts that ``actual`` is a cupric array equal to NumPy's ``desired``: the same
    dtype, shape and every value (NaNs at the same places compare equal; -0.0 equals 0.0).

    Args:
        actual: a :class:`cupric.ndarray`, or a tuple/list of them.
        desired: NumPy's result (array, NumPy scalar or Python scalar, compared as
            ``numpy.asarray(desired)``), or a tuple/list of them of the same kind (a tuple
            for a tuple) and length as ``actual``.
        strides_check (bool): also require NumPy's strides (only for non-empty results,
            whose strides NumPy leaves unspecified).
        rtol, atol (float or dict): compare float and complex values with
            :func:`numpy.testing.assert_allclose` instead of exactly (bool and integer
            values are always compared exactly). A dict maps dtypes to tolerances, with
            ``'default'`` for the rest, as in :func:`numpy_cupy_allclose`; NumPy's dtype
            picks the entry.
        exact_bits (bool): compare every value bit for bit (so -0.0 differs from 0.0);
            NaNs must be at the same places, but their sign and payload are not compared.
        view_of (tuple): ``(cupric_source, numpy_source)``: ``actual`` must share the
            memory of ``cupric_source`` exactly when ``desired`` shares ``numpy_source``'s
            (checked for non-empty results: :func:`numpy.shares_memory` is False for any
            empty array).
        err_msg (str): added to the failure message.

    bfloat16 (ml_dtypes) and structured dtypes are compared too (by value and by bytes).
    """
    __tracebackhide__ = True
    if isinstance(desired, (tuple, list)):
        if not isinstance(actual, (tuple, list)):
            raise AssertionError('NumPy gives a {} of {} items, cupric a {} {}'.format(
                type(desired).__name__, len(desired), type(actual).__name__, err_msg))
        if isinstance(actual, tuple) != isinstance(desired, tuple):
            raise AssertionError('NumPy gives a {}, cupric a {} {}'.format(
                type(desired).__name__, type(actual).__name__, err_msg))
        if len(actual) != len(desired):
            raise AssertionError('NumPy gives {} items, cupric {} {}'.format(
                len(desired), len(actual), err_msg))
        for i, (a, d) in enumerate(zip(actual, desired)):
            assert_matches_numpy(a, d, strides_check=strides_check, rtol=rtol, atol=atol,
                                 exact_bits=exact_bits, view_of=view_of, err_msg='{} (item {})'.format(err_msg, i).strip())
        return
    cupric = _cupric()
    if not isinstance(actual, cupric.ndarray):
        raise AssertionError('expected a cupric.ndarray, got {} {}'.format(
            type(actual).__name__, err_msg))
    desired = numpy.asarray(desired)
    if actual.dtype != desired.dtype:
        raise AssertionError('dtypes differ: cupric {}, numpy {} {}'.format(
            actual.dtype, desired.dtype, err_msg))
    if actual.shape != desired.shape:
        raise AssertionError('shapes differ: cupric {}, numpy {} {}'.format(
            actual.shape, desired.shape, err_msg))
    if strides_check and desired.size and actual.strides != desired.strides:
        raise AssertionError('strides differ: cupric {}, numpy {} {}'.format(
            actual.strides, desired.strides, err_msg))
    if view_of is not None and desired.size:
        numpy_view = numpy.shares_memory(desired, view_of[1])
        if _shares_memory(actual, view_of[0]) != numpy_view:
            raise AssertionError('NumPy gives {}, cupric {} {}'.format(
                'a view' if numpy_view else 'a copy', 'a copy' if numpy_view else 'a view',
                err_msg))
    got = actual.get()
    if got.dtype != desired.dtype:
        raise AssertionError('get() changed the dtype: {} for {} {}'.format(
            got.dtype, desired.dtype, err_msg))
    _compare_values(got, desired, rtol, atol, err_msg, exact_bits)


def _raised(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - any exception is the observation
        return e
    return None


def assert_raises_like_numpy(numpy_call, cupric_call, *, match_message=True, expected=None):
    """Asserts that ``cupric_call()`` raises what ``numpy_call()`` raises: an exception of
    exactly NumPy's class and, unless ``match_message=False``, NumPy's message. Returns
    cupric's exception (for further checks).

    Args:
        numpy_call, cupric_call: callables without arguments (the same operation on NumPy
            and on cupric inputs).
        match_message (bool): also require ``str(error)`` to be NumPy's.
        expected (type or tuple of types): when given, NumPy's error must be an instance of
            it too (the test's own statement of which error the operation gives).
    """
    __tracebackhide__ = True
    numpy_error = _raised(numpy_call)
    if numpy_error is None:
        raise AssertionError('NumPy raised nothing; the test expects an error')
    if expected is not None and not isinstance(numpy_error, expected):
        raise AssertionError('NumPy raised {}: {}, not the expected {}'.format(
            type(numpy_error).__name__, numpy_error, expected))
    cupric_error = _raised(cupric_call)
    if cupric_error is None:
        raise AssertionError('cupric raised nothing where NumPy raises {}: {}'.format(
            type(numpy_error).__name__, numpy_error))
    if type(cupric_error) is not type(numpy_error):
        raise AssertionError('cupric raised {}: {}\nwhere NumPy raises {}: {}'.format(
            type(cupric_error).__qualname__, cupric_error, type(numpy_error).__qualname__,
            numpy_error)) from cupric_error
    if match_message and str(cupric_error) != str(numpy_error):
        raise AssertionError('{} messages differ:\n cupric: {}\n numpy:  {}'.format(
            type(numpy_error).__name__, cupric_error, numpy_error)) from cupric_error
    return cupric_error


__all__ = ['assert_matches_numpy', 'assert_raises_like_numpy']
