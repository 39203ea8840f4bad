"""cupricx.lapack, cupricx.cusolver and cupricx.cusparse (CuPy's cupyx modules of the same names):
results against NumPy/SciPy across dtypes and layouts, CuPy's errors for bad input; they run on
the host backend as on the GPU (issue 20)."""
import numpy
import pytest
import scipy.sparse

import cupric
import cupricx
import cupricx.scipy.sparse as sparse
from cupricx import cusolver, cusparse, lapack
from lowlevel_cases import rand

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _tol(dtype):
    return 1e-3 if dtype in (numpy.float32, numpy.complex64) else 1e-10


def _close(actual, expected, dtype):
    numpy.testing.assert_allclose(cupric.asnumpy(actual), expected, rtol=_tol(dtype), atol=_tol(dtype))


# ---- cupricx.lapack ----
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("nrhs", [None, 1, 3])
def test_lapack_gesv_writes_the_solution_into_b(dtype, order, nrhs):
    rng = numpy.random.default_rng(0)
    a_h = rand(rng, dtype, 5, 5) + 5 * numpy.eye(5, dtype=dtype)
    b_h = rand(rng, dtype, *((5,) if nrhs is None else (5, nrhs)))
    a = cupric.array(a_h, order=order)
    b = cupric.array(b_h, order="F")
    assert lapack.gesv(a, b) is None
    _close(b, numpy.linalg.solve(a_h, b_h), dtype)
    _close(a, a_h, dtype)  # cupric leaves a as it was (see the module's docstring)


def test_lapack_gesv_errors_as_cupy():
    a, b = cupric.eye(3), cupric.ones(3)
    with pytest.raises(ValueError, match="a.ndim must be 2"):
        lapack.gesv(cupric.ones(3), b)
    with pytest.raises(ValueError, match="b.ndim must be 1 or 2"):
        lapack.gesv(a, cupric.ones((3, 1, 1)))
    with pytest.raises(ValueError, match="a must be a square matrix"):
        lapack.gesv(cupric.ones((3, 2)), b)
    with pytest.raises(ValueError, match="shape mismatch"):
        lapack.gesv(a, cupric.ones(4))
    with pytest.raises(TypeError, match="dtype mismatch"):
        lapack.gesv(a, cupric.ones(3, numpy.float32))
    with pytest.raises(TypeError, match="unsupported dtype"):
        lapack.gesv(cupric.eye(3, dtype=numpy.int64), cupric.ones(3, numpy.int64))
    with pytest.raises(ValueError, match="a must be F-contiguous or C-contiguous"):
        lapack.gesv(cupric.eye(6)[::2, ::2], b)
    with pytest.raises(ValueError, match="b must be F-contiguous"):
        lapack.gesv(a, cupric.ones((3, 2)))
    before = cupric.asnumpy(b).copy()
    with pytest.raises(ValueError):
        lapack.gesv(cupric.ones((3, 2)), b)
    numpy.testing.assert_array_equal(cupric.asnumpy(b), before)  # nothing changed


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 3), (4, 4), (3, 6)])
@pytest.mark.parametrize("nrhs", [None, 2])
def test_lapack_gels_least_squares(dtype, shape, nrhs):
    rng = numpy.random.default_rng(1)
    a_h = rand(rng, dtype, *shape)
    b_h = rand(rng, dtype, *((shape[0],) if nrhs is None else (shape[0], nrhs)))
    x = lapack.gels(cupric.asarray(a_h), cupric.asarray(b_h))
    expected = numpy.linalg.lstsq(a_h.astype(numpy.complex128), b_h.astype(numpy.complex128), rcond=None)[0]
    assert x.shape == expected.shape and x.dtype == dtype
    _close(x, expected, dtype)


def test_lapack_gels_errors_as_cupy():
    with pytest.raises(ValueError, match="dtype mismatch"):
        lapack.gels(cupric.eye(3), cupric.ones(3, numpy.float32))
    with pytest.raises(ValueError, match="unsupported dtype"):
        lapack.gels(cupric.eye(3, dtype=numpy.int32), cupric.ones(3, numpy.int32))
    with pytest.raises(ValueError, match="shape mismatch"):
        lapack.gels(cupric.eye(3), cupric.ones(2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("b_shape", [(4,), (4, 1), (4, 3)])
def test_lapack_posv_and_potrs(dtype, b_shape):
    rng = numpy.random.default_rng(2)
    m = rand(rng, dtype, 4, 4)
    spd = (m @ m.conj().T + 4 * numpy.eye(4)).astype(dtype)
    b_h = rand(rng, dtype, *b_shape)
    x = lapack.posv(cupric.asarray(spd), cupric.asarray(b_h))
    assert x.shape == b_shape and x.flags.c_contiguous
    _close(x, numpy.linalg.solve(spd, b_h.reshape(4, -1)).reshape(b_shape), dtype)
    # Only the lower triangle is read, as potrf(CUBLAS_FILL_MODE_LOWER).
    junk = numpy.tril(spd) + numpy.triu(rand(rng, dtype, 4, 4), 1)
    _close(lapack.posv(cupric.asarray(junk), cupric.asarray(b_h)), numpy.linalg.solve(spd, b_h.reshape(4, -1)).reshape(b_shape), dtype)
    low = numpy.linalg.cholesky(spd)
    _close(lapack.potrs(cupric.asarray(low), cupric.asarray(b_h), True),
           numpy.linalg.solve(spd, b_h.reshape(4, -1)).reshape(b_shape), dtype)
    _close(lapack.potrs(cupric.asarray(low.conj().T.copy()), cupric.asarray(b_h), False),
           numpy.linalg.solve(spd, b_h.reshape(4, -1)).reshape(b_shape), dtype)


def test_lapack_posv_batched_and_promotion():
    rng = numpy.random.default_rng(3)
    m = rng.standard_normal((2, 3, 3))
    spd = m @ m.transpose(0, 2, 1) + 3 * numpy.eye(3)
    b = rng.standard_normal((2, 3))
    x = lapack.posv(cupric.asarray(spd), cupric.asarray(b))
    _close(x, numpy.linalg.solve(spd, b[..., None])[..., 0], numpy.float64)
    # integer inputs are promoted with float32 (CuPy: promote_types(dtype, 'f'))
    xi = lapack.posv(cupric.asarray(numpy.array([[4, 0], [0, 2]], numpy.int8)), cupric.asarray(numpy.array([4, 2],
                                                                                                            numpy.int8)))
    assert xi.dtype == numpy.float32
    _close(xi, [1, 1], numpy.float32)
    with pytest.raises(numpy.linalg.LinAlgError, match="square"):
        lapack.posv(cupric.ones((2, 3)), cupric.ones(2))


def test_lapack_posv_not_positive_definite_raises_under_errstate():
    a = cupric.asarray(numpy.array([[1.0, 2.0], [2.0, 1.0]]))
    with cupricx.errstate(linalg="raise"):
        with pytest.raises(numpy.linalg.LinAlgError):
            lapack.posv(a, cupric.ones(2))


# ---- cupricx.cusolver ----
def test_cusolver_check_availability():
    for name in ("gesvdj", "gesvda", "syevj", "gesv", "gels", "csrlsvqr", "potrfBatched"):
        assert cusolver.check_availability(name) is True
    with pytest.raises(ValueError, match="No available version information specified for nope"):
        cusolver.check_availability("nope")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 3)])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_cusolver_gesvdj(dtype, shape, full_matrices):
    rng = numpy.random.default_rng(4)
    a_h = rand(rng, dtype, *shape)
    u, s, v = cusolver.gesvdj(cupric.asarray(a_h), full_matrices=full_matrices)
    nu, ns, nvh = numpy.linalg.svd(a_h, full_matrices=full_matrices)
    assert u.shape == nu.shape and v.shape == nvh.shape[:-2] + nvh.shape[-2:][::-1] and s.dtype == ns.dtype
    _close(s, ns, dtype)
    k = s.shape[-1]
    rec = (cupric.asnumpy(u)[..., :k] * cupric.asnumpy(s)[..., None, :]) @ numpy.swapaxes(
        cupric.asnumpy(v)[..., :k], -1, -2).conj()
    numpy.testing.assert_allclose(rec, a_h, rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
    _close(cusolver.gesvdj(cupric.asarray(a_h), compute_uv=False), ns, dtype)


def test_cusolver_gesvda_and_syevj():
    rng = numpy.random.default_rng(5)
    a_h = rng.standard_normal((2, 6, 3))
    u, s, v = cusolver.gesvda(cupric.asarray(a_h))
    assert (u.shape, s.shape, v.shape) == ((2, 6, 3), (2, 3), (2, 3, 3))
    numpy.testing.assert_allclose(cupric.asnumpy(u) * cupric.asnumpy(s)[:, None, :] @ numpy.swapaxes(
        cupric.asnumpy(v), 1, 2), a_h, atol=1e-10)
    with pytest.raises(ValueError, match="M >= N"):
        cusolver.gesvda(cupric.ones((2, 3)))
    h = a_h[0].T @ a_h[0]
    for uplo in ("L", "U"):
        w, v = cusolver.syevj(cupric.asarray(h), UPLO=uplo)
        numpy.testing.assert_allclose(cupric.asnumpy(w), numpy.linalg.eigvalsh(h), atol=1e-10)
        numpy.testing.assert_allclose(h @ cupric.asnumpy(v), cupric.asnumpy(v) * cupric.asnumpy(w), atol=1e-10)
    numpy.testing.assert_allclose(cupric.asnumpy(cusolver.syevj(cupric.asarray(h), with_eigen_vector=False)),
                                  numpy.linalg.eigvalsh(h), atol=1e-10)
    with pytest.raises(ValueError, match="UPLO argument must be 'L' or 'U'"):
        cusolver.syevj(cupric.asarray(h), UPLO="X")


@pytest.mark.parametrize("dtype", DTYPES)
def test_cusolver_gesv_gels(dtype):
    rng = numpy.random.default_rng(6)
    a_h = rand(rng, dtype, 4, 4) + 4 * numpy.eye(4, dtype=dtype)
    b_h = rand(rng, dtype, 4, 2)
    a, b = cupric.asarray(a_h), cupric.asarray(b_h)
    _close(cusolver.gesv(a, b), numpy.linalg.solve(a_h, b_h), dtype)
    _close(b, b_h, dtype)  # b is left as it was
    t_h = rand(rng, dtype, 6, 3)
    y_h = rand(rng, dtype, 6)
    x = cusolver.gels(cupric.asarray(t_h), cupric.asarray(y_h))
    assert x.shape == (3,)
    _close(x, numpy.linalg.lstsq(t_h, y_h, rcond=None)[0], dtype)
    with pytest.raises(ValueError, match="m must be equal to or greater than n"):
        cusolver.gels(cupric.asarray(t_h.T.copy()), cupric.asarray(y_h[:3]))
    with pytest.raises(ValueError, match="dtype mismatch"):
        cusolver.gesv(a, cupric.asarray(b_h.astype(numpy.complex128 if dtype != numpy.complex128 else numpy.complex64)))


def test_cusolver_csrlsvqr():
    rng = numpy.random.default_rng(7)
    dense = rng.standard_normal((5, 5)) + 5 * numpy.eye(5)
    dense[dense < 0] = 0
    a = sparse.csr_matrix(cupric.asarray(dense))
    b = rng.standard_normal(5)
    numpy.testing.assert_allclose(cupric.asnumpy(cusolver.csrlsvqr(a, cupric.asarray(b))), numpy.linalg.solve(dense, b),
                                  atol=1e-10)
    with pytest.warns(UserWarning, match="near singular"):
        cusolver.csrlsvqr(sparse.csr_matrix(cupric.zeros((2, 2))), cupric.ones(2))
    with pytest.raises(ValueError, match="A must be CSR sparse matrix"):
        cusolver.csrlsvqr(a.tocsc(), cupric.asarray(b))
    with pytest.raises(TypeError, match="dtype mismatch"):
        cusolver.csrlsvqr(a, cupric.asarray(b, numpy.float32))


# ---- cupricx.cusparse ----
@pytest.fixture
def csr():
    host = scipy.sparse.random(6, 4, density=0.5, format="csr", random_state=8)
    return host, sparse.csr_matrix(host)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
def test_cusparse_spmv_spmm(csr, fmt):
    host, dev = csr
    dev = dev.asformat(fmt)
    x = numpy.arange(4.0)
    numpy.testing.assert_allclose(cupric.asnumpy(cusparse.spmv(dev, cupric.asarray(x))), host @ x)
    y = cupric.ones(6)
    out = cusparse.spmv(dev, cupric.asarray(x), y, alpha=2, beta=3)
    assert out is y
    numpy.testing.assert_allclose(cupric.asnumpy(y), 2 * (host @ x) + 3)
    numpy.testing.assert_allclose(cupric.asnumpy(cusparse.spmv(dev, cupric.ones(6), transa=True)), host.T @ numpy.ones(6))
    b = numpy.arange(12.0).reshape(4, 3)
    c = cusparse.spmm(dev, cupric.asfortranarray(cupric.asarray(b)))
    assert c.flags.f_contiguous
    numpy.testing.assert_allclose(cupric.asnumpy(c), host @ b)
    bt = cupric.asfortranarray(cupric.asarray(b.T))
    numpy.testing.assert_allclose(cupric.asnumpy(cusparse.spmm(dev, bt, transb=True)), host @ b)
    c = cupric.ones((6, 3), order="F")
    assert cusparse.spmm(dev, cupric.asfortranarray(cupric.asarray(b)), c, alpha=2, beta=-1) is c
    numpy.testing.assert_allclose(cupric.asnumpy(c), 2 * (host @ b) - 1)
    with pytest.raises(ValueError, match="dimension mismatch"):
        cusparse.spmv(dev, cupric.ones(5))
    with pytest.raises(ValueError, match="dimension mismatch"):
        cusparse.spmm(dev, cupric.ones((5, 2), order="F"))
    with pytest.raises(ValueError, match="expected F-contiguous array for b"):
        cusparse.spmm(dev, cupric.ones((4, 2)))
    with pytest.raises(ValueError, match="expected F-contiguous array for c"):
        cusparse.spmm(dev, cupric.ones((4, 2), order="F"), cupric.ones((6, 2)))


def test_cusparse_geam_gemm_sorts_conversions(csr):
    host, dev = csr
    numpy.testing.assert_allclose(cupric.asnumpy(cusparse.csrgeam2(dev, dev, 2, 3).toarray()), 5 * host.toarray())
    sq = sparse.csr_matrix(host @ host.T)
    numpy.testing.assert_allclose(cupric.asnumpy(cusparse.spgemm(dev, sparse.csr_matrix(host.T.tocsr()), 2).toarray()),
                                  2 * (host @ host.T).toarray())
    assert cusparse.csrgeam2(sq, sq).format == "csr"
    with pytest.raises(TypeError):
        cusparse.csrgeam2(dev.tocsc(), dev)
    coo = sparse.coo_matrix(host)  # its own arrays: coosort permutes them in place
    cusparse.coosort(coo, "c")
    cols = cupric.asnumpy(coo.col)
    assert (numpy.diff(cols) >= 0).all()
    numpy.testing.assert_allclose(cupric.asnumpy(coo.toarray()), host.toarray())
    with pytest.raises(ValueError, match="sort_by"):
        cusparse.coosort(coo, "x")
    cusparse.csrsort(dev)
    assert dev.has_sorted_indices
    d = numpy.arange(6.0).reshape(2, 3)
    for f, fmt in ((cusparse.dense2csr, "csr"), (cusparse.dense2csc, "csc")):
        m = f(cupric.asarray(d))
        assert m.format == fmt
        numpy.testing.assert_array_equal(cupric.asnumpy(m.toarray()), d)
    assert cusparse.denseToSparse(cupric.asarray(d), "coo").format == "coo"
    numpy.testing.assert_array_equal(cupric.asnumpy(cusparse.sparseToDense(dev)), host.toarray())
    assert cusparse.csr2dense(dev).flags.f_contiguous
    out = cupric.empty((6, 4), order="F")
    assert cusparse.csr2dense(dev, out=out) is out
    numpy.testing.assert_array_equal(cupric.asnumpy(out), host.toarray())
    with pytest.raises(ValueError, match="expected F-contiguous array for out"):
        cusparse.csc2dense(dev.tocsc(), out=cupric.empty((6, 4)))
    assert cusparse.coo2csc(coo).format == "csc"
    assert cusparse.coo2csr(coo).format == "csr" and cusparse.csr2cscEx2(dev).format == "csc"
    assert cusparse.csc2csrEx2(dev.tocsc()).format == "csr"
    c2 = cusparse.csr2coo(dev, dev.data, dev.indices)
    numpy.testing.assert_array_equal(cupric.asnumpy(c2.toarray()), host.toarray())


def test_cusparse_operand_rules():
    a = sparse.csr_matrix(cupric.asarray(numpy.eye(3)))
    with pytest.raises(TypeError, match="unsupported type"):
        cusparse.spmv(cupric.eye(3), cupric.ones(3))
    # CuPy refuses a non-canonical matrix; cupric adds the duplicates up (docs/cuda.md)
    dup = sparse.coo_matrix((cupric.ones(2), (cupric.asarray([0, 0]), cupric.asarray([1, 1]))), shape=(2, 2))
    numpy.testing.assert_array_equal(cupric.asnumpy(cusparse.spmv(dup, cupric.ones(2))), [2.0, 0.0])
    # mixed dtypes compute in the common type, as CuPy's _cast_common_type
    y = cusparse.spmv(a.astype(numpy.float32), cupric.ones(3, numpy.complex64))
    assert y.dtype == numpy.complex64


def test_cusparse_check_availability():
    assert cusparse.check_availability("spmv") and cusparse.check_availability("spgemm")
    assert cusparse.check_availability("csrmv") is False  # cuSPARSE's legacy API, gone in CUDA 12
    with pytest.raises(ValueError):
        cusparse.check_availability("nope")
    with pytest.raises(RuntimeError, match="csrmv is not available."):  # CuPy 14's csrmv with CUDA 12/13
        cusparse.csrmv(None, None)


@pytest.mark.gpu
def test_cusparse_descriptors_on_the_gpu(csr):
    host, dev = csr
    assert cusparse.getVersion() >= 11000
    for fmt in ("csr", "csc", "coo"):
        d = cusparse.SpMatDescriptor.create(dev.asformat(fmt))
        from cupric.cuda import cusparse as raw
        assert raw.spMatGetSize(d.desc) == (6, 4, host.nnz)
    assert cusparse.DnVecDescriptor.create(cupric.ones(3)).desc
    assert cusparse.DnMatDescriptor.create(cupric.ones((3, 2), order="F")).desc
    m = cusparse.MatDescriptor.create()
    m.set_mat_index_base(1)
    assert m.descriptor


def test_cusparse_descriptors_raise_without_a_gpu(csr):
    if cupric._core.is_cuda_built():  # with CUDA built and no GPU, descriptors are made without a device
        pytest.skip("checks a build without the CUDA backend")
    with pytest.raises(RuntimeError):
        cusparse.MatDescriptor.create()
    with pytest.raises(RuntimeError):
        cusparse.DnVecDescriptor.create(cupric.ones(3))
    with pytest.raises(TypeError, match="dtype"):
        cusparse.DnVecDescriptor.create(cupric.ones(3, numpy.int32))


def test_modules_reachable_as_attributes():
    # As in CuPy: cupyx.lapack / cupy.cuda.cusolver & co without importing the submodule first.
    assert cupricx.lapack is lapack and cupricx.cusolver is cusolver and cupricx.cusparse is cusparse
    for name in ("cublas", "cusolver", "cusparse", "curand", "cufft"):
        assert getattr(cupric.cuda, name).__name__ == f"cupric.cuda.{name}"
