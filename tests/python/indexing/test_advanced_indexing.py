"""Advanced indexing (integer arrays, boolean masks, mixes with basic indices) against NumPy 2:
values, dtypes, shapes and errors of __getitem__ and __setitem__ over dtypes and layouts, plus
hypothesis property tests of random mixed indices."""
import numpy
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

import cupric as cp
from array_cases import arange_values
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def _layouts(shape, dtype):
    """(numpy, cupric) pairs with the same values: C, F, transposed, negative and non-unit steps."""
    h = arange_values(shape, dtype)
    yield h, cp.array(h)
    yield numpy.asfortranarray(h), cp.array(numpy.asfortranarray(h))
    t = arange_values(shape[::-1], dtype)
    yield t.T, cp.array(t).T
    yield h[::-1], cp.array(h)[::-1]
    w = arange_values(shape[:-1] + (2 * shape[-1],), dtype)
    yield w[..., ::2], cp.array(w)[..., ::2]


def _dev(k):
    """An index with its arrays moved to the device (cupric arrays as indices)."""
    if isinstance(k, tuple):
        return tuple(_dev(x) for x in k)
    if isinstance(k, numpy.ndarray):
        return cp.array(k)
    return k


M = numpy.arange(60).reshape(3, 4, 5) % 7 > 2  # a full mask for shape (3, 4, 5)
KEYS = [
    [0, 2], [-1, 0, -3], numpy.array([[0, 1], [2, 2]]), [],
    (slice(None), [1, 3]), (0, slice(None), [1, 2]), (slice(None), 0, [1, 2]),
    ([[0], [2]], slice(1, 3), [1, 2]), ([0, 2], [1, 3], [4, 0]), ([0, 2], [[1], [3]]),
    (Ellipsis, [1, -1]), ([0], Ellipsis, [1]), (slice(None), [0], Ellipsis, [1]),
    ([0, 1], None, [1, 2]), (None, [0, 1]), ([0, 1], None), (slice(None, None, -1), [2, 0]),
    (M,), (M[:, :, 0],), (slice(None), M[0]), (slice(1, 3), M[0, :, 0]), (M[:, 0, 0], [1, 3]),
    (Ellipsis, M[0, 0]), ([[1], [0]], M[0, :, 0][:, None][:, 0]),
    (True,), (False,), (slice(None), True, [0, 1]), ([0, 1], True),
    (numpy.array([1, 2], numpy.uint8),), (numpy.array([1, 0], numpy.int16), slice(None), numpy.int64(2)),
    (numpy.array(1),), ([True, False, True],), ([[True, False, True, True]] * 3,),
]


@pytest.mark.parametrize("key", KEYS, ids=range(len(KEYS)))
def test_getitem_keys(key):
    for h, c in _layouts((3, 4, 5), numpy.int64):
        testing.assert_matches_numpy(c[key], h[key])
        testing.assert_matches_numpy(c[_dev(key)], h[key])


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_dtypes(dtype):
    for h, c in _layouts((3, 4, 5), dtype):
        for key in [([0, 2], slice(None), [-1, 0]), (M,), (slice(None), [[1, 3]])]:
            testing.assert_matches_numpy(c[key], h[key])


# Repeated targets: NumPy's last write wins; on the GPU which value lands is unspecified
# (docs/differences.md), so values written through repeated indices are compared on the host only.
GPU = cp._core.backend_name() == "cuda"


def _has_repeats(shape, key):
    """True when `key` selects some element of an array of `shape` more than once."""
    flat = numpy.arange(int(numpy.prod(shape))).reshape(shape)[key]
    return numpy.unique(flat).size < numpy.size(flat)


@pytest.mark.parametrize("key", KEYS, ids=range(len(KEYS)))
def test_setitem_scalar_and_array(key):
    for h, c in _layouts((3, 4, 5), numpy.float64):
        h = h.copy()
        h[key] = -7
        c[key] = -7
        testing.assert_matches_numpy(c, h)
        v = -numpy.arange(h[key].size, dtype=numpy.float64).reshape(h[key].shape)
        h[key] = v
        c[key] = cp.array(v)
        if GPU and _has_repeats(h.shape, key):
            continue
        testing.assert_matches_numpy(c, h)


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_casts_and_broadcasts(dtype):
    h = arange_values((3, 4), dtype)
    c = cp.array(h)
    v = numpy.array([[1.5, 2.5, 0.0]])  # broadcasts over the first axis of the result
    key = ([[0], [2]], [1, 3, 0])
    h[key] = v.astype(dtype) if numpy.dtype(dtype).kind in "biu" else v
    c[key] = cp.array(v.astype(dtype) if numpy.dtype(dtype).kind in "biu" else v)
    testing.assert_matches_numpy(c, h)
    h[[2, 0]] = [[5], [6]]
    c[[2, 0]] = [[5], [6]]
    testing.assert_matches_numpy(c, h)


def test_setitem_value_with_leading_ones():
    h = numpy.zeros(5)
    c = cp.zeros(5)
    h[[1, 2]] = numpy.ones((1, 2))
    c[[1, 2]] = cp.ones((1, 2))
    testing.assert_matches_numpy(c, h)


def test_setitem_repeated_indices_one_value_lands():
    c = cp.zeros(4)
    c[[1, 1, 1]] = cp.array([1.0, 2.0, 3.0])
    assert c.get()[1] in (1.0, 2.0, 3.0)
    if c._backend == "host":
        assert c.get()[1] == 3.0  # sequential on the host: the last write wins


def test_setitem_overlapping_value():
    h = numpy.arange(6.0)
    c = cp.array(h)
    h[[0, 1, 2]] = h[3:][::-1]
    c[[0, 1, 2]] = c[3:][::-1]
    testing.assert_matches_numpy(c, h)


def test_mask_assign_single_value_needs_no_count():
    h = numpy.arange(12.0).reshape(3, 4)
    c = cp.array(h)
    m = h % 3 == 1
    h[m] = 0.5
    c[cp.array(m)] = 0.5
    testing.assert_matches_numpy(c, h)
    h[m] = numpy.arange(m.sum())
    c[cp.array(m)] = cp.array(numpy.arange(m.sum()))
    testing.assert_matches_numpy(c, h)


def test_zero_size():
    h = numpy.zeros((3, 0))
    c = cp.zeros((3, 0))
    testing.assert_matches_numpy(c[[0, 2]], h[[0, 2]])
    testing.assert_matches_numpy(c[[]], h[[]])
    testing.assert_matches_numpy(c[numpy.zeros((3, 0), bool)], h[numpy.zeros((3, 0), bool)])
    c[[0, 1]] = 3
    testing.assert_matches_numpy(c, h)


@pytest.mark.parametrize("shape,key", [
    ((5,), [10]), ((5,), [-6]), ((5, 5), ([10], [20])), ((5, 5), ([1], [20])), ((5, 5), ([1, 7], [20, 3])),
    ((3, 0), [5]), ((0, 3), [0]), ((5, 5), (slice(None), [0, 5])), ((3, 4), (0, [1], 9)),
])
def test_out_of_bounds(shape, key):
    h = numpy.zeros(shape)
    c = cp.zeros(shape)
    testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key], expected=IndexError)
    testing.assert_raises_like_numpy(lambda: h.__setitem__(key, 1), lambda: c.__setitem__(key, 1),
                                     expected=IndexError)
    testing.assert_matches_numpy(c, h)  # nothing written


@pytest.mark.parametrize("key", [
    ([1, 2, 3], [1, 2]), numpy.zeros(4, bool), (slice(None), numpy.zeros(4, bool)), [1.0],
    numpy.array([1.5]), (0, 0, 0), ([0], [0], [0]), (Ellipsis, Ellipsis, [0]),
])
def test_index_errors(key):
    h = numpy.zeros((5, 5))
    c = cp.zeros((5, 5))
    testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key], expected=IndexError)


@pytest.mark.parametrize("key,value,exc", [
    ([1, 2], numpy.ones(3), ValueError),
    (numpy.array([True] * 5), numpy.ones(3), ValueError),
    (numpy.ones((5, 5), bool), numpy.ones((1, 4)), TypeError),
    (numpy.arange(25).reshape(5, 5) > 20, numpy.ones(3), ValueError),
    (numpy.array([True, False] * 2 + [True]), numpy.ones((2, 3)), ValueError),
])
def test_setitem_errors(key, value, exc):
    h = numpy.zeros((5, 5))
    c = cp.zeros((5, 5))
    testing.assert_raises_like_numpy(lambda: h.__setitem__(key, value),
                                     lambda: c.__setitem__(key, cp.array(value)), expected=exc)
    testing.assert_matches_numpy(c, h)


@testing.numpy_cupy_array_equal()
def test_with_testing_decorator(xp):
    a = xp.arange(24).reshape(2, 3, 4) if hasattr(xp, "arange") else None
    if a is None:
        a = xp.array(numpy.arange(24).reshape(2, 3, 4))
    return a[[1, 0], :, [[3], [0]]]


# ---- hypothesis: random mixed indices ----------------------------------------------------------

@st.composite
def mixed_index(draw):
    ndim = draw(st.integers(1, 4))
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=ndim, max_size=ndim)))
    key = []
    dim = 0
    used_ellipsis = False
    bshape = draw(st.sampled_from([(), (2,), (1, 3), (2, 1)]))
    while dim < ndim and draw(st.booleans()):
        kind = draw(st.sampled_from(["int", "slice", "array", "none", "ellipsis", "mask"]))
        n = shape[dim]
        if kind == "int" and n > 0:
            key.append(draw(st.integers(-n, n - 1)))
            dim += 1
        elif kind == "slice":
            key.append(slice(draw(st.none() | st.integers(-5, 5)), draw(st.none() | st.integers(-5, 5)),
                             draw(st.sampled_from([None, 1, 2, -1, -2]))))
            dim += 1
        elif kind == "array" and n > 0:
            vals = draw(st.lists(st.integers(-n, n - 1), min_size=int(numpy.prod(bshape)),
                                 max_size=int(numpy.prod(bshape))))
            key.append(numpy.array(vals, dtype=numpy.int64).reshape(bshape))
            dim += 1
        elif kind == "none":
            key.append(None)
        elif kind == "ellipsis" and not used_ellipsis:
            key.append(Ellipsis)
            used_ellipsis = True
            dim = ndim  # the ellipsis takes what is left (later entries are not drawn)
        elif kind == "mask":
            span = draw(st.integers(1, ndim - dim))
            mshape = shape[dim:dim + span]
            bits = draw(st.lists(st.booleans(), min_size=int(numpy.prod(mshape)), max_size=int(numpy.prod(mshape))))
            key.append(numpy.array(bits, dtype=bool).reshape(mshape))
            dim += span
    return shape, tuple(key)


def _np_or_error(f):
    try:
        return f(), None
    except (IndexError, ValueError) as e:
        return None, e


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed_index(), st.sampled_from(["C", "F", "neg"]))
def test_property_getitem(case, layout):
    shape, key = case
    h = arange_values(shape, numpy.int32)
    c = cp.array(h)
    if layout == "F":
        h = numpy.asfortranarray(h)
        c = cp.array(h)
    elif layout == "neg" and len(shape):
        h, c = h[::-1], c[::-1]
    expected, err = _np_or_error(lambda: h[key])
    if err is not None:
        with pytest.raises(type(err)):
            c[_dev(key)]
        return
    testing.assert_matches_numpy(c[_dev(key)], expected)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mixed_index(), st.booleans())
def test_property_setitem(case, array_value):
    shape, key = case
    h = arange_values(shape, numpy.float32)
    c = cp.array(h)
    try:
        target = h[key]
    except (IndexError, ValueError) as e:
        with pytest.raises(type(e)):
            c[_dev(key)] = 1
        return
    if array_value:
        v = (-1 - numpy.arange(target.size, dtype=numpy.float64)).reshape(target.shape)
        if v.ndim and v.shape[-1] > 1 and target.size:  # a broadcast value when the last axis allows
            v = v[..., :1]
        h[key] = v
        c[_dev(key)] = cp.array(v)
    else:
        h[key] = -3
        c[_dev(key)] = -3
    if array_value and GPU and _has_repeats(shape, key):
        return  # repeated indices: which value lands is unspecified on the GPU
    testing.assert_matches_numpy(c, h)


@pytest.mark.parametrize("shape, key", [
    ((1, 1), (numpy.array([False]), numpy.array([1], dtype=numpy.int8))),  # found by hypothesis
    ((2, 3), (numpy.zeros((0, 1), dtype=numpy.int64), numpy.array([5]))),
    ((2, 3), (numpy.array([], dtype=numpy.int64), numpy.array([[7]]))),
])
def test_index_arrays_broadcasting_to_empty_are_not_read(shape, key):
    """NumPy reads no index when the index arrays broadcast to an empty shape: out-of-range
    values there raise nothing, for getitem and setitem."""
    h = arange_values(shape)
    c = cp.array(h)
    dkey = tuple(cp.asarray(k) for k in key)
    got, want = c[dkey], h[key]
    assert got.shape == want.shape and got.dtype == want.dtype
    h[key] = 1
    c[dkey] = 1
    numpy.testing.assert_array_equal(cp.asnumpy(c), h)


def _same_index_error(h, c, key):
    """h[key] and c[key] (NumPy arrays in key moved to the device) raise the same IndexError;
    returns the device key."""
    dkey = tuple(cp.asarray(k) if isinstance(k, numpy.ndarray) else k for k in key)
    testing.assert_raises_like_numpy(lambda: h[key], lambda: c[dkey], expected=IndexError)
    return dkey


@pytest.mark.parametrize("key", [
    (numpy.array([False]), numpy.array(1)),  # found by hypothesis: a 0-d index is an integer
    (numpy.zeros(0, dtype=numpy.int64), numpy.array(5)),
    (numpy.array(5), numpy.zeros(0, dtype=numpy.int64)),
    (numpy.array([False]), 1),
])
def test_integers_among_empty_index_arrays_are_still_checked(key):
    h = numpy.zeros((1, 1))
    c = cp.array(h)
    dkey = _same_index_error(h, c, key)
    with pytest.raises(IndexError) as want:
        h[key]
    with pytest.raises(IndexError) as got_set:
        c[dkey] = 1
    assert str(got_set.value) == str(want.value)
    numpy.testing.assert_array_equal(cp.asnumpy(c), h)


def test_empty_result_from_another_axis_still_checks_indices():
    h = numpy.zeros((0, 3))
    c = cp.array(h)
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 1 with size 3"):
        h[:, numpy.array([5])]
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 1 with size 3"):
        c[:, cp.asarray([5])]


def test_out_of_range_integers_are_reported_before_index_arrays():
    """NumPy checks 0-d integer indices (taken as integers) before iterating the index arrays."""
    for shape, key in [((1, 1, 1), (numpy.array([[0]]), numpy.array([[1]]), numpy.array(1))),  # hypothesis
                       ((3, 3, 3), (numpy.array([5]), 1, numpy.array(7)))]:
        h = numpy.zeros(shape)
        _same_index_error(h, cp.array(h), key)
