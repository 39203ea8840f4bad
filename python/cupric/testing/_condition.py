"""Decorators that run a flaky (random) test several times: `repeat`, `retry` and friends."""

import functools
import os
import traceback
import unittest

from ._dtypes import _skip_classes


def _restart(instance, method_name):
    # Between trials, give the test a fresh fixture state the way its framework would.
    if isinstance(instance, unittest.TestCase):
        instance.tearDown()
        instance.setUp()
        return
    method = getattr(instance, method_name, None)
    if hasattr(instance, 'teardown_method'):
        instance.teardown_method(method)
    if hasattr(instance, 'setup_method'):
        instance.setup_method(method)


def repeat_with_success_at_least(times, min_success):
    """Decorator that runs the test up to ``times`` times and passes it once it has
    succeeded ``min_success`` times; it fails as soon as that is out of reach. A skip in
    any trial skips the test. Between trials the instance's ``setUp``/``tearDown``
    (``setup_method``/``teardown_method``) run again."""
    if not 0 <= min_success <= times:
        raise ValueError('need 0 <= min_success <= times')

    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            instance = args[0] if args else None
            successes = failures = 0
            first_error = None
            for trial in range(times):
                if successes >= min_success:
                    return
                if failures > times - min_success:
                    break
                if trial > 0 and instance is not None and hasattr(instance, f.__name__):
                    _restart(instance, f.__name__)
                try:
                    f(*args, **kwargs)
                except _skip_classes:
                    raise
                except Exception as e:
                    failures += 1
                    if first_error is None:
                        first_error = ''.join(traceback.format_exception(
                            type(e), e, e.__traceback__))
                else:
                    successes += 1
            if successes >= min_success:
                return
            msg = '\nFail: {}, Success: {}'.format(failures, successes)
            if first_error is not None:
                msg += '\n\nThe first error message:\n' + first_error
            raise AssertionError(msg)
        return wrapper
    return decorator


def repeat(times, intensive_times=None):
    """Decorator that requires the test to pass ``times`` times in a row
    (``intensive_times`` unless ``CUPRIC_TEST_CASUAL=1``, when that is given)."""
    if intensive_times is None:
        return repeat_with_success_at_least(times, times)
    casual = bool(int(os.environ.get('CUPRIC_TEST_CASUAL', '0')))
    n = times if casual else intensive_times
    return repeat_with_success_at_least(n, n)


def retry(times):
    """Decorator that passes the test if any of ``times`` trials passes."""
    return repeat_with_success_at_least(times, 1)
