"""dtypes: promote_types and can_cast over the whole table, dtype validation (V14-DTYPE) and the
scalar-type aliases (V9-ALIASES)."""
import itertools
import warnings

import numpy
import pytest

import cupric as cp
from array_cases import NUMERIC_DTYPES, ALL_DTYPES, CASTINGS, BFLOAT16, requires_bf16, dtype_id

PAIRS = [pytest.param(a, b, id=f"{dtype_id(a)}-{dtype_id(b)}")
         for a, b in itertools.product(NUMERIC_DTYPES, NUMERIC_DTYPES)]


# -- promote_types ---------------------------------------------------------------------------

@pytest.mark.parametrize("a, b", PAIRS)
def test_promote_types_table(a, b):
    """Every pair of the 15 numeric dtypes promotes as NumPy 2 (with ml_dtypes for bfloat16)."""
    try:
        expected = numpy.promote_types(a, b)
    except TypeError as e:
        with pytest.raises(type(e)):
            cp.promote_types(a, b)
        return
    got = cp.promote_types(a, b)
    assert isinstance(got, numpy.dtype)
    assert got == expected


def test_promote_types_accepts_dtype_likes():
    assert cp.promote_types("i1", numpy.uint8) == numpy.dtype("int16")
    assert cp.promote_types(numpy.float32, "f2") == numpy.dtype("float32")
    assert cp.promote_types(bool, int) == numpy.promote_types(bool, int)
    assert cp.promote_types(float, complex) == numpy.dtype("complex128")
    assert cp.promote_types(numpy.dtype("int64"), numpy.dtype("uint64")) == numpy.dtype("float64")


def test_promote_types_is_symmetric():
    for a, b in itertools.combinations(NUMERIC_DTYPES, 2):
        try:
            r = cp.promote_types(a, b)
        except TypeError:
            with pytest.raises(TypeError):
                cp.promote_types(b, a)
            continue
        assert r == cp.promote_types(b, a)


def test_promote_types_no_common_dtype_is_dtype_promotion_error():
    """NumPy raises numpy.exceptions.DTypePromotionError (a TypeError) for pairs with no common dtype."""
    if BFLOAT16 is None:
        pytest.skip("needs ml_dtypes")
    with pytest.raises(numpy.exceptions.DTypePromotionError):
        numpy.promote_types(BFLOAT16, numpy.int64)
    with pytest.raises(numpy.exceptions.DTypePromotionError):
        cp.promote_types(BFLOAT16, numpy.int64)


def test_promote_types_void():
    assert cp.promote_types("V4", "V4") == numpy.dtype("V4")
    with pytest.raises(TypeError):
        numpy.promote_types("V4", "int32")
    with pytest.raises(TypeError):
        cp.promote_types("V4", "int32")


def test_promote_types_rejects_bad_dtype():
    with pytest.raises(TypeError):
        cp.promote_types("not-a-dtype", "int8")


# -- can_cast --------------------------------------------------------------------------------

@pytest.mark.parametrize("casting", CASTINGS)
@pytest.mark.parametrize("a, b", PAIRS)
def test_can_cast_table(a, b, casting):
    """can_cast(from, to, casting) for every pair and every casting mode equals NumPy 2's."""
    assert cp.can_cast(a, b, casting) is numpy.can_cast(a, b, casting)


def test_can_cast_default_is_safe():
    for a, b in itertools.product(NUMERIC_DTYPES, NUMERIC_DTYPES):
        assert cp.can_cast(a, b) is numpy.can_cast(a, b)


@pytest.mark.parametrize("dtype", [pytest.param(d, id=dtype_id(d)) for d in NUMERIC_DTYPES])
def test_can_cast_from_array(dtype):
    a = cp.zeros(3, dtype=dtype)
    h = numpy.zeros(3, dtype=dtype)
    for to in ["int8", "float32", "complex128", "bool"]:
        for casting in CASTINGS:
            assert cp.can_cast(a, to, casting) is numpy.can_cast(h, to, casting)


@pytest.mark.parametrize("value", [1, 1.0, 1j, True])
def test_can_cast_python_scalar_is_type_error(value):
    """NEP 50: can_cast rejects Python scalars (their result used to depend on the value)."""
    with pytest.raises(TypeError) as e_np:
        numpy.can_cast(value, "int8")
    with pytest.raises(TypeError) as e_cp:
        cp.can_cast(value, "int8")
    assert str(e_cp.value) == str(e_np.value)


def test_can_cast_bad_casting_mode():
    with pytest.raises(ValueError):
        numpy.can_cast("int8", "int16", "bogus")
    with pytest.raises(ValueError, match="casting must be one of"):
        cp.can_cast("int8", "int16", "bogus")


def test_can_cast_void_same_size():
    for casting in CASTINGS:
        assert cp.can_cast("V4", "V4", casting) is numpy.can_cast("V4", "V4", casting)
    for casting in ["no", "equiv", "safe", "same_kind"]:
        assert cp.can_cast("V4", "int32", casting) is numpy.can_cast("V4", "int32", casting)


def test_can_cast_void_other_sizes_and_numeric_to_void():
    for a, b in [("V4", "V8"), ("V8", "V4"), ("V4", "V4"), ("int32", "V4"), ("int32", "V8"), ("V4", "int32"),
                 ("bool", "V1")]:
        for casting in CASTINGS:
            assert cp.can_cast(a, b, casting) is numpy.can_cast(a, b, casting), (a, b, casting)


# -- V14-DTYPE: strict dtype validation at creation -------------------------------------------

@pytest.mark.parametrize("fn", [cp.empty, cp.zeros, cp.ones])
def test_v14_dtype_datetime_rejected(fn):
    """V14-DTYPE: empty(3, dtype='datetime64[ns]') -> ValueError 'Unsupported dtype datetime64[ns]'."""
    with pytest.raises(ValueError) as e:
        fn(3, dtype="datetime64[ns]")
    assert str(e.value) == "Unsupported dtype datetime64[ns]"


def test_v14_dtype_timedelta_rejected():
    """V14-DTYPE: timedelta64 is not a supported dtype either."""
    with pytest.raises(ValueError, match=r"^Unsupported dtype timedelta64\[s\]$"):
        cp.empty(3, dtype="timedelta64[s]")


@pytest.mark.parametrize("dtype, name", [
    (object, "object"), ("O", "object"), (str, "<U0"), ("U5", "<U5"), ("S3", "|S3"),
    (numpy.longdouble, str(numpy.dtype(numpy.longdouble))), (numpy.clongdouble, str(numpy.dtype(numpy.clongdouble))),
])
def test_v14_dtype_object_str_longdouble_rejected(dtype, name):
    """V14-DTYPE: object, string and long double dtypes are rejected with a ValueError naming them."""
    if numpy.dtype(dtype) in ALL_DTYPES:
        pytest.skip("long double is double on this platform")
    with pytest.raises(ValueError) as e:
        cp.empty(3, dtype=dtype)
    assert str(e.value).startswith("Unsupported dtype")
    assert str(numpy.dtype(dtype)) in str(e.value)
    with pytest.raises(ValueError, match="Unsupported dtype"):
        cp.zeros((2, 2), dtype=dtype)


def test_v14_dtype_rejected_in_array_and_astype():
    """V14-DTYPE: the same validation applies to array(), asarray() and astype()."""
    with pytest.raises(ValueError, match=r"Unsupported dtype datetime64\[ns\]"):
        cp.array(numpy.zeros(3, "datetime64[ns]"))
    with pytest.raises(ValueError, match="Unsupported dtype"):
        cp.asarray(numpy.array(["a", "b"]))
    with pytest.raises(ValueError, match="Unsupported dtype object"):
        cp.array([1, 2], dtype=object)
    with pytest.raises(ValueError, match=r"Unsupported dtype datetime64\[ns\]"):
        cp.zeros(3).astype("datetime64[ns]")


def test_v14_dtype_uninterpretable_is_type_error():
    """Something that is not a dtype at all is a TypeError, as numpy.dtype() says."""
    with pytest.raises(TypeError):
        numpy.dtype("not-a-dtype")
    with pytest.raises(TypeError, match="as a data type"):
        cp.empty(3, dtype="not-a-dtype")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 8, 16, 24])
def test_v14_dtype_void_accepted(n):
    """V14-DTYPE: unstructured void V<n> arrays are accepted."""
    a = cp.zeros(3, dtype=f"V{n}")
    assert a.dtype == numpy.dtype(f"V{n}")
    assert a.itemsize == n
    assert a.nbytes == 3 * n
    assert a.get().tobytes() == b"\0" * (3 * n)
    e = cp.empty((2, 2), dtype=f"V{n}")
    assert e.dtype == numpy.dtype(f"V{n}") and e.shape == (2, 2)


@pytest.mark.parametrize("dtype", [pytest.param(d, id=dtype_id(d)) for d in NUMERIC_DTYPES])
def test_v14_dtype_numeric_accepted(dtype):
    """V14-DTYPE: every numeric dtype is accepted and reported as NumPy's dtype."""
    a = cp.empty(2, dtype=dtype)
    assert a.dtype == dtype
    assert a.itemsize == dtype.itemsize


@pytest.mark.parametrize("spec, expected", [
    (None, "float64"), (float, "float64"), (int, "int64"), (complex, "complex128"), (bool, "bool"),
    ("f", "float32"), ("d", "float64"), ("e", "float16"), ("F", "complex64"), ("D", "complex128"),
    ("b", "int8"), ("B", "uint8"), ("h", "int16"), ("H", "uint16"), ("i", "int32"), ("I", "uint32"),
    ("q", "int64"), ("Q", "uint64"), ("l", "int64"), ("L", "uint64"), ("?", "bool"),
    ("i1", "int8"), ("u2", "uint16"), ("f8", "float64"), ("c8", "complex64"), ("<i4", "int32"),
    ("=f4", "float32"), ("float32", "float32"), (numpy.float16, "float16"), (numpy.dtype("u8"), "uint64"),
    (numpy.intp, "int64"), (numpy.single, "float32"), (numpy.half, "float16"),
])
def test_dtype_spellings(spec, expected):
    assert cp.empty(1, dtype=spec).dtype == numpy.dtype(expected)
    assert numpy.empty(1, dtype=spec).dtype == numpy.dtype(expected)


def test_v10_bigendian_dtype_spec_is_native():
    """V10-BIGENDIAN: a big-endian dtype spec gives a (little-endian) array of the same type."""
    a = cp.zeros(3, dtype=">i4")
    assert a.dtype == numpy.dtype("int32")
    assert a.dtype.isnative
    assert cp.zeros(2, dtype=">c16").dtype == numpy.dtype("complex128")


@requires_bf16
def test_v14_bf16_dtype_accepted():
    """V14-BF16: ml_dtypes.bfloat16 is a supported dtype."""
    import ml_dtypes
    a = cp.zeros(4, dtype=ml_dtypes.bfloat16)
    assert a.dtype == BFLOAT16
    assert a.itemsize == 2
    assert cp.zeros(4, dtype="bfloat16").dtype == BFLOAT16


# -- V9-ALIASES -----------------------------------------------------------------------------

def test_v9_aliases_bool_is_numpy_bool():
    """V9-ALIASES: cupric.bool is NumPy 2's bool scalar type."""
    assert cp.bool is numpy.bool
    assert cp.bool_ is numpy.bool_
    assert cp.zeros(2, dtype=cp.bool).dtype == numpy.dtype("bool")


@pytest.mark.parametrize("name", ["int", "float", "complex", "object", "str", "unicode"])
def test_v9_aliases_removed(name):
    """V9-ALIASES: cupric.int, cupric.float, cupric.complex (and the other removed builtin aliases)
    do not exist, as in NumPy 2."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)  # numpy warns on np.object / np.str lookups
        assert not hasattr(numpy, name)
    assert not hasattr(cp, name)
    with pytest.raises(AttributeError):
        getattr(cp, name)


@pytest.mark.parametrize("name", [
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
    "float64", "complex64", "complex128", "intp", "uintp", "int_", "uint", "intc", "uintc", "byte", "ubyte",
    "short", "ushort", "longlong", "ulonglong", "half", "single", "double", "csingle", "cdouble",
    "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating", "complexfloating", "generic",
    "dtype", "finfo", "iinfo", "issubdtype",
])
def test_v9_aliases_numpy_names(name):
    """V9-ALIASES: the scalar types and dtype helpers are NumPy's own objects."""
    assert getattr(cp, name) is getattr(numpy, name)


def test_constants():
    assert cp.newaxis is None
    assert cp.pi == numpy.pi and cp.e == numpy.e
    assert cp.inf == numpy.inf and numpy.isnan(cp.nan)
