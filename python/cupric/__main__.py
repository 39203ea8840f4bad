"""`python -m cupric`: prints the configuration, then runs a short demo on the best available
backend and checks it against NumPy."""
import sys
import time

import numpy

import cupric


def _demo():
    rng = numpy.random.default_rng(0)
    host = rng.standard_normal((512, 384)).astype(numpy.float32)
    t0 = time.perf_counter()
    a = cupric.asarray(host)                      # host -> device
    b = a.T[::-1, 1::2]                           # views: transpose, reversed rows, strided columns
    c = cupric.ascontiguousarray(b).astype(cupric.float16).astype(cupric.float64)  # copies and casts
    c[:, :4] = 0.5                                # assignment through a view
    result = c.get()                              # device -> host
    elapsed = (time.perf_counter() - t0) * 1e3

    expected = numpy.ascontiguousarray(host.T[::-1, 1::2]).astype(numpy.float16).astype(numpy.float64)
    expected[:, :4] = 0.5
    ok = result.shape == expected.shape and result.dtype == expected.dtype and numpy.array_equal(result, expected)
    print(f"demo: transpose/slice/cast/assign of a {host.shape} float32 array -> {result.shape} {result.dtype}"
          f" in {elapsed:.1f} ms")
    print(f"demo: result {'matches' if ok else 'DOES NOT MATCH'} NumPy")
    return ok


def main():
    cupric.show_config()
    backend = cupric._core.backend_name()
    device = "CPU (host backend)" if backend == "host" else f"CUDA device {cupric.cuda.Device().id}"
    print(f"running on: {backend} backend, {device}")
    return 0 if _demo() else 1


if __name__ == "__main__":
    sys.exit(main())
