"""dask.distributed with cupric chunks on a loopback LocalCluster: a cupric-chunked reduction and a
map_blocks pipeline (threads workers talking TCP, so tasks and chunks are pickled; one worker
process), and on a CUDA machine one worker process per GPU (CUDA_VISIBLE_DEVICES per worker, as
dask-cuda sets it)."""
import logging

import numpy
import pytest

da = pytest.importorskip("dask.array", reason="dask is not installed (pip install 'cupric[test]' brings it)")
distributed = pytest.importorskip("distributed", reason="distributed is not installed (pip install 'cupric[test]')")

import cupric as cp  # noqa: E402
from cupric import testing  # noqa: E402


def _cluster(**kw):
    options = dict(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                   dashboard_address=":0", silence_logs=logging.ERROR)
    options.update(kw)
    return distributed.LocalCluster(**options)


@pytest.fixture(scope="module")
def client():
    with _cluster() as cluster, distributed.Client(cluster) as c:
        yield c


def _data():
    h = numpy.arange(2000, dtype=numpy.float64).reshape(100, 20) / 7
    return h, da.from_array(cp.asarray(h), chunks=(25, 10), asarray=False)


def test_reduction_on_cluster(client):
    h, d = _data()
    for got, expected in ((d.sum(axis=0), h.sum(axis=0)), (d.mean(), h.mean()), (d.std(axis=1), h.std(axis=1)),
                          (d.max(axis=0), h.max(axis=0)), (da.argmin(d, axis=1), h.argmin(axis=1))):
        r = client.compute(got).result()
        assert isinstance(r, cp.ndarray)
        testing.assert_allclose(r, expected, rtol=1e-12)


def test_map_blocks_pipeline_on_cluster(client):
    h, d = _data()
    pipeline = (d.map_blocks(cp.sqrt) * 2 + 1).rechunk((50, 20)).map_blocks(cp.log1p).sum(axis=1)
    r = pipeline.compute()  # the Client made above is the default scheduler
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, numpy.log1p(numpy.sqrt(h) * 2 + 1).sum(axis=1), rtol=1e-12)


def test_cupric_functions_and_arrays_travel(client):
    # cupric's C++ functions and ufuncs pickle by name (cupric/_pickling.py); arrays by value
    h, _ = _data()
    x = client.scatter(cp.asarray(h))
    r = client.submit(cp.sum, x, axis=0).result()
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, h.sum(axis=0), rtol=1e-12)
    # A product that neither overflows nor meets 0 * inf (h's own product does both, in an order
    # that differs between NumPy's loop and a GPU's tree: 0 against nan).
    y = client.scatter(cp.asarray(1 + h / 1e4))
    testing.assert_allclose(client.submit(cp.multiply.reduce, y, axis=None).result(), numpy.prod(1 + h / 1e4),
                            rtol=1e-10)


def test_worker_process():
    # a real worker process: the graph, cupric functions and chunks cross a process boundary
    h, d = _data()
    with _cluster(n_workers=1, processes=True) as cluster, distributed.Client(cluster) as c:
        r = c.compute(d.map_blocks(cp.exp).mean(axis=0)).result()
        pid = c.run(lambda: __import__("os").getpid())
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, numpy.exp(h).mean(axis=0), rtol=1e-12)
    assert list(pid.values())[0] != __import__("os").getpid()


@pytest.mark.gpu
def test_one_worker_per_gpu():
    def _visible_device():  # (local: cloudpickle sends it by value; workers cannot import this test module)
        import os

        import cupric
        return (os.environ.get("CUDA_VISIBLE_DEVICES"), cupric.cuda.runtime.getDeviceCount(),
                cupric.cuda.Device(0).pci_bus_id)

    n = cp.cuda.runtime.getDeviceCount()
    workers = {f"gpu{i}": {"cls": distributed.Nanny, "options": {"nthreads": 1, "env": {"CUDA_VISIBLE_DEVICES": str(i)},
                                                                  "silence_logs": logging.ERROR}}
               for i in range(n)}
    scheduler = {"cls": distributed.Scheduler, "options": {"dashboard_address": ":0", "host": "127.0.0.1"}}
    with distributed.SpecCluster(workers=workers, scheduler=scheduler) as cluster, distributed.Client(cluster) as c:
        seen = c.run(_visible_device)
        assert sorted(v[0] for v in seen.values()) == sorted(str(i) for i in range(n))
        assert all(v[1] == 1 for v in seen.values())  # each worker sees its one GPU only
        assert len({v[2] for v in seen.values()}) == n  # and they are different GPUs
        # chunks are made on the workers' GPUs and reduced there
        h = numpy.arange(n * 4 * 1000, dtype=numpy.float64).reshape(n * 4, 1000)
        d = da.from_array(h, chunks=(1, 1000)).map_blocks(cp.asarray)
        r = c.compute((d.map_blocks(cp.sqrt) * 3).sum(axis=1)).result()
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, (numpy.sqrt(h) * 3).sum(axis=1), rtol=1e-12)
