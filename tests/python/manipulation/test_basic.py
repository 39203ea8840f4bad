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
