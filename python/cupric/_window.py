"""Window functions (numpy.bartlett, blackman, hamming, hanning, kaiser); C++: src/ops/window.cpp."""
import operator

from cupric import _core


def _length(M):
    return operator.index(M)


def bartlett(M):
    """The Bartlett (triangular) window of M points (float64; empty for M < 1)."""
    return _core._bartlett(_length(M))


def blackman(M):
    """The Blackman window of M points."""
    return _core._blackman(_length(M))


def hamming(M):
    """The Hamming window of M points."""
    return _core._hamming(_length(M))


def hanning(M):
    """The Hann window of M points."""
    return _core._hanning(_length(M))


def kaiser(M, beta):
    """The Kaiser window of M points with shape parameter beta."""
    return _core._kaiser(_length(M), float(beta))
