"""cupric as a Python array API (2025.12) namespace: __array_namespace__, the inspection API,
device/to_device/mT, the standard's names cupric adds (compared with array-api-strict, the
reference implementation, with hypothesis), and array-api-compat recognising cupric arrays."""
import numpy
import pytest
from hypothesis import given, strategies as st
from hypothesis.extra import numpy as hnp

import cupric as cp
from cupric import testing

xp = pytest.importorskip("array_api_strict")

REAL = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"]
FLOAT = ["float32", "float64"]
INEXACT = ["float32", "float64", "complex64", "complex128"]


def both(h):
    return cp.asarray(h), xp.asarray(h)


def check(mine, ref, rtol=1e-6):
    """cupric's result against array-api-strict's: dtype, shape and values."""
    if isinstance(ref, tuple):
        assert isinstance(mine, tuple) and len(mine) == len(ref)
        for m, r in zip(mine, ref):
            check(m, r, rtol)
        return
    expected = numpy.asarray(ref)
    assert isinstance(mine, cp.ndarray)
    assert mine.dtype == expected.dtype, (mine.dtype, expected.dtype)
    assert mine.shape == expected.shape
    testing.assert_allclose(mine.get(), expected, rtol=rtol, atol=0, equal_nan=True)


def arrays(dtypes, min_dims=0, max_dims=3, elements=None):
    return st.sampled_from(dtypes).flatmap(
        lambda d: hnp.arrays(d, hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=0, max_side=4),
                             elements=elements or _elements(d)))


def _elements(d):
    d = numpy.dtype(d)
    if d.kind == "f":
        return st.floats(-4, 4, width=d.itemsize * 8)
    if d.kind == "c":
        return st.complex_numbers(max_magnitude=4, width=d.itemsize * 8)
    if d.kind == "b":
        return st.booleans()
    info = numpy.iinfo(d)
    return st.integers(max(info.min, -50), min(info.max, 50))


# ---- the namespace and its inspection API ----

def test_array_namespace_is_cupric():
    c = cp.zeros(3)
    assert c.__array_namespace__() is cp
    assert c.__array_namespace__(api_version="2025.12") is cp
    assert c.__array_namespace__(api_version="2023.12") is cp
    with pytest.raises(ValueError, match="2019.01"):
        c.__array_namespace__(api_version="2019.01")
    assert cp.__array_api_version__ == "2025.12"


def test_namespace_info_matches_numpy_shape_of_answers():
    info = cp.__array_namespace_info__()
    ref = numpy.__array_namespace_info__()
    assert info.capabilities() == ref.capabilities()
    assert info.default_dtypes() == ref.default_dtypes()
    assert info.default_dtypes(device=info.default_device()) == ref.default_dtypes()
    for kind in [None, "bool", "signed integer", "unsigned integer", "integral", "real floating", "complex floating",
                 "numeric", ("bool", "real floating")]:
        assert info.dtypes(kind=kind) == ref.dtypes(kind=kind), kind
    with pytest.raises(ValueError, match="kind"):
        info.dtypes(kind="strange")
    devices = info.devices()
    assert info.default_device() in devices
    assert cp.zeros(1).device == info.default_device()
    with pytest.raises(ValueError, match="device"):
        info.dtypes(device="elsewhere")


def test_array_api_compat_recognises_cupric():
    compat = pytest.importorskip("array_api_compat")
    c = cp.zeros(3)
    assert compat.array_namespace(c) is cp
    assert compat.array_namespace(c, cp.ones(2)) is cp
    assert compat.is_array_api_obj(c)
    assert compat.device(c) == c.device


def test_device_to_device_and_mT():
    c = cp.arange(6.0).reshape(2, 3)
    assert c.to_device(c.device) is c
    with pytest.raises(ValueError, match=r"\.get\(\)"):
        c.to_device("cpu")
    testing.assert_array_equal(c.mT, numpy.arange(6.0).reshape(2, 3).T)
    b = cp.zeros((4, 2, 3))
    assert b.mT.shape == (4, 3, 2)
    with pytest.raises(ValueError, match="2-dimensional"):
        cp.zeros(3).mT


# ---- the names cupric adds, against array-api-strict ----

ALIASES = {"acos": "arccos", "acosh": "arccosh", "asin": "arcsin", "asinh": "arcsinh", "atan": "arctan",
           "atan2": "arctan2", "atanh": "arctanh", "pow": "power", "bitwise_invert": "invert",
           "bitwise_left_shift": "left_shift", "bitwise_right_shift": "right_shift", "concat": "concatenate",
           "permute_dims": "transpose"}


@pytest.mark.parametrize("name,numpy_name", ALIASES.items())
def test_aliases_are_the_same_objects_as_in_numpy(name, numpy_name):
    assert getattr(cp, name) is getattr(cp, numpy_name)
    assert getattr(numpy, name) is getattr(numpy, numpy_name)


@pytest.mark.parametrize("name,lo,hi", [("acos", -1, 1), ("asin", -1, 1), ("atan", -4, 4), ("acosh", 1, 5),
                                        ("asinh", -4, 4), ("atanh", -0.99, 0.99)])
@given(data=st.data())
def test_inverse_trig_against_strict(name, lo, hi, data):
    h = data.draw(arrays(FLOAT, elements=None).filter(lambda a: True).map(
        lambda a: numpy.clip(a, lo, hi).astype(a.dtype)))
    c, s = both(h)
    check(getattr(cp, name)(c), getattr(xp, name)(s), rtol=2e-6)


@given(data=st.data())
def test_atan2_and_pow_against_strict(data):
    dt = data.draw(st.sampled_from(FLOAT))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    a = data.draw(hnp.arrays(dt, shape, elements=st.floats(-3, 3, width=numpy.dtype(dt).itemsize * 8)))
    b = data.draw(hnp.arrays(dt, shape, elements=st.floats(0.5, 3, width=numpy.dtype(dt).itemsize * 8)))
    (ca, sa), (cb, sb) = both(a), both(b)
    check(cp.atan2(ca, cb), xp.atan2(sa, sb), rtol=2e-6)
    check(cp.pow(cb, ca), xp.pow(sb, sa), rtol=2e-5)
    check(cp.pow(cb, 2), xp.pow(sb, 2), rtol=2e-6)


@given(data=st.data())
def test_bitwise_against_strict(data):
    dt = data.draw(st.sampled_from(["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=4))
    a = data.draw(hnp.arrays(dt, shape, elements=_elements(dt)))
    sh = data.draw(hnp.arrays(dt, shape, elements=st.integers(0, 6)))
    (ca, sa), (cs, ss) = both(a), both(sh)
    check(cp.bitwise_invert(ca), xp.bitwise_invert(sa))
    check(cp.bitwise_left_shift(ca, cs), xp.bitwise_left_shift(sa, ss))
    check(cp.bitwise_right_shift(ca, cs), xp.bitwise_right_shift(sa, ss))
    hb = data.draw(hnp.arrays("bool", shape))
    check(cp.bitwise_invert(cp.asarray(hb)), xp.bitwise_invert(xp.asarray(hb)))


@given(h=arrays(REAL + ["bool"], min_dims=1), data=st.data())
def test_concat_against_strict(h, data):
    axis = data.draw(st.sampled_from([None, *range(-h.ndim, h.ndim)]))
    c, s = both(h)
    check(cp.concat([c, c], axis=axis), xp.concat([s, s], axis=axis))
    check(cp.concat((c,), axis=axis), xp.concat((s,), axis=axis))


@given(h=arrays(REAL, min_dims=0), data=st.data())
def test_permute_dims_and_matrix_transpose_against_strict(h, data):
    axes = data.draw(st.permutations(range(h.ndim)))
    c, s = both(h)
    check(cp.permute_dims(c, tuple(axes)), xp.permute_dims(s, tuple(axes)))
    if h.ndim >= 2:
        check(cp.matrix_transpose(c), xp.matrix_transpose(s))
        check(c.mT, s.mT)


@given(h=arrays(REAL + ["bool"] + INEXACT), to=st.sampled_from(REAL + ["bool"] + INEXACT), copy=st.booleans())
def test_astype_against_strict(h, to, copy):
    c, s = both(h)
    if numpy.dtype(h.dtype).kind == "c" and numpy.dtype(to).kind != "c":
        with pytest.raises(TypeError):
            xp.astype(s, getattr(xp, to))
        return  # (the standard leaves complex -> real unspecified; cupric follows NumPy)
    r = cp.astype(c, to, copy=copy)
    check(r, xp.astype(s, getattr(xp, to), copy=copy))
    if not copy and numpy.dtype(to) == h.dtype:
        assert r is c


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
@given(h=arrays(["int8", "int32", "int64", "uint8", "uint64", "float32", "float64", "bool"], min_dims=1, max_dims=3,
                elements=None), data=st.data(), include=st.booleans())
def test_cumulative_against_strict(name, h, data, include):
    if h.dtype.kind == "f":
        h = numpy.clip(h, -2, 2)
    elif h.dtype.kind in "iu":
        h = (h % 3).astype(h.dtype)
    axis = data.draw(st.sampled_from([None] if h.ndim == 1 else list(range(-h.ndim, h.ndim))))
    c, s = both(h)
    if h.dtype != bool:  # (the standard allows numeric dtypes only; cupric also takes bool, as NumPy)
        check(getattr(cp, name)(c, axis=axis, include_initial=include),
              getattr(xp, name)(s, axis=axis, include_initial=include), rtol=1e-5)
    testing.assert_allclose(getattr(cp, name)(c, axis=axis, include_initial=include),
                            getattr(numpy, name)(h, axis=axis, include_initial=include), rtol=1e-5)


def test_cumulative_errors_and_dtype_match_numpy():
    c = cp.ones((2, 2))
    with pytest.raises(ValueError, match="axis"):
        cp.cumulative_sum(c)
    testing.assert_array_equal(cp.cumulative_sum(cp.asarray(3.0)), numpy.cumulative_sum(numpy.asarray(3.0)))
    out = cp.empty(3)
    assert cp.cumulative_prod(cp.arange(1.0, 4.0), out=out) is out
    assert cp.cumulative_sum(cp.ones(3, "int8"), dtype="float32").dtype == numpy.float32


@given(h=arrays(REAL, min_dims=1), data=st.data())
def test_unstack_against_strict(h, data):
    axis = data.draw(st.integers(-h.ndim, h.ndim - 1))
    c, s = both(h)
    check(cp.unstack(c, axis=axis), xp.unstack(s, axis=axis))


def test_unstack_errors():
    with pytest.raises(ValueError, match="1-d"):
        cp.unstack(cp.asarray(1.0))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.unstack(cp.zeros((2, 3)), axis=2)


@pytest.mark.parametrize("kind", ["bool", "signed integer", "unsigned integer", "integral", "real floating",
                                  "complex floating", "numeric", ("integral", "bool")])
@pytest.mark.parametrize("dtype", REAL + ["bool", "complex64", "complex128", "float16"])
def test_isdtype_matches_numpy(kind, dtype):
    assert cp.isdtype(cp.dtype(dtype), kind) == numpy.isdtype(numpy.dtype(dtype), kind)


# ---- a sample of existing names, to the standard ----

@given(h=arrays(REAL))
def test_existing_elementwise_sample_against_strict(h):
    c, s = both(h)
    check(cp.abs(c), xp.abs(s))
    check(cp.negative(c), xp.negative(s))
    check(cp.square(c), xp.square(s))
    check(cp.sign(c), xp.sign(s))
    check(cp.equal(c, c), xp.equal(s, s))


@given(h=arrays(REAL, min_dims=1), keepdims=st.booleans(), data=st.data())
def test_existing_reductions_sample_against_strict(h, keepdims, data):
    axis = data.draw(st.sampled_from([None, *range(-h.ndim, h.ndim)]))
    c, s = both(h)
    if h.size:
        check(cp.max(c, axis=axis, keepdims=keepdims), xp.max(s, axis=axis, keepdims=keepdims))
    check(cp.sum(c, axis=axis, keepdims=keepdims), xp.sum(s, axis=axis, keepdims=keepdims), rtol=1e-5)
    check(cp.any(c, axis=axis, keepdims=keepdims), xp.any(s, axis=axis, keepdims=keepdims))


@given(h=arrays(["int32", "float64"], min_dims=1, max_dims=1))
def test_existing_unique_sample_against_strict(h):
    c, s = both(h)
    check(cp.unique_values(c), xp.unique_values(s))
    mc, ms = cp.unique_counts(c), xp.unique_counts(s)
    check(tuple(mc), tuple(ms))
    ic, is_ = cp.unique_inverse(c), xp.unique_inverse(s)
    check(ic.values, is_.values)
    check(ic.inverse_indices, is_.inverse_indices)
    ac, as_ = cp.unique_all(c), xp.unique_all(s)
    check(ac.values, as_.values)
    check(ac.counts, as_.counts)
