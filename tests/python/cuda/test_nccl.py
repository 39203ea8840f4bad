"""cupric.cuda.nccl (V9-IMPORT, V8-AVAILABLE, V14-NCCL-ID): explicit import, a clear error without
the library, unique ids, single-rank collectives."""
import numpy
import pytest

import cupric
import cupric.cuda as cuda
from processes import run_python


# ---- NCCL ------------------------------------------------------------------------------------------

def test_v9_import_nccl_is_explicit_and_v8_available_is_a_bool():
    r = run_python("import sys, cupric, cupric.cuda; print('cupric.cuda.nccl' in sys.modules)")
    assert r.returncode == 0 and r.stdout.strip() == "False"
    from cupric.cuda import nccl
    assert isinstance(nccl.available, bool)
    assert nccl.NCCL_FLOAT32 == 7 and nccl.NCCL_SUM == 0 and nccl.NCCL_AVG == 4


def test_nccl_missing_library_raises_a_clear_error():
    from cupric.cuda import nccl
    if nccl.available:
        pytest.skip("libnccl is installed here")
    for call in (nccl.get_unique_id, nccl.get_version, lambda: nccl.NcclCommunicator(1, b"\0" * 128, 0)):
        with pytest.raises(RuntimeError, match=r"libnccl\.so\.2"):
            call()


def test_v14_nccl_id_is_128_bytes():
    from cupric.cuda import nccl
    if not nccl.available:
        pytest.skip("libnccl is not installed")
    uid = nccl.get_unique_id()
    assert isinstance(uid, bytes) and len(uid) == 128
    assert uid != nccl.get_unique_id()
    assert nccl.get_version() > 2000
    with pytest.raises(ValueError):
        nccl.NcclCommunicator(1, uid[:10], 0)
    with pytest.raises(TypeError):
        nccl.NcclCommunicator(1, list(uid), 0)
    with pytest.raises(ValueError):
        nccl.NcclCommunicator(2, uid, 5)
    assert issubclass(nccl.NcclError, RuntimeError)
    if not cuda.is_available():
        with pytest.raises(nccl.NcclError, match="ncclCommInitRank"):  # no GPU: NCCL's own error
            nccl.NcclCommunicator(1, uid, 0)


@pytest.mark.gpu
def test_gpu_nccl_single_rank_collectives():
    from cupric.cuda import nccl
    if not nccl.available:
        pytest.skip("libnccl is not installed on this machine")
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0)
    assert (comm.size(), comm.rank_id(), comm.device_id()) == (1, 0, cuda.Device().id)
    x = cupric.asarray(numpy.arange(100, dtype=numpy.float32))
    y = cupric.zeros(100, dtype=cupric.float32)
    s = cuda.Stream()
    comm.allReduce(x.data.ptr, y.data.ptr, 100, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, s.ptr)
    s.synchronize()
    numpy.testing.assert_array_equal(y.get(), numpy.arange(100, dtype=numpy.float32))
    z = cupric.zeros(100, dtype=cupric.float32)
    comm.broadcast(x, z, 100, nccl.NCCL_FLOAT32, 0, s)
    comm.allGather(x, y, 100, nccl.NCCL_FLOAT32, None)
    s.synchronize()
    cuda.Device().synchronize()
    numpy.testing.assert_array_equal(z.get(), x.get())
    comm.destroy()
    with pytest.raises(RuntimeError, match="destroyed"):
        comm.size()
    comms = nccl.NcclCommunicator.initAll(1)
    assert len(comms) == 1 and comms[0].size() == 1
    comms[0].destroy()


def test_nccl_config_settings():
    from cupric.cuda import nccl
    c = nccl.NcclConfig()
    assert c.blocking is None and c.netName is None and c.maxCTAs is None
    c.blocking = 0
    c.minCTAs = 2
    c.maxCTAs = 16
    c.cgaClusterSize = 4
    c.splitShare = 1
    c.netName = "Socket"
    assert (c.blocking, c.minCTAs, c.maxCTAs, c.cgaClusterSize, c.splitShare, c.netName) == (0, 2, 16, 4, 1, "Socket")
    assert "maxCTAs=16" in repr(c)
    c.maxCTAs = None
    assert c.maxCTAs is None
    with pytest.raises(ValueError, match="non-negative int"):
        c.minCTAs = -1
    with pytest.raises(TypeError, match="netName"):
        c.netName = 3
    with pytest.raises(AttributeError):
        c.noSuchSetting = 1
    with pytest.raises(AttributeError):
        c.noSuchSetting  # noqa: B018


@pytest.mark.gpu
def test_nccl_communicator_with_config():
    from cupric.cuda import nccl
    if not nccl.available or nccl.get_version() < 21800:
        pytest.skip("needs NCCL 2.18+")
    cfg = nccl.NcclConfig()
    cfg.blocking = 1
    cfg.maxCTAs = 8
    comm = nccl.NcclCommunicator(1, nccl.get_unique_id(), 0, cfg)
    x = cupric.arange(10, dtype=cupric.float32)
    y = cupric.empty_like(x)
    comm.allReduce(x.data.ptr, y.data.ptr, 10, nccl.NCCL_FLOAT32, nccl.NCCL_SUM, None)
    cupric.cuda.Device().synchronize()
    assert y.get().tolist() == x.get().tolist()
    comm.destroy()
    with pytest.raises(TypeError, match="NcclConfig"):
        nccl.NcclCommunicator(1, nccl.get_unique_id(), 0, {"blocking": 1})
