"""cupricx.scipy.fft's functions: SciPy's signatures over cupric._core.fft (C++ decides)."""
import operator

from cupric._core import fft as _fft
from cupricx.scipy.fft._plans import run_with_plan as _with_plan


def _n(n):
    return None if n is None else operator.index(n)


def _ints(v):
    if v is None:
        return None
    if hasattr(v, "__index__"):
        return [operator.index(v)]
    return [operator.index(x) for x in v]


def _workers(workers, call):
    """Runs ``call`` with SciPy's ``workers`` host threads (C++ checks the count with SciPy's
    messages; Note [Host FFT workers] in src/fft/host/host_fft.cpp). GPU transforms ignore it."""
    if workers is None:
        return call()
    prev = _fft.set_workers(operator.index(workers))
    try:
        return call()
    finally:
        _fft.set_workers(prev)


def _1d(name, value_type):
    core = getattr(_fft, name)

    def transform(x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
        return _workers(workers, lambda: _with_plan(plan, value_type, x, [n], [axis],
                                                    lambda: core(x, _n(n), operator.index(axis), norm, None)))
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"scipy.fft.{name} on cupric arrays (as cupric.fft.{name}). ``plan``: a cuFFT plan "
                         "from get_fft_plan; ``workers``: host threads for the host backend's batched rows; "
                         "``overwrite_x`` is accepted and ignored (the result is always a new array).")
    return transform


def _nd(name, core_name, value_type, default_axes):
    core = getattr(_fft, core_name)

    def transform(x, s=None, axes=default_axes, norm=None, overwrite_x=False, workers=None, *, plan=None):
        s_, axes_ = _ints(s), _ints(axes)
        return _workers(workers, lambda: _with_plan(plan, value_type, x, s_, axes_,
                                                    lambda: core(x, s_, axes_, norm, None)))
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"scipy.fft.{name} on cupric arrays: ``s`` gives the lengths of the last len(s) axes "
                         "when ``axes`` is None (SciPy's rule, without NumPy 2's deprecation).")
    return transform


fft = _1d("fft", "C2C")
ifft = _1d("ifft", "C2C")
rfft = _1d("rfft", "R2C")
irfft = _1d("irfft", "C2R")
hfft = _1d("hfft", "C2R")
ihfft = _1d("ihfft", "R2C")
fftn = _nd("fftn", "fftn", "C2C", None)
ifftn = _nd("ifftn", "ifftn", "C2C", None)
rfftn = _nd("rfftn", "rfftn", "R2C", None)
irfftn = _nd("irfftn", "irfftn", "C2R", None)
fft2 = _nd("fft2", "fftn", "C2C", (-2, -1))
ifft2 = _nd("ifft2", "ifftn", "C2C", (-2, -1))
rfft2 = _nd("rfft2", "rfftn", "R2C", (-2, -1))
irfft2 = _nd("irfft2", "irfftn", "C2R", (-2, -1))


def _hermitian_nd(name, core, value_type, default_axes):
    def transform(x, s=None, axes=default_axes, norm=None, overwrite_x=False, workers=None, *, plan=None):
        s_, axes_ = _ints(s), _ints(axes)
        return _workers(workers, lambda: _with_plan(plan, value_type, x, s_, axes_, lambda: core(x, s_, axes_, norm)))
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"scipy.fft.{name} on cupric arrays."
    return transform


hfftn = _hermitian_nd("hfftn", _fft.hfftn, "C2R", None)
ihfftn = _hermitian_nd("ihfftn", _fft.ihfftn, "R2C", None)
hfft2 = _hermitian_nd("hfft2", _fft.hfftn, "C2R", (-2, -1))
ihfft2 = _hermitian_nd("ihfft2", _fft.ihfftn, "R2C", (-2, -1))


def _trig(name):
    core = getattr(_fft, name)

    def transform(x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, orthogonalize=None):
        return _workers(workers,
                        lambda: core(x, operator.index(type), _n(n), operator.index(axis), norm, orthogonalize))
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = (f"scipy.fft.{name} (types 1-4) on cupric arrays, computed through the FFT "
                         "(Note [DCT through the FFT] in src/fft/trig_transforms.cpp).")
    return transform


def _trig_nd(name):
    core = getattr(_fft, name)

    def transform(x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, orthogonalize=None):
        return _workers(workers, lambda: core(x, operator.index(type), _ints(s), _ints(axes), norm, orthogonalize))
    transform.__name__ = transform.__qualname__ = name
    transform.__doc__ = f"scipy.fft.{name} (types 1-4) on cupric arrays, one axis after another."
    return transform


dct, idct, dst, idst = (_trig(n) for n in ("dct", "idct", "dst", "idst"))
dctn, idctn, dstn, idstn = (_trig_nd(n) for n in ("dctn", "idctn", "dstn", "idstn"))


def fht(a, dln, mu, offset=0.0, bias=0.0):
    """The fast Hankel transform of logarithmically spaced ``a`` (scipy.fft.fht, FFTLog)."""
    return _fft.fht(a, float(dln), float(mu), float(offset), float(bias))


def ifht(A, dln, mu, offset=0.0, bias=0.0):
    """The inverse fast Hankel transform (scipy.fft.ifht)."""
    return _fft.ifht(A, float(dln), float(mu), float(offset), float(bias))


def next_fast_len(target, real=False):
    """The smallest length >= target with prime factors 2, 3, 5 and 7 only, fast for cuFFT and for the
    host FFT (CuPy's next_fast_len; ``real`` changes nothing)."""
    return _fft.next_fast_len(operator.index(target))
