"""cupric.ndarray attributes and Python protocols against NumPy 2: shape/strides/flags/base/T,
data.ptr, item/tolist/bool/int/float/complex/index/len/iter (values, errors and messages),
repr/str, pickling, copy.copy/deepcopy and the refusal of implicit host conversion."""
import copy
import operator
import pickle
import warnings

import numpy
import pytest

import cupric as cp
from array_cases import (NUMERIC_DTYPES, LAYOUTS, BFLOAT16, requires_bf16, dtype_id, sample_values,
                      make_pair)
from cupric import testing

LAYOUT_DTYPES = [pytest.param(d, id=dtype_id(d)) for d in NUMERIC_DTYPES]


# -- attributes ------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_attributes_match_numpy(layout, dtype):
    h, c = make_pair(layout, dtype)
    assert isinstance(c, cp.ndarray)
    assert c.shape == h.shape
    assert c.ndim == h.ndim
    assert c.size == h.size
    assert c.itemsize == h.itemsize
    assert c.nbytes == h.nbytes
    assert c.dtype == h.dtype
    if h.size:  # NumPy 2.4 gives fresh zero-size arrays zero strides
        assert c.strides == h.strides
    assert c.flags.c_contiguous == h.flags.c_contiguous
    assert c.flags.f_contiguous == h.flags.f_contiguous
    assert c.flags["C_CONTIGUOUS"] == h.flags["C_CONTIGUOUS"]
    assert c.flags["F_CONTIGUOUS"] == h.flags["F_CONTIGUOUS"]
    assert c.flags["C"] == h.flags["C"] and c.flags["F"] == h.flags["F"]
    assert len(c.T.shape) == c.ndim


@pytest.mark.parametrize("shape", [(), (0,), (1,), (5,), (2, 3), (3, 1, 4), (1, 1), (2, 0, 3), (2, 3, 4, 5)])
@pytest.mark.parametrize("order", ["C", "F"])
def test_fresh_array_flags(shape, order):
    h = numpy.empty(shape, order=order)
    c = cp.empty(shape, order=order)
    assert c.flags.c_contiguous == h.flags.c_contiguous
    assert c.flags.f_contiguous == h.flags.f_contiguous
    assert c.flags.owndata is True and c.flags["OWNDATA"] is True
    assert c.base is None
    if h.size:
        assert c.strides == h.strides


def test_flags_bad_key_and_repr():
    f = cp.zeros((2, 3)).flags
    with pytest.raises(KeyError):
        f["WRITEBACKIFCOPY_NOPE"]
    assert repr(f) == "  C_CONTIGUOUS : True\n  F_CONTIGUOUS : False\n  OWNDATA : True"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_transpose_attribute(layout):
    h, c = make_pair(layout, "int16")
    t = c.T
    assert t.shape == h.T.shape
    if h.size:
        assert t.strides == h.T.strides
    testing.assert_matches_numpy(t, h.T)
    assert t.flags.c_contiguous == h.T.flags.c_contiguous
    assert t.flags.f_contiguous == h.T.flags.f_contiguous
    testing.assert_matches_numpy(t.T, h)


def test_base_is_collapsed_to_owner():
    """base of a view is the array owning the memory (NumPy collapses chains of views)."""
    a = cp.zeros((4, 6))
    assert a.base is None
    v = a[1:]
    assert v.base is a
    w = v[:, ::2]
    assert w.base is a
    assert w.T.base is a
    assert a[None].base is a
    assert a[...].base is a
    assert a[1, 2:4].base is a
    assert not v.flags.owndata and not w.flags["OWNDATA"]
    h = numpy.zeros((4, 6))
    assert h[1:][:, ::2].base is h


def test_base_of_copies_and_conversions():
    a = cp.arange(6) if hasattr(cp, "arange") else cp.array(numpy.arange(6))
    assert a.copy().base is None
    assert a.astype("float32").base is None
    assert a.astype(a.dtype, copy=False).base is None  # it is `a` itself
    assert cp.array(a).base is None
    assert cp.asarray(a) is a


def test_base_keeps_memory_alive():
    a = cp.array(numpy.arange(10.0))
    v = a[2:5]
    del a
    testing.assert_matches_numpy(v, numpy.arange(10.0)[2:5])
    assert v.base is not None


# -- data pointers ---------------------------------------------------------------------------

def test_data_ptr_of_views():
    a = cp.zeros((4, 6), dtype="float32")
    h = numpy.zeros((4, 6), dtype="float32")
    p = a.data.ptr
    assert isinstance(p, int) and p != 0
    assert int(a.data) == p

    def off(x):
        return x.__array_interface__["data"][0] - h.__array_interface__["data"][0]

    for key in [numpy.s_[1:], numpy.s_[:, 2], numpy.s_[::-1], numpy.s_[2, ::-2], numpy.s_[-1, -1, ...], numpy.s_[1:3, 1:5:2]]:
        assert a[key].data.ptr - p == off(h[key]), key
    assert a.T.data.ptr == p
    assert a.data.device_id == 0


def test_data_ptr_zero_size_and_mem():
    a = cp.zeros((3, 4))
    assert isinstance(a[3:].data.ptr, int)
    assert a[1:].data.mem is not None
    assert repr(a.data).startswith("<cupric MemoryPointer 0x")


def test_device_attribute():
    a = cp.zeros(2)
    assert a.device == cp.cuda.Device(0)
    assert a.device.id == 0


# -- item / tolist / scalar conversions -------------------------------------------------------

@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_item_and_tolist_types_and_values(dtype):
    h = sample_values((2, 3), dtype)
    c = cp.array(h)
    got = c.tolist()
    assert got == h.tolist()
    assert [type(x) for row in got for x in row] == [type(x) for row in h.tolist() for x in row]
    for i in range(6):
        assert c.item(i) == h.item(i)
        assert type(c.item(i)) is type(h.item(i))
    assert c.item(1, 2) == h.item(1, 2)
    assert c.item((1, 0)) == h.item((1, 0))
    assert c.item(-1) == h.item(-1)
    assert c[1, 1].item() == h[1, 1].item()
    assert type(c[0, 0].item()) is type(h[0, 0].item())


@pytest.mark.parametrize("layout", LAYOUTS)
def test_tolist_layouts(layout):
    h, c = make_pair(layout, "complex64")
    assert c.tolist() == h.tolist()


def test_item_extremes():
    for dt in ["int64", "uint64", "int8", "uint32"]:
        info = numpy.iinfo(dt)
        h = numpy.array([info.min, info.max], dtype=dt)
        c = cp.array(h)
        assert c.item(0) == info.min and c.item(1) == info.max
        assert c.tolist() == h.tolist()
    h = numpy.array([numpy.nan, -numpy.inf, -0.0], "float32")
    got = cp.array(h).tolist()
    assert numpy.isnan(got[0]) and got[1] == -numpy.inf and str(got[2]) == "-0.0"


@pytest.mark.parametrize("args", [(), (0,), (6,), (-7,), (1, 3), (2, 0), (-3, 0), (1, 2, 3), (1.0,), ([1, 2],), ((1, 2, 3),)])
def test_item_errors_match_numpy(args):
    h = numpy.arange(6).reshape(2, 3)
    c = cp.array(h)
    try:
        expected = h.item(*args)
    except Exception:
        testing.assert_raises_like_numpy(lambda: h.item(*args), lambda: c.item(*args))
        return
    assert c.item(*args) == expected


def test_item_zero_d_and_zero_size():
    h = numpy.array(5)
    c = cp.array(h)
    assert c.item() == 5 and c.item(0) == 5 and c.item(()) == 5 and c.item(-1) == 5
    testing.assert_raises_like_numpy(lambda: h.item(1), lambda: c.item(1))
    z = numpy.zeros((0, 2))
    testing.assert_raises_like_numpy(lambda: z.item(), lambda: cp.zeros((0, 2)).item())
    testing.assert_raises_like_numpy(lambda: z.item(0), lambda: cp.zeros((0, 2)).item(0))


@pytest.mark.parametrize("layout", ["T", "negstep", "strided", "broadcast"])
def test_item_views(layout):
    h, c = make_pair(layout, "float64")
    for i in range(h.size):
        assert c.item(i) == h.item(i)


@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
@pytest.mark.parametrize("conv", [int, float, complex, bool])
def test_scalar_conversions_0d(dtype, conv):
    for seed in range(3):
        h = sample_values((), dtype, seed)
        c = cp.array(h)
        try:
            expected = conv(h)
        except Exception:
            testing.assert_raises_like_numpy(lambda: conv(h), lambda: conv(c))
            continue
        got = conv(c)
        assert type(got) is type(expected)
        assert got == expected


@pytest.mark.parametrize("value", [numpy.nan, numpy.inf, -numpy.inf, 2.7, -2.7, 1e300])
def test_int_of_special_floats(value):
    h = numpy.array(value)
    c = cp.array(h)
    try:
        expected = int(h)
    except Exception:
        testing.assert_raises_like_numpy(lambda: int(h), lambda: int(c))
        return
    assert int(c) == expected


@pytest.mark.parametrize("shape", [(1,), (1, 1), (2,), (0,), (2, 3)])
@pytest.mark.parametrize("conv", [int, float, complex])
def test_scalar_conversion_needs_0d(shape, conv):
    """int()/float()/complex() of an array with ndim > 0 are TypeErrors in NumPy 2.4, size 1 or not."""
    h = numpy.ones(shape)
    e = testing.assert_raises_like_numpy(lambda: conv(h), lambda: conv(cp.ones(shape)))
    assert str(e) == "only 0-dimensional arrays can be converted to Python scalars"


@pytest.mark.parametrize("shape", [(1,), (1, 1), (2,), (0,), (2, 3), (0, 0)])
@pytest.mark.parametrize("value", [0, 1])
def test_bool_of_arrays(shape, value):
    h = numpy.full(shape, value)
    c = cp.full(shape, value)
    try:
        expected = bool(h)
    except ValueError:
        testing.assert_raises_like_numpy(lambda: bool(h), lambda: bool(c))
        return
    assert bool(c) is expected


@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_index_conversion(dtype):
    h = sample_values((), dtype, 2)
    c = cp.array(h)
    try:
        expected = operator.index(h)
    except TypeError:
        testing.assert_raises_like_numpy(lambda: operator.index(h), lambda: operator.index(c))
        return
    assert operator.index(c) == expected
    assert list(range(200))[c] == list(range(200))[h]


def test_index_needs_0d_integer():
    for h in [numpy.array([1]), numpy.array(1.0), numpy.array(True), numpy.arange(3)]:
        c = cp.array(h)
        e = testing.assert_raises_like_numpy(lambda: operator.index(h), lambda: operator.index(c))
        assert str(e) == "only integer scalar arrays can be converted to a scalar index"
    c = cp.array(numpy.uint64(2**64 - 1))
    assert operator.index(c) == 2**64 - 1
    assert "abcdef"[cp.array(numpy.int8(-2))] == "e"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_len(layout):
    h, c = make_pair(layout, "int32")
    if h.ndim == 0:
        e = testing.assert_raises_like_numpy(lambda: len(h), lambda: len(c))
        assert str(e) == "len() of unsized object"
    else:
        assert len(c) == len(h)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_iter(layout):
    h, c = make_pair(layout, "float32")
    if h.ndim == 0:
        e = testing.assert_raises_like_numpy(lambda: iter(h), lambda: list(c))
        assert str(e) == "iteration over a 0-d array"
        return
    rows = list(c)
    assert len(rows) == len(h)
    for r, e in zip(rows, h):
        assert isinstance(r, cp.ndarray)
        testing.assert_matches_numpy(r, e)


def test_iter_rows_are_views():
    c = cp.zeros((3, 2))
    for i, row in enumerate(c):
        row[...] = i
    assert c.tolist() == [[0, 0], [1, 1], [2, 2]]


def test_unhashable():
    with pytest.raises(TypeError, match="unhashable"):
        hash(cp.zeros(2))


# -- repr / str ------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_repr_str_equal_numpy(layout, dtype):
    h, c = make_pair(layout, dtype)
    assert repr(c) == repr(h)
    assert str(c) == str(h)


@pytest.mark.parametrize("value", [numpy.nan, numpy.inf, -0.0, 1e-300, 123456789.125, 1e20])
def test_repr_special_values(value):
    h = numpy.array([value, 1.0], "float64")
    assert repr(cp.array(h)) == repr(h)
    assert str(cp.array(h[0])) == str(h[0])


def test_repr_large_array_summarised():
    h = numpy.arange(5000, dtype="int32").reshape(50, 100)
    c = cp.array(h)
    assert repr(c) == repr(h)
    assert "..." in str(c)


def test_format():
    c = cp.array(numpy.float64(3.14159))
    assert f"{c:.2f}" == "3.14"
    assert format(cp.array([1, 2])) == format(numpy.array([1, 2]))


# -- pickling and copies ----------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_pickle_round_trip(layout, dtype):
    h, c = make_pair(layout, dtype)
    for proto in (2, pickle.HIGHEST_PROTOCOL):
        r = pickle.loads(pickle.dumps(c, protocol=proto))
        assert isinstance(r, cp.ndarray)
        e = pickle.loads(pickle.dumps(h, protocol=proto))
        testing.assert_matches_numpy(r, e, strides_check=e.size > 0)
        assert r.base is None and r.flags.owndata


def test_pickle_is_independent():
    c = cp.array(numpy.arange(4.0))
    r = pickle.loads(pickle.dumps(c))
    r[0] = 99
    assert c.item(0) == 0.0


@pytest.mark.parametrize("fn", [copy.copy, copy.deepcopy])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_copy_module(fn, layout):
    h, c = make_pair(layout, "int64")
    r = fn(c)
    e = fn(h)
    assert isinstance(r, cp.ndarray) and r is not c
    testing.assert_matches_numpy(r, e, strides_check=e.size > 0)
    assert r.base is None
    if r.size:
        assert r.data.ptr != c.data.ptr
        r[(0,) * r.ndim] = 1234
        testing.assert_matches_numpy(c, h)


def test_deepcopy_in_containers():
    c = cp.array([1.0, 2.0])
    d = copy.deepcopy({"a": c, "b": [c]})
    assert d["a"] is d["b"][0]  # memo honoured
    assert d["a"] is not c
    assert d["a"].tolist() == [1.0, 2.0]


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
@pytest.mark.parametrize("layout", [x for x in LAYOUTS if x != "zerosize"])
def test_copy_method_orders(order, layout):
    h, c = make_pair(layout, "float32")
    testing.assert_matches_numpy(c.copy(order=order), h.copy(order=order), strides_check=True)
    testing.assert_matches_numpy(cp.copy(c, order=order), numpy.copy(h, order=order), strides_check=True)


def test_copy_default_order_is_c():
    h, c = make_pair("F", "float32")
    testing.assert_matches_numpy(c.copy(), h.copy(), strides_check=True)
    assert c.copy().flags.c_contiguous


# -- no implicit device -> host conversion (DESIGN.md decision 9) -----------------------------

IMPLICIT = "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a NumPy array explicitly."


@pytest.mark.parametrize("fn", [numpy.asarray, numpy.array, lambda c: c.__array__(), lambda c: c.__array__(numpy.float32),
                                lambda c: numpy.asarray(c, dtype="float64"), lambda c: numpy.asarray([c, c])])
def test_array_protocol_raises_type_error(fn):
    # (numpy.stack([c, c]) runs cupric.stack through __array_function__: tests/python/interop)
    c = cp.zeros((2, 2))
    with pytest.raises(TypeError) as e:
        fn(c)
    assert str(e.value) == IMPLICIT


def test_cuda_array_interface_only_on_cuda():
    c = cp.zeros(3)
    if c._backend == "cuda":
        cai = c.__cuda_array_interface__
        assert cai["shape"] == (3,) and cai["typestr"] == "<f8" and cai["version"] == 3
        assert cai["data"][0] == c.data.ptr
    else:
        with pytest.raises(AttributeError, match="CUDA device"):
            c.__cuda_array_interface__
        assert not hasattr(c, "__cuda_array_interface__")


@pytest.mark.gpu
def test_cuda_array_interface_views():
    c = cp.zeros((4, 5), "float32")
    v = c[1:, ::2]
    cai = v.__cuda_array_interface__
    assert cai["shape"] == v.shape
    assert cai["strides"] == v.strides
    assert cai["data"][0] == v.data.ptr
    assert c.__cuda_array_interface__["strides"] is None


def test_get_array_module():
    assert cp.get_array_module(cp.zeros(1)) is cp
    assert cp.get_array_module(numpy.zeros(1)) is numpy
    assert cp.get_array_module(1, cp.zeros(1)) is cp


def test_ndarray_type_name():
    assert cp.ndarray.__module__ == "cupric"
    assert cp.ndarray.__name__ == "ndarray"
    assert isinstance(cp.zeros(1), cp.ndarray)


@requires_bf16
def test_v14_bf16_item_repr():
    """V14-BF16: bfloat16 item/tolist/repr agree with NumPy + ml_dtypes."""
    h = numpy.array([1.5, -2.0, 0.25], BFLOAT16)
    c = cp.array(h)
    assert repr(c) == repr(h)
    assert c.tolist() == h.tolist()
    assert c.item(0) == h.item(0) and type(c.item(0)) is type(h.item(0))
    assert float(c[1]) == -2.0


# -- fill -------------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", ["C", "F", "T", "negstep", "strided", "0d", "zerosize"])
@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_fill(layout, dtype):
    h, c = make_pair(layout, dtype)
    for value in [0, 1, True, 2.5, -3, 1 + 1j, numpy.int8(-1), numpy.float64(-1.5), numpy.complex64(2 - 1j)]:
        h2 = h.copy()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                h2.fill(value)
        except Exception as ex:
            with pytest.raises(type(ex)):
                c.fill(value)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            c.fill(value)
        testing.assert_matches_numpy(c, h2)


def test_fill_overflow_and_0d_array():
    """V14-PROMO-2: fill with an out-of-range Python int raises OverflowError as NumPy 2 does."""
    c = cp.zeros(3, "uint8")
    with pytest.raises(OverflowError, match="Python integer -1 out of bounds for uint8"):
        c.fill(-1)
    c.fill(numpy.int8(-1))
    assert c.tolist() == [255, 255, 255]
    c.fill(cp.array(7.9))
    assert c.tolist() == [7, 7, 7]
    with pytest.raises(ValueError):
        c.fill(cp.zeros(2))


def test_arrays_take_weak_references():
    # as CuPy's arrays (and NumPy's); the callback runs when the array goes, also for arrays
    # whose Python objects are reused from the binding's instance pool
    import weakref
    gone = []
    a = cp.ones(3)
    r = weakref.ref(a, lambda ref: gone.append(True))
    assert r() is a
    del a
    assert gone == [True] and r() is None
    for _ in range(300):  # more than the pool holds
        b = cp.ones(2) + 1
        assert weakref.ref(b)() is b
    c = cp.arange(4)
    d = weakref.proxy(c)
    assert int(d.sum()) == 6
