"""nansum, nanprod, nanmean, nanvar and nanstd against NumPy 2: dtypes, axes, keepdims, where= and
dtype=."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing
from reduction_cases import INEXACT, TOL, values, with_nans


# ---- nan-variants ------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", INEXACT)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_nan_functions(dtype, axis, keepdims):
    h = with_nans((5, 6), dtype, frac=0.3)
    h[1] = numpy.nan  # an all-NaN row
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for name in ["nansum", "nanprod", "nanmean", "nanvar", "nanstd", "nanmax", "nanmin"]:
            testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                  getattr(numpy, name)(h, axis=axis, keepdims=keepdims), **TOL)
        testing.assert_matches_numpy(cp.nanvar(c, axis=axis, ddof=1), numpy.nanvar(h, axis=axis, ddof=1),
                                     **TOL)
        # The NaN-propagating versions for contrast.
        testing.assert_matches_numpy(cp.sum(c, axis=axis), numpy.sum(h, axis=axis), **TOL)
        testing.assert_matches_numpy(cp.mean(c, axis=axis), numpy.mean(h, axis=axis), **TOL)


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64])
def test_nan_functions_of_integers(dtype):
    h = values((4, 5), dtype)
    c = cp.array(h)
    for name in ["nansum", "nanprod", "nanmean", "nanvar", "nanstd"]:
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=0), getattr(numpy, name)(h, axis=0), **TOL)
        testing.assert_matches_numpy(getattr(cp, name)(c), getattr(numpy, name)(h), **TOL)


def test_nan_functions_where_and_dtype():
    h = with_nans((4, 5), numpy.float32)
    mask = values((4, 5), numpy.bool_, seed=9)
    c, m = cp.array(h), cp.array(mask)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        testing.assert_matches_numpy(cp.nansum(c, axis=1, where=m), numpy.nansum(h, axis=1, where=mask),
                                     **TOL)
        testing.assert_matches_numpy(cp.nanmean(c, axis=0, where=m), numpy.nanmean(h, axis=0, where=mask),
                                     **TOL)
        testing.assert_matches_numpy(cp.nansum(c, dtype=numpy.float64), numpy.nansum(h, dtype=numpy.float64),
                                     **TOL)
        testing.assert_matches_numpy(cp.nanmean(c, axis=1, dtype=numpy.float64),
                                     numpy.nanmean(h, axis=1, dtype=numpy.float64), **TOL)
