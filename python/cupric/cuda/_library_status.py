"""The error class and status checks the low-level library modules share (cupric.cuda.cublas,
cusolver, cusparse, curand, cufft): each module subclasses LibraryStatusError with its status
names, as CuPy's modules each have their error class."""


class LibraryStatusError(RuntimeError):
    """A library call returned a failure status; the message is the status's name, as CuPy's."""

    _NAMES = {}  # status -> its name
    _UNKNOWN = "UNKNOWN STATUS ({})"
    _ATTR = "status"  # cuFFT's error calls it `result`

    def __init__(self, status):
        status = int(status)
        setattr(self, self._ATTR, status)
        super().__init__(self._NAMES.get(status, self._UNKNOWN.format(status)))

    def __reduce__(self):
        return (type(self), (getattr(self, self._ATTR),))


def status_checks(error):
    """(check_status, value) for `error`: check_status(s) raises error(s) unless s is 0; value((s, v))
    checks s and returns v (the bindings return (status, output) pairs)."""
    def check_status(status):
        if status != 0:
            raise error(status)

    def value(result):
        status, v = result
        check_status(status)
        return v

    return check_status, value


def names(*seq):
    """{index: name} of a sequence of status names numbered from 0."""
    return dict(enumerate(seq))
