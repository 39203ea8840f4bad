"""CUDA's device vocabulary in ElementwiseKernel and ReductionKernel code (max/min, __device__
functions in a preamble, erfcinv, rsqrt, __float2int_rn, __int_as_float, fast-math intrinsics, bit
intrinsics, vector types, atomics): NVRTC knows it on the GPU and cupric/jit/host_cuda.hpp gives it
to the host compiler. Backend neutral: each kernel is compared with NumPy/SciPy."""
import numpy
import pytest
import scipy.special

import cupric


@pytest.fixture(autouse=True, scope="module")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("CUPRIC_CACHE_DIR", str(tmp_path_factory.mktemp("vcache")))
    yield
    mp.undo()


def run1(op, x, out_dtype=None, in_type="T", out_type="T", **kw):
    k = cupric.ElementwiseKernel(f"{in_type} x", f"{out_type} y", op, "vocab_k", **kw)
    return k(cupric.asarray(x)).get()


X64 = numpy.linspace(-3, 3, 41)


def test_max_min_same_and_mixed_types():
    numpy.testing.assert_array_equal(run1("y = max(x, 0.0)", X64), numpy.maximum(X64, 0))
    numpy.testing.assert_array_equal(run1("y = min(x, 1.0f)", X64), numpy.minimum(X64, 1))  # double, float
    xi = numpy.arange(-5, 5, dtype=numpy.int32)
    numpy.testing.assert_array_equal(run1("y = max(x, 2) + min(x, -1)", xi), numpy.maximum(xi, 2) + numpy.minimum(xi, -1))
    xf = X64.astype(numpy.float32)
    numpy.testing.assert_array_equal(run1("y = max(x, 0.5f)", xf), numpy.maximum(xf, numpy.float32(0.5)))
    xu = numpy.arange(10, dtype=numpy.uint64)
    numpy.testing.assert_array_equal(run1("y = max(x, 4ull)", xu), numpy.maximum(xu, 4))


def test_device_function_in_preamble():
    pre = """
    __device__ double softplus(double v) { return v > 20 ? v : log1p(exp(v)); }
    __device__ __forceinline__ double clip01(double v) { return min(max(v, 0.0), 1.0); }
    """
    got = run1("y = clip01(softplus(x) / 3)", X64, preamble=pre)
    numpy.testing.assert_allclose(got, numpy.clip(numpy.log1p(numpy.exp(X64)) / 3, 0, 1), rtol=1e-14)


@pytest.mark.parametrize("fn,ref,lo,hi", [
    ("erfcinv", scipy.special.erfcinv, 1e-12, 2 - 1e-12),
    ("erfinv", scipy.special.erfinv, -0.999999, 0.999999),
    ("normcdfinv", scipy.special.ndtri, 1e-10, 1 - 1e-10),
    ("normcdf", scipy.special.ndtr, -8, 8),
    ("rsqrt", lambda v: 1 / numpy.sqrt(v), 1e-3, 1e3),
    ("rcbrt", lambda v: 1 / numpy.cbrt(v), 0.5, 50),
    ("sinpi", lambda v: numpy.sin(numpy.pi * v), -4, 4),
    ("cospi", lambda v: numpy.cos(numpy.pi * v), -4, 4),
])
def test_cuda_math_double(fn, ref, lo, hi):
    x = numpy.linspace(lo, hi, 101)
    numpy.testing.assert_allclose(run1(f"y = {fn}(x)", x), ref(x), rtol=1e-13, atol=1e-15)


@pytest.mark.parametrize("fn,ref", [("erfcinvf", scipy.special.erfcinv), ("rsqrtf", lambda v: 1 / numpy.sqrt(v)),
                                    ("normcdff", scipy.special.ndtr), ("erfinvf", scipy.special.erfinv)])
def test_cuda_math_float(fn, ref):
    x = numpy.linspace(0.05, 0.95, 37).astype(numpy.float32)
    numpy.testing.assert_allclose(run1(f"y = {fn}(x)", x), ref(x.astype(numpy.float64)), rtol=1e-5)


def test_sinpi_exact_at_integers():
    x = numpy.arange(-4, 5, dtype=numpy.float64)
    numpy.testing.assert_array_equal(run1("y = sinpi(x)", x), numpy.zeros_like(x))
    numpy.testing.assert_array_equal(run1("y = cospi(x + 0.5)", x), numpy.zeros_like(x))


def test_fast_math_intrinsics():
    x = numpy.linspace(-3, 3, 61).astype(numpy.float32)
    got = run1("y = __expf(x) + __sinf(x) + __cosf(x) + __fdividef(x, 3.0f) + fmaf(x, x, 1.0f)", x)
    expected = numpy.exp(x) + numpy.sin(x) + numpy.cos(x) + x / 3 + (x * x + 1)
    numpy.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    xp = numpy.linspace(0.1, 10, 37).astype(numpy.float32)
    numpy.testing.assert_allclose(run1("y = __logf(x) + __powf(x, 1.5f) + rsqrtf(x)", xp),
                                  numpy.log(xp) + xp ** 1.5 + 1 / numpy.sqrt(xp), rtol=1e-5, atol=1e-5)


def test_float_to_int_rounding_and_saturation():
    x = numpy.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.7, -2.7, 1e10, -1e10, numpy.nan], numpy.float32)
    got = run1("y = __float2int_rn(x)", x, in_type="float32", out_type="int32")
    info = numpy.iinfo(numpy.int32)
    expected = numpy.clip(numpy.nan_to_num(numpy.rint(x.astype(numpy.float64)), nan=0), info.min, info.max)
    numpy.testing.assert_array_equal(got, expected.astype(numpy.int32))
    got_rz = run1("y = __float2int_rz(x) + __float2int_rd(x) * 100", x[:7], in_type="float32", out_type="int32")
    numpy.testing.assert_array_equal(got_rz, (numpy.trunc(x[:7]) + numpy.floor(x[:7]) * 100).astype(numpy.int32))
    xd = numpy.array([2.5, 3.5, -7.25, 1e20])
    numpy.testing.assert_array_equal(run1("y = __double2ll_rn(x)", xd, in_type="float64", out_type="int64"),
                                     [2, 4, -7, numpy.iinfo(numpy.int64).max])


def test_bit_reinterpretation():
    i = numpy.array([0x3F800000, 0x40490FDB, -0x800000, 0], numpy.int32)
    numpy.testing.assert_array_equal(run1("y = __int_as_float(x)", i, in_type="int32", out_type="float32"),
                                     i.view(numpy.float32))
    f = numpy.array([1.0, -2.5, numpy.inf, 0.0], numpy.float32)
    numpy.testing.assert_array_equal(run1("y = __float_as_int(x)", f, in_type="float32", out_type="int32"),
                                     f.view(numpy.int32))
    d = numpy.array([1.0, -3.75, 1e300])
    numpy.testing.assert_array_equal(
        run1("y = __longlong_as_double(__double_as_longlong(x) ^ (1ll << 63))", d, in_type="float64",
             out_type="float64"), -d)


def test_classification():
    x = numpy.array([0.0, numpy.nan, numpy.inf, -numpy.inf, -2.0])
    got = run1("y = (isnan(x) ? 1 : 0) + (isinf(x) ? 2 : 0) + (isfinite(x) ? 4 : 0) + (signbit(x) ? 8 : 0)", x,
               in_type="float64", out_type="int32")
    expected = (numpy.isnan(x) * 1 + numpy.isinf(x) * 2 + numpy.isfinite(x) * 4 + numpy.signbit(x) * 8)
    numpy.testing.assert_array_equal(got, expected)


def test_integer_intrinsics():
    u = numpy.array([0, 1, 0xFF, 0x80000000, 0x12345678, 0xFFFFFFFF], numpy.uint32)
    got = run1("y = __popc(x) + 100 * __clz((int)x) + 10000 * __ffs((int)x)", u, in_type="uint32", out_type="int64")
    popc = numpy.array([bin(int(v)).count("1") for v in u])
    clz = numpy.array([32 - int(v).bit_length() for v in u])
    ffs = numpy.array([(int(v) & -int(v)).bit_length() for v in u])
    numpy.testing.assert_array_equal(got, popc + 100 * clz + 10000 * ffs)
    brev = numpy.array([int(f"{int(v):032b}"[::-1], 2) for v in u], numpy.uint32)
    numpy.testing.assert_array_equal(run1("y = __brev(x)", u, in_type="uint32", out_type="uint32"), brev)
    numpy.testing.assert_array_equal(run1("y = __umulhi(x, 0x10000u)", u, in_type="uint32", out_type="uint32"),
                                     (u.astype(numpy.uint64) * 0x10000 >> 32).astype(numpy.uint32))


def test_vector_types():
    k = cupric.ElementwiseKernel("float32 x", "float32 y",
                                 "float4 v = make_float4(x, 2 * x, 3 * x, 4 * x); y = v.x + v.y + v.z + v.w",
                                 "vocab_vec")
    x = numpy.arange(8, dtype=numpy.float32)
    numpy.testing.assert_array_equal(k(cupric.asarray(x)).get(), 10 * x)


@pytest.mark.parametrize("dtype", ["int32", "uint32", "uint64", "float32", "float64"])
def test_atomics_in_elementwise(dtype):
    # CUDA's overload set: atomicAdd on all five, atomicMax on the integer ones
    op = "atomicAdd(&total[0], x)" + ("; atomicMax(&hi[0], x)" if "int" in dtype else "")
    k = cupric.ElementwiseKernel("T x", "raw T total, raw T hi", op, "vocab_atomics", no_return=True)
    x = numpy.arange(1, 200).astype(dtype)
    total, hi = cupric.zeros(1, dtype=dtype), cupric.zeros(1, dtype=dtype)
    k(cupric.asarray(x), total, hi)
    assert total.get()[0] == x.sum()
    if "int" in dtype:
        assert hi.get()[0] == x.max()


def test_atomic_cas_and_unsigned_conversions():
    k = cupric.ElementwiseKernel("int32 x", "raw uint32 count, raw int32 flag",
                                 "atomicAdd(&count[0], 1); atomicCAS(&flag[0], 0, x); atomicInc(&count[1], 5)",
                                 "vocab_cas", no_return=True)
    count, flag = cupric.zeros(2, dtype=numpy.uint32), cupric.zeros(1, dtype=numpy.int32)
    k(cupric.arange(1, 14, dtype=numpy.int32), count, flag)
    assert count.get()[0] == 13 and count.get()[1] == 13 % 6
    assert 1 <= flag.get()[0] <= 13


def test_reduction_with_max_and_device_preamble():
    pre = "__device__ double sq(double v) { return v * v; }"
    k = cupric.ReductionKernel("T x", "T y", "sq(x)", "max(a, b)", "y = sqrt(a)", "0", "vocab_red", preamble=pre)
    x = numpy.random.default_rng(3).standard_normal((5, 40))
    numpy.testing.assert_allclose(k(cupric.asarray(x), axis=1).get(), numpy.abs(x).max(axis=1), rtol=1e-14)
    kmin = cupric.ReductionKernel("T x", "T y", "x", "min(a, b)", "y = a",
                                  "__longlong_as_double(0x7ff0000000000000LL)", "vocab_red_min")  # +inf
    numpy.testing.assert_array_equal(kmin(cupric.asarray(x), axis=0).get(), x.min(axis=0))
