"""cupric.testing's NumPy-style asserts on cupric arrays, run against the stand-in for cupric."""
import warnings

import numpy
import pytest


# ---------------------------------------------------------------------------------------
# Asserts

class TestAsserts:
    """V14-TESTING: cupric.testing follows NumPy 2's testing API."""

    @pytest.mark.parametrize('name', [
        'assert_allclose', 'assert_array_almost_equal', 'assert_array_almost_equal_nulp',
        'assert_array_max_ulp', 'assert_array_equal', 'assert_array_less', 'assert_equal',
        'assert_almost_equal', 'assert_approx_equal', 'assert_raises',
        'assert_raises_regex', 'assert_string_equal', 'assert_'])
    def test_v14_testing_signatures_follow_numpy2(self, testing, name):
        import inspect
        ours = inspect.signature(getattr(testing, name)).parameters
        theirs = inspect.signature(getattr(numpy.testing, name)).parameters
        assert list(ours)[:len(theirs)] == list(theirs)
        for p in theirs.values():
            assert ours[p.name].kind == p.kind and ours[p.name].default == p.default

    def test_accept_cupric_and_numpy(self, testing, fake):
        a = fake.array([1.0, 2.0, 3.0])
        n = numpy.array([1.0, 2.0, 3.0])
        testing.assert_allclose(a, n)
        testing.assert_allclose(n, a * 1.0000001, rtol=1e-6)
        testing.assert_array_almost_equal(a, n)
        testing.assert_array_almost_equal_nulp(a, n)
        testing.assert_array_max_ulp(a, n)
        testing.assert_array_equal(a, a)
        testing.assert_array_less(a, n + 1)
        testing.assert_equal(a, n)
        testing.assert_equal({'x': [a, (a,)]}, {'x': [n, (n,)]})
        testing.assert_almost_equal(a, n)
        testing.assert_approx_equal(fake.array(1.0), 1.0)
        testing.assert_array_list_equal([a, a], [n, n])

    def test_failures(self, testing, fake):
        a = fake.array([1.0, 2.0])
        with pytest.raises(AssertionError, match='Not equal to tolerance'):
            testing.assert_allclose(a, [1.0, 2.1])
        with pytest.raises(AssertionError, match='Arrays are not equal'):
            testing.assert_array_equal(a, [1.0, 3.0], err_msg='ctx')
        with pytest.raises(AssertionError):
            testing.assert_array_less(a, a)
        with pytest.raises(AssertionError):
            testing.assert_equal(a, [1.0])

    def test_strict(self, testing, fake):
        a = fake.array([1.0, 1.0])
        testing.assert_array_equal(a, 1.0)
        with pytest.raises(AssertionError):
            testing.assert_array_equal(a, 1.0, strict=True)
        with pytest.raises(AssertionError):
            testing.assert_allclose(a, numpy.ones(2, numpy.float32), strict=True)
        with pytest.raises(AssertionError):
            testing.assert_array_less(a, 2.0, strict=True)

    def test_strides_check(self, testing, fake):
        a = fake.array(numpy.ones((2, 4)))
        testing.assert_array_equal(a, numpy.ones((2, 4)), strides_check=True)
        with pytest.raises(AssertionError, match='Strides'):
            testing.assert_array_equal(a[:, ::2], numpy.ones((2, 2)), strides_check=True)

    def test_list_equal_checks(self, testing, fake):
        a = fake.array([1])
        with pytest.raises(AssertionError, match='Matching types'):
            testing.assert_array_list_equal([a], (a,))
        with pytest.raises(AssertionError, match='List size'):
            testing.assert_array_list_equal([a], [a, a])
        with pytest.raises(AssertionError, match='item 1'):
            testing.assert_array_list_equal([a, a], [a, fake.array([2])])

    def test_assert_warns(self, testing):
        with testing.assert_warns(DeprecationWarning):
            warnings.warn('old', DeprecationWarning)
        with pytest.raises(AssertionError, match='UserWarning not triggered'):
            with testing.assert_warns(UserWarning):
                pass
        assert testing.assert_warns(UserWarning, lambda: warnings.warn('x') or 5) == 5

    def test_assert_function_is_called(self, testing):
        with testing.assert_function_is_called('os.getcwd'):
            import os
            os.getcwd()
        with pytest.raises(AssertionError):
            with testing.assert_function_is_called('os.getcwd', times_called=2):
                os.getcwd()
