"""NumPy 2 testing asserts that accept cupric arrays as well as NumPy arrays and Python objects."""

import sys

import numpy.testing as _npt

# `__tracebackhide__` in a function makes pytest leave its frame out of failure reports,
# so a failure points at the test line that called the assert.


def _cupric():
    # cupric.testing lives inside cupric, so cupric is already imported whenever this runs;
    # sys.modules first keeps the lookup cheap (these helpers run once per comparison).
    mod = sys.modules.get('cupric')
    if mod is None:
        import cupric as mod
    return mod


def to_host(x):
    """Returns ``x`` with every cupric array in it (also inside lists, tuples and dict
    values) replaced by a NumPy copy; anything else is returned unchanged."""
    cupric = _cupric()
    if isinstance(x, cupric.ndarray):
        return cupric.asnumpy(x)
    if type(x) in (list, tuple):
        items = [to_host(v) for v in x]
        if all(a is b for a, b in zip(items, x)):
            return x
        return type(x)(items)
    if type(x) is dict:
        return {k: to_host(v) for k, v in x.items()}
    return x


def assert_allclose(actual, desired, rtol=1e-7, atol=0, equal_nan=True, err_msg='',
                    verbose=True, *, strict=False):
    """Raises an AssertionError if two objects are not equal up to the tolerance
    ``atol + rtol * abs(desired)``. Either may be a cupric or NumPy array.

    .. seealso:: :func:`numpy.testing.assert_allclose`
    """
    __tracebackhide__ = True
    _npt.assert_allclose(to_host(actual), to_host(desired), rtol=rtol, atol=atol,
                         equal_nan=equal_nan, err_msg=err_msg, verbose=verbose,
                         strict=strict)


def assert_array_almost_equal(actual, desired, decimal=6, err_msg='', verbose=True):
    """Raises an AssertionError if two objects are not equal up to ``decimal`` places.

    .. seealso:: :func:`numpy.testing.assert_array_almost_equal`
    """
    __tracebackhide__ = True
    _npt.assert_array_almost_equal(to_host(actual), to_host(desired), decimal=decimal,
                                   err_msg=err_msg, verbose=verbose)


def assert_array_almost_equal_nulp(x, y, nulp=1):
    """Compares two arrays relative to their spacing (units in the last place).

    .. seealso:: :func:`numpy.testing.assert_array_almost_equal_nulp`
    """
    __tracebackhide__ = True
    _npt.assert_array_almost_equal_nulp(to_host(x), to_host(y), nulp=nulp)


def assert_array_max_ulp(a, b, maxulp=1, dtype=None):
    """Checks that all items of two arrays differ by at most ``maxulp`` units in the last
    place.

    .. seealso:: :func:`numpy.testing.assert_array_max_ulp`
    """
    __tracebackhide__ = True
    return _npt.assert_array_max_ulp(to_host(a), to_host(b), maxulp=maxulp, dtype=dtype)


def assert_array_equal(actual, desired, err_msg='', verbose=True, *, strict=False,
                       strides_check=False):
    """Raises an AssertionError if two array_like objects are not equal.

    ``strict=True`` also requires equal shapes and dtypes (NumPy 2). ``strides_check=True``
    (cupric/CuPy only) also requires equal strides.

    .. seealso:: :func:`numpy.testing.assert_array_equal`
    """
    __tracebackhide__ = True
    _npt.assert_array_equal(to_host(actual), to_host(desired), err_msg=err_msg,
                            verbose=verbose, strict=strict)
    if strides_check and actual.strides != desired.strides:
        lines = ['Strides are not equal:' + (' ' + err_msg if err_msg else '')]
        if verbose:
            lines.append(' actual: {}'.format(actual.strides))
            lines.append(' desired: {}'.format(desired.strides))
        raise AssertionError('\n'.join(lines))


def assert_array_list_equal(xlist, ylist, err_msg='', verbose=True):
    """Compares two lists (or tuples) of arrays pairwise with :func:`assert_array_equal`.

    Both must be of the same type (both lists or both tuples) and of the same length.
    """
    __tracebackhide__ = True
    if type(xlist) is not type(ylist):
        raise AssertionError(
            'Matching types of list or tuple are expected, but were different types '
            '(xlist:{} ylist:{})'.format(type(xlist), type(ylist)))
    if type(xlist) not in (list, tuple):
        raise AssertionError('List or tuple is expected, but was {}'.format(type(xlist)))
    if len(xlist) != len(ylist):
        raise AssertionError('List size is different ({} != {})'.format(
            len(xlist), len(ylist)))
    for i, (x, y) in enumerate(zip(xlist, ylist)):
        msg = '{} (item {})'.format(err_msg, i) if err_msg else 'item {}'.format(i)
        _npt.assert_array_equal(to_host(x), to_host(y), err_msg=msg, verbose=verbose)


def assert_array_less(x, y, err_msg='', verbose=True, *, strict=False):
    """Raises an AssertionError if ``x < y`` does not hold element-wise.

    .. seealso:: :func:`numpy.testing.assert_array_less`
    """
    __tracebackhide__ = True
    _npt.assert_array_less(to_host(x), to_host(y), err_msg=err_msg, verbose=verbose,
                           strict=strict)


def assert_equal(actual, desired, err_msg='', verbose=True, *, strict=False):
    """Raises an AssertionError if two objects (arrays, scalars, nested lists/tuples/dicts)
    are not equal.

    .. seealso:: :func:`numpy.testing.assert_equal`
    """
    __tracebackhide__ = True
    _npt.assert_equal(to_host(actual), to_host(desired), err_msg=err_msg,
                      verbose=verbose, strict=strict)


def assert_almost_equal(actual, desired, decimal=7, err_msg='', verbose=True):
    """Raises an AssertionError if two items are not equal up to ``decimal`` places.

    .. seealso:: :func:`numpy.testing.assert_almost_equal`
    """
    __tracebackhide__ = True
    _npt.assert_almost_equal(to_host(actual), to_host(desired), decimal=decimal,
                             err_msg=err_msg, verbose=verbose)


def assert_approx_equal(actual, desired, significant=7, err_msg='', verbose=True):
    """Raises an AssertionError if two numbers are not equal up to ``significant`` digits.

    .. seealso:: :func:`numpy.testing.assert_approx_equal`
    """
    __tracebackhide__ = True
    _npt.assert_approx_equal(to_host(actual), to_host(desired), significant=significant,
                             err_msg=err_msg, verbose=verbose)


# NumPy's asserts that never see array contents, re-exported unchanged.
assert_ = _npt.assert_
assert_raises = _npt.assert_raises
assert_raises_regex = _npt.assert_raises_regex
assert_string_equal = _npt.assert_string_equal

__all__ = [
    'assert_allclose', 'assert_array_almost_equal', 'assert_array_almost_equal_nulp',
    'assert_array_max_ulp', 'assert_array_equal', 'assert_array_list_equal',
    'assert_array_less', 'assert_equal', 'assert_almost_equal', 'assert_approx_equal',
    'assert_', 'assert_raises', 'assert_raises_regex', 'assert_string_equal',
]
