"""Exchange with CuPy (installed on the lent GPU): DLPack and the CUDA Array Interface both ways,
zero copy, the stream handshake with a producer still writing on its stream, and lifetimes with
the producer freed first. Also NumPy on the CUDA backend (a CPU tensor is copied to the device)."""
import gc

import numpy
import pytest

import cupric as cp
from cupric import testing

pytestmark = pytest.mark.gpu

N = 1 << 24  # large enough that the writes are still running when the consumer is called


def _cupy():
    return pytest.importorskip("cupy")


def _written(xp):
    """An array of N ones made by 50 queued additions: still being written when this returns."""
    y = xp.zeros(N)
    for _ in range(50):
        y += 1
    return y


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint16", "int32", "int64", "float16", "float32", "float64",
                                   "complex64", "complex128"])
def test_cupy_from_dlpack_of_cupric_is_zero_copy(dtype):
    cupy = _cupy()
    x = cp.arange(24).reshape(4, 6).astype(dtype)[:, ::2]
    y = cupy.from_dlpack(x)
    assert y.data.ptr == x.data.ptr and y.strides == x.strides and y.dtype == x.dtype
    numpy.testing.assert_array_equal(cupy.asnumpy(y), x.get())


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "float32", "float64", "complex128"])
def test_cupric_from_dlpack_of_cupy_is_zero_copy(dtype):
    cupy = _cupy()
    y = cupy.arange(24).reshape(4, 6).astype(dtype).T
    x = cp.from_dlpack(y)
    assert x.data.ptr == y.data.ptr and x.strides == y.strides
    testing.assert_array_equal(x, cupy.asnumpy(y))


def test_cuda_array_interface_both_ways():
    cupy = _cupy()
    x = cp.arange(10.0)[::3]
    y = cupy.asarray(x)  # CuPy reads cupric's __cuda_array_interface__
    assert y.data.ptr == x.data.ptr
    numpy.testing.assert_array_equal(cupy.asnumpy(y), x.get())
    z = cupy.arange(12, dtype=cupy.int32).reshape(3, 4)[1:]
    w = cp.asarray(z)  # cupric reads CuPy's
    assert w.data.ptr == z.data.ptr and w.strides == z.strides
    testing.assert_array_equal(w, cupy.asnumpy(z))


def test_handshake_cupy_producer_still_writing():
    """cupric's current stream waits for CuPy's stream: no host sync, the writes are complete."""
    cupy = _cupy()
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        y = _written(cupy)
        x = cp.from_dlpack(y)  # CuPy records an event on s; our stream waits for it
        total = float(x.sum())
    assert total == 50.0 * N
    s.synchronize()


def test_handshake_cupric_producer_still_writing():
    """CuPy's stream waits for cupric's current stream, the one the writes were queued on."""
    cupy = _cupy()
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        x = _written(cp)
        y = cupy.from_dlpack(x)  # CuPy passes its own current stream; cupric orders s before it
    assert float(y.sum()) == 50.0 * N
    s.synchronize()


def test_handshake_through_cai_stream():
    """__cuda_array_interface__'s stream is the producer's current one; the consumer waits for it."""
    cupy = _cupy()
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        y = _written(cupy)
        assert y.__cuda_array_interface__["stream"] == s.ptr
        x = cp.asarray(y)  # cupric's current stream waits for s on the device
    assert float(x.sum()) == 50.0 * N
    s.synchronize()


def test_cupy_reads_cupric_cai_stream():
    cupy = _cupy()
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        x = _written(cp)
        y = cupy.asarray(x)  # CuPy waits for the stream cupric's interface names (s)
    assert float(y.sum()) == 50.0 * N
    s.synchronize()


def test_lifetimes_producer_freed_first():
    cupy = _cupy()
    x = cp.arange(1 << 20, dtype="float32")
    y = cupy.from_dlpack(x)
    del x
    gc.collect()
    assert float(y[-1]) == (1 << 20) - 1
    z = cupy.arange(1 << 20, dtype=cupy.float32)
    w = cp.from_dlpack(z)
    del z
    gc.collect()
    cupy.get_default_memory_pool().free_all_blocks()
    assert float(w[-1]) == (1 << 20) - 1


def test_numpy_cpu_tensor_is_copied_to_the_device():
    h = numpy.arange(6.0).reshape(2, 3).T
    c = cp.from_dlpack(h)
    assert c._backend == "cuda"
    testing.assert_array_equal(c, h)
    with pytest.raises(BufferError, match="copy=False"):
        cp.from_dlpack(h, copy=False)


def test_numpy_asks_for_a_host_copy():
    c = cp.arange(5.0)
    n = numpy.from_dlpack(c, device="cpu")
    numpy.testing.assert_array_equal(n, numpy.arange(5.0))
    with pytest.raises(BufferError, match="copy=False"):
        numpy.from_dlpack(c, device="cpu", copy=False)
    assert c.__dlpack_device__() == (2, c.device.id)
