"""Structured and void dtypes (V14-STRUCT, V14-DTYPE): creation from NumPy structured arrays and by
empty/zeros, field access as views, field assignment, the alignment error, the TypeError for every
other operation, and V<n> round trips."""
import numpy
import pytest

import cupric as cp
from array_cases import is_view_of
from cupric import testing

ALIGNED = numpy.dtype([("a", "i4"), ("b", "f8"), ("c", "c8", (2,)), ("d", "u1"), ("e", "f2")], align=True)
PACKED_OK = numpy.dtype([("x", "f8"), ("y", "i4"), ("z", "i2"), ("w", "u1"), ("v", "u1")])  # all offsets aligned
MISALIGNED = numpy.dtype([("a", "u1"), ("b", "f4")])  # b at offset 1
NESTED = numpy.dtype([("p", [("x", "f4"), ("y", "f4")]), ("id", "i8")], align=True)


def structured_host(dt, n=4, seed=0):
    """A numpy structured array with distinct values in every field."""
    h = numpy.zeros(n, dt)  # padding bytes are zero: NumPy's structured copies leave padding alone
    for name in dt.names:
        sub = dt.fields[name][0]
        if sub.names:
            for inner in sub.names:
                h[name][inner] = numpy.arange(n) * 1.5 + 0.25
        else:
            base = sub.base
            vals = numpy.arange(n * max(1, int(numpy.prod(sub.shape)))).reshape((n,) + sub.shape) + seed
            h[name] = (vals * 3 + 1).astype(base) if base.kind != "c" else vals + 1j * vals
    return h


# -- creation ----------------------------------------------------------------------------------

@pytest.mark.parametrize("dt", [ALIGNED, PACKED_OK, MISALIGNED, NESTED], ids=["aligned", "packed", "misaligned", "nested"])
def test_v14_struct_from_numpy_round_trip(dt):
    """V14-STRUCT: arrays are created from NumPy structured arrays; the bytes and dtype survive."""
    h = structured_host(dt)
    c = cp.array(h)
    assert c.dtype == dt
    assert c.shape == h.shape and c.itemsize == dt.itemsize and c.strides == h.strides
    g = c.get()
    assert g.dtype == dt
    assert g.tobytes() == h.tobytes()
    assert cp.asarray(h).get().tobytes() == h.tobytes()
    assert cp.asnumpy(c).tobytes() == h.tobytes()


def test_v14_struct_from_numpy_layouts():
    h = structured_host(ALIGNED, 12).reshape(3, 4)
    for src in [h, h.T, h[::-1, ::2], numpy.asfortranarray(h), h[1]]:
        c = cp.array(src)
        g = c.get()
        assert g.shape == src.shape
        for name in ALIGNED.names:  # NumPy's own copies leave padding bytes uninitialised
            numpy.testing.assert_array_equal(g[name], src[name])
        assert str(g.tolist()) == str(src.tolist())


@pytest.mark.parametrize("fn", [cp.empty, cp.zeros])
@pytest.mark.parametrize("shape", [3, (2, 3), (), (0, 4)])
def test_v14_struct_empty_zeros(fn, shape):
    """V14-STRUCT: empty and zeros accept a structured dtype; zeros gives all-zero records."""
    c = fn(shape, dtype=ALIGNED)
    e = numpy.zeros(shape, dtype=ALIGNED)
    assert c.dtype == ALIGNED and c.shape == e.shape and c.nbytes == e.nbytes
    if fn is cp.zeros:
        assert c.get().tobytes() == e.tobytes()


def test_v14_struct_dtype_specs():
    """Structured dtypes given as lists or dicts work like numpy.dtype of them."""
    spec = [("a", "<i2"), ("b", "<f4", (3,))]
    assert cp.zeros(2, spec).dtype == numpy.dtype(spec)
    dspec = {"names": ["u", "v"], "formats": ["f8", "i1"], "offsets": [0, 8], "itemsize": 16}
    assert cp.zeros(2, dspec).dtype == numpy.dtype(dspec)


def test_v14_struct_repr_and_tolist():
    h = structured_host(ALIGNED)
    c = cp.array(h)
    assert repr(c) == repr(h)
    assert str(c) == str(h)
    assert str(c.tolist()) == str(h.tolist())


def test_v14_struct_bigendian_fields_converted():
    """V10-BIGENDIAN + V14-STRUCT: big-endian fields arrive native with their values."""
    be = ALIGNED.newbyteorder(">")
    h = structured_host(ALIGNED).astype(be)
    c = cp.array(h)
    assert c.dtype == ALIGNED
    assert c.dtype.isnative
    for name in ["a", "b", "c", "d", "e"]:
        assert c[name].tolist() == h[name].tolist()


# -- field access ----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a", "b", "c", "d", "e"])
def test_v14_struct_field_access_values(name):
    """V14-STRUCT: arr['f'] has NumPy's dtype, shape, strides and values."""
    h = structured_host(ALIGNED).reshape(2, 2)
    c = cp.array(h)
    f = c[name]
    testing.assert_matches_numpy(f, h[name], strides_check=True)


def test_v14_struct_field_is_view():
    """V14-STRUCT: a field is a view: writes through it reach the structured array."""
    h = structured_host(ALIGNED)
    c = cp.array(h)
    f = c["b"]
    assert is_view_of(f, c)
    assert f.base is c
    assert f.data.ptr == c.data.ptr + ALIGNED.fields["b"][1]
    f[1] = -7.5
    f[2:] = 0.125
    h["b"][1] = -7.5
    h["b"][2:] = 0.125
    assert c.get().tobytes() == h.tobytes()


def test_v14_struct_field_of_views():
    """Fields of sliced/transposed structured views carry the view's strides."""
    h = structured_host(ALIGNED, 12).reshape(3, 4)
    c = cp.array(h)
    for key in [numpy.s_[::-1, 1:], numpy.s_[1], numpy.s_[:, ::2], numpy.s_[..., None]]:
        for name in ["a", "c", "e"]:
            testing.assert_matches_numpy(c[key][name], h[key][name], strides_check=True)
    testing.assert_matches_numpy(c.T["b"], h.T["b"], strides_check=True)
    assert c[1:]["a"].base is c


def test_v14_struct_subarray_field():
    h = structured_host(ALIGNED)
    c = cp.array(h)
    f = c["c"]
    assert f.shape == (4, 2) and f.dtype == numpy.complex64
    testing.assert_matches_numpy(f[:, 1], h["c"][:, 1], strides_check=True)


def test_v14_struct_nested_fields():
    h = structured_host(NESTED)
    c = cp.array(h)
    p = c["p"]
    assert p.dtype == NESTED.fields["p"][0]
    testing.assert_matches_numpy(p["y"], h["p"]["y"], strides_check=True)
    p["x"][...] = 9
    h["p"]["x"] = 9
    assert c.get().tobytes() == h.tobytes()


def test_v14_struct_unknown_field():
    c = cp.zeros(2, ALIGNED)
    with pytest.raises(ValueError, match="no field of name zz"):
        c["zz"]
    with pytest.raises(ValueError, match="no field of name zz"):
        numpy.zeros(2, ALIGNED)["zz"]
    with pytest.raises(ValueError):
        c["zz"] = 1


def test_string_index_on_plain_array_is_index_error():
    h = numpy.zeros(3)
    with pytest.raises(IndexError) as e_np:
        h["a"]
    with pytest.raises(IndexError) as e_cp:
        cp.zeros(3)["a"]
    assert str(e_cp.value) == str(e_np.value)


def test_v14_struct_misaligned_field_value_error():
    """V14-STRUCT: a field whose offset breaks GPU alignment raises a clear ValueError."""
    c = cp.zeros(3, MISALIGNED)
    testing.assert_matches_numpy(c["a"], numpy.zeros(3, "u1"))  # 1-byte field at offset 0 is fine
    with pytest.raises(ValueError) as e:
        c["b"]
    msg = str(e.value)
    assert "'b'" in msg and "offset 1" in msg and "align" in msg and "align=True" in msg
    with pytest.raises(ValueError, match="align"):
        c["b"] = 1.0


def test_v14_struct_misaligned_by_record_stride():
    """An aligned offset is not enough: a record size that breaks alignment for later records also raises."""
    dt = numpy.dtype([("f", "f4"), ("g", "u1")])  # itemsize 5
    c = cp.zeros(4, dt)
    with pytest.raises(ValueError, match="align"):
        c["f"]
    testing.assert_matches_numpy(c["g"], numpy.zeros(4, "u1"))
    aligned = numpy.dtype([("f", "f4"), ("g", "u1")], align=True)
    testing.assert_matches_numpy(cp.zeros(4, aligned)["f"], numpy.zeros(4, aligned)["f"], strides_check=True)


# -- field assignment ------------------------------------------------------------------------

@pytest.mark.parametrize("value", [5, 2.75, True, numpy.int8(-3), numpy.float32(1.5)])
def test_v14_struct_field_assign_scalar(value):
    """V14-STRUCT: arr['f'] = scalar, with the field's casting rules."""
    h = structured_host(ALIGNED)
    c = cp.array(h)
    for name in ["a", "b", "d", "e"]:
        h[name] = value
        c[name] = value
    assert c.get().tobytes() == h.tobytes()


def test_v14_struct_field_assign_arrays():
    """V14-STRUCT: arr['f'] = numpy array / list / cupric array, broadcast and cast."""
    h = structured_host(ALIGNED)
    c = cp.array(h)
    h["a"] = numpy.arange(4) * 10
    c["a"] = numpy.arange(4) * 10
    h["b"] = [1.5, 2.5, 3.5, 4.5]
    c["b"] = [1.5, 2.5, 3.5, 4.5]
    h["c"] = numpy.array([1j, 2])
    c["c"] = cp.array(numpy.array([1j, 2]))
    h["e"] = numpy.arange(4, dtype="int64")
    c["e"] = cp.array(numpy.arange(4, dtype="int64"))
    assert c.get().tobytes() == h.tobytes()


def test_v14_struct_field_assign_errors():
    c = cp.zeros(3, ALIGNED)
    with pytest.raises(OverflowError, match="out of bounds for uint8"):
        c["d"] = 300  # V14-PROMO-2 applies to fields too
    with pytest.raises(ValueError, match="could not broadcast"):
        c["a"] = numpy.arange(4)
    assert c.get().tobytes() == numpy.zeros(3, ALIGNED).tobytes()


def test_v14_struct_record_assignment_same_dtype():
    """Whole records may be copied from arrays of the same structured dtype (data movement only)."""
    h = structured_host(ALIGNED)
    c = cp.zeros(4, ALIGNED)
    c[1:3] = cp.array(h[1:3])
    c[0] = h[3]
    e = numpy.zeros(4, ALIGNED)
    e[1:3] = h[1:3]
    e[0] = h[3]
    # NumPy copies field by field (padding bytes untouched); cupric copies whole records.
    for name in ALIGNED.names:
        assert c[name].tolist() == e[name].tolist()
    d = cp.array(h).copy()
    assert d.get().tobytes() == h.tobytes()


def test_v14_struct_record_assignment_other_dtype_type_error():
    c = cp.zeros(2, ALIGNED)
    other = cp.zeros(2, PACKED_OK)
    with pytest.raises(TypeError, match="V14-STRUCT"):
        c[...] = other
    with pytest.raises(TypeError, match="V14-STRUCT"):
        cp.zeros(2, "float64")[...] = c


# -- every other operation is a TypeError ---------------------------------------------------------

@pytest.mark.parametrize("op", [
    lambda c: c.astype("float32"),
    lambda c: c.astype(PACKED_OK),
    lambda c: cp.zeros(2, "int32").astype(ALIGNED),
    lambda c: c.fill(0),
    lambda c: c.fill(1.5),
    lambda c: cp.ones(2, ALIGNED),
    lambda c: cp.full(2, 1, ALIGNED),
    lambda c: c.__setitem__(Ellipsis, 5),
    lambda c: c.__setitem__(0, 1.5),
    lambda c: c.item(0),
], ids=["astype-float", "astype-other-struct", "astype-to-struct", "fill0", "fill", "ones", "full",
        "setitem-scalar", "setitem-record-scalar", "item"])
def test_v14_struct_other_operations_type_error(op):
    """V14-STRUCT: any other operation on a structured array raises a clear TypeError, not a crash,
    and leaves the array as it was."""
    h = structured_host(ALIGNED, 2)
    c = cp.array(h)
    with pytest.raises(TypeError) as e:
        op(c)
    assert any(w in str(e.value) for w in ("V14-STRUCT", "structured", "void"))
    assert c.get().tobytes() == h.tobytes()


def test_v14_struct_astype_same_dtype_copies():
    h = structured_host(ALIGNED)
    c = cp.array(h)
    assert c.astype(ALIGNED, copy=False) is c
    d = c.astype(ALIGNED)
    assert d is not c and d.get().tobytes() == h.tobytes()


# -- V<n> ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 3, 8, 12, 16])
def test_v14_dtype_void_round_trip(n):
    """V14-DTYPE: unstructured V<n> arrays round trip bit for bit, in any layout."""
    raw = bytes(range(256))[: 6 * n]
    h = numpy.frombuffer(raw, dtype=f"V{n}").reshape(2, 3).copy()
    c = cp.array(h)
    assert c.dtype == numpy.dtype(f"V{n}") and c.itemsize == n
    assert c.get().tobytes() == h.tobytes()
    assert c.T.get().tobytes() == numpy.ascontiguousarray(h.T).tobytes()
    assert c[::-1, 1:].get().tobytes() == numpy.ascontiguousarray(h[::-1, 1:]).tobytes()
    assert repr(c) == repr(h)
    d = c.copy()
    assert d.get().tobytes() == h.tobytes()
    e = cp.zeros((2, 3), f"V{n}")
    e[...] = c
    assert e.get().tobytes() == h.tobytes()
    e[0] = c[1]
    assert e.get()[0].tobytes() == h[1].tobytes()


def test_v14_dtype_void_set_get():
    h = numpy.frombuffer(bytes(range(32)), dtype="V4")
    c = cp.zeros(8, "V4")
    c.set(h)
    assert c.get().tobytes() == h.tobytes()
    out = numpy.empty(8, "V4")
    assert c.get(out=out) is out and out.tobytes() == h.tobytes()


def test_v14_dtype_void_other_operations_type_error():
    c = cp.zeros(4, "V8")
    for op in [lambda: c.astype("float64"), lambda: c.fill(0), lambda: cp.ones(2, "V8"),
               lambda: c.__setitem__(0, 1), lambda: c.__setitem__(Ellipsis, cp.zeros(4, "V4"))]:
        with pytest.raises(TypeError):
            op()
