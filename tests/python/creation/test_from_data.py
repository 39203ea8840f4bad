"""array/asarray/asanyarray/ascontiguousarray/asfortranarray/copy against NumPy 2: from NumPy
arrays, nested sequences, scalars and cupric arrays, copy semantics, ndmin, dtype casts, big-endian
sources (V10-BIGENDIAN), bfloat16 round trips (V14-BF16) and pageable sources (V13-ASARRAY), over
dtypes, layouts and orders."""
import warnings

import numpy
import pytest

import cupric as cp
from array_cases import (NUMERIC_DTYPES, ALL_DTYPES, LAYOUTS, BFLOAT16, requires_bf16, params,
                      sample_values, make_pair, is_view_of)
from cupric import testing


ORDERS = [None, "K", "A", "C", "F"]


def host_layouts(dtype):
    """numpy arrays in many layouts (name, array)."""
    base = sample_values((4, 5, 6), dtype)
    return [
        ("C", base),
        ("F", numpy.asfortranarray(base)),
        ("T", base.T),
        ("negstep", base[::-1, :, ::-2]),
        ("strided", base[1:3, ::2, 1:]),
        ("Fslice", numpy.asfortranarray(base)[:, 1:3]),
        ("broadcast", numpy.broadcast_to(base[:1, :1], (3, 2, 4, 6))),
        ("0d", base[1, 2, 3].copy()),
        ("zerosize", base[:, 5:]),
        ("1d", base[0, 0]),
        ("unaligned", numpy.frombuffer(b"\0" + base.tobytes(), dtype=dtype, offset=1).reshape(base.shape)
         if base.itemsize > 1 else base),
    ]


def expected_strides(h, order):
    """cupric follows CuPy for host arrays: order K/A/None copies as F when the source is F- and not
    C-contiguous, else as C; C and F as asked."""
    if order in (None, "K", "A"):
        order = "F" if h.flags.f_contiguous and not h.flags.c_contiguous else "C"
    return numpy.array(h, order=order).strides


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_array_from_numpy_every_layout(dtype):
    for name, h in host_layouts(dtype):
        for order in ORDERS:
            c = cp.array(h, order=order)
            testing.assert_matches_numpy(c, h)
            if h.size:
                assert c.strides == expected_strides(h, order), (name, order)
            assert c.flags.owndata and c.base is None
            if order == "C" or (order is None and h.flags.c_contiguous):
                assert c.flags.c_contiguous
            if order == "F":
                assert c.flags.f_contiguous


@pytest.mark.parametrize("order", ["C", "F"])
def test_array_order_strides_match_numpy(order):
    for name, h in host_layouts("float32"):
        if h.size:
            assert cp.array(h, order=order).strides == numpy.array(h, order=order).strides, name


@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_array_with_dtype_casts_like_numpy(dtype):
    for src in ["int8", "float64", "complex64", "bool"]:
        h = sample_values((3, 4), src)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
            e = numpy.array(h, dtype=dtype)
            r = cp.array(h, dtype=dtype)
        testing.assert_matches_numpy(r, e)


@pytest.mark.parametrize("obj", [
    [1, 2, 3], [[1, 2], [3, 4]], [1.5, 2], [1, 2j], [True, False], [], [[]], [[], []], (1, 2, 3), ((1, 2), (3, 4)),
    [[1.0, 2.0, 3.0]] * 4, [numpy.float32(1), 2], [numpy.int8(1), numpy.int8(2)], [numpy.uint64(2**64 - 1)],
    [2**63 - 1, -2**63], [2**64 - 1], [numpy.array([1, 2]), numpy.array([3, 4])], [[[[1]]]], range(5),
])
def test_array_from_nested_sequences(obj):
    e = numpy.array(obj)
    r = cp.array(obj)
    testing.assert_matches_numpy(r, e, strides_check=e.size > 0)


@pytest.mark.parametrize("obj", [5, -3, 2**63 - 1, 2**64 - 1, 1.5, True, False, 1 + 2j, 0.0, numpy.float32(1.25),
                                 numpy.int8(-4), numpy.uint16(7), numpy.complex64(1j), numpy.bool_(True),
                                 numpy.float16(0.5)])
def test_array_from_scalars(obj):
    """Python scalars give 0-d arrays of NumPy's default dtype for them; NumPy scalars keep theirs."""
    e = numpy.array(obj)
    r = cp.array(obj)
    testing.assert_matches_numpy(r, e)
    assert r.shape == ()


@pytest.mark.parametrize("obj", [2**64, -2**63 - 1, [1, None], None, {}, "abc", [1, "a"], object()])
def test_array_unsupported_objects(obj):
    """V14-DTYPE: what NumPy stores as object or str arrays is rejected with ValueError."""
    assert numpy.array(obj).dtype.kind in "OU"
    with pytest.raises(ValueError, match="Unsupported dtype"):
        cp.array(obj)


def test_array_ragged_is_value_error():
    e = testing.assert_raises_like_numpy(lambda: numpy.array([[1, 2], [3]]), lambda: cp.array([[1, 2], [3]]))
    assert isinstance(e, ValueError)


@pytest.mark.parametrize("obj", [[300], [-1], [1.5, 2.5], [1j]])
def test_array_list_with_dtype(obj):
    """Python values out of range for an explicit dtype behave as in NumPy (OverflowError for ints)."""
    for dtype in ["uint8", "int32", "float16"]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
                e = numpy.array(obj, dtype=dtype)
        except Exception:
            testing.assert_raises_like_numpy(lambda: numpy.array(obj, dtype=dtype),
                                             lambda: cp.array(obj, dtype=dtype), match_message=False)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
            testing.assert_matches_numpy(cp.array(obj, dtype=dtype), e)


@pytest.mark.parametrize("ndmin", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("order", ORDERS)
def test_array_ndmin(ndmin, order):
    for obj in [numpy.array(5.0), numpy.arange(3), numpy.zeros((2, 3)), numpy.zeros((2, 3), order="F"),
                numpy.zeros((1, 3), order="F"), [1, 2], 7]:
        e = numpy.array(obj, ndmin=ndmin, order=order)
        r = cp.array(obj, ndmin=ndmin, order=order)
        testing.assert_matches_numpy(r, e, strides_check=True)
        r2 = cp.array(cp.array(obj), ndmin=ndmin, order=order)
        testing.assert_matches_numpy(r2, e, strides_check=True)


def test_array_ndmin_view_of_cupric_source():
    c = cp.array(numpy.arange(4.0))
    v = cp.array(c, copy=False, ndmin=3)
    assert v.shape == (1, 1, 4)
    assert is_view_of(v, c) and v.base is c
    v[0, 0, 1] = 9
    assert c.item(1) == 9


# -- copy semantics for cupric sources -----------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
def test_asarray_returns_same_cupric_array(layout):
    _, c = make_pair(layout, "float32")
    assert cp.asarray(c) is c
    assert cp.asanyarray(c) is c
    assert cp.array(c, copy=None) is c
    assert cp.array(c, copy=False) is c
    assert cp.asarray(c, dtype="float32") is c
    assert cp.asarray(c, order="K") is c
    assert cp.array(c, copy=True) is not c


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("copy", [True, None, False])
def test_array_from_cupric_matches_numpy(layout, order, copy):
    """array(cupric_array, order=, copy=) gives NumPy's result for a numpy source: identity, strides
    and ValueError when a copy cannot be avoided with copy=False."""
    h, c = make_pair(layout, "int16")
    try:
        e = numpy.array(h, order=order, copy=copy)
    except ValueError as ex:
        with pytest.raises(ValueError) as ei:
            cp.array(c, order=order, copy=copy)
        assert str(ex).startswith(str(ei.value))  # NumPy adds migration advice on more lines
        assert str(ei.value) == "Unable to avoid copy while creating an array as requested."
        return
    r = cp.array(c, order=order, copy=copy)
    assert (r is c) == (e is h)
    testing.assert_matches_numpy(r, e, strides_check=e.size > 0)
    if r is not c:
        assert r.flags.owndata and r.data.ptr != c.data.ptr or r.size == 0


def test_array_from_cupric_dtype_change_copies():
    c = cp.array([1, 2, 3], dtype="int32")
    r = cp.asarray(c, dtype="float64")
    assert r is not c and r.dtype == numpy.float64
    with pytest.raises(ValueError, match="Unable to avoid copy"):
        cp.array(c, dtype="float64", copy=False)


def test_copy_function():
    h, c = make_pair("F", "float64")
    r = cp.copy(c)
    assert r is not c
    testing.assert_matches_numpy(r, numpy.copy(h), strides_check=True)
    testing.assert_matches_numpy(cp.copy(c, order="C"), numpy.copy(h, order="C"), strides_check=True)


def test_array_from_list_of_cupric_arrays():
    parts = [cp.array([1.0, 2.0]), cp.array([3.0, 4.0])]
    testing.assert_matches_numpy(cp.array(parts), numpy.array([[1.0, 2.0], [3.0, 4.0]]))
    testing.assert_matches_numpy(cp.array([parts[0], [5.0, 6.0]]), numpy.array([[1.0, 2.0], [5.0, 6.0]]))


@pytest.mark.parametrize("layout", ["C", "F", "T", "negstep", "strided", "1d", "0d"])
def test_ascontiguousarray_asfortranarray(layout):
    h, c = make_pair(layout, "complex64")
    for fn_np, fn_cp in [(numpy.ascontiguousarray, cp.ascontiguousarray), (numpy.asfortranarray, cp.asfortranarray)]:
        e = fn_np(h)
        r = fn_cp(c)
        testing.assert_matches_numpy(r, e, strides_check=True)
        assert (r is c) == (e is h)
        testing.assert_matches_numpy(fn_cp(h), e, strides_check=True)
        testing.assert_matches_numpy(fn_cp(c, dtype="complex128"), fn_np(h, dtype="complex128"),
                                     strides_check=True)


# -- V10-BIGENDIAN --------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
def test_v10_bigendian_values_preserved(dtype):
    """V10-BIGENDIAN: big-endian NumPy arrays are converted to little-endian on transfer; values preserved."""
    h = sample_values((3, 5), dtype)
    be = h.astype(h.dtype.newbyteorder(">"))
    for src in [be, be.T, be[::-1, ::2], numpy.asfortranarray(be)]:
        c = cp.array(src)
        assert c.dtype == dtype and c.dtype.isnative
        assert c.get().tolist() == src.tolist()
        testing.assert_matches_numpy(c, src.astype(dtype))
    c = cp.asarray(be[0, 0])
    assert c.item() == be[0, 0].item()


def test_v10_bigendian_scalar_and_set():
    """V10-BIGENDIAN: 0-d big-endian arrays and ndarray.set() with big-endian data keep their values."""
    be = numpy.array(-123456789, dtype=">i8")
    assert cp.array(be).item() == -123456789
    c = cp.zeros(4, "float64")
    c.set(numpy.array([1.5, -2.5, 3e300, 0.1], dtype=">f8"))
    assert c.tolist() == [1.5, -2.5, 3e300, 0.1]
    with pytest.raises(TypeError, match="cannot be set to"):
        c.set(numpy.zeros(4, ">f4"))


def test_v10_bigendian_with_dtype_argument():
    c = cp.array(numpy.arange(4, dtype=">u2"), dtype=">f4")
    assert c.dtype == numpy.dtype("float32")
    assert c.tolist() == [0.0, 1.0, 2.0, 3.0]


@pytest.mark.parametrize("blocking", [False, True])
def test_v13_asarray_source_overwritten(blocking):
    """V13-ASARRAY: overwriting the (pageable) numpy source right after asarray/array does not change
    the result, blocking or not."""
    for fn in (cp.asarray, cp.array, cp.asanyarray):
        h = numpy.arange(1 << 16, dtype="float64")
        expected = h.copy()
        c = fn(h, blocking=blocking)
        h[...] = -1
        del h
        numpy.testing.assert_array_equal(c.get(), expected)


def test_v13_asarray_list_source_overwritten():
    src = [[1, 2, 3], [4, 5, 6]]
    c = cp.asarray(src)
    src[0][0] = 100
    assert c.tolist() == [[1, 2, 3], [4, 5, 6]]


# -- V14-BF16 --------------------------------------------------------------------------------

@requires_bf16
@pytest.mark.parametrize("layout", LAYOUTS)
def test_v14_bf16_round_trip(layout):
    """V14-BF16: bfloat16 arrays travel to the device and back bit for bit, in every layout."""
    h, c = make_pair(layout, BFLOAT16)
    assert c.dtype == BFLOAT16
    g = c.get()
    assert g.dtype == BFLOAT16
    assert g.tobytes() == numpy.ascontiguousarray(h).tobytes()


@requires_bf16
def test_v14_bf16_special_values_round_trip():
    """V14-BF16: NaN, infinities, signed zero, subnormals and extremes survive the trip."""
    import ml_dtypes
    info = ml_dtypes.finfo(ml_dtypes.bfloat16)
    h = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, float(info.max), float(info.min),
                     float(info.smallest_subnormal), float(info.tiny)], dtype=BFLOAT16)
    c = cp.asarray(h)
    assert c.get().tobytes() == h.tobytes()
    assert cp.asnumpy(c).view("uint16").tolist() == h.view("uint16").tolist()
    c2 = cp.zeros(8, BFLOAT16)
    c2.set(h)
    assert c2.get().tobytes() == h.tobytes()


@requires_bf16
def test_v14_bf16_from_lists_and_dtype_argument():
    """V14-BF16: array(list, dtype=bfloat16) and astype agree with ml_dtypes."""
    vals = [1.0, -2.5, 3.140625, 1e-3]
    e = numpy.array(vals, dtype=BFLOAT16)
    r = cp.array(vals, dtype=BFLOAT16)
    assert r.get().tobytes() == e.tobytes()
    assert cp.array(e).tolist() == e.tolist()


def test_full_complex_value_into_real_dtype_warns_like_numpy():
    """numpy.full is copyto(casting='unsafe'): a complex fill value into a real dtype warns
    ComplexWarning and keeps the real part (int targets truncate it)."""
    from numpy.exceptions import ComplexWarning
    for dtype in ("float64", "float32", "int8"):
        with pytest.warns(ComplexWarning):
            e = numpy.full(3, 1.5 + 2j, dtype=dtype)
        with pytest.warns(ComplexWarning):
            r = cp.full(3, 1.5 + 2j, dtype=dtype)
        numpy.testing.assert_array_equal(r.get(), e)
        assert r.dtype == e.dtype
