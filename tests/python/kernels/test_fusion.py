"""cupric.fuse against NumPy on whichever backend runs the suite: elementwise chains, operators,
NumPy ufuncs through __array_ufunc__, Python and NumPy scalars, several outputs, a final reduction,
and the eager fallback (with a warning) for what cannot be fused."""
import warnings

import numpy
import pytest

import cupric
import cupric as cp


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("fcache")))
    yield
    mp.undo()


def rand(shape, dtype, seed):
    return numpy.random.default_rng(seed).standard_normal(shape).astype(dtype)


@cupric.fuse(kernel_name="chain")
def chain(u, v):
    return cp.sqrt(u * u + v * v) * 0.5 + cp.sin(u)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fuse_chain(dtype):
    u, v = rand((64, 33), dtype, 1), rand((64, 33), dtype, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = chain(cupric.asarray(u), cupric.asarray(v))
    expected = numpy.sqrt(u * u + v * v) * 0.5 + numpy.sin(u)
    assert r.dtype == expected.dtype and r.shape == expected.shape
    numpy.testing.assert_allclose(r.get(), expected, rtol=1e-5 if dtype == "float32" else 1e-12,
                               atol=1e-6 if dtype == "float32" else 0)
    assert chain._cache  # compiled, not eager
    assert all(e is not False for e in chain._cache.values())


def test_fuse_numpy_ufuncs_scalars_and_promotion():
    @cupric.fuse
    def f(x, y, s):
        return numpy.exp(x) - y / s + numpy.float64(1.5) * (x > 0)

    x = rand((10,), "float32", 3)
    y = numpy.arange(10, dtype=numpy.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = f(cupric.asarray(x), cupric.asarray(y), 3)
    expected = numpy.exp(x) - y / 3 + numpy.float64(1.5) * (x > 0)
    assert r.dtype == expected.dtype
    numpy.testing.assert_allclose(r.get(), expected, rtol=1e-6)


def test_fuse_broadcast_and_tuple_output():
    @cupric.fuse()
    def two(a, b):
        return a + b, cp.maximum(a, b)

    a, b = rand((4, 1), "float64", 4), rand((1, 5), "float64", 5)
    s, m = two(cupric.asarray(a), cupric.asarray(b))
    numpy.testing.assert_allclose(s.get(), a + b)
    numpy.testing.assert_allclose(m.get(), numpy.maximum(a, b))


@pytest.mark.parametrize("kind", ["sum", "prod", "max", "min"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_fuse_final_reduction(kind, axis):
    def body(x, y):
        z = x * y + 1
        return getattr(cp, kind)(z, axis=axis)

    f = cupric.fuse(body)
    x, y = rand((6, 5), "float64", 6), rand((6, 5), "float64", 7)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = f(cupric.asarray(x), cupric.asarray(y))
    expected = getattr(numpy, kind)(x * y + 1, axis=axis)
    assert r.shape == expected.shape and r.dtype == expected.dtype
    numpy.testing.assert_allclose(r.get(), expected, rtol=1e-10)


def test_fuse_method_reduction_keepdims_int_promotes():
    @cupric.fuse
    def f(x):
        return (x * 2).sum(axis=1, keepdims=True)

    x = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    r = f(cupric.asarray(x))
    expected = (x * 2).sum(axis=1, keepdims=True)
    assert r.dtype == expected.dtype and r.shape == expected.shape
    numpy.testing.assert_array_equal(r.get(), expected)


def test_fuse_fallback_warns_and_runs_eagerly():
    @cupric.fuse
    def f(x):
        if x > 0:  # control flow on values cannot be traced
            return x
        return -x

    @cupric.fuse
    def g(x):
        return cp.sum(x) + 1  # an operation after the reduction

    x = cupric.asarray(numpy.array(2.0))
    with pytest.warns(UserWarning, match="runs unfused"):
        assert float(f(x).get()) == 2.0
    x2 = cupric.asarray(numpy.arange(4.0))
    with pytest.warns(UserWarning, match="runs unfused"):
        assert float(g(x2).get()) == 7.0


def test_fuse_kernel_name_and_repr():
    assert chain.name == "chain" and "chain" in repr(chain)


def test_fuse_where_and_comparisons():
    @cupric.fuse
    def relu_scaled(x, s):
        return cp.where(x > 0, x * s, 0)

    x = rand((7, 3), "float32", 9)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = relu_scaled(cupric.asarray(x), numpy.float32(2))
    expected = numpy.where(x > 0, x * numpy.float32(2), 0)
    assert r.dtype == expected.dtype
    numpy.testing.assert_allclose(r.get(), expected)


def test_fuse_lambda_name():
    f = cupric.fuse(lambda u, v: cp.sqrt(u * u + v * v) * 0.5 + cp.sin(u))
    u = rand((5,), "float32", 11)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = f(cupric.asarray(u), cupric.asarray(u))
    numpy.testing.assert_allclose(r.get(), numpy.sqrt(2 * u * u) * 0.5 + numpy.sin(u), rtol=1e-5, atol=1e-6)
