"""eye, identity, tri, tril, triu, diag and diagflat against NumPy 2: values, dtypes, shapes,
layouts and exception types, over dtypes."""

import numpy
import pytest

import cupric as cp
from array_cases import NUMERIC_DTYPES, ALL_DTYPES, LAYOUTS, make_pair, params
from cupric import testing


# -- eye, identity, tri ----------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [None] + params(NUMERIC_DTYPES))
@pytest.mark.parametrize("nmk", [(3, None, 0), (2, 3, 1), (3, 2, -1), (4, 4, 3), (2, 3, 5), (3, 3, -7), (0, 0, 0),
                                 (1, 5, -1), (5, 1, 0)], ids=repr)
@pytest.mark.parametrize("order", ["C", "F"])
def test_eye(nmk, dtype, order):
    N, M, k = nmk
    expected = numpy.eye(N, M, k, dtype=dtype, order=order)
    actual = cp.eye(N, M, k, dtype=dtype, order=order)
    # NumPy 2 gives zero-size arrays zero strides; cupric's empty() does not (not eye's business).
    testing.assert_matches_numpy(actual, expected, strides_check=expected.size > 0)


def test_eye_errors():
    testing.assert_raises_like_numpy(lambda: numpy.eye(-1), lambda: cp.eye(-1))
    testing.assert_raises_like_numpy(lambda: numpy.eye(3, order="K"), lambda: cp.eye(3, order="K"))
    with pytest.raises(TypeError):
        cp.eye(3, dtype="V8")


@pytest.mark.parametrize("dtype", [None] + params(NUMERIC_DTYPES))
def test_identity(dtype):
    testing.assert_matches_numpy(cp.identity(4, dtype=dtype), numpy.identity(4, dtype=dtype))


@pytest.mark.parametrize("dtype", [None] + params(NUMERIC_DTYPES))
@pytest.mark.parametrize("nmk", [(3, None, 0), (3, 2, -1), (2, 4, 1), (4, 3, 10), (4, 3, -10), (0, None, 0)], ids=repr)
def test_tri(nmk, dtype):
    N, M, k = nmk
    testing.assert_matches_numpy(cp.tri(N, M, k, dtype=dtype), numpy.tri(N, M, k, dtype=dtype))


# -- tril, triu ------------------------------------------------------------------------------------

@pytest.mark.parametrize("k", [-2, 0, 1, 100])
@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "0d"])
@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
@pytest.mark.parametrize("fn", ["tril", "triu"])
def test_tril_triu(fn, dtype, layout, k):
    h, c = make_pair(layout, dtype)
    expected = getattr(numpy, fn)(h, k)
    actual = getattr(cp, fn)(c, k)
    testing.assert_matches_numpy(actual, expected)
    assert actual.flags.c_contiguous


def test_tril_triu_lists_and_errors():
    testing.assert_matches_numpy(cp.tril([[1, 2], [3, 4]]), numpy.tril([[1, 2], [3, 4]]))
    testing.assert_matches_numpy(cp.triu([1, 2, 3], -1), numpy.triu([1, 2, 3], -1))
    testing.assert_raises_like_numpy(lambda: numpy.tril(numpy.float64(5)), lambda: cp.tril(cp.array(5.0)),
                                     match_message=False)


# -- diag, diagflat --------------------------------------------------------------------------------

@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 9])
@pytest.mark.parametrize("layout", ["1d", "C", "T", "negstep", "strided", "zerosize", "broadcast"])
@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
def test_diag(dtype, layout, k):
    h, c = make_pair(layout, dtype)
    if h.ndim == 3:  # diag takes 1-D or 2-D: use a 2-D slice
        h, c = h[0], c[0]
    expected = numpy.diag(h, k)
    actual = cp.diag(c, k)
    testing.assert_matches_numpy(actual, expected)
    assert not numpy.shares_memory(actual.get(), h)  # cupric copies (as CuPy)


@pytest.mark.parametrize("k", [-2, 0, 3])
@pytest.mark.parametrize("layout", ["1d", "C", "F", "T", "negstep", "0d"])
@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
def test_diagflat(dtype, layout, k):
    h, c = make_pair(layout, dtype)
    testing.assert_matches_numpy(cp.diagflat(c, k), numpy.diagflat(h, k))


def test_diag_lists_and_errors():
    testing.assert_matches_numpy(cp.diag([1, 2, 3], 1), numpy.diag([1, 2, 3], 1))
    testing.assert_matches_numpy(cp.diag([[1, 2], [3, 4]]), numpy.diag([[1, 2], [3, 4]]))
    testing.assert_raises_like_numpy(lambda: numpy.diag(numpy.zeros((2, 2, 2))),
                                     lambda: cp.diag(cp.zeros((2, 2, 2))))
    testing.assert_raises_like_numpy(lambda: numpy.diag(numpy.float64(1)), lambda: cp.diag(cp.array(1.0)))
