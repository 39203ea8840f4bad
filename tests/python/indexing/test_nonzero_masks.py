"""nonzero, flatnonzero, argwhere, count_nonzero, compress, extract, place and putmask against NumPy
2."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair, arange_values
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


# ---- masks and nonzero ----------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_nonzero_family(dtype):
    h = arange_values((3, 4, 5), dtype)
    h = numpy.where(arange_values((3, 4, 5)) % 4 == 1, h, numpy.zeros((), dtype))
    c = cp.array(h)
    testing.assert_matches_numpy(cp.nonzero(c), numpy.nonzero(h))
    testing.assert_matches_numpy(c.nonzero(), h.nonzero())
    testing.assert_matches_numpy(cp.flatnonzero(c), numpy.flatnonzero(h))
    testing.assert_matches_numpy(cp.argwhere(c), numpy.argwhere(h))
    testing.assert_matches_numpy(cp.where(c), numpy.where(h))


def test_nonzero_large_and_empty():
    h = (numpy.arange(3 * 4096 + 17) % 7 == 3).reshape(-1, 1)
    testing.assert_matches_numpy(cp.nonzero(cp.array(h)), numpy.nonzero(h))
    testing.assert_matches_numpy(cp.nonzero(cp.zeros((0, 3))), numpy.nonzero(numpy.zeros((0, 3))))
    testing.assert_matches_numpy(cp.argwhere(cp.array(numpy.float64(2.0))),
                                 numpy.argwhere(numpy.float64(2.0)))
    testing.assert_raises_like_numpy(lambda: numpy.nonzero(numpy.float64(1)),
                                     lambda: cp.nonzero(cp.array(1.0)), expected=ValueError)


def test_compress_extract_place_putmask():
    h, c = arange_pair((3, 4), numpy.float64)
    for cond, axis in [([1, 0, 1], 0), ([0, 1], 1), ([True, False, True, True, False], None)]:
        testing.assert_matches_numpy(cp.compress(cond, c, axis=axis), numpy.compress(cond, h, axis=axis))
    testing.assert_matches_numpy(c.compress([1, 0, 1], axis=0), h.compress([1, 0, 1], axis=0))
    testing.assert_raises_like_numpy(lambda: numpy.compress([0, 0, 0, 1], h, axis=0),
                                     lambda: cp.compress([0, 0, 0, 1], c, axis=0), expected=IndexError)
    m = h % 3 == 1
    testing.assert_matches_numpy(cp.extract(cp.array(m), c), numpy.extract(m, h))
    numpy.place(h, m, [10, 20])
    cp.place(c, cp.array(m), [10, 20])
    testing.assert_matches_numpy(c, h)
    numpy.putmask(h, ~m, [-1, -2, -3])
    cp.putmask(c, cp.array(~m), [-1, -2, -3])
    testing.assert_matches_numpy(c, h)
    testing.assert_raises_like_numpy(lambda: numpy.place(h, m, []), lambda: cp.place(c, cp.array(m), []),
                                     expected=ValueError)
