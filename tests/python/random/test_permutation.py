"""permutation's GPU path (Note [Permutation groups on a GPU] in src/random/permutation_ties.hpp,
Note [Permutation keys on a GPU] in src/random/permutation_keys.hpp): the host's permutations bit
for bit at every group layout and generator kind, sorted by the call's own keys, and uniform."""

import numpy
import pytest

import cupric.random as cr
from random_laws import assert_counts
from processes import on_each_backend

# One group (n <= 2048), groups by 1 to 8 sorted key bits (one radix pass), 9 to 16 (two), with
# partial last groups; powers of two make groups of 2048 on average, half of them larger than the
# 2048 elements a block holds in registers (the rest read again from global memory); n below 2^22
# keeps the host's argsort reference to seconds.
SIZES = [1, 2, 7, 2048, 2049, 3000, 4096, 40000, (1 << 19) + 1, 1 << 20, (1 << 21) + 3]

_SCRIPT = r"""
import numpy, sys, cupric.random as cr
out = []
for kind in (cr.Philox4x3210, cr.XORWOW, cr.MRG32k3a):
    g = cr.Generator(kind(4321))
    for n in %r:
        out.append(g.permutation(n).get())
    rs = cr.RandomState(5, method=kind.__name__)
    out.append(rs.permutation(5000).get())
numpy.save(sys.argv[1], numpy.concatenate(out))
"""


@pytest.mark.gpu
def test_gpu_permutations_are_the_hosts(tmp_path):
    host, gpu = on_each_backend(_SCRIPT % (SIZES,), tmp_path)
    numpy.testing.assert_array_equal(host, gpu)


@pytest.mark.gpu
@pytest.mark.parametrize("n", [1 << 26, (1 << 27) + 5])
def test_gpu_permutation_orders_the_calls_keys(n):
    # The sizes of the benchmark (two radix passes) and of three passes, too big for the host's
    # reference: the result is a permutation that sorts the call's 32-bit keys (the keys are the
    # call's first draw, integers(0, 2^32 - 1, uint32); the tied runs' order is the fix-up's,
    # which the sizes above check against the host).
    kind = cr.XORWOW if n & 1 else cr.Philox4x3210
    p = cr.Generator(kind(11)).permutation(n)
    keys = cr.Generator(kind(11)).integers(0, 2**32 - 1, size=n, dtype=numpy.uint32, endpoint=True)
    ordered = keys[p].get()
    assert (ordered[1:] >= ordered[:-1]).all()
    counts = numpy.bincount(p.get(), minlength=n)
    assert counts.max() == 1 and counts.min() == 1


@pytest.mark.parametrize("n", [3000, 40000])
def test_permutation_moves_every_element_uniformly(n):
    # Where element 0 and element n - 1 land, over many calls, in 10 equal bins: uniform.
    g = cr.default_rng(12)
    counts = numpy.zeros((2, 10))
    for _ in range(400):
        p = g.permutation(n).get()
        where = numpy.empty(n, numpy.int64)
        where[p] = numpy.arange(n)
        counts[0, where[0] * 10 // n] += 1
        counts[1, where[n - 1] * 10 // n] += 1
    assert_counts(counts)
