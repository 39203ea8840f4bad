"""MemoryPointer, the memory classes (Memory, UnownedMemory, PooledMemory) and arrays over given
memory: cupric.ndarray(shape, dtype, memptr=...) (issue 3)."""
import ctypes
import gc

import numpy
import pytest

import cupric
import cupric.cuda as cuda


def test_memory_pointer_from_pool_is_pooled_memory():
    pool = cuda.MemoryPool()
    mp = pool.malloc(1000)
    assert isinstance(mp, cuda.MemoryPointer)
    assert isinstance(mp.mem, cuda.PooledMemory) and isinstance(mp.mem, cuda.BaseMemory)
    assert not isinstance(mp.mem, cuda.Memory) and not isinstance(mp.mem, cuda.UnownedMemory)
    assert mp.mem.size == 1024 and mp.device_id == cuda.Device().id
    assert int(mp) == mp.ptr and mp.ptr == mp.mem.ptr
    assert mp.device.id == mp.device_id
    assert pool.used_bytes() == 1024
    mp.mem.free()  # PooledMemory.free(): back to the pool at once
    assert pool.used_bytes() == 0
    assert mp.mem.ptr == 0
    with pytest.raises(TypeError):
        cuda.PooledMemory()


def test_memory_pointer_offsets():
    mp = cuda.MemoryPool().malloc(512)
    q = mp + 100
    assert q.ptr == mp.ptr + 100 and q.mem is not None and q.offset == 100
    assert (100 + mp).ptr == q.ptr
    assert (q - 40).ptr == mp.ptr + 60
    base = mp.ptr
    r = mp + 0
    r += 8
    assert r.ptr == base + 8 and r.offset == 8 and mp.offset == 0
    r -= 8
    assert r.ptr == base
    alias = r
    r += 16  # in place, as CuPy's: the alias moves too
    assert alias is r and alias.ptr == base + 16
    with pytest.raises(ValueError):
        r -= 17
    assert r.ptr == base + 16  # a bad offset changes nothing
    assert (mp + 512).ptr == mp.ptr + 512  # one past the end is allowed
    with pytest.raises(ValueError):
        mp + 513
    with pytest.raises(ValueError):
        mp - 1
    assert mp and not cuda.MemoryPool().malloc(0)


def test_memory_pointer_copies_host_and_device():
    h = numpy.arange(64, dtype=numpy.float64)
    a = cuda.alloc(h.nbytes)
    a.copy_from_host(h.ctypes.data, h.nbytes)
    b = cuda.alloc(h.nbytes)
    b.copy_from_device(a, h.nbytes)
    out = numpy.zeros_like(h)
    b.copy_to_host(ctypes.c_void_p(out.ctypes.data), h.nbytes)
    numpy.testing.assert_array_equal(out, h)
    # copy_from: a MemoryPointer is a device source, anything else a host address.
    c = cuda.alloc(h.nbytes)
    c.copy_from(b, h.nbytes)
    c2 = cuda.alloc(h.nbytes)
    c2.copy_from(h.ctypes.data, h.nbytes)
    for p in (c, c2):
        out[:] = 0
        p.copy_to_host(out.ctypes.data, h.nbytes)
        numpy.testing.assert_array_equal(out, h)
    # With offsets.
    (b + 8 * 10).memset(0, 8 * 5)
    b.copy_to_host(out.ctypes.data, h.nbytes)
    expect = h.copy()
    expect[10:15] = 0
    numpy.testing.assert_array_equal(out, expect)


def test_memory_pointer_async_forms_on_a_stream():
    s = cuda.Stream()
    h = numpy.arange(100, dtype=numpy.int32)
    a = cuda.alloc(400)
    a.copy_from_host_async(h.ctypes.data, 400, stream=s)
    b = cuda.alloc(400)
    b.copy_from_device_async(a, 400, s)
    b.memset_async(0xFF, 4, stream=s)
    out = numpy.zeros_like(h)
    b.copy_to_host_async(out.ctypes.data, 400, stream=s)
    c = cuda.alloc(400)
    c.copy_from_async(b, 400, stream=s)
    s.synchronize()
    assert out[0] == -1
    numpy.testing.assert_array_equal(out[1:], h[1:])
    with s:
        a.copy_from_host_async(h.ctypes.data, 400)  # the current stream
    s.synchronize()


def test_memory_pointer_bad_sizes_change_nothing():
    a = cuda.MemoryPool().malloc(512)
    a.memset(7, 512)
    h = numpy.zeros(1024, numpy.uint8)
    with pytest.raises(ValueError):
        a.copy_from_host(h.ctypes.data, 1024)
    with pytest.raises(ValueError):
        (a + 500).copy_to_host(h.ctypes.data, 13)
    with pytest.raises(ValueError):
        a.memset(0, -1)
    with pytest.raises(ValueError):
        a.copy_from_host(0, 16)
    with pytest.raises(TypeError):
        a.copy_from_host("nope", 16)
    out = numpy.zeros(512, numpy.uint8)
    a.copy_to_host(out.ctypes.data, 512)
    assert (out == 7).all()
    a.copy_from_host(h.ctypes.data, 0)  # zero bytes: nothing to do


def test_memory_class_allocates_directly():
    pool = cupric.get_default_memory_pool()
    used = pool.used_bytes()
    m = cuda.Memory(100)
    assert isinstance(m, cuda.Memory) and isinstance(m, cuda.BaseMemory)
    assert m.size == 100 and m.ptr != 0
    assert pool.used_bytes() == used
    mp = cuda.MemoryPointer(m, 0)
    mp.memset(3, 100)
    out = numpy.zeros(100, numpy.uint8)
    mp.copy_to_host(out.ctypes.data, 100)
    assert (out == 3).all()
    with pytest.raises(ValueError):
        cuda.Memory(-1)


def test_unowned_memory_and_ndarray_over_it():
    a = cupric.asarray(numpy.arange(12, dtype=numpy.float32))
    um = cuda.UnownedMemory(a.data.ptr, a.nbytes, a)
    assert isinstance(um, cuda.UnownedMemory) and not isinstance(um, cuda.PooledMemory)
    assert um.ptr == a.data.ptr and um.size == 48 and um.device_id == a._device_id
    mp = cuda.MemoryPointer(um, 0)
    v = cupric.ndarray((3, 4), cupric.float32, memptr=mp)
    numpy.testing.assert_array_equal(v.get(), numpy.arange(12, dtype=numpy.float32).reshape(3, 4))
    v[1, 1] = 100  # writes through to a
    assert float(a[5]) == 100
    # Offsets, strides and F order.
    w = cupric.ndarray((2,), numpy.float32, memptr=mp + 8)
    numpy.testing.assert_array_equal(w.get(), [2, 3])
    t = cupric.ndarray((4, 3), cupric.float32, memptr=mp, strides=(4, 16))
    numpy.testing.assert_array_equal(t.get(), a.get().reshape(3, 4).T)
    f = cupric.ndarray((4, 3), cupric.float32, memptr=mp, order="F")
    numpy.testing.assert_array_equal(f.get(), a.get().reshape(3, 4).T)
    assert f.flags.f_contiguous
    # ctypes pointers and an explicit device id are accepted.
    um2 = cuda.UnownedMemory(ctypes.c_void_p(a.data.ptr), 48, a, device_id=a._device_id)
    assert um2.ptr == a.data.ptr
    del a, v, w, t, f, mp, um, um2
    gc.collect()


def test_ndarray_constructor_checks_the_memory():
    mp = cuda.MemoryPool().malloc(512)
    with pytest.raises(ValueError):
        cupric.ndarray((129,), cupric.float32, memptr=mp)  # 516 bytes > 512
    with pytest.raises(ValueError):
        cupric.ndarray((4,), cupric.float32, memptr=mp + 508)
    with pytest.raises(ValueError):
        cupric.ndarray((4,), cupric.float32, memptr=mp, strides=(-4,))  # before the start
    with pytest.raises(ValueError):
        cupric.ndarray((2, 2), cupric.float32, memptr=mp, strides=(8,))
    with pytest.raises(ValueError):
        cupric.ndarray((-1,), cupric.float32, memptr=mp)
    with pytest.raises(TypeError):
        cupric.ndarray((4,), cupric.float32, memptr=12345)
    with pytest.raises(ValueError):
        cupric.ndarray((4,), cupric.float32, memptr=mp, order="K")
    z = cupric.ndarray((0,), cupric.float32, memptr=mp + 512)
    assert z.size == 0
    r = cupric.ndarray((4,), cupric.float32, memptr=mp + 12, strides=(-4,))  # within the memory
    assert r.shape == (4,) and r.strides == (-4,)


def test_ndarray_constructor_without_memptr():
    a = cupric.ndarray((2, 3))
    assert a.shape == (2, 3) and a.dtype == numpy.float64 and a.flags.c_contiguous
    b = cupric.ndarray((2, 3), dtype=numpy.int16, order="F")
    assert b.dtype == numpy.int16 and b.flags.f_contiguous
    assert isinstance(b.data, cuda.MemoryPointer)
    with pytest.raises(ValueError):
        cupric.ndarray((2, 3), strides=(8, 8))


def test_ndarray_data_is_a_memory_pointer_into_the_array_memory():
    a = cupric.zeros(10, dtype=cupric.int32)
    d = a[2:].data
    assert isinstance(d, cuda.MemoryPointer)
    assert d.ptr == a.data.ptr + 8 and d.mem.ptr == a.data.ptr
    d.memset(1, 4)
    assert int(a[2]) == 0x01010101
