"""DLPack: __dlpack__/__dlpack_device__ (versioned and legacy capsules), cupric.from_dlpack,
round trips with NumPy on the host backend, lifetimes, errors, the deprecated toDlpack/fromDlpack
(V14-DEPRECATED)."""
import ctypes
import gc
import weakref

import numpy
import pytest

import cupric as cp
from cupric import testing

DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "float32",
          "float64", "complex64", "complex128"]


def on_host():
    return cp.zeros(0)._backend == "host"


needs_host = pytest.mark.skipif("not on_host()", reason="zero-copy CPU exchange needs the host backend")


def _capsule_name(cap):
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get_name(cap).decode()


def _layouts(h):
    return {"c": h, "t": h.T, "s": h[::2, 1:], "neg": h[::-1, ::-2], "zero": h[:0], "0d": h[1, 1, ...]}


def test_dlpack_device():
    c = cp.zeros(3)
    expected = (1, 0) if on_host() else (2, c.device.id)
    assert c.__dlpack_device__() == expected


@pytest.mark.parametrize("max_version,name", [(None, "dltensor"), ((0, 8), "dltensor"), ((1, 0), "dltensor_versioned"),
                                              ((1, 2), "dltensor_versioned"), ((2, 0), "dltensor_versioned")])
def test_capsule_kind_follows_max_version(max_version, name):
    cap = cp.arange(4).__dlpack__(max_version=max_version)
    assert _capsule_name(cap) == name


@needs_host
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["c", "t", "s", "neg", "zero", "0d"])
def test_numpy_from_dlpack_of_cupric_is_zero_copy(dtype, layout):
    h = (numpy.arange(24).reshape(4, 6) % 3).astype(dtype)
    c = _layouts(cp.asarray(h))[layout]
    n = numpy.from_dlpack(c)
    expected = _layouts(h)[layout]
    testing.assert_array_equal(n, expected)
    assert n.dtype == expected.dtype and n.shape == expected.shape
    if n.size:
        assert n.__array_interface__["data"][0] == c._data_ptr  # the same memory
        assert n.strides == c.strides


@needs_host
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["c", "t", "s", "neg", "zero", "0d"])
def test_cupric_from_dlpack_of_numpy_is_zero_copy(dtype, layout):
    h = _layouts((numpy.arange(24).reshape(4, 6) % 5).astype(dtype))[layout]
    c = cp.from_dlpack(h)
    assert isinstance(c, cp.ndarray) and c.dtype == h.dtype and c.shape == h.shape
    testing.assert_array_equal(c, h)
    if h.size:
        assert c._data_ptr == h.__array_interface__["data"][0]
        assert c.strides == h.strides


@needs_host
def test_writes_are_shared_both_ways():
    h = numpy.zeros(4)
    c = cp.from_dlpack(h)
    c[1] = 5
    assert h[1] == 5
    n = numpy.from_dlpack(c)
    n[2] = 7
    assert float(c[2]) == 7


def test_bfloat16_round_trip():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    c = cp.arange(5).astype(ml_dtypes.bfloat16)
    r = cp.from_dlpack(c)
    assert r.dtype == c.dtype
    testing.assert_array_equal(r, c)


def test_cupric_round_trip_keeps_values_and_layout():
    c = cp.arange(12.0).reshape(3, 4)[:, ::2]
    r = cp.from_dlpack(c)
    testing.assert_array_equal(r, c)
    assert r.strides == c.strides
    assert r._data_ptr == c._data_ptr


def test_copy_true_makes_a_copy_flagged_as_copied():
    c = cp.arange(4.0)
    r = cp.from_dlpack(c, copy=True)
    assert r._data_ptr != c._data_ptr
    r[0] = 9
    assert float(c[0]) == 0


@needs_host
def test_numpy_copy_true():
    h = numpy.arange(3.0)
    c = cp.from_dlpack(h, copy=True)
    c[0] = 5
    assert h[0] == 0
    n = numpy.from_dlpack(cp.arange(3.0), copy=True)
    assert n.flags.owndata or n.base is not None
    testing.assert_array_equal(n, numpy.arange(3.0))


@needs_host
def test_read_only_producer_is_copied():
    h = numpy.arange(3.0)
    h.flags.writeable = False
    c = cp.from_dlpack(h)
    assert c._data_ptr != h.__array_interface__["data"][0]
    testing.assert_array_equal(c, h)
    with pytest.raises(BufferError, match="read-only"):
        cp.from_dlpack(h, copy=False)


def test_wrong_dl_device_is_buffer_error():
    c = cp.arange(3)
    with pytest.raises(BufferError, match="device"):
        c.__dlpack__(max_version=(1, 0), dl_device=(2 if on_host() else 13, 0))


def test_unsupported_dtype_is_buffer_error():
    c = cp.zeros(3, dtype=[("a", "<i4"), ("b", "<f4")])
    with pytest.raises(BufferError, match="structured"):
        c.__dlpack__(max_version=(1, 0))


def test_stream_rules():
    c = cp.arange(3)
    if on_host():
        with pytest.raises(ValueError, match="stream must be None"):
            c.__dlpack__(stream=1)
    else:
        with pytest.raises(ValueError, match="ambiguous"):
            c.__dlpack__(stream=0)
        c.__dlpack__(stream=-1)
    with pytest.raises(TypeError, match="stream must be an int"):
        c.__dlpack__(stream="s")


def test_bad_arguments():
    c = cp.arange(3)
    with pytest.raises(ValueError, match="max_version"):
        c.__dlpack__(max_version=(1,))
    with pytest.raises(ValueError, match="dl_device"):
        c.__dlpack__(dl_device=(1,))
    with pytest.raises(TypeError, match="__dlpack__"):
        cp.from_dlpack([1, 2])


def test_capsule_consumed_once():
    cap = cp.arange(3).__dlpack__(max_version=(1, 0))
    r = cp.from_dlpack(cap)
    testing.assert_array_equal(r, numpy.arange(3))
    assert _capsule_name(cap) == "used_dltensor_versioned"
    with pytest.raises(ValueError, match="already consumed"):
        cp.from_dlpack(cap)


@pytest.mark.parametrize("max_version", [None, (1, 0)])
def test_unconsumed_capsule_releases_the_array(max_version):
    pool = cp.get_default_memory_pool()
    gc.collect()
    before = pool.used_bytes()
    c = cp.arange(1024.0)
    cap = c.__dlpack__(max_version=max_version)
    del c
    gc.collect()
    assert pool.used_bytes() == before + 8192
    del cap  # the capsule's destructor calls the deleter
    gc.collect()
    assert pool.used_bytes() == before


def test_capsule_keeps_the_producer_buffer_alive():
    """The producer's array may go first: the capsule (then the consumer) keeps the memory."""
    pool = cp.get_default_memory_pool()
    gc.collect()
    before = pool.used_bytes()
    c = cp.arange(1024.0)
    cap = c.__dlpack__(max_version=(1, 0))
    del c
    gc.collect()
    assert pool.used_bytes() == before + 8192  # still held by the capsule
    r = cp.from_dlpack(cap)
    del cap
    gc.collect()
    assert pool.used_bytes() == before + 8192  # now held by the consumer
    testing.assert_array_equal(r, numpy.arange(1024.0))
    del r
    gc.collect()
    assert pool.used_bytes() == before  # the deleter ran, once


@needs_host
def test_numpy_producer_freed_first():
    h = numpy.arange(100.0)
    ref = weakref.ref(h.base) if h.base is not None else None
    c = cp.from_dlpack(h)
    del h
    gc.collect()
    testing.assert_array_equal(c, numpy.arange(100.0))  # NumPy's buffer lives while c does
    del c
    gc.collect()
    assert ref is None or ref() is None


@needs_host
def test_consumer_freed_first_numpy():
    c = cp.arange(50.0)
    n = numpy.from_dlpack(c)
    del c
    gc.collect()
    testing.assert_array_equal(n, numpy.arange(50.0))


def test_legacy_to_and_from_dlpack_warn_v14_deprecated():
    """V14-DEPRECATED: toDlpack/fromDlpack still work, with DeprecationWarning."""
    c = cp.arange(5)
    with pytest.warns(DeprecationWarning, match="toDlpack"):
        cap = c.toDlpack()
    assert _capsule_name(cap) == "dltensor"
    with pytest.warns(DeprecationWarning, match="fromDlpack"):
        r = cp.fromDlpack(cap)
    testing.assert_array_equal(r, numpy.arange(5))
    with pytest.warns(DeprecationWarning):
        r2 = cp.fromDlpack(cp.toDlpack(c))
    testing.assert_array_equal(r2, numpy.arange(5))


def test_from_dlpack_device_argument():
    c = cp.arange(3)
    testing.assert_array_equal(cp.from_dlpack(c, device=c.device), c)
    with pytest.raises(ValueError, match="device"):
        cp.from_dlpack(c, device="nowhere")


@needs_host
def test_cuda_producer_on_host_backend_asks_for_a_cpu_copy():
    class FakeCuda:
        def __init__(self):
            self.asked = None

        def __dlpack_device__(self):
            return (2, 0)

        def __dlpack__(self, **kw):
            self.asked = kw
            return numpy.arange(3.0).__dlpack__(max_version=kw.get("max_version"))
    f = FakeCuda()
    r = cp.from_dlpack(f)
    assert f.asked["dl_device"] == (1, 0)
    testing.assert_array_equal(r, numpy.arange(3.0))
    with pytest.raises(BufferError, match="copy=False"):
        cp.from_dlpack(FakeCuda(), copy=False)


def test_old_producer_without_max_version_gets_a_legacy_request():
    class Old:
        def __dlpack_device__(self):
            return cp.arange(1).__dlpack_device__()

        def __dlpack__(self, stream=None):
            return cp.arange(4).__dlpack__(stream=stream)
    testing.assert_array_equal(cp.from_dlpack(Old()), numpy.arange(4))


def _versioned_capsule_labelled(producer, device_type):
    """`producer`'s versioned capsule with its DLTensor's device type rewritten: for device types
    no partner installed here produces. DLManagedTensorVersioned holds version (8 bytes),
    manager_ctx, deleter and flags before dl_tensor, whose device.device_type follows its data
    pointer: offset 40."""
    cap = producer.__dlpack__(max_version=(1, 0))
    get_ptr = ctypes.pythonapi.PyCapsule_GetPointer
    get_ptr.restype, get_ptr.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    ctypes.c_int32.from_address(get_ptr(cap, b"dltensor_versioned") + 40).value = device_type
    return cap


def test_pinned_host_tensor_is_read_in_place():
    """kDLCUDAHost (pinned host memory): both backends address it, so the import is zero copy and
    writes are shared (on the CUDA backend the kernels reach the pinned pages through UVA)."""
    import cupricx
    h = cupricx.empty_pinned((2, 3))
    h[...] = numpy.arange(6.0).reshape(2, 3)
    x = cp.from_dlpack(_versioned_capsule_labelled(h, 3))
    assert x._data_ptr == h.__array_interface__["data"][0]
    testing.assert_array_equal(x, numpy.arange(6.0).reshape(2, 3))
    x[0, 1] = 9
    cp.cuda.Device().synchronize()
    assert h[0, 1] == 9
    ro = h.copy()
    ro.flags.writeable = False
    with pytest.raises(BufferError, match="read-only"):  # the flags are still honoured
        cp.from_dlpack(_versioned_capsule_labelled(ro, 3), copy=False)


def test_managed_tensor_is_read_in_place():
    """kDLCUDAManaged: zero copy on both backends."""
    mem = cp.cuda.malloc_managed(6 * 8)
    m = cp.ndarray((6,), "float64", memptr=mem)
    m[...] = cp.arange(6.0)
    x = cp.from_dlpack(_versioned_capsule_labelled(m, 13))
    assert x._data_ptr == m._data_ptr
    testing.assert_array_equal(x, numpy.arange(6.0))
    x[2] = -1
    assert float(m[2]) == -1
