"""ndarray.astype against NumPy 2: every (from, to) pair of numeric dtypes, casting= modes, copy=,
order= and the value rules of Note [Float to integer casts].

Out-of-int64-range floats and NaN/inf cast to integers are platform-defined in NumPy itself
(docs/differences.md): they are not tested here.
"""
import itertools
import warnings

import numpy
import pytest

import cupric as cp
from array_cases import (NUMERIC_DTYPES, ALL_DTYPES, CASTINGS, LAYOUTS, INTS, FLOATS, COMPLEXES,
                      BFLOAT16, requires_bf16, dtype_id, sample_values, make_pair)
from cupric import testing

ComplexWarning = numpy.exceptions.ComplexWarning

PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}-{dtype_id(b)}")
         for a, b in itertools.product(NUMERIC_DTYPES, NUMERIC_DTYPES)]


def np_astype(h, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ComplexWarning)
        return h.astype(*args, **kwargs)


def cp_astype(c, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ComplexWarning)
        return c.astype(*args, **kwargs)


@pytest.mark.parametrize("src, dst", PAIRS)
def test_astype_every_pair(src, dst):
    """astype(dst) of in-range values of every source dtype equals NumPy's, value and dtype."""
    h = sample_values((5, 13), src)
    c = cp.array(h)
    r = cp_astype(c, dst)
    testing.assert_matches_numpy(r, np_astype(h, dst), strides_check=True)
    assert r.flags.c_contiguous and r.flags.owndata
    assert r.base is None


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("src, dst", [
    ("float64", "int32"), ("int16", "float32"), ("complex64", "complex128"), ("bool", "float16"),
    ("uint8", "int64"), ("float32", "float32"), ("int64", "bool"), ("complex128", "float64"),
])
def test_astype_layouts(layout, src, dst):
    """Casts of C, F, transposed, negative-step, strided, broadcast, 0-d and zero-size arrays."""
    h, c = make_pair(layout, src)
    r = cp_astype(c, dst)
    e = np_astype(h, dst)
    testing.assert_matches_numpy(r, e,
                                 strides_check=e.size > 0)  # NumPy 2.4 gives zero-size results zero strides


@pytest.mark.parametrize("casting", CASTINGS)
@pytest.mark.parametrize("src, dst", PAIRS)
def test_astype_casting_modes(src, dst, casting):
    """astype(casting=...) casts when NumPy's can_cast allows it, else TypeError with NumPy's message."""
    h = sample_values((6,), src)
    c = cp.array(h)
    if numpy.can_cast(src, dst, casting):
        testing.assert_matches_numpy(cp_astype(c, dst, casting=casting), np_astype(h, dst, casting=casting))
        return
    with pytest.raises(TypeError) as e_np:
        h.astype(dst, casting=casting)
    with pytest.raises(TypeError) as e_cp:
        c.astype(dst, casting=casting)
    if BFLOAT16 not in (src, dst):  # ml_dtypes spells its dtype differently in the message
        assert str(e_cp.value) == str(e_np.value)
    assert "Cannot cast array data from" in str(e_cp.value)


def test_astype_casting_error_message():
    c = cp.zeros(3, "float64")
    with pytest.raises(TypeError, match=r"^Cannot cast array data from dtype\('float64'\) to "
                                        r"dtype\('int8'\) according to the rule 'safe'$"):
        c.astype("int8", casting="safe")


def test_astype_bad_casting_name():
    with pytest.raises(ValueError):
        numpy.zeros(2).astype("f4", casting="nope")
    with pytest.raises(ValueError, match="casting must be one of"):
        cp.zeros(2).astype("f4", casting="nope")


def test_astype_error_leaves_array_intact():
    """Errors section: after a raised error the array is as before."""
    c = cp.array([1.5, 2.5])
    with pytest.raises(TypeError):
        c.astype("int32", casting="same_kind")
    testing.assert_matches_numpy(c, numpy.array([1.5, 2.5]))


# -- copy= -----------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", [pytest.param(d, id=dtype_id(d)) for d in NUMERIC_DTYPES])
def test_astype_copy_false_same_dtype_returns_self(layout, dtype):
    """astype(same dtype, copy=False) returns the array itself (order K), as NumPy does."""
    h, c = make_pair(layout, dtype)
    assert h.astype(dtype, copy=False) is h
    assert c.astype(dtype, copy=False) is c
    assert c.astype(dtype, order="A", copy=False) is c


@pytest.mark.parametrize("layout", ["C", "F", "T", "negstep", "broadcast", "0d", "1d"])
@pytest.mark.parametrize("order", ["C", "F"])
def test_astype_copy_false_order(layout, order):
    """copy=False with order C/F returns self only when the array already has that layout."""
    h, c = make_pair(layout, "int32")
    e = h.astype("int32", order=order, copy=False)
    r = c.astype("int32", order=order, copy=False)
    assert (r is c) == (e is h)
    testing.assert_matches_numpy(r, e, strides_check=True)


@pytest.mark.parametrize("layout", ["C", "F", "0d"])
def test_astype_copy_true_copies(layout):
    h, c = make_pair(layout, "float32")
    r = c.astype("float32")
    assert r is not c
    assert r.data.ptr != c.data.ptr
    r[...] = 7
    testing.assert_matches_numpy(c, h)


def test_astype_copy_false_other_dtype_copies():
    c = cp.array([1, 2, 3], dtype="int32")
    r = c.astype("int64", copy=False)
    assert r is not c
    testing.assert_matches_numpy(r, numpy.array([1, 2, 3], "int64"))


# -- order= ----------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", [x for x in LAYOUTS if x != "zerosize"])
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_astype_order_strides(layout, order):
    """Result strides for order C/F/A/K equal NumPy's, for every layout."""
    h, c = make_pair(layout, "float64")
    for dst in ["float64", "int16", "complex64"]:
        e = h.astype(dst, order=order)
        r = c.astype(dst, order=order)
        testing.assert_matches_numpy(r, e, strides_check=True)
        assert r.flags.c_contiguous == e.flags.c_contiguous
        assert r.flags.f_contiguous == e.flags.f_contiguous


def test_astype_order_zero_size():
    for order in "CFAK":
        h, c = make_pair("zerosize", "float32")
        r = c.astype("int8", order=order)
        testing.assert_matches_numpy(r, h.astype("int8", order=order))
        assert r.flags.c_contiguous and r.flags.f_contiguous


def test_astype_bad_order():
    with pytest.raises(ValueError):
        numpy.zeros(2).astype("f4", order="X")
    with pytest.raises(ValueError):
        cp.zeros(2).astype("f4", order="X")


def test_astype_positional_and_dtype_spellings():
    c = cp.array([1, 2, 3], dtype="int8")
    assert c.astype("f").dtype == numpy.float32
    assert c.astype(float).dtype == numpy.float64
    assert c.astype(numpy.complex64).dtype == numpy.complex64
    assert c.astype(numpy.dtype(">i4")).dtype == numpy.dtype("int32")
    assert c.astype(None).dtype == numpy.float64 == numpy.zeros(1, "int8").astype(None).dtype


# -- value rules -----------------------------------------------------------------------------

@pytest.mark.parametrize("src", FLOATS + ["bfloat16"])
@pytest.mark.parametrize("dst", INTS)
def test_astype_float_to_int_truncates(src, dst):
    """Note [Float to integer casts]: in-range values truncate toward zero."""
    if src == "bfloat16" and BFLOAT16 is None:
        pytest.skip("needs ml_dtypes")
    vals = [0.0, 0.25, 0.75, 1.5, 2.5, 3.99, 7.0, 100.5, 126.75]
    if dst.startswith("int"):
        vals += [-0.25, -0.75, -1.5, -2.5, -3.99, -100.5, -127.5]
    h = numpy.array(vals, dtype=src)
    r = cp.array(h).astype(dst)
    testing.assert_matches_numpy(r, h.astype(dst))
    testing.assert_matches_numpy(r, numpy.trunc(h.astype("float64")).astype(dst))


@pytest.mark.parametrize("src", ["float16", "float32", "float64"])
def test_astype_negative_float_to_uint8_wraps(src):
    """Note [Float to integer casts]: -1.5 -> uint8 is 255 (through int32), as NumPy on x86-64."""
    h = numpy.array([-1.5, -1.0, -2.7, -128.0, 255.9], dtype=src)
    r = cp.array(h).astype("uint8")
    testing.assert_matches_numpy(r, numpy.array([255, 255, 254, 128, 255], "uint8"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        testing.assert_matches_numpy(r, h.astype("uint8"))


@pytest.mark.parametrize("dst", INTS)
def test_astype_float_wraps_through_int32_int64(dst):
    """Note [Float to integer casts]: out-of-range (but int32/int64 range) values wrap like NumPy's x86-64 casts."""
    h = numpy.array([300.5, -129.5, 70000.25, -40000.0, 3e9, -3e9, 5e12], dtype="float64")
    if numpy.dtype(dst).itemsize <= 2:
        h = h[numpy.abs(h) < 2**31]  # narrower targets go through int32
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        e = h.astype(dst)
    testing.assert_matches_numpy(cp.array(h).astype(dst), e)


@pytest.mark.parametrize("src", COMPLEXES)
@pytest.mark.parametrize("dst", ["bool", "int8", "int64", "uint16", "float16", "float32", "float64"])
def test_astype_complex_to_real_warns(src, dst):
    """complex -> real keeps the real part and warns ComplexWarning (bool: nonzero of either part, no warning)."""
    h = numpy.array([1.5 + 2j, -3.25 - 1j, 0 + 1j, 0j, 4 + 0j], dtype=src)
    c = cp.array(h)
    if dst == "bool":
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            testing.assert_matches_numpy(c.astype(dst), h.astype(dst))
        return
    with pytest.warns(ComplexWarning):
        e = h.astype(dst)
    with pytest.warns(ComplexWarning, match="discards the imaginary part"):
        r = c.astype(dst)
    testing.assert_matches_numpy(r, e)


def test_astype_complex_to_real_empty_warns():
    """NumPy warns ComplexWarning for complex -> real even when nothing is cast; so does cupric."""
    with pytest.warns(ComplexWarning):
        numpy.zeros(0, "complex64").astype("float32")
    with pytest.warns(ComplexWarning):
        r = cp.zeros((0, 3), "complex64").astype("float32")
    assert r.shape == (0, 3) and r.dtype == numpy.float32


@pytest.mark.parametrize("src", ["float16", "float32", "float64", "complex64", "complex128"])
def test_astype_nan_inf_to_bool(src):
    """nan -> bool is True; inf -> True; -0.0 -> False."""
    h = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, 1e-30], dtype=src)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # complex -> bool does not warn
        testing.assert_matches_numpy(cp.array(h).astype("bool"), h.astype("bool"))
    assert cp.array(h).astype("bool").tolist() == [True, True, True, False, False, src != "float16"]


@pytest.mark.parametrize("src", ["float32", "float64"])
@pytest.mark.parametrize("dst", ["float16", "float32", "float64", "complex64", "complex128"])
def test_astype_float_special_values(src, dst):
    """nan, inf, -0.0, subnormals, overflow to inf and rounding between floating types follow NumPy."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # 1e39 overflows float32
        h = numpy.array([numpy.nan, numpy.inf, -numpy.inf, -0.0, 1e-40, 1e-8, 65504.0, 65520.0, 1e39,
                         0.1, 1 / 3, 2049.0, 16777217.0], dtype="float64").astype(src)
        e = h.astype(dst)
    r = cp.array(h).astype(dst).get()
    assert r.dtype == e.dtype
    assert r.tobytes() == e.tobytes()  # bitwise: signed zeros and rounding included


@pytest.mark.parametrize("src", ["uint64", "int64", "uint32", "int32"])
@pytest.mark.parametrize("dst", ["float16", "float32", "float64", "complex64"])
def test_astype_large_int_to_float_rounding(src, dst):
    info = numpy.iinfo(src)
    h = numpy.array([info.max, info.min, info.max - 1, 2**24 + 1, 2**53 + 1 if info.bits == 64 else 12345,
                     65519, 65520, 0], dtype="object").astype(src)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        e = h.astype(dst)
    r = cp.array(h).astype(dst).get()
    assert r.tobytes() == e.tobytes()


@pytest.mark.parametrize("src, dst", [(a, b) for a in INTS for b in INTS])
def test_astype_int_wraparound(src, dst):
    """Integer -> integer casts wrap modulo 2**bits like NumPy (C) casts."""
    info = numpy.iinfo(src)
    h = numpy.array([info.min, info.max, 0, 1, info.max // 3, info.min // 3 if info.min else 7], dtype=src)
    testing.assert_matches_numpy(cp.array(h).astype(dst), h.astype(dst))


@pytest.mark.parametrize("dst", [pytest.param(d, id=dtype_id(d)) for d in NUMERIC_DTYPES])
def test_astype_bool_source(dst):
    h = numpy.array([True, False, True])
    testing.assert_matches_numpy(cp.array(h).astype(dst), h.astype(dst))


@requires_bf16
@pytest.mark.parametrize("src", [pytest.param(d, id=dtype_id(d)) for d in ALL_DTYPES])
def test_v14_bf16_casts_round_trip(src):
    """V14-BF16: casts to and from bfloat16 agree with ml_dtypes for exactly representable values."""
    h = sample_values((17,), src)
    c = cp.array(h)
    b = cp_astype(c, BFLOAT16)
    testing.assert_matches_numpy(b, np_astype(h, BFLOAT16))
    testing.assert_matches_numpy(b.astype(src), np_astype(h, BFLOAT16).astype(src))


@requires_bf16
def test_v14_bf16_rounding_from_float32():
    """V14-BF16: float32 -> bfloat16 rounds to nearest even as ml_dtypes does."""
    h = numpy.array([1.00390625, 1.01171875, 3.14159, -2.71828, 1e-3, 65504.0, 3.3e38, numpy.inf, -0.0],
                    dtype="float32")
    r = cp.array(h).astype(BFLOAT16).get()
    assert r.tobytes() == h.astype(BFLOAT16).tobytes()


def test_astype_structured_is_type_error():
    """V14-STRUCT: astype to or from a structured/void dtype other than itself is a TypeError."""
    dt = numpy.dtype([("a", "i4"), ("b", "f4")])
    s = cp.zeros(3, dtype=dt)
    with pytest.raises(TypeError, match="V14-STRUCT"):
        s.astype("float32")
    with pytest.raises(TypeError, match="V14-STRUCT"):
        cp.zeros(3, "float32").astype(dt)
