"""cupric.cuda.Stream, ExternalStream and Event with CuPy v14 semantics (V4-STREAMS, V10-STREAM-*).

Note [Current stream objects]: the current stream is per thread and per device
(V10-STREAM-PER-DEVICE). This module keeps, per thread, a dict device -> Stream object (so a
stream current in any thread is referenced and never destroyed: V10-STREAM-THREADS) and tells
the C++ runtime the handle, which the engine reads on every launch (DESIGN.md decisions 1, 6).
``with s:`` keeps a per-thread, per-device stack of the blocks entered; on exit the stream of
the enclosing ``with`` block becomes current again -- or, for the outermost block, the stream
that was current on entry -- so a stream set by ``use()`` inside a block is not restored
(V10-STREAM-USE). On the host backend streams and events are accepted and every operation is
synchronous (Note [Host streams] in src/runtime/host/host_backend.cpp).
"""
import threading

from cupric._core import _runtime as _rt

_tls = threading.local()


def _current_map():
    d = getattr(_tls, "streams", None)
    if d is None:
        d = _tls.streams = {}
    return d


def _with_stack(device):
    d = getattr(_tls, "with_stacks", None)
    if d is None:
        d = _tls.with_stacks = {}
    return d.setdefault(device, [])


class _ClassProperty:
    # Stream.null / Stream.ptds are made on first use: import must not touch the backend.
    def __init__(self, make):
        self._make = make
        self._value = None

    def __get__(self, obj, cls):
        if self._value is None:
            self._value = self._make(cls)
        return self._value


class BaseStream:
    """What Stream and ExternalStream share: the handle, the device, and the operations."""

    _obj = None
    device_id = -1

    @property
    def ptr(self):
        """The cudaStream_t as an int (0: the legacy default stream, 2: per-thread)."""
        return self._obj.ptr

    def _device(self):
        return self.device_id if self.device_id >= 0 else _rt.current_device()

    def use(self):
        """Makes this stream current on its device for the calling thread (not undone by an
        enclosing ``with`` block: V10-STREAM-USE)."""
        dev = self._device()
        _rt.set_current_stream(self.ptr, dev)
        _current_map()[dev] = self
        return self

    def __enter__(self):
        dev = self._device()
        stack = _with_stack(dev)
        restore = stack[-1][0] if stack else get_current_stream(dev)
        stack.append((self, restore))
        self.use()
        return self

    def __exit__(self, *exc):
        dev = self._device()
        _, restore = _with_stack(dev).pop()
        _rt.set_current_stream(restore.ptr, dev)
        _current_map()[dev] = restore

    def synchronize(self):
        """Waits until all work enqueued on this stream is done."""
        self._obj.synchronize()

    @property
    def done(self):
        """True when all work enqueued on this stream is done."""
        return self._obj.done()

    def record(self, event=None):
        """Records `event` (a new Event when None) on this stream and returns it."""
        if event is None:
            event = Event()
        elif not isinstance(event, Event):
            raise TypeError(f"event must be a cupric.cuda.Event, not {type(event).__name__}")
        self._obj.record(event._obj)
        return event

    def wait_event(self, event):
        """Makes later work on this stream wait (on the device) for `event`."""
        if not isinstance(event, Event):
            raise TypeError(f"event must be a cupric.cuda.Event, not {type(event).__name__}")
        self._obj.wait_event(event._obj)

    def add_callback(self, callback, arg):
        """CuPy's older name: callback(stream, None, arg) after the work so far."""
        self.launch_host_func(lambda a: callback(self, None, a), arg)

    def launch_host_func(self, callback, arg):
        """Calls callback(arg) once the work enqueued so far is done (on a driver thread; the
        callback must not use CUDA). On the host backend it runs at once."""
        if not callable(callback):
            raise TypeError("callback must be callable")
        self._obj.launch_host_func(callback, arg)

    # ---- CUDA graphs (Note [Graph capture] in src/runtime/graph.cpp) ----

    def begin_capture(self, mode=None):
        """Starts recording the work enqueued on this stream into a CUDA graph (not on the legacy
        null stream). `mode` is a ``runtime.streamCaptureMode*`` constant (default: relaxed).
        The memory pool works during capture; pool memory allocated or freed on this stream
        while capturing is kept alive by the Graph. The host backend cannot capture:
        RuntimeError."""
        from cupric.cuda import runtime
        if mode is None:
            mode = runtime.streamCaptureModeRelaxed
        _rt.begin_capture(self._obj, int(mode))

    def end_capture(self):
        """Ends the capture begun by begin_capture and returns the ``cupric.cuda.Graph``."""
        from cupric.cuda.graph import Graph
        return Graph._from(_rt.end_capture(self._obj))

    def is_capturing(self):
        """True while this stream is capturing a graph."""
        return _rt.is_capturing(self._obj)

    def __cuda_stream__(self):
        """The CUDA stream protocol: (version 0, the handle)."""
        return (0, self.ptr)

    def __eq__(self, other):
        return isinstance(other, BaseStream) and self.ptr == other.ptr and self.device_id == other.device_id

    def __hash__(self):
        return hash((self.ptr, self.device_id))

    def __repr__(self):
        return f"<{type(self).__name__} {self.ptr} (device {self.device_id})>"


class Stream(BaseStream):
    """A CUDA stream (CuPy's cupy.cuda.Stream).

    ``Stream()`` makes a new stream on the current device; ``null=True`` is the legacy default
    stream and ``ptds=True`` the per-thread default stream (both also as ``Stream.null`` and
    ``Stream.ptds``); ``non_blocking=True`` does not synchronize with the legacy stream;
    ``priority`` (lower is higher priority) is clamped by CUDA to its range.
    """

    def __init__(self, null=False, non_blocking=False, ptds=False, priority=None):
        if null and ptds:
            raise ValueError("null and ptds cannot be both True")
        if null or ptds:
            if non_blocking or priority is not None:
                raise ValueError("non_blocking and priority apply to new streams, not the null or per-thread stream")
            self._obj = _rt.Stream.borrow(2 if ptds else 0)
            self.device_id = -1
            self.priority = 0
        else:
            prio = 0 if priority is None else int(priority)
            self._obj = _rt.Stream.create(bool(non_blocking), prio)
            self.device_id = self._obj.device_id
            self.priority = prio
        self.non_blocking = bool(non_blocking)

    null = _ClassProperty(lambda cls: cls(null=True))
    ptds = _ClassProperty(lambda cls: cls(ptds=True))


class ExternalStream(BaseStream):
    """A stream made elsewhere (another library); cupric uses but never destroys it."""

    def __init__(self, ptr, device_id=-1):
        self._obj = _rt.Stream.borrow(int(ptr), int(device_id))
        self.device_id = int(device_id)


def get_current_stream(device_id=None):
    """The current stream of the calling thread on `device_id` (default: the current device)."""
    dev = _rt.current_device() if device_id is None else int(device_id)
    s = _current_map().get(dev)
    if s is None:
        # CUPRIC_CUDA_PER_THREAD_DEFAULT_STREAM=1: the per-thread default stream (as CuPy's env).
        return Stream.ptds if _rt.default_stream_ptr() == 2 else Stream.null
    return s


class Event:
    """A CUDA event (CuPy's cupy.cuda.Event): record it on a stream, wait for it, time with it.

    ``block=True`` makes synchronize() sleep instead of spin; ``disable_timing=True`` is
    cheaper but cannot be timed; ``interprocess=True`` needs ``disable_timing=True``.
    """

    def __init__(self, block=False, disable_timing=False, interprocess=False):
        self._obj = _rt.Event.create(bool(block), bool(disable_timing), bool(interprocess))
        self.device_id = self._obj.device_id

    @property
    def ptr(self):
        return self._obj.ptr

    def record(self, stream=None):
        """Records this event on `stream` (default: the current stream)."""
        if stream is None:
            stream = get_current_stream()
        elif not isinstance(stream, BaseStream):
            raise TypeError(f"stream must be a cupric.cuda.Stream, not {type(stream).__name__}")
        self._obj.record(stream._obj)

    def synchronize(self):
        """Waits until the event has happened."""
        self._obj.synchronize()

    @property
    def done(self):
        """True when the work before the event's record is done."""
        return self._obj.done()

    def __repr__(self):
        return f"<Event {self.ptr} (device {self.device_id})>"


def get_elapsed_time(start_event, end_event):
    """Milliseconds between two recorded events (both must be done)."""
    if not isinstance(start_event, Event) or not isinstance(end_event, Event):
        raise TypeError("get_elapsed_time takes two cupric.cuda.Event objects")
    return start_event._obj.elapsed_ms(end_event._obj)
