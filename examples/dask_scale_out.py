"""Scaling out with Dask: a Dask array of cupric chunks, reduced and transformed on a
dask.distributed cluster. Runs as it is on the host backend (python examples/dask_scale_out.py);
on a machine with GPUs, pass --gpus to start one worker per GPU (CUDA_VISIBLE_DEVICES per worker,
as dask-cuda's LocalCUDACluster does). tests/python/dask/test_dask_example.py runs it in CI.

Nothing needs registering: importing cupric and dask.array (in either order) makes cupric a Dask
chunk type (docs/interop.md)."""
import argparse
import logging

import dask
import dask.array as da
import numpy
from distributed import Client, LocalCluster, Nanny, Scheduler, SpecCluster

import cupric as cp


def one_worker_per_gpu():
    """A cluster of one worker process per visible GPU, each seeing only its own device."""
    n = cp.cuda.runtime.getDeviceCount()
    workers = {f"gpu{i}": {"cls": Nanny, "options": {"nthreads": 1, "env": {"CUDA_VISIBLE_DEVICES": str(i)},
                                                      "silence_logs": logging.ERROR}}
               for i in range(n)}
    return SpecCluster(workers=workers, scheduler={"cls": Scheduler, "options": {"dashboard_address": ":0"}})


def local_threads():
    """Two threads workers on loopback TCP: tasks and chunks are serialised as between machines."""
    return LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                        dashboard_address=":0", silence_logs=logging.ERROR)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpus", action="store_true", help="one worker process per GPU")
    args = parser.parse_args()

    with (one_worker_per_gpu() if args.gpus else local_threads()) as cluster, Client(cluster):
        # 1. An existing cupric array, split into chunks that stay cupric arrays (asarray=False).
        x = cp.random.RandomState(0).standard_normal((4000, 64))
        dx = da.from_array(x, chunks=(500, 64), asarray=False)
        print(dx)  # ... chunktype=cupric.ndarray

        # 2. Reductions run per chunk on the workers, then combine.
        col_mean = dx.mean(axis=0).compute()
        col_std = dx.std(axis=0).compute()
        assert isinstance(col_mean, cp.ndarray)
        numpy.testing.assert_allclose(col_mean.get(), x.get().mean(axis=0), rtol=1e-10, atol=1e-12)

        # 3. A map_blocks pipeline: standardise, apply a cupric ufunc, reduce each row.
        z = (dx - col_mean) / col_std
        scores = z.map_blocks(cp.tanh).sum(axis=1)
        top = da.topk(scores, 5).compute()
        expected = numpy.sort(numpy.tanh((x.get() - x.get().mean(0)) / x.get().std(0)).sum(1))[-5:][::-1]
        numpy.testing.assert_allclose(top.get(), expected, rtol=1e-10)

        # 4. Chunks made on the workers with the "cupric" array backend, and a tall-skinny QR.
        with dask.config.set({"array.backend": "cupric"}):
            a = da.random.RandomState(1).standard_normal((2000, 8), chunks=(250, 8))
        q, r = da.linalg.tsqr(a)
        residual = float(abs(q @ r - a).max().compute())
        assert residual < 1e-10, residual

        print("column means[:3]:", col_mean[:3])
        print("top-5 row scores:", top)
        print("tsqr residual:", residual)
        print("dask example: ok")


if __name__ == "__main__":
    main()
