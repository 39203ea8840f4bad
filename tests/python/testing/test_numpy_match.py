"""cupric.testing's one-call comparisons with NumPy, assert_matches_numpy and
assert_raises_like_numpy, on real cupric arrays: what they accept and each way they fail."""
import numpy
import pytest

import cupric
from cupric import testing
from array_cases import BFLOAT16, requires_bf16


def _fails(match, call):
    with pytest.raises(AssertionError, match=match):
        call()


# -- assert_matches_numpy ----------------------------------------------------------------------

def test_equal_arrays_pass_with_nans_and_signed_zeros():
    h = numpy.array([1.0, numpy.nan, -0.0, numpy.inf])
    testing.assert_matches_numpy(cupric.array(h), h)
    testing.assert_matches_numpy(cupric.array(numpy.array([1.0, numpy.nan, 0.0, numpy.inf])), h)


def test_scalars_and_zero_d_desired():
    testing.assert_matches_numpy(cupric.array(numpy.float32(2.5)), numpy.float32(2.5))
    testing.assert_matches_numpy(cupric.array(numpy.int64(3)), 3)
    _fails('dtypes differ', lambda: testing.assert_matches_numpy(cupric.array(numpy.int32(3)), 3))


def test_result_must_be_a_cupric_array():
    h = numpy.arange(3)
    _fails('expected a cupric.ndarray, got ndarray', lambda: testing.assert_matches_numpy(h, h))
    _fails('expected a cupric.ndarray, got int', lambda: testing.assert_matches_numpy(3, numpy.int64(3)))


def test_dtype_shape_and_value_mismatches_fail():
    h = numpy.arange(6, dtype=numpy.int64).reshape(2, 3)
    _fails('dtypes differ: cupric int32, numpy int64',
           lambda: testing.assert_matches_numpy(cupric.array(h.astype(numpy.int32)), h))
    _fails(r'shapes differ: cupric \(3, 2\), numpy \(2, 3\)',
           lambda: testing.assert_matches_numpy(cupric.array(h.reshape(3, 2)), h))
    _fails('Mismatched elements: 1 / 6', lambda: testing.assert_matches_numpy(cupric.array(h + (h == 4)), h))


def test_tolerances_apply_to_inexact_values_only():
    h = numpy.array([1.0, 2.0], numpy.float32)
    near = cupric.array(h * (1 + 1e-6))
    _fails('Arrays are not equal', lambda: testing.assert_matches_numpy(near, h))
    testing.assert_matches_numpy(near, h, rtol=1e-5)
    # Integers stay exact whatever the tolerance.
    i = numpy.array([1000000, 2], numpy.int64)
    _fails('Mismatched', lambda: testing.assert_matches_numpy(cupric.array(i + 1), i, rtol=1e-3))


def test_tolerance_dicts_pick_numpy_dtype():
    tol = {numpy.float16: 1e-2, 'default': 0}
    h16 = numpy.array([1.0, 2.0], numpy.float16)
    testing.assert_matches_numpy(cupric.array(numpy.array([1.0, 2.001], numpy.float16)), h16, rtol=tol)
    h64 = numpy.array([1.0, 2.0])
    _fails('Mismatched', lambda: testing.assert_matches_numpy(cupric.array(h64 + 1e-9), h64, rtol=tol))


def test_strides_check():
    h = numpy.arange(12.0).reshape(3, 4)
    c = cupric.array(h)
    testing.assert_matches_numpy(c.T, h.T, strides_check=True)
    _fails('strides differ', lambda: testing.assert_matches_numpy(c.T.copy(), h.T, strides_check=True))
    # Empty results: NumPy leaves their strides unspecified.
    testing.assert_matches_numpy(cupric.zeros((0, 3)), numpy.zeros((0, 3), order='F'), strides_check=True)


def test_exact_bits():
    h = numpy.array([0.0, -0.0, numpy.nan, 1.5])
    testing.assert_matches_numpy(cupric.array(h), h, exact_bits=True)
    _fails('bit for bit', lambda: testing.assert_matches_numpy(cupric.array(numpy.abs(h)), h,
                                                               exact_bits=True))
    # NaN sign and payload are not compared, their places are.
    testing.assert_matches_numpy(cupric.array(numpy.array([0.0, -0.0, -numpy.nan, 1.5])), h, exact_bits=True)
    _fails('NaN places differ',
           lambda: testing.assert_matches_numpy(cupric.array(numpy.array([numpy.nan, -0.0, 1.0, 1.5])), h,
                                                exact_bits=True))


def test_view_of():
    h = numpy.arange(6.0).reshape(2, 3)
    c = cupric.array(h)
    testing.assert_matches_numpy(c.T, h.T, view_of=(c, h))
    testing.assert_matches_numpy(c.copy(), h.copy(), view_of=(c, h))
    _fails('NumPy gives a view, cupric a copy', lambda: testing.assert_matches_numpy(c.copy(), h.T.T,
                                                                                     view_of=(c, h)))
    _fails('NumPy gives a copy, cupric a view', lambda: testing.assert_matches_numpy(c[:], h.copy(),
                                                                                     view_of=(c, h)))


def test_tuples_and_lists():
    h = numpy.arange(4.0)
    c = cupric.array(h)
    testing.assert_matches_numpy((c, c[1:]), (h, h[1:]))
    testing.assert_matches_numpy([c], [h])
    _fails('NumPy gives a tuple, cupric a list', lambda: testing.assert_matches_numpy([c], (h,)))
    _fails('NumPy gives 2 items, cupric 1', lambda: testing.assert_matches_numpy((c,), (h, h)))
    _fails(r'\(item 1\)', lambda: testing.assert_matches_numpy((c, c), (h, h + 1)))


@requires_bf16
def test_bfloat16_with_nans():
    h = numpy.array([1.0, numpy.nan, -2.5], BFLOAT16)
    testing.assert_matches_numpy(cupric.array(h), h)
    _fails('Mismatched', lambda: testing.assert_matches_numpy(cupric.array(h * 2), h))


def test_structured_dtypes_compare_bytes():
    dt = numpy.dtype([('a', numpy.int32), ('b', numpy.float64)])
    h = numpy.array([(1, 2.0), (3, 4.0)], dt)
    testing.assert_matches_numpy(cupric.array(h), h)
    other = h.copy()
    other['a'][1] = 7
    _fails('structured arrays differ', lambda: testing.assert_matches_numpy(cupric.array(other), h))


# -- assert_raises_like_numpy ----------------------------------------------------------------------

def test_same_error_type_and_message_pass():
    h, c = numpy.zeros(3), cupric.zeros(3)
    e = testing.assert_raises_like_numpy(lambda: h.reshape(4), lambda: c.reshape(4))
    assert type(e) is ValueError
    testing.assert_raises_like_numpy(lambda: h[5], lambda: c[5], expected=IndexError)


def test_raises_nothing_fails():
    _fails('NumPy raised nothing', lambda: testing.assert_raises_like_numpy(lambda: 1, lambda: 1))
    _fails('cupric raised nothing where NumPy raises ValueError: bad',
           lambda: testing.assert_raises_like_numpy(_raiser(ValueError('bad')), lambda: None))


def _raiser(error):
    def call():
        raise error
    return call


def test_exact_class_is_required():
    # A subclass (or a superclass) of NumPy's error is a different error.
    _fails('cupric raised AxisError: x\nwhere NumPy raises ValueError: x',
           lambda: testing.assert_raises_like_numpy(_raiser(ValueError('x')),
                                                    _raiser(numpy.exceptions.AxisError('x'))))
    _fails('cupric raised TypeError', lambda: testing.assert_raises_like_numpy(_raiser(ValueError('x')),
                                                                               _raiser(TypeError('x'))))


def test_messages_must_match_unless_told():
    _fails('ValueError messages differ', lambda: testing.assert_raises_like_numpy(_raiser(ValueError('a')),
                                                                                  _raiser(ValueError('ab'))))
    e = testing.assert_raises_like_numpy(_raiser(ValueError('a')), _raiser(ValueError('b')),
                                         match_message=False)
    assert str(e) == 'b'


def test_expected_checks_numpy_error():
    _fails('not the expected', lambda: testing.assert_raises_like_numpy(_raiser(ValueError('a')),
                                                                        _raiser(ValueError('a')),
                                                                        expected=IndexError))
    testing.assert_raises_like_numpy(_raiser(KeyError('k')), _raiser(KeyError('k')), expected=LookupError)
