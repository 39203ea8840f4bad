"""cupric.cuda.using_allocator is per thread (as CuPy's): nesting, restoring, and set_allocator
inside it."""
import threading
import pytest

import cupric
import cupric.cuda as cuda


# ---- using_allocator is per thread (as CuPy's) ---------------------------------------------------

def test_using_allocator_is_per_thread(pool):
    # Blocks in use before the test (a cuBLAS workspace a library handle holds from the pool on the
    # GPU) are not this test's; it counts from them.
    base = pool.used_bytes()
    inside = threading.Event()
    release = threading.Event()
    seen = {}

    def other():
        inside.wait(5)
        seen["alloc"] = cuda.get_allocator()
        a = cupric.empty(100, dtype=cupric.float32)  # the default pool, not None
        seen["used"] = pool.used_bytes() - base
        del a
        release.set()

    t = threading.Thread(target=other)
    t.start()
    with cuda.using_allocator(None):
        assert cuda.get_allocator() is None
        b = cupric.empty(100, dtype=cupric.float32)  # not pooled on this thread
        inside.set()
        assert release.wait(5)
        assert pool.used_bytes() == base
    t.join()
    assert seen["used"] == 512
    assert seen["alloc"] == pool.malloc
    assert cuda.get_allocator() == pool.malloc
    del b


def test_using_allocator_nests_and_restores():
    mine = cuda.MemoryPool()
    with cuda.using_allocator(mine.malloc):
        a = cupric.empty(10, dtype=cupric.int8)
        with cuda.using_allocator(None):
            b = cupric.empty(10, dtype=cupric.int8)
            assert cuda.get_allocator() is None
        assert cuda.get_allocator() == mine.malloc
        c = cupric.empty(10, dtype=cupric.int8)
    assert mine.used_bytes() == 1024
    assert isinstance(b.data.mem, cuda.Memory)
    del a, b, c
    assert mine.used_bytes() == 0


def test_set_allocator_inside_using_allocator_raises(pool):
    with cuda.using_allocator(None):
        with pytest.raises(ValueError, match="using_allocator"):
            cuda.set_allocator(None)
    assert cuda.get_allocator() == pool.malloc


def test_using_allocator_restores_after_an_exception(pool):
    base = pool.used_bytes()
    with pytest.raises(KeyError):
        with cuda.using_allocator(None):
            raise KeyError
    a = cupric.empty(100, dtype=cupric.float32)
    assert pool.used_bytes() - base == 512
    del a
