"""Philox's block draws against references computed here from the call's block words (Note
[Philox block draws] in src/random/block_draws.hpp, Note [Normal ziggurat] in
include/cupric/random/ziggurat.hpp, Note [Exact float log, sine and cosine] in
include/cupric/random/exact_math.hpp): which words make which value, the ziggurat's fast path bit
for bit, and the accuracy of the polynomial logarithm."""
import importlib.util
import pathlib

import numpy
import pytest
import scipy.stats

import cupric.random as cr
from random_laws import assert_ks

N = 200_003  # the last block is cut
_MASK = numpy.uint64(0xFFFFFFFF)


def _philox_call_blocks(seed, call, nblocks):
    """Blocks 0 .. nblocks-1 of sub-stream call `call`: Philox4x32-10 of {q low, q high, call,
    0x40000000} under the seed's key, in uint64 arithmetic (products of 32-bit words fit)."""
    q = numpy.arange(nblocks, dtype=numpy.uint64)
    c = [q & _MASK, q >> numpy.uint64(32), numpy.full_like(q, call), numpy.full_like(q, 0x40000000)]
    k0, k1 = numpy.uint64(seed & 0xFFFFFFFF), numpy.uint64(seed >> 32)
    m0, m1 = numpy.uint64(0xD2511F53), numpy.uint64(0xCD9E8D57)
    for _ in range(10):
        p0, p1 = m0 * c[0], m1 * c[2]
        c = [(p1 >> numpy.uint64(32)) ^ c[1] ^ k0, p1 & _MASK, (p0 >> numpy.uint64(32)) ^ c[3] ^ k1, p0 & _MASK]
        k0 = (k0 + numpy.uint64(0x9E3779B9)) & _MASK
        k1 = (k1 + numpy.uint64(0xBB67AE85)) & _MASK
    return numpy.stack(c, axis=1).astype(numpy.uint32)


def _words(g, n):
    st = g.bit_generator.state["state"]
    w = _philox_call_blocks(int(st["seed"]), int(st["calls"]), (n + 3) // 4)
    return w.ravel()[:n]


def _open_uniform(w):
    # uniform_open_float_of: (float(w >> 8) + 0.5f) * 2^-24, rounded in float32 as the kernel does.
    return ((w >> 8).astype(numpy.float32) + numpy.float32(0.5)) * numpy.float32(2.0**-24)


def _ziggurat_layers(bits):
    """The layers of src/random/tablegen/ziggurat_tables.py (the generator of the kernel's table)."""
    path = pathlib.Path(__file__).resolve().parents[3] / "src/random/tablegen/ziggurat_tables.py"
    spec = importlib.util.spec_from_file_location("ziggurat_tables", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    k, w, f = mod.layers(bits)
    return numpy.array(k, dtype=numpy.uint64), numpy.array(w), numpy.array(f)


def _philox_64bit_words(seed, call, n):
    blocks = _philox_call_blocks(seed, call, (n + 1) // 2).astype(numpy.uint64)
    r = numpy.stack([(blocks[:, 0] << numpy.uint64(32)) | blocks[:, 1], (blocks[:, 2] << numpy.uint64(32)) | blocks[:, 3]], 1)
    return r.ravel()[:n]


def test_float32_normal_is_the_ziggurat_of_the_block_words():
    # Note [Normal ziggurat]: layer = bits 0-7, sign = bit 8, u = bits 9-31; u < k[layer] gives
    # +-u * w[layer] (one float32 product); the others finish on their elements' sub-streams.
    g = cr.default_rng(2024)
    w = _words(g, N)
    z = g.standard_normal(N, dtype=numpy.float32).get()
    k, width, _ = _ziggurat_layers(23)
    layer, u = (w & 0xFF).astype(numpy.intp), (w >> 9).astype(numpy.uint64)
    fast = u < k[layer]
    x = u.astype(numpy.float32) * width.astype(numpy.float32)[layer]
    ref = numpy.where((w & 0x100) != 0, numpy.float32(0) - x, x)
    numpy.testing.assert_array_equal(z[fast].view(numpy.uint32), ref[fast].view(numpy.uint32))
    assert 0.98 < fast.mean() < 0.99  # 98.5% of the values take the fast path
    assert not numpy.signbit(z[z == 0]).any()  # -0 is made +0, as 0 + 1 * z rounds it


def test_float64_normal_is_the_ziggurat_of_the_block_words():
    g = cr.default_rng(77)
    st = g.bit_generator.state["state"]
    r = _philox_64bit_words(int(st["seed"]), int(st["calls"]), N)
    z = g.standard_normal(N).get()
    k, width, _ = _ziggurat_layers(52)
    layer = (r & numpy.uint64(0xFF)).astype(numpy.intp)
    u = (r >> numpy.uint64(9)) & numpy.uint64(2**52 - 1)
    fast = u < k[layer]
    x = u.astype(numpy.float64) * width[layer]
    ref = numpy.where((r & numpy.uint64(0x100)) != 0, 0.0 - x, x)
    numpy.testing.assert_array_equal(z[fast], ref[fast])
    assert 0.98 < fast.mean() < 0.99


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_ziggurat_tails_and_wedges_follow_the_normal_law(dtype):
    # The 1.5% finished on sub-streams (wedges, tail): 2M values resolve a misplaced wedge or tail
    # mass (KS distance ~1e-3), and the tail beyond the base layer's edge r is checked on its own.
    z = cr.default_rng(5).standard_normal(2_000_000, dtype=dtype).get().astype(numpy.float64)
    assert_ks(z, "norm")
    beyond = numpy.abs(z) > 3.6541528853610088
    p = 2 * scipy.stats.norm.sf(3.6541528853610088)
    assert abs(beyond.mean() - p) < 5 * numpy.sqrt(p / z.size)
    assert_ks(z[beyond] * numpy.sign(z[beyond]), "truncnorm", 3.6541528853610088, numpy.inf)


def test_float32_exponential_is_minus_log_of_the_open_uniform():
    g = cr.default_rng(31)
    w = _words(g, N)
    x = g.standard_exponential(N, dtype=numpy.float32).get()
    ref = -numpy.log(_open_uniform(w).astype(numpy.float64))
    numpy.testing.assert_allclose(x, ref, rtol=1.5e-7, atol=0)
    assert x.min() >= 0


@pytest.mark.parametrize("high", [1, 7, 1000, 2**31 + 1])
def test_narrow_integers_are_lemire_of_the_block_words(high):
    g = cr.default_rng(8)
    w = _words(g, N).astype(numpy.uint64)
    v = g.integers(0, high, size=N, dtype=numpy.int64).get()
    prod = w * numpy.uint64(high)
    threshold = (2**32 - high) % high
    kept = (prod & _MASK) >= numpy.uint64(threshold)  # the others continue on their sub-streams
    numpy.testing.assert_array_equal(v[kept], (prod >> numpy.uint64(32))[kept].astype(numpy.int64))
    assert v.min() >= 0 and v.max() < high
    if high == 2**31 + 1:
        assert (~kept).sum() > N // 4  # about half the words are rejected and still in range
