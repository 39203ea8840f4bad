"""The fast CUDA paths of sort and argsort (issues 5 and 6) against NumPy 2, on both backends
(the host runs the same calls through its own loops): float keys with NaN runs and signed zeros,
unsigned keys, stable argsort, segmented sorts, and the same results with CUPRIC_ACCELERATORS off
(V11-CUB)."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from cupric import _accelerator


def float_values(n, dtype, seed=0, nan_frac=0.05, neg_nan=True, payloads=True):
    """Random values with infs, signed zeros, positive and sign-set NaNs of several payloads."""
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    h = rng.standard_normal(n).astype(dt)
    h[rng.random(n) < 0.1] = 0.0
    h[rng.random(n) < 0.1] = -0.0
    h[rng.random(n) < 0.02] = numpy.inf
    h[rng.random(n) < 0.02] = -numpy.inf
    dup = rng.integers(0, 7, n) == 0
    h[dup] = numpy.round(h[dup])  # duplicates
    nan = rng.random(n) < nan_frac
    h[nan] = numpy.nan
    bits = h.view(numpy.uint32 if dt.itemsize == 4 else numpy.uint64)
    sign = bits.dtype.type(1) << bits.dtype.type(8 * dt.itemsize - 1)
    idx = numpy.flatnonzero(nan)
    if neg_nan:
        bits[idx[::3]] |= sign  # -nan
    if payloads:
        bits[idx[1::3]] |= bits.dtype.type(5)  # another payload
    return h


def nonnan_bits(a):
    """Bit patterns of the non-NaN values (signed zeros told apart), sorted."""
    v = a[~numpy.isnan(a)]
    return numpy.sort(v.view(numpy.uint32 if a.itemsize == 4 else numpy.uint64))


def check_float_sort(got, h):
    exp = numpy.sort(h)
    assert got.dtype == exp.dtype and got.shape == exp.shape
    numpy.testing.assert_array_equal(got, exp)  # NaNs compare equal, all last
    numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(exp))
    numpy.testing.assert_array_equal(nonnan_bits(got), nonnan_bits(h))  # values (and -0.0s) kept


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [1, 2, 3, 1000, 100003])
def test_sort_float_fast_path_nans_zeros(dtype, n):
    h = float_values(n, dtype, seed=n)
    check_float_sort(cp.sort(cp.asarray(h)).get(), h)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sort_float_nan_runs(dtype):
    nan = numpy.dtype(dtype).type(numpy.nan)
    neg = numpy.copysign(nan, -1)
    cases = [
        numpy.array([neg], dtype), numpy.array([neg, 1.0, neg], dtype), numpy.array([neg] * 7, dtype),
        numpy.array([nan, neg, nan, neg], dtype), numpy.array([neg, -numpy.inf, numpy.inf, nan, -0.0, 0.0], dtype),
        numpy.full(4097, neg, dtype), numpy.where(numpy.arange(5001) % 2 == 0, neg, numpy.arange(5001)).astype(dtype),
        numpy.where(numpy.arange(4096) < 4095, neg, nan).astype(dtype),
    ]
    for h in cases:
        check_float_sort(cp.sort(cp.asarray(h)).get(), h)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sort_float_views_and_methods(dtype):
    h = float_values(20001, dtype, seed=7)
    c = cp.asarray(h)
    check_float_sort(cp.sort(c[1:]).get(), h[1:])  # offset start
    check_float_sort(cp.sort(c[::-3]).get(), h[::-3])  # copied to lanes first
    check_float_sort(cp.sort(c, axis=None).get(), h)
    c2 = c.copy()
    c2.sort()
    check_float_sort(c2.get(), h)
    h2 = h.reshape(3, -1)[:, :6000]
    got = cp.sort(cp.asarray(h2), axis=1).get()  # segmented: the key path
    numpy.testing.assert_array_equal(got, numpy.sort(h2, axis=1))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sort_float_stable_keeps_zero_order(dtype):
    h = float_values(30011, dtype, seed=5)
    exp = numpy.sort(h, kind="stable")
    for got in (cp.sort(cp.asarray(h), kind="stable").get(), cp.sort(cp.asarray(h), stable=True).get()):
        numpy.testing.assert_array_equal(got, exp)
        numpy.testing.assert_array_equal(numpy.signbit(got[~numpy.isnan(got)]), numpy.signbit(exp[~numpy.isnan(exp)]))


def test_V11_CUB_sort_same_with_accelerators_off():
    old = _accelerator.get_routine_accelerators()
    h32, h64 = float_values(50001, "float32", seed=2), float_values(50001, "float64", seed=3)
    try:
        res = []
        for accel in (["cub"], []):
            _accelerator.set_routine_accelerators(accel)
            res.append((cp.sort(cp.asarray(h32)).get(), cp.sort(cp.asarray(h64)).get()))
    finally:
        _accelerator.set_routine_accelerators(old)
    for on, off, h in zip(res[0], res[1], (h32, h64)):
        check_float_sort(on, h)
        check_float_sort(off, h)
        numpy.testing.assert_array_equal(on, off)


def int_values(n, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt == numpy.bool_:
        return rng.integers(0, 2, n).astype(bool)
    info = numpy.iinfo(dt)
    h = rng.integers(-50, 50, n) if dt.kind == "i" else rng.integers(0, 100, n)
    h = h.astype(dt)
    h[rng.random(n) < 0.01] = info.min
    h[rng.random(n) < 0.01] = info.max
    return h


@pytest.mark.parametrize("dtype", ["uint8", "uint16", "uint32", "uint64", "int32", "int64"])
def test_sort_unsigned_values_are_keys(dtype):
    # Unsigned value sorts go straight from the input to the result (no key transforms).
    h = int_values(100003, dtype, seed=6)
    c = cp.asarray(h)
    numpy.testing.assert_array_equal(cp.sort(c).get(), numpy.sort(h))
    numpy.testing.assert_array_equal(cp.sort(c[::-1]).get(), numpy.sort(h[::-1]))
    numpy.testing.assert_array_equal(cp.sort(c[3:]).get(), numpy.sort(h[3:]))
    h2 = h[:100000].reshape(100, 1000)
    numpy.testing.assert_array_equal(cp.sort(cp.asarray(h2), axis=0).get(), numpy.sort(h2, axis=0))
    assert cp.sort(c).get().dtype == h.dtype


def check_argsort(c, h, **kw):
    """cupric's argsort (any kind) gives NumPy's stable order, as int64."""
    exp = numpy.argsort(h, kind="stable", **kw)
    assert exp.dtype == numpy.int64
    testing.assert_matches_numpy(cp.argsort(c, **kw), exp)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [1, 5, 4096, 100003])
def test_argsort_fast_path_floats_stable(dtype, n):
    # NaNs of any sign and payload compare equal (input order kept, all last); -0.0 == +0.0.
    h = float_values(n, dtype, seed=n + 1, nan_frac=0.1)
    check_argsort(cp.asarray(h), h)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "int64", "uint64", "int16", "uint8", "bool"])
def test_argsort_fast_path_ints_stable(dtype):
    h = int_values(70001, dtype, seed=4)
    check_argsort(cp.asarray(h), h)
    check_argsort(cp.asarray(h[::-2]), h[::-2])


@pytest.mark.parametrize("dtype", ["float32", "int32", "float64", "int64"])
@pytest.mark.parametrize("shape", [(3, 40000), (1000, 50), (50, 1000), (2, 1)])
@pytest.mark.parametrize("axis", [-1, 0])
def test_argsort_segments(dtype, shape, axis):
    # 4-byte keys with the segment number packed above them (5 or 6 radix passes: the result in
    # either buffer of the pair); 8-byte keys take the LSD path.
    h = (float_values(shape[0] * shape[1], dtype, seed=9) if dtype.startswith("float")
         else int_values(shape[0] * shape[1], dtype, seed=9)).reshape(shape)
    check_argsort(cp.asarray(h), h, axis=axis)


def test_argsort_lexsort_and_searches_unchanged():
    h = int_values(20001, "int32", seed=1)
    k = float_values(20001, "float32", seed=2, neg_nan=False)
    numpy.testing.assert_array_equal(cp.lexsort((cp.asarray(h), cp.asarray(k))).get(), numpy.lexsort((h, k)))
    s = numpy.sort(h)
    numpy.testing.assert_array_equal(cp.searchsorted(cp.asarray(s), cp.asarray(h)).get(), numpy.searchsorted(s, h))


def test_argsort_empty_and_0d():
    for dt in ("float32", "int64"):
        h = numpy.zeros(0, dt)
        check_argsort(cp.asarray(h), h)
        check_argsort(cp.asarray(h.reshape(0, 3)), h.reshape(0, 3), axis=1)
        assert cp.sort(cp.asarray(h)).shape == (0,)
    h = numpy.array(3.5, "float32")
    numpy.testing.assert_array_equal(cp.argsort(cp.asarray(h)).get(), numpy.argsort(h))


@pytest.mark.gpu
def test_cumsum_and_sort_bench_sizes():
    # The bench's sizes (cumsum 2^28 float32 is 1 GiB in and out; 2^24 here keeps it light).
    h = numpy.random.default_rng(0).random(1 << 24).astype(numpy.float32)
    c = cp.asarray(h)
    got = cp.cumsum(c).get()
    numpy.testing.assert_allclose(got, numpy.cumsum(h, dtype=numpy.float64).astype(numpy.float32), rtol=1e-3)
    h = float_values(1 << 22, "float32", seed=1)
    c = cp.asarray(h)
    check_float_sort(cp.sort(c).get(), h)
    check_argsort(c, h)
