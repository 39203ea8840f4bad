"""Class parameterization (`parameterize`, `product`, `product_dict`) as in cupy.testing."""

# `parameterize(*dicts)` runs every test of a class once per dict, with the dict's items
# as attributes of the test instance (`self.shape`, `self.dtype`).
#
# - A plain (pytest) class gets a class-scoped parametrization: its test ids become
#   `TestFoo::test_bar[_param_0_{shape=(2, 3)}]`, as in CuPy v14. The attributes are set on
#   the class by a class-scoped autouse fixture, which pytest runs before `setup_method`
#   and function-scoped fixtures, so those can use them too.
# - A unittest.TestCase (pytest never parametrizes those) is replaced in its module by one
#   generated subclass per dict, `TestFoo_param_0_{shape=(2, 3)}`; applying `parameterize`
#   again multiplies the generated classes.

import itertools
import sys
import types
import unittest

try:
    import pytest
except ImportError:  # pragma: no cover
    pytest = None


def _param_to_str(obj):
    if isinstance(obj, type):
        return obj.__name__
    if isinstance(getattr(obj, '__name__', None), str):
        return obj.__name__  # functions, modules, ...
    return repr(obj)


def _shorten(s, maxlen):
    if len(s) <= maxlen:
        return s
    head = (maxlen - 3) // 2
    tail = maxlen - 3 - head
    return s[:head] + '...' + s[-tail:]


def _make_class_name(base_class_name, i_param, param):
    params = ', '.join('{}={}'.format(k, _shorten(_param_to_str(v), 100))
                       for k, v in sorted(param.items()))
    return '{}_param_{}_{{{}}}'.format(base_class_name, i_param, _shorten(params, 5000))


def _as_attribute(value):
    # A plain function stored on a class would become a method; keep it a function.
    if isinstance(value, types.FunctionType):
        return staticmethod(value)
    return value


# ---------------------------------------------------------------------------------------
# unittest.TestCase: generated subclasses

class _Bundle:
    """What `parameterize` returns for a TestCase: the generated classes, so that another
    `parameterize` above it can expand them again."""

    def __init__(self, cases):
        self.cases = cases  # list of (class, module name, class name)


def _parameterize_testcase(target, params):
    if isinstance(target, _Bundle):
        sources = target.cases
    else:
        sources = [(target, None, None)]
    generated = []
    for base, module_name, class_name in sources:
        if module_name is not None:
            delattr(sys.modules[module_name], class_name)
        module_name = base.__module__
        module = sys.modules[module_name]
        for i, param in enumerate(params):
            name = _make_class_name(base.__name__, i, param)
            members = {k: _as_attribute(v) for k, v in param.items()}
            members['__test__'] = True
            members['_cupric_testing_param'] = dict(
                getattr(base, '_cupric_testing_param', {}), **param)
            members['__repr__'] = _testcase_repr
            members['__module__'] = module_name
            members['__qualname__'] = name
            cls = type(name, (base,), members)
            setattr(module, name, cls)
            generated.append((cls, module_name, name))
    return _Bundle(generated)


def _testcase_repr(self):
    return '<{}  parameter: {}>'.format(unittest.TestCase.__repr__(self),
                                        self._cupric_testing_param)


# ---------------------------------------------------------------------------------------
# Plain classes: pytest parametrization

def _set_class_params(request, param):
    cls = request.cls
    saved = {k: cls.__dict__[k] for k in param if k in cls.__dict__}
    for k, v in param.items():
        setattr(cls, k, _as_attribute(v))
    yield
    for k in param:
        if k in saved:
            setattr(cls, k, saved[k])
        else:
            delattr(cls, k)


if pytest is not None:
    class _ParameterizeMixin:
        # pytest >= 9.1 wants class-scoped fixtures in classes to be classmethods; older
        # versions take a plain method.
        if pytest.version_tuple >= (9, 1):
            @pytest.fixture(autouse=True, scope='class')
            @classmethod
            def _cupric_testing_parameterize(cls, request, _cupric_testing_param):
                yield from _set_class_params(request, _cupric_testing_param)
        else:  # pragma: no cover
            @pytest.fixture(autouse=True, scope='class')
            def _cupric_testing_parameterize(self, request, _cupric_testing_param):
                yield from _set_class_params(request, _cupric_testing_param)

        def __repr__(self):
            return '<{}  parameter: {}>'.format(super().__repr__(), {
                k: getattr(self, k, None) for k in getattr(self, '_param_keys', ())})


def _parameterize_pytest(cls, params, ids):
    if pytest is None:  # pragma: no cover
        raise RuntimeError('cupric.testing.parameterize needs pytest for non-unittest '
                           'classes')
    if issubclass(cls, _ParameterizeMixin):
        raise RuntimeError('do not `@testing.parameterize` twice')
    if ids:
        make_id = _make_class_name
    else:
        def make_id(_, i, param):
            return str(i)
    values = [pytest.param(p, id=make_id('', i, p)) for i, p in enumerate(params)]
    keys = sorted({k for p in params for k in p})
    new_cls = type(cls.__name__, (_ParameterizeMixin, cls), {'_param_keys': keys})
    new_cls.__module__ = cls.__module__
    new_cls.__qualname__ = cls.__qualname__
    return pytest.mark.parametrize('_cupric_testing_param', values, scope='class')(new_cls)


def parameterize(*params, **kwargs):
    """Class decorator that runs the tests of the class once per dict in ``params``, with
    the dict's items as attributes of the test (``self.shape``)::

        @testing.parameterize(*testing.product({'shape': [(2,), (2, 3)],
                                                'order': ['C', 'F']}))
        class TestRavel:
            def test_ravel(self): ...

    ``_ids=False`` numbers the cases instead of naming their parameters.
    """
    ids = kwargs.pop('_ids', True)
    if kwargs:
        raise TypeError('unexpected keyword arguments: {}'.format(sorted(kwargs)))
    params = [dict(p) for p in params]

    def decorator(cls):
        if isinstance(cls, _Bundle) or issubclass(cls, unittest.TestCase):
            return _parameterize_testcase(cls, params)
        return _parameterize_pytest(cls, params, ids)
    return decorator


def product(parameter):
    """Returns the list of dicts of every combination of the values in ``parameter``,
    a dict mapping names to lists of values (names sorted)::

        product({'a': [1, 2], 'b': ['x']}) == [{'a': 1, 'b': 'x'}, {'a': 2, 'b': 'x'}]
    """
    if not isinstance(parameter, dict):
        raise TypeError('product takes a dict, got {}'.format(type(parameter)))
    keys = sorted(parameter)
    return [dict(zip(keys, values))
            for values in itertools.product(*(parameter[k] for k in keys))]


def product_dict(*parameters):
    """Returns the list of merged dicts of every combination picking one dict from each
    of the lists ``parameters``::

        product_dict([{'a': 1}, {'a': 2}], [{'b': 3}]) == [{'a': 1, 'b': 3},
                                                           {'a': 2, 'b': 3}]
    """
    return [{k: v for d in dicts for k, v in d.items()}
            for dicts in itertools.product(*parameters)]


def from_pytest_parameterize(names, values):
    """Turns pytest-style ``('a,b', [(1, 2), (3, 4)])`` into a list of dicts."""
    names = [n.strip() for n in names.split(',')]
    if len(names) == 1:
        return [{names[0]: v} for v in values]
    return [dict(zip(names, v)) for v in values]


def parameterize_pytest(names, values):
    """`parameterize` taking pytest-style arguments (see `from_pytest_parameterize`)."""
    return parameterize(*from_pytest_parameterize(names, values))
