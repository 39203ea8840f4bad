"""cupyx.errstate, seterr and geterr: what cupric.linalg does with singular or non-convergent
inputs ('ignore': results hold NaN/inf, CuPy's default; 'raise': LinAlgError). Per thread."""
import threading

_state = threading.local()
_CHOICES = ('ignore', 'raise')


def geterr():
    """The current settings: {'linalg': 'ignore' or 'raise'}."""
    return {'linalg': getattr(_state, 'linalg', 'ignore')}


def seterr(*, linalg=None):
    """Sets how linalg errors are handled; returns the previous settings."""
    old = geterr()
    if linalg is not None:
        if linalg not in _CHOICES:
            raise ValueError(f"linalg must be one of {_CHOICES}, not {linalg!r}")
        _state.linalg = linalg
    return old


class errstate:
    """A context manager (and decorator) setting cupyx's error handling for its block."""

    def __init__(self, *, linalg=None):
        self.linalg = linalg

    def __enter__(self):
        self._old = seterr(linalg=self.linalg)

    def __exit__(self, *exc):
        seterr(**self._old)

    def __call__(self, func):
        import functools

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapper
