"""cupric.cuda.nccl: NCCL collectives (CuPy's cupy.cuda.nccl). Imported explicitly (V9-IMPORT:
`import cupric` does not load it).

libnccl.so.2 is loaded at first use (dlopen; Note [NCCL] in src/runtime/nccl.cpp), from NVIDIA's
nvidia-nccl wheel, the CUDA toolkit or the loader's path. ``available`` (V8-AVAILABLE) says
whether it can be loaded; without it every call raises RuntimeError naming the library.
``get_unique_id()`` returns 128 ``bytes`` (V14-NCCL-ID), passed to every rank's
``NcclCommunicator(ndev, commId, rank)``. Buffers are device addresses (``arr.data.ptr``) and
streams a ``cupric.cuda.Stream``, a raw handle, or None (the current stream).
"""
from cupric import _libraries
from cupric._core import _runtime as _rt

_nc = _rt.nccl
NcclError = _nc.NcclError
NcclError.__module__ = "cupric.cuda.nccl"

# ncclDataType_t
NCCL_INT8 = NCCL_CHAR = 0
NCCL_UINT8 = 1
NCCL_INT32 = NCCL_INT = 2
NCCL_UINT32 = 3
NCCL_INT64 = 4
NCCL_UINT64 = 5
NCCL_FLOAT16 = NCCL_HALF = 6
NCCL_FLOAT32 = NCCL_FLOAT = 7
NCCL_FLOAT64 = NCCL_DOUBLE = 8
NCCL_BFLOAT16 = 9
# ncclRedOp_t
NCCL_SUM = 0
NCCL_PROD = 1
NCCL_MAX = 2
NCCL_MIN = 3
NCCL_AVG = 4

_loaded = None


def _load():
    global _loaded
    if _loaded is None:
        try:
            _loaded = bool(_nc.load(_libraries.wheel_lib_dirs()))
        except Exception:  # noqa: BLE001 - the calls below raise the clear error
            _loaded = False
    return _loaded


def __getattr__(name):
    if name == "available":  # V8-AVAILABLE; computed on first use (it loads libnccl)
        return _load()
    raise AttributeError(f"module 'cupric.cuda.nccl' has no attribute {name!r}")


def get_version():
    """NCCL's version number (e.g. 22703 for 2.27.3)."""
    _load()
    return _nc.get_version()


def get_build_version():
    """cupric does not build against NCCL: the version of the libnccl loaded."""
    return get_version()


def get_unique_id():
    """A new communicator id: 128 bytes (V14-NCCL-ID), to send to every rank."""
    _load()
    return _nc.get_unique_id()


def groupStart():
    _load()
    _nc.group_start()


def groupEnd():
    _load()
    _nc.group_end()


def _ptr(buf):
    if isinstance(buf, int):
        return buf
    data = getattr(buf, "data", None)
    if data is not None and hasattr(data, "ptr"):  # a cupric.ndarray
        return int(data.ptr)
    return int(buf)  # a MemoryPointer


def _stream(stream):
    if stream is None:
        from cupric.cuda.stream import get_current_stream
        return get_current_stream().ptr
    return stream if isinstance(stream, int) else int(stream.ptr)


class NcclConfig:
    """Settings of a new communicator (ncclConfig_t; CuPy's NcclConfig), passed as
    ``NcclCommunicator(ndev, commId, rank, config)``. Each setting is None (NCCL's default) until
    set: ``blocking`` (0 makes NCCL calls non-blocking), ``cgaClusterSize``, ``minCTAs``,
    ``maxCTAs``, ``netName`` (str) and ``splitShare``. Needs NCCL 2.18 or newer."""

    _INT_FIELDS = {"blocking": "blocking", "cgaClusterSize": "cga_cluster_size", "minCTAs": "min_ctas",
                   "maxCTAs": "max_ctas", "splitShare": "split_share"}

    def __init__(self):
        object.__setattr__(self, "_c", _nc.CommConfig())

    def __getattr__(self, name):
        field = NcclConfig._INT_FIELDS.get(name)
        if field is not None:
            v = getattr(self._c, field)
            return None if v == _nc.CommConfig.unset else v
        if name == "netName":
            return self._c.net_name or None
        raise AttributeError(f"'NcclConfig' object has no attribute {name!r}")

    def __setattr__(self, name, value):
        field = NcclConfig._INT_FIELDS.get(name)
        if field is not None:
            if value is None:
                value = _nc.CommConfig.unset
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"NcclConfig.{name} must be a non-negative int or None, got {value!r}")
            setattr(self._c, field, int(value))
        elif name == "netName":
            if value is not None and not isinstance(value, str):
                raise TypeError(f"NcclConfig.netName must be a str or None, not {type(value).__name__}")
            self._c.net_name = value or ""
        else:
            raise AttributeError(f"'NcclConfig' object has no attribute {name!r}")

    def __repr__(self):
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in (*NcclConfig._INT_FIELDS, "netName"))
        return f"NcclConfig({fields})"


class NcclCommunicator:
    """One rank of an NCCL communicator of `ndev` ranks made from `commId`
    (get_unique_id()), on the current device; `config` (an NcclConfig) sets its options."""

    def __init__(self, ndev, commId, rank, config=None):
        _load()
        if not isinstance(commId, (bytes, bytearray)):
            raise TypeError(f"commId must be the bytes get_unique_id() returns, not {type(commId).__name__}")
        if config is None:
            self._c = _nc.Communicator(int(ndev), bytes(commId), int(rank))
        elif isinstance(config, NcclConfig):
            self._c = _nc.Communicator(int(ndev), bytes(commId), int(rank), config._c)
        else:
            raise TypeError(f"config must be a cupric.cuda.nccl.NcclConfig, not {type(config).__name__}")

    @classmethod
    def initAll(cls, devices):
        """One communicator per device in this process (ncclCommInitAll); `devices` is an int
        (devices 0..n-1) or a list of device ids."""
        _load()
        devs = list(range(devices)) if isinstance(devices, int) else [int(d) for d in devices]
        out = []
        for h in _nc.init_all(devs):
            c = object.__new__(cls)
            c._c = _nc.Communicator.from_handle(h)
            out.append(c)
        return out

    @property
    def comm(self):
        return self._c.comm

    def destroy(self):
        self._c.destroy()

    def abort(self):
        self._c.abort()

    def device_id(self):
        return self._c.device_id()

    def rank_id(self):
        return self._c.rank_id()

    def size(self):
        return self._c.size()

    def allReduce(self, sendbuf, recvbuf, count, datatype, op, stream):
        self._c.all_reduce(_ptr(sendbuf), _ptr(recvbuf), int(count), int(datatype), int(op), _stream(stream))

    def reduce(self, sendbuf, recvbuf, count, datatype, op, root, stream):
        self._c.reduce(_ptr(sendbuf), _ptr(recvbuf), int(count), int(datatype), int(op), int(root), _stream(stream))

    def broadcast(self, sendbuf, recvbuf, count, datatype, root, stream):
        self._c.broadcast(_ptr(sendbuf), _ptr(recvbuf), int(count), int(datatype), int(root), _stream(stream))

    def bcast(self, buff, count, datatype, root, stream):
        self.broadcast(buff, buff, count, datatype, root, stream)

    def reduceScatter(self, sendbuf, recvbuf, recvcount, datatype, op, stream):
        self._c.reduce_scatter(_ptr(sendbuf), _ptr(recvbuf), int(recvcount), int(datatype), int(op),
                               _stream(stream))

    def allGather(self, sendbuf, recvbuf, count, datatype, stream):
        self._c.all_gather(_ptr(sendbuf), _ptr(recvbuf), int(count), int(datatype), _stream(stream))

    def send(self, sendbuf, count, datatype, peer, stream):
        self._c.send(_ptr(sendbuf), int(count), int(datatype), int(peer), _stream(stream))

    def recv(self, recvbuf, count, datatype, peer, stream):
        self._c.recv(_ptr(recvbuf), int(count), int(datatype), int(peer), _stream(stream))
