"""cupric.fft: NumPy 2's numpy.fft (CuPy v14's cupy.fft): cuFFT on the GPU, cupric's own
mixed-radix + Bluestein FFT on the host backend (docs/fft.md).

The transforms, their dtypes, shapes and errors are decided in C++ (cupric/fft.hpp); this
module holds the signatures, the docstrings and NumPy 2's deprecation warnings for ``s``.
"""
from cupric.fft import config  # noqa: F401
from cupric.fft._transforms import (  # noqa: F401
    fft,
    fft2,
    fftfreq,
    fftn,
    fftshift,
    hfft,
    ifft,
    ifft2,
    ifftn,
    ifftshift,
    ihfft,
    irfft,
    irfft2,
    irfftn,
    rfft,
    rfft2,
    rfftfreq,
    rfftn,
)
