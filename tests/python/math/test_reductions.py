"""Reductions against NumPy 2: sum/prod/min/max/argmin/argmax/any/all/count_nonzero/ptp and their
nan-variants over dtypes, axes (None, int, negative, tuples), keepdims, out=, where=, initial=,
empty inputs, NaNs and layouts (C, F, transposed, negative steps, strided, broadcast).
mean/var/std are in statistics/test_mean_var.py."""
import warnings

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric as cp
from cupric import testing
from reduction_cases import ALL_DTYPES, AXES, INEXACT, LAYOUTS, TOL, values, with_nans

# ---- sum / prod ---------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("name", ["sum", "prod"])
def test_sum_prod(dtype, axis, keepdims, name):
    h = values((2, 3, 4), dtype)
    c = cp.array(h)
    expect = getattr(numpy, name)(h, axis=axis, keepdims=keepdims)
    testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis, keepdims=keepdims), expect, **TOL)
    testing.assert_matches_numpy(getattr(c, name)(axis=axis, keepdims=keepdims), expect, **TOL)


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32,
                                   numpy.uint32, numpy.float16])
def test_sum_accumulation_dtypes_numpy2(dtype):
    # bool/int8/int16/int32 -> int64, unsigned -> uint64, float16 -> float16 (float32 inside).
    h = values((50,), dtype)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(), h.sum(), **TOL)
    testing.assert_matches_numpy(c.prod(), h.prod(), **TOL)


def test_sum_wraps_like_numpy():
    h = numpy.full(300, 100, numpy.int8)
    testing.assert_matches_numpy(cp.array(h).sum(dtype=numpy.int8), h.sum(dtype=numpy.int8), **TOL)
    testing.assert_matches_numpy(cp.array(h).sum(), h.sum(), **TOL)
    h = numpy.array([2**62, 2**62, 2**62], numpy.int64)
    testing.assert_matches_numpy(cp.array(h).sum(), h.sum(), **TOL)
    h = numpy.full(40, 3, numpy.uint16)
    testing.assert_matches_numpy(cp.array(h).prod(dtype=numpy.uint16), h.prod(dtype=numpy.uint16), **TOL)


@pytest.mark.parametrize("src", [numpy.int8, numpy.float32, numpy.bool_, numpy.complex64])
@pytest.mark.parametrize("dst", [numpy.int8, numpy.int32, numpy.uint64, numpy.float16, numpy.float32,
                                 numpy.float64, numpy.complex128, numpy.bool_])
def test_sum_dtype_argument(src, dst):
    h = values((3, 5), src)
    c = cp.array(h)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", numpy.exceptions.ComplexWarning)
        for name in ["sum", "prod"]:
            testing.assert_matches_numpy(getattr(c, name)(axis=1, dtype=dst),
                                         getattr(h, name)(axis=1, dtype=dst), **TOL)
            testing.assert_matches_numpy(getattr(cp, name)(c, dtype=dst), getattr(numpy, name)(h, dtype=dst),
                                         **TOL)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.float16])
def test_sum_pairwise_accuracy(dtype):
    # NumPy's pairwise summation keeps 1e6 float32 values within a few ulps; a naive loop would not.
    rng = numpy.random.default_rng(1)
    n = 10**6 if dtype != numpy.float16 else 10**4
    h = rng.random(n).astype(dtype)
    ref = h.astype(numpy.float64).sum()
    got = float(cp.array(h).sum().get())
    assert abs(got - ref) <= (1e-5 if dtype == numpy.float32 else 1e-12 if dtype == numpy.float64 else 3e-3) * ref


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [None, 0, 1, 2, (0, 1), (1, 2), (0, 2)])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex128])
def test_sum_layouts(layout, axis, dtype):
    n, c = LAYOUTS[layout]((3, 4, 5), dtype, values)
    testing.assert_matches_numpy(c.sum(axis=axis), n.sum(axis=axis), **TOL)
    testing.assert_matches_numpy(c.max(axis=axis), n.max(axis=axis), **TOL)


@pytest.mark.parametrize("shape,axis", [((1000, 37), 0), ((37, 1000), 1), ((300, 300), None), ((5000,), 0),
                                        ((64, 64, 64), (0, 2)), ((7, 1, 513), 2), ((513, 1, 7), 0)])
def test_sum_larger_shapes(shape, axis):
    h = values(shape, numpy.float64, seed=3)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(axis=axis), h.sum(axis=axis), **TOL)
    testing.assert_matches_numpy(c.T.sum(axis=axis), h.T.sum(axis=axis), **TOL)
    testing.assert_matches_numpy(cp.argmax(c.reshape(-1)), numpy.argmax(h.reshape(-1)), **TOL)


def test_many_dimensions():
    # 20 alternating kept/reduced dims: more than CUDA kernels take before coalescing.
    shape = (2,) * 20
    h = values(shape, numpy.int64)
    c = cp.array(h)
    axes = tuple(range(0, 20, 2))
    testing.assert_matches_numpy(c.sum(axis=axes), h.sum(axis=axes), **TOL)
    testing.assert_matches_numpy(c.transpose(tuple(range(19, -1, -1))).sum(axis=axes), h.T.sum(axis=axes),
                                 **TOL)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=0, max_size=5), st.data())
def test_reduction_property(shape, data):
    """Random shapes, steps, permutations, axes, keepdims and masks against NumPy."""
    shape = tuple(shape)
    steps = [data.draw(st.sampled_from([1, 2, -1, -2])) for _ in shape]
    perm = data.draw(st.permutations(range(len(shape))))
    h = values(tuple(2 * s for s in shape), numpy.int64, seed=len(shape))
    key = tuple(slice(None, None, s) for s in steps) + (Ellipsis,)
    n, c = h[key].transpose(perm), cp.array(h)[key].transpose(perm)
    axes = data.draw(st.one_of(st.none(), st.sets(st.integers(0, max(len(shape) - 1, 0)), max_size=len(shape))))
    axis = None if axes is None or not shape else tuple(sorted(axes))
    keepdims = data.draw(st.booleans())
    mask = numpy.asarray(data.draw(st.booleans())) if data.draw(st.booleans()) else values(n.shape, numpy.bool_)
    testing.assert_matches_numpy(c.sum(axis=axis, keepdims=keepdims, where=cp.array(mask)),
                                 n.sum(axis=axis, keepdims=keepdims, where=mask), **TOL)
    testing.assert_matches_numpy(c.min(axis=axis, keepdims=keepdims, initial=9),
                                 n.min(axis=axis, keepdims=keepdims, initial=9), **TOL)
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=axis), numpy.count_nonzero(n, axis=axis), **TOL)
    if n.size and (axis is None or all(n.shape[a] for a in axis)):
        testing.assert_matches_numpy(c.max(axis=axis, keepdims=keepdims), n.max(axis=axis, keepdims=keepdims),
                                     **TOL)
        testing.assert_matches_numpy(c.mean(axis=axis), n.mean(axis=axis), **TOL)
        one = None if axis is None or not axis else axis[0]
        testing.assert_matches_numpy(c.argmax(axis=one), n.argmax(axis=one))


# ---- out= / where= / initial= -------------------------------------------------------------------

@pytest.mark.parametrize("out_dtype", [numpy.float64, numpy.float32, numpy.int64, numpy.int8])
@pytest.mark.parametrize("keepdims", [False, True])
def test_out(out_dtype, keepdims):
    h = values((4, 5), numpy.int16)
    c = cp.array(h)
    shape = (1, 5) if keepdims else (5,)
    o_n, o_c = numpy.zeros(shape, out_dtype), cp.zeros(shape, out_dtype)
    r = cp.sum(c, axis=0, out=o_c, keepdims=keepdims)
    assert r is o_c
    numpy.sum(h, axis=0, out=o_n, keepdims=keepdims)
    testing.assert_matches_numpy(o_c, o_n, **TOL)
    r = c.max(axis=0, out=o_c, keepdims=keepdims)
    assert r is o_c
    testing.assert_matches_numpy(o_c, h.max(axis=0, keepdims=keepdims).astype(out_dtype), **TOL)


def test_out_strided_and_overlapping():
    h = values((4, 6), numpy.float64)
    c = cp.array(h)
    o_c = cp.zeros((6, 2))[:, 1]
    c.sum(axis=0, out=o_c)
    testing.assert_matches_numpy(o_c, h.sum(axis=0), **TOL)
    # out overlapping the input: NumPy buffers; so do we.
    c.sum(axis=0, out=c[0])
    h.sum(axis=0, out=h[0])
    testing.assert_matches_numpy(c, h, **TOL)


def test_out_errors():
    h, c = numpy.ones((2, 3)), cp.ones((2, 3))
    testing.assert_raises_like_numpy(lambda: numpy.sum(h, out=numpy.zeros(2)[None]),
                                     lambda: cp.sum(c, out=cp.zeros((1, 2))))
    with pytest.raises(ValueError):
        cp.sum(c, axis=1, out=cp.zeros(3))
    with pytest.raises(TypeError):
        cp.sum(c, out=numpy.zeros(()))


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex64, numpy.bool_])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_where(dtype, axis):
    h = values((4, 5), dtype)
    mask = values((4, 5), numpy.bool_, seed=7)
    c, m = cp.array(h), cp.array(mask)
    testing.assert_matches_numpy(c.sum(axis=axis, where=m), h.sum(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(c.prod(axis=axis, where=m), h.prod(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(c.any(axis=axis, where=m), h.any(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(c.all(axis=axis, where=m), h.all(axis=axis, where=mask), **TOL)
    testing.assert_matches_numpy(c.max(axis=axis, where=m, initial=-9),
                                 h.max(axis=axis, where=mask, initial=-9), **TOL)
    testing.assert_matches_numpy(c.min(axis=axis, where=m, initial=9),
                                 h.min(axis=axis, where=mask, initial=9), **TOL)
    # broadcast masks, a Python bool, a list
    row = mask[0]
    testing.assert_matches_numpy(c.sum(axis=axis, where=cp.array(row)), h.sum(axis=axis, where=row), **TOL)
    testing.assert_matches_numpy(c.sum(axis=axis, where=False), h.sum(axis=axis, where=False), **TOL)
    testing.assert_matches_numpy(c.sum(axis=axis, where=True), h.sum(axis=axis, where=True), **TOL)
    testing.assert_matches_numpy(cp.sum(c, axis=axis, where=row.tolist()),
                                 numpy.sum(h, axis=axis, where=row.tolist()), **TOL)


def test_where_errors():
    h, c = numpy.ones((2, 3)), cp.ones((2, 3))
    testing.assert_raises_like_numpy(lambda: numpy.sum(h, where=numpy.array([1, 0, 1])),
                                     lambda: cp.sum(c, where=cp.array([1, 0, 1])))
    testing.assert_raises_like_numpy(lambda: numpy.max(h, where=numpy.ones(3, bool)),
                                     lambda: cp.max(c, where=cp.ones(3, bool)))
    with pytest.raises(ValueError):
        cp.sum(c, where=cp.ones(4, bool))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint16, numpy.float32, numpy.complex128])
def test_initial(dtype):
    h = values((3, 4), dtype)
    c = cp.array(h)
    testing.assert_matches_numpy(c.sum(initial=5), h.sum(initial=5), **TOL)
    testing.assert_matches_numpy(c.sum(axis=1, initial=5), h.sum(axis=1, initial=5), **TOL)
    testing.assert_matches_numpy(c.prod(axis=0, initial=2), h.prod(axis=0, initial=2), **TOL)
    if numpy.dtype(dtype).kind != "c":
        testing.assert_matches_numpy(c.max(axis=0, initial=3), h.max(axis=0, initial=3), **TOL)
        init = 0 if numpy.dtype(dtype).kind == "u" else -2
        testing.assert_matches_numpy(c.min(initial=init), h.min(initial=init), **TOL)
        testing.assert_matches_numpy(cp.nanmax(c, axis=1, initial=1), numpy.nanmax(h, axis=1, initial=1),
                                     **TOL)
    # The initial value is typed with the result dtype: sum of int8 starts in int64.
    if dtype == numpy.uint16:
        testing.assert_raises_like_numpy(lambda: h.min(initial=-2), lambda: c.min(initial=-2))
    if dtype == numpy.int8:
        testing.assert_matches_numpy(c.sum(initial=300), h.sum(initial=300), **TOL)
        testing.assert_raises_like_numpy(lambda: h.max(initial=300), lambda: c.max(initial=300))


# ---- min / max / nanmin / nanmax / ptp ----------------------------------------------------------

@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_min_max(dtype, axis, keepdims):
    h = values((2, 3, 4), dtype, seed=5)
    c = cp.array(h)
    for name in ["max", "min", "amax", "amin"]:
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis, keepdims=keepdims),
                                     getattr(numpy, name)(h, axis=axis, keepdims=keepdims), **TOL)
    testing.assert_matches_numpy(c.max(axis=axis, keepdims=keepdims), h.max(axis=axis, keepdims=keepdims),
                                 **TOL)
    testing.assert_matches_numpy(c.min(axis=axis, keepdims=keepdims), h.min(axis=axis, keepdims=keepdims),
                                 **TOL)
    if dtype != numpy.bool_:
        testing.assert_matches_numpy(c.ptp(axis=axis, keepdims=keepdims),
                                     numpy.ptp(h, axis=axis, keepdims=keepdims), **TOL)
        testing.assert_matches_numpy(cp.ptp(c, axis=axis), numpy.ptp(h, axis=axis), **TOL)


def test_ndarray_min_max_take_no_dtype_V8_MINMAX():
    c = cp.ones((2, 3))
    with pytest.raises(TypeError):
        c.max(dtype=numpy.float32)
    with pytest.raises(TypeError):
        c.min(dtype=numpy.float32)


@pytest.mark.parametrize("dtype", INEXACT)
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_nan_extremes(dtype, axis):
    h = with_nans((6, 5), dtype)
    h[2] = numpy.nan  # an all-NaN row
    c = cp.array(h)
    testing.assert_matches_numpy(c.max(axis=axis), h.max(axis=axis), **TOL)
    testing.assert_matches_numpy(c.min(axis=axis), h.min(axis=axis), **TOL)
    testing.assert_matches_numpy(cp.ptp(c, axis=axis), numpy.ptp(h, axis=axis), **TOL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        testing.assert_matches_numpy(cp.nanmax(c, axis=axis), numpy.nanmax(h, axis=axis), **TOL)
        testing.assert_matches_numpy(cp.nanmin(c, axis=axis), numpy.nanmin(h, axis=axis), **TOL)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint32, numpy.bool_])
def test_nan_extremes_of_integers(dtype):
    h = values((4, 5), dtype)
    c = cp.array(h)
    testing.assert_matches_numpy(cp.nanmax(c, axis=0), numpy.nanmax(h, axis=0), **TOL)
    testing.assert_matches_numpy(cp.nanmin(c), numpy.nanmin(h), **TOL)


def test_infinities_and_signed_zeros():
    h = numpy.array([-numpy.inf, 1.0, numpy.inf, -0.0], numpy.float32)
    c = cp.array(h)
    testing.assert_matches_numpy(c.max(), h.max(), **TOL)
    testing.assert_matches_numpy(c.min(), h.min(), **TOL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy warns for inf - inf; cupric does not
        testing.assert_matches_numpy(c.sum(), h.sum(), **TOL)


# ---- argmin / argmax ----------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -3])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_argmin_argmax(dtype, axis, layout):
    n, c = LAYOUTS[layout]((3, 4, 5), dtype, values)
    for name in ["argmax", "argmin"]:
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis), getattr(numpy, name)(n, axis=axis))
        testing.assert_matches_numpy(getattr(c, name)(axis=axis, keepdims=True),
                                     getattr(n, name)(axis=axis, keepdims=True))


@pytest.mark.parametrize("dtype", INEXACT)
def test_arg_first_nan_wins(dtype):
    h = with_nans((7, 9), dtype, frac=0.15)
    c = cp.array(h)
    for axis in [None, 0, 1]:
        testing.assert_matches_numpy(c.argmax(axis=axis), h.argmax(axis=axis))
        testing.assert_matches_numpy(c.argmin(axis=axis), h.argmin(axis=axis))


def test_arg_ties_first_wins_large():
    h = numpy.zeros(100000, numpy.float32)
    h[[5000, 77777, 99999]] = 3
    h[[123, 60000]] = -1
    c = cp.array(h)
    testing.assert_matches_numpy(c.argmax(), h.argmax())
    testing.assert_matches_numpy(c.argmin(), h.argmin())
    testing.assert_matches_numpy(c[::-1].argmax(), h[::-1].argmax())


def test_arg_out_and_errors():
    h = values((3, 4), numpy.float64)
    c = cp.array(h)
    o = cp.zeros(4, numpy.int64)
    assert cp.argmax(c, axis=0, out=o) is o
    testing.assert_matches_numpy(o, h.argmax(axis=0))
    testing.assert_raises_like_numpy(lambda: numpy.argmax(numpy.ones((0, 3)), axis=0),
                                     lambda: cp.argmax(cp.ones((0, 3)), axis=0))
    testing.assert_raises_like_numpy(lambda: numpy.argmin(numpy.ones(0)), lambda: cp.argmin(cp.ones(0)))
    testing.assert_matches_numpy(cp.argmax(cp.ones((0, 3)), axis=1), numpy.argmax(numpy.ones((0, 3)), axis=1),
                                 **TOL)
    testing.assert_raises_like_numpy(lambda: numpy.argmax(h, axis=(0, 1)), lambda: cp.argmax(c, axis=(0, 1)))
    testing.assert_raises_like_numpy(lambda: numpy.argmax(h, axis=2), lambda: cp.argmax(c, axis=2))


# ---- any / all / count_nonzero ------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", AXES)
def test_any_all(dtype, axis):
    h = values((2, 3, 4), dtype, seed=11)
    c = cp.array(h)
    for name in ["any", "all"]:
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis), getattr(numpy, name)(h, axis=axis),
                                     **TOL)
        testing.assert_matches_numpy(getattr(c, name)(axis=axis, keepdims=True),
                                     getattr(h, name)(axis=axis, keepdims=True), **TOL)
    testing.assert_matches_numpy(cp.any(cp.array([numpy.nan])), numpy.any(numpy.array([numpy.nan])), **TOL)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", AXES)
def test_count_nonzero(dtype, axis):
    h = values((2, 3, 4), dtype, seed=2)
    c = cp.array(h)
    r = cp.count_nonzero(c, axis=axis)
    testing.assert_matches_numpy(r, numpy.count_nonzero(h, axis=axis), **TOL)
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=axis, keepdims=True),
                                 numpy.count_nonzero(h, axis=axis, keepdims=True), **TOL)


def test_count_nonzero_returns_0d_array_V2_COUNT_NONZERO():
    r = cp.count_nonzero(cp.array([1, 0, 2]))
    assert isinstance(r, cp.ndarray) and r.shape == () and r.dtype == numpy.int64
    assert int(r) == 2


# ---- full reductions are 0-d arrays; empty inputs -----------------------------------------------

def test_results_are_0d_arrays():
    c = cp.arange(10) if hasattr(cp, "arange") else cp.array(numpy.arange(10))
    for r in [c.sum(), c.prod(), c.max(), c.min(), c.argmax(), c.any(), c.all(), c.mean(), c.var(), c.std(),
              c.ptp(), cp.nansum(c), cp.nanmax(c)]:
        assert isinstance(r, cp.ndarray) and r.shape == ()


@pytest.mark.parametrize("shape,axis", [((0,), None), ((0, 3), 0), ((0, 3), 1), ((3, 0), None), ((2, 0, 3), (0, 1)),
                                        ((2, 0, 3), 2)])
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float32, numpy.complex64, numpy.bool_])
def test_empty(shape, axis, dtype):
    h = numpy.zeros(shape, dtype)
    c = cp.zeros(shape, dtype)
    for name in ["sum", "prod", "any", "all", "nansum", "nanprod"]:
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis), getattr(numpy, name)(h, axis=axis),
                                     **TOL)
    testing.assert_matches_numpy(cp.count_nonzero(c, axis=axis), numpy.count_nonzero(h, axis=axis), **TOL)
    for name in ["max", "min"]:
        try:
            expect = getattr(numpy, name)(h, axis=axis)
        except ValueError:
            testing.assert_raises_like_numpy(lambda: getattr(numpy, name)(h, axis=axis),
                                             lambda: getattr(cp, name)(c, axis=axis))
        else:
            testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis), expect, **TOL)
        testing.assert_matches_numpy(getattr(cp, name)(c, axis=axis, initial=1),
                                     getattr(numpy, name)(h, axis=axis, initial=1), **TOL)


def test_empty_errors_name_the_ufunc():
    testing.assert_raises_like_numpy(lambda: numpy.max(numpy.array([], numpy.float32)),
                                     lambda: cp.max(cp.array([], numpy.float32)))
    testing.assert_raises_like_numpy(lambda: numpy.nanmin(numpy.array([])), lambda: cp.nanmin(cp.array([])))
    testing.assert_raises_like_numpy(lambda: numpy.nanmax(numpy.array([], int)),
                                     lambda: cp.nanmax(cp.array([], int)))
    testing.assert_raises_like_numpy(lambda: numpy.ptp(numpy.array([])), lambda: cp.ptp(cp.array([])))


# ---- argument errors ----------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [3, -4, (0, 3), (0, 0), (1, -2), 1.0, [0]])
def test_axis_errors(axis):
    h = numpy.ones((2, 3, 4))
    c = cp.array(h)
    for name in ["sum", "max", "any", "mean", "count_nonzero"]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy, name)(h, axis=axis), lambda: getattr(cp, name)(c, axis=axis),
                                         match_message=not isinstance(axis, list) and not (name == "mean" and isinstance(axis, float)))


def test_bool_ptp_and_dtype_errors():
    testing.assert_raises_like_numpy(lambda: numpy.ptp(numpy.ones(3, bool)), lambda: cp.ptp(cp.ones(3, bool)))
    testing.assert_raises_like_numpy(lambda: numpy.sum(numpy.ones(3), dtype="V8"),
                                     lambda: cp.sum(cp.ones(3), dtype="V8"))


# ---- cupric.testing style (CuPy's test idiom) ----------------------------------------------------

class TestSumCuPyStyle:
    @testing.for_all_dtypes()
    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, "default": 1e-6})
    def test_sum_axis(self, xp, dtype):
        a = testing.shaped_arange((2, 3, 4), xp, dtype)
        return a.sum(axis=1)

    @testing.for_all_dtypes(no_complex=True)
    @testing.numpy_cupy_array_equal()
    def test_argmax_transposed(self, xp, dtype):
        a = testing.shaped_random((5, 6), xp, dtype, seed=4)
        return a.T.argmax(axis=0)


# ---- isclose / allclose -------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.int32,
                                   numpy.bool_])
@pytest.mark.parametrize("equal_nan", [False, True])
def test_isclose(dtype, equal_nan):
    rng = numpy.random.default_rng(4)
    x = values((6, 7), dtype)
    y = x.copy()
    if numpy.dtype(dtype).kind in "fc":
        y = (x * (1 + rng.choice([0, 1e-9, 1e-6, 1e-4, 1e-2], x.shape))).astype(dtype)
        x.flat[::5] = numpy.nan
        y.flat[::10] = numpy.nan
        x.flat[3] = y.flat[3] = numpy.inf
        x.flat[4], y.flat[4] = numpy.inf, -numpy.inf
    cx, cy = cp.array(x), cp.array(y)
    for kw in [{}, dict(rtol=1e-3), dict(atol=0.5), dict(rtol=0, atol=0)]:
        testing.assert_matches_numpy(cp.isclose(cx, cy, equal_nan=equal_nan, **kw),
                                     numpy.isclose(x, y, equal_nan=equal_nan, **kw), **TOL)
        r = cp.allclose(cx, cy, equal_nan=equal_nan, **kw)
        assert isinstance(r, cp.ndarray) and r.shape == () and r.dtype == numpy.bool_
        assert bool(r) == numpy.allclose(x, y, equal_nan=equal_nan, **kw)
    # broadcasting and scalars
    testing.assert_matches_numpy(cp.isclose(cx, cy[0]), numpy.isclose(x, y[0]), **TOL)
    testing.assert_matches_numpy(cp.isclose(cx, 1), numpy.isclose(x, 1), **TOL)


def test_allclose_is_a_0d_device_array_V8_ALLCLOSE():
    a = cp.array(numpy.linspace(0, 1, 100))
    r = cp.allclose(a, a)
    assert isinstance(r, cp.ndarray) and r.ndim == 0
    assert bool(r) is True
    assert bool(cp.allclose(a, cp.zeros(100))) is False
