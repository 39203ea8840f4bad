"""unique (+ Array API unique_*), isin, intersect1d, union1d, setdiff1d and setxor1d against
NumPy 2: dtypes, NaN rules (equal_nan), signed zeros, axes, layouts, zero-size, errors."""
import numpy
import pytest

import cupric as cp
from array_cases import ALL_DTYPES, make_pair, params, special_pair, special_values
from cupric import testing


try:
    from hypothesis import given, strategies as st
    from hypothesis.extra import numpy as hnp
except ImportError:  # pragma: no cover
    given = None


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


@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
@pytest.mark.parametrize("equal_nan", [True, False])
def test_unique_all_returns(dtype, equal_nan):
    h, c = special_pair((6, 13), dtype, 3)
    for ri in (False, True):
        for rv in (False, True):
            for rc in (False, True):
                loose = rv and not ri and not equal_nan
                check_unique(cp.unique(c, ri, rv, rc, equal_nan=equal_nan),
                             numpy.unique(h, ri, rv, rc, equal_nan=equal_nan), 1 + ri if loose else None, h)


@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64", "bool"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unique_axis(dtype, axis):
    h = special_values((6, 4), dtype, 9)
    h = numpy.concatenate([h, h[:2]], axis=0)
    h = numpy.concatenate([h, h[:, :1]], axis=1)
    c = cp.array(h)
    check_unique(cp.unique(c, True, True, True, axis=axis), numpy.unique(h, True, True, True, axis=axis))
    check_unique(cp.unique(c, axis=axis), numpy.unique(h, axis=axis))


def test_unique_zero_size_and_errors():
    for shape in [(0,), (2, 0), (0, 3)]:
        h = numpy.zeros(shape, "float32")
        check_unique(cp.unique(cp.array(h), True, True, True), numpy.unique(h, True, True, True))
    h = numpy.zeros((3, 0))
    check_unique(cp.unique(cp.array(h), True, True, True, axis=0), numpy.unique(h, True, True, True, axis=0))
    check_unique(cp.unique(cp.array(5), True, True, True), numpy.unique(numpy.array(5), True, True, True))
    testing.assert_raises_like_numpy(lambda: numpy.unique(numpy.ones((2, 2)), axis=2),
                                     lambda: cp.unique(cp.ones((2, 2)), axis=2))


def test_array_api_unique():
    h, c = special_pair((5, 8), "float64", 4)
    for name in ["unique_counts", "unique_inverse", "unique_all"]:
        r, e = getattr(cp, name)(c), getattr(numpy, name)(h)
        assert r._fields == e._fields
        check_unique(tuple(r), tuple(e), 1 if name == "unique_inverse" else None, h)
    testing.assert_matches_numpy(cp.unique_values(c), numpy.sort(numpy.unique_values(h)))


# ---- isin and the set routines -------------------------------------------------------------

@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
def test_isin(dtype):
    e, ce = special_pair((4, 9), dtype, 1)
    t, ct = special_pair((17,), dtype, 2)
    for invert in (False, True):
        testing.assert_matches_numpy(cp.isin(ce, ct, invert=invert), numpy.isin(e, t, invert=invert))
    testing.assert_matches_numpy(cp.isin(ce, ct[:0]), numpy.isin(e, t[:0]))


def test_isin_mixed_and_errors():
    e = numpy.array([1, 2, 3, 4])
    t = numpy.array([2.0, 4.5, -0.0])
    testing.assert_matches_numpy(cp.isin(cp.array(e), cp.array(t)), numpy.isin(e, t))
    testing.assert_matches_numpy(cp.isin(cp.array([0.0, -0.0, numpy.nan]), cp.array([0.0, numpy.nan])),
                                 numpy.isin([0.0, -0.0, numpy.nan], [0.0, numpy.nan]))
    testing.assert_matches_numpy(cp.isin(cp.array(e), cp.array([1, 3]), kind="table"),
                                 numpy.isin(e, [1, 3], kind="table"))
    testing.assert_raises_like_numpy(lambda: numpy.isin(e, t, kind="table"),
                                     lambda: cp.isin(cp.array(e), cp.array(t), kind="table"))
    testing.assert_raises_like_numpy(lambda: numpy.isin(e, t, kind="x"),
                                     lambda: cp.isin(cp.array(e), cp.array(t), kind="x"))


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float32", "float64", "complex128", "bool"])
def test_set_routines(dtype):
    a, ca = special_pair((3, 7), dtype, 11)
    b, cb = special_pair((15,), dtype, 12)
    testing.assert_matches_numpy(cp.intersect1d(ca, cb), numpy.intersect1d(a, b))
    for x, y in zip(cp.intersect1d(ca, cb, return_indices=True), numpy.intersect1d(a, b, return_indices=True)):
        testing.assert_matches_numpy(x, y)
    testing.assert_matches_numpy(cp.union1d(ca, cb), numpy.union1d(a, b))
    testing.assert_matches_numpy(cp.setdiff1d(ca, cb), numpy.setdiff1d(a, b))
    testing.assert_matches_numpy(cp.setxor1d(ca, cb), numpy.setxor1d(a, b))
    ua, ub = numpy.unique(a), numpy.unique(b)
    cua, cub = cp.array(ua), cp.array(ub)
    testing.assert_matches_numpy(cp.intersect1d(cua, cub, assume_unique=True),
                                 numpy.intersect1d(ua, ub, assume_unique=True))
    for x, y in zip(cp.intersect1d(cua, cub, True, True), numpy.intersect1d(ua, ub, True, True)):
        testing.assert_matches_numpy(x, y)
    testing.assert_matches_numpy(cp.setdiff1d(cua, cub, True), numpy.setdiff1d(ua, ub, True))
    testing.assert_matches_numpy(cp.setxor1d(cua, cub, True), numpy.setxor1d(ua, ub, True))


def test_set_routines_empty():
    e, ce = numpy.array([], "float64"), cp.array(numpy.array([], "float64"))
    x, cx = numpy.array([1.0, 2.0]), cp.array([1.0, 2.0])
    for fn in ["intersect1d", "union1d", "setdiff1d", "setxor1d"]:
        testing.assert_matches_numpy(getattr(cp, fn)(ce, cx), getattr(numpy, fn)(e, x))
        testing.assert_matches_numpy(getattr(cp, fn)(cx, ce), getattr(numpy, fn)(x, e))
        testing.assert_matches_numpy(getattr(cp, fn)(ce, ce), getattr(numpy, fn)(e, e))


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


@pytest.mark.parametrize("layout", ["C", "F", "T", "negstep", "strided", "broadcast", "0d", "zerosize", "1d"])
@pytest.mark.parametrize("dtype", ["int8", "float32", "complex64"])
def test_layouts(layout, dtype):
    h, c = make_pair(layout, dtype)
    check_unique(cp.unique(c, True, True, True), numpy.unique(h, True, True, True))
    t = numpy.ravel(h)[::2]
    testing.assert_matches_numpy(cp.isin(c, cp.array(t)), numpy.isin(h, t))
    a = numpy.sort(numpy.ravel(h))
    testing.assert_matches_numpy(cp.searchsorted(cp.array(a), c), numpy.searchsorted(a, h))
    if h.ndim:
        check_unique(cp.unique(c, True, True, True, axis=0), numpy.unique(h, True, True, True, axis=0))
