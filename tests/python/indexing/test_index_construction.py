"""indices, ix_, diag_indices(_from), unravel_index, ravel_multi_index, fill_diagonal,
mask_indices and triu/tril_indices(_from) against NumPy 2: values, dtypes and errors."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair
from cupric import testing


# ---- index construction -----------------------------------------------------------------------------

def test_indices_ix_diag():
    testing.assert_matches_numpy(cp.indices((2, 3)), numpy.indices((2, 3)))
    testing.assert_matches_numpy(cp.indices((2, 0, 3), dtype=numpy.float32),
                                 numpy.indices((2, 0, 3), dtype=numpy.float32))
    testing.assert_matches_numpy(cp.indices((2, 3), sparse=True), numpy.indices((2, 3), sparse=True))
    testing.assert_matches_numpy(cp.ix_([0, 1], [True, False, True], []),
                                 numpy.ix_([0, 1], [True, False, True], []))
    testing.assert_raises_like_numpy(lambda: numpy.ix_([[0]]), lambda: cp.ix_([[0]]), expected=ValueError)
    testing.assert_matches_numpy(cp.diag_indices(3, 3), numpy.diag_indices(3, 3))


def test_unravel_ravel_multi_index():
    for order in "CF":
        testing.assert_matches_numpy(cp.unravel_index(cp.array([0, 5, 22]), (2, 3, 4), order=order),
                                     numpy.unravel_index([0, 5, 22], (2, 3, 4), order=order))
        idx = (numpy.array([1, 0, 1]), numpy.array([2, 0, 1]))
        testing.assert_matches_numpy(cp.ravel_multi_index(tuple(cp.array(x) for x in idx), (2, 3), order=order),
                                     numpy.ravel_multi_index(idx, (2, 3), order=order))
    testing.assert_matches_numpy(cp.ravel_multi_index((cp.array([3, -1]), cp.array([4, 1])), (2, 3), mode=("wrap", "clip")),
                                 numpy.ravel_multi_index(([3, -1], [4, 1]), (2, 3), mode=("wrap", "clip")))
    testing.assert_raises_like_numpy(lambda: numpy.unravel_index([10], (2, 3)),
                                     lambda: cp.unravel_index(cp.array([10]), (2, 3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.unravel_index([-1], (2, 3)),
                                     lambda: cp.unravel_index(cp.array([-1]), (2, 3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.ravel_multi_index(([5], [1]), (2, 3)),
                                     lambda: cp.ravel_multi_index((cp.array([5]), cp.array([1])), (2, 3)), expected=ValueError)


@pytest.mark.parametrize("shape,wrap", [((4, 4), False), ((5, 3), False), ((7, 3), True), ((3, 3, 3), False),
                                        ((3, 5), False)])
def test_fill_diagonal(shape, wrap):
    h, c = arange_pair(shape, numpy.float64)
    numpy.fill_diagonal(h, [7, 8], wrap=wrap)
    cp.fill_diagonal(c, [7, 8], wrap=wrap)
    testing.assert_matches_numpy(c, h)
    testing.assert_raises_like_numpy(lambda: numpy.fill_diagonal(numpy.zeros(3), 1),
                                     lambda: cp.fill_diagonal(cp.zeros(3), 1), expected=ValueError)


# ---- mask_indices / triu_indices / tril_indices / trace ----------------------------------------

@pytest.mark.parametrize("n,k,m", [(4, 0, None), (4, 1, None), (4, -2, None), (3, 0, 5), (5, 2, 3), (0, 0, None),
                                   (3, 10, None), (3, -10, 4)])
def test_tri_indices(n, k, m):
    testing.assert_matches_numpy(cp.triu_indices(n, k, m), numpy.triu_indices(n, k, m))
    testing.assert_matches_numpy(cp.tril_indices(n, k, m), numpy.tril_indices(n, k, m))
    a = numpy.zeros((n, n if m is None else m))
    testing.assert_matches_numpy(cp.triu_indices_from(cp.array(a), k), numpy.triu_indices_from(a, k))
    testing.assert_matches_numpy(cp.tril_indices_from(cp.array(a), k), numpy.tril_indices_from(a, k))


def test_tri_indices_use_and_errors():
    a = numpy.arange(16).reshape(4, 4)
    d = cp.array(a)
    testing.assert_matches_numpy(d[cp.triu_indices(4, 1)], a[numpy.triu_indices(4, 1)])
    testing.assert_raises_like_numpy(lambda: numpy.triu_indices_from(numpy.ones(3)),
                                     lambda: cp.triu_indices_from(cp.ones(3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.tril_indices_from(numpy.ones((2, 2, 2))),
                                     lambda: cp.tril_indices_from(cp.ones((2, 2, 2))), expected=ValueError)


@pytest.mark.parametrize("k", [0, 1, -1])
def test_mask_indices(k):
    testing.assert_matches_numpy(cp.mask_indices(4, cp.triu, k), numpy.mask_indices(4, numpy.triu, k))
    testing.assert_matches_numpy(cp.mask_indices(3, cp.tril, k), numpy.mask_indices(3, numpy.tril, k))
    testing.assert_matches_numpy(cp.mask_indices(3, lambda m, kk: m * 0),
                                 numpy.mask_indices(3, lambda m, kk: m * 0))


# ---- diag_indices_from and the index-dtype check of take ----------------------------------------

@pytest.mark.parametrize("shape", [(3, 3), (2, 2, 2), (0, 0), (1, 1, 1, 1)])
def test_diag_indices_from(shape):
    h = numpy.zeros(shape)
    testing.assert_matches_numpy(cp.diag_indices_from(cp.array(h)), numpy.diag_indices_from(h))


def test_diag_indices_from_errors():
    for shape in [(3,), (2, 3), (2, 2, 3)]:
        h = numpy.zeros(shape)
        testing.assert_raises_like_numpy(lambda: numpy.diag_indices_from(h),
                                         lambda: cp.diag_indices_from(cp.array(h)), expected=ValueError)
