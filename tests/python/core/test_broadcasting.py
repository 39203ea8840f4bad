"""Hypothesis property tests of broadcasting: shapes, views and elementwise results against NumPy."""
import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric

dims = st.integers(0, 3)


@st.composite
def shape_pairs(draw):
    """Two shapes that usually broadcast together (sometimes not), up to 4 dims each."""
    out = draw(st.lists(dims, min_size=0, max_size=4))
    a = [d if draw(st.booleans()) else 1 for d in out]
    b = [d if draw(st.booleans()) else 1 for d in out]
    a = a[draw(st.integers(0, len(a))):]
    b = b[draw(st.integers(0, len(b))):]
    if draw(st.integers(0, 9)) == 0 and b:  # an incompatible pair now and then
        b[-1] = draw(st.integers(2, 5))
    return tuple(a), tuple(b)


def _arange(shape, dtype="float32"):
    return numpy.arange(int(numpy.prod(shape)), dtype=dtype).reshape(shape)


@settings(max_examples=150, deadline=None)
@given(shape_pairs())
def test_broadcast_shapes_and_arrays_match_numpy(pair):
    a_shape, b_shape = pair
    try:
        expected = numpy.broadcast_shapes(a_shape, b_shape)
    except ValueError:
        with pytest.raises(ValueError):
            cupric.broadcast_shapes(a_shape, b_shape)
        with pytest.raises(ValueError):
            cupric.broadcast_arrays(cupric.asarray(_arange(a_shape)), cupric.asarray(_arange(b_shape)))
        return
    assert cupric.broadcast_shapes(a_shape, b_shape) == expected
    ha, hb = _arange(a_shape), _arange(b_shape)
    da, db = cupric.broadcast_arrays(cupric.asarray(ha), cupric.asarray(hb))
    ea, eb = numpy.broadcast_arrays(ha, hb)
    for d, e in ((da, ea), (db, eb)):
        assert d.shape == e.shape
        numpy.testing.assert_array_equal(d.get(), e)


@settings(max_examples=150, deadline=None)
@given(shape_pairs(), st.sampled_from(["C", "F", "T"]))
def test_binary_ufunc_broadcasts_like_numpy(pair, layout):
    a_shape, b_shape = pair
    ha, hb = _arange(a_shape, "int64"), _arange(b_shape, "float32")
    if layout == "F":
        ha = numpy.asfortranarray(ha)
    elif layout == "T":
        ha = ha.T.copy().T  # same values, transposed memory order
    try:
        expected = ha + hb
    except ValueError:
        with pytest.raises(ValueError):
            cupric.asarray(ha) + cupric.asarray(hb)
        return
    got = cupric.asarray(ha) + cupric.asarray(hb)
    assert got.shape == expected.shape and got.dtype == expected.dtype
    numpy.testing.assert_array_equal(got.get(), expected)


@settings(max_examples=100, deadline=None)
@given(shape_pairs())
def test_assignment_broadcasts_like_numpy(pair):
    dst_shape, src_shape = pair
    h = numpy.zeros(dst_shape, dtype="float64")
    d = cupric.zeros(dst_shape, dtype="float64")
    src = _arange(src_shape, "int32")
    try:
        h[...] = src
    except ValueError:
        with pytest.raises(ValueError):
            d[...] = cupric.asarray(src)
        return
    d[...] = cupric.asarray(src)
    numpy.testing.assert_array_equal(d.get(), h)
