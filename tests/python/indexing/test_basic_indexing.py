"""Basic indexing (integers, slices, None, Ellipsis) against NumPy 2: __getitem__ views on every
layout, __setitem__ with scalars/arrays/lists/cupric arrays, casting and broadcasting, errors, and
hypothesis property tests over random shapes and index tuples.

Integer-array and boolean indexing ("advanced") is out of scope here (issue 6)."""
import warnings

import numpy
import pytest
from hypothesis import given, strategies as st

import cupric as cp
from array_cases import NUMERIC_DTYPES, LAYOUTS, dtype_id, params, sample_values, make_pair, is_view_of
from cupric import testing

S = numpy.s_

KEYS_1D = [0, -1, 3, -7, S[:], S[2:], S[:-2], S[::2], S[::-1], S[5:1:-1], S[-2::-3], S[1:100], S[-100:3],
           S[4:2], S[::-7], S[None], S[..., None], S[None, 2], S[..., 1], S[3, ...], S[1:2, None],
           S[numpy.int64(2)], S[numpy.uint8(1)], ()]
KEYS_2D = [0, -1, (1, 2), (-1, -1), S[1:], S[:, 0], S[:, -1], S[::-1, ::-1], S[1::2, ::3], S[..., 0],
           S[0, ...], S[None, :, None], S[:, None, 1:3], S[..., None], S[None, ..., None], S[2:0:-1, 1],
           S[-1:-4:-1, ::-2], S[1:1], S[:, 5:], S[0, 0, ...], S[numpy.int32(1), ::2], (), S[...]]
KEYS_3D = [0, (1, 2), (0, 1, 2), (-1, -1, -1), S[:, :, 0], S[..., 1:3], S[::-1, 1, ::2], S[None, 1, None, ..., None],
           S[1:, ..., ::-1], S[:, None, :, None, :], S[-2:, -3:, -4:], S[::2, ::2, ::2], S[0, :, None, 0], S[...]]


def keys_for(ndim):
    return {0: [(), S[...], S[None], S[..., None], S[None, ..., None]], 1: KEYS_1D, 2: KEYS_2D, 3: KEYS_3D}[ndim]


def check_getitem(h, c, key):
    try:
        e = h[key]
    except Exception:
        testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key])
        return None
    r = c[key]
    e = numpy.asarray(e)
    assert isinstance(r, cp.ndarray)
    testing.assert_matches_numpy(r, e, strides_check=e.size > 0)
    return r


# -- __getitem__ -----------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [pytest.param(d, id=dtype_id(d)) for d in
                                   ["bool", "int8", "uint16", "int64", "float16", "float32", "complex128"]])
def test_getitem_layouts(layout, dtype):
    h, c = make_pair(layout, dtype)
    for key in keys_for(h.ndim):
        check_getitem(h, c, key)


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_getitem_every_dtype(dtype):
    h = sample_values((3, 4), dtype)
    c = cp.array(h)
    for key in KEYS_2D:
        check_getitem(h, c, key)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_getitem_returns_view(layout):
    """Basic indexing returns views: same memory, base is the owner; 0-d results are 0-d arrays."""
    h, c = make_pair(layout, "float32")
    owner = c if c.base is None else c.base
    for key in keys_for(h.ndim):
        try:
            r = c[key]
        except IndexError:
            continue
        assert is_view_of(r, c)
        assert r.base is owner
        assert not r.flags.owndata


def test_integer_index_gives_0d_array_not_scalar():
    """cupric (like CuPy) returns 0-d arrays where NumPy returns scalars."""
    c = cp.array(numpy.arange(6).reshape(2, 3))
    r = c[1, 2]
    assert isinstance(r, cp.ndarray)
    assert r.shape == () and r.item() == 5
    assert c[-1][-1].item() == 5


def test_writes_through_views_are_visible_in_base():
    h = numpy.zeros((4, 6), "int32")
    c = cp.zeros((4, 6), "int32")
    for xp_arr in (h, c):
        v = xp_arr[1:3, ::-2]
        v[...] = 7
        w = xp_arr.T[::2]
        w[0, 0] = -1
        xp_arr[3][2:4] = 5
        xp_arr[None, 0, ..., None][0, 1, 0] = 9
        xp_arr[...][2] = xp_arr[2]  # self-assignment through a view
        row = xp_arr[0]
        row[-1] = 42
    testing.assert_matches_numpy(c, h)


def test_view_chain_write_reaches_owner():
    c = cp.zeros(12)
    v = c[2:][::2][1:]
    v[...] = 1
    assert c.tolist() == [0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0]


# -- index errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("key, message", [
    (3, "index 3 is out of bounds for axis 0 with size 3"),
    (-4, "index -4 is out of bounds for axis 0 with size 3"),
    ((0, 4), "index 4 is out of bounds for axis 1 with size 4"),
    ((0, -5), "index -5 is out of bounds for axis 1 with size 4"),
    (S[:, 7], "index 7 is out of bounds for axis 1 with size 4"),
    (S[None, 5], "index 5 is out of bounds for axis 0 with size 3"),
    (S[..., 4], "index 4 is out of bounds for axis 1 with size 4"),
    ((0, 0, 0), "too many indices for array: array is 2-dimensional, but 3 were indexed"),
    (S[:, :, :], "too many indices for array: array is 2-dimensional, but 3 were indexed"),
    (S[0, ..., 0, 0], "too many indices for array: array is 2-dimensional, but 3 were indexed"),
    (S[..., ...], "an index can only have a single ellipsis ('...')"),
])
def test_index_errors(key, message):
    h = numpy.zeros((3, 4))
    c = cp.zeros((3, 4))
    e = testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key])
    assert isinstance(e, IndexError)
    assert str(e) == message
    e = testing.assert_raises_like_numpy(lambda: h.__setitem__(key, 1), lambda: c.__setitem__(key, 1))
    assert str(e) == message


def test_index_errors_0d_and_empty():
    for shape, key in [((), 0), ((), S[:]), ((0,), 0), ((0, 3), S[:, 3]), ((2, 0), S[0, 0]), ((), S[0, ...])]:
        h = numpy.zeros(shape)
        c = cp.zeros(shape)
        testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key])


@pytest.mark.parametrize("key", [1.0, S[0, 1.5], numpy.float64(1), numpy.float32(0), "a", S[1:2.5], S[::1.0],
                                 {}, object(), 2**70, -2**70, numpy.array([0.0, 1.0]), numpy.complex64(1)])
def test_invalid_index_types(key):
    """Non-integer indices raise NumPy's exception type (IndexError or TypeError) and message."""
    h = numpy.zeros((3, 4))
    c = cp.zeros((3, 4))
    testing.assert_raises_like_numpy(lambda: h[key], lambda: c[key])
    testing.assert_raises_like_numpy(lambda: h.__setitem__(key, 0), lambda: c.__setitem__(key, 0))


def test_slice_step_zero():
    h, c = numpy.zeros(5), cp.zeros(5)
    e = testing.assert_raises_like_numpy(lambda: h[::0], lambda: c[::0])
    assert isinstance(e, ValueError) and str(e) == "slice step cannot be zero"


def test_huge_slice_bounds_clip():
    h = numpy.arange(10)
    c = cp.array(h)
    for key in [S[-2**70:2**70], S[2**70:], S[:-2**70], S[::2**70], S[::-2**70], S[2**63 - 1:0:-1]]:
        check_getitem(h, c, key)


def test_index_objects_with_index_method():
    class Index:
        def __index__(self):
            return 2
    h = numpy.arange(5)
    c = cp.array(h)
    assert c[Index()].item() == h[Index()]
    testing.assert_matches_numpy(c[Index():], h[Index():])
    testing.assert_matches_numpy(c[:Index()], h[:Index()])


def test_getitem_zero_size_results():
    h = numpy.arange(12).reshape(3, 4)
    c = cp.array(h)
    for key in [S[3:], S[:, 4:], S[2:1], S[0:2:-1], S[None, 1:1, ..., None]]:
        r = check_getitem(h, c, key)
        assert r.size == 0


def test_getitem_index_from_0d_cupric_is_not_basic():
    """A 0-d numpy integer is a basic index; the error state after a failed index is clean."""
    c = cp.array(numpy.arange(5))
    assert c[numpy.array(3)].item() == 3
    with pytest.raises(IndexError):
        c[10]
    assert c.tolist() == [0, 1, 2, 3, 4]


# -- __setitem__ -----------------------------------------------------------------------------

SET_KEYS_2D = [0, -1, (1, 2), S[1:], S[:, 0], S[::-1, ::-2], S[1::2, 1:3], S[...], S[None, 0], S[..., -1],
               S[0, ...], S[:, None, 2], S[2:0:-1], S[4:], ()]


def check_setitem(h, c, key, value_np, value_cp=None, *, ignore_complex_warning=True):
    value_cp = value_np if value_cp is None else value_cp
    with warnings.catch_warnings():
        if ignore_complex_warning:
            warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        before = h.copy()
        try:
            h[key] = value_np
        except (ValueError, TypeError) as e:
            h[...] = before  # NumPy may have written part of a list before failing
            if numpy.ndim(value_np) == 0:
                with pytest.raises(type(e)):
                    c[key] = value_cp
            else:
                # NumPy's single-element path raises TypeError or ValueError depending on the
                # dtype when given a sequence; cupric always raises the broadcast ValueError.
                with pytest.raises((ValueError, TypeError)):
                    c[key] = value_cp
            testing.assert_matches_numpy(c,
                                         h)  # a failed assignment leaves the array as it was (DESIGN.md "Errors")
            return
        except Exception:
            h[...] = before
            testing.assert_raises_like_numpy(lambda: h.copy().__setitem__(key, value_np), lambda: c.__setitem__(key, value_cp),
                                             match_message=False)
            testing.assert_matches_numpy(c, h)
            return
        c[key] = value_cp
    testing.assert_matches_numpy(c, h)


@pytest.mark.parametrize("layout", ["C", "F", "T", "negstep", "strided"])
@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_setitem_scalar_layouts(layout, dtype):
    h, c = make_pair(layout, dtype)
    value = sample_values((), dtype, 11).item()
    keys = {3: [0, (1, 2), S[..., 1], S[::-1, 1:3], S[:, :, ::2], (0, 0, 0)], 2: SET_KEYS_2D}[h.ndim]
    for key in keys:
        check_setitem(h, c, key, value)


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_setitem_0d(dtype):
    h = sample_values((), dtype)
    c = cp.array(h)
    v = sample_values((), dtype, 3)
    check_setitem(h, c, (), v.item())
    check_setitem(h, c, S[...], v)
    check_setitem(h, c, S[None], v.item())
    w = sample_values((), dtype, 9)
    check_setitem(h, c, S[...], w, cp.array(w))


@pytest.mark.parametrize("src", params(NUMERIC_DTYPES))
@pytest.mark.parametrize("dst", params(["bool", "int8", "uint32", "int64", "float16", "float64", "complex64"]))
def test_setitem_casts_arrays(src, dst):
    """Assigning arrays of another dtype casts unsafely (NumPy's setitem), for numpy and cupric values."""
    h = numpy.zeros((3, 5), dst)
    c = cp.zeros((3, 5), dst)
    v = sample_values((2, 5), src)
    check_setitem(h, c, S[1:], v)
    check_setitem(h, c, S[1:], v, cp.array(v))
    check_setitem(h, c, S[0], v[1, ::-1].copy(), cp.array(v)[1, ::-1])


def test_setitem_complex_array_to_real_warns():
    c = cp.zeros(3)
    with pytest.warns(numpy.exceptions.ComplexWarning):
        c[...] = cp.array(numpy.array([1 + 2j, 3j, 4]))
    assert c.tolist() == [1.0, 0.0, 4.0]
    with pytest.warns(numpy.exceptions.ComplexWarning):
        c[:2] = numpy.array([5 + 1j, 6 + 1j])
    assert c.tolist() == [5.0, 6.0, 4.0]


@pytest.mark.parametrize("value_shape", [(), (1,), (4,), (1, 4), (3, 1), (3, 4), (1, 1, 4), (1, 3, 4), (2,),
                                         (3,), (4, 4), (2, 3, 4), (0,)])
def test_setitem_broadcasting(value_shape):
    """Values broadcast to the target (leading length-1 dims dropped); a mismatch is NumPy's ValueError."""
    h = numpy.zeros((3, 4), "float32")
    c = cp.zeros((3, 4), "float32")
    v = sample_values(value_shape, "float64")
    check_setitem(h, c, S[...], v)
    check_setitem(h, c, S[...], v, cp.array(v))
    check_setitem(h, c, S[::-1, 1:], v[..., :3] if v.ndim and v.shape[-1] == 4 else v)


def test_setitem_broadcast_error_message():
    h = numpy.zeros((4,))
    c = cp.zeros((4,))
    e = testing.assert_raises_like_numpy(lambda: h.__setitem__(S[:], numpy.zeros((2, 4))),
                                         lambda: c.__setitem__(S[:], numpy.zeros((2, 4))))
    assert str(e) == "could not broadcast input array from shape (2,4) into shape (4,)"
    e = testing.assert_raises_like_numpy(lambda: h.__setitem__(S[1:], cp.zeros(2).get()),
                                         lambda: c.__setitem__(S[1:], cp.zeros(2)))
    assert str(e) == "could not broadcast input array from shape (2,) into shape (3,)"


@pytest.mark.parametrize("value", [[1, 2, 3, 4], [[1, 2, 3, 4]], [[1], [2], [3]], [1.5, -2.5, 3.0, 4.0],
                                   [True, False, True, False], (7, 8, 9, 10), [[1, 2, 3, 4]] * 3, [1, 2],
                                   [[1, 2, 3]], [1j, 2, 3, 4]])
@pytest.mark.parametrize("dtype", ["int16", "float32", "complex64", "uint8"])
def test_setitem_lists(value, dtype):
    h = numpy.zeros((3, 4), dtype)
    c = cp.zeros((3, 4), dtype)
    check_setitem(h, c, S[...], value)
    check_setitem(h, c, S[::-1], value)


def test_setitem_list_with_cupric_arrays():
    """A list holding cupric arrays is accepted as CuPy does."""
    h = numpy.zeros((2, 3))
    c = cp.zeros((2, 3))
    h[...] = [numpy.arange(3), numpy.ones(3)]
    c[...] = [cp.array(numpy.arange(3)), cp.ones(3)]
    assert c.tolist() == h.tolist()


def test_setitem_single_element_with_sequence_raises():
    for dtype in ["int32", "float64"]:
        c = cp.zeros((2, 2), dtype)
        with pytest.raises((ValueError, TypeError)):
            c[0, 0] = [1, 2]
        assert c.tolist() == [[0, 0], [0, 0]]


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
@pytest.mark.parametrize("value", [0, 1, -1, 127, 255, 300, -129, 2**31, 2**63 - 1, 2**64 - 1, -2**63, 2**64, -2**65,
                                   True, False, 0.5, -1.5, 1e10, 1e300, float("inf"), float("-inf"), float("nan"),
                                   1 + 2j, -0.0, 3j])
def test_setitem_python_scalars(dtype, value):
    """Python scalars are weak: stored when they fit, OverflowError/ValueError/TypeError as NumPy 2 (V14-PROMO-2)."""
    h = numpy.zeros(3, dtype)
    c = cp.zeros(3, dtype)
    if numpy.dtype(dtype).name == "bfloat16" and isinstance(value, int) and abs(value) >= 2**63:
        pytest.skip("ml_dtypes cannot convert Python ints beyond int64 ('expected number, got int')")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy: overflow in float16/32 casts
        check_setitem(h, c, 1, value)
        check_setitem(h, c, S[::2], value)


def test_v14_promo_2_setitem_out_of_range_python_int():
    """V14-PROMO-2: uint8_arr[0] = -1 raises OverflowError; the array is unchanged."""
    c = cp.zeros(3, "uint8")
    with pytest.raises(OverflowError) as e_cp:
        c[0] = -1
    with pytest.raises(OverflowError) as e_np:
        numpy.zeros(3, "uint8")[0] = -1
    assert str(e_cp.value) == str(e_np.value) == "Python integer -1 out of bounds for uint8"
    with pytest.raises(OverflowError, match="Python integer 256 out of bounds for uint8"):
        c[1:] = 256
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        cp.zeros(2, "int8")[...] = 128
    with pytest.raises(OverflowError):
        cp.zeros(2, "uint64")[0] = 2**64
    with pytest.raises(OverflowError):
        cp.zeros(2, "int64")[0] = -2**63 - 1
    assert c.tolist() == [0, 0, 0]


@pytest.mark.parametrize("value, expected", [
    (numpy.int8(-1), 255), (numpy.int16(300), 44), (numpy.int64(-2), 254), (numpy.uint16(65535), 255),
    (numpy.float64(-1.5), 255), (numpy.float32(256.0), 0), (numpy.bool_(True), 1), (numpy.uint64(2**64 - 1), 255),
])
def test_v14_promo_2_setitem_numpy_scalar_cast_unsafely(value, expected):
    """V14-PROMO-2: a typed NumPy scalar is cast unsafely: uint8_arr[0] = numpy.int8(-1) stores 255."""
    h = numpy.zeros(3, "uint8")
    c = cp.zeros(3, "uint8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        h[0] = value
    c[0] = value
    assert c.item(0) == h[0] == expected
    c[1:] = value
    assert c.tolist() == [expected] * 3


def test_setitem_numpy_complex_scalar_into_real_warns():
    h = numpy.zeros(2, "float32")
    c = cp.zeros(2, "float32")
    with pytest.warns(numpy.exceptions.ComplexWarning):
        h[0] = numpy.complex128(1.5 + 2j)
    with pytest.warns(numpy.exceptions.ComplexWarning):
        c[0] = numpy.complex128(1.5 + 2j)
    testing.assert_matches_numpy(c, h)


@pytest.mark.parametrize("value", [1 + 2j, 3j])
@pytest.mark.parametrize("dtype", ["int8", "uint64", "float16", "float64"])
def test_setitem_python_complex_into_real_message(value, dtype):
    h = numpy.zeros(2, dtype)
    e = testing.assert_raises_like_numpy(lambda: h.__setitem__(0, value),
                                         lambda: cp.zeros(2, dtype).__setitem__(0, value))
    assert isinstance(e, TypeError)


def test_setitem_none_value():
    h = numpy.zeros(3)
    c = cp.zeros(3)
    check_setitem(h, c, 0, None)  # float: nan, as numpy
    hi, ci = numpy.zeros(3, "int32"), cp.zeros(3, "int32")
    check_setitem(hi, ci, 0, None)  # int: TypeError


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_setitem_overlapping(dtype):
    """Overlapping source and destination (a[1:] = a[:-1]) give NumPy's result (as if through a copy)."""
    for stmt in [lambda a: a.__setitem__(S[1:], a[:-1]), lambda a: a.__setitem__(S[:-1], a[1:]),
                 lambda a: a.__setitem__(S[::-1], a), lambda a: a.__setitem__(S[2:], a[:-2]),
                 lambda a: a.__setitem__(S[1::2], a[::2][:4])]:
        h = sample_values((9,), dtype)
        c = cp.array(h)
        stmt(h)
        stmt(c)
        testing.assert_matches_numpy(c, h)


def test_setitem_overlapping_2d():
    for stmt in [lambda a: a.__setitem__(S[...], a.T), lambda a: a.__setitem__(S[1:, 1:], a[:-1, :-1]),
                 lambda a: a.__setitem__(S[::-1], a), lambda a: a.__setitem__(S[:, ::-1], a[::-1])]:
        h = numpy.arange(25, dtype="int32").reshape(5, 5)
        c = cp.array(h)
        stmt(h)
        stmt(c)
        testing.assert_matches_numpy(c, h)


def test_setitem_into_broadcast_view():
    """Writing into a zero-stride view writes the single underlying element."""
    h = numpy.arange(5.0)[None]
    c = cp.array(numpy.arange(5.0))
    b = c._view_as((3, 5), (0, 8), 0)
    b[:, 1] = 7  # every row aliases the same memory
    assert c.tolist() == [0.0, 7.0, 2.0, 3.0, 4.0]
    assert b.tolist() == [[0.0, 7.0, 2.0, 3.0, 4.0]] * 3
    assert h.shape == (1, 5)


def test_setitem_from_self_view_of_other_dtype():
    c = cp.array(numpy.arange(6, dtype="int32"))
    f = cp.zeros(6, "float64")
    f[::-1] = c
    assert f.tolist() == [5.0, 4.0, 3.0, 2.0, 1.0, 0.0]


def test_setitem_non_numeric_values():
    h = numpy.zeros(3)
    c = cp.zeros(3)
    for value in ["abc", numpy.array(["a", "b", "c"]), [1, "x", 2], object()]:
        check_setitem(h, c, S[...], value)
        check_setitem(h, c, 0, value)
    assert c.tolist() == [0.0, 0.0, 0.0]
    # Strings that parse as numbers are converted on the host, as NumPy converts them.
    check_setitem(h, c, S[...], numpy.array(["1", "2.5", "-3"]))
    hi, ci = numpy.zeros(2, "int8"), cp.zeros(2, "int8")
    check_setitem(hi, ci, S[...], numpy.array(["1", "-2"]))


# -- hypothesis properties ---------------------------------------------------------------------

shapes = st.lists(st.integers(0, 5), min_size=0, max_size=4).map(tuple)


@st.composite
def basic_index(draw, shape):
    """A random basic index for `shape`: ints (sometimes out of range), slices with any steps, None,
    at most one Ellipsis; sometimes too many indices."""
    n = len(shape)
    parts = []
    dim = 0
    has_ellipsis = False
    count = draw(st.integers(0, n + 2))
    for _ in range(count):
        kind = draw(st.sampled_from(["int", "slice", "slice", "none", "ellipsis"]))
        size = shape[dim] if dim < n else 1
        if kind == "int":
            lo, hi = -size - 1, size  # one out-of-range value each side
            parts.append(draw(st.integers(lo, hi)))
            dim += 1
        elif kind == "slice":
            bound = st.one_of(st.none(), st.integers(-size - 3, size + 3))
            step = st.one_of(st.none(), st.sampled_from([1, 2, 3, -1, -2, -3, 7]))
            parts.append(slice(draw(bound), draw(bound), draw(step)))
            dim += 1
        elif kind == "none":
            parts.append(None)
        elif not has_ellipsis:
            parts.append(Ellipsis)
            has_ellipsis = True
    if len(parts) == 1 and draw(st.booleans()):
        return parts[0]
    return tuple(parts)


LAYOUT_OPS = ["C", "F", "T", "reverse"]


def layout_view(xp_arr, op):
    if xp_arr.ndim == 0:
        return xp_arr
    if op == "T":
        return xp_arr.T
    if op == "reverse":
        return xp_arr[(slice(None, None, -1),) * xp_arr.ndim]
    return xp_arr


@st.composite
def array_and_index(draw):
    shape = draw(shapes)
    dtype = draw(st.sampled_from(["int16", "float64", "complex64", "uint8", "bool"]))
    order = draw(st.sampled_from(["C", "F"]))
    op = draw(st.sampled_from(LAYOUT_OPS))
    h = numpy.array(sample_values(shape, dtype, draw(st.integers(0, 5))), order=order)
    key = draw(basic_index(h.T.shape if op == "T" else h.shape))
    return h, dtype, order, op, key


@given(array_and_index())
def test_property_getitem(args):
    """Random shapes (<= 4 dims) and random basic index tuples: same result (values, shape, strides)
    or the same exception as NumPy."""
    h0, dtype, order, op, key = args
    c0 = cp.array(h0, order=order)
    h, c = layout_view(h0, op), layout_view(c0, op)
    r = check_getitem(h, c, key)
    if r is not None:
        assert is_view_of(r, c0)


@st.composite
def setitem_case(draw):
    h, dtype, order, op, key = draw(array_and_index())
    view = layout_view(h, op)
    try:
        target_shape = numpy.asarray(view[key]).shape
    except Exception:
        target_shape = (2,)
    kind = draw(st.sampled_from(["scalar", "full", "broadcast", "bad"]))
    if kind == "scalar":
        value = sample_values((), dtype, draw(st.integers(0, 9))).item()
        return h, order, op, key, value, False
    shape = list(target_shape)
    if kind == "broadcast" and shape:
        drop = draw(st.integers(0, len(shape)))
        shape = shape[drop:]
        shape = [1 if draw(st.booleans()) else s for s in shape]
        if draw(st.booleans()):
            shape = [1] + shape
    elif kind == "bad":
        shape = shape + [3] if draw(st.booleans()) else [s + 1 for s in shape] or [2]
    value_dtype = draw(st.sampled_from(["int8", "float32", dtype]))
    value = sample_values(tuple(shape), value_dtype, draw(st.integers(0, 9)))
    return h, order, op, key, value, draw(st.booleans())


@given(setitem_case())
def test_property_setitem(args):
    """Random basic setitem (scalars and arrays that broadcast, or don't) on random layouts; compares
    the whole array (and the exception type) with NumPy."""
    h0, order, op, key, value, as_cupric = args
    c0 = cp.array(h0, order=order)
    h, c = layout_view(h0, op), layout_view(c0, op)
    value_cp = cp.array(value) if as_cupric and isinstance(value, numpy.ndarray) else value
    check_setitem(h, c, key, value, value_cp)
    testing.assert_matches_numpy(c0, h0)
