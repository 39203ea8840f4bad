"""The flat gather of take and the bounds checks of take and put (issue 6) against NumPy 2 on
both backends: random indices, modes, and out-of-bounds indices that raise and change nothing."""
import numpy
import pytest

import cupric as cp
from array_cases import random_values
from cupric import testing


N = 3 * 16384 + 1234  # three full mask tiles and a partial one


# -- take ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float16, numpy.float32, numpy.int64, numpy.complex128])
def test_issue6_take_random(dtype):
    h = random_values(N, dtype)
    i = numpy.random.default_rng(3).integers(-N, N, 70001)
    testing.assert_matches_numpy(cp.take(cp.array(h), cp.array(i)), numpy.take(h, i))
    testing.assert_matches_numpy(cp.array(h).take(cp.array(i[:5])), h.take(i[:5]))
    i2 = i[: 70000].reshape(100, 700)
    testing.assert_matches_numpy(cp.take(cp.array(h), cp.array(i2)), numpy.take(h, i2))
    # strided indices and a strided source take the general gather
    testing.assert_matches_numpy(cp.take(cp.array(h)[::3], cp.array(i)[::2] // 3),
                                 numpy.take(h[::3], i[::2] // 3))


@pytest.mark.parametrize("mode", ["wrap", "clip"])
def test_issue6_take_modes_out_of_range(mode):
    h = random_values(N, numpy.float32)
    i = numpy.random.default_rng(4).integers(-3 * N, 3 * N, 50000)
    testing.assert_matches_numpy(cp.take(cp.array(h), cp.array(i), mode=mode), numpy.take(h, i, mode=mode))


def test_issue6_take_out_of_bounds_raises_and_changes_nothing():
    h = random_values(N, numpy.float32)
    i = numpy.random.default_rng(5).integers(0, N, 50000)
    i[40000] = N + 7
    a, ci = cp.array(h), cp.array(i)
    out = cp.full(i.shape, -1.0, dtype=cp.float32)
    with pytest.raises(IndexError, match=f"index {N + 7} is out of bounds for axis 0 with size {N}"):
        cp.take(a, ci)
    with pytest.raises(IndexError):
        numpy.take(h, i)
    with pytest.raises(IndexError):
        cp.take(a, ci, out=out)
    testing.assert_matches_numpy(a, h)
    testing.assert_matches_numpy(ci, i)
    testing.assert_matches_numpy(out, numpy.full(i.shape, -1.0, numpy.float32))
    i[40000] = -N - 1
    with pytest.raises(IndexError, match=f"index {-N - 1} is out of bounds"):
        cp.take(a, cp.array(i))
    with pytest.raises(IndexError):
        a[cp.array(i)]


def test_issue6_put_out_of_bounds_changes_nothing():
    h = random_values(N, numpy.float32)
    a = cp.array(h)
    i = numpy.arange(0, N + 10, 7)
    with pytest.raises(IndexError):
        cp.put(a, cp.array(i), cp.arange(i.size, dtype=cp.float32))
    testing.assert_matches_numpy(a, h)
    with pytest.raises(IndexError):
        a[cp.array(i)] = 1.0
    testing.assert_matches_numpy(a, h)
