"""copyto, atleast_1d/2d/3d, require, broadcast_shapes and three-argument where against NumPy 2."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair
from cupric import testing


def test_atleast():
    for shape in [(), (3,), (2, 3), (2, 3, 4), (1, 2, 3, 4)]:
        h, c = arange_pair(shape)
        for name in ["atleast_1d", "atleast_2d", "atleast_3d"]:
            testing.assert_matches_numpy(getattr(cp, name)(c), getattr(numpy, name)(h))
    testing.assert_matches_numpy(cp.atleast_2d(cp.zeros(2), cp.ones(()))[1],
                                 numpy.atleast_2d(numpy.zeros(2), numpy.ones(()))[1])


def test_copyto():
    h, c = arange_pair((2, 3), numpy.float64)
    m = numpy.array([True, False, True])
    numpy.copyto(h, numpy.arange(3.0) + 10, where=m)
    cp.copyto(c, cp.array(numpy.arange(3.0) + 10), where=cp.array(m))
    testing.assert_matches_numpy(c, h)
    numpy.copyto(h, 5)
    cp.copyto(c, 5)
    testing.assert_matches_numpy(c, h)
    with pytest.raises(TypeError):
        cp.copyto(cp.zeros(3, dtype=numpy.int32), cp.zeros(3))
    with pytest.raises(TypeError):
        cp.copyto(cp.zeros(3, dtype=numpy.int32), cp.zeros(3), where=cp.array([True, False, True]))
    with pytest.raises(ValueError):
        cp.copyto(cp.zeros(3), cp.zeros(2))


def test_where_three_args_and_broadcast_shapes_require():
    cond = numpy.array([[True, False, True]])
    x, y = numpy.arange(6.0).reshape(2, 3), numpy.float32(-1)
    testing.assert_matches_numpy(cp.where(cp.array(cond), cp.array(x), y), numpy.where(cond, x, y))
    assert cp.broadcast_shapes((2, 1), (3,)) == numpy.broadcast_shapes((2, 1), (3,))
    with pytest.raises(ValueError):
        cp.broadcast_shapes((2,), (3,))
    h, c = arange_pair((2, 3), numpy.int32, "F")
    r = cp.require(c, numpy.float32, "C")
    assert r.flags.c_contiguous and r.dtype == numpy.float32
    testing.assert_matches_numpy(r, numpy.require(h, numpy.float32, "C"))


@pytest.mark.parametrize("shapes", [((2, 1), (3,)), (3, (2, 3)), ((), (4, 1), (1, 5)), ((0,), (1,)), ()])
def test_broadcast_shapes_matches_numpy(shapes):
    assert cp.broadcast_shapes(*shapes) == numpy.broadcast_shapes(*shapes)


@pytest.mark.parametrize("shapes", [((2,), (3,)), ((4, 1), (2, 3), (5, 3)), ((1, 2), (3, 1), (3, 4)), ((-1,),),
                                    ((2, -1), (2, 1))])
def test_broadcast_shapes_errors_match_numpy(shapes):
    # (the C++ routine decides: NumPy's message names the first two arguments that disagree)
    testing.assert_raises_like_numpy(lambda: numpy.broadcast_shapes(*shapes), lambda: cp.broadcast_shapes(*shapes))


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("requirements", [None, "C", "F", ["C", "O"], ["F_CONTIGUOUS", "W"], "A", ["ALIGNED", "E"],
                                          "O", ["owndata"]])
@pytest.mark.parametrize("dtype", [None, numpy.float32])
def test_require_matches_numpy(order, requirements, dtype):
    h, c = arange_pair((2, 3), numpy.int32, order)
    h = numpy.array(h, order="K")  # owning its data, as c does
    for hx, cx in [(h, c), (h[:, ::2], c[:, ::2]), (h.T, c.T)]:
        expected = numpy.require(hx, dtype, requirements)
        got = cp.require(cx, dtype, requirements)
        testing.assert_matches_numpy(got, expected)
        assert got.flags.c_contiguous == expected.flags.c_contiguous
        assert got.flags.f_contiguous == expected.flags.f_contiguous
        assert (got is cx) == (expected is hx)  # no copy where NumPy makes none
        if requirements and "O" in [r[0].upper() for r in requirements]:
            assert got.flags.owndata


def test_require_errors_match_numpy():
    h, c = arange_pair((2, 3), numpy.int32)
    testing.assert_raises_like_numpy(lambda: numpy.require(h, None, ["C", "F"]), lambda: cp.require(c, None, ["C", "F"]))
    testing.assert_raises_like_numpy(lambda: numpy.require(h, None, ["X"]), lambda: cp.require(c, None, ["X"]))
    testing.assert_matches_numpy(cp.require([[1, 2], [3, 4]], numpy.float64, "F"),
                                 numpy.require([[1, 2], [3, 4]], numpy.float64, "F"))
