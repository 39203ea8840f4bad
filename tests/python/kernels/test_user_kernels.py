"""ElementwiseKernel and ReductionKernel against NumPy, on whichever backend runs the suite (host:
generated C++ compiled with the system compiler; CUDA: NVRTC). Kernel patterns of CuPy's
documentation: generic and typed parameters, raw parameters with `i` and `_ind.size()`, `size=`,
broadcasting, out arguments, reductions with post_map, axis and keepdims."""
import numpy
import pytest

import cupric
from cupric.cuda.compiler import CompileException


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("kcache")))
    yield
    mp.undo()


def rand(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind == "c":
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)
    if dt.kind == "f":
        return rng.standard_normal(shape).astype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, shape).astype(dt)
    return rng.integers(0, 50, shape).astype(dt)


squared_diff = cupric.ElementwiseKernel("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)",
                                        "squared_diff")
squared_diff_generic = cupric.ElementwiseKernel("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff_generic")


def test_elementwise_typed():
    x, y = rand((5, 4), "float32", 1), rand((5, 4), "float32", 2)
    z = squared_diff(cupric.asarray(x), cupric.asarray(y))
    assert z.dtype == numpy.float32 and z.shape == (5, 4)
    numpy.testing.assert_allclose(z.get(), (x - y) ** 2, rtol=1e-6)


def test_elementwise_typed_casts_inputs():
    x = numpy.arange(6, dtype=numpy.int32)
    z = squared_diff(cupric.asarray(x), cupric.asarray(x[::-1].copy()))
    assert z.dtype == numpy.float32
    numpy.testing.assert_allclose(z.get(), ((x - x[::-1]) ** 2).astype(numpy.float32))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "int64", "float16", "float32", "float64",
                                   "complex64", "complex128"])
def test_elementwise_generic_dtypes(dtype):
    x, y = rand((7,), dtype, 3), rand((7,), dtype, 4)
    z = squared_diff_generic(cupric.asarray(x), cupric.asarray(y))
    assert z.dtype == numpy.dtype(dtype)
    expected = (x - y) * (x - y)
    numpy.testing.assert_allclose(z.get(), expected, rtol=1e-2 if dtype == "float16" else 1e-6)


def test_elementwise_generic_type_mismatch():
    with pytest.raises(TypeError, match="Type is mismatched"):
        squared_diff_generic(cupric.arange(3, dtype=numpy.float32), cupric.arange(3, dtype=numpy.float64))


def test_elementwise_broadcast_and_scalar():
    x = rand((3, 1, 4), "float32", 5)
    y = rand((5, 1), "float32", 6)
    z = squared_diff_generic(cupric.asarray(x), cupric.asarray(y))
    assert z.shape == (3, 5, 4)
    numpy.testing.assert_allclose(z.get(), (x - y) ** 2, rtol=1e-6)
    # scalars take the type an array decided (arrays bind generic types first)
    for s in (2.0, 2, numpy.float64(2.0)):
        z2 = squared_diff_generic(cupric.asarray(x), s)
        assert z2.dtype == numpy.float32
        numpy.testing.assert_allclose(z2.get(), (x - 2) ** 2, rtol=1e-6)
    # without arrays, a NumPy scalar decides T, a Python float makes it float64
    k = cupric.ElementwiseKernel("T x", "raw int32 y", "y[i] = sizeof(T)", "scalar_only")
    y = cupric.zeros(2, dtype=numpy.int32)
    k(1.5, y, size=2)
    numpy.testing.assert_array_equal(y.get(), [8, 8])
    k(numpy.float32(1.5), y, size=2)
    numpy.testing.assert_array_equal(y.get(), [4, 4])


@pytest.mark.parametrize("layout", ["transposed", "negative_step", "zero_size", "zero_d"])
def test_elementwise_layouts(layout):
    base = rand((6, 8), "float64", 7)
    if layout == "transposed":
        xn = base.T
        x = cupric.asarray(base).T
    elif layout == "negative_step":
        xn = base[::-2, ::-1]
        x = cupric.asarray(base)[::-2, ::-1]
    elif layout == "zero_size":
        xn = base[:0]
        x = cupric.asarray(base)[:0]
    else:
        xn = numpy.array(base[1, 2])
        x = cupric.asarray(xn)
    z = squared_diff_generic(x, x + 1)
    assert z.shape == xn.shape
    numpy.testing.assert_allclose(z.get(), numpy.ones_like(xn))


def test_elementwise_out_argument():
    x, y = rand((4, 3), "float32", 8), rand((4, 3), "float32", 9)
    out = cupric.zeros((4, 3), dtype=numpy.float32)
    r = squared_diff(cupric.asarray(x), cupric.asarray(y), out)
    assert r is out
    numpy.testing.assert_allclose(out.get(), (x - y) ** 2, rtol=1e-6)
    # out into a transposed view
    outT = cupric.zeros((3, 4), dtype=numpy.float32)
    squared_diff(cupric.asarray(x), cupric.asarray(y), outT.T)
    numpy.testing.assert_allclose(outT.get(), ((x - y) ** 2).T, rtol=1e-6)
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        squared_diff(cupric.asarray(x), cupric.asarray(y), cupric.zeros((3, 3), dtype=numpy.float32))
    with pytest.raises(TypeError, match="Type is mismatched"):
        squared_diff(cupric.asarray(x), cupric.asarray(y), cupric.zeros((4, 3), dtype=numpy.float64))


def test_elementwise_raw_params_and_ind_size():
    # reverse a vector through a raw parameter (CuPy documentation pattern)
    rev = cupric.ElementwiseKernel("raw T x", "T y", "y = x[_ind.size() - i - 1]", "reverse")
    x = rand((9,), "int32", 10)
    y = rev(cupric.asarray(x), cupric.empty(9, dtype=numpy.int32))
    numpy.testing.assert_array_equal(y.get(), x[::-1])
    # raw 2-d input indexed with the flat index of its own shape
    x2 = rand((3, 4), "float64", 11)
    y2 = rev(cupric.asarray(x2), cupric.empty(12, dtype=numpy.float64))
    numpy.testing.assert_array_equal(y2.get(), x2.ravel()[::-1])


def test_elementwise_size_without_arrays():
    iota = cupric.ElementwiseKernel("", "raw int64 y", "y[i] = i * 3", "iota3")
    y = cupric.zeros(10, dtype=numpy.int64)
    iota(y, size=10)
    numpy.testing.assert_array_equal(y.get(), numpy.arange(10) * 3)
    with pytest.raises(ValueError, match="Loop size is undecided"):
        iota(y)
    fill = cupric.ElementwiseKernel("T v", "raw T y", "y[i] = v", "fill_raw")
    y2 = cupric.zeros(5, dtype=numpy.float32)
    fill(numpy.float32(2.5), y2, size=5)
    numpy.testing.assert_array_equal(y2.get(), numpy.full(5, 2.5, numpy.float32))


def test_elementwise_multiple_outputs_and_flags():
    k = cupric.ElementwiseKernel("T x", "T s, T d", "s = x + x; d = x * x", "two_outs")
    x = rand((6,), "float64", 12)
    s, d = k(cupric.asarray(x))
    numpy.testing.assert_allclose(s.get(), 2 * x)
    numpy.testing.assert_allclose(d.get(), x * x)
    k1 = cupric.ElementwiseKernel("T x", "T y", "y = x + 1", "tuple_ret", return_tuple=True)
    r = k1(cupric.asarray(x))
    assert isinstance(r, tuple) and len(r) == 1
    k2 = cupric.ElementwiseKernel("T x", "T y", "y = x + 1", "no_ret", no_return=True)
    assert k2(cupric.asarray(x)) is None


def test_elementwise_preamble_loop_prep_after_loop():
    k = cupric.ElementwiseKernel(
        "T x", "T y", "y = twice(x) + offset", "with_preamble",
        preamble="template <class U> CUPRIC_HD U twice(U v) { return v + v; }",
        loop_prep="const T offset = 1", after_loop="")
    x = rand((5,), "float32", 13)
    numpy.testing.assert_allclose(k(cupric.asarray(x)).get(), 2 * x + 1, rtol=1e-6)


def test_elementwise_half_output():
    k = cupric.ElementwiseKernel("T x", "T y", "y = x * 2", "half_twice")
    x = numpy.array([0.5, 1.5, -3.25, 65504 / 4], numpy.float16)
    y = k(cupric.asarray(x))
    assert y.dtype == numpy.float16
    numpy.testing.assert_array_equal(y.get(), x * 2)
    # compound assignment and a constant of type T work for half types
    acc = cupric.ElementwiseKernel("T x", "T y", "const T two = 2; y += x * two", "half_acc")
    import ml_dtypes  # NumPy knows bfloat16 by ml_dtypes' type, not by name

    for dt in (numpy.float16, ml_dtypes.bfloat16):
        out = cupric.asarray(numpy.ones(4, dtype=dt))
        acc(cupric.asarray(x.astype(dt)), out)
        numpy.testing.assert_array_equal(out.get().astype(numpy.float32),
                                         (1 + x.astype(numpy.float32) * 2).astype(dt).astype(numpy.float32))


def test_elementwise_atomics():
    # `atomicAdd` is in the header set on both backends
    k = cupric.ElementwiseKernel("T x", "raw T total", "atomicAdd(&total[0], x)", "atomic_total", no_return=True)
    x = numpy.arange(100, dtype=numpy.float64)
    total = cupric.zeros(1, dtype=numpy.float64)
    k(cupric.asarray(x), total)
    assert total.get()[0] == x.sum()


def test_elementwise_argument_errors():
    with pytest.raises(TypeError, match="Wrong number of arguments"):
        squared_diff(cupric.zeros(3, dtype=numpy.float32))
    with pytest.raises(TypeError, match="Unsupported type"):
        squared_diff(numpy.zeros(3, numpy.float32), cupric.zeros(3, dtype=numpy.float32))
    with pytest.raises(ValueError, match="Wrong type"):
        cupric.ElementwiseKernel("float x", "float y", "y = x", "bad_type")
    with pytest.raises(ValueError):
        cupric.ElementwiseKernel("T x, T x", "T y", "y = x", "dup")
    with pytest.raises(ValueError, match="Invalid kernel name"):
        cupric.ElementwiseKernel("T x", "T y", "y = x", "<lambda>")


def test_elementwise_compile_error(monkeypatch):
    bad = cupric.ElementwiseKernel("T x", "T y", "y = x + undefined_name", "bad_kernel")
    with pytest.raises(CompileException) as e:
        bad(cupric.zeros(3))
    assert "undefined_name" in str(e.value) and "undefined_name" in e.value.log
    assert "y = x + undefined_name" in e.value.source and e.value.name == "bad_kernel"
    import pickle
    e_copy = pickle.loads(pickle.dumps(e.value))
    assert str(e_copy) == str(e.value) and e_copy.log == e.value.log
    monkeypatch.setenv("CUPRIC_DUMP_CUDA_SOURCE_ON_ERROR", "1")
    bad2 = cupric.ElementwiseKernel("T x", "T y", "y = x + undefined_name2", "bad_kernel2")
    with pytest.raises(CompileException) as e2:
        bad2(cupric.zeros(3))
    assert "y = x + undefined_name2" in str(e2.value) and "CArray" in str(e2.value)


# ---- ReductionKernel -----------------------------------------------------------------------------

l2norm = cupric.ReductionKernel("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("axis,keepdims", [(None, False), (1, False), (0, True), ((0, 2), False), (-1, True)])
def test_reduction_l2norm(dtype, axis, keepdims):
    x = rand((4, 5, 3), dtype, 20)
    y = l2norm(cupric.asarray(x), axis=axis, keepdims=keepdims)
    expected = numpy.sqrt((x * x).sum(axis=axis, keepdims=keepdims))
    assert y.dtype == numpy.dtype(dtype) and y.shape == expected.shape
    numpy.testing.assert_allclose(y.get(), expected, rtol=1e-5)


def test_reduction_reduce_type_and_typed_output():
    # sum of int8 in int64 (reduce_type), output float64 mean via post_map
    mean = cupric.ReductionKernel("T x", "float64 y", "x", "a + b", "y = (double)a / _in_size", "0", "mean_k",
                                  reduce_type="long long", preamble="#define _in_size 10")
    x = numpy.arange(-50, 50, dtype=numpy.int8).reshape(10, 10)
    y = mean(cupric.asarray(x), axis=0)
    numpy.testing.assert_allclose(y.get(), x.astype(numpy.int64).sum(axis=0) / 10)


def test_reduction_no_identity_max_and_empty():
    kmax = cupric.ReductionKernel("T x", "T y", "x", "a > b ? a : b", "y = a", None, "kmax")
    x = rand((6, 7), "int32", 21)
    numpy.testing.assert_array_equal(kmax(cupric.asarray(x), axis=1).get(), x.max(axis=1))
    with pytest.raises(ValueError, match="zero-size"):
        kmax(cupric.zeros((0, 3), dtype=numpy.int32), axis=0)
    # with an identity an empty reduction gives the identity
    s = cupric.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "ksum")
    numpy.testing.assert_array_equal(s(cupric.zeros((0, 3), dtype=numpy.int32), axis=0).get(), numpy.zeros(3))


def test_reduction_two_inputs_broadcast_and_out():
    dot = cupric.ReductionKernel("T x, T y", "T z", "x * y", "a + b", "z = a", "0", "rowdot")
    x = rand((4, 6), "float64", 22)
    y = rand((6,), "float64", 23)
    out = cupric.empty(4, dtype=numpy.float64)
    r = dot(cupric.asarray(x), cupric.asarray(y), out, axis=1)
    assert r is out
    numpy.testing.assert_allclose(out.get(), x @ y, rtol=1e-12)
    r2 = dot(cupric.asarray(x), cupric.asarray(y), out=cupric.empty((1, 6), dtype=numpy.float64), axis=0,
             keepdims=True)
    numpy.testing.assert_allclose(r2.get(), (x * y).sum(axis=0, keepdims=True), rtol=1e-12)
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        dot(cupric.asarray(x), cupric.asarray(y), cupric.empty(5, dtype=numpy.float64), axis=1)


def test_reduction_transposed_and_complex():
    csum = cupric.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "csum")
    x = rand((5, 3), "complex128", 24)
    numpy.testing.assert_allclose(csum(cupric.asarray(x).T, axis=1).get(), x.T.sum(axis=1), rtol=1e-12)


def test_reduction_axis_errors():
    x = cupric.zeros((2, 3))
    with pytest.raises(numpy.exceptions.AxisError):
        l2norm(x, axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        l2norm(x, axis=(0, 0))
