"""cupric.testing under pytest: a test session in a subprocess, with the stand-in for cupric
installed by its conftest."""

import subprocess
import sys
from pathlib import Path

import fake_cupric


# ---------------------------------------------------------------------------------------
# Under pytest: a test session in a subprocess, with the stand-in installed by its conftest

INNER_CONFTEST = '''
import importlib.util, sys
spec = importlib.util.spec_from_file_location('_testing_selftest', {path!r})
selftest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(selftest)
sys.modules['cupric'] = selftest.make_fake_cupric()
'''

INNER_TESTS = '''
import unittest
import numpy
import pytest
from cupric import testing


class TestPlain:
    @testing.for_float_dtypes()
    @testing.numpy_cupy_allclose()
    def test_ones(self, xp, dtype):
        return xp.ones(3, dtype)

    @pytest.mark.parametrize('n', [1, 2])
    @testing.for_dtypes('bi')
    @testing.numpy_cupy_array_equal()
    def test_stack(self, xp, dtype, n):
        return testing.shaped_arange((n,), xp, dtype)

    @testing.for_CF_orders()
    def test_order(self, order):
        assert order in (None, 'C', 'F', 'c', 'f')

    @testing.for_float_dtypes()
    def test_skip_half(self, dtype):
        if dtype == numpy.float16:
            pytest.skip('no half')

    @testing.for_unsigned_dtypes_combination(names=('a', 'b'), full=True)
    def test_combo(self, a, b):
        pass


class TestCase(unittest.TestCase):
    @testing.for_float_dtypes()
    @testing.numpy_cupy_allclose()
    def test_loop(self, xp, dtype):
        return xp.ones(2, dtype)


@testing.parameterize(*testing.product({'shape': [(2,), (2, 3)]}))
class TestParam:
    def setup_method(self, method):
        self.size = int(numpy.prod(self.shape))

    @testing.numpy_cupy_array_equal()
    def test_shape(self, xp):
        assert self.size == int(numpy.prod(self.shape))
        return testing.shaped_arange(self.shape, xp)


@testing.parameterize({'n': 1}, {'n': 2})
class TestParamCase(unittest.TestCase):
    def setUp(self):
        self.m = self.n * 2

    def test_m(self):
        assert self.m == 2 * self.n


@testing.with_requires('numpy<1')
def test_requires():
    raise AssertionError


@testing.multi_gpu(2)
def test_multi():
    raise AssertionError


@testing.gpu
class TestGpu:
    def test_g(self):
        raise AssertionError


@testing.slow
def test_slow():
    pass


class TestFail:
    @testing.for_dtypes('f')
    @testing.numpy_cupy_allclose()
    def test_bad(self, xp, dtype):
        return xp.ones(2, dtype) * (2 if xp is numpy else 1)
'''


def test_under_pytest(tmp_path):
    import re
    (tmp_path / 'conftest.py').write_text(
        INNER_CONFTEST.format(path=str(Path(fake_cupric.__file__).resolve())))
    (tmp_path / 'test_inner.py').write_text(INNER_TESTS)
    (tmp_path / 'pytest.ini').write_text(
        '[pytest]\nmarkers =\n    gpu: gpu\n    slow: slow\n')
    proc = subprocess.run(
        [sys.executable, '-m', 'pytest', '-v', '-p', 'no:cacheprovider',
         '-W', 'error::pytest.PytestUnknownMarkWarning', '-W', 'error::DeprecationWarning',
         'test_inner.py'],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    outcomes = dict(re.findall(r'^test_inner\.py::(.*?) (PASSED|FAILED|SKIPPED|ERROR)',
                               proc.stdout, re.M))
    assert outcomes, proc.stdout + proc.stderr

    def having(prefix):
        return {k: v for k, v in outcomes.items() if k.startswith(prefix)}

    assert having('TestPlain::test_ones') == {
        'TestPlain::test_ones[float16]': 'PASSED',
        'TestPlain::test_ones[float32]': 'PASSED',
        'TestPlain::test_ones[float64]': 'PASSED'}
    assert len(having('TestPlain::test_stack')) == 4
    assert set(having('TestPlain::test_stack').values()) == {'PASSED'}
    assert 'TestPlain::test_order[None]' in outcomes
    assert len(having('TestPlain::test_order')) == 5
    assert outcomes['TestPlain::test_skip_half[float16]'] == 'SKIPPED'
    assert outcomes['TestPlain::test_skip_half[float32]'] == 'PASSED'
    assert len(having('TestPlain::test_combo')) == 16
    assert outcomes['TestCase::test_loop'] == 'PASSED'
    assert outcomes['TestParam::test_shape[_param_1_{shape=(2, 3)}]'] == 'PASSED'
    assert len(having('TestParam::')) == 2
    param_cases = having('TestParamCase_param_')
    assert len(param_cases) == 2 and set(param_cases.values()) == {'PASSED'}
    assert outcomes['test_requires'] == 'SKIPPED'
    assert outcomes['test_multi'] == 'SKIPPED'
    assert outcomes['TestGpu::test_g'] == 'SKIPPED'
    assert outcomes['test_slow'] == 'PASSED'
    assert outcomes['TestFail::test_bad[float32]'] == 'FAILED'
    assert 'Not equal to tolerance' in proc.stdout
    assert proc.returncode == 1  # only TestFail fails
    assert list(outcomes.values()).count('FAILED') == 1
