"""cupricx.scipy.fft and cupricx.scipy.fftpack against SciPy: the transforms with SciPy's
arguments, the DCT/DST family (types 1-4, all norms, orthogonalize), fht/ifht, next_fast_len,
get_fft_plan with plan=, and scipy.fft.set_backend(cupricx.scipy.fft)."""
import numpy
import pytest
import scipy.fft
import scipy.fftpack

import cupric as cp
import cupricx.scipy.fft as cfft
import cupricx.scipy.fftpack as cfftpack
from cupric import testing

TOL = dict(rtol=1e-10, atol=1e-10)


def _x(shape, dtype=numpy.float64, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
@pytest.mark.parametrize("orthogonalize", [None, True, False])
def test_dct_dst_1d(name, type, norm, orthogonalize):
    for n in [2, 3, 8, 9, 17]:
        x = _x((3, n))
        for kw in [dict(), dict(n=n + 3), dict(n=n - 1, axis=-1) if n > 2 else dict()]:
            want = getattr(scipy.fft, name)(x, type=type, norm=norm, orthogonalize=orthogonalize, **kw)
            got = getattr(cfft, name)(cp.asarray(x), type=type, norm=norm, orthogonalize=orthogonalize, **kw)
            testing.assert_matches_numpy(got, want, **TOL)


@pytest.mark.parametrize("name", ["dctn", "idctn", "dstn", "idstn"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
def test_dct_dst_nd_and_dtypes(name, type):
    x = _x((4, 5, 6))
    for kw in [dict(), dict(axes=(0, 2)), dict(s=(5, 7), axes=(2, 1)), dict(norm="ortho"), dict(s=(6, 3))]:
        testing.assert_matches_numpy(getattr(cfft, name)(cp.asarray(x), type=type, **kw),
                                     getattr(scipy.fft, name)(x, type=type, **kw), **TOL)
    for dtype in [numpy.float32, numpy.int16, numpy.complex64, numpy.complex128]:
        xd = _x((4, 6), numpy.complex128) * 4
        xd = (xd if numpy.dtype(dtype).kind == "c" else xd.real).astype(dtype)
        want = getattr(scipy.fft, name)(xd, type=type)
        got = getattr(cfft, name)(cp.asarray(xd), type=type)
        tol = dict(rtol=1e-4, atol=1e-4) if want.dtype in (numpy.float32, numpy.complex64) else TOL
        testing.assert_matches_numpy(got, want, **tol)


def test_dct_errors():
    x = _x((3, 4))
    c = cp.asarray(x)
    for call in [lambda m, a: m.dct(a, type=5), lambda m, a: m.dst(a, type=0), lambda m, a: m.dct(a, n=0),
                 lambda m, a: m.dct(a[:, :1], type=1)]:
        # SciPy 1.18's n=0 message is a pocketfft assertion text; the messages are SciPy 1.17's.
        testing.assert_raises_like_numpy(lambda: call(scipy.fft, x), lambda: call(cfft, c),
                                         match_message=scipy.__version__.startswith("1.17."))
    with pytest.raises(ValueError, match="Invalid norm value 'x'"):
        cfft.dct(c, norm="x")


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_transforms_1d(name):
    x = _x((4, 10), numpy.float64 if name in ("rfft", "ihfft") else numpy.complex128)
    for kw in [dict(), dict(n=7, axis=0), dict(norm="ortho"), dict(overwrite_x=True, workers=2)]:
        testing.assert_matches_numpy(getattr(cfft, name)(cp.asarray(x), **kw), getattr(scipy.fft, name)(x, **kw),
                                     **TOL)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2", "hfftn",
                                  "ihfftn", "hfft2", "ihfft2"])
def test_transforms_nd(name):
    x = _x((4, 6, 5), numpy.float64 if name.startswith(("rfft", "ihfft")) else numpy.complex128)
    cases = [dict(), dict(s=(3, 8)), dict(axes=(0, 2)), dict(s=(5, 4), axes=(2, 0), norm="forward")]
    for kw in cases:
        testing.assert_matches_numpy(getattr(cfft, name)(cp.asarray(x), **kw), getattr(scipy.fft, name)(x, **kw),
                                     **TOL)


def test_fht_ifht():
    a = numpy.arange(1.0, 17.0) ** 1.5
    for args in [(0.1, 0.5), (0.1, 0.5, 0.3, 0.2), (0.05, -0.5, 0.1, -0.3), (0.2, 1.5, -0.2, 0.7), (0.1, 0.0)]:
        testing.assert_matches_numpy(cfft.fht(cp.asarray(a), *args), scipy.fft.fht(a, *args), rtol=1e-9, atol=1e-9)
        testing.assert_matches_numpy(cfft.ifht(cp.asarray(a), *args), scipy.fft.ifht(a, *args), rtol=1e-9,
                                     atol=1e-9)
    b = _x((3, 16))
    testing.assert_matches_numpy(cfft.fht(cp.asarray(b), 0.1, 0.5), scipy.fft.fht(b, 0.1, 0.5), rtol=1e-9, atol=1e-9)


def test_next_fast_len():
    for t in [0, 1, 2, 7, 11, 13, 97, 1000, 1021, 4099]:
        got = cfft.next_fast_len(t)
        assert got >= t and _smooth(got)
        assert all(not _smooth(m) for m in range(t, got))  # the smallest such length
    with pytest.raises(ValueError, match="positive"):
        cfft.next_fast_len(-1)


def _smooth(m):
    if m == 0:
        return True
    for p in (2, 3, 5, 7):
        while m % p == 0:
            m //= p
    return m == 1


def test_set_backend_sends_scipy_fft_here():
    x = _x((4, 8), numpy.complex128)
    with scipy.fft.set_backend(cfft):
        r = scipy.fft.fft(cp.asarray(x))
        d = scipy.fft.idctn(cp.asarray(x.real), type=2)
        fl = scipy.fft.fht(cp.asarray(numpy.arange(1.0, 9.0)), 0.1, 0.5)
    assert isinstance(r, cp.ndarray) and isinstance(d, cp.ndarray) and isinstance(fl, cp.ndarray)
    testing.assert_matches_numpy(r, scipy.fft.fft(x), **TOL)
    testing.assert_matches_numpy(d, scipy.fft.idctn(x.real, type=2), **TOL)
    assert cfft.__ua_function__(scipy.fft.next_fast_len, (5,), {}) is NotImplemented


def test_get_fft_plan_and_plan_argument():
    x = _x((4, 8), numpy.complex128)
    c = cp.asarray(x)
    plan = cfft.get_fft_plan(c, axes=(1,))
    assert type(plan).__name__ == "Plan1d" and (plan.nx, plan.batch) == (8, 4)
    testing.assert_matches_numpy(cfft.fft(c, plan=plan), scipy.fft.fft(x), **TOL)
    with pytest.raises(ValueError, match="does not match the plan"):
        cfft.fft(c, n=6, plan=plan)
    plan2 = cfft.get_fft_plan(c)
    assert type(plan2).__name__ == "PlanNd" and plan2.shape == (4, 8)
    testing.assert_matches_numpy(cfft.fftn(c, plan=plan2), scipy.fft.fftn(x), **TOL)
    rplan = cfft.get_fft_plan(cp.asarray(x.real), axes=(1,), value_type="R2C")
    testing.assert_matches_numpy(cfft.rfft(cp.asarray(x.real), plan=rplan), scipy.fft.rfft(x.real), **TOL)
    with pytest.raises(TypeError, match="must be complex"):
        cfft.get_fft_plan(cp.asarray(x.real))
    testing.assert_matches_numpy(cfftpack.fft(c, plan=plan), scipy.fftpack.fft(x), **TOL)


@pytest.mark.parametrize("n", [None, 1, 5, 8, 11])
def test_fftpack(n):
    x = _x((3, 8))
    z = _x((3, 8), numpy.complex128)
    for name, arg in [("fft", z), ("ifft", z), ("rfft", x), ("irfft", x)]:
        testing.assert_matches_numpy(getattr(cfftpack, name)(cp.asarray(arg), n),
                                     getattr(scipy.fftpack, name)(arg, n), **TOL)
    for name in ["fft2", "ifft2", "fftn", "ifftn"]:
        testing.assert_matches_numpy(getattr(cfftpack, name)(cp.asarray(z)), getattr(scipy.fftpack, name)(z), **TOL)
        testing.assert_matches_numpy(getattr(cfftpack, name)(cp.asarray(z), shape=(4, 5)),
                                     getattr(scipy.fftpack, name)(z, shape=(4, 5)), **TOL)
    testing.assert_raises_like_numpy(lambda: scipy.fftpack.rfft(z), lambda: cfftpack.rfft(cp.asarray(z)))
    assert cfftpack.rfft(cp.ones(4, dtype=numpy.float32)).dtype == numpy.float32


# CuPy 14.2's public names of cupyx.scipy.fft and cupyx.scipy.fftpack.
CUPY_SCIPY_FFT = ["dct", "dctn", "dst", "dstn", "fft", "fft2", "fftfreq", "fftn", "fftshift", "fht", "get_fft_plan",
                  "hfft", "hfft2", "hfftn", "idct", "idctn", "idst", "idstn", "ifft", "ifft2", "ifftn", "ifftshift",
                  "ifht", "ihfft", "ihfft2", "ihfftn", "irfft", "irfft2", "irfftn", "next_fast_len", "rfft", "rfft2",
                  "rfftfreq", "rfftn"]
CUPY_FFTPACK = ["fft", "fft2", "fftn", "get_fft_plan", "ifft", "ifft2", "ifftn", "irfft", "rfft"]


def test_public_names_match_cupy():
    for name in CUPY_SCIPY_FFT:
        assert hasattr(cfft, name), name
    for name in CUPY_FFTPACK:
        assert hasattr(cfftpack, name), name
