"""The array API's sort/argsort(descending=, stable=) on cupric, compared with array-api-strict (the
standard's reference implementation) across dtypes, axes, ties, NaNs and layouts."""
import numpy
import pytest

xs = pytest.importorskip("array_api_strict", reason="array-api-strict is not installed (pip install 'cupric[test]')")

import cupric as cp  # noqa: E402
from cupric import testing  # noqa: E402


def _inputs(dtype, layout):
    rs = numpy.random.RandomState(3)
    h = rs.randint(-3, 4, size=(5, 6)).astype(dtype)  # many ties
    if numpy.dtype(dtype).kind == "f":
        h[1, 2] = h[3, 3] = numpy.nan
    if layout == "t":
        h = h.T
    elif layout == "s":
        h = h[::2, ::-1]
    elif layout == "1d":
        h = h[0]
    elif layout == "empty":
        h = h[:0]
    return h


@pytest.mark.parametrize("layout", ["c", "t", "s", "1d", "empty"])
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "int64"])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("axis", [-1, 0])
def test_sort_and_argsort_match_array_api_strict(dtype, layout, descending, axis):
    h = _inputs(dtype, layout)
    ref = xs.asarray(h)
    x = cp.asarray(h)
    e = numpy.asarray(xs.sort(ref, axis=axis, descending=descending))
    r = cp.sort(x, axis=axis, descending=descending)
    assert r.dtype == e.dtype and r.shape == e.shape
    testing.assert_array_equal(r, e)
    ei = numpy.asarray(xs.argsort(ref, axis=axis, descending=descending, stable=True))
    ri = cp.argsort(x, axis=axis, descending=descending, stable=True)
    assert ri.dtype == ei.dtype
    testing.assert_array_equal(ri, ei)  # stable: ties in input order, in both directions


def test_descending_keeps_ties_in_input_order():
    h = numpy.array([2, 1, 2, 3, 1, 2])
    testing.assert_array_equal(cp.argsort(cp.asarray(h), descending=True), [3, 0, 2, 5, 1, 4])


def test_descending_flattened_and_0d():
    h = numpy.array([[3.0, 1.0], [2.0, 5.0]])
    testing.assert_array_equal(cp.sort(cp.asarray(h), axis=None, descending=True), [5.0, 3.0, 2.0, 1.0])
    testing.assert_array_equal(cp.argsort(cp.asarray(h), axis=None, descending=True), [3, 0, 2, 1])
    testing.assert_array_equal(cp.argsort(cp.asarray(4.0), descending=True), numpy.argsort(numpy.asarray(4.0)))


def test_default_is_numpys_sort():
    h = _inputs("float64", "c")
    testing.assert_array_equal(cp.sort(cp.asarray(h)), numpy.sort(h))
    testing.assert_array_equal(cp.argsort(cp.asarray(h), kind="stable"), numpy.argsort(h, kind="stable"))
    with pytest.raises(ValueError, match="kind"):
        cp.argsort(cp.asarray(h), kind="stable", stable=True, descending=True)


def test_descending_bool_matches_numpy_reversed():
    h = numpy.array([True, False, True, False, False])
    testing.assert_array_equal(cp.sort(cp.asarray(h), descending=True), numpy.sort(h)[::-1])
    testing.assert_array_equal(cp.argsort(cp.asarray(h), descending=True), [0, 2, 1, 3, 4])
