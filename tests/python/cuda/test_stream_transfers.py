"""Transfers with streams and pinned memory (V13-ASNUMPY, V13-ASARRAY, V10-BIGENDIAN)."""
import numpy
import pytest

import cupric
import cupric.cuda as cuda
import cupricx


def test_v13_asnumpy_and_get_with_stream():
    s = cuda.Stream()
    a = cupric.full((3, 4), 2.5, dtype=cupric.float32)
    for h in (a.get(stream=s), cupric.asnumpy(a, stream=s), a.get(stream=None), cupric.asnumpy(a, stream=s, blocking=True)):
        numpy.testing.assert_array_equal(h, numpy.full((3, 4), 2.5, numpy.float32))
    h = cupric.asnumpy(a, stream=s, blocking=False)
    s.synchronize()  # blocking=False: the caller owns the ordering
    numpy.testing.assert_array_equal(h, numpy.full((3, 4), 2.5, numpy.float32))
    assert cuda.get_current_stream() is cuda.Stream.null  # the stream was only used for the copy


def test_v13_get_into_out_with_stream():
    s = cuda.Stream()
    a = cupric.full(5, 7, dtype=cupric.int64)
    out = numpy.empty(5, numpy.int64)
    assert a.get(stream=s, out=out) is out
    numpy.testing.assert_array_equal(out, [7] * 5)


def test_set_with_stream():
    s = cuda.Stream()
    a = cupric.zeros(6, dtype=cupric.float64)
    a.set(numpy.arange(6.0), stream=s)
    s.synchronize()
    numpy.testing.assert_array_equal(a.get(), numpy.arange(6.0))
    with pytest.raises(TypeError):
        a.set(numpy.arange(6.0), stream="s")
    numpy.testing.assert_array_equal(a.get(), numpy.arange(6.0))


def test_get_rejects_bad_stream():
    a = cupric.zeros(3)
    with pytest.raises(TypeError):
        a.get(stream=1)


def test_pinned_arrays():
    x = cupricx.empty_pinned((4, 5), dtype=numpy.float32)
    assert x.shape == (4, 5) and x.dtype == numpy.float32
    z = cupricx.zeros_pinned(10, dtype=numpy.int32)
    numpy.testing.assert_array_equal(z, numpy.zeros(10, numpy.int32))
    f = cupricx.empty_pinned((3, 2), order='F')
    assert f.flags.f_contiguous
    zl = cupricx.zeros_like_pinned(x)
    assert zl.shape == x.shape and zl.dtype == x.dtype and not zl.any()
    assert cupricx.empty_pinned(0).size == 0


def test_v13_asarray_from_pinned_blocking_and_not():
    src = cupricx.empty_pinned(1000, dtype=numpy.float64)
    src[:] = numpy.arange(1000.0)
    a = cupric.asarray(src, blocking=True)
    numpy.testing.assert_array_equal(a.get(), numpy.arange(1000.0))
    b = cupric.asarray(src)  # asynchronous from pinned memory; get() orders after it
    numpy.testing.assert_array_equal(b.get(), numpy.arange(1000.0))


def test_v13_asarray_from_pageable_source_may_be_overwritten():
    src = numpy.arange(10000.0)
    a = cupric.asarray(src)
    src[:] = -1  # right after the call: the copy already has the old values
    numpy.testing.assert_array_equal(a.get(), numpy.arange(10000.0))


def test_v13_alloc_pinned_memory_frombuffer_workflow():
    mem = cuda.alloc_pinned_memory(100 * 8)
    h = numpy.frombuffer(mem, numpy.float64, 100)
    h[:] = numpy.linspace(0, 1, 100)
    a = cupric.array(h)
    numpy.testing.assert_allclose(a.get(), numpy.linspace(0, 1, 100))


@pytest.mark.gpu
def test_gpu_pinned_transfer_on_stream_overlaps_and_is_correct():
    s = cuda.Stream(non_blocking=True)
    n = 1 << 24
    src = cupricx.empty_pinned(n, dtype=numpy.float32)
    src[:] = 1.5
    with s:
        a = cupric.asarray(src)
        out = cupricx.empty_pinned(n, dtype=numpy.float32)
        a.get(out=out, blocking=False)
    s.synchronize()
    assert out[0] == 1.5 and out[-1] == 1.5


@pytest.mark.gpu
def test_gpu_v13_asnumpy_blocking_false_returns_before_the_copy():
    s = cuda.Stream(non_blocking=True)
    out = cupricx.empty_pinned(1 << 26, dtype=numpy.float32)
    with s:
        a = cupric.ones(1 << 26, dtype=cupric.float32)  # on s: a non-blocking stream does not wait for null
        h = cupric.asnumpy(a, stream=s, out=out, blocking=False)
    s.synchronize()
    assert h is out and h[-1] == 1.0


@pytest.mark.gpu
def test_gpu_v13_asarray_from_pinned_is_async_and_blocking_waits():
    """V13-ASARRAY on the GPU: from pinned memory, blocking=False returns before the copy is
    done (the copy is on the current stream); blocking=True waits; a pageable source may be
    overwritten right after the call."""
    n = 1 << 26
    m = cuda.alloc_pinned_memory(n * 4)
    h = numpy.frombuffer(m, numpy.float32, n)
    h[:] = 3.0
    s = cuda.Stream(non_blocking=True)
    with s:
        d = cupric.asarray(h, blocking=True)
        assert s.done
        h2 = numpy.full(n, 4.0, numpy.float32)  # pageable
        d2 = cupric.asarray(h2)
        h2[:] = -1
        s.synchronize()
    assert float(d[n - 1]) == 3.0 and float(d2[n - 1]) == 4.0


@pytest.mark.gpu
@pytest.mark.parametrize('nbytes', [(2 << 20) - 8, 2 << 20, (8 << 20) + 24, (32 << 20) - 4096, (40 << 20) + 8,
                                    (100 << 20) + 4])
def test_gpu_staged_pageable_transfers_both_ways(nbytes):
    # Note [Staged host transfers]: copies of 2 MiB and more between pageable memory and a device
    # go through a ring of four 8 MiB pinned slots; sizes around the slot and ring boundaries, a
    # source that starts inside a NumPy buffer, and a non-blocking stream.
    big = numpy.arange(nbytes // 4 + 3, dtype=numpy.uint32) * numpy.uint32(2654435761)
    src = big[3:]
    s = cuda.Stream(non_blocking=True)
    with s:
        d = cupric.asarray(src)
        src_copy = src.copy()
        src[:] = 0  # V13-ASARRAY: the pageable source may be overwritten once asarray returns
        back = d.get()
        out = numpy.empty_like(src_copy)
        assert d.get(out=out) is out
    numpy.testing.assert_array_equal(back, src_copy)
    numpy.testing.assert_array_equal(out, src_copy)
    numpy.testing.assert_array_equal(cupric.asnumpy(d[1:-1]), src_copy[1:-1])  # a device view: copied first


@pytest.mark.gpu
@pytest.mark.parametrize('tail', [1, 2, 3, 4097])
def test_gpu_staged_transfer_of_a_last_chunk_shorter_than_the_crew(tail):
    # The last 8 MiB chunk holds `tail` bytes: fewer than the copying threads for 1 to 3.
    src = (numpy.arange((8 << 20) + tail) % 251).astype(numpy.uint8)
    d = cupric.asarray(src)
    numpy.testing.assert_array_equal(d.get(), src)
