"""cupric.cuda.cufft's Plan1d/PlanNd and get_current_plan (`with plan: cupric.fft.fft(...)`):
CuPy's checks of the current plan against the transform, on either backend."""
import threading

import numpy
import pytest

import cupric as cp
from cupric.cuda import cufft


def test_plan1d_as_current_plan():
    x = numpy.arange(24.0).reshape(3, 8) + 1j
    plan = cufft.Plan1d(8, cufft.CUFFT_Z2Z, 3)
    assert cufft.get_current_plan() is None
    with plan:
        assert cufft.get_current_plan() is plan
        got = cp.fft.fft(cp.asarray(x))
        with pytest.raises(ValueError, match="does not match the plan"):
            cp.fft.fft(cp.asarray(x), n=4)
        with pytest.raises(ValueError, match="dtype mismatch"):
            cp.fft.fft(cp.asarray(x.astype(numpy.complex64)))
        with pytest.raises(ValueError, match="dtype mismatch"):
            cp.fft.rfft(cp.asarray(x.real))
    assert cufft.get_current_plan() is None
    numpy.testing.assert_allclose(got.get(), numpy.fft.fft(x), atol=1e-12)


def test_plan1d_real_and_inverse_and_fft_method():
    x = numpy.random.default_rng(0).standard_normal((4, 10))
    with cufft.Plan1d(10, cufft.CUFFT_D2Z, 4):
        r = cp.fft.rfft(cp.asarray(x))
    with cufft.Plan1d(10, cufft.CUFFT_Z2D, 4):
        back = cp.fft.irfft(r)
    numpy.testing.assert_allclose(back.get(), x, atol=1e-12)
    plan = cufft.Plan1d(10, cufft.CUFFT_Z2Z, 4)
    a = cp.asarray(x + 0j)
    out = plan.get_output_array(a)
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(out.get(), numpy.fft.fft(x), atol=1e-12)
    plan.fft(out, out, cufft.CUFFT_INVERSE)  # unscaled, as cuFFT
    numpy.testing.assert_allclose(out.get(), 10 * x, atol=1e-11)


def test_plannd_checks_shape_and_batch():
    x = numpy.ones((2, 4, 6), numpy.complex64)
    plan = cufft.PlanNd((4, 6), None, 1, 0, None, 1, 0, cufft.CUFFT_C2C, 2, "C", -1, None)
    with plan:
        got = cp.fft.fftn(cp.asarray(x), axes=(1, 2))
        with pytest.raises(ValueError, match="does not match the plan"):
            cp.fft.fftn(cp.asarray(x), axes=(0, 2))
        with pytest.raises(ValueError, match="only run a 1-D"):
            with cufft.Plan1d(6, cufft.CUFFT_C2C, 8):
                cp.fft.fft2(cp.asarray(x))
    numpy.testing.assert_allclose(got.get(), numpy.fft.fftn(x, axes=(1, 2)), atol=1e-4)


def test_current_plan_is_per_thread():
    seen = []
    with cufft.Plan1d(8, cufft.CUFFT_C2C, 1):
        t = threading.Thread(target=lambda: seen.append(cufft.get_current_plan()))
        t.start()
        t.join()
    assert seen == [None]
    with pytest.raises(ValueError, match="invalid cuFFT type"):
        cufft.Plan1d(8, 12345, 1)
