"""Generator (NumPy 2's API): shapes, dtypes, errors as NumPy, determinism, state, moments."""
import numpy
import pytest

import cupric
import cupric.random as cr
from random_laws import assert_counts, assert_ks


def rng(seed=0):
    return cr.default_rng(seed)


@pytest.mark.parametrize("size,shape", [(None, ()), ((), ()), (0, (0,)), (5, (5,)), ((2, 3), (2, 3)), ((2, 0), (2, 0))])
@pytest.mark.parametrize("method", ["random", "standard_normal", "standard_exponential"])
def test_shapes(method, size, shape):
    r = getattr(rng(), method)(size)
    assert r.shape == shape
    assert r.dtype == numpy.float64


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("method", ["random", "standard_normal", "standard_exponential"])
def test_float_dtypes(method, dtype):
    assert getattr(rng(), method)(10, dtype=dtype).dtype == dtype


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float16, numpy.complex64])
def test_random_rejects_other_dtypes(dtype):
    with pytest.raises(TypeError, match="Unsupported dtype"):
        rng().random(3, dtype=dtype)
    with pytest.raises(TypeError):
        numpy.random.default_rng().random(3, dtype=dtype)


def test_same_seed_same_numbers_and_different_seeds_differ():
    a = rng(7).random(100).get()
    numpy.testing.assert_array_equal(a, rng(7).random(100).get())
    assert not numpy.array_equal(a, rng(8).random(100).get())
    g = rng(7)
    assert not numpy.array_equal(g.random(100).get(), g.random(100).get())


def test_state_round_trip():
    g = rng(3)
    g.random(17)
    g.standard_normal(4)
    st = g.bit_generator.state
    a = g.random(50).get()
    b = g.normal(size=5).get()
    g.bit_generator.state = st
    numpy.testing.assert_array_equal(a, g.random(50).get())
    numpy.testing.assert_array_equal(b, g.normal(size=5).get())
    with pytest.raises(ValueError):
        g.bit_generator.state = {"bit_generator": "XORWOW", "state": {}}


def test_seed_sequence_and_spawn():
    ss = numpy.random.SeedSequence(99)
    a = cr.Generator(cr.Philox4x3210(ss)).random(10).get()
    numpy.testing.assert_array_equal(a, cr.Generator(cr.Philox4x3210(numpy.random.SeedSequence(99))).random(10).get())
    children = rng(1).spawn(2)
    assert not numpy.array_equal(children[0].random(10).get(), children[1].random(10).get())


def test_default_rng_passes_generators_through():
    g = rng(0)
    assert cr.default_rng(g) is g
    assert isinstance(cr.default_rng(cr.XORWOW(1)).bit_generator, cr.XORWOW)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "bool"])
def test_integers_range_and_dtype(dtype):
    info = numpy.iinfo(dtype) if dtype != "bool" else None
    lo, hi = (0, 2) if info is None else (int(info.min), int(info.max) + 1)
    r = rng().integers(lo, hi, size=2000, dtype=dtype).get()
    assert r.dtype == numpy.dtype(dtype)
    assert r.min() >= lo and int(r.max()) < hi
    r = rng().integers(lo, hi - 1, size=2000, dtype=dtype, endpoint=True).get()
    assert int(r.max()) <= hi - 1


def test_integers_errors_as_numpy():
    for args, kw in [((5, 5), {}), ((5, 4), {"endpoint": True}), ((-1, 10), {"dtype": "uint8"}),
                     ((0, 257), {"dtype": "uint8"})]:
        with pytest.raises(ValueError) as e_np:
            numpy.random.default_rng().integers(*args, **kw)
        with pytest.raises(ValueError) as e_cp:
            rng().integers(*args, **kw)
        assert str(e_cp.value) == str(e_np.value)


def test_integers_array_bounds_broadcast():
    low = cupric.asarray([0, 10, 100])
    r = rng().integers(low, low + 5, size=(4, 3)).get()
    assert r.shape == (4, 3)
    assert ((r >= [0, 10, 100]) & (r < [5, 15, 105])).all()
    with pytest.raises(ValueError):
        rng().integers(cupric.asarray([5, 5]), 5)


def test_integers_uniform_chi2():
    r = rng(5).integers(0, 10, size=100000).get()
    counts = numpy.bincount(r, minlength=10)
    assert_counts(counts)


def test_normal_broadcasts_parameters():
    r = rng().normal(cupric.asarray([0.0, 100.0]), 1.0, size=(1000, 2)).get()
    assert r.shape == (1000, 2)
    assert abs(r[:, 1].mean() - 100) < 0.3
    assert rng().normal([1.0, 2.0, 3.0]).shape == (3,)
    with pytest.raises(ValueError, match="shape mismatch"):
        rng().normal([1.0, 2.0], size=3)


@pytest.mark.parametrize("method,args,message", [("normal", (0, -1), "scale < 0"), ("exponential", (-2.0,), "scale < 0")])
def test_bad_parameters_raise_numpys_value_error(method, args, message):
    with pytest.raises(ValueError, match=message):
        getattr(numpy.random.default_rng(), method)(*args)
    with pytest.raises(ValueError, match=message):
        getattr(rng(), method)(*args)
    with pytest.raises(ValueError, match=message):
        getattr(rng(), method)(*[cupric.asarray([a, a]) for a in args])


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_uniform_ks(dtype):
    r = rng(21).random(200000, dtype=dtype).get()
    assert r.min() >= 0 and r.max() < 1
    assert_ks(r, "uniform")


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_standard_normal_ks_and_moments(dtype):
    r = rng(22).standard_normal(200000, dtype=dtype).get().astype(numpy.float64)
    assert abs(r.mean()) < 0.01 and abs(r.std() - 1) < 0.01
    assert_ks(r, "norm")


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
def test_standard_exponential_ks(dtype):
    r = rng(23).standard_exponential(200000, dtype=dtype).get().astype(numpy.float64)
    assert r.min() > 0
    assert_ks(r, "expon")


def test_uniform_with_bounds_ks():
    r = rng(24).uniform(-2.0, 3.0, size=100000).get()
    assert_ks(r, "uniform", -2.0, 5.0)


@pytest.mark.parametrize("kind", [cr.XORWOW, cr.MRG32k3a])
def test_other_bit_generators_ks(kind):
    g = cr.Generator(kind(3))
    assert_ks(g.random(100000).get(), "uniform")
    assert_ks(g.standard_normal(100000).get(), "norm")


def test_out_argument():
    out = cupric.empty((3, 4), dtype=numpy.float32)
    r = rng(1).random(dtype=numpy.float32, out=out)
    assert r is out
    numpy.testing.assert_array_equal(out.get(), rng(1).random((3, 4), dtype=numpy.float32).get())
    with pytest.raises(TypeError):
        rng().random(out=out)  # float64 into float32
    with pytest.raises(ValueError):
        rng().random(size=5, dtype=numpy.float32, out=out)


def test_bytes():
    b = rng(2).bytes(13)
    assert isinstance(b, bytes) and len(b) == 13
    assert b == rng(2).bytes(13)
