"""The fast CUDA path of cumsum (CUB's DeviceScan, issue 6) against NumPy 2 on both backends:
exact and random floats, NaN/inf, integers (int32 widened before adding), rows and layouts, views
and out=, and the same results with CUPRIC_ACCELERATORS off (V11-CUB)."""
import numpy
import pytest

import cupric as cp
from cupric import _accelerator


# ---- cumsum through CUB's DeviceScan --------------------------------------------------------

def exact_floats(n, dtype, seed=0):
    """Small integers as floats: every partial sum is exact, so any summation order agrees."""
    return numpy.random.default_rng(seed).integers(-4, 5, n).astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [4096, 4097, 100003, (1 << 20) + 3])
def test_cumsum_cub_floats_exact_values(dtype, n):
    h = exact_floats(n, dtype, seed=n)
    got = cp.cumsum(cp.asarray(h)).get()
    assert got.dtype == numpy.dtype(dtype)
    numpy.testing.assert_array_equal(got, numpy.cumsum(h))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_cumsum_cub_floats_random(dtype):
    h = numpy.random.default_rng(1).random(300007).astype(dtype)
    got = cp.cumsum(cp.asarray(h)).get()
    ref = numpy.cumsum(h.astype(numpy.float64))
    numpy.testing.assert_allclose(got, ref.astype(dtype), rtol=1e-4 if dtype == "float32" else 1e-12)


def test_cumsum_cub_nan_inf():
    h = exact_floats(50000, "float32", seed=3)
    h[20000] = numpy.inf
    h[30000] = numpy.nan
    numpy.testing.assert_array_equal(cp.cumsum(cp.asarray(h)).get(), numpy.cumsum(h))
    numpy.testing.assert_array_equal(cp.nancumsum(cp.asarray(h)).get(), numpy.nancumsum(h))


@pytest.mark.parametrize("dtype", ["int64", "uint64", "int32"])
def test_cumsum_cub_ints(dtype):
    n = 200003
    rng = numpy.random.default_rng(5)
    info = numpy.iinfo(dtype)
    h = rng.integers(info.min // 2 if dtype != "uint64" else 0, info.max // 2, n, dtype=dtype, endpoint=True)
    exp = numpy.cumsum(h)  # int64/uint64 wrap around as NumPy's; int32 accumulates in int64
    got = cp.cumsum(cp.asarray(h)).get()
    assert got.dtype == exp.dtype
    numpy.testing.assert_array_equal(got, exp)


def test_cumsum_cub_int32_widens_before_adding():
    h = numpy.full(10000, numpy.iinfo(numpy.int32).max, numpy.int32)
    h[::7] = numpy.iinfo(numpy.int32).min
    got = cp.cumsum(cp.asarray(h)).get()
    assert got.dtype == numpy.int64
    numpy.testing.assert_array_equal(got, numpy.cumsum(h))


@pytest.mark.parametrize("shape,axis", [((3, 300001), 1), ((300001, 3), 0), ((2, 2, 270000), -1), ((300001,), None),
                                        ((17, 270000), 1), ((5, 9000), 1)])
def test_cumsum_cub_rows_and_layouts(shape, axis):
    # A few long rows (one CUB call each), strided rows copied to a row-contiguous layout first,
    # more rows than the CUB limit (the engine's own loops).
    h = exact_floats(int(numpy.prod(shape)), "float32", seed=11).reshape(shape)
    numpy.testing.assert_array_equal(cp.cumsum(cp.asarray(h), axis=axis).get(), numpy.cumsum(h, axis=axis))
    i = h.astype(numpy.int32)
    numpy.testing.assert_array_equal(cp.cumsum(cp.asarray(i), axis=axis).get(), numpy.cumsum(i, axis=axis))


def test_cumsum_cub_views_and_out():
    h = exact_floats(100001, "float64", seed=13)
    c = cp.asarray(h)
    for sl in (slice(1, None), slice(None, None, -1), slice(None, None, 3)):
        numpy.testing.assert_array_equal(cp.cumsum(c[sl]).get(), numpy.cumsum(h[sl]))
    out = cp.empty(h.shape, numpy.float64)
    r = cp.cumsum(c, out=out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), numpy.cumsum(h))
    out32 = cp.empty(h.shape, numpy.float32)  # cast on the way out
    cp.cumsum(c, out=out32)
    numpy.testing.assert_array_equal(out32.get(), numpy.cumsum(h).astype(numpy.float32))
    cp.cumsum(c, out=c)  # overlapping: through a temporary
    numpy.testing.assert_array_equal(c.get(), numpy.cumsum(h))
    numpy.testing.assert_array_equal(cp.cumsum(cp.asarray(h), dtype=numpy.int64).get(),
                                     numpy.cumsum(h, dtype=numpy.int64))


def test_V11_CUB_cumsum_same_with_accelerators_off():
    old = _accelerator.get_routine_accelerators()
    cases = [exact_floats(123457, "float32", 1), exact_floats(123457, "float64", 2),
             numpy.random.default_rng(3).integers(-1000, 1000, 123457).astype(numpy.int64),
             numpy.random.default_rng(4).integers(-1000, 1000, 123457).astype(numpy.int32),
             exact_floats(3 * 270000, "float32", 5).reshape(3, -1)]
    try:
        res = []
        for accel in (["cub"], []):
            _accelerator.set_routine_accelerators(accel)
            res.append([cp.cumsum(cp.asarray(h), axis=-1).get() for h in cases])
    finally:
        _accelerator.set_routine_accelerators(old)
    for on, off, h in zip(res[0], res[1], cases):
        numpy.testing.assert_array_equal(on, off)
        numpy.testing.assert_array_equal(on, numpy.cumsum(h, axis=-1))
