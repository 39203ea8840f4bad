"""bartlett, blackman, hamming, hanning, kaiser against NumPy."""
import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy


@pytest.mark.parametrize('name', ['bartlett', 'blackman', 'hamming', 'hanning'])
@pytest.mark.parametrize('M', [-3, 0, 1, 2, 5, 6, 51, 1000, 65539])
def test_cosine_and_triangular_windows(name, M):
    assert_matches_numpy(getattr(cupric, name)(M), getattr(numpy, name)(M), rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize('M', [-1, 0, 1, 2, 7, 40])
@pytest.mark.parametrize('beta', [0.0, 5.0, 14.0])
def test_kaiser(M, beta):
    assert_matches_numpy(cupric.kaiser(M, beta), numpy.kaiser(M, beta), rtol=1e-12, atol=1e-15)


def test_window_length_must_be_an_integer():
    # CuPy's windows take an integer M (NumPy also computes windows of non-integer lengths).
    with pytest.raises(TypeError):
        cupric.hanning(2.5)
