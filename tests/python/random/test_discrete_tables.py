"""Table inversion of poisson and binomial with scalar parameters (Note [Discrete table inversion]
in src/random/inversion_table.hpp): the laws against scipy.stats on each generator, around the
table's limits, NumPy's edge parameters and sizes, values that depend on (seed, call, index)
only, and the same integers from the host and the GPU."""

import numpy
import pytest
import scipy.stats as st

import cupric.random as cr
from random_laws import GENERATORS, assert_discrete_law, assert_scalar_draws_follow
from processes import on_each_backend

N = 200_001  # odd: Philox's last block of two values is cut

# (method, args, law): small and large tables, the table's limit and past it (the samplers).
CASES = [
    ("poisson", (0.001,), st.poisson(0.001)),
    ("poisson", (0.3,), st.poisson(0.3)),
    ("poisson", (10.0,), st.poisson(10.0)),
    ("poisson", (40.0,), st.poisson(40.0)),  # 111 entries: the small table
    ("poisson", (250.0,), st.poisson(250.0)),
    ("poisson", (3000.0,), st.poisson(3000.0)),  # 984 entries: near the largest table
    ("poisson", (6000.0,), st.poisson(6000.0)),  # PTRS
    ("binomial", (20, 0.3), st.binom(20, 0.3)),
    ("binomial", (1, 0.5), st.binom(1, 0.5)),
    ("binomial", (1000, 1e-4), st.binom(1000, 1e-4)),  # p near 0
    ("binomial", (50, 0.999), st.binom(50, 0.999)),  # p near 1
    ("binomial", (400, 0.5), st.binom(400, 0.5)),
    ("binomial", (10**6, 0.003), st.binom(10**6, 0.003)),  # 982 entries
    ("binomial", (2**40, 1e-12), st.binom(2**40, 1e-12)),
    ("binomial", (10**5, 0.4), st.binom(10**5, 0.4)),  # BTRS
]


def _id(case):
    return f"{case[0]}{case[1]}"


@pytest.mark.parametrize("gen", list(GENERATORS))
@pytest.mark.parametrize("case", CASES, ids=_id)
def test_draws_follow_the_law(case, gen):
    assert_scalar_draws_follow(GENERATORS[gen], *case, N)


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_point_masses(gen):
    g = GENERATORS[gen](1)
    assert (g.poisson(0.0, size=7).get() == 0).all()
    assert (g.binomial(0, 0.5, size=7).get() == 0).all()
    assert (g.binomial(9, 0.0, size=7).get() == 0).all()
    assert (g.binomial(9, 1.0, size=7).get() == 9).all()
    assert (g.poisson(1e-300, size=7).get() == 0).all()  # P(X >= 1) is below the table's 2^-64


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_sizes_and_dtype_like_numpy(gen):
    for size in (0, (), (3, 0), (2, 3), 5):
        for draw in (lambda g: g.poisson(4.0, size=size), lambda g: g.binomial(12, 0.25, size=size)):
            ours = draw(GENERATORS[gen](3))
            theirs = draw(numpy.random.default_rng(3))
            assert ours.shape == numpy.shape(theirs) and ours.dtype == numpy.int64, (size, ours.shape)
    assert GENERATORS[gen](3).poisson(4.0, size=()).ndim == 0


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_values_depend_on_seed_call_and_index_only(gen):
    a = GENERATORS[gen](11).poisson(10.0, size=100_001).get()
    b = GENERATORS[gen](11).poisson(10.0, size=(7, 5)).get()
    numpy.testing.assert_array_equal(a[:35], b.ravel())
    c = GENERATORS[gen](11).binomial(20, 0.3, size=1001).get()
    d = GENERATORS[gen](11).binomial(20, 0.3, size=999).get()
    numpy.testing.assert_array_equal(c[:999], d)
    g = GENERATORS[gen](11)
    assert not numpy.array_equal(g.poisson(10.0, size=1000).get(), g.poisson(10.0, size=1000).get())


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_a_table_draw_advances_the_generator_as_a_sampler_draw(gen):
    # One call each, whatever the path (table or sampler) and size: the next draws agree.
    g1, g2, g3 = GENERATORS[gen](5), GENERATORS[gen](5), GENERATORS[gen](5)
    g1.poisson(10.0, size=100)
    g2.poisson(1e6, size=3)
    g3.binomial(20, 0.3, size=0)
    nxt = [g.binomial(10**5, 0.4, size=50).get() for g in (g1, g2, g3)]
    numpy.testing.assert_array_equal(nxt[0], nxt[1])
    numpy.testing.assert_array_equal(nxt[0], nxt[2])


def test_tail_values_are_drawn():
    # poisson(0.001): P(X = 2) = 5e-7, so ~2 of 4e6 draws; P(X = 1) ~ 1e-3 within 6 sigma.
    x = cr.default_rng(9).poisson(0.001, size=4_000_000).get()
    ones = int((x == 1).sum())
    expect = 4e6 * st.poisson(0.001).pmf(1)
    assert abs(ones - expect) < 6 * expect**0.5
    assert x.max() >= 2


_SCRIPT = r"""
import sys, numpy, cupric.random as cr
out = []
for make in (lambda s: cr.default_rng(s), lambda s: cr.Generator(cr.XORWOW(s)),
             lambda s: cr.Generator(cr.MRG32k3a(s)), lambda s: cr.RandomState(s)):
    g = make(321)
    for n in (1, 2, 3, 4097, 300_001):
        out.append(g.poisson(10.0, size=n).get())        # a small table
        out.append(g.poisson(1500.0, size=n).get())      # a large one
        out.append(g.binomial(20, 0.3, size=n).get())
        out.append(g.binomial(10**6, 0.003, size=n).get())
        out.append(g.binomial(50, 0.999, size=n).get())
    out.append(g.poisson(4.0, size=(301, 7)).get().ravel())
numpy.save(sys.argv[1], numpy.concatenate(out))
"""


@pytest.mark.gpu
def test_host_and_gpu_give_the_same_integers(tmp_path):
    host, gpu = on_each_backend(_SCRIPT, tmp_path)
    numpy.testing.assert_array_equal(host, gpu)


@pytest.mark.gpu
@pytest.mark.parametrize("case", [c for c in CASES if c[0] == "poisson"][1:6] + CASES[7:13], ids=_id)
def test_gpu_draws_follow_the_law(case):
    # 2^22 values: a grid of every resident CTA, several blocks a thread.
    name, args, law = case
    x = getattr(cr.default_rng(99), name)(*args, size=2**22 + 1)
    assert_discrete_law(x.get(), law)
