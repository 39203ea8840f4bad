"""cupricx.scipy.fft: SciPy's scipy.fft on cupric arrays (CuPy's cupyx.scipy.fft): the transforms
with SciPy's ``overwrite_x``, ``workers`` and ``plan=``, the DCT/DST family, fht/ifht,
next_fast_len, get_fft_plan, and the uarray backend protocol, so that
``scipy.fft.set_backend(cupricx.scipy.fft)`` sends scipy.fft's calls here (docs/fft.md).

``overwrite_x`` and ``workers`` are accepted and change nothing: inputs are never overwritten,
and a transform runs on the array's device (the host backend's FFT is single-threaded).
"""
from cupric.fft import fftfreq, fftshift, ifftshift, rfftfreq  # noqa: F401
from cupricx.scipy.fft._plans import get_fft_plan  # noqa: F401
from cupricx.scipy.fft._transforms import (  # noqa: F401
    dct,
    dctn,
    dst,
    dstn,
    fft,
    fft2,
    fftn,
    fht,
    hfft,
    hfft2,
    hfftn,
    idct,
    idctn,
    idst,
    idstn,
    ifft,
    ifft2,
    ifftn,
    ifht,
    ihfft,
    ihfft2,
    ihfftn,
    irfft,
    irfft2,
    irfftn,
    next_fast_len,
    rfft,
    rfft2,
    rfftn,
)

# The uarray backend protocol of scipy.fft (scipy.fft.set_backend / skip_backend / register_backend).
__ua_domain__ = "numpy.scipy.fft"
_IMPLEMENTED = {name: globals()[name] for name in [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
    "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "dct", "idct", "dst", "idst", "dctn", "idctn",
    "dstn", "idstn", "fht", "ifht"]}


def __ua_function__(method, args, kwargs):
    """Runs scipy.fft's ``method`` here, or returns NotImplemented for the ones not implemented."""
    fn = _IMPLEMENTED.get(method.__name__)
    if fn is None:
        return NotImplemented
    return fn(*args, **kwargs)
