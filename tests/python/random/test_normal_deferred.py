"""Philox's block normal with the ziggurat's rejected values deferred to the end of their CTA on the
GPU (Note [Deferred ziggurat rejections] in src/random/cuda/block_draws.cuh): the values are those
the host computes in place, whatever the draw's size, and they follow the normal law."""

import numpy
import pytest

import cupric.random as cr
from random_laws import assert_ks
from processes import on_each_backend

# Small draws (one CTA, a cut last block), mid ones and cut last blocks; (1 << 26) + 7 is several
# grid-stride rounds of the CUDA kernel (2^16 CTAs of 256 threads, 4 float32 values a thread: a
# thread's rejection bits name elements of several blocks).
_SIZES = (1, 5, 1000, (1 << 18) - 1, 1 << 18, (1 << 18) + 3, (1 << 20) + 5, (1 << 26) + 7)

_SCRIPT = r"""
import numpy, cupric.random as cr, sys
sizes = [int(x) for x in sys.argv[2].split(",")]
exact, approx = [], []
g = cr.default_rng(4321)
for n in sizes:
    exact.append(g.standard_normal(n, dtype=numpy.float32).get().view(numpy.uint32))
    approx.append(g.standard_normal(n).get())
    approx.append(g.normal(-1.5, 3.0, size=n).get())
numpy.savez(sys.argv[1], exact=numpy.concatenate(exact), approx=numpy.concatenate(approx))
"""


@pytest.mark.gpu
def test_deferred_values_equal_the_hosts(tmp_path):
    # float32 bit for bit (the fast path, the wedge and tail tests are exact steps); float64 within
    # an ulp or two (the rare tail and wedge values use log/exp; loc + scale * z may be one fused
    # rounding on the GPU, hence the absolute term for results near 0).
    host, gpu = on_each_backend(_SCRIPT, tmp_path, ",".join(map(str, _SIZES)), suffix=".npz")
    numpy.testing.assert_array_equal(host["exact"], gpu["exact"])
    numpy.testing.assert_allclose(host["approx"], gpu["approx"], rtol=1e-14, atol=1e-14)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_gpu_draw_is_normal_and_its_tail_is_there(dtype):
    # 2^23 values: the deferred 1.5% (wedges and the tail beyond the base layer's edge r) must
    # land where the law puts them; a lost or duplicated slot would leave a fast-path value or
    # an unwritten one (a KS distance far above 1e-3, or a tail mass off by its 1.5%).
    z = cr.default_rng(8).standard_normal(1 << 23, dtype=dtype).get().astype(numpy.float64)
    assert numpy.isfinite(z).all()
    assert_ks(z[: 1 << 21], "norm")
    tail = numpy.mean(numpy.abs(z) > 3.6541528853610088)
    assert abs(tail - 2.5806e-4) < 6 * numpy.sqrt(2.5806e-4 / (1 << 23))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_values_at_the_deferral_threshold_are_the_elements_own(dtype):
    # An element's value does not depend on the size of the draw it belongs to (the CUDA loop's
    # launch shape and its lists change with it): prefixes agree.
    n = (1 << 18) + 3
    a = cr.default_rng(11).standard_normal(n, dtype=dtype).get()
    b = cr.default_rng(11).standard_normal(1000, dtype=dtype).get()
    numpy.testing.assert_array_equal(a[:1000], b)
