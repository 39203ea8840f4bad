"""numpy.pad against NumPy 2: every mode, the pad_width / constant_values / end_values /
stat_length / reflect_type forms, dtypes, layouts (C, F, transposed, negative steps, 0-d,
zero-size) and the error types and messages."""
import numpy
import pytest

import cupric as cp
from cupric import testing

DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int32, numpy.int64, numpy.uint64, numpy.float16,
          numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
REAL = [numpy.int8, numpy.uint8, numpy.int32, numpy.int64, numpy.float16, numpy.float32, numpy.float64]
# The modes that compute (mean, median, linear_ramp) round: float16 ramps cancel against end values
# of ~10, an ulp of which is ~1e-2. Bool and integer results stay exact.
ROUNDED = dict(rtol={numpy.float16: 1e-3, 'default': 1e-6}, atol={numpy.float16: 1e-2, 'default': 0})


def _host(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    v = rng.integers(-20, 20, size=shape)
    dt = numpy.dtype(dtype)
    if dt == numpy.bool_:
        return (v % 3 == 0)
    if dt.kind == "u":
        v = numpy.abs(v)
    if dt.kind == "c":
        return (v + 1j * rng.integers(-5, 5, size=shape)).astype(dt)
    if dt.kind == "f":
        return (v / 4).astype(dt)
    return v.astype(dt)


def _layout(h, layout):
    if layout == "F":
        h = numpy.asfortranarray(h)
        return h, cp.array(h)
    if layout == "T":
        return h.T, cp.array(h).T
    if layout == "neg":
        return h[::-1, ::-2], cp.array(h)[::-1, ::-2]
    return h, cp.array(h)


WIDTHS = [2, (1, 3), ((1, 2),), ((0, 3), (2, 0)), [[1, 1], [0, 4]], {0: 2}, {1: (3, 1)}, numpy.int64(1)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap"])
def test_pad_modes_dtypes(dtype, mode):
    h = _host((4, 5), dtype)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((2, 3), (1, 2)), mode),
                                 numpy.pad(h, ((2, 3), (1, 2)), mode))


@pytest.mark.parametrize("width", WIDTHS, ids=repr)
@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp", "maximum",
                                  "minimum", "mean", "median"])
def test_pad_width_forms(width, mode):
    h = _host((5, 6), numpy.float64)
    exact = mode not in ("mean", "median", "linear_ramp")
    testing.assert_matches_numpy(cp.pad(cp.array(h), width, mode), numpy.pad(h, width, mode),
                                 **({} if exact else ROUNDED))


@pytest.mark.parametrize("layout", ["C", "F", "T", "neg"])
@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap", "linear_ramp", "maximum",
                                  "minimum", "mean", "median"])
def test_pad_layouts(layout, mode):
    h, d = _layout(_host((6, 7), numpy.float32), layout)
    r, n = cp.pad(d, ((2, 1), (3, 2)), mode), numpy.pad(h, ((2, 1), (3, 2)), mode)
    testing.assert_matches_numpy(r, n, **({} if mode not in ("mean", "median", "linear_ramp") else ROUNDED))
    assert r.flags.c_contiguous == n.flags.c_contiguous
    assert r.flags.f_contiguous == n.flags.f_contiguous


@pytest.mark.parametrize("mode", ["reflect", "symmetric", "wrap"])
@pytest.mark.parametrize("n", [1, 2, 3, 5])
@pytest.mark.parametrize("width", [(0, 0), (1, 0), (0, 7), (4, 4), (11, 3), (20, 17)])
def test_pad_wide_periodic(mode, n, width):
    """Pads wider than the axis repeat the reflection / period, as NumPy's chunked loop does."""
    h = numpy.arange(1, n + 1, dtype=numpy.int64) * 3
    testing.assert_matches_numpy(cp.pad(cp.array(h), width, mode), numpy.pad(h, width, mode))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int64, numpy.uint8, numpy.float32, numpy.float64,
                                   numpy.complex128])
@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("width", [(2, 3), (7, 9), (13, 1)])
def test_pad_reflect_odd(dtype, mode, width):
    h = _host((4, 3), dtype)
    n = numpy.pad(h, (width, (1, 2)), mode, reflect_type="odd")
    testing.assert_matches_numpy(cp.pad(cp.array(h), (width, (1, 2)), mode, reflect_type="odd"), n)
    testing.assert_matches_numpy(cp.pad(cp.array(h), (width, (1, 2)), mode, reflect_type="even"),
                                 numpy.pad(h, (width, (1, 2)), mode, reflect_type="even"))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("values", [7, (1, 2), ((1, 2), (3, 4)), [[5], [6]], numpy.array([[1, 2]])], ids=repr)
def test_pad_constant_values(dtype, values):
    h = _host((3, 4), dtype)
    if numpy.dtype(dtype).kind == "u" or numpy.dtype(dtype) == numpy.bool_:
        values = numpy.abs(numpy.asarray(values))
    testing.assert_matches_numpy(cp.pad(cp.array(h), 2, constant_values=values),
                                 numpy.pad(h, 2, constant_values=values))


def test_pad_constant_value_casts():
    h = numpy.arange(6, dtype=numpy.int32).reshape(2, 3)
    testing.assert_matches_numpy(cp.pad(cp.array(h), 1, constant_values=2.7),
                                 numpy.pad(h, 1, constant_values=2.7))
    hf = h.astype(numpy.float32)
    testing.assert_matches_numpy(cp.pad(cp.array(hf), 1, constant_values=numpy.nan),
                                 numpy.pad(hf, 1, constant_values=numpy.nan))
    hc = h.astype(numpy.complex64)
    testing.assert_matches_numpy(cp.pad(cp.array(hc), 1, constant_values=1 + 2j),
                                 numpy.pad(hc, 1, constant_values=1 + 2j))
    # One or two values are NumPy scalars (cast unsafely); a full table holds Python ints, and an
    # out-of-range one raises OverflowError (V14-PROMO-2), as NumPy's _as_pairs hands them on.
    hu = h.astype(numpy.uint8)
    for cv in [-1, (300, -2)]:
        testing.assert_matches_numpy(cp.pad(cp.array(hu), 1, constant_values=cv),
                                     numpy.pad(hu, 1, constant_values=cv))
    testing.assert_raises_like_numpy(lambda: numpy.pad(hu, 1, constant_values=((1, 2), (3, -1))),
                                     lambda: cp.pad(cp.array(hu), 1, constant_values=((1, 2), (3, -1))), match_message=False, expected=OverflowError)


@pytest.mark.parametrize("dtype", REAL + [numpy.complex128])
@pytest.mark.parametrize("end_values", [0, 5, (-3, 9), ((1, 2), (10, -4)), 2.5], ids=repr)
def test_pad_linear_ramp(dtype, end_values):
    h = _host((4, 5), dtype)
    if numpy.dtype(dtype).kind == "u":
        end_values = numpy.abs(numpy.asarray(end_values))
    n = numpy.pad(h, ((3, 2), (4, 1)), "linear_ramp", end_values=end_values)
    r = cp.pad(cp.array(h), ((3, 2), (4, 1)), "linear_ramp", end_values=end_values)
    testing.assert_matches_numpy(r, n, **({} if numpy.dtype(dtype).kind in "iu" else ROUNDED))


def test_pad_linear_ramp_integer_floor():
    """Integer ramps are floored (NumPy's linspace with an integer dtype), including negatives."""
    h = numpy.array([-7, 4, 9, -2], dtype=numpy.int64)
    for ev in [(0, 0), (-11, 13), (5, -5)]:
        for w in [(3, 4), (6, 1), (0, 5)]:
            testing.assert_matches_numpy(cp.pad(cp.array(h), w, "linear_ramp", end_values=ev),
                                         numpy.pad(h, w, "linear_ramp", end_values=ev))


@pytest.mark.parametrize("dtype", REAL + [numpy.bool_])
@pytest.mark.parametrize("mode", ["maximum", "minimum", "mean", "median"])
@pytest.mark.parametrize("stat_length", [None, 1, 2, (1, 3), ((2, 1), (3, 2)), 100, 2.6], ids=repr)
def test_pad_stat_modes(dtype, mode, stat_length):
    h = _host((5, 6), dtype, seed=3)
    n = numpy.pad(h, ((2, 3), (1, 2)), mode, stat_length=stat_length)
    r = cp.pad(cp.array(h), ((2, 3), (1, 2)), mode, stat_length=stat_length)
    exact = numpy.dtype(dtype).kind in "iub" or mode in ("maximum", "minimum")
    testing.assert_matches_numpy(r, n, **({} if exact else ROUNDED))


def test_pad_stat_rounding_half_even():
    """mean/median of integer arrays round half to even, as NumPy's _round_if_needed."""
    h = numpy.array([[1, 2], [3, 4], [2, 3], [-3, -2], [-5, -6]], dtype=numpy.int32)
    for mode in ["mean", "median"]:
        for sl in [None, 2, 1]:
            testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (2, 2)), mode, stat_length=sl),
                                         numpy.pad(h, ((0, 0), (2, 2)), mode, stat_length=sl))


def test_pad_median_nan_and_even_lengths():
    h = numpy.array([[1.0, numpy.nan, 3.0, 4.0], [4.0, 1.0, 3.0, 2.0], [5.0, 5.0, 5.0, 1.0]])
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (1, 2)), "median"),
                                 numpy.pad(h, ((0, 0), (1, 2)), "median"))
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((2, 0), (0, 0)), "median"),
                                 numpy.pad(h, ((2, 0), (0, 0)), "median"))


def test_pad_median_large_axis():
    """A long axis (one sort of 2500 values per lane) gives NumPy's median."""
    h = numpy.random.default_rng(5).standard_normal((3, 2500)).astype(numpy.float32)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (2, 1)), "median"),
                                 numpy.pad(h, ((0, 0), (2, 1)), "median"))


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "wrap", "mean", "empty"])
def test_pad_3d_and_1d(mode):
    h = _host((3, 4, 2), numpy.float64)
    n = numpy.pad(h, ((1, 2), (0, 1), (2, 2)), mode)
    r = cp.pad(cp.array(h), ((1, 2), (0, 1), (2, 2)), mode)
    if mode == "empty":
        assert r.shape == n.shape and r.dtype == n.dtype
        numpy.testing.assert_array_equal(r.get()[1:4, 0:4, 2:4], h)
    else:
        testing.assert_matches_numpy(r, n, **({} if mode != "mean" else ROUNDED))
    h1 = numpy.arange(5.0)
    if mode != "empty":
        testing.assert_matches_numpy(cp.pad(cp.array(h1), (3, 2), mode), numpy.pad(h1, (3, 2), mode))


def test_pad_zero_d_and_zero_size():
    h0 = numpy.array(3.5)
    for mode in ["constant", "edge", "wrap"]:
        testing.assert_matches_numpy(cp.pad(cp.array(h0), 2, mode), numpy.pad(h0, 2, mode))
    hz = numpy.zeros((0, 3))
    testing.assert_matches_numpy(cp.pad(cp.array(hz), 1), numpy.pad(hz, 1))
    testing.assert_matches_numpy(cp.pad(cp.array(hz), ((0, 0), (1, 1)), "edge"),
                                 numpy.pad(hz, ((0, 0), (1, 1)), "edge"))
    for mode in ["edge", "reflect", "wrap", "maximum", "linear_ramp"]:
        testing.assert_raises_like_numpy(lambda: numpy.pad(hz, 1, mode),
                                         lambda: cp.pad(cp.array(hz), 1, mode), expected=ValueError)


def test_pad_callable_mode():
    def pad_with(vector, pad_width, iaxis, kwargs):
        value = kwargs.get("padder", 10)
        vector[:pad_width[0]] = value
        if pad_width[1]:
            vector[-pad_width[1]:] = value + iaxis

    h = numpy.arange(6).reshape(2, 3)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((1, 2), (2, 1)), pad_with),
                                 numpy.pad(h, ((1, 2), (2, 1)), pad_with))
    testing.assert_matches_numpy(cp.pad(cp.array(h), 2, pad_with, padder=-4),
                                 numpy.pad(h, 2, pad_with, padder=-4))


def test_pad_list_input_and_errors():
    testing.assert_matches_numpy(cp.pad([1, 2, 3], 2, "reflect"), numpy.pad([1, 2, 3], 2, "reflect"))
    h = numpy.arange(6.0).reshape(2, 3)
    d = cp.array(h)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, 1, "nope"), lambda: cp.pad(d, 1, "nope"),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, -1), lambda: cp.pad(d, -1), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, ((1, -2), (0, 0))),
                                     lambda: cp.pad(d, ((1, -2), (0, 0))), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, 1.5), lambda: cp.pad(d, 1.5), expected=TypeError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, ((1, 2, 3),)), lambda: cp.pad(d, ((1, 2, 3),)),
                                     match_message=False, expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, 1, "edge", constant_values=3),
                                     lambda: cp.pad(d, 1, "edge", constant_values=3), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, 1, "maximum", stat_length=0),
                                     lambda: cp.pad(d, 1, "maximum", stat_length=0), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.pad(h, 1, "mean", stat_length=-1),
                                     lambda: cp.pad(d, 1, "mean", stat_length=-1), expected=ValueError)


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8,
                                   numpy.uint16, numpy.uint32, numpy.uint64, numpy.float16, numpy.float32,
                                   numpy.float64])
@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
def test_pad_median_extremes(dtype):
    """The median holds at the ends of each dtype's range (negative floats, infinities, integer
    minima and maxima, whose float64 mean NumPy rounds)."""
    dt = numpy.dtype(dtype)
    rng = numpy.random.default_rng(11)
    if dt == numpy.bool_:
        h = rng.integers(0, 2, size=(6, 7)).astype(bool)
    elif dt.kind == "f":
        vals = numpy.array([-numpy.inf, numpy.inf, -3.5, -0.25, 0.0, 1.5, 1e4, -1e4], dtype=dt)
        h = rng.choice(vals, size=(6, 7))
    else:
        info = numpy.iinfo(dt)
        vals = numpy.array([info.min, info.max, 0, 1, info.max // 3, info.min // 2 if info.min else 7], dtype=dt)
        h = rng.choice(vals, size=(6, 7))
    for width in [((0, 0), (2, 3)), ((3, 1), (0, 0))]:
        for sl in [None, 2, 3]:
            testing.assert_matches_numpy(cp.pad(cp.array(h), width, "median", stat_length=sl),
                                         numpy.pad(h, width, "median", stat_length=sl))


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
def test_pad_median_complex(dtype):
    h = (numpy.arange(20).reshape(4, 5) % 7 + 1j * (numpy.arange(20).reshape(4, 5) % 3)).astype(dtype)
    for sl in [None, 2, 3]:
        testing.assert_matches_numpy(cp.pad(cp.array(h), 2, "median", stat_length=sl),
                                     numpy.pad(h, 2, "median", stat_length=sl), **ROUNDED)


MEDIAN_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
                 numpy.uint32, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
                 numpy.complex128]


@pytest.mark.parametrize("dtype", MEDIAN_DTYPES)
@pytest.mark.parametrize("stat_length", [1, 2, 3, 4, 5, (2, 3), ((3, 4), (1, 2)), None], ids=repr)
@pytest.mark.parametrize("layout", ["C", "T", "neg"])
def test_pad_median_every_dtype(dtype, stat_length, layout):
    """mode='median' is numpy.median of the stat_length slice next to each edge (odd and even
    lengths: the mean of the middle two), rounded half to even for integer arrays, in the array's
    dtype (bool and complex included)."""
    h, d = _layout(_host((7, 8), dtype, seed=9), layout)
    n = numpy.pad(h, ((3, 2), (2, 4)), "median", stat_length=stat_length)
    testing.assert_matches_numpy(cp.pad(d, ((3, 2), (2, 4)), "median", stat_length=stat_length), n)


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint8, numpy.int32, numpy.int64, numpy.uint64])
def test_pad_median_integer_rounding(dtype):
    """Even stat lengths give .5 medians, which NumPy rounds half to even (0.5 -> 0, 1.5 -> 2,
    -2.5 -> -2) before the cast back."""
    signed = numpy.dtype(dtype).kind == "i"
    rows = [[0, 1, 7, 9], [1, 2, 3, 6], [2, 3, 8, 9], [4, 7, 1, 2]]
    if signed:
        rows += [[-3, -2, 5, 4], [-1, 0, -6, -5]]
    h = numpy.array(rows, dtype=dtype)
    for sl in [2, 4, None]:
        testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (3, 3)), "median", stat_length=sl),
                                     numpy.pad(h, ((0, 0), (3, 3)), "median", stat_length=sl))
        testing.assert_matches_numpy(cp.pad(cp.array(h.T), ((3, 3), (0, 0)), "median", stat_length=sl),
                                     numpy.pad(h.T, ((3, 3), (0, 0)), "median", stat_length=sl))


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("stat_length", [1, 2, 3, None], ids=repr)
def test_pad_median_nan(dtype, stat_length):
    """A NaN inside the stat_length slice makes that median NaN (complex: NaN in either part);
    slices without one are unaffected."""
    h = _host((6, 7), dtype, seed=4)
    h[1, 0] = numpy.nan
    h[2, 5] = numpy.nan
    h[4, 3] = numpy.nan
    if numpy.dtype(dtype).kind == "c":
        h[3, 6] = complex(1.0, numpy.nan)
        h[5, 1] = complex(numpy.nan, -2.0)
    with numpy.errstate(invalid="ignore"):
        n = numpy.pad(h, ((2, 2), (3, 2)), "median", stat_length=stat_length)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((2, 2), (3, 2)), "median", stat_length=stat_length), n)


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_pad_median_stat_length_zero(dtype):
    """stat_length=0 takes the median of an empty slice: NaN, as numpy.median (with its warning)."""
    h = _host((3, 4), dtype)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (1, 2)), "median", stat_length=0),
                                 numpy.pad(h, ((0, 0), (1, 2)), "median", stat_length=0))
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((0, 0), (1, 2)), "median", stat_length=((0, 0), (0, 2))),
                                 numpy.pad(h, ((0, 0), (1, 2)), "median", stat_length=((0, 0), (0, 2))))


def test_pad_median_3d_every_axis():
    h = _host((4, 5, 6), numpy.int32, seed=2)
    for sl in [None, 2, 3]:
        testing.assert_matches_numpy(cp.pad(cp.array(h), ((1, 2), (3, 1), (2, 2)), "median", stat_length=sl),
                                     numpy.pad(h, ((1, 2), (3, 1), (2, 2)), "median", stat_length=sl))


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "wrap", "maximum", "mean", "median", "linear_ramp"])
def test_pad_bfloat16(mode):
    """V14-BF16: pad works on bfloat16 arrays in every mode."""
    ml_dtypes = pytest.importorskip("ml_dtypes")
    h = (numpy.arange(12).reshape(3, 4) / 3).astype(ml_dtypes.bfloat16)
    testing.assert_matches_numpy(cp.pad(cp.array(h), ((2, 1), (1, 3)), mode),
                                 numpy.pad(h, ((2, 1), (1, 3)), mode))
