"""Exchange with PyTorch: DLPack both ways (__dlpack__ and the legacy capsules) and the CUDA Array
Interface with zero copy across dtypes and layouts (a write on one side is seen on the other), the
event handshake with a producer still writing on its own stream, lifetimes with the producer freed
first, read-only flags, and CPU tensors through kDLCPU on the host backend.

Skipped where torch is not installed (CI does not install it: it is several GB); the CUDA tests
need a torch built with CUDA that sees the GPU. Written from the DLPack and CAI specifications and
torch's documented behaviour: torch.from_dlpack passes its current stream (1 for the legacy default
stream), torch's __dlpack__ makes the consumer's stream wait for its current stream, torch's
__cuda_array_interface__ is version 2 (no stream), and torch.as_tensor shares memory only when
given the CUDA device (without one it copies to the CPU)."""
import ctypes
import gc
import inspect

import numpy
import pytest

import cupric as cp
from cupric import testing

torch = pytest.importorskip("torch")

# Both libraries have these (bfloat16 through ml_dtypes on the cupric side).
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
          "complex64", "complex128"]
LAYOUTS = ["contiguous", "transposed", "strided", "zero_size", "0d"]
# torch's __cuda_array_interface__ has no typestr for bool or bfloat16 in every release.
TORCH_CAI_DTYPES = ["uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64", "complex64",
                    "complex128"]

N = 1 << 24  # elements written by the producer in the handshake tests
MATMUL = 8192  # three fp32 matmuls of this size keep the producer's stream busy for milliseconds
# ... after a spin of ~0.2 s on the producer's stream (H200 clocks ~2 GHz): with 15 test workers
# sharing the CPUs, the consumer's calls sometimes took longer than the matmuls alone (two flaky
# failures on the H200, each saying the host had waited while the stream had simply finished).
SPIN_CYCLES = 400_000_000
_SPIN_SOURCE = r"""
extern "C" __global__ void spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {}
}
"""
_SPIN = cp.RawKernel(_SPIN_SOURCE, "spin")


def on_host():
    return cp.zeros(0)._backend == "host"


needs_host = pytest.mark.skipif("not on_host()", reason="zero-copy CPU tensors need cupric's host backend")


def _need_torch_cuda():
    if not torch.cuda.is_available():
        pytest.skip("this torch has no CUDA, or sees no GPU")


def _cupric_dtype(name):
    if name == "bfloat16":
        return numpy.dtype(pytest.importorskip("ml_dtypes").bfloat16)
    return numpy.dtype(name)


def _layouts(a):
    """The same views of a 4x6 cupric array or torch tensor (torch has no negative steps)."""
    return {"contiguous": a, "transposed": a.T, "strided": a[::2, 1::2], "zero_size": a[:0], "0d": a[1, 1, ...]}


def _cupric_source(dtype):
    return cp.asarray(numpy.arange(24, dtype=numpy.float32).reshape(4, 6) % 5).astype(_cupric_dtype(dtype))


def _torch_source(dtype, device):
    t = (torch.arange(24, device=device) % 5).to(torch.float32).reshape(4, 6)
    return t.to(getattr(torch, dtype))


def _host_of_tensor(t):
    """A tensor's values as a NumPy array (bfloat16 through float32, which holds every value)."""
    t = t.detach().cpu()
    return (t.float() if t.dtype == torch.bfloat16 else t).numpy()


def _host_of_array(x):
    h = x.get()
    return h.astype(numpy.float32) if h.dtype.name == "bfloat16" else h


def _check_same_memory(x, t):
    """x (cupric) and t (torch) are one buffer: same address and layout, and writes go both ways."""
    assert x.shape == tuple(t.shape)
    numpy.testing.assert_array_equal(_host_of_tensor(t), _host_of_array(x))
    if x.size == 0:
        return
    assert x._data_ptr == t.data_ptr()
    assert x.strides == tuple(s * x.itemsize for s in t.stride())
    t.fill_(1)  # (both libraries work on the legacy default stream here: ordered)
    assert bool((x == 1).all())
    x.fill(0)
    assert bool((t == 0).all())


# ---- DLPack on the GPU ---------------------------------------------------------------------------

@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_torch_from_dlpack_of_cupric_is_zero_copy(dtype, layout):
    _need_torch_cuda()
    x = _layouts(_cupric_source(dtype))[layout]
    t = torch.from_dlpack(x)
    assert t.device == torch.device("cuda", x.device.id)
    assert t.dtype == getattr(torch, dtype)
    _check_same_memory(x, t)


@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_cupric_from_dlpack_of_torch_is_zero_copy(dtype, layout):
    _need_torch_cuda()
    t = _layouts(_torch_source(dtype, "cuda"))[layout]
    x = cp.from_dlpack(t)
    assert x.dtype == _cupric_dtype(dtype)
    assert x.device.id == t.device.index
    _check_same_memory(x, t)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["bool", "int32", "float16", "bfloat16", "float64", "complex64"])
def test_legacy_capsules_both_ways(dtype):
    """V14-DEPRECATED toDlpack/fromDlpack against torch.utils.dlpack's to_dlpack/from_dlpack."""
    _need_torch_cuda()
    from torch.utils import dlpack as torch_dlpack
    x = _cupric_source(dtype)[:, 1::2]
    with pytest.warns(DeprecationWarning, match="toDlpack"):
        cap = x.toDlpack()
    _check_same_memory(x, torch_dlpack.from_dlpack(cap))
    x2 = _cupric_source(dtype).T
    with pytest.warns(DeprecationWarning, match="toDlpack"):
        cap2 = cp.toDlpack(x2)
    _check_same_memory(x2, torch_dlpack.from_dlpack(cap2))
    t = _torch_source(dtype, "cuda").T
    cap3 = torch_dlpack.to_dlpack(t)
    with pytest.warns(DeprecationWarning, match="fromDlpack"):
        y = cp.fromDlpack(cap3)
    _check_same_memory(y, t)


# ---- CUDA Array Interface on the GPU -------------------------------------------------------------

@pytest.mark.gpu
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided", "0d"])
@pytest.mark.parametrize("dtype", ["bool"] + TORCH_CAI_DTYPES)
def test_torch_as_tensor_reads_cupric_cai(dtype, layout):
    _need_torch_cuda()
    x = _layouts(_cupric_source(dtype))[layout]
    t = torch.as_tensor(x, device=f"cuda:{x.device.id}")  # the device keeps it on the GPU, zero copy
    assert t.dtype == getattr(torch, dtype)
    _check_same_memory(x, t)


@pytest.mark.gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", TORCH_CAI_DTYPES)
def test_cupric_asarray_reads_torch_cai(dtype, layout):
    _need_torch_cuda()
    t = _layouts(_torch_source(dtype, "cuda"))[layout]
    x = cp.asarray(t)
    assert x.dtype == numpy.dtype(dtype)
    _check_same_memory(x, t)


# ---- the stream handshake under load -------------------------------------------------------------
# The producer's buffers are allocated (and filled) before its stream gets the long work, so no
# allocation can stall the host while that work runs: what is measured is the handshake alone.

def _torch_busy(s):
    """On torch stream `s`: three long fp32 matmuls, then y (N float64) set to their result, 1."""
    a = torch.ones(MATMUL, MATMUL, device="cuda")
    b = torch.empty_like(a)
    y = torch.zeros(N, dtype=torch.float64, device="cuda")
    torch.cuda.synchronize()
    with torch.cuda.stream(s):
        torch.cuda._sleep(SPIN_CYCLES)  # the matmuls alone left too little margin on a loaded machine
        for _ in range(3):
            torch.matmul(a, a, out=b)
            b.div_(MATMUL)  # the entries stay exactly 1
            a, b = b, a
        y += a[0, :1]  # y's last writer runs after the matmuls (a broadcast, not a host scalar)
    return y, (a, b)


def _cupric_busy(s):
    """The same on cupric stream `s`."""
    a = cp.ones((MATMUL, MATMUL), dtype=cp.float32)
    b = cp.empty_like(a)
    y = cp.zeros(N)
    cp.cuda.Device().synchronize()
    with s:
        _SPIN((1,), (1,), (numpy.int64(SPIN_CYCLES),))
        for _ in range(3):
            cp.matmul(a, a, out=b)
            b /= MATMUL
            a, b = b, a
        y += a[0, :1]
    return y, (a, b)


@pytest.mark.gpu
def test_handshake_torch_producer_still_writing():
    """torch's __dlpack__ makes cupric's stream wait for the side stream on the device (an event):
    cupric's read sees the final values, and the host never waited (the side stream is still busy
    when from_dlpack returns)."""
    _need_torch_cuda()
    s = torch.cuda.Stream()
    # One whole round first: in a fresh process torch's first matmul creates its cuBLAS handle and
    # workspace, which waits for the device, so the first round's producer had finished before the
    # exchange (the GPU suite found the stream idle after from_dlpack, every run, even with a warm
    # exchange first); the timing claim below is about the second round.
    y, keep = _torch_busy(s)
    with torch.cuda.stream(s):
        cp.from_dlpack(y)
    s.synchronize()
    y, keep = _torch_busy(s)
    assert not s.query(), "the producer finished before the exchange: the test's spin is too short"
    with torch.cuda.stream(s):  # torch orders its current stream (s) before the consumer's
        x = cp.from_dlpack(y)  # cupric passes its current stream (the legacy one)
        assert not s.query(), "from_dlpack waited on the host for the producer's stream"
    assert x._data_ptr == y.data_ptr()
    assert float(x.sum()) == N
    s.synchronize()
    del keep


@pytest.mark.gpu
def test_handshake_cupric_producer_still_writing():
    """cupric's __dlpack__ makes torch's stream (passed by torch.from_dlpack) wait for cupric's
    current stream with an event: torch reads the final values; the host never waited."""
    _need_torch_cuda()
    s = cp.cuda.Stream(non_blocking=True)
    y, keep = _cupric_busy(s)
    with s:  # cupric orders its current stream (s) before the consumer's
        t = torch.from_dlpack(y)  # torch passes 1, its legacy default stream
        assert not s.done, "__dlpack__ waited on the host for the producer's stream"
    assert t.data_ptr() == y._data_ptr
    assert t.sum().item() == N
    s.synchronize()
    del keep


@pytest.mark.gpu
def test_handshake_into_a_torch_side_stream():
    """The consumer reads on a torch side stream: that stream (not the legacy one) waits for
    cupric's producer stream."""
    _need_torch_cuda()
    s = cp.cuda.Stream(non_blocking=True)
    side = torch.cuda.Stream()
    y, keep = _cupric_busy(s)
    with s, torch.cuda.stream(side):
        t = torch.from_dlpack(y)  # torch passes side's handle
        total = t.sum()
    side.synchronize()
    assert total.item() == N
    s.synchronize()
    del keep


# ---- lifetimes -----------------------------------------------------------------------------------

@pytest.mark.gpu
def test_lifetimes_cupric_producer_freed_first():
    _need_torch_cuda()
    n = 1 << 20
    x = cp.arange(n, dtype=cp.float32)
    t_dl = torch.from_dlpack(x)
    t_cai = torch.as_tensor(x, device=f"cuda:{x.device.id}")
    del x
    gc.collect()
    cp.get_default_memory_pool().free_all_blocks()
    junk = cp.full(4 * n, -1, dtype=cp.float32)  # would take the block over had it been freed
    expected = torch.arange(n, dtype=torch.float32, device="cuda")
    assert torch.equal(t_dl, expected) and torch.equal(t_cai, expected)
    del junk


@pytest.mark.gpu
def test_lifetimes_torch_producer_freed_first():
    _need_torch_cuda()
    n = 1 << 20
    t = torch.arange(n, dtype=torch.float32, device="cuda")
    x_dl = cp.from_dlpack(t)
    x_cai = cp.asarray(t)
    del t
    gc.collect()
    torch.cuda.empty_cache()
    junk = torch.full((4 * n,), -1.0, device="cuda")
    expected = numpy.arange(n, dtype=numpy.float32)
    testing.assert_array_equal(x_dl, expected)
    testing.assert_array_equal(x_cai, expected)
    del junk


# ---- read-only flags -----------------------------------------------------------------------------

def _capsule_name(cap):
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get_name(cap).decode()


class _ReadOnlyDLPack:
    """A torch tensor whose versioned DLPack export carries DLPack's READ_ONLY flag (torch itself
    never sets it): bit 0 of DLManagedTensorVersioned.flags, after version (8 bytes), manager_ctx
    and deleter."""

    def __init__(self, t):
        self.t = t

    def __dlpack_device__(self):
        return self.t.__dlpack_device__()

    def __dlpack__(self, **kwargs):
        cap = self.t.__dlpack__(**kwargs)
        if _capsule_name(cap) != "dltensor_versioned":
            pytest.skip("this torch exports no versioned DLPack capsules")
        get_ptr = ctypes.pythonapi.PyCapsule_GetPointer
        get_ptr.restype, get_ptr.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        flags = ctypes.c_uint64.from_address(get_ptr(cap, b"dltensor_versioned") + 24)
        flags.value |= 1
        return cap


def _read_only_is_copied(t):
    x = cp.from_dlpack(_ReadOnlyDLPack(t))
    assert x._data_ptr != t.data_ptr()
    numpy.testing.assert_array_equal(x.get(), _host_of_tensor(t))
    x.fill(-1)  # the copy is cupric's own: the producer is untouched
    assert not bool((t == -1).any())
    with pytest.raises(BufferError, match="read-only"):
        cp.from_dlpack(_ReadOnlyDLPack(t), copy=False)


@pytest.mark.gpu
def test_read_only_flags_gpu():
    """cupric's exports are writable (torch writes through them, above); a read-only DLPack tensor
    or CAI buffer from torch is copied, and copy=False refuses."""
    _need_torch_cuda()
    t = torch.arange(6.0, dtype=torch.float64, device="cuda")
    _read_only_is_copied(t)

    class ReadOnlyCAI:
        @property
        def __cuda_array_interface__(self):
            d = dict(t.__cuda_array_interface__)
            d["data"] = (d["data"][0], True)
            return d
    x = cp.asarray(ReadOnlyCAI())
    assert x._data_ptr != t.data_ptr()
    testing.assert_array_equal(x, numpy.arange(6.0))
    with pytest.raises(ValueError, match="read-only"):
        cp.asarray(ReadOnlyCAI(), copy=False)
    assert cp.asarray(t).__cuda_array_interface__["data"][1] is False  # cupric's own: writable


# ---- CPU tensors ---------------------------------------------------------------------------------

@needs_host
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_cpu_tensor_zero_copy_both_ways(dtype, layout):
    """Host backend: DLPack kDLCPU both ways, no copy."""
    t = _layouts(_torch_source(dtype, "cpu"))[layout]
    x = cp.from_dlpack(t)
    assert x.dtype == _cupric_dtype(dtype)
    _check_same_memory(x, t)
    y = _layouts(_cupric_source(dtype))[layout]
    u = torch.from_dlpack(y)
    assert u.device.type == "cpu" and u.dtype == getattr(torch, dtype)
    _check_same_memory(y, u)


@needs_host
def test_cpu_tensor_lifetimes_and_read_only():
    t = torch.arange(1000.0, dtype=torch.float64)
    x = cp.from_dlpack(t)
    del t
    gc.collect()
    testing.assert_array_equal(x, numpy.arange(1000.0))
    y = cp.arange(1000.0)
    u = torch.from_dlpack(y)
    del y
    gc.collect()
    assert torch.equal(u, torch.arange(1000.0, dtype=torch.float64))
    _read_only_is_copied(torch.arange(5.0, dtype=torch.float64))


@pytest.mark.gpu
def test_cpu_tensor_on_the_cuda_backend_is_copied():
    """CUDA backend: a CPU tensor is copied to the device (copy=False refuses), and
    torch.from_dlpack(device="cpu") of a device array gets a CPU copy."""
    t = torch.arange(6.0, dtype=torch.float64).reshape(2, 3).T
    x = cp.from_dlpack(t)
    assert x._backend == "cuda"
    testing.assert_array_equal(x, t.numpy())
    with pytest.raises(BufferError, match="copy=False"):
        cp.from_dlpack(t, copy=False)
    if "device" not in inspect.signature(torch.from_dlpack).parameters:
        pytest.skip("this torch.from_dlpack takes no device=")
    c = cp.arange(5.0)
    h = torch.from_dlpack(c, device="cpu")  # (cupric's dl_device copy, or torch's own .to("cpu"))
    assert h.device.type == "cpu"
    numpy.testing.assert_array_equal(h.numpy(), numpy.arange(5.0))
