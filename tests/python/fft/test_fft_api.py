"""cupric.fft's functions against NumPy 2: values, dtypes, shapes, n/s/axes/norm, out=, layouts
(transposed, sliced, broadcast, zero-size) and NumPy's errors."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing

ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
N_D = ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"]
REAL_IN = {"rfft", "ihfft", "rfftn", "rfft2"}
DTYPES = [numpy.bool_, numpy.int8, numpy.int64, numpy.uint16, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]


def _data(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape) * 3
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "b":
        return x > 0
    return x.astype(dtype)


def _tol(result_dtype):
    single = numpy.dtype(result_dtype) in (numpy.complex64, numpy.float32)
    return dict(rtol=2e-5, atol=2e-4) if single else dict(rtol=1e-11, atol=1e-11)


def _cupy_dtype(name, dtype, numpy_result):
    """CuPy v14's result dtype: NumPy 2's, except irfft/hfft of float16 give float32 (CuPy computes
    float16 in single precision and returns it)."""
    if numpy_result.dtype == numpy.float16:
        return numpy.dtype(numpy.float32)
    return numpy_result.dtype


def _check(name, x, **kw):
    want = getattr(numpy.fft, name)(x, **kw)
    got = getattr(cp.fft, name)(cp.asarray(x) if isinstance(x, numpy.ndarray) else x, **kw)
    assert got.dtype == _cupy_dtype(name, x.dtype, want), (name, got.dtype, want.dtype)
    assert got.shape == want.shape
    # NumPy rounds the norm factor of float16 input to float16 (its real_dtype); CuPy and cupric
    # keep it in float32, so float16 inputs compare at float16's precision.
    tol = dict(rtol=2e-3, atol=2e-3) if x.dtype == numpy.float16 else _tol(got.dtype)
    testing.assert_matches_numpy(got, want.astype(got.dtype), **tol)


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("dtype", DTYPES)
def test_1d_dtypes(name, dtype):
    if name in REAL_IN and numpy.dtype(dtype).kind == "c":
        return
    _check(name, _data((4, 9), dtype))


@pytest.mark.parametrize("name", ONE_D)
@pytest.mark.parametrize("n", [None, 1, 5, 8, 16, 17])
@pytest.mark.parametrize("axis", [0, 1, -1, -3])
@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_1d_n_axis_norm(name, n, axis, norm):
    dtype = numpy.float64 if name in REAL_IN else numpy.complex128
    _check(name, _data((6, 7, 10), dtype), n=n, axis=axis, norm=norm)


@pytest.mark.parametrize("name", N_D)
@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_nd_axes_and_s(name, norm):
    dtype = numpy.float32 if name in REAL_IN else numpy.complex64
    x = _data((4, 6, 5), dtype)
    two = name.endswith("2")
    cases = [dict(), dict(axes=(0, 2)), dict(axes=(2, 0)), dict(axes=(-1, -2)), dict(s=(3, 8), axes=(0, 1)),
             dict(s=(5, 4), axes=(2, 0)), dict(s=(-1, 6), axes=(1, 2))]
    if not two:
        cases += [dict(axes=(1,)), dict(axes=(0, 1, 2)), dict(axes=(1, 0, 2)), dict(s=(2, 3, 4), axes=(0, 1, 2))]
    for kw in cases:
        _check(name, x, norm=norm, **kw)


def test_nd_repeated_axes_and_empty_axes():
    x = _data((4, 6), numpy.complex128)
    _check("fftn", x, axes=(0, 0))
    _check("ifftn", x, axes=(1, 0, 1))
    got = cp.fft.fftn(cp.asarray(x), axes=())
    testing.assert_matches_numpy(got, numpy.fft.fftn(x, axes=()))


def test_nd_s_deprecations():
    x = _data((4, 6), numpy.complex128)
    for name in ["fftn", "rfftn", "irfftn", "ifftn"]:
        with pytest.warns(DeprecationWarning, match="`axes` should not be `None`"):
            got = getattr(cp.fft, name)(cp.asarray(x.real if name == "rfftn" else x), s=(3, 4))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            want = getattr(numpy.fft, name)(x.real if name == "rfftn" else x, s=(3, 4))
        testing.assert_matches_numpy(got, want, rtol=1e-12, atol=1e-12)
    with pytest.warns(DeprecationWarning, match="containing `None`"):
        got = cp.fft.fftn(cp.asarray(x), s=(None, 3), axes=(0, 1))
    testing.assert_matches_numpy(got, numpy.fft.fftn(x, s=(4, 3), axes=(0, 1)), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", ONE_D + N_D)
def test_layouts(name):
    dtype = numpy.float64 if name in REAL_IN else numpy.complex128
    base = _data((8, 10), dtype)
    views = [lambda a: a.T, lambda a: a[::2, 1::3], lambda a: a[:, ::-1], lambda a: a[None, 2]]
    for v in views:
        want = getattr(numpy.fft, name)(v(base))
        got = getattr(cp.fft, name)(v(cp.asarray(base)))
        testing.assert_matches_numpy(got, want, rtol=1e-11, atol=1e-11)
    b = numpy.broadcast_to(base[:1], (3, 10))
    testing.assert_matches_numpy(getattr(cp.fft, name)(cp.broadcast_to(cp.asarray(base[:1]), (3, 10))),
                                 getattr(numpy.fft, name)(b), rtol=1e-11, atol=1e-11)


@pytest.mark.parametrize("name", ONE_D + N_D)
def test_zero_size_batches(name):
    dtype = numpy.float64 if name in REAL_IN else numpy.complex128
    x = numpy.zeros((0, 6), dtype)
    axes = dict(axes=(1,)) if name in N_D and not name.endswith("2") else {}
    if name.endswith("2"):
        x = numpy.zeros((0, 3, 6), dtype)
    want = getattr(numpy.fft, name)(x, **axes)
    got = getattr(cp.fft, name)(cp.asarray(x), **axes)
    testing.assert_matches_numpy(got, want)


@pytest.mark.parametrize("name", ONE_D)
def test_out(name):
    dtype = numpy.float64 if name in REAL_IN else numpy.complex128
    x = _data((3, 8), dtype)
    want = getattr(numpy.fft, name)(x)
    out = cp.empty(want.shape, want.dtype)
    got = getattr(cp.fft, name)(cp.asarray(x), out=out)
    assert got is out
    testing.assert_matches_numpy(out, want, rtol=1e-12, atol=1e-12)
    if name == "hfft":
        # NumPy 2's hfft accepts out= and ignores it (it passes out=None on); cupric fills it,
        # so a wrong shape is the error the other transforms give (docs/fft.md).
        with pytest.raises(ValueError, match="output array has wrong shape"):
            cp.fft.hfft(cp.asarray(x), out=cp.empty((3, 1), want.dtype))
        return
    testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, out=numpy.empty((3, 1), want.dtype)),
                                     lambda: getattr(cp.fft, name)(cp.asarray(x), out=cp.empty((3, 1), want.dtype)))


def test_out_nd_and_casting():
    x = _data((3, 8), numpy.complex128)
    out = cp.empty((3, 8), numpy.complex64)
    cp.fft.fftn(cp.asarray(x), axes=(0, 1), out=out)
    testing.assert_matches_numpy(out, numpy.fft.fftn(x, axes=(0, 1)).astype(numpy.complex64), rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("name", ONE_D)
def test_errors_1d(name):
    dtype = numpy.float64 if name in REAL_IN else numpy.complex128
    x = _data((3, 4), dtype)
    c = cp.asarray(x)
    for kw in [dict(n=0), dict(n=-3), dict(norm="bad"), dict(axis=2), dict(axis=-3), dict(n=4, axis=5)]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, **kw),
                                         lambda: getattr(cp.fft, name)(c, **kw))
    testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(numpy.zeros((2, 0))),
                                     lambda: getattr(cp.fft, name)(cp.zeros((2, 0))))
    testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(numpy.float64(3.0)),
                                     lambda: getattr(cp.fft, name)(cp.asarray(3.0)))


def test_errors_nd_and_real_input():
    x = _data((3, 4), numpy.complex128)
    c = cp.asarray(x)
    for name in ["fftn", "ifftn", "irfftn"]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, s=(2, 3), axes=(0,)),
                                         lambda: getattr(cp.fft, name)(c, s=(2, 3), axes=(0,)))
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, norm="x"),
                                         lambda: getattr(cp.fft, name)(c, norm="x"))
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, s=(0, 3), axes=(0, 1)),
                                         lambda: getattr(cp.fft, name)(c, s=(0, 3), axes=(0, 1)))
    for name in ["rfft", "ihfft"]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x), lambda: getattr(cp.fft, name)(c))


def test_freq_and_shift():
    for n in [1, 2, 7, 8, 13]:
        for d in [1.0, 0.25, 3]:
            testing.assert_matches_numpy(cp.fft.fftfreq(n, d), numpy.fft.fftfreq(n, d), rtol=1e-15)
            testing.assert_matches_numpy(cp.fft.rfftfreq(n, d), numpy.fft.rfftfreq(n, d), rtol=1e-15)
    testing.assert_raises_like_numpy(lambda: numpy.fft.fftfreq(2.5), lambda: cp.fft.fftfreq(2.5))
    testing.assert_raises_like_numpy(lambda: numpy.fft.fftfreq(0), lambda: cp.fft.fftfreq(0))
    testing.assert_matches_numpy(cp.fft.fftfreq(numpy.int32(6)), numpy.fft.fftfreq(numpy.int32(6)))
    x = numpy.arange(30).reshape(5, 6)
    for axes in [None, 0, 1, (0, 1), (-1,), [1, 0]]:
        testing.assert_matches_numpy(cp.fft.fftshift(cp.asarray(x), axes), numpy.fft.fftshift(x, axes))
        testing.assert_matches_numpy(cp.fft.ifftshift(cp.asarray(x), axes), numpy.fft.ifftshift(x, axes))
    testing.assert_matches_numpy(cp.fft.fftshift(cp.asarray(x.T)), numpy.fft.fftshift(x.T))


def test_round_trips_keep_precision():
    x = _data((5, 12), numpy.float32)
    r = cp.fft.irfft(cp.fft.rfft(cp.asarray(x)), 12)
    assert r.dtype == numpy.float32
    numpy.testing.assert_allclose(r.get(), x, rtol=1e-5, atol=1e-5)
    z = _data((5, 12), numpy.complex128)
    numpy.testing.assert_allclose(cp.fft.ifftn(cp.fft.fftn(cp.asarray(z))).get(), z, rtol=1e-13, atol=1e-13)


def test_lists_and_numpy_inputs():
    testing.assert_matches_numpy(cp.fft.fft([1, 2, 3]), numpy.fft.fft([1, 2, 3]), rtol=1e-15, atol=1e-15)
    testing.assert_matches_numpy(cp.fft.rfft(numpy.arange(5.0)), numpy.fft.rfft(numpy.arange(5.0)), rtol=1e-15,
                                 atol=1e-14)


def test_public_names_match_cupy():
    names = ['config', 'fft', 'fft2', 'fftfreq', 'fftn', 'fftshift', 'hfft', 'ifft', 'ifft2', 'ifftn', 'ifftshift',
             'ihfft', 'irfft', 'irfft2', 'irfftn', 'rfft', 'rfft2', 'rfftfreq', 'rfftn']
    for n in names:
        assert hasattr(cp.fft, n), n


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.complex128])
def test_nd_trailing_axes_in_one_call(name, dtype):
    # Transforms over the last 2 or 3 axes in order run as one n-D backend call (Note [FFT module]).
    if name == "rfftn" and numpy.dtype(dtype).kind == "c":
        return
    x = _data((2, 6, 5, 8), dtype)
    c = cp.asarray(x)
    for kw in [dict(axes=(1, 2, 3)), dict(axes=(-2, -1)), dict(axes=(2, 3), s=(4, 9)), dict(axes=(2, 3), s=(7, 6)),
               dict(axes=(1, 2, 3), norm="ortho"), dict(axes=(2, 3), norm="forward")]:
        want = getattr(numpy.fft, name)(x, **kw)
        got = getattr(cp.fft, name)(c, **kw)
        testing.assert_matches_numpy(got, want.astype(got.dtype), **_tol(got.dtype))
    testing.assert_matches_numpy(c, x)  # inputs are left intact (cuFFT's C2R overwrites its input)
    testing.assert_matches_numpy(getattr(cp.fft, name)(cp.asarray(x[:0]), axes=(2, 3)),
                                 getattr(numpy.fft, name)(x[:0], axes=(2, 3)))
    for kw in [dict(axes=(2, 3), s=(0, 4), norm="bad"), dict(axes=(2, 3), s=(4, 0), norm="bad"),
               dict(axes=(2, 3), norm="bad")]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy.fft, name)(x, **kw),
                                         lambda: getattr(cp.fft, name)(c, **kw))


@pytest.mark.parametrize("func, axes", [("fft", 0), ("ifft", 1), ("rfft", 0), ("fftn", (0, 2)), ("fft2", (0, 1)),
                                        ("irfftn", (1, 0)), ("hfft", 1)])
def test_results_are_c_ordered_as_numpy(func, axes):
    """A transform over an axis that is not last returns a C-ordered array, as NumPy's does."""
    h = numpy.random.default_rng(5).standard_normal((4, 6, 5))
    if func in ("irfftn", "hfft"):
        h = h + 1j * h[::-1]
    kw = {"axis": axes} if isinstance(axes, int) else {"axes": axes}
    got, want = getattr(cp.fft, func)(cp.asarray(h), **kw), getattr(numpy.fft, func)(h, **kw)
    assert got.flags.c_contiguous and want.flags.c_contiguous
    assert got.strides == want.strides
    numpy.testing.assert_allclose(cp.asnumpy(got), want, rtol=1e-12, atol=1e-12)
