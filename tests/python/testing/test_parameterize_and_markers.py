"""cupric.testing's requirements (with_requires, installed), markers (gpu, multi_gpu, slow),
parameterize, repeat/retry and fix_random, run against the stand-in for cupric."""
import sys
import types
import unittest

import numpy
import pytest


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
