"""flip, fliplr/flipud, rot90, roll, tile and repeat against NumPy 2, over layouts."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair
from cupric import testing


# ---- rearranging --------------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_flip_rot90(layout):
    h, c = arange_pair((2, 3, 4), numpy.int16, layout)
    for axis in [None, 0, -1, (0, 2)]:
        testing.assert_matches_numpy(cp.flip(c, axis), numpy.flip(h, axis))
    testing.assert_matches_numpy(cp.fliplr(c), numpy.fliplr(h))
    testing.assert_matches_numpy(cp.flipud(c), numpy.flipud(h))
    for k in range(-1, 6):
        for axes in [(0, 1), (2, 0), (1, -1)]:
            testing.assert_matches_numpy(cp.rot90(c, k, axes), numpy.rot90(h, k, axes))
    assert cp.flip(c).base is not None
    for exc, f in [(ValueError, lambda m, a: m.fliplr(a[0, 0])), (ValueError, lambda m, a: m.rot90(a, 1, (0, 0))),
                   (ValueError, lambda m, a: m.rot90(a, 1, (0, 3))), (ValueError, lambda m, a: m.rot90(a, 1, (0,))),
                   (ValueError, lambda m, a: m.flipud(a[0, 0, 0]))]:
        testing.assert_raises_like_numpy(lambda: f(numpy, h), lambda: f(cp, c), expected=exc)


@pytest.mark.parametrize("shift,axis", [(1, None), (-7, None), (2, 1), ((1, -2), (0, 2)), (3, (0, 1)),
                                        ((1, 2), 1), (0, 0), (25, -1)])
def test_roll(shift, axis):
    h, c = arange_pair((2, 3, 4), numpy.float32, "F")
    testing.assert_matches_numpy(cp.roll(c, shift, axis), numpy.roll(h, shift, axis))


@pytest.mark.parametrize("reps", [2, (2, 1), (1, 2, 3), (2, 1, 1, 2), (0, 2), (1, 1)])
def test_tile(reps):
    for shape in [(), (3,), (2, 3)]:
        h, c = arange_pair(shape, numpy.complex64)
        testing.assert_matches_numpy(cp.tile(c, reps), numpy.tile(h, reps))


@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_repeat(layout):
    h, c = arange_pair((2, 3), numpy.uint16, layout)
    for rep, axis in [(2, None), (3, 0), (0, 1), ([1, 0, 2], 1), ([2], 0), ([1, 2], 0)]:
        r = cp.array(numpy.array(rep)) if isinstance(rep, list) else rep
        testing.assert_matches_numpy(cp.repeat(c, r, axis), numpy.repeat(h, rep, axis))
        testing.assert_matches_numpy(c.repeat(r, axis), h.repeat(rep, axis))
    for exc, f in [(ValueError, lambda m, a: m.repeat(a, -1)),
                   (ValueError, lambda m, a: m.repeat(a, m.array([1, -1, 2]), 1)),
                   (ValueError, lambda m, a: m.repeat(a, m.array([1, 2]), 1))]:
        testing.assert_raises_like_numpy(lambda: f(numpy, h), lambda: f(cp, c), match_message=False,
                                         expected=exc)
