"""nanargmax and nanargmin against NumPy 2: axes and all-NaN slices."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from statistics_cases import rnd


@pytest.mark.parametrize("func", ["nanargmax", "nanargmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_nanarg(func, axis):
    h = rnd((5, 6))
    h[h > 1] = numpy.nan
    h[0, :4] = numpy.nan
    h[2:, 1] = numpy.nan
    h[1, 1] = 0.5
    h[1:, 0] = 5.0  # no all-NaN slice along either axis
    testing.assert_matches_numpy(getattr(cp, func)(cp.asarray(h), axis=axis),
                                 getattr(numpy, func)(h, axis=axis), rtol=1e-7, atol=1e-12)
    i = (numpy.arange(30).reshape(5, 6) * 7) % 11
    testing.assert_matches_numpy(getattr(cp, func)(cp.asarray(i), axis=axis),
                                 getattr(numpy, func)(i, axis=axis), rtol=1e-7, atol=1e-12)
    testing.assert_matches_numpy(getattr(cp, func)(cp.asarray(h), axis=1, keepdims=True),
                                 getattr(numpy, func)(h, axis=1, keepdims=True), rtol=1e-7, atol=1e-12)


def test_nanarg_all_nan():
    h = numpy.array([[numpy.nan, 1.0], [numpy.nan, numpy.nan]])
    for f in ("nanargmax", "nanargmin"):
        with pytest.raises(ValueError, match="All-NaN slice encountered"):
            getattr(cp, f)(cp.asarray(h), axis=1)
        testing.assert_matches_numpy(getattr(cp, f)(cp.asarray(h), axis=None),
                                     getattr(numpy, f)(h, axis=None), rtol=1e-7, atol=1e-12)
