"""cupric.cuda.Graph: a captured CUDA graph (CuPy's cupy.cuda.graph.Graph).

Made by ``Stream.end_capture()``; ``launch(stream=None)`` replays the captured work on `stream`
(default: the current stream) and ``upload(stream=None)`` prepares it on the device ahead of
the first launch. See Note [Graph capture] in src/runtime/graph.cpp for how memory is kept.
"""


class Graph:
    """A CUDA graph ready to launch (an instantiated cudaGraphExec_t)."""

    def __init__(self):
        raise TypeError("a Graph is made by Stream.end_capture()")

    @classmethod
    def _from(cls, obj):
        g = object.__new__(cls)
        g._obj = obj
        return g

    @staticmethod
    def _stream(stream):
        if stream is None:
            return None
        from cupric.cuda.stream import BaseStream
        if not isinstance(stream, BaseStream):
            raise TypeError(f"stream must be a cupric.cuda.Stream, not {type(stream).__name__}")
        return stream._obj

    def launch(self, stream=None):
        """Enqueues the whole graph on `stream` (default: the current stream)."""
        self._obj.launch(self._stream(stream))

    def upload(self, stream=None):
        """Uploads the graph to the device on `stream` so the first launch is fast."""
        self._obj.upload(self._stream(stream))

    def __repr__(self):
        return f"<cupric.cuda.Graph (device {self._obj.device_id})>"
