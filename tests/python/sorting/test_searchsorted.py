"""searchsorted against NumPy 2: dtypes, sides, sorter=, scalars, mixed dtypes and errors."""
import numpy
import pytest

import cupric as cp
from array_cases import ALL_DTYPES, params, special_values
from cupric import testing


@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted(dtype, side):
    a = numpy.sort(special_values((40,), dtype, 1))
    v = special_values((3, 9), dtype, 2)
    testing.assert_matches_numpy(cp.searchsorted(cp.array(a), cp.array(v), side=side),
                                 numpy.searchsorted(a, v, side=side))
    testing.assert_matches_numpy(cp.array(a).searchsorted(cp.array(v), side), a.searchsorted(v, side))


def test_searchsorted_sorter_scalars_mixed_dtypes():
    rng = numpy.random.default_rng(0)
    a = rng.standard_normal(30)
    s = numpy.argsort(a)
    v = numpy.array([-1.0, 0.0, numpy.nan, 5.0])
    for side in ["left", "right"]:
        testing.assert_matches_numpy(cp.searchsorted(cp.array(a), cp.array(v), side, sorter=cp.array(s)),
                                     numpy.searchsorted(a, v, side, sorter=s))
    ai = numpy.arange(10, dtype=numpy.int8)
    testing.assert_matches_numpy(cp.searchsorted(cp.array(ai), cp.array([2.5, -1.0, 300.0])),
                                 numpy.searchsorted(ai, [2.5, -1.0, 300.0]))
    testing.assert_matches_numpy(cp.searchsorted(cp.array(ai), 3), numpy.searchsorted(ai, 3))
    testing.assert_matches_numpy(cp.searchsorted(cp.array(ai[:0]), cp.array([1, 2])),
                                 numpy.searchsorted(ai[:0], [1, 2]))


def test_searchsorted_errors():
    a = numpy.arange(3)
    ca = cp.arange(3)
    testing.assert_raises_like_numpy(lambda: numpy.searchsorted(numpy.ones((2, 2)), 1),
                                     lambda: cp.searchsorted(cp.ones((2, 2)), 1))
    testing.assert_raises_like_numpy(lambda: numpy.searchsorted(numpy.array(1), 1),
                                     lambda: cp.searchsorted(cp.array(1), 1))
    testing.assert_raises_like_numpy(lambda: numpy.searchsorted(a, 1, sorter=[0, 1]),
                                     lambda: cp.searchsorted(ca, 1, sorter=cp.array([0, 1])))
    testing.assert_raises_like_numpy(lambda: numpy.searchsorted(a, 1, side="foo"),
                                     lambda: cp.searchsorted(ca, 1, side="foo"))
    with pytest.raises(ValueError):
        cp.searchsorted(ca, 1, sorter=cp.array([0, 1, 7]))
