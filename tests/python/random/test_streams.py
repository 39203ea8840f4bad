"""The stream design (Note [Random streams]): a seed fixes the numbers whatever the call chunking,
the backend or the launch; raw words follow cuRAND's order."""

import numpy
import pytest

import cupric
import cupric.random as cr
from processes import on_each_backend

KINDS = [cr.Philox4x3210, cr.XORWOW, cr.MRG32k3a]


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_raw_words_do_not_depend_on_chunking(kind):
    a = kind(5)
    one = a._gen.raw((10000,), numpy.uint32).get()
    b = kind(5)
    parts = [b._gen.raw((n,), numpy.uint32).get() for n in (1, 2, 4093, 4096, 1808)]
    numpy.testing.assert_array_equal(one, numpy.concatenate(parts))


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_uniform_float32_is_the_raw_words_top_24_bits(kind):
    w = kind(9)._gen.raw((5000,), numpy.uint32).get()
    u = cupric.random.Generator(kind(9)).random(5000, dtype=numpy.float32).get()
    numpy.testing.assert_array_equal(u, (w >> 8).astype(numpy.float32) * numpy.float32(2.0 ** -24))


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_uniform_float64_uses_two_words(kind):
    w = kind(3)._gen.raw((2000,), numpy.uint32).get().astype(numpy.uint64)
    u = cupric.random.Generator(kind(3)).random(1000).get()
    exp = ((w[0::2] >> 5) * 67108864.0 + (w[1::2] >> 6)) / 9007199254740992.0
    numpy.testing.assert_array_equal(u, exp)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_substream_draws_do_not_depend_on_the_shape(kind):
    # element e of a sub-stream call is the element's own: the C-order index fixes it.
    a = cupric.random.Generator(kind(11)).standard_normal((6, 7)).get()
    b = cupric.random.Generator(kind(11)).standard_normal(42).get()
    numpy.testing.assert_array_equal(a.ravel(), b)


_SCRIPT = r"""
import numpy, cupric, cupric.random as cr, sys
out, approx = [], []
for kind in (cr.Philox4x3210, cr.XORWOW, cr.MRG32k3a):
    g = cr.Generator(kind(1234))
    out.append(g.random(100003, dtype=numpy.float32).get().view(numpy.uint32))
    out.append(g.random(777).get().view(numpy.uint64).astype(numpy.uint32))
    out.append(g.integers(-5, 1 << 40, size=5001).get().astype(numpy.uint32))
    out.append(g.permutation(3000).get().astype(numpy.uint32))
    out.append(g.permutation(1 << 21).get().astype(numpy.uint32))  # tied 32-bit sort keys
    # Long draws: XORWOW's (lane, chunk) split with several chunks of more than 64 words
    # (Note [XORWOW lane chunks]), from an offset that is not a multiple of 4096.
    out.append(g.random((1 << 24) + 12345, dtype=numpy.float32).get().view(numpy.uint32))
    out.append(kind(99)._gen.raw((4096 * 70 + 3,), numpy.uint32).get())
    # Philox's block draws (Note [Philox block draws]); the sub-stream samplers elsewhere.
    out.append(g.integers(0, 1000, size=100001, dtype=numpy.int32).get().view(numpy.uint32))
    out.append(g.integers(0, 2**31 + 1, size=100001).get().astype(numpy.uint32))
    out.append(g.integers(cupric.arange(1000), 2**40, size=(7, 1000)).get().ravel().astype(numpy.uint32))
    out.append(g.uniform(-1.0, 2.0, size=100001).get().view(numpy.uint32))
    # float32 normal and exponential: exact-step polynomials (Note [Exact float log, sine and
    # cosine]), in Philox's block draws and the other generators' samplers alike.
    out.append(g.standard_normal(100001, dtype=numpy.float32).get().view(numpy.uint32))
    out.append(g.standard_exponential(100001, dtype=numpy.float32).get().view(numpy.uint32))
    approx.append(g.standard_normal(100001, dtype=numpy.float32).get().astype(numpy.float64))
    approx.append(g.standard_normal(100001).get())
    approx.append(g.normal(cupric.full(100001, 0.5), 2.0).get())
    approx.append(g.exponential(3.0, size=100001).get())
for method in ("XORWOW", "Philox4x3210"):
    rs = cr.RandomState(77, method=method)
    out.append(rs.random_sample(3 * 2**20 + 5, dtype=numpy.float32).get().view(numpy.uint32))
    # Fewer lanes than a warp's four (Note [XORWOW warp jumps]), then a draw whose four-lane
    # groups straddle lane 4095 (their offsets' element jumps differ within a group).
    for n in (1, 3, 4098, 70001):
        out.append(rs.random_sample(n, dtype=numpy.float32).get().view(numpy.uint32))
    out.append(rs.random_sample(4097).get().view(numpy.uint64).astype(numpy.uint32))
numpy.savez(sys.argv[1], exact=numpy.concatenate(out), approx=numpy.concatenate(approx))
"""


@pytest.mark.gpu
def test_host_and_gpu_give_the_same_words(tmp_path):
    # Integers and uniforms bit for bit; normal and exponential within float rounding.
    host, gpu = on_each_backend(_SCRIPT, tmp_path, suffix=".npz")
    numpy.testing.assert_array_equal(host["exact"], gpu["exact"])
    numpy.testing.assert_allclose(host["approx"], gpu["approx"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("method", ["XORWOW", "Philox4x3210"])
def test_random_state_float32_is_curands_uniform(method):
    # Note [cuRAND uniform floats]: float(w) * 2^-32 + 2^-33 in float, 1 -> 0 (CuPy's numbers).
    w = getattr(cr, method)(0)._gen
    w.set_state({"XORWOW": 1, "Philox4x3210": 0}[method], 77, 0, 0)
    words = w.raw((3000,), numpy.uint32).get()
    exp = words.astype(numpy.float32) * numpy.float32(2.3283064e-10) + numpy.float32(1.1641532e-10)
    exp[exp == 1] = 0
    got = cr.RandomState(77, method=method).random_sample(3000, dtype=numpy.float32).get()
    numpy.testing.assert_array_equal(got, exp)
