"""`fix_random`: fixed seeds for Python's, NumPy's and cupric's random generators during a test."""

import functools
import os
import random
import sys
import types
import unittest

import numpy

# Saved states and how deep set-ups are nested (a retried test sets up inside a set-up);
# only the outermost pair saves and restores.
_saved = None
_nest_count = 0


def _cupric_random():
    mod = sys.modules.get('cupric')
    if mod is None:
        try:
            import cupric as mod
        except ImportError:  # pragma: no cover
            return None
    return getattr(mod, 'random', None)


def do_setup(deterministic=True):
    """Saves the random states and seeds them (99, 100, 101 as in CuPy, or from the OS
    when ``deterministic`` is False)."""
    global _saved
    _saved = (random.getstate(), numpy.random.get_state())
    cr = _cupric_random()
    if cr is not None and hasattr(cr, 'reset_states'):
        cr.reset_states()
    if deterministic:
        random.seed(99)
        numpy.random.seed(100)
        if cr is not None and hasattr(cr, 'seed'):
            cr.seed(101)
    else:
        random.seed()
        numpy.random.seed()
        if cr is not None and hasattr(cr, 'seed'):
            cr.seed()


def do_teardown():
    """Restores the states saved by :func:`do_setup` (cupric's generators are reset)."""
    global _saved
    random.setstate(_saved[0])
    numpy.random.set_state(_saved[1])
    cr = _cupric_random()
    if cr is not None and hasattr(cr, 'reset_states'):
        cr.reset_states()
    _saved = None


def _setup_random():
    global _nest_count
    if _nest_count == 0:
        nondeterministic = bool(int(os.environ.get(
            'CUPRIC_TEST_RANDOM_NONDETERMINISTIC', '0')))
        do_setup(not nondeterministic)
    _nest_count += 1


def _teardown_random():
    global _nest_count
    assert _nest_count > 0, '_setup_random has not been called'
    _nest_count -= 1
    if _nest_count == 0:
        do_teardown()


def generate_seed():
    """Returns a seed drawn from NumPy's (fixed) random state; only inside `fix_random`."""
    assert _nest_count > 0, 'random is not set up'
    return numpy.random.randint(0x7fffffff)


def _wrap_test(impl):
    @functools.wraps(impl)
    def test_func(*args, **kw):
        _setup_random()
        try:
            return impl(*args, **kw)
        finally:
            _teardown_random()
    return test_func


def fix_random():
    """Decorator (for a test method, a unittest.TestCase or a plain test class) that
    fixes the random seeds while each test runs and restores the states afterwards.
    Apply it outside ``retry``/``repeat``, which would otherwise rerun the same numbers.
    ``CUPRIC_TEST_RANDOM_NONDETERMINISTIC=1`` seeds from the OS instead."""
    def decorator(impl):
        if isinstance(impl, types.FunctionType):
            return _wrap_test(impl)
        if isinstance(impl, type) and issubclass(impl, unittest.TestCase):
            set_up, tear_down = impl.setUp, impl.tearDown

            def setUp(self):
                _setup_random()
                set_up(self)

            def tearDown(self):
                try:
                    tear_down(self)
                finally:
                    _teardown_random()
            impl.setUp, impl.tearDown = setUp, tearDown
            return impl
        if isinstance(impl, type):
            for name, value in list(vars(impl).items()):
                if name.startswith('test') and isinstance(value, types.FunctionType):
                    setattr(impl, name, _wrap_test(value))
            return impl
        raise ValueError("Can't apply fix_random to {}".format(impl))
    return decorator
