"""trace (dtypes, axes, dtype=, out=) and diagonal as a view, against NumPy 2."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_values, layout_views
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("offset", [0, 1, -2, 7])
def test_trace_dtypes(dtype, offset):
    for _, h, d in layout_views(arange_values((4, 5), dtype)):
        testing.assert_matches_numpy(cp.trace(d, offset), numpy.trace(h, offset))
        testing.assert_matches_numpy(d.trace(offset), h.trace(offset))


def test_trace_axes_dtype_out():
    h = arange_values((3, 4, 5), numpy.int16)
    d = cp.array(h)
    for a1, a2 in [(0, 1), (1, 2), (2, 0), (-1, -2)]:
        testing.assert_matches_numpy(cp.trace(d, 1, a1, a2), numpy.trace(h, 1, a1, a2))
    testing.assert_matches_numpy(cp.trace(d, dtype=numpy.float32), numpy.trace(h, dtype=numpy.float32))
    out = cp.empty(5, numpy.int64)
    r = cp.trace(d, out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.trace(h))
    r = d.trace(axis1=1, axis2=2, dtype=numpy.int8)
    testing.assert_matches_numpy(r, h.trace(axis1=1, axis2=2, dtype=numpy.int8))
    testing.assert_raises_like_numpy(lambda: numpy.trace(numpy.ones(3)), lambda: cp.trace(cp.ones(3)),
                                     match_message=False, expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.trace(h, 0, 1, 1), lambda: cp.trace(d, 0, 1, 1),
                                     match_message=False, expected=ValueError)


def test_diagonal_is_view():
    h = arange_values((4, 5), numpy.float64)
    d = cp.array(h)
    v = d.diagonal(1)
    assert v.base is d
    testing.assert_matches_numpy(v, h.diagonal(1))
    testing.assert_matches_numpy(cp.diagonal(d.T, -1), numpy.diagonal(h.T, -1))
