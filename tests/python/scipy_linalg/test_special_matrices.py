"""cupricx.scipy.linalg's special matrices (C++: cupric/linalg/special_matrices.hpp) against
SciPy 1.17: values, dtypes, batches, empty and non-contiguous inputs, and SciPy's errors."""
import warnings

import numpy
import pytest
import scipy.linalg

import cupric as cp
import cupricx.scipy.linalg as cl
from cupric import testing

# The GPU machine has SciPy 1.18; cupric follows SciPy 1.17 (the tests' baseline) where they differ.
SCIPY_117 = scipy.__version__.startswith("1.17.")

DTYPES = [numpy.bool_, numpy.int8, numpy.int32, numpy.int64, numpy.uint16, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def values(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    v = rng.integers(1, 9, size=shape)
    if numpy.dtype(dtype).kind == 'c':
        return (v + 1j * rng.integers(-5, 5, size=shape)).astype(dtype)
    return v.astype(dtype)


def dev(*hosts):
    return [cp.asarray(h) for h in hosts]


@pytest.mark.parametrize("dtype", DTYPES)
def test_toeplitz_dtypes(dtype):
    c, r = values(4, dtype), values(6, dtype, seed=1)
    testing.assert_matches_numpy(cl.toeplitz(*dev(c)), scipy.linalg.toeplitz(c))
    testing.assert_matches_numpy(cl.toeplitz(*dev(c, r)), scipy.linalg.toeplitz(c, r))
    testing.assert_matches_numpy(cl.toeplitz(*dev(r, c)), scipy.linalg.toeplitz(r, c))


def test_toeplitz_mixed_dtypes_batches_and_layouts():
    c, r = values((2, 3, 4), numpy.float32), values((3, 5), numpy.int64, seed=2)
    testing.assert_matches_numpy(cl.toeplitz(*dev(c, r)), scipy.linalg.toeplitz(c, r))
    cc = values(8, numpy.complex64)[::2]
    testing.assert_matches_numpy(cl.toeplitz(cp.asarray(values(8, numpy.complex64))[::2]), scipy.linalg.toeplitz(cc))
    testing.assert_matches_numpy(cl.toeplitz(3.0), scipy.linalg.toeplitz(3.0))
    testing.assert_matches_numpy(cl.toeplitz([1, 2, 3], [7]), scipy.linalg.toeplitz([1, 2, 3], [7]))
    testing.assert_matches_numpy(cl.toeplitz(cp.zeros(0), cp.ones(3)), scipy.linalg.toeplitz(numpy.zeros(0), numpy.ones(3)))
    testing.assert_matches_numpy(cl.toeplitz(cp.ones(3), cp.ones(0)), scipy.linalg.toeplitz(numpy.ones(3), numpy.ones(0)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_circulant_dtypes(dtype):
    c = values(5, dtype)
    testing.assert_matches_numpy(cl.circulant(cp.asarray(c)), scipy.linalg.circulant(c))


def test_circulant_batches_empty_and_layouts():
    c = values((2, 3, 4), numpy.float64)
    testing.assert_matches_numpy(cl.circulant(cp.asarray(c)), scipy.linalg.circulant(c))
    t = values((4, 3), numpy.float64)
    testing.assert_matches_numpy(cl.circulant(cp.asarray(t).T), scipy.linalg.circulant(t.T))
    testing.assert_matches_numpy(cl.circulant(cp.zeros((2, 0))), scipy.linalg.circulant(numpy.zeros((2, 0))))
    testing.assert_matches_numpy(cl.circulant(7), scipy.linalg.circulant(7))


@pytest.mark.parametrize("dtype", DTYPES)
def test_hankel_dtypes(dtype):
    c, r = values(4, dtype), values(3, dtype, seed=1)
    testing.assert_matches_numpy(cl.hankel(*dev(c)), scipy.linalg.hankel(c))
    testing.assert_matches_numpy(cl.hankel(*dev(c, r)), scipy.linalg.hankel(c, r))


def test_hankel_ravels_nd_inputs_with_scipys_future_warning():
    c = values((2, 2), numpy.float32)
    with pytest.warns(FutureWarning, match="Beginning in SciPy 1.19") as got:
        out = cl.hankel(cp.asarray(c))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        testing.assert_matches_numpy(out, scipy.linalg.hankel(c))
    assert len(got) == 1
    testing.assert_matches_numpy(cl.hankel(cp.asarray(values(6, numpy.int32))[::-2], [1, 2]),
                                 scipy.linalg.hankel(values(6, numpy.int32)[::-2], [1, 2]))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int64, numpy.uint8, numpy.float16, numpy.float32, numpy.float64,
                                   numpy.complex64, numpy.complex128])
def test_companion_dtypes(dtype):
    a = values(5, dtype)
    testing.assert_matches_numpy(cl.companion(cp.asarray(a)), scipy.linalg.companion(a), rtol=1e-3)
    testing.assert_matches_numpy(cl.companion(cp.asarray(a[:2])), scipy.linalg.companion(a[:2]), rtol=1e-3)


def test_companion_batches_nan_and_errors():
    a = values((2, 3, 4), numpy.float64)
    testing.assert_matches_numpy(cl.companion(cp.asarray(a)), scipy.linalg.companion(a), rtol=1e-15)
    n = numpy.array([1.0, numpy.nan, 2.0, 3.0])  # NaNs stay in the first row only
    testing.assert_matches_numpy(cl.companion(cp.asarray(n)), scipy.linalg.companion(n))
    for bad in ([1], [0, 1, 2], [[1, 2], [0, 3]], 5.0):
        testing.assert_raises_like_numpy(lambda b=bad: scipy.linalg.companion(b), lambda b=bad: cl.companion(b),
                                         expected=ValueError)


@pytest.mark.parametrize("dtype", [int, numpy.int8, numpy.uint8, numpy.float32, numpy.complex64, bool, 'f8'])
@pytest.mark.parametrize("n", [1, 2, 8, 64])
def test_hadamard(n, dtype):
    try:
        want = scipy.linalg.hadamard(n, dtype=dtype)
    except TypeError:
        testing.assert_raises_like_numpy(lambda: scipy.linalg.hadamard(n, dtype=dtype),
                                         lambda: cl.hadamard(n, dtype=dtype))
        return
    testing.assert_matches_numpy(cl.hadamard(n, dtype=dtype), want)


@pytest.mark.parametrize("n", [0, -4, 3, 6, 12])
def test_hadamard_not_a_power_of_two(n):
    # SciPy's messages change between versions: cupric's are SciPy 1.17's (the GPU machine's newer
    # SciPy words hadamard's differently), so only there is the message compared.
    testing.assert_raises_like_numpy(lambda: scipy.linalg.hadamard(n), lambda: cl.hadamard(n), expected=ValueError,
                                     match_message=scipy.__version__.startswith("1.17."))


@pytest.mark.parametrize("fs", [(numpy.float64, numpy.float64), (numpy.int32, numpy.float32),
                                (numpy.int64, numpy.int64), (numpy.complex64, numpy.float64)])
def test_leslie(fs):
    f, s = values(5, fs[0]), values(4, fs[1], seed=1)
    testing.assert_matches_numpy(cl.leslie(*dev(f, s)), scipy.linalg.leslie(f, s))
    testing.assert_matches_numpy(cl.leslie([1, 2], [3]), scipy.linalg.leslie([1, 2], [3]))


def test_leslie_batches_and_errors():
    f, s = values((2, 3, 4), numpy.float64), values((3, 3), numpy.float64, seed=4)
    testing.assert_matches_numpy(cl.leslie(*dev(f, s)), scipy.linalg.leslie(f, s))
    for ff, ss in (([1, 2, 3], [1]), ([1], []), ([1, 2], [1, 2])):
        testing.assert_raises_like_numpy(lambda: scipy.linalg.leslie(ff, ss), lambda: cl.leslie(ff, ss),
                                         expected=ValueError)


def test_block_diag():
    a, b, c = values((2, 2), numpy.int32), values((2, 3), numpy.float32), values((1, 1), numpy.complex64)
    testing.assert_matches_numpy(cl.block_diag(*dev(a, b, c)), scipy.linalg.block_diag(a, b, c))
    testing.assert_matches_numpy(cl.block_diag(*dev(a, b)), scipy.linalg.block_diag(a, b))
    testing.assert_matches_numpy(cl.block_diag(), scipy.linalg.block_diag())
    testing.assert_matches_numpy(cl.block_diag(1, [2, 3], [[4], [5]]), scipy.linalg.block_diag(1, [2, 3], [[4], [5]]))
    e = numpy.zeros((0, 2))
    testing.assert_matches_numpy(cl.block_diag(cp.asarray(e), cp.asarray(a)), scipy.linalg.block_diag(e, a))
    t = values((3, 4), numpy.float64)
    testing.assert_matches_numpy(cl.block_diag(cp.asarray(t).T, cp.asarray(t)[::2]),
                                 scipy.linalg.block_diag(t.T, t[::2]))


def test_block_diag_batches():
    a, b = values((2, 1, 2, 2), numpy.float64), values((3, 1, 2), numpy.float64, seed=3)
    testing.assert_matches_numpy(cl.block_diag(*dev(a, b)), scipy.linalg.block_diag(a, b))
    with pytest.raises(ValueError):
        cl.block_diag(cp.ones((2, 1, 2)), cp.ones((3, 2, 1)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_khatri_rao(dtype):
    a, b = values((2, 3), dtype), values((4, 3), dtype, seed=1)
    testing.assert_matches_numpy(cl.khatri_rao(*dev(a, b)), scipy.linalg.khatri_rao(a, b))


def test_khatri_rao_layouts_empty_and_errors():
    a, b = values((3, 2), numpy.float64), values((4, 3), numpy.int16)
    testing.assert_matches_numpy(cl.khatri_rao(cp.asarray(a).T, cp.asarray(b)), scipy.linalg.khatri_rao(a.T, b))
    z = numpy.zeros((0, 3), numpy.float32)
    testing.assert_matches_numpy(cl.khatri_rao(cp.asarray(z), cp.asarray(b)), scipy.linalg.khatri_rao(z, b))
    x, y = values((2, 2, 3), numpy.float32), values((4, 3), numpy.complex64)  # batches broadcast
    testing.assert_matches_numpy(cl.khatri_rao(*dev(x, y)), scipy.linalg.khatri_rao(x, y))
    for x, y in ((a, b), (a[0], b), (values((2, 2, 2), numpy.float64), b)):
        testing.assert_raises_like_numpy(lambda: scipy.linalg.khatri_rao(x, y),
                                         lambda: cl.khatri_rao(cp.asarray(x), cp.asarray(y)), expected=ValueError)


@pytest.mark.parametrize("dtype", DTYPES)
def test_kron_matches_numpy_kron_of_matrices(dtype):
    # SciPy 1.17 removed scipy.linalg.kron; CuPy v14 keeps it, equal to numpy.kron for 2-D inputs.
    a, b = values((2, 3), dtype), values((3, 2), dtype, seed=1)
    testing.assert_matches_numpy(cl.kron(*dev(a, b)), numpy.kron(a, b))
    testing.assert_matches_numpy(cl.kron(cp.asarray(a).T, cp.asarray(b)[::2]), numpy.kron(a.T, b[::2]))


def test_tri_tril_triu_are_not_in_cupricx_scipy_linalg_V14_REMOVED():
    """V14-REMOVED: SciPy 1.13 and CuPy v14 dropped tri/tril/triu from scipy.linalg."""
    for name in ("tri", "tril", "triu"):
        assert not hasattr(cl, name)
        assert not hasattr(scipy.linalg, name)


# convolution_matrix, fiedler, fiedler_companion, dft, helmert, hilbert and bandwidth.
NUMERIC = [d for d in DTYPES if d is not numpy.bool_]


def tol(dtype):
    return {numpy.float16: 1e-3, numpy.float32: 1e-6, numpy.complex64: 1e-6}.get(dtype, 1e-13)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_convolution_matrix_dtypes_and_modes(dtype, mode):
    for m, n in ((1, 1), (3, 2), (3, 5), (4, 4), (5, 3), (2, 6), (6, 3)):
        a = values(m, dtype, seed=m)
        testing.assert_matches_numpy(cl.convolution_matrix(cp.asarray(a), n, mode),
                                     scipy.linalg.convolution_matrix(a, n, mode))


def test_convolution_matrix_is_numpy_convolve():
    a, v = values(5, numpy.float64), values(7, numpy.float64, seed=1)
    for mode in ("full", "same", "valid"):
        A = cl.convolution_matrix(cp.asarray(a), 7, mode)
        numpy.testing.assert_allclose(cp.asnumpy(A @ cp.asarray(v)), numpy.convolve(a, v, mode))


def test_convolution_matrix_batches_layouts_and_errors():
    a = values((2, 3, 8), numpy.float32)
    testing.assert_matches_numpy(cl.convolution_matrix(cp.asarray(a)[..., ::2], 3, 'same'),
                                 scipy.linalg.convolution_matrix(a[..., ::2], 3, 'same'))
    testing.assert_matches_numpy(cl.convolution_matrix(cp.asarray(a).T, 2),  # (8, 3, 2): m = 2
                                 scipy.linalg.convolution_matrix(a.T, 2))
    b = values(3, numpy.int64)
    for args in ((b, 0), (b, -2), (b[:0], 3), (b, 3, 'middle')):
        testing.assert_raises_like_numpy(lambda: scipy.linalg.convolution_matrix(*args),
                                         lambda: cl.convolution_matrix(cp.asarray(args[0]), *args[1:]),
                                         expected=ValueError)
    with pytest.raises(TypeError):
        cl.convolution_matrix(cp.asarray(b), 2.5)


@pytest.mark.parametrize("dtype", NUMERIC)
def test_fiedler_dtypes(dtype):
    a = values(5, dtype)
    d = scipy.linalg.fiedler(a)
    # |a_i - a_j| of complex values is a hypot: the GPU's may differ from NumPy's in the last bit.
    testing.assert_matches_numpy(cl.fiedler(cp.asarray(a)), d, rtol=tol(d.dtype.type))


def test_fiedler_batches_layouts_and_edges():
    a = values((3, 2, 6), numpy.float64)
    testing.assert_matches_numpy(cl.fiedler(cp.asarray(a)), scipy.linalg.fiedler(a))
    testing.assert_matches_numpy(cl.fiedler(cp.asarray(a)[:, 1, ::-2]), scipy.linalg.fiedler(a[:, 1, ::-2]))
    testing.assert_matches_numpy(cl.fiedler(cp.asarray([7.0])), scipy.linalg.fiedler([7.0]))
    if SCIPY_117:  # SciPy 1.18 returns (0, 0) here; cupric keeps 1.17's (0,) (the baseline)
        testing.assert_matches_numpy(cl.fiedler(cp.asarray(numpy.zeros(0))), scipy.linalg.fiedler(numpy.zeros(0)))
    assert cl.fiedler(cp.asarray(numpy.zeros(0))).shape == (0,)
    x = numpy.array([True, False])
    testing.assert_raises_like_numpy(lambda: scipy.linalg.fiedler(x), lambda: cl.fiedler(cp.asarray(x)),
                                     expected=TypeError)


@pytest.mark.parametrize("dtype", NUMERIC)
def test_fiedler_companion_dtypes(dtype):
    a = values(6, dtype)
    d = scipy.linalg.fiedler_companion(a)
    testing.assert_matches_numpy(cl.fiedler_companion(cp.asarray(a)), d, rtol=tol(d.dtype.type))


@pytest.mark.parametrize("n", range(1, 11))
def test_fiedler_companion_layout_every_order(n):
    a = numpy.arange(1.0, n + 2.0)  # Note [Fiedler companion layout]
    testing.assert_matches_numpy(cl.fiedler_companion(cp.asarray(a)), scipy.linalg.fiedler_companion(a),
                                 rtol=1e-15)
    # Its eigenvalues are the polynomial's roots.
    ev = numpy.sort_complex(numpy.linalg.eigvals(cp.asnumpy(cl.fiedler_companion(cp.asarray(a)))))
    numpy.testing.assert_allclose(ev, numpy.sort_complex(numpy.roots(a)), rtol=1e-6, atol=1e-8)


def test_fiedler_companion_batches_edges_and_errors():
    a = values((2, 3, 5), numpy.float32) * numpy.float32(2)
    testing.assert_matches_numpy(cl.fiedler_companion(cp.asarray(a)), scipy.linalg.fiedler_companion(a),
                                 rtol=1e-6)
    testing.assert_matches_numpy(cl.fiedler_companion(cp.asarray(a)[..., ::-1]),
                                 scipy.linalg.fiedler_companion(a[..., ::-1]), rtol=1e-6)
    for short in (numpy.array([3]), numpy.ones((2, 3, 1))):
        if SCIPY_117:  # SciPy 1.18 changed these shapes; cupric keeps 1.17's (the baseline)
            testing.assert_matches_numpy(cl.fiedler_companion(cp.asarray(short)),
                                         scipy.linalg.fiedler_companion(short))
        assert cl.fiedler_companion(cp.asarray(short)).shape == short.shape[:-1] + (0,)
    for bad in (numpy.array([0.0, 1, 2]), numpy.array([[1.0, 2, 4], [0, 3, 1]])):
        testing.assert_raises_like_numpy(lambda: scipy.linalg.fiedler_companion(bad),
                                         lambda: cl.fiedler_companion(cp.asarray(bad)), expected=ValueError)


@pytest.mark.parametrize("scale", [None, "sqrtn", "n"])
def test_dft(scale):
    for n in (0, 1, 2, 3, 8, 17, 64):
        testing.assert_matches_numpy(cl.dft(n, scale), scipy.linalg.dft(n, scale), rtol=1e-12, atol=1e-12)
    x = numpy.random.default_rng(0).standard_normal(24)
    numpy.testing.assert_allclose(cp.asnumpy(cl.dft(24) @ cp.asarray(x)), numpy.fft.fft(x), atol=1e-12)


def test_dft_errors():
    for scale in ("N", "sqrt"):
        testing.assert_raises_like_numpy(lambda: scipy.linalg.dft(3, scale), lambda: cl.dft(3, scale),
                                         expected=ValueError)


@pytest.mark.parametrize("full", [False, True])
def test_helmert(full):
    for n in (1, 2, 3, 5, 16):
        testing.assert_matches_numpy(cl.helmert(n, full), scipy.linalg.helmert(n, full), rtol=1e-15)
    h = cp.asnumpy(cl.helmert(7, True))
    numpy.testing.assert_allclose(h @ h.T, numpy.eye(7), atol=1e-14)  # orthogonal
    testing.assert_raises_like_numpy(lambda: scipy.linalg.helmert(-1, full), lambda: cl.helmert(-1, full),
                                     expected=ValueError)


def test_hilbert():
    for n in (0, 1, 2, 5, 12):
        testing.assert_matches_numpy(cl.hilbert(n), scipy.linalg.hilbert(n), rtol=1e-15)
    testing.assert_matches_numpy(cl.hilbert(-3), scipy.linalg.hilbert(-3))
    with pytest.raises(TypeError):
        cl.hilbert(2.5)


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float32,
                                   numpy.float64, numpy.complex64, numpy.complex128])
def test_bandwidth_dtypes(dtype):
    a = values((6, 5), dtype)
    for lo, up in ((0, 0), (2, 1), (5, 0), (0, 4), (1, 3)):
        m = numpy.triu(numpy.tril(a, up), -lo)
        got = cl.bandwidth(cp.asarray(m))
        assert got == scipy.linalg.bandwidth(m) == (lo, up)
        assert all(type(v) is int for v in got)


def test_bandwidth_layouts_batches_edges_and_errors():
    a = numpy.triu(numpy.tril(values((7, 7), numpy.float64), 3), -1)
    assert cl.bandwidth(cp.asarray(a).T) == scipy.linalg.bandwidth(a.T)
    assert cl.bandwidth(cp.asarray(a)[::2, 1:]) == scipy.linalg.bandwidth(a[::2, 1:])
    assert cl.bandwidth(cp.zeros((4, 3))) == scipy.linalg.bandwidth(numpy.zeros((4, 3))) == (0, 0)
    assert cl.bandwidth(cp.zeros((0, 3))) == scipy.linalg.bandwidth(numpy.zeros((0, 3)))
    b = numpy.stack([numpy.eye(4), numpy.tril(numpy.ones((4, 4))), numpy.triu(numpy.ones((4, 4)), 2)])
    lo, up = cl.bandwidth(cp.asarray(b))
    slo, sup = scipy.linalg.bandwidth(b)
    testing.assert_matches_numpy(lo, numpy.asarray(slo, numpy.int64))
    testing.assert_matches_numpy(up, numpy.asarray(sup, numpy.int64))
    for bad in (numpy.ones(3), numpy.ones((0, 2, 2))):
        if SCIPY_117:
            testing.assert_raises_like_numpy(lambda: scipy.linalg.bandwidth(bad),
                                             lambda: cl.bandwidth(cp.asarray(bad)), expected=ValueError)
        else:  # SciPy 1.18 accepts some of these; cupric keeps 1.17's errors (the baseline)
            with pytest.raises(ValueError):
                cl.bandwidth(cp.asarray(bad))
    with pytest.raises(TypeError):
        scipy.linalg.bandwidth(numpy.ones((2, 2), numpy.float16))
    with pytest.raises(TypeError, match="float16"):
        cl.bandwidth(cp.ones((2, 2), cp.float16))
