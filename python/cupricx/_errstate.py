"""cupricx.errstate / seterr / geterr (CuPy's cupyx ones): whether a failed factorisation raises
numpy.linalg.LinAlgError ('raise', NumPy's behaviour: one host sync per call to read the solver's
status) or leaves NaNs ('ignore', no host sync). The default is CuPy 14's, 'ignore', on every
thread (docs/differences.md, "Linear algebra")."""
import contextlib

from cupric import _core

_MODES = ('ignore', 'raise')


def geterr():
    """The current error handling of this thread: ``{'linalg': 'raise' | 'ignore'}``."""
    return {'linalg': 'raise' if _core._linalg_solvers.errors_raise() else 'ignore'}


def seterr(*, linalg=None):
    """Sets how linear-algebra failures are handled on this thread; returns the old settings."""
    old = geterr()
    if linalg is not None:
        if linalg not in _MODES:
            raise ValueError(f"linalg must be one of {_MODES}, got {linalg!r}")
        _core._linalg_solvers.set_errors_raise(linalg == 'raise')
    return old


@contextlib.contextmanager
def errstate(*, linalg=None):
    """Context manager for :func:`seterr`: ``with cupricx.errstate(linalg='ignore'): ...``."""
    old = seterr(linalg=linalg)
    try:
        yield
    finally:
        seterr(**old)
