"""Reductions over many short rows (Note [Short reduced rows] in
src/engine/reduction/cuda/cuda_reduce.cuh: a thread or a group of 2 ... 16 lanes per output when the
reduced extent is at most 256), against NumPy 2, on whichever backend the suite runs on, and with
GPU-sized row counts where a GPU is present (marked gpu):
- reduced extents k = 1, 2, 3, 4, 7, 8, 16, 32, 64, 100, 256, 257, 1000 over every dtype and every
  reduction (sum, prod, min/max, argmin/argmax, any/all, count_nonzero, mean, var, ptp, nan-ops);
- layouts: contiguous, transposed (the reduced axis not contiguous: the column path), a stepped or
  reversed view, broadcast rows, Fortran order, unaligned rows, several reduced axes (merged or
  not), keepdims, out=, dtype= accumulators, initial=, where=, zero-size, NaN propagation.
Small-integer values make every sum exact in every dtype, so only mean/var use a tolerance.
"""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing
from reduction_cases import ALL_DTYPES, LAYOUTS, values, with_nans

EXTENTS = [1, 2, 3, 4, 7, 8, 16, 32, 64, 100, 256, 257, 1000]
FLOATS = [numpy.float16, numpy.float32, numpy.float64]
MEAN_TOL = dict(rtol={numpy.float16: 2e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5, 'default': 1e-12},
                atol={numpy.float16: 1e-3, numpy.float32: 1e-5, numpy.complex64: 1e-5, 'default': 1e-12})
# Products of up to 16 values of magnitude <= 4 (complex: <= 5) pass 2^24: float32 rounds.
PROD_RTOL = {numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.complex64: 1e-6, 'default': 0}


def rows_for(k, total=6000):
    """A row count giving about `total` elements, and at least 33 rows (more than a warp's)."""
    return max(33, total // k)


def check_every_op(c, h, axis, keepdims=False):
    """Every reduction of c (cupric) against h (NumPy) over `axis`."""
    kind = h.dtype.kind
    kw = dict(axis=axis, keepdims=keepdims)
    for name in ("sum", "max", "min", "any", "all"):
        testing.assert_matches_numpy(getattr(c, name)(**kw), getattr(h, name)(**kw), err_msg=name)
    if h.size and all(h.shape[a] for a in numpy.atleast_1d(axis if axis is not None else range(h.ndim))):
        if isinstance(axis, int) or axis is None:
            testing.assert_matches_numpy(c.argmax(**kw), h.argmax(**kw), err_msg="argmax")
            testing.assert_matches_numpy(c.argmin(**kw), h.argmin(**kw), err_msg="argmin")
        if kind != "b":
            testing.assert_matches_numpy(cp.ptp(c, **kw), numpy.ptp(h, **kw), err_msg="ptp")
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=axis), numpy.count_nonzero(h, axis=axis))
    red = numpy.prod([h.shape[a] for a in numpy.atleast_1d(axis)]) if axis is not None else h.size
    if red <= 16:  # values up to 4: no overflow differences in any dtype (float16 may reach inf)
        with numpy.errstate(over="ignore"):
            testing.assert_matches_numpy(c.prod(**kw), h.prod(**kw), err_msg="prod", rtol=PROD_RTOL)
    if red and kind != "b" and h.dtype != numpy.float16:
        testing.assert_matches_numpy(c.mean(**kw), h.mean(**kw), err_msg="mean", **MEAN_TOL)
        if kind != "c":
            testing.assert_matches_numpy(c.var(**kw), h.var(**kw), err_msg="var", **MEAN_TOL)
    if kind in "fc":
        testing.assert_matches_numpy(cp.nansum(c, **kw), numpy.nansum(h, **kw), err_msg="nansum")


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: numpy.dtype(d).name)
@pytest.mark.parametrize("k", EXTENTS)
def test_rows_every_op_every_dtype(k, dtype):
    h = values((rows_for(k), k), dtype, seed=k)
    c = cp.array(h)
    check_every_op(c, h, -1)
    check_every_op(c, h, -1, keepdims=True)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("k", [1, 2, 3, 4, 8, 16, 32, 100])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int32, numpy.int8])
def test_rows_layouts(layout, k, dtype):
    # (rows, k): reducing axis -1 (short rows; for "T" and "F" the reduced axis is the slow one)
    # and axis 0 (columns of length `rows`); (k, rows) reducing axis 0: short columns.
    h, c = LAYOUTS[layout]((rows_for(k, 2000), k), dtype, values)
    check_every_op(c, h, -1)
    check_every_op(c, h, 0)
    h, c = LAYOUTS[layout]((k, rows_for(k, 2000)), dtype, values)
    check_every_op(c, h, 0)


@pytest.mark.parametrize("k", [2, 3, 4, 5, 8, 12])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int64])
def test_rows_unaligned_starts(k, dtype):
    # Rows whose starts are not 16-byte aligned (an odd offset into the buffer, row strides that
    # are not a multiple of 16 bytes): the scalar loads, not the vector ones.
    full = values((300, k + 1), dtype, seed=3)
    for h, c in [(full[:, 1:], cp.array(full)[:, 1:]), (full[1:, :k], cp.array(full)[1:, :k])]:
        check_every_op(c, h, -1)
        check_every_op(c, h, 1, keepdims=True)


@pytest.mark.parametrize("shape,axis", [
    ((500, 4, 4), (1, 2)),      # merged into one reduced dimension of 16
    ((300, 2, 3, 4), (-1, -2)),
    ((300, 2, 3, 4), (1, 3)),   # two reduced dims that do not merge
    ((4, 300, 4), (0, 2)),
    ((4, 4, 500), (0, 1)),      # short columns of 16
    ((64, 5, 7), (2, 0)),
])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.bool_, numpy.complex64])
def test_several_reduced_axes(shape, axis, dtype):
    h = values(shape, dtype, seed=4)
    c = cp.array(h)
    check_every_op(c, h, axis)
    check_every_op(c, h, axis, keepdims=True)
    hs = values(shape[:-1] + (2 * shape[-1],), dtype, seed=5)[..., ::2]  # not mergeable: stepped
    check_every_op(cp.array(values(shape[:-1] + (2 * shape[-1],), dtype, seed=5))[..., ::2], hs, axis)


@pytest.mark.parametrize("k", [1, 3, 4, 16, 100])
def test_rows_out_dtype_initial_where(k):
    h = values((257, k), numpy.float32, seed=6)
    c = cp.array(h)
    out = cp.zeros(257, numpy.float32)
    assert cp.sum(c, axis=-1, out=out) is out
    testing.assert_matches_numpy(out, h.sum(axis=-1))
    wide = cp.zeros((257, 2), numpy.float64)  # out of another dtype, strided
    cp.max(c, axis=-1, out=wide[:, 1])
    testing.assert_matches_numpy(wide[:, 1], h.max(axis=-1).astype(numpy.float64))
    kd = cp.zeros((257, 1), numpy.float32)
    cp.sum(c, axis=-1, keepdims=True, out=kd)
    testing.assert_matches_numpy(kd, h.sum(axis=-1, keepdims=True))
    testing.assert_matches_numpy(cp.sum(c, axis=-1, initial=5), numpy.sum(h, axis=-1, initial=5))
    testing.assert_matches_numpy(cp.max(c, axis=-1, initial=3), numpy.max(h, axis=-1, initial=3))
    w = numpy.random.default_rng(k).random((257, k)) < 0.5
    testing.assert_matches_numpy(cp.sum(c, axis=-1, where=cp.array(w)), numpy.sum(h, axis=-1, where=w))
    testing.assert_matches_numpy(cp.min(c, axis=-1, where=cp.array(w), initial=9),
                                 numpy.min(h, axis=-1, where=w, initial=9))
    testing.assert_matches_numpy(cp.sum(c, axis=-1, dtype=numpy.float64), h.sum(axis=-1, dtype=numpy.float64))


@pytest.mark.parametrize("k", [2, 4, 7, 16, 64])
def test_rows_accumulator_dtypes(k):
    # float16 sums accumulate in float32 (NumPy's too), bool and small integers widen to int64 by
    # default, and dtype= narrows (int8 wraps as NumPy's does).
    h16 = values((300, k), numpy.float16, seed=7)
    testing.assert_matches_numpy(cp.array(h16).sum(axis=-1), h16.sum(axis=-1))
    testing.assert_matches_numpy(cp.array(h16).sum(axis=-1, dtype=numpy.float32), h16.sum(axis=-1, dtype=numpy.float32))
    hb = values((300, k), numpy.bool_, seed=8)
    testing.assert_matches_numpy(cp.array(hb).sum(axis=-1), hb.sum(axis=-1))
    testing.assert_matches_numpy(cp.array(hb).sum(axis=-1, dtype=numpy.uint8), hb.sum(axis=-1, dtype=numpy.uint8))
    hi = (values((300, k), numpy.int8, seed=9) * 30).astype(numpy.int8)
    testing.assert_matches_numpy(cp.array(hi).sum(axis=-1), hi.sum(axis=-1))
    testing.assert_matches_numpy(cp.array(hi).sum(axis=-1, dtype=numpy.int8), hi.sum(axis=-1, dtype=numpy.int8))
    testing.assert_matches_numpy(cp.array(hi).prod(axis=-1, dtype=numpy.int16)[:5],
                                 hi.prod(axis=-1, dtype=numpy.int16)[:5])


@pytest.mark.parametrize("shape", [(0, 4), (5, 0), (0, 0), (3, 0, 4), (0, 1)])
def test_rows_zero_size(shape):
    h = numpy.zeros(shape, numpy.float64)
    c = cp.array(h)
    for name in ("sum", "prod", "any", "all", "mean"):
        with warnings.catch_warnings():  # "Mean of empty slice" from both
            warnings.simplefilter("ignore", RuntimeWarning)
            testing.assert_matches_numpy(getattr(c, name)(axis=-1), getattr(h, name)(axis=-1), err_msg=name)
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=-1), numpy.count_nonzero(h, axis=-1))
    if shape[-1] == 0:  # empty rows, even with no rows at all: maximum has no identity
        testing.assert_raises_like_numpy(lambda: h.max(axis=-1), lambda: c.max(axis=-1), expected=ValueError)
        testing.assert_raises_like_numpy(lambda: h.argmin(axis=-1), lambda: c.argmin(axis=-1), expected=ValueError)
        testing.assert_matches_numpy(cp.max(c, axis=-1, initial=-1.0), numpy.max(h, axis=-1, initial=-1.0))
    else:
        testing.assert_matches_numpy(c.max(axis=-1), h.max(axis=-1))


@pytest.mark.parametrize("dtype", FLOATS + [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("k", [2, 3, 4, 8, 16, 33, 100])
def test_rows_nan_propagation(k, dtype):
    h = with_nans((400, k), dtype, seed=k)
    h[7] = numpy.nan  # a whole row of NaN
    c = cp.array(h)
    for name in ("max", "min", "argmax", "argmin", "sum"):
        testing.assert_matches_numpy(getattr(c, name)(axis=-1), getattr(h, name)(axis=-1), err_msg=name)
    with warnings.catch_warnings():  # "All-NaN slice encountered" for row 7
        warnings.simplefilter("ignore", RuntimeWarning)
        testing.assert_matches_numpy(cp.nanmax(c, axis=-1), numpy.nanmax(h, axis=-1))
        testing.assert_matches_numpy(cp.nanmin(c, axis=-1), numpy.nanmin(h, axis=-1))
    testing.assert_matches_numpy(cp.nansum(c, axis=-1), numpy.nansum(h, axis=-1))
    ok = ~numpy.isnan(h).all(axis=-1)
    testing.assert_matches_numpy(cp.nanargmin(c[cp.array(ok)], axis=-1), numpy.nanargmin(h[ok], axis=-1))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("k", [3, 4, 16, 32, 100, 1000])
def test_rows_float_sums_close_to_numpy(k, dtype):
    # Normal values: the summation order (left to right per lane, then the lanes' tree) differs
    # from NumPy's pairwise one in the last bits only.
    h = numpy.random.default_rng(k).standard_normal((rows_for(k, 20000), k)).astype(dtype)
    c = cp.array(h)
    tol = dict(rtol=1e-5, atol=1e-5 * numpy.sqrt(k)) if dtype == numpy.float32 else dict(rtol=1e-12, atol=1e-12 * k)
    testing.assert_matches_numpy(c.sum(axis=-1), h.sum(axis=-1), **tol)
    testing.assert_matches_numpy(c.mean(axis=-1), h.mean(axis=-1), **tol)
    testing.assert_matches_numpy(c.std(axis=-1), h.std(axis=-1), **tol)
    testing.assert_matches_numpy(c.max(axis=-1), h.max(axis=-1))
    testing.assert_matches_numpy(c.argmin(axis=-1), h.argmin(axis=-1))


def test_broadcast_product_summed_over_last_axis():
    # multivariate_normal's old formulation and the bench's reduce_rows case: (z[..., None, :] * a)
    # summed over the last axis is (z @ a.T) within float rounding.
    z = numpy.random.default_rng(1).standard_normal((5000, 4))
    a = numpy.eye(4) + 0.5
    got = (cp.array(z)[..., None, :] * cp.array(a)).sum(axis=-1)
    testing.assert_matches_numpy(got, (z[..., None, :] * a).sum(axis=-1), rtol=1e-14, atol=1e-14)


# ---- the short-row kernel's other shapes (second round) --------------------------------------------
# Rows of at most four loads with one kept dim run reduce_short_rows_kernel: its lanes read the
# row's vectors (or elements, for stepped or unaligned rows), two rows a thread. Transposed views
# whose reduced axis is the contiguous one are the same rows after the plan sorts the axes. A
# short middle axis over a contiguous inner one is reduce_cols_kernel packing several outer
# outputs per block.


def check_stats(c, h, axis):
    """The statements of the short-row probe: mean, argmax, any, norm, count_nonzero of a mask."""
    testing.assert_matches_numpy(c.sum(axis=axis), h.sum(axis=axis), rtol=1e-12, atol=1e-12)
    testing.assert_matches_numpy(c.mean(axis=axis), h.mean(axis=axis), rtol=1e-12, atol=1e-12)
    testing.assert_matches_numpy(c.var(axis=axis), h.var(axis=axis), rtol=1e-12, atol=1e-12)
    testing.assert_matches_numpy(c.any(axis=axis), h.any(axis=axis))
    testing.assert_matches_numpy(cp.count_nonzero(c > 0, axis=axis), numpy.count_nonzero(h > 0, axis=axis))
    testing.assert_matches_numpy(cp.linalg.norm(c, axis=axis), numpy.linalg.norm(h, axis=axis),
                                 rtol=1e-12, atol=1e-12)
    if isinstance(axis, int):
        testing.assert_matches_numpy(c.argmax(axis=axis), h.argmax(axis=axis))
        testing.assert_matches_numpy(c.argmin(axis=axis), h.argmin(axis=axis))


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 8])
def test_transposed_rows_and_stepped_rows(k):
    h = numpy.random.default_rng(k).standard_normal((333, k))
    h[5, :] = 0.0  # a row of zeros: any() False, count 0, argmax 0
    c = cp.array(h)
    check_stats(c, h, -1)
    check_stats(c.T, h.T, 0)  # (k, 333) with strides (8, 8k): the same rows
    h2 = numpy.random.default_rng(k + 1).standard_normal((333, 2 * k))
    c2 = cp.array(h2)
    check_stats(c2[:, ::2], h2[:, ::2], -1)  # element loads at a 16-byte step
    check_stats(c2[:, ::2].T, h2[:, ::2].T, 0)
    check_stats(c2[::-1, :k], h2[::-1, :k], 1)  # rows flipped by the plan, starts not 16-aligned


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int32, numpy.bool_, numpy.int8,
                                   numpy.complex128])
@pytest.mark.parametrize("k", [1, 2, 3, 4, 8, 16, 32])
def test_short_rows_every_op_transposed(k, dtype):
    h = values((rows_for(k, 3000), k), dtype, seed=k + 11)
    c = cp.array(h)
    check_every_op(c.T, h.T, 0)
    check_every_op(c.T, h.T, 0, keepdims=True)


@pytest.mark.parametrize("shape", [(50, 3, 64), (50, 3, 4), (50, 2, 12), (7, 5, 100), (40, 8, 8), (3, 9, 64),
                                   (33, 1, 64), (20, 3, 6)])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int32, numpy.float16])
def test_short_middle_axis(shape, dtype):
    # A short reduced middle axis over a contiguous inner one (the column kernel, with several
    # outer outputs a block when a row is narrower than the block), and views of it.
    h = values(shape, dtype, seed=sum(shape))
    c = cp.array(h)
    check_every_op(c, h, 1)
    check_every_op(c, h, 1, keepdims=True)
    check_every_op(c, h, (0, 1))
    check_every_op(c[::2], h[::2], 1)  # outer outputs at a doubled step
    check_every_op(c[:, :, 1:], h[:, :, 1:], 1)  # inner rows not 16-byte aligned: reduce_kernel
    if dtype != numpy.float16:
        testing.assert_matches_numpy(c.mean(axis=1), h.mean(axis=1), **MEAN_TOL)
        out = cp.zeros((shape[0], shape[2]), dtype)
        assert cp.sum(c, axis=1, out=out) is out
        testing.assert_matches_numpy(out, h.sum(axis=1, dtype=dtype))


def test_short_middle_axis_float_sums():
    h = numpy.random.default_rng(9).standard_normal((300, 3, 64)).astype(numpy.float32)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(axis=1), h.sum(axis=1), rtol=1e-6, atol=1e-6)
    testing.assert_matches_numpy(c.var(axis=1), h.var(axis=1), rtol=1e-5, atol=1e-6)
    testing.assert_matches_numpy(c.max(axis=1), h.max(axis=1))
    testing.assert_matches_numpy(c.argmax(axis=1), h.argmax(axis=1))


# ---- GPU-sized row counts (a full grid of thread-per-row and lane-group blocks) ------------------

BIG_EXTENTS = [1, 2, 3, 4, 7, 8, 16, 32, 64, 100, 256, 257, 1000]


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int32, numpy.float16, numpy.int8])
@pytest.mark.parametrize("k", BIG_EXTENTS)
def test_gpu_many_short_rows(k, dtype):
    rows = min(1 << 20, (1 << 24) // k) + 3  # a partial last block
    h = values((rows, k), dtype, seed=k)
    c = cp.array(h)
    for name in ("sum", "max", "min", "argmax", "argmin", "any", "all"):
        testing.assert_matches_numpy(getattr(c, name)(axis=-1), getattr(h, name)(axis=-1), err_msg=name)
        testing.assert_matches_numpy(getattr(c, name)(axis=-1, keepdims=True),
                                     getattr(h, name)(axis=-1, keepdims=True), err_msg=name)
    if dtype != numpy.float16:
        testing.assert_matches_numpy(c.mean(axis=-1), h.mean(axis=-1), **MEAN_TOL)
        testing.assert_matches_numpy(c.var(axis=-1), h.var(axis=-1), **MEAN_TOL)
    # The same rows as short columns of a transposed copy: axis 0 of (k, rows).
    ht = numpy.ascontiguousarray(h.T)
    ct = cp.array(ht)
    testing.assert_matches_numpy(ct.sum(axis=0), ht.sum(axis=0))
    testing.assert_matches_numpy(ct.max(axis=0), ht.max(axis=0))
    testing.assert_matches_numpy(ct.argmax(axis=0), ht.argmax(axis=0))
    testing.assert_matches_numpy(ct.any(axis=0), ht.any(axis=0))
    if k <= 8:
        with numpy.errstate(over="ignore"):
            testing.assert_matches_numpy(ct.prod(axis=0), ht.prod(axis=0), rtol=PROD_RTOL)


@pytest.mark.gpu
@pytest.mark.parametrize("k", [4, 32, 1000])
def test_gpu_short_rows_float_sums_and_nans(k):
    rows = (1 << 22) // k
    h = numpy.random.default_rng(2).standard_normal((rows, k))
    h[numpy.random.default_rng(3).random((rows, k)) < 1e-3] = numpy.nan
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(axis=-1), h.sum(axis=-1), rtol=1e-12, atol=1e-12 * k)
    for name in ("max", "min", "argmax", "argmin"):
        testing.assert_matches_numpy(getattr(c, name)(axis=-1), getattr(h, name)(axis=-1), err_msg=name)
    testing.assert_matches_numpy(cp.nanmax(c, axis=-1), numpy.nanmax(h, axis=-1))
    f = h.astype(numpy.float32)
    testing.assert_matches_numpy(cp.array(f).sum(axis=-1), f.sum(axis=-1), rtol=1e-5, atol=1e-5 * numpy.sqrt(k))


@pytest.mark.gpu
def test_gpu_broadcast_product_summed_over_last_axis():
    z = numpy.random.default_rng(4).standard_normal((1 << 20, 4))
    a = numpy.eye(4) + 0.5
    got = (cp.array(z)[..., None, :] * cp.array(a)).sum(axis=-1)
    testing.assert_matches_numpy(got, (z[..., None, :] * a).sum(axis=-1), rtol=1e-14, atol=1e-14)


@pytest.mark.gpu
@pytest.mark.parametrize("k", [1, 2, 3, 4, 8])
def test_gpu_short_rows_kernel_shapes(k):
    # Every statement of the short-row probe at GPU size, rows, transposed rows and stepped rows;
    # an odd row count leaves the last block's second rows partly empty.
    rows = (1 << 21) // k + 5
    h = numpy.random.default_rng(k).standard_normal((rows, 2 * k))
    h[numpy.random.default_rng(k + 1).random(h.shape) < 1e-3] = numpy.nan
    h[3] = 0.0
    c = cp.array(h)
    for hv, cv, axis in [(h[:, :k], c[:, :k], -1), (numpy.ascontiguousarray(h[:, :k]), cp.array(h[:, :k]), -1),
                         (numpy.ascontiguousarray(h[:, :k]).T, cp.array(h[:, :k]).T, 0), (h[:, ::2], c[:, ::2], -1)]:
        check_stats(cv, hv, axis)
        for name in ("max", "min", "prod"):
            testing.assert_matches_numpy(getattr(cv, name)(axis=axis), getattr(hv, name)(axis=axis), err_msg=name,
                                         rtol=1e-12)
        with warnings.catch_warnings():  # "All-NaN slice encountered" for rows of NaN only
            warnings.simplefilter("ignore", RuntimeWarning)
            testing.assert_matches_numpy(cp.nanmax(cv, axis=axis), numpy.nanmax(hv, axis=axis))
        testing.assert_matches_numpy(cp.nansum(cv, axis=axis), numpy.nansum(hv, axis=axis), rtol=1e-12, atol=1e-12)
        testing.assert_matches_numpy(cp.sum(cv, axis=axis, initial=2.0), numpy.sum(hv, axis=axis, initial=2.0),
                                     rtol=1e-12, atol=1e-12)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.int8, numpy.bool_])
@pytest.mark.parametrize("mid,inner", [(3, 64), (1, 64), (2, 4), (3, 12), (5, 100), (7, 256), (300, 16)])
def test_gpu_short_middle_axis(mid, inner, dtype):
    outer = (1 << 22) // (mid * inner) + 3
    h = values((outer, mid, inner), dtype, seed=mid + inner)
    c = cp.array(h)
    for name in ("sum", "max", "min", "argmax", "any"):
        testing.assert_matches_numpy(getattr(c, name)(axis=1), getattr(h, name)(axis=1), err_msg=name)
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=1), numpy.count_nonzero(h, axis=1))
    if dtype != numpy.bool_:
        testing.assert_matches_numpy(c.mean(axis=1), h.mean(axis=1), **MEAN_TOL)
        testing.assert_matches_numpy(c.var(axis=1), h.var(axis=1), **MEAN_TOL)
    testing.assert_matches_numpy(c[1::2].sum(axis=1), h[1::2].sum(axis=1))
