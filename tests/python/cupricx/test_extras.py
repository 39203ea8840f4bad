"""cupricx's top-level extras (CuPy's cupyx): rsqrt, errstate/geterr/seterr, the pinned
allocation helpers, get_runtime_info."""
import numpy
import pytest

import cupric
import cupricx
from cupric import testing

FLOAT_TYPES = [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


@pytest.mark.parametrize("dtype", FLOAT_TYPES)
def test_rsqrt_matches_one_over_sqrt(dtype):
    x = numpy.array([0.25, 1.0, 2.0, 4.0, 9.0, 100.0, 1e-3], dtype=dtype)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * numpy.array([0, 1, -2, 0.5, 3, -1, 0], dtype=numpy.float64)
        x = x.astype(dtype)
    got = cupricx.rsqrt(cupric.asarray(x))
    assert got.dtype == dtype
    want = (1 / numpy.sqrt(x)).astype(dtype)
    rtol = 2e-3 if dtype == numpy.float16 else 1e-6 if dtype in (numpy.float32, numpy.complex64) else 1e-13
    testing.assert_allclose(got.get(), want, rtol=rtol)


def test_rsqrt_is_a_ufunc_with_special_values():
    assert cupricx.rsqrt.nin == 1 and cupricx.rsqrt.nout == 1
    x = cupric.array([0.0, -0.0, -1.0, numpy.inf, numpy.nan])
    with numpy.errstate(all="ignore"):
        want = 1 / numpy.sqrt(numpy.array([0.0, -0.0, -1.0, numpy.inf, numpy.nan]))
    testing.assert_array_equal(cupricx.rsqrt(x).get(), want)
    assert cupricx.rsqrt(cupric.arange(1, 4)).dtype == numpy.float64  # integers: float64 loop
    out = cupric.empty(3)
    r = cupricx.rsqrt(cupric.array([1.0, 4.0, 16.0]), out=out)
    assert r is out
    testing.assert_allclose(out.get(), [1.0, 0.5, 0.25])


@pytest.mark.parametrize("layout", ["transposed", "sliced", "broadcast", "zero-size", "0-d"])
def test_rsqrt_layouts(layout):
    base = numpy.arange(1, 25, dtype=numpy.float64).reshape(4, 6)
    x = {"transposed": base.T, "sliced": base[::2, 1::3], "broadcast": numpy.broadcast_to(base[0], (3, 6)),
         "zero-size": base[:0], "0-d": numpy.float64(4.0)}[layout]
    got = cupricx.rsqrt(cupric.asarray(x))
    testing.assert_allclose(got.get(), 1 / numpy.sqrt(x), rtol=1e-13)
    assert got.shape == numpy.shape(x)


def test_rsqrt_is_not_in_cuprics_namespace():
    assert not hasattr(cupric, "rsqrt")


def test_errstate_modes_match_cupys():
    old = cupricx.geterr()
    assert set(old) == {"linalg"} and old["linalg"] in ("ignore", "raise")
    with cupricx.errstate(linalg="ignore"):
        assert cupricx.geterr() == {"linalg": "ignore"}
        with cupricx.errstate(linalg="raise"):
            assert cupricx.geterr() == {"linalg": "raise"}
        assert cupricx.geterr() == {"linalg": "ignore"}
    assert cupricx.geterr() == old
    prev = cupricx.seterr(linalg="ignore")
    try:
        assert prev == old
    finally:
        cupricx.seterr(**prev)
    with pytest.raises(ValueError, match="linalg must be one of"):
        cupricx.seterr(linalg="warn")
    assert cupricx.geterr() == old


def test_linalg_default_is_cupys_ignore_on_every_thread():
    # CuPy 14's default (cupyx.errstate(linalg='ignore')): NaNs, no LinAlgError, no host sync.
    import threading
    assert cupricx.geterr() == {"linalg": "ignore"}
    r = cupric.linalg.inv(cupric.zeros((2, 2))).get()
    assert not numpy.isfinite(r).all()
    seen = []
    t = threading.Thread(target=lambda: seen.append(cupricx.geterr()))
    t.start()
    t.join()
    assert seen == [{"linalg": "ignore"}]


def test_errstate_controls_singular_solve():
    a = cupric.zeros((2, 2))
    b = cupric.ones(2)
    with cupricx.errstate(linalg="raise"):
        with pytest.raises(numpy.linalg.LinAlgError):
            cupric.linalg.solve(a, b)
    with cupricx.errstate(linalg="ignore"):
        cupric.linalg.solve(a, b)  # no error, no host sync


@pytest.mark.parametrize("fn", ["empty_pinned", "zeros_pinned"])
def test_pinned_creation(fn):
    a = getattr(cupricx, fn)((3, 4), dtype=numpy.float32, order="F")
    assert isinstance(a, numpy.ndarray) and a.shape == (3, 4) and a.dtype == numpy.float32
    assert a.flags.f_contiguous
    from cupric.cuda import pinned_memory
    assert pinned_memory.is_memory_pinned(a) is cupric._core._runtime.backend_is_cuda()
    if fn == "zeros_pinned":
        assert not a.any()


@pytest.mark.parametrize("fn", ["empty_like_pinned", "zeros_like_pinned"])
def test_pinned_like(fn):
    proto = numpy.ones((4, 5), numpy.int16).T
    a = getattr(cupricx, fn)(proto)
    assert a.shape == (5, 4) and a.dtype == numpy.int16 and a.strides == numpy.empty_like(proto).strides
    if fn == "zeros_like_pinned":
        assert not a.any()
    b = getattr(cupricx, fn)(proto, dtype=numpy.float64, shape=(2, 3))
    assert b.shape == (2, 3) and b.dtype == numpy.float64


def test_get_runtime_info():
    info = cupricx.get_runtime_info()
    text = str(info)
    assert "cupric" in text and "Backend in use" in text
    assert ("Backend in use", cupric._core.backend_name()) in info.rows


def test_optimizing_is_absent_and_documented():
    with pytest.raises(ImportError):
        import cupricx.optimizing  # noqa: F401


def test_cupricx_holds_what_numpy_lacks_and_scipy_functions_V5_CUPRICX():
    # cupricx: CuPy's cupyx extras, none of them NumPy names; cupricx.scipy: SciPy's functions
    import scipy.fft
    import scipy.linalg
    import cupricx.scipy.fft
    import cupricx.scipy.linalg
    import cupricx.scipy.sparse
    for name in ("rsqrt", "scatter_add", "scatter_max", "scatter_min", "get_runtime_info",
                 "empty_pinned", "zeros_pinned"):
        assert callable(getattr(cupricx, name)) and not hasattr(numpy, name)
    x = numpy.array([[4.0, 1.0], [1.0, 3.0]])
    numpy.testing.assert_allclose(cupricx.scipy.fft.fft(cupric.asarray(x)).get(), scipy.fft.fft(x), rtol=1e-12)
    b = numpy.array([1.0, 2.0])
    numpy.testing.assert_allclose(cupricx.scipy.linalg.solve(cupric.asarray(x), cupric.asarray(b)).get(),
                                  scipy.linalg.solve(x, b), rtol=1e-12)
    assert cupricx.scipy.sparse.csr_matrix(cupric.asarray(x)).nnz == 4
