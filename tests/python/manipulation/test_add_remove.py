"""insert, delete, append, resize and trim_zeros against NumPy 2: values, dtypes, shapes, layouts
and error types and messages."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair, arange_values, layout_views
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


# ---- insert ------------------------------------------------------------------------------------

OBJS = [0, 2, -1, 4, slice(1, 3), slice(None, None, 2), slice(None, None, -1), [1], [0, 2, 2], [3, -1, 0],
        numpy.array(1), numpy.array([True, False, True, False]), []]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("obj", OBJS, ids=repr)
def test_insert_axis_none(dtype, obj):
    h = arange_values((4,), dtype)
    testing.assert_matches_numpy(cp.insert(cp.array(h), obj, 7 if dtype != numpy.bool_ else True),
                                 numpy.insert(h, obj, 7 if dtype != numpy.bool_ else True))
    n_new = len(numpy.arange(4)[obj]) if isinstance(obj, slice) else (
        int(numpy.count_nonzero(obj)) if isinstance(obj, numpy.ndarray) and obj.dtype == bool else numpy.size(obj))
    v = arange_values((max(n_new, 1),), dtype)[::-1]
    testing.assert_matches_numpy(cp.insert(cp.array(h), obj, cp.array(v)), numpy.insert(h, obj, v))


@pytest.mark.parametrize("obj", [1, [1], [0, 3], slice(0, 4, 2), numpy.array([True, False, False, True])], ids=repr)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_insert_axes_and_values(obj, axis):
    for layout, h, d in layout_views(arange_values((4, 4), numpy.float32)):
        for values in [5, [1, 2, 3, 4], [[9], [8], [7], [6]] if axis != 0 else [[9, 8, 7, 6]]]:
            try:
                n = numpy.insert(h, obj, values, axis=axis)
            except ValueError:
                with pytest.raises(ValueError):
                    cp.insert(d, obj, values, axis=axis)
                continue
            r = cp.insert(d, obj, values, axis=axis)
            testing.assert_matches_numpy(r, n)
            assert r.flags.f_contiguous == n.flags.f_contiguous, layout


def test_insert_multi_dim_flatten_and_casts():
    h = arange_values((2, 3), numpy.int32)
    testing.assert_matches_numpy(cp.insert(cp.array(h), [1, 5], [2.7, -1.2]),
                                 numpy.insert(h, [1, 5], [2.7, -1.2]))
    testing.assert_matches_numpy(cp.insert(cp.array(h), 2, cp.array([1.5, 2.5]), axis=1),
                                 numpy.insert(h, 2, numpy.array([1.5, 2.5]), axis=1))
    h0 = numpy.array(5)
    testing.assert_matches_numpy(cp.insert(cp.array(h0), 0, 3), numpy.insert(h0, 0, 3))


def test_insert_errors():
    h = arange_values((4,))
    d = cp.array(h)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, 5, 1), lambda: cp.insert(d, 5, 1),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, -5, 1), lambda: cp.insert(d, -5, 1),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, [9, 1], 1), lambda: cp.insert(d, [9, 1], 1),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, [[1]], 1), lambda: cp.insert(d, [[1]], 1),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, numpy.array([[True]]), 1),
                                     lambda: cp.insert(d, cp.array([[True]]), 1), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, 1, 1, axis=2),
                                     lambda: cp.insert(d, 1, 1, axis=2), expected=numpy.exceptions.AxisError)


# ---- delete ------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("obj", [0, -1, 3, slice(1, 4), slice(None, None, 2), slice(None, None, -3), slice(4, 1),
                                 [0, 2], [2, 2, -1], numpy.array([1]), numpy.array(2), [],
                                 numpy.array([True, False, True, False, True, False])], ids=repr)
def test_delete_axis_none(dtype, obj):
    h = arange_values((6,), dtype)
    testing.assert_matches_numpy(cp.delete(cp.array(h), obj), numpy.delete(h, obj))


@pytest.mark.parametrize("obj", [1, [0, 2], slice(0, 3, 2), numpy.array([False, True, True])], ids=repr)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_delete_axes_layouts(obj, axis):
    for layout, h, d in layout_views(arange_values((3, 3), numpy.complex64)):
        if axis is None and isinstance(obj, numpy.ndarray):
            continue
        n = numpy.delete(h, obj, axis=axis)
        r = cp.delete(d, obj, axis=axis)
        testing.assert_matches_numpy(r, n)


def test_delete_errors():
    h = arange_values((4, 2))
    d = cp.array(h)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, 4, axis=0), lambda: cp.delete(d, 4, axis=0),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, -9), lambda: cp.delete(d, -9),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, [1, 9], axis=0), lambda: cp.delete(d, [1, 9], axis=0),
                                     match_message=False, expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, numpy.array([True, False]), axis=0),
                                     lambda: cp.delete(d, cp.array([True, False]), axis=0), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, numpy.array([1.0, 2.0]), axis=0),
                                     lambda: cp.delete(d, cp.array([1.0, 2.0]), axis=0), match_message=False, expected=IndexError)


# ---- trim_zeros --------------------------------------------------------------------------------

@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF", "F"])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64, numpy.bool_, numpy.complex64])
def test_trim_zeros_1d(trim, dtype):
    h = numpy.array([0, 0, 1, 0, 2, 3, 0, 0], dtype=dtype)
    d = cp.array(h)
    r = cp.trim_zeros(d, trim)
    testing.assert_matches_numpy(r, numpy.trim_zeros(h, trim))
    assert r.base is d  # a view, as NumPy's slice
    z = numpy.zeros(4, dtype)
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(z), trim), numpy.trim_zeros(z, trim))


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("trim", ["fb", "f", "b"])
def test_trim_zeros_nd(axis, trim):
    h = numpy.zeros((5, 6), numpy.int64)
    h[1, 2] = 4
    h[3, 4] = -1
    for _, hh, d in layout_views(h):
        testing.assert_matches_numpy(cp.trim_zeros(d, trim, axis=axis), numpy.trim_zeros(hh, trim, axis=axis))
    e = numpy.zeros((0, 3))
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(e), trim, axis=axis),
                                 numpy.trim_zeros(e, trim, axis=axis))


def test_trim_zeros_errors():
    h = numpy.array([0, 1, 0])
    testing.assert_raises_like_numpy(lambda: numpy.trim_zeros(h, "x"),
                                     lambda: cp.trim_zeros(cp.array(h), "x"), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.trim_zeros(h, axis=1),
                                     lambda: cp.trim_zeros(cp.array(h), axis=1), expected=numpy.exceptions.AxisError)
    h0 = numpy.array(0.0)
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(h0)), numpy.trim_zeros(h0))


def test_append():
    a, ca = arange_pair((2, 3))
    testing.assert_matches_numpy(cp.append(ca, [7, 8]), numpy.append(a, [7, 8]))
    testing.assert_matches_numpy(cp.append(ca, ca, axis=0), numpy.append(a, a, axis=0))


def test_resize():
    h, c = arange_pair((2, 3))
    for shape in [(3, 4), (1,), (0,), (2, 3), 7]:
        testing.assert_matches_numpy(cp.resize(c, shape), numpy.resize(h, shape))
    testing.assert_matches_numpy(cp.resize(cp.zeros((0,)), (2, 2)), numpy.resize(numpy.zeros((0,)), (2, 2)))
    testing.assert_raises_like_numpy(lambda: numpy.resize(h, (-1, 2)), lambda: cp.resize(c, (-1, 2)),
                                     expected=ValueError)
