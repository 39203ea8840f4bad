"""MemoryPool(allocator) and PinnedMemoryPool(allocator) (issue 20): a pool whose segments come
from an upstream allocator (CuPy's MemoryPool(malloc_managed), MemoryPool(custom)) caches what
the allocator gave and lets it go in free_all_blocks; the allocator's OutOfMemoryError makes the
pool free its cache and retry. Note [Upstream allocator] in src/memory/pool.cpp."""
import ctypes
import gc
import threading

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import memory, pinned_memory

ON_CUDA_BACKEND = cupric._core._runtime.backend_is_cuda()


class Recorder:
    """A PythonFunctionAllocator over ctypes buffers (host memory: the host backend's memory)
    that records every allocation and release, with an optional budget of live bytes."""

    def __init__(self, budget=None):
        self.live, self.calls, self.frees, self.budget = {}, [], [], budget

    def _malloc(self, size, device_id):
        if self.budget is not None and sum(len(b) for b in self.live.values()) + size > self.budget:
            raise memory.OutOfMemoryError(f"out of the test's budget asking {size} bytes")
        buf = ctypes.create_string_buffer(size)
        ptr = ctypes.addressof(buf)
        self.live[ptr] = buf
        self.calls.append(size)
        return ptr

    def _free(self, ptr, device_id):
        self.frees.append(len(self.live.pop(ptr)))

    def allocator(self):
        return cuda.PythonFunctionAllocator(self._malloc, self._free).malloc


def host_only():
    return pytest.mark.skipif(ON_CUDA_BACKEND, reason="the recorder hands out host memory")


@host_only()
def test_pool_caches_what_its_allocator_gave_and_frees_it_in_free_all_blocks():
    rec = Recorder()
    pool = cuda.MemoryPool(rec.allocator())
    p = pool.malloc(1000)
    assert isinstance(p, cuda.MemoryPointer) and isinstance(p.mem, memory.PooledMemory)
    assert rec.calls == [1024]                      # rounded to 512 as every pool request
    assert pool.used_bytes() == 1024 and pool.total_bytes() == 1024
    ptr = p.ptr
    del p
    assert rec.frees == [] and pool.free_bytes() == 1024 and pool.n_free_blocks() == 1
    q = pool.malloc(600)                            # served from the cache: no new call
    assert q.ptr == ptr and rec.calls == [1024]
    del q
    pool.free_all_blocks()
    assert rec.frees == [1024] and rec.live == {}
    assert pool.total_bytes() == 0 and pool.n_free_blocks() == 0
    assert pool.malloc(0).ptr == 0 and rec.calls == [1024]


@host_only()
def test_pool_with_allocator_backs_arrays():
    rec = Recorder()
    pool = cuda.MemoryPool(rec.allocator())
    with cuda.using_allocator(pool.malloc):
        a = cupric.arange(300, dtype=cupric.float64)
        b = (a * 2).sum()
    assert float(b) == numpy.arange(300, dtype=numpy.float64).sum() * 2
    assert rec.calls and all(n % 512 == 0 for n in rec.calls)
    assert pool.used_bytes() == 2560 + 512          # `a` (2400 bytes) and `b` (0-d) are alive
    del a, b
    gc.collect()
    pool.free_all_blocks()
    assert rec.live == {} and sorted(rec.frees) == sorted(rec.calls)


def test_managed_pool_serves_arrays_and_releases():
    pool = cuda.MemoryPool(cuda.malloc_managed)
    p = pool.malloc(3000)
    assert p.mem.size == 3072 and pool.total_bytes() == 3072
    with cuda.using_allocator(pool.malloc):
        x = cupric.linspace(0, 1, 1001)
        y = cupric.sin(x)
    numpy.testing.assert_allclose(cupric.asnumpy(y), numpy.sin(numpy.linspace(0, 1, 1001)))
    del p, x, y
    gc.collect()
    assert pool.used_bytes() == 0 and pool.total_bytes() > 0
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_system_allocator_pool_on_the_host_backend():
    if ON_CUDA_BACKEND:
        pytest.skip("malloc_system needs HMM/ATS on a GPU")
    pool = cuda.MemoryPool(memory.malloc_system)
    p = pool.malloc(10)
    assert p.ptr != 0 and pool.total_bytes() == 512
    del p
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


@host_only()
def test_allocator_oom_frees_the_cache_and_retries():
    rec = Recorder(budget=2048)
    pool = cuda.MemoryPool(rec.allocator())
    a = pool.malloc(1024)
    del a                                           # cached: 1024 live bytes upstream
    b = pool.malloc(1536)                           # 1024 + 1536 > budget: the cache goes, then it fits
    assert rec.frees == [1024] and rec.calls == [1024, 1536]
    assert pool.total_bytes() == 1536 and b.mem.size == 1536
    with pytest.raises(memory.OutOfMemoryError):
        pool.malloc(1024)                           # 1536 in use + 1024 > budget, nothing to free
    assert pool.used_bytes() == 1536 and pool.total_bytes() == 1536
    assert pool._pool().check_consistency() == ""


@host_only()
def test_allocator_errors_propagate_and_change_nothing():
    def failing(size):
        raise RuntimeError("allocator broke")
    pool = cuda.MemoryPool(failing)
    with pytest.raises(RuntimeError, match="allocator broke"):
        pool.malloc(10)
    assert pool.total_bytes() == 0

    pool = cuda.MemoryPool(lambda size: 12345)
    with pytest.raises(TypeError, match="must return a MemoryPointer, not int"):
        pool.malloc(10)
    assert pool.total_bytes() == 0

    pool = cuda.MemoryPool(lambda size: cuda.malloc_managed(16))
    with pytest.raises(ValueError, match="returned 16 bytes for a request of 512"):
        pool.malloc(10)
    assert pool.total_bytes() == 0 and pool._pool().check_consistency() == ""


def test_allocator_must_be_callable():
    with pytest.raises(TypeError, match="allocator must be callable"):
        cuda.MemoryPool(42)
    with pytest.raises(TypeError, match="allocator must be callable"):
        cuda.PinnedMemoryPool("x")


def test_allocator_runs_without_the_pool_lock():
    # The allocator may look at (or allocate from) the pool it serves: it is called without the
    # pool's lock (Note [Upstream allocator]).
    seen = []

    def allocator(size):
        seen.append(pool.used_bytes())
        return cuda.malloc_managed(size)
    pool = cuda.MemoryPool(allocator)
    keep = pool.malloc(100)
    p = pool.malloc(5000)
    assert seen == [0, 512] and p.mem.size == 5120
    del keep, p


def test_pool_chained_on_another_pool():
    inner = cuda.MemoryPool()
    outer = cuda.MemoryPool(inner.malloc)
    p = outer.malloc(700)
    assert inner.used_bytes() == 1024 and outer.used_bytes() == 1024
    del p
    assert inner.used_bytes() == 1024               # outer still caches it
    outer.free_all_blocks()
    assert inner.used_bytes() == 0 and inner.total_bytes() == 1024
    inner.free_all_blocks()


def test_single_device_pool_with_allocator():
    pool = memory.SingleDeviceMemoryPool(cuda.malloc_managed)
    p = pool.malloc(1)
    assert p.mem.size == 512 and pool.total_bytes() == 512
    del p
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_threads_share_a_python_allocator_pool():
    calls = []
    lock = threading.Lock()

    def allocator(size):
        with lock:
            calls.append(size)
        return cuda.malloc_managed(size)
    pool = cuda.MemoryPool(allocator)
    pool._pool()                                    # made on this thread's device
    errors = []

    def work(seed):
        try:
            rng = numpy.random.default_rng(seed)
            held = []
            for _ in range(200):
                held.append(pool.malloc(int(rng.integers(1, 20000))))
                if len(held) > 5:
                    held.pop(int(rng.integers(0, len(held))))
        except Exception as e:  # reported below: a thread's exception does not fail the test
            errors.append(e)
    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert pool.used_bytes() == 0 and pool._pool().check_consistency() == ""
    assert sum(calls) == pool.total_bytes()
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


def test_pinned_pool_with_allocator():
    made = []

    def allocator(size):
        made.append(size)
        return memory.PinnedMemoryPointer(pinned_memory.PinnedMemory(size), 0)
    pool = cuda.PinnedMemoryPool(allocator)
    p = pool.malloc(100)
    assert isinstance(p, cuda.PinnedMemoryPointer) and made == [512]
    view = numpy.frombuffer(p, numpy.uint8, 100)
    view[:] = 7
    assert int(view.sum()) == 700
    del view, p
    assert pool.n_free_blocks() == 1 and pool.malloc(200) is not None and made == [512]
    gc.collect()
    pool.free_all_blocks()
    assert pool.total_bytes() == 0

    bad = cuda.PinnedMemoryPool(lambda size: cuda.malloc_managed(size))
    with pytest.raises(TypeError, match="must return a PinnedMemoryPointer, not MemoryPointer"):
        bad.malloc(1)


@pytest.mark.gpu
def test_managed_pool_memory_is_managed_on_the_gpu():
    from cupric.cuda import runtime
    pool = cuda.MemoryPool(cuda.malloc_managed)
    with cuda.using_allocator(pool.malloc):
        a = cupric.arange(1 << 20, dtype=cupric.float32)
        s = float(a.sum())
    assert s == float(numpy.arange(1 << 20, dtype=numpy.float32).sum(dtype=numpy.float64))
    attrs = runtime.pointerGetAttributes(a.data.ptr)
    assert attrs.type == runtime.memoryTypeManaged
    # managed memory is readable from the host once the device is idle
    runtime.deviceSynchronize()
    host = (ctypes.c_float * 4).from_address(a.data.ptr)
    assert list(host) == [0.0, 1.0, 2.0, 3.0]
    del a
    gc.collect()
    pool.free_all_blocks()
    assert pool.total_bytes() == 0


@pytest.mark.gpu
def test_python_allocator_pool_on_the_gpu():
    frees = []

    def malloc_func(size, device_id):
        return cuda.runtime.malloc(size)

    def free_func(ptr, device_id):
        frees.append(ptr)
        cuda.runtime.free(ptr)
    pool = cuda.MemoryPool(cuda.PythonFunctionAllocator(malloc_func, free_func).malloc)
    with cuda.using_allocator(pool.malloc):
        # Elementwise work only: a matmul's cuBLAS workspace would stay with its handle (32 MiB
        # held past free_all_blocks on the H200, by design).
        x = cupric.ones((256, 256), dtype=cupric.float64)
        y = x * 2 + x
    assert float(y[0, 0]) == 3.0
    del x, y
    gc.collect()
    pool.free_all_blocks()
    assert len(frees) >= 2 and pool.total_bytes() == 0
