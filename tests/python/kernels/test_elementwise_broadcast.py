"""ElementwiseKernel broadcasts inputs and given outputs together (CuPy v14): a preallocated output
may be larger than the inputs, as in CuPy's Monte-Carlo examples that fill an output from broadcast
scalars and arrays. Backend neutral: every result is compared with NumPy."""
import numpy
import pytest

import cupric


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("bcache")))
    yield
    mp.undo()


double_it = cupric.ElementwiseKernel("T x", "T y", "y = x * 2", "bc_double_it")
add_xy = cupric.ElementwiseKernel("T x, T y", "T z", "z = x + y", "bc_add_xy")


def test_input_broadcasts_against_given_output():
    x = cupric.arange(3.)[:, None]
    out = cupric.empty((3, 4))
    r = double_it(x, out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), numpy.broadcast_to(numpy.arange(3.)[:, None] * 2, (3, 4)))


@pytest.mark.parametrize("xshape,yshape,oshape", [
    ((4,), (3, 1), (3, 4)),
    ((), (5,), (2, 5)),
    ((1, 1), (1,), (2, 3)),
    ((3, 1, 4), (1, 2, 1), (3, 2, 4)),
    ((0,), (1,), (2, 0)),
])
def test_two_inputs_broadcast_into_output(xshape, yshape, oshape):
    rng = numpy.random.default_rng(1)
    x, y = rng.standard_normal(xshape), rng.standard_normal(yshape)
    out = cupric.zeros(oshape)
    add_xy(cupric.asarray(x), cupric.asarray(y), out)
    numpy.testing.assert_array_equal(out.get(), numpy.broadcast_to(x + y, oshape))


def test_output_views_transposed_and_sliced():
    x = numpy.arange(4, dtype=numpy.float32)
    base = cupric.zeros((8, 3), dtype=numpy.float32)
    double_it(cupric.asarray(x), base.T[:, ::2])  # a (3, 4) view with strides (4, 24)
    expected = numpy.zeros((8, 3), dtype=numpy.float32)
    expected.T[:, ::2] = x * 2
    numpy.testing.assert_array_equal(base.get(), expected)


def test_python_and_numpy_scalars_fill_output():
    fill = cupric.ElementwiseKernel("T a, T b", "T y", "y = a * 10 + b", "bc_fill")
    out = cupric.empty((2, 3), dtype=numpy.float32)
    fill(numpy.float32(1.5), 2.0, out)
    numpy.testing.assert_array_equal(out.get(), numpy.full((2, 3), 17.0, numpy.float32))


def test_output_may_not_be_smaller_than_inputs():
    x = cupric.ones((3, 4))
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        double_it(x, cupric.empty((3, 1)))
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        double_it(cupric.ones(2), cupric.empty((3, 4)))
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        double_it(x, cupric.empty(4))


def test_two_outputs_must_agree():
    two = cupric.ElementwiseKernel("T x", "T y, T z", "y = x; z = -x", "bc_two")
    y, z = cupric.empty((2, 3)), cupric.empty((2, 3))
    two(cupric.arange(3.), y, z)
    numpy.testing.assert_array_equal(y.get(), numpy.broadcast_to(numpy.arange(3.), (2, 3)))
    numpy.testing.assert_array_equal(z.get(), -y.get())
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        two(cupric.arange(3.), cupric.empty((2, 3)), cupric.empty((1, 3)))


# CuPy's Monte-Carlo pattern: one thread per (option, path) sample computes a payoff from a
# counter-based random number; the option parameters come in as broadcast arrays and scalars and
# the result goes to a preallocated (n_options, n_paths) output.
MC_KERNEL = cupric.ElementwiseKernel(
    "float64 s0, float64 strike, float64 vol, float64 t, uint64 seed", "float64 payoff",
    """
    unsigned long long h = seed + (unsigned long long)i * 0x9E3779B97F4A7C15ULL;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    h ^= h >> 31;
    double u = (double)(h >> 11) * (1.0 / 9007199254740992.0);
    double z = (u - 0.5) * 3.4641016151377544;   // uniform with unit variance
    double st = s0 * exp((-0.5 * vol * vol) * t + vol * sqrt(t) * z);
    payoff = st > strike ? st - strike : 0.0;
    """, "bc_monte_carlo")


def _mc_numpy(s0, strike, vol, t, seed, shape):
    i = numpy.arange(numpy.prod(shape), dtype=numpy.uint64).reshape(shape)
    with numpy.errstate(over="ignore"):
        h = numpy.uint64(seed) + i * numpy.uint64(0x9E3779B97F4A7C15)
        h = (h ^ (h >> numpy.uint64(30))) * numpy.uint64(0xBF58476D1CE4E5B9)
        h = (h ^ (h >> numpy.uint64(27))) * numpy.uint64(0x94D049BB133111EB)
        h ^= h >> numpy.uint64(31)
    u = (h >> numpy.uint64(11)).astype(numpy.float64) * (1.0 / 9007199254740992.0)
    z = (u - 0.5) * 3.4641016151377544
    s0, strike, vol, t = (numpy.broadcast_to(v, shape) for v in (s0, strike, vol, t))
    st = s0 * numpy.exp((-0.5 * vol * vol) * t + vol * numpy.sqrt(t) * z)
    return numpy.where(st > strike, st - strike, 0.0)


def test_monte_carlo_into_preallocated_output():
    n_opt, n_paths = 6, 500
    rng = numpy.random.default_rng(7)
    s0 = rng.uniform(80, 120, n_opt)[:, None]       # one price per option (a column)
    strike = rng.uniform(90, 110, n_opt)[:, None]
    vol, t = 0.25, 1.5                               # scalars shared by every sample
    payoff = cupric.empty((n_opt, n_paths))
    MC_KERNEL(cupric.asarray(s0), cupric.asarray(strike), vol, t, numpy.uint64(12345), payoff)
    expected = _mc_numpy(s0, strike, vol, t, 12345, (n_opt, n_paths))
    numpy.testing.assert_allclose(payoff.get(), expected, rtol=1e-12, atol=1e-12)
    # the per-option price: a mean over paths, as the example computes it
    numpy.testing.assert_allclose(payoff.mean(axis=1).get(), expected.mean(axis=1), rtol=1e-12)


def test_monte_carlo_from_scalars_only_into_output():
    payoff = cupric.empty((4, 64))
    MC_KERNEL(100.0, 100.0, 0.2, 1.0, numpy.uint64(3), payoff)
    numpy.testing.assert_allclose(payoff.get(), _mc_numpy(100.0, 100.0, 0.2, 1.0, 3, (4, 64)), rtol=1e-12,
                                  atol=1e-12)
