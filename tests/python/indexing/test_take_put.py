"""take, put, take_along_axis and put_along_axis against NumPy 2: values, dtypes, layouts,
modes, and error types and messages (the index dtype check of take included)."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


# ---- take / put / along axis ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_take(dtype, layout):
    h, c = arange_pair((3, 4, 5), dtype, layout)
    for ind, axis, mode in [([0, 2], 1, "raise"), ([[0, -1]], 2, "raise"), ([7, -9], None, "wrap"),
                            ([[7], [-9]], 0, "clip"), (2, 1, "raise"), ([], 0, "raise")]:
        testing.assert_matches_numpy(cp.take(c, ind, axis=axis, mode=mode),
                                     numpy.take(h, ind, axis=axis, mode=mode))
        testing.assert_matches_numpy(c.take(cp.array(numpy.asarray(ind, dtype=numpy.int64)), axis=axis, mode=mode),
                                     h.take(ind, axis=axis, mode=mode))


def test_take_errors():
    h, c = arange_pair((3, 5))
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [10], axis=1), lambda: cp.take(c, [10], axis=1),
                                     expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [-10], axis=-1),
                                     lambda: cp.take(c, [-10], axis=-1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [15]), lambda: cp.take(c, [15]),
                                     expected=IndexError)
    e = numpy.zeros((3, 0))
    testing.assert_raises_like_numpy(lambda: numpy.take(e, [1], axis=1, mode="wrap"),
                                     lambda: cp.take(cp.zeros((3, 0)), [1], axis=1, mode="wrap"), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(e, [1], axis=1),
                                     lambda: cp.take(cp.zeros((3, 0)), [1], axis=1), expected=IndexError)
    with pytest.raises(numpy.exceptions.AxisError):
        cp.take(c, [0], axis=2)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put(mode):
    h, c = arange_pair((3, 4), numpy.float32)
    ind = [0, 5, -1] if mode == "raise" else [0, 15, -13]
    numpy.put(h, ind, [1.5, 2.5], mode=mode)
    cp.put(c, ind, [1.5, 2.5], mode=mode)
    testing.assert_matches_numpy(c, h)
    h2, c2 = arange_pair((3, 4), numpy.float32, "F")
    numpy.put(h2, [1, 6], 9)
    cp.put(c2, [1, 6], 9)
    testing.assert_matches_numpy(c2, h2)


def test_put_out_of_bounds_leaves_array():
    h, c = arange_pair((5,), numpy.float64)
    before = h.copy()
    testing.assert_raises_like_numpy(lambda: numpy.put(h, [0, 10], 1), lambda: cp.put(c, [0, 10], 1),
                                     expected=IndexError)
    testing.assert_matches_numpy(c,
                                 before)  # NumPy writes the in-range ones first; cupric checks before writing (differences.md)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_take_put_along_axis(axis):
    h, c = arange_pair((3, 4), numpy.float64)
    if axis is None:
        ind = numpy.array([11, 0, 3])
    else:
        ind = numpy.argsort(-h, axis=axis)[:2] if axis == 0 else numpy.argsort(-h, axis=axis)[:, :2]
    testing.assert_matches_numpy(cp.take_along_axis(c, cp.array(ind), axis),
                                 numpy.take_along_axis(h, ind, axis))
    numpy.put_along_axis(h, ind, -1.0, axis)
    cp.put_along_axis(c, cp.array(ind), -1.0, axis)
    testing.assert_matches_numpy(c, h)


def test_take_along_axis_broadcast_and_errors():
    h, c = arange_pair((3, 1, 4))
    ind = numpy.array([[[0, 3]], [[1, 1]], [[2, 0]]]).reshape(3, 1, 2)
    ind = numpy.broadcast_to(ind, (3, 5, 2)).copy()
    testing.assert_matches_numpy(cp.take_along_axis(c, cp.array(ind), 2), numpy.take_along_axis(h, ind, 2))
    testing.assert_raises_like_numpy(lambda: numpy.take_along_axis(h, numpy.array([[[9]]]), 2),
                                     lambda: cp.take_along_axis(c, cp.array(numpy.array([[[9]]])), 2), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take_along_axis(h, numpy.array([1]), 2),
                                     lambda: cp.take_along_axis(c, cp.array(numpy.array([1])), 2), expected=ValueError)


@pytest.mark.parametrize("idx_dtype", [numpy.float32, numpy.float64, numpy.complex128])
def test_take_non_integer_indices(idx_dtype):
    h = numpy.arange(5.0)
    i = numpy.array([1], dtype=idx_dtype)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, i), lambda: cp.take(cp.array(h), cp.array(i)),
                                     expected=TypeError)
    for ok in [numpy.array([True, False]), numpy.array([1], numpy.uint64), numpy.array([-1], numpy.int8)]:
        testing.assert_matches_numpy(cp.take(cp.array(h), cp.array(ok)), numpy.take(h, ok))
