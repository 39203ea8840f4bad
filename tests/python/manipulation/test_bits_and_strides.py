"""packbits/unpackbits, ndarray.byteswap, lib.stride_tricks and the memory-overlap queries against NumPy."""
import numpy
import pytest
from numpy.lib import stride_tricks as np_st

import cupric
from cupric.lib import stride_tricks as cp_st
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.int8, numpy.uint8, numpy.int64])
@pytest.mark.parametrize('axis', [None, 0, 1, -1])
@pytest.mark.parametrize('bitorder', ['big', 'little'])
def test_packbits(dtype, axis, bitorder):
    rng = numpy.random.default_rng(1)
    a_np = rng.integers(0, 3, (5, 11)).astype(dtype)
    for src in (a_np, a_np.T, a_np[:, ::3], a_np[:0]):
        assert_matches_numpy(cupric.packbits(cupric.asarray(src), axis=axis, bitorder=bitorder),
                             numpy.packbits(src, axis=axis, bitorder=bitorder))


@pytest.mark.parametrize('bitorder', ['big', 'little'])
@pytest.mark.parametrize('shape,axis', [((64,), None), ((3, 8), 1), ((3, 16), 0), ((4, 24, 5), 1), ((2, 0, 8), -1),
                                        ((1000,), None), ((7, 1003), -1)])
def test_packbits_whole_words(shape, axis, bitorder):
    # Rows whose length is a multiple of 8 pack without padding (Note [Packing bits by
    # multiplication]); every pattern of 8 bits appears in the long rows.
    rng = numpy.random.default_rng(2)
    a_np = rng.integers(0, 2, shape).astype(numpy.bool_)
    for src in (a_np, a_np[..., ::-1]):
        assert_matches_numpy(cupric.packbits(cupric.asarray(src), axis=axis, bitorder=bitorder),
                             numpy.packbits(src, axis=axis, bitorder=bitorder))


def test_packbits_of_a_bool_view_of_other_bytes():
    # A bool view of bytes other than 0 and 1 packs as NumPy does: any nonzero byte is a set bit.
    u_np = numpy.array([0, 2, 255, 1, 0, 0, 128, 7, 3], numpy.uint8)
    assert_matches_numpy(cupric.packbits(cupric.asarray(u_np).view(cupric.bool_)), numpy.packbits(u_np.view(numpy.bool_)))



@pytest.mark.parametrize('dtype', [numpy.int8, numpy.uint8, numpy.int16])
@pytest.mark.parametrize('bitorder', ['big', 'little'])
def test_packbits_of_every_byte_value(dtype, bitorder):
    # One-byte inputs go to the packing pass without a comparison first: every byte value, the
    # ones with only the top bit set included, must count as a set bit when nonzero.
    a_np = numpy.arange(256 * 9, dtype=numpy.int64).astype(numpy.uint8).view(numpy.int8).astype(dtype)
    for src in (a_np, a_np[::-1], a_np.reshape(9, 256)[:, 3:250]):
        assert_matches_numpy(cupric.packbits(cupric.asarray(src), axis=-1, bitorder=bitorder),
                             numpy.packbits(src, axis=-1, bitorder=bitorder))


@pytest.mark.parametrize('bitorder', ['big', 'little'])
def test_unpackbits_of_every_byte_value(bitorder):
    # Note [Unpacking a byte by multiplication]: each byte value spreads to its own eight bits.
    a_np = numpy.arange(256, dtype=numpy.uint8)
    for src, axis in ((a_np, None), (a_np.reshape(16, 16)[:, ::-3], 1), (a_np.reshape(4, 8, 8), 0),
                      (a_np.reshape(16, 16)[:0], 1)):
        assert_matches_numpy(cupric.unpackbits(cupric.asarray(src), axis=axis, bitorder=bitorder),
                             numpy.unpackbits(src, axis=axis, bitorder=bitorder))

@pytest.mark.parametrize('axis', [None, 0, 1])
@pytest.mark.parametrize('count', [None, 0, 3, 9, -2, 30])
@pytest.mark.parametrize('bitorder', ['big', 'little'])
def test_unpackbits(axis, count, bitorder):
    a_np = numpy.arange(0, 240, 20, dtype=numpy.uint8).reshape(3, 4)
    for src in (a_np, a_np.T):
        if count is not None and axis is None and count > 8 * src.size:
            continue
        assert_matches_numpy(cupric.unpackbits(cupric.asarray(src), axis=axis, count=count, bitorder=bitorder),
                             numpy.unpackbits(src, axis=axis, count=count, bitorder=bitorder))


def test_bits_errors():
    f_np = numpy.ones(3)
    assert_raises_like_numpy(lambda: numpy.packbits(f_np), lambda: cupric.packbits(cupric.asarray(f_np)))
    i_np = numpy.ones(3, numpy.int32)
    assert_raises_like_numpy(lambda: numpy.unpackbits(i_np), lambda: cupric.unpackbits(cupric.asarray(i_np)))
    u_np = numpy.ones(2, numpy.uint8)
    assert_raises_like_numpy(lambda: numpy.unpackbits(u_np, count=-17),
                             lambda: cupric.unpackbits(cupric.asarray(u_np), count=-17))
    assert_raises_like_numpy(lambda: numpy.packbits(u_np, axis=1), lambda: cupric.packbits(cupric.asarray(u_np), axis=1))
    assert_raises_like_numpy(lambda: numpy.packbits(u_np, bitorder='middle'),
                             lambda: cupric.packbits(cupric.asarray(u_np), bitorder='middle'))


def test_binary_and_base_repr():
    assert cupric.binary_repr(-5, width=8) == numpy.binary_repr(-5, width=8)
    assert cupric.base_repr(255, 16, padding=2) == numpy.base_repr(255, 16, padding=2)


@pytest.mark.parametrize('dtype', [numpy.bool_, numpy.int16, numpy.uint32, numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
def test_byteswap(dtype):
    a_np = (numpy.arange(12).reshape(3, 4) * 37 + 1).astype(dtype)
    if numpy.dtype(dtype).kind == 'c':
        a_np = a_np + 1j * a_np[::-1]
    for src in (a_np, a_np.T, a_np[:, ::2], a_np[:0]):
        a = cupric.asarray(src)
        assert_matches_numpy(a.byteswap(), src.byteswap())
    a, b_np = cupric.asarray(a_np.T), a_np.T.copy()
    assert a.byteswap(inplace=True) is a
    b_np.byteswap(inplace=True)
    assert_matches_numpy(a, b_np)


def test_as_strided():
    x_np = numpy.arange(20.0)
    x = cupric.asarray(x_np)
    for shape, strides in (((4, 3), (40, 8)), ((3,), (16,)), ((2, 2, 2), (8, 0, 16)), (None, None), ((5,), None)):
        r = cp_st.as_strided(x, shape, strides)
        e = np_st.as_strided(x_np, shape, strides)
        assert_matches_numpy(r, e)
        assert r.base is x or r.base is x.base
    assert_raises_like_numpy(lambda: np_st.as_strided(x_np, (2, 2), (8,)), lambda: cp_st.as_strided(x, (2, 2), (8,)))


@pytest.mark.parametrize('shape, window, axis', [
    ((10,), 3, None), ((4, 5), (2, 3), None), ((4, 5), 2, 0), ((4, 5), 2, -1), ((4, 5), (2, 2), (1, 1)),
    ((3, 4, 5), (2, 3), (0, 2)), ((4,), 4, None), ((4,), 0, None)])
def test_sliding_window_view(shape, window, axis):
    x_np = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float32).reshape(shape)
    for src in (x_np, x_np.T.copy().T if x_np.ndim > 1 else x_np[::-1]):
        assert_matches_numpy(cp_st.sliding_window_view(cupric.asarray(src), window, axis),
                             np_st.sliding_window_view(src, window, axis))


@pytest.mark.parametrize('window, axis', [(5, None), ((2, 2), None), (-1, None), ((2, 2), 0), (2, 3)])
def test_sliding_window_view_errors(window, axis):
    x_np = numpy.arange(4.0)
    assert_raises_like_numpy(lambda: np_st.sliding_window_view(x_np, window, axis),
                             lambda: cp_st.sliding_window_view(cupric.asarray(x_np), window, axis))


def test_shares_memory_and_byte_bounds():
    base_np = numpy.arange(40.0)
    base = cupric.asarray(base_np)
    pairs = [(slice(0, 10), slice(5, 15)), (slice(0, 10), slice(10, 20)), (slice(0, 40, 2), slice(1, 40, 2)),
             (slice(0, 40, 3), slice(1, 40, 2)), (slice(None, None, -1), slice(0, 1)), (slice(0, 0), slice(None))]
    for s1, s2 in pairs:
        a_np, b_np, a, b = base_np[s1], base_np[s2], base[s1], base[s2]
        assert cupric.shares_memory(a, b) == numpy.shares_memory(a_np, b_np)
        assert cupric.may_share_memory(a, b) == numpy.may_share_memory(a_np, b_np)
        try:
            expected = numpy.shares_memory(a_np, b_np, max_work=0)
        except numpy.exceptions.TooHardError:
            assert_raises_like_numpy(lambda: numpy.shares_memory(a_np, b_np, max_work=0),
                                     lambda: cupric.shares_memory(a, b, max_work=0))
        else:
            assert cupric.shares_memory(a, b, max_work=0) == expected
    assert not cupric.shares_memory(base, cupric.arange(3.0))
    m = base.reshape(5, 8)
    assert cupric.shares_memory(m[:, 1], m[2, :]) and not cupric.shares_memory(m[:, 1], m[2, 2:])
    lo, hi = cupric.byte_bounds(base[10:20])
    assert hi - lo == 80 and lo == base.data.ptr + 80
    lo, hi = cupric.byte_bounds(base[::-2])
    assert hi - lo == 8 * 39 - 8 + 8 and hi == base.data.ptr + 320
    with pytest.raises(numpy.exceptions.TooHardError):
        cupric.shares_memory(base[::2], base[1::2], max_work=3)
