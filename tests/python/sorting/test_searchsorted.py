"""searchsorted against NumPy 2: dtypes, sides, sorter=, scalars, mixed dtypes and errors."""
import numpy
import pytest

import cupric as cp
from array_cases import ALL_DTYPES, params
from array_cases import special_values
from cupric import testing


try:
    from hypothesis import given, strategies as st
    from hypothesis.extra import numpy as hnp
except ImportError:  # pragma: no cover
    given = None


# ---- searchsorted / digitize ---------------------------------------------------------------

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


# ---- unique ---------------------------------------------------------------------------------

def check_unique(c_res, n_res, inverse_at=None, source=None):
    """Every result equal to NumPy's; the inverse at position `inverse_at` (when given) is checked
    by reconstruction instead: NumPy's order among equal NaNs (equal_nan=False without
    return_index) comes from an unstable sort and is unspecified."""
    if not isinstance(n_res, tuple):
        n_res, c_res = (n_res,), (c_res,)
    assert len(c_res) == len(n_res)
    for i, (c, n) in enumerate(zip(c_res, n_res)):
        if i == inverse_at:
            assert c.shape == n.shape and c.dtype == n.dtype
            numpy.testing.assert_array_equal(c_res[0].get()[c.get()], source)
        else:
            testing.assert_matches_numpy(c, n)


if given is not None:
    @given(hnp.arrays(st.sampled_from([numpy.int8, numpy.int64, numpy.float32, numpy.complex64]),
                      hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=8)),
           st.booleans())
    def test_unique_hypothesis(h, equal_nan):
        c = cp.array(h)
        check_unique(cp.unique(c, True, True, True, equal_nan=equal_nan),
                     numpy.unique(h, True, True, True, equal_nan=equal_nan))
        check_unique(cp.unique(c, False, True, True, equal_nan=equal_nan),
                     numpy.unique(h, False, True, True, equal_nan=equal_nan), None if equal_nan else 1, h)
