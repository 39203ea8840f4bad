"""cupricx.scipy.fft's ``workers=`` (host threads over batched rows and n-D lines, Note [Host FFT
workers] in src/fft/host/host_fft.cpp) against scipy.fft: the same values with any worker count,
SciPy's errors for bad counts, and the count restored after each call."""
import numpy
import pytest
import scipy.fft

import cupric as cp
import cupricx.scipy.fft as cfft
from cupric import _core


def _close(got, want, dtype):
    tol = 2e-5 if numpy.dtype(dtype) in (numpy.complex64, numpy.float32) else 1e-11
    numpy.testing.assert_allclose(cp.asnumpy(got), want, rtol=tol, atol=tol * numpy.abs(want).max())


@pytest.mark.parametrize("workers", [None, 1, 2, 3, -1, 8])
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
def test_workers_batched_1d_and_nd(workers, dtype):
    rng = numpy.random.default_rng(0)
    x = (rng.standard_normal((37, 1024)) + 1j * rng.standard_normal((37, 1024))).astype(dtype)
    d = cp.asarray(x)
    for f, sf in ((cfft.fft, scipy.fft.fft), (cfft.ifft, scipy.fft.ifft)):
        _close(f(d, workers=workers), sf(x, workers=workers), dtype)
    _close(cfft.fft(d, axis=0, workers=workers), scipy.fft.fft(x, axis=0), dtype)
    _close(cfft.fft2(d, workers=workers), scipy.fft.fft2(x), dtype)
    _close(cfft.ifftn(d, workers=workers, norm="ortho"), scipy.fft.ifftn(x, norm="ortho"), dtype)
    r = x.real.copy()
    _close(cfft.rfft(cp.asarray(r), workers=workers), scipy.fft.rfft(r), dtype)
    _close(cfft.irfft(d, workers=workers), scipy.fft.irfft(x), dtype)
    _close(cfft.rfft2(cp.asarray(r), workers=workers), scipy.fft.rfft2(r), dtype)
    _close(cfft.irfftn(d, workers=workers), scipy.fft.irfftn(x), dtype)
    _close(cfft.dct(cp.asarray(r), workers=workers), scipy.fft.dct(r), dtype)
    assert _core.fft.workers() == 1  # restored


def test_workers_errors_match_scipy():
    x = numpy.ones(8)
    for bad in (0, -10 ** 6):
        with pytest.raises(ValueError) as want:
            scipy.fft.fft(x, workers=bad)
        with pytest.raises(ValueError) as got:
            cfft.fft(cp.asarray(x), workers=bad)
        if bad == 0:
            assert str(got.value) == str(want.value)
        else:
            assert "workers value out of range" in str(got.value)
    with pytest.raises(TypeError):
        cfft.fft(cp.asarray(x), workers=2.5)
    assert _core.fft.workers() == 1


def test_set_workers_returns_previous_and_is_per_thread():
    import threading
    prev = _core.fft.set_workers(2)
    try:
        assert prev == 1 and _core.fft.workers() == 2
        seen = []
        t = threading.Thread(target=lambda: seen.append(_core.fft.workers()))
        t.start()
        t.join()
        assert seen == [1]
    finally:
        _core.fft.set_workers(prev)
