"""hypergeometric, geometric, logseries, zipf and vonmises against scipy.stats on each generator:
scalar parameters (table inversion where the law fits a table: Note [Discrete table inversion] in
src/random/inversion_table.hpp) and array parameters (the samplers of
include/cupric/random/distributions/), both sides of each method's limits, NumPy's edge parameters
and errors, values fixed by (seed, call, index), and the same values from the host and the GPU."""

import numpy
import pytest
import scipy.stats as st

import cupric
import cupric.random as cr
from cupric.testing import assert_raises_like_numpy
from processes import on_each_backend
from random_laws import GENERATORS, assert_continuous_law, assert_discrete_law, assert_scalar_draws_follow

N = 200_001  # odd: Philox's last block of two table values is cut

# (method, args, law): scalar parameters; the comments say which method draws them.
DISCRETE = [
    ("hypergeometric", (20, 30, 10), st.hypergeom(50, 20, 10)),  # small table
    ("hypergeometric", (200, 300, 100), st.hypergeom(500, 200, 100)),  # small table
    ("hypergeometric", (3, 4, 5), st.hypergeom(7, 3, 5)),  # support starts at 1
    ("hypergeometric", (40, 60, 90), st.hypergeom(100, 40, 90)),
    ("hypergeometric", (10**5, 10**5, 30000), st.hypergeom(2 * 10**5, 10**5, 30000)),  # large table
    ("hypergeometric", (10**6, 3 * 10**6, 10**5), st.hypergeom(4 * 10**6, 10**6, 10**5)),  # HRUA
    # HRUA past 2^24 items: the log-factorial differences
    ("hypergeometric", (10**7, 3 * 10**7, 10**5), st.hypergeom(4 * 10**7, 10**7, 10**5)),
    ("geometric", (0.3,), st.geom(0.3)),  # small table
    ("geometric", (0.9,), st.geom(0.9)),
    ("geometric", (0.05,), st.geom(0.05)),  # large table
    ("geometric", (0.04,), st.geom(0.04)),  # past the table: inversion by logarithms
    ("logseries", (0.6,), st.logser(0.6)),  # small table
    ("logseries", (0.95,), st.logser(0.95)),  # large table
    ("logseries", (0.97,), st.logser(0.97)),  # Kemp's sampler
    ("logseries", (0.01,), st.logser(0.01)),
    ("zipf", (1.3,), st.zipf(1.3)),
    ("zipf", (2.0,), st.zipf(2.0)),
    ("zipf", (4.5,), st.zipf(4.5)),
    ("zipf", (12.0,), st.zipf(12.0)),
]

# Array parameters: the samplers, whatever the table would take.
SAMPLERS = [
    ("hypergeometric", (20, 30, 10), st.hypergeom(50, 20, 10)),  # direct simulation, 32-bit
    ("hypergeometric", (30, 20, 45), st.hypergeom(50, 30, 45)),  # the complement, good > bad
    ("hypergeometric", (200, 300, 100), st.hypergeom(500, 200, 100)),  # HRUA
    ("hypergeometric", (12, 900, 40), st.hypergeom(912, 12, 40)),  # HRUA near the support's start
    ("geometric", (0.3,), st.geom(0.3)),
    ("geometric", (1e-3,), st.geom(1e-3)),
    ("logseries", (0.6,), st.logser(0.6)),
    ("zipf", (2.0,), st.zipf(2.0)),
]


def _id(case):
    return f"{case[0]}{case[1]}"


def _array_args(args, n):
    return [cupric.full(n, a, dtype=numpy.float64 if isinstance(a, float) else numpy.int64) for a in args]


@pytest.mark.parametrize("gen", list(GENERATORS))
@pytest.mark.parametrize("case", DISCRETE, ids=_id)
def test_scalar_parameters_follow_the_law(case, gen):
    assert_scalar_draws_follow(GENERATORS[gen], *case, N)


@pytest.mark.parametrize("gen", list(GENERATORS))
@pytest.mark.parametrize("case", SAMPLERS, ids=_id)
def test_array_parameters_follow_the_law(case, gen):
    name, args, law = case
    x = getattr(GENERATORS[gen](31), name)(*_array_args(args, N))
    assert x.dtype == numpy.int64 and x.shape == (N,)
    assert_discrete_law(x.get(), law)


def test_hypergeometric_past_32_bits():
    # total >= 2^32 with a sample of at most 10: the direct simulation's 52-bit uniforms.
    big = 2**33
    x = cr.RandomState(4).hypergeometric(cupric.full(N, big, dtype=numpy.int64), big, 6)
    assert_discrete_law(x.get(), st.binom(6, 0.5))
    y = cr.RandomState(4).hypergeometric(big, 3 * big, 6, size=N)
    assert_discrete_law(y.get(), st.binom(6, 0.25))


@pytest.mark.parametrize("gen", list(GENERATORS))
@pytest.mark.parametrize("array", [False, True], ids=["scalar", "array"])
def test_numpy_edge_parameters(gen, array):
    g = GENERATORS[gen](1)

    def draw(name, *args):
        a = _array_args(args, 9) if array else args
        return getattr(g, name)(*a, size=9).get()

    assert (draw("geometric", 1.0) == 1).all()
    assert (draw("geometric", 1e-300) >= 1).all()
    assert (draw("logseries", 0.0) == 1).all()
    assert (draw("logseries", 1e-300) == 1).all()
    assert (draw("zipf", 60.0) == 1).all()  # P(X > 1) ~ 2^-60
    assert (draw("zipf", 2000.0) == 1).all()
    assert (draw("zipf", 1.0001) >= 1).all()
    assert (draw("hypergeometric", 5, 0, 3) == 3).all()
    assert (draw("hypergeometric", 0, 5, 3) == 0).all()
    assert (draw("hypergeometric", 5, 6, 11) == 5).all()  # nsample = total
    assert (draw("hypergeometric", 1, 9, 10) == 1).all()
    if gen != "RandomState":
        assert (draw("hypergeometric", 5, 6, 0) == 0).all()  # Generator allows nsample = 0


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_sizes_and_dtypes_like_numpy(gen):
    for size in (0, (), (3, 0), (2, 3), 5):
        for draw in (
            lambda g: g.hypergeometric(20, 30, 10, size=size),
            lambda g: g.geometric(0.3, size=size),
            lambda g: g.logseries(0.6, size=size),
            lambda g: g.zipf(2.0, size=size),
            lambda g: g.vonmises(0.5, 2.0, size=size),
        ):
            ours = draw(GENERATORS[gen](3))
            theirs = draw(numpy.random.default_rng(3))
            assert ours.shape == numpy.shape(theirs) and ours.dtype == numpy.asarray(theirs).dtype


@pytest.mark.parametrize("name", ["hypergeometric", "geometric", "logseries", "zipf", "vonmises"])
def test_parameter_errors_like_numpy(name):
    bad = {
        "hypergeometric": [(-1, 5, 3), (5, -1, 3), (5, 5, 11), (5, 5, -1)],
        "geometric": [(0.0,), (1.5,), (-0.1,), (numpy.nan,)],
        "logseries": [(1.0,), (-0.1,), (numpy.nan,)],
        "zipf": [(1.0,), (0.5,), (numpy.nan,)],
        "vonmises": [(0.0, -1.0)],
    }[name]
    for args in bad:
        for make_ours, make_np in (
            (lambda: cr.default_rng(0), lambda: numpy.random.default_rng(0)),
            (lambda: cr.RandomState(0), lambda: numpy.random.RandomState(0)),
        ):
            assert_raises_like_numpy(
                lambda: getattr(make_ours(), name)(*args, size=3), lambda: getattr(make_np(), name)(*args, size=3)
            )


@pytest.mark.parametrize("gen", list(GENERATORS))
@pytest.mark.parametrize(
    "mu,kappa",
    [(0.0, 0.0), (0.0, 1e-9), (0.0, 0.5), (0.0, 2.0), (3.0, 2.0), (-2.5, 50.0), (1.0, 1e7), (12.0, 4.0)],
)
def test_vonmises_follows_the_law(gen, mu, kappa):
    x = GENERATORS[gen](5).vonmises(mu, kappa, size=N).get()
    assert ((x >= -numpy.pi) & (x < numpy.pi)).all()
    loc = (mu + numpy.pi) % (2 * numpy.pi) - numpy.pi
    if kappa == 0.0:
        assert_continuous_law(x, st.uniform(-numpy.pi, 2 * numpy.pi))
    elif kappa > 1e6:  # a wrapped normal: the angle's distance from loc
        d = (x - loc + numpy.pi) % (2 * numpy.pi) - numpy.pi
        assert_continuous_law(d, st.norm(0.0, kappa**-0.5))
    else:
        # The angle's distance from loc, on [-pi, pi) again: scipy's law centred at 0.
        d = (x - loc + numpy.pi) % (2 * numpy.pi) - numpy.pi
        assert_continuous_law(d, st.vonmises(kappa))


def test_vonmises_array_parameters_and_float32():
    g = cr.default_rng(8)
    x = g.vonmises(cupric.full(N, 0.0), cupric.full(N, 2.0)).get()
    assert_continuous_law(x, st.vonmises(2.0))
    y = cr.RandomState(8).vonmises(0.0, 2.0, size=N)
    assert y.dtype == numpy.float64
    assert_continuous_law(y.get(), st.vonmises(2.0))


@pytest.mark.parametrize("gen", list(GENERATORS))
def test_values_depend_on_seed_call_and_index_only(gen):
    for draw in (
        lambda g, n: g.hypergeometric(200, 300, 100, size=n),
        lambda g, n: g.geometric(0.3, size=n),
        lambda g, n: g.geometric(0.01, size=n),
        lambda g, n: g.logseries(0.6, size=n),
        lambda g, n: g.zipf(2.0, size=n),
        lambda g, n: g.vonmises(0.0, 2.0, size=n),
    ):
        a = draw(GENERATORS[gen](11), 1001).get()
        b = draw(GENERATORS[gen](11), (7, 5)).get()
        numpy.testing.assert_array_equal(a[:35], b.ravel())
        g = GENERATORS[gen](11)
        assert not numpy.array_equal(draw(g, 1000).get(), draw(g, 1000).get())


_SCRIPT = r"""
import sys, numpy, cupric, cupric.random as cr
ints, floats = [], []
for make in (lambda s: cr.default_rng(s), lambda s: cr.Generator(cr.XORWOW(s)),
             lambda s: cr.Generator(cr.MRG32k3a(s)), lambda s: cr.RandomState(s)):
    g = make(321)
    for n in (1, 3, 4097, 300_001):
        ints.append(g.hypergeometric(200, 300, 100, size=n).get())                # table
        ints.append(g.hypergeometric(cupric.full(n, 200), 300, 100).get())      # HRUA
        ints.append(g.hypergeometric(cupric.full(n, 20), 30, 10).get())         # direct
        ints.append(g.geometric(0.3, size=n).get())
        ints.append(g.geometric(0.001, size=n).get())
        ints.append(g.logseries(0.6, size=n).get())
        ints.append(g.logseries(0.99, size=n).get())
        ints.append(g.zipf(2.0, size=n).get())
        floats.append(g.vonmises(0.5, 2.0, size=n).get())
        floats.append(g.vonmises(3.0, 1e7, size=n).get())
numpy.savez(sys.argv[1], ints=numpy.concatenate(ints), floats=numpy.concatenate(floats))
"""


@pytest.mark.gpu
def test_host_and_gpu_give_the_same_values(tmp_path):
    host, gpu = on_each_backend(_SCRIPT, tmp_path, suffix=".npz")
    # Integers: the same, but where a rejection test or a rounding to an integer meets an ulp's
    # difference of the backends' logarithms (a handful in millions at most).
    differ = host["ints"] != gpu["ints"]
    assert differ.sum() <= 10, int(differ.sum())
    # vonmises: Best-Fisher's angle is acos(W); near the mean W is near 1, where acos turns one
    # ulp of W into up to sqrt(2 ulp) ~ 2e-8 of angle (the H200 read 2.2e-10 at angles 1e-6 from
    # the mean, where cos/exp of the backends differ in their last bit).
    numpy.testing.assert_allclose(host["floats"], gpu["floats"], rtol=1e-12, atol=3e-8)


@pytest.mark.gpu
@pytest.mark.parametrize("case", DISCRETE[:2] + DISCRETE[6:8] + DISCRETE[10:11] + SAMPLERS[2:3], ids=_id)
def test_gpu_draws_follow_the_law(case):
    # 2^22 values: a grid of every resident CTA, several blocks a thread.
    name, args, law = case
    a = _array_args(args, 2**22 + 1) if case in SAMPLERS else args
    x = getattr(cr.default_rng(99), name)(*a, **({} if case in SAMPLERS else {"size": 2**22 + 1}))
    assert_discrete_law(x.get(), law)
