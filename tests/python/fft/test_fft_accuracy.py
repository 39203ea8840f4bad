"""cupric.fft's own host FFT against numpy.fft (pocketfft): every length 1..4096 and large primes,
complex and real transforms, double and single precision (Note [Host FFT] in
src/fft/host/host_fft_plan.hpp)."""
import numpy
import pytest

import cupric as cp


# Every length 1..4096 tests cupric's own FFT; on the CUDA backend (cuFFT, one plan per length) the
# lengths up to 256 and a spread of larger ones keep the GPU suite short.
_ON_HOST = cp.arange(1)._backend == "host"
LENGTHS = range(1, 4097) if _ON_HOST else [*range(1, 257), 509, 997, 1000, 1024, 2039, 2310, 3125, 4093, 4096]


def _rel_err(got, want):
    scale = max(numpy.abs(want).max(initial=0.0), 1e-300)
    return numpy.abs(got - want).max(initial=0.0) / scale


def test_c2c_every_length_up_to_4096_complex128():
    rng = numpy.random.default_rng(0)
    worst = 0.0
    for n in LENGTHS:
        x = rng.standard_normal(n) + 1j * rng.standard_normal(n)
        c = cp.asarray(x)
        err = max(_rel_err(cp.fft.fft(c).get(), numpy.fft.fft(x)), _rel_err(cp.fft.ifft(c).get(), numpy.fft.ifft(x)))
        assert err < 1e-13, (n, err)
        worst = max(worst, err)
    assert worst < 1e-13


def test_real_every_length_up_to_4096_float64():
    rng = numpy.random.default_rng(1)
    for n in LENGTHS:
        x = rng.standard_normal(n)
        f = numpy.fft.rfft(x)
        assert _rel_err(cp.fft.rfft(cp.asarray(x)).get(), f) < 1e-13, n
        assert _rel_err(cp.fft.irfft(cp.asarray(f), n).get(), x) < 1e-13, n


def test_every_length_up_to_4096_single_precision():
    rng = numpy.random.default_rng(2)
    for n in LENGTHS:
        x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(numpy.complex64)
        got = cp.fft.fft(cp.asarray(x))
        assert got.dtype == numpy.complex64
        assert _rel_err(got.get(), numpy.fft.fft(x.astype(numpy.complex128))) < 5e-6, n
        xr = x.real.copy()
        got = cp.fft.rfft(cp.asarray(xr))
        assert got.dtype == numpy.complex64
        assert _rel_err(got.get(), numpy.fft.rfft(xr.astype(numpy.float64))) < 5e-6, n


@pytest.mark.parametrize("n", [4099, 8191, 65537, 131071, 999983, 2 * 104729, 3 * 5 * 7 * 11 * 13 * 17, 61 * 59 * 4])
def test_large_primes_and_composites(n):
    rng = numpy.random.default_rng(n)
    x = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    assert _rel_err(cp.fft.fft(cp.asarray(x)).get(), numpy.fft.fft(x)) < 1e-12
    assert _rel_err(cp.fft.irfft(cp.asarray(x[: n // 2 + 1]), n).get(), numpy.fft.irfft(x[: n // 2 + 1], n)) < 1e-12


def test_power_of_two_2_20():
    rng = numpy.random.default_rng(3)
    x = rng.standard_normal(1 << 20) + 1j * rng.standard_normal(1 << 20)
    assert _rel_err(cp.fft.fft(cp.asarray(x)).get(), numpy.fft.fft(x)) < 1e-13
