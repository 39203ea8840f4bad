"""cupricx.allow_synchronize and cupricx.DeviceSynchronized (CuPy's syncdetect); the per-thread
switch and the checks are in C++ (cupric/runtime/sync_detect.hpp)."""
import contextlib
import warnings

from cupric import _core

# Note [Sync detection]
# As CuPy's: a thread may forbid itself operations that wait for the device. Those that declare
# themselves are CuPy's: a copy to host memory (ndarray.get, asnumpy, and what is built on them:
# item, float(a), bool(a), tolist, ...) and Device.synchronize; each raises DeviceSynchronized
# before it waits, leaving everything as it was. The switch is a C++ thread-local, so C++ callers
# of to_host see it too. allow_synchronize is experimental in CuPy: it warns FutureWarning unless
# cupric.disable_experimental_feature_warning is set.


class DeviceSynchronized(RuntimeError):
    """Raised when device synchronization is detected while disallowed (cupricx.allow_synchronize)."""

    def __init__(self, message=None):
        if message is None:
            message = 'Device synchronization was detected while disallowed.'
        super().__init__(message)


_core._set_device_synchronized_class(DeviceSynchronized)


def experimental(api_name):
    """Warns that `api_name` is experimental, as CuPy does, unless
    cupric.disable_experimental_feature_warning is true."""
    import cupric
    if not getattr(cupric, 'disable_experimental_feature_warning', False):
        warnings.warn(f'{api_name} is experimental. The interface can change in the future.', FutureWarning,
                      stacklevel=3)


@contextlib.contextmanager
def allow_synchronize(allow):
    """Allows or disallows device synchronization in the current thread inside the ``with`` block;
    a synchronization while disallowed raises DeviceSynchronized (experimental, as in CuPy)."""
    experimental('cupyx.allow_synchronize')
    previous = _core._set_synchronize_allowed(bool(allow))
    try:
        yield
    finally:
        _core._set_synchronize_allowed(previous)
