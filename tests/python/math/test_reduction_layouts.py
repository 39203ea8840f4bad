"""Reductions over the layouts the CUDA engine has special paths for (Note [CUDA reductions] in
src/engine/reduction/cuda/cuda_reduce.cuh), against NumPy 2, on whichever backend the suite runs on:
- axis-0 ("column") reductions of C arrays with 16-byte aligned rows (reduce_cols_kernel): column
  counts that fill or do not fill the tile, padded rows (a view whose last vector of columns is
  partial), several outer outputs (3-D, middle axis), rows split over blocks or not, keepdims,
  out=, initial=, where= (the generic path), every dtype;
- argmax/argmin of long contiguous arrays (the vector fold with 32-bit positions): ties, NaNs
  (the first NaN wins), all-equal, infinities, extremes of integers, split boundaries.
"""
import numpy
import pytest

import cupric as cp
from cupric import testing
from reduction_cases import values  # small integers: exact sums in every dtype

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
              numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
              numpy.complex128]


def padded(shape, pad, dtype, seed=0):
    """A C array of `shape` whose last axis is a prefix of a row `pad` elements longer."""
    full = values(shape[:-1] + (shape[-1] + pad,), dtype, seed)
    return full[..., :shape[-1]], cp.array(full)[..., :shape[-1]]


# Column counts: a whole number of 128-float tiles, a partial last tile, narrow (one thread per
# row or fewer than 32), and rows long enough to be split over blocks or too short for it.
COLUMN_SHAPES = [(3000, 1024), (2500, 1000), (4096, 8), (1000, 4), (20, 1000), (1, 64), (777, 96)]


@pytest.mark.parametrize("shape", COLUMN_SHAPES)
def test_sum_axis0_columns_float32_V11_CUB(shape):
    h = values(shape, numpy.float32, seed=1)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(axis=0), h.sum(axis=0))
    testing.assert_matches_numpy(c.sum(axis=0, keepdims=True), h.sum(axis=0, keepdims=True))
    testing.assert_matches_numpy(c.max(axis=0), h.max(axis=0))
    testing.assert_matches_numpy(c.argmax(axis=0), h.argmax(axis=0))
    testing.assert_matches_numpy(c.argmin(axis=0), h.argmin(axis=0))
    testing.assert_matches_numpy(c.mean(axis=0), h.mean(axis=0), rtol=1e-6)
    testing.assert_matches_numpy(c.var(axis=0), h.var(axis=0), rtol=1e-4)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_axis0_columns_every_dtype(dtype):
    for shape in [(1200, 160), (33, 48)]:
        h = values(shape, dtype, seed=2)
        c = cp.array(h)
        testing.assert_matches_numpy(c.sum(axis=0), h.sum(axis=0))
        testing.assert_matches_numpy(c.max(axis=0), h.max(axis=0))
        testing.assert_matches_numpy(c.min(axis=0), h.min(axis=0))
        testing.assert_matches_numpy(c.argmax(axis=0), h.argmax(axis=0))
        testing.assert_matches_numpy(c.argmin(axis=0), h.argmin(axis=0))
        testing.assert_matches_numpy(c.any(axis=0), h.any(axis=0))
        testing.assert_matches_numpy(cp.count_nonzero(c, axis=0), numpy.count_nonzero(h, axis=0))
        if dtype != numpy.bool_:
            testing.assert_matches_numpy(c[:6].prod(axis=0),
                                         h[:6].prod(axis=0))  # few rows: no overflow in any dtype
            testing.assert_matches_numpy(c.ptp(axis=0), numpy.ptp(h, axis=0))
        if dtype not in (numpy.float16,):
            testing.assert_matches_numpy(c.mean(axis=0), h.mean(axis=0), rtol=1e-6)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.bool_, numpy.float16, numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.int64])
@pytest.mark.parametrize("pad", [1, 3, 8, 16])
def test_axis0_padded_rows_partial_vector(dtype, pad):
    # Rows of 1000 + pad elements (16-byte aligned for pad 8 in every dtype, 8-byte for pad 16,
    # unaligned otherwise), 997 columns used: the last vector of columns is partial and the row
    # stride is not the column count.
    n, c = padded((640, 997), pad + 3, dtype, seed=3)
    testing.assert_matches_numpy(c.sum(axis=0), n.sum(axis=0))
    testing.assert_matches_numpy(c.max(axis=0), n.max(axis=0))
    testing.assert_matches_numpy(c.argmax(axis=0), n.argmax(axis=0))
    testing.assert_matches_numpy(c.argmin(axis=0), n.argmin(axis=0))


@pytest.mark.parametrize("shape,axis", [((6, 700, 64), 1), ((5, 300, 36), 1), ((300, 5, 40), 0),
                                        ((300, 5, 40), (0, 1)), ((40, 30, 20, 8), (0, 2))])
def test_columns_with_outer_outputs(shape, axis):
    h = values(shape, numpy.float32, seed=4)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(axis=axis), h.sum(axis=axis))
    testing.assert_matches_numpy(c.min(axis=axis), h.min(axis=axis))
    testing.assert_matches_numpy(c.sum(axis=axis, keepdims=True), h.sum(axis=axis, keepdims=True))
    if isinstance(axis, int):
        testing.assert_matches_numpy(c.argmax(axis=axis), h.argmax(axis=axis))


def test_axis0_out_initial_where():
    h = values((1500, 260), numpy.float32, seed=5)
    c = cp.array(h)
    out = cp.zeros(260, numpy.float32)
    r = cp.sum(c, axis=0, out=out)
    assert r is out
    testing.assert_matches_numpy(out, h.sum(axis=0))
    # out= with a stride (written through the column kernel's output stride) and another dtype.
    big = cp.zeros(520, numpy.float64)
    cp.sum(c, axis=0, out=big[::2])
    testing.assert_matches_numpy(big[::2], h.sum(axis=0).astype(numpy.float64))
    testing.assert_matches_numpy(big[1::2], numpy.zeros(260))
    testing.assert_matches_numpy(cp.sum(c, axis=0, initial=7), numpy.sum(h, axis=0, initial=7))
    testing.assert_matches_numpy(cp.max(c, axis=0, initial=3), numpy.max(h, axis=0, initial=3))
    w = numpy.random.default_rng(6).random((1500, 260)) < 0.5
    testing.assert_matches_numpy(cp.sum(c, axis=0, where=cp.array(w)), numpy.sum(h, axis=0, where=w))
    small = values((10, 260), numpy.float32, seed=7)  # rows too few to split: results written directly
    testing.assert_matches_numpy(cp.sum(cp.array(small), axis=0, initial=2),
                                 numpy.sum(small, axis=0, initial=2))


def test_axis0_nan_semantics():
    h = numpy.random.default_rng(8).standard_normal((3000, 130)).astype(numpy.float32)
    h[[5, 2900, 1200], [0, 0, 0]] = numpy.nan  # first NaN of column 0 is row 5
    h[2999, 1] = numpy.nan                    # last row
    h[:, 2] = numpy.nan                       # whole column
    h[:, 3] = 1.0                             # ties: the first row wins
    h[[10, 2000], 4] = 100.0
    c = cp.array(h)
    for name in ["argmax", "argmin", "max", "min"]:
        testing.assert_matches_numpy(getattr(c, name)(axis=0), getattr(h, name)(axis=0))
    testing.assert_matches_numpy(c.sum(axis=0), h.sum(axis=0), rtol=1e-4, atol=1e-2)
    testing.assert_matches_numpy(cp.nansum(c, axis=0), numpy.nansum(h, axis=0), rtol=1e-4, atol=1e-2)
    testing.assert_matches_numpy(cp.nanmax(c[:, :2], axis=0), numpy.nanmax(h[:, :2], axis=0))


def test_axis0_negative_row_step():
    h = values((2000, 64), numpy.float32, seed=9)
    h[[3, 1000, 1996], 5] = 9
    c = cp.array(h)
    testing.assert_matches_numpy(c[::-1].argmax(axis=0), h[::-1].argmax(axis=0))
    testing.assert_matches_numpy(c[::-1].sum(axis=0), h[::-1].sum(axis=0))
    testing.assert_matches_numpy(c[::-2].max(axis=0), h[::-2].max(axis=0))


# ---- argmax / argmin of long contiguous arrays ------------------------------------------------------

@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.float16, numpy.int8, numpy.int32,
                                   numpy.uint64, numpy.bool_, numpy.complex64])
def test_arg_long_ties_first_wins(dtype):
    n = 3 * 2**20 + 13
    h = values(n, dtype, seed=10)
    if dtype != numpy.bool_:
        hi = numpy.array(9 if numpy.dtype(dtype).kind != "c" else 9 + 9j).astype(dtype)
        lo = numpy.array(-9 if numpy.dtype(dtype).kind in "ifc" else 0).astype(dtype)
        h[[70001, 1500000, n - 1]] = hi
        if numpy.dtype(dtype).kind != "u":
            h[[12, 3000000]] = lo
    c = cp.array(h)
    testing.assert_matches_numpy(c.argmax(), numpy.int64(h.argmax()))
    testing.assert_matches_numpy(c.argmin(), numpy.int64(h.argmin()))
    testing.assert_matches_numpy(c[1:].argmax(),
                                 numpy.int64(h[1:].argmax()))  # unaligned start: the generic fold
    testing.assert_matches_numpy(c[::-1].argmax(), numpy.int64(h[::-1].argmax()))


def test_arg_long_nans_and_infinities():
    n = 2**22 + 5
    h = numpy.random.default_rng(11).standard_normal(n).astype(numpy.float32)
    c = cp.array(h)
    testing.assert_matches_numpy(c.argmax(), numpy.int64(h.argmax()))
    testing.assert_matches_numpy(c.argmin(), numpy.int64(h.argmin()))
    for where in [[3000000, 17], [n - 1], [0, 2**21], [2**21 + 1, 2**22]]:
        g = h.copy()
        g[where] = numpy.nan
        testing.assert_matches_numpy(cp.array(g).argmax(), numpy.int64(g.argmax()))
        testing.assert_matches_numpy(cp.array(g).argmin(), numpy.int64(g.argmin()))
    g = h.copy()
    g[[100, 4000000]] = numpy.inf
    g[[5, 3999999]] = -numpy.inf
    testing.assert_matches_numpy(cp.array(g).argmax(), numpy.int64(g.argmax()))
    testing.assert_matches_numpy(cp.array(g).argmin(), numpy.int64(g.argmin()))
    # All the extreme value: the first position wins (no element beats the fold's start value).
    for v in [-numpy.inf, numpy.inf, 0.0]:
        g = numpy.full(n, v, numpy.float32)
        testing.assert_matches_numpy(cp.array(g).argmax(), numpy.int64(g.argmax()))
        testing.assert_matches_numpy(cp.array(g).argmin(), numpy.int64(g.argmin()))
    g = numpy.full(n, numpy.nan, numpy.float32)
    testing.assert_matches_numpy(cp.array(g).argmax(), numpy.int64(0))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int64, numpy.uint32, numpy.uint8])
def test_arg_long_integer_extremes(dtype):
    n = 2**21 + 77
    info = numpy.iinfo(dtype)
    for fill in [info.min, info.max]:
        h = numpy.full(n, fill, dtype)
        c = cp.array(h)
        testing.assert_matches_numpy(c.argmax(), numpy.int64(h.argmax()))
        testing.assert_matches_numpy(c.argmin(), numpy.int64(h.argmin()))
        h[[999999, 5]] = info.max if fill == info.min else info.min
        c = cp.array(h)
        testing.assert_matches_numpy(c.argmax(), numpy.int64(h.argmax()))
        testing.assert_matches_numpy(c.argmin(), numpy.int64(h.argmin()))


def test_arg_rows_and_keepdims():
    h = numpy.random.default_rng(12).standard_normal((64, 40000)).astype(numpy.float32)
    h[3, [10, 39999]] = numpy.nan
    h[7, :] = 2.0
    c = cp.array(h)
    testing.assert_matches_numpy(c.argmax(axis=1), h.argmax(axis=1))
    testing.assert_matches_numpy(c.argmin(axis=1, keepdims=True), h.argmin(axis=1, keepdims=True))
    out = cp.zeros(64, numpy.int64)
    cp.argmax(c, axis=1, out=out)
    testing.assert_matches_numpy(out, h.argmax(axis=1))


@pytest.mark.parametrize("n", [1, 3, 16, 17, 1000, 4099])
def test_arg_short(n):
    h = values(n, numpy.float32, seed=n)
    c = cp.array(h)
    testing.assert_matches_numpy(c.argmax(), numpy.int64(h.argmax()))
    testing.assert_matches_numpy(c.argmin(), numpy.int64(h.argmin()))


def test_sum_full_and_rows_unchanged():
    h = values(2**21 + 3, numpy.float32, seed=13)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(), h.sum())
    m = values((300, 4096), numpy.float32, seed=14)
    testing.assert_matches_numpy(cp.array(m).sum(axis=1), m.sum(axis=1))
    testing.assert_matches_numpy(cp.array(m).max(axis=1), m.max(axis=1))
