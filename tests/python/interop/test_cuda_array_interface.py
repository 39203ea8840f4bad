"""__cuda_array_interface__ v3: exported by CUDA arrays (with stream and strides), consumed by
asarray/array (zero copy, stream-ordered); refused with a clear error on the host backend."""
import numpy
import pytest

import cupric as cp
from cupric import testing


class Producer:
    """A foreign object that exports only the CUDA Array Interface (as Numba or PyTorch would)."""

    def __init__(self, base, **override):
        self.base = base  # keeps the memory alive
        self.__cuda_array_interface__ = {**base.__cuda_array_interface__, **override}


def on_host():
    return cp.zeros(0)._backend == "host"


def test_host_backend_refuses_cai_clearly():
    if not on_host():
        pytest.skip("host backend only")
    c = cp.zeros(3)
    assert not hasattr(c, "__cuda_array_interface__")
    with pytest.raises(AttributeError, match="host backend"):
        c.__cuda_array_interface__


def test_host_backend_consumer_refuses_device_memory():
    if not on_host():
        pytest.skip("host backend only")

    class Foreign:
        __cuda_array_interface__ = {"shape": (2,), "typestr": "<f8", "data": (12345, False), "version": 3,
                                    "strides": None, "stream": None}
    with pytest.raises(TypeError, match="host backend cannot read"):
        cp.asarray(Foreign())


@pytest.mark.gpu
@pytest.mark.parametrize("layout", ["c", "t", "s", "zero", "0d"])
def test_export_fields(layout):
    c = cp.arange(20.0).reshape(4, 5)
    v = {"c": c, "t": c.T, "s": c[1:, ::2], "zero": c[:0], "0d": c[1, 1]}[layout]
    cai = v.__cuda_array_interface__
    assert cai["version"] == 3 and cai["shape"] == v.shape and cai["typestr"] == "<f8"
    assert cai["data"] == ((v.data.ptr if v.size else 0), False)
    assert cai["strides"] == (None if v.flags.c_contiguous else v.strides)
    assert cai["stream"] == cp.cuda.get_current_stream().ptr or cai["stream"] in (1, 2)


@pytest.mark.gpu
def test_export_reports_the_current_stream():
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        assert cp.zeros(2).__cuda_array_interface__["stream"] == s.ptr
    assert cp.zeros(2).__cuda_array_interface__["stream"] in (1, 2)


@pytest.mark.gpu
@pytest.mark.parametrize("layout", ["c", "t", "s", "neg"])
def test_asarray_is_zero_copy(layout):
    c = cp.arange(20.0).reshape(4, 5)
    v = {"c": c, "t": c.T, "s": c[1:, ::2], "neg": c[::-1]}[layout]
    r = cp.asarray(Producer(v))
    assert r.data.ptr == v.data.ptr and r.strides == v.strides
    testing.assert_array_equal(r, v)
    r[...] = 0  # the same memory
    assert int(cp.count_nonzero(v)) == 0


@pytest.mark.gpu
def test_array_copies_by_default_and_applies_dtype():
    c = cp.arange(6.0)
    r = cp.array(Producer(c))
    assert r.data.ptr != c.data.ptr
    testing.assert_array_equal(r, c)
    r32 = cp.asarray(Producer(c), dtype="float32")
    assert r32.dtype == numpy.float32


@pytest.mark.gpu
def test_read_only_is_copied_and_mask_refused():
    c = cp.arange(4.0)
    p = Producer(c)
    p.__cuda_array_interface__["data"] = (c.data.ptr, True)
    r = cp.asarray(p)
    assert r.data.ptr != c.data.ptr
    with pytest.raises(ValueError, match="read-only"):
        cp.array(p, copy=False)
    with pytest.raises(ValueError, match="masked"):
        cp.asarray(Producer(c, mask=object()))
    with pytest.raises(ValueError, match="stream 0"):
        cp.asarray(Producer(c, stream=0))


@pytest.mark.gpu
def test_producer_stream_ordered_before_consumer():
    """The consumer's stream waits for the producer's (no host sync): a long write on the
    producer's stream is complete when the consumer reads."""
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        big = cp.zeros(1 << 24)
        for _ in range(20):
            big += 1
        p = Producer(big)  # stream: s
    r = cp.asarray(p)  # the current (default) stream waits for s
    assert float(r.sum()) == 20.0 * (1 << 24)
