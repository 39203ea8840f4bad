"""cupricx.profiler.time_range: an NVTX range, as a context manager or a decorator."""
import functools

from cupric.cuda import nvtx


class time_range:
    """Marks an NVTX range named `message` for the profiler's timeline (CuPy's time_range)::

        with cupricx.profiler.time_range('step', color_id=0):
            ...

        @cupricx.profiler.time_range()      # the range is named after the function
        def step(): ...

    Args:
        message (str): the range's name; a decorator without one uses the function's name.
        color_id (int): one of NVTX's ten colors by index (-1 or None: none).
        argb_color (int): an ARGB color 0xAARRGGBB (not with color_id).
        sync (bool): synchronize the current device before the range starts and before it ends,
            so the range covers the GPU work launched inside it.

    Without NVTX (``cupric.cuda.nvtx.available`` is False, e.g. the host backend) the ranges are
    no-ops and the code runs as usual (CuPy raises there; cupric keeps the program running).
    """

    def __init__(self, message=None, color_id=None, argb_color=None, *, sync=False):
        if color_id is not None and argb_color is not None:
            raise ValueError("Only either color_id or argb_color can be specified")
        if message is not None and not isinstance(message, str):
            raise TypeError(f"message must be a str, not {type(message).__name__}")
        self.message = message
        self.color_id = color_id if argb_color is None else None
        self.argb_color = argb_color
        self.sync = sync

    def __enter__(self):
        if self.message is None:
            raise ValueError("when used as a context manager, the message argument cannot be None")
        if self.sync:
            _synchronize()
        if self.argb_color is not None:
            nvtx.RangePushC(self.message, self.argb_color)
        else:
            nvtx.RangePush(self.message, -1 if self.color_id is None else self.color_id)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self.sync:
            _synchronize()
        nvtx.RangePop()

    def _recreate_cm(self, message):
        if self.message is None:
            self.message = message
        return self

    def __call__(self, func):
        @functools.wraps(func)
        def inner(*args, **kwargs):
            with self._recreate_cm(func.__name__):
                return func(*args, **kwargs)
        return inner


def _synchronize():
    from cupric.cuda import Device
    Device().synchronize()
