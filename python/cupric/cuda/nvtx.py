"""cupric.cuda.nvtx: NVTX markers and ranges for profilers (CuPy's cupy.cuda.nvtx).

``available`` (V8-AVAILABLE) is True when NVTX can be used: cupric was built with NVTX 3's
headers (CUDA builds) or libnvToolsExt could be loaded; otherwise every call is a no-op (Note
[NVTX] in src/runtime/nvtx.cpp). Colors: ``id_color`` picks one of ten distinct colors by
integer (-1: none); the ``*C`` forms take an ARGB ``0xAARRGGBB`` integer.
"""
import contextlib

from cupric._core import _runtime as _rt

_nv = _rt.nvtx


def __getattr__(name):
    if name == "available":  # computed on first use: it may dlopen libnvToolsExt
        return bool(_nv.available())
    raise AttributeError(f"module 'cupric.cuda.nvtx' has no attribute {name!r}")


def _message(message):
    if not isinstance(message, str):
        raise TypeError(f"message must be a str, not {type(message).__name__}")
    return message


def _argb(color):
    color = int(color)
    if not 0 <= color <= 0xFFFFFFFF:
        raise ValueError(f"color must be an ARGB value in [0, 0xFFFFFFFF], got {color}")
    return color


def Mark(message, id_color=-1):
    """An instantaneous marker named `message` on the profiler's timeline."""
    _nv.mark(_message(message), _nv.color_of_id(int(id_color)))


def MarkC(message, color=0):
    """Mark with an ARGB color."""
    _nv.mark(_message(message), _argb(color))


def RangePush(message, id_color=-1):
    """Opens a nested range named `message` (closed by RangePop); returns the nesting depth
    (-1 when NVTX is unavailable)."""
    return _nv.range_push(_message(message), _nv.color_of_id(int(id_color)))


def RangePushC(message, color=0):
    """RangePush with an ARGB color."""
    return _nv.range_push(_message(message), _argb(color))


def RangePop():
    """Closes the innermost range of this thread."""
    return _nv.range_pop()


def RangeStart(message, id_color=-1):
    """Starts a range named `message` that may end on another thread; returns its id for
    RangeEnd (0 when NVTX is unavailable)."""
    return _nv.range_start(_message(message), _nv.color_of_id(int(id_color)))


def RangeStartC(message, color=0):
    """RangeStart with an ARGB color."""
    return _nv.range_start(_message(message), _argb(color))


def RangeEnd(range_id):
    """Ends the range RangeStart returned `range_id` for."""
    _nv.range_end(int(range_id))


@contextlib.contextmanager
def range(message, id_color=-1, argb_color=None):  # noqa: A001 - the NVTX name
    """``with nvtx.range("step"):`` pushes a range on entry and pops it on exit."""
    if argb_color is not None:
        RangePushC(message, argb_color)
    else:
        RangePush(message, id_color)
    try:
        yield
    finally:
        RangePop()
