"""empty_like, zeros_like, ones_like and full_like against NumPy 2: layouts and orders, shape=,
values, warnings and errors; and the creation routines' presence in cupric."""
import numpy
import pytest

import cupric as cp
from array_cases import NUMERIC_DTYPES, check_like_numpy, make_pair, params
from cupric import testing


ComplexWarning = numpy.exceptions.ComplexWarning


# -- *_like ----------------------------------------------------------------------------------------

LIKE_LAYOUTS = ["C", "F", "T", "negstep", "strided", "broadcast", "0d", "zerosize", "1d"]


@pytest.mark.parametrize("order", ["K", "A", "C", "F"])
@pytest.mark.parametrize("layout", LIKE_LAYOUTS)
@pytest.mark.parametrize("dtype", [None, "int16", "complex64"])
@pytest.mark.parametrize("fn", ["zeros_like", "ones_like", "empty_like"])
def test_like_layouts(fn, dtype, layout, order):
    h, c = make_pair(layout, "float32")
    expected = getattr(numpy, fn)(h, dtype=dtype, order=order)
    actual = getattr(cp, fn)(c, dtype=dtype, order=order)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape
    if expected.size > 0:  # NumPy 2 gives zero-size arrays zero strides; cupric's empty() does not
        assert actual.strides == expected.strides, (actual.strides, expected.strides)
    if fn != "empty_like":
        testing.assert_matches_numpy(actual, expected)


@pytest.mark.parametrize("shape", [(4, 5, 6), (2, 3), 7, (3, 1, 2)])
@pytest.mark.parametrize("layout", ["C", "F", "T", "1d"])
def test_like_shape(layout, shape):
    h, c = make_pair(layout, "int32")
    for fn in ("zeros_like", "ones_like", "empty_like"):
        expected = getattr(numpy, fn)(h, shape=shape)
        actual = getattr(cp, fn)(c, shape=shape)
        assert actual.shape == expected.shape and actual.strides == expected.strides, fn
    testing.assert_matches_numpy(cp.full_like(c, 7, shape=shape), numpy.full_like(h, 7, shape=shape))


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
@pytest.mark.parametrize("value", [0, 1, -1, 3.7, True, numpy.float32(2.5), numpy.int8(-3), 1e10, 300], ids=repr)
def test_full_like_values(dtype, value):
    h, c = make_pair("C", "float64")
    check_like_numpy(lambda xp: xp.full_like(h if xp is numpy else c, value, dtype=dtype))


def test_full_like_warnings_and_errors():
    h = numpy.zeros(3, numpy.uint8)
    c = cp.zeros(3, numpy.uint8)
    testing.assert_raises_like_numpy(lambda: numpy.full_like(h, 300), lambda: cp.full_like(c, 300))
    testing.assert_raises_like_numpy(lambda: numpy.full_like(h, -1), lambda: cp.full_like(c, -1))
    with pytest.warns(ComplexWarning):
        r = cp.full_like(cp.zeros(2), 1 + 2j)
    testing.assert_matches_numpy(r, numpy.full_like(numpy.zeros(2), 1))
    testing.assert_matches_numpy(cp.full_like(c, cp.array([1, 2, 3])), numpy.full_like(h, [1, 2, 3]))
    testing.assert_matches_numpy(cp.full_like([1.5, 2.5], 4), numpy.full_like([1.5, 2.5], 4))


def test_like_void():
    h = numpy.zeros(2, "V8")
    c = cp.zeros(2, "V8")
    testing.assert_matches_numpy(cp.zeros_like(c), numpy.zeros_like(h))
    assert cp.empty_like(c).dtype == numpy.dtype("V8")
    with pytest.raises(TypeError):
        cp.ones_like(c)  # NumPy writes the byte 1; cupric does not compute values for void dtypes


@pytest.mark.parametrize("fn", ["zeros_like", "ones_like", "empty_like"])
def test_like_of_lists(fn):
    expected = getattr(numpy, fn)([[1, 2], [3, 4]])
    actual = getattr(cp, fn)([[1, 2], [3, 4]])
    assert actual.dtype == expected.dtype and actual.shape == expected.shape


def test_exported():
    for name in ["arange", "linspace", "logspace", "meshgrid", "eye", "identity", "diag", "diagflat", "tri", "tril",
                 "triu", "empty_like", "zeros_like", "ones_like", "full_like"]:
        assert callable(getattr(cp, name)), name
