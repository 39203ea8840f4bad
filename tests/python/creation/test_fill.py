"""Fills done as memsets (Note [Pattern memsets]): fill, full, ones over dtypes, values and layouts,
checked against NumPy."""

import numpy
import pytest

import cupric as cp
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
          numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
          numpy.complex128]


@pytest.mark.parametrize("dt", DTYPES)
@pytest.mark.parametrize("value", [0, 1, -1, 2, 258, 0.5, -2.25])
def test_fill_contiguous_values(dt, value):
    h = numpy.empty(37, dtype=dt)
    with numpy.errstate(all="ignore"):
        try:
            h.fill(value)
        except (OverflowError, TypeError, ValueError) as e:
            a = cp.empty(37, dtype=dt)
            with pytest.raises(type(e)):
                a.fill(value)
            return
    a = cp.empty(37, dtype=dt)
    with numpy.errstate(all="ignore"):
        a.fill(value)
    testing.assert_matches_numpy(a, h)


@pytest.mark.parametrize("dt", [numpy.int8, numpy.int16, numpy.float32, numpy.float64, numpy.complex64])
def test_fill_layouts(dt):
    h = numpy.zeros((6, 8), dtype=dt)
    a = cp.zeros((6, 8), dtype=dt)
    for sl in [(slice(None), slice(None)), (slice(None, None, 2), slice(1, None)), (slice(None, None, -1), 3)]:
        h[sl].fill(7)
        a[sl].fill(7)
        testing.assert_matches_numpy(a, h)
    hf = numpy.asfortranarray(h)
    af = cp.asfortranarray(a)
    hf.fill(3)
    af.fill(3)
    testing.assert_matches_numpy(af, hf)
    hz = numpy.empty((0, 3), dtype=dt)
    az = cp.empty((0, 3), dtype=dt)
    hz.fill(5)
    az.fill(5)
    testing.assert_matches_numpy(az, hz)
    h0 = numpy.empty((), dtype=dt)
    a0 = cp.empty((), dtype=dt)
    h0.fill(9)
    a0.fill(9)
    testing.assert_matches_numpy(a0, h0)


def test_fill_repeating_words_in_wide_dtypes():
    # float64/complex values whose bytes repeat every 2 or 4 bytes take the pattern memset on CUDA
    for raw in [b"\x01\x02\x03\x04" * 2, b"\x05\x06" * 4, b"\x3f\x80\x00\x00" * 4]:
        for dt in (numpy.float64, numpy.complex128, numpy.complex64, numpy.int64):
            if numpy.dtype(dt).itemsize > len(raw):
                continue
            v = numpy.frombuffer(raw[:numpy.dtype(dt).itemsize], dtype=dt)[0]
            h = numpy.full(11, v, dtype=dt)
            a = cp.empty(11, dtype=dt)
            a.fill(v)
            got = cp.asnumpy(a)
            assert got.tobytes() == h.tobytes()


def test_full_and_ones_use_fill():
    for dt in (numpy.int8, numpy.uint16, numpy.float32, numpy.float64, numpy.bool_):
        testing.assert_matches_numpy(cp.full((3, 5), 2, dtype=dt), numpy.full((3, 5), 2, dtype=dt))
        testing.assert_matches_numpy(cp.ones((4,), dtype=dt), numpy.ones((4,), dtype=dt))
        testing.assert_matches_numpy(cp.full((3,), -1, dtype=numpy.int32),
                                     numpy.full((3,), -1, dtype=numpy.int32))
