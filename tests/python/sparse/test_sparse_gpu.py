"""GPU-only sparse checks: a matrix of more than 2^31 nonzeros gets int64 indices automatically and
a correct SpMV (CuPy 14 keeps int32 there and wraps: Note [Index dtype] in src/sparse/formats.cpp),
and cupric's SpMV kernel against cuSPARSE's path on the same matrix (Note [SpMV kernels])."""
import numpy
import pytest

import cupric
import cupricx.scipy.sparse as sp

pytestmark = pytest.mark.gpu


def _free_bytes():
    free, _ = cupric.cuda.runtime.memGetInfo()
    return free


def test_more_than_2_31_nonzeros_uses_int64_and_spmv_is_right():
    rows, per_row = 2**27, 17  # 2.28e9 nonzeros
    nnz = rows * per_row
    # data f32 (9.1 GB) + int32 indices given (9.1 GB) -> int64 (18.3 GB) + indptr + temporaries
    if _free_bytes() < 64 * 2**30:
        pytest.skip('needs ~64 GiB of free GPU memory')
    data = cupric.ones(nnz, dtype=numpy.float32)
    indices = (cupric.arange(nnz, dtype=numpy.int64) % rows).astype(numpy.int32)
    indptr = cupric.arange(0, nnz + 1, per_row, dtype=numpy.int64)
    A = sp.csr_matrix((data, indices, indptr), shape=(rows, rows))
    del data, indices, indptr
    assert A.nnz == nnz > 2**31
    assert A.indices.dtype == numpy.int64 and A.indptr.dtype == numpy.int64
    assert int(A.indptr[-1]) == nnz
    y = A @ cupric.ones(rows, dtype=numpy.float32)
    assert y.shape == (rows,)
    assert float(y.min()) == float(y.max()) == float(per_row)
    # i % 7 in int64 first: float32 holds integers exactly only up to 2^24.
    x = (cupric.arange(rows, dtype=numpy.int64) % 7).astype(numpy.float32)
    y = A @ x
    # Row i holds columns (17 i + j) mod rows for j < 17.
    i = cupric.arange(0, rows, 2**20, dtype=numpy.int64)
    cols = (i[:, None] * per_row + cupric.arange(per_row)[None, :]) % rows
    numpy.testing.assert_allclose(y[i].get(), (cols % 7).sum(axis=1).astype(numpy.float32).get())


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128, numpy.bool_])
@pytest.mark.parametrize('per_row', [1, 3, 16, 40, 5000])
def test_own_kernel_group_widths(dtype, per_row):
    import scipy.sparse

    rows = 3000
    h = scipy.sparse.random(rows, 6000, density=per_row / 6000, format='csr', random_state=0).astype(dtype)
    c = sp.csr_matrix(h)
    x = numpy.random.default_rng(1).random(6000).astype(dtype)
    numpy.testing.assert_allclose((c @ cupric.asarray(x)).get(), h @ x, rtol=1e-4)
    # The transposed product (cuSPARSE for floating dtypes) agrees.
    xt = numpy.random.default_rng(2).random(rows).astype(dtype)
    numpy.testing.assert_allclose((c.T @ cupric.asarray(xt)).get(), h.T @ xt, rtol=1e-4)


# Sparse direct solves on the GPU (Note [Sparse direct solves] in src/sparse/linalg/direct.cpp):
# cuSOLVER's csrlsvqr for spsolve, cuSPARSE's SpSV for spsolve_triangular.
def _poisson(m, dtype):
    import scipy.sparse

    t = scipy.sparse.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(m, m))
    return scipy.sparse.csr_matrix((scipy.sparse.kron(scipy.sparse.eye(m), t)
                                    + scipy.sparse.kron(t, scipy.sparse.eye(m))).astype(dtype))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
def test_spsolve_csrlsvqr(dtype):
    import scipy.sparse.linalg

    import cupricx.scipy.sparse.linalg as sl

    h = _poisson(40, dtype)
    if numpy.dtype(dtype).kind == 'c':
        h = (h + 1j * scipy.sparse.eye(h.shape[0], format='csr') * 0.5).astype(dtype)
    rng = numpy.random.default_rng(0)
    b = rng.standard_normal((h.shape[0], 3)).astype(dtype)
    rtol = 1e-3 if numpy.dtype(dtype).char in 'fF' else 1e-10
    x = sl.spsolve(sp.csr_matrix(h), cupric.asarray(b))
    assert x.shape == b.shape and x.dtype == dtype and x.device.id == cupric.cuda.Device().id
    numpy.testing.assert_allclose(x.get(), scipy.sparse.linalg.spsolve(h, b), rtol=rtol, atol=rtol)
    x1 = sl.spsolve(sp.csr_matrix(h), cupric.asarray(b[:, 0]))
    numpy.testing.assert_allclose(x1.get(), scipy.sparse.linalg.spsolve(h, b[:, 0]), rtol=rtol, atol=rtol)


def test_spsolve_int64_indices_and_singular_on_gpu():
    import warnings

    import scipy.sparse.linalg

    import cupricx.scipy.sparse.linalg as sl

    h = _poisson(20, numpy.float64)
    A = sp.csr_matrix((cupric.asarray(h.data), cupric.asarray(h.indices.astype(numpy.int64)),
                       cupric.asarray(h.indptr.astype(numpy.int64))), shape=h.shape)
    b = numpy.linspace(0, 1, h.shape[0])
    numpy.testing.assert_allclose(sl.spsolve(A, cupric.asarray(b)).get(), scipy.sparse.linalg.spsolve(h, b),
                                  rtol=1e-10)
    s = sp.csr_matrix(numpy.array([[1.0, 0.0, 2.0], [2.0, 0.0, 1.0], [0.0, 0.0, 3.0]]))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        x = sl.spsolve(s, cupric.ones(3))
    assert any(issubclass(r.category, sl.MatrixRankWarning) for r in w)
    assert numpy.isnan(x.get()).all()


@pytest.mark.parametrize('lower', [True, False])
@pytest.mark.parametrize('unit_diagonal', [False, True])
def test_spsolve_triangular_spsv(lower, unit_diagonal):
    import scipy.sparse
    import scipy.sparse.linalg

    import cupricx.scipy.sparse.linalg as sl

    n = 5000
    h = (scipy.sparse.random(n, n, density=5.0 / n, random_state=3, format='csr') * 0.1
         + 2 * scipy.sparse.eye(n, format='csr')).tocsr()
    tri = (scipy.sparse.tril(h) if lower else scipy.sparse.triu(h)).tocsr()
    b = numpy.random.default_rng(4).standard_normal((n, 2))
    want = scipy.sparse.linalg.spsolve_triangular(tri, b, lower=lower, unit_diagonal=unit_diagonal)
    # The whole matrix: only the triangle is read (it is extracted before SpSV).
    x = sl.spsolve_triangular(sp.csr_matrix(h), cupric.asarray(b), lower=lower, unit_diagonal=unit_diagonal)
    numpy.testing.assert_allclose(x.get(), want, rtol=1e-10, atol=1e-12)
    x = sl.spsolve_triangular(sp.csc_matrix(tri), cupric.asarray(b[:, 1]), lower=lower, unit_diagonal=unit_diagonal)
    numpy.testing.assert_allclose(x.get(), want[:, 1], rtol=1e-10, atol=1e-12)
    # int64 index arrays (given so; cast to 32-bit for SpSV) and float32.
    A64 = sp.csr_matrix((cupric.asarray(tri.data.astype(numpy.float32)), cupric.asarray(tri.indices.astype(numpy.int64)),
                         cupric.asarray(tri.indptr.astype(numpy.int64))), shape=tri.shape)
    x = sl.spsolve_triangular(A64, cupric.asarray(b[:, 0].astype(numpy.float32)), lower=lower,
                              unit_diagonal=unit_diagonal)
    assert x.dtype == numpy.float32
    numpy.testing.assert_allclose(x.get(), want[:, 0], rtol=1e-4, atol=1e-4)


def test_setitem_on_gpu():
    import warnings

    import scipy.sparse

    h = scipy.sparse.random(300, 200, density=0.05, random_state=5, format='csr')
    c = sp.csr_matrix(h)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for key, v in [((5, 7), 3.0), ((slice(10, 20), slice(0, 200, 7)), -1.0), (([1, 2, 2], [3, 4, 4]), 9.0)]:
            h[key] = v
            c[key] = v
    numpy.testing.assert_array_equal(c.toarray().get(), h.toarray())
    assert c.nnz == h.nnz


# The SpMV kernel variants for random columns, forced by name (Note [SpMV random columns] in
# src/sparse/cuda/spmv.cu): rows of 16 on average (the variants' group width) with uneven lengths
# (0 to 32), enough rows that the one-wave `pipe` grid loops over many row sets per warp, a row
# count that ends mid-set, and widths and int64 indices that fall back to spmv_vec.
SPMV_KERNELS = ['auto', 'own', 'own_keepx', 'own_wide', 'pipe', 'pipe_keepx', 'cusparse']


@pytest.mark.parametrize('kernel', SPMV_KERNELS)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('mean', [16, 15, 5])
@pytest.mark.parametrize('index', [numpy.int32, numpy.int64])
def test_spmv_kernel_variants(kernel, dtype, mean, index):
    import scipy.sparse

    from cupric._core import _sparse as _spc

    rng = numpy.random.default_rng(mean)
    rows, cols = 300_007, 1 << 20
    lengths = rng.integers(0, 2 * mean + 1, rows)
    indptr = numpy.concatenate([[0], numpy.cumsum(lengths)])
    indices = rng.integers(0, cols, indptr[-1])
    data = (rng.random(indptr[-1]) + 0.5).astype(dtype)
    h = scipy.sparse.csr_matrix((data, indices, indptr), shape=(rows, cols))
    x = (rng.random(cols) - 0.5).astype(dtype)
    A = sp.csr_matrix((cupric.asarray(data), cupric.asarray(indices.astype(index)),
                       cupric.asarray(indptr.astype(index))), shape=(rows, cols))
    y = _spc.spmv_with(A.data, A.indices, A.indptr, rows, cols, cupric.asarray(x), kernel)
    rtol = 1e-4 if dtype == numpy.float32 else 1e-12
    numpy.testing.assert_allclose(y.get(), h @ x, rtol=rtol, atol=rtol)


@pytest.mark.parametrize('same', [True, False])
def test_spgemm_canonical_on_gpu(same):
    # A @ A reduces its value bounds once (Note [SpGEMM without stored zeros] in
    # src/sparse/cuda/cuda_sparse.cpp); the result is flagged canonical without a check, so cuSPARSE's
    # output is checked here from its arrays.
    import scipy.sparse

    from cupric._core import _sparse as _spc

    h = scipy.sparse.random(3000, 3000, density=8 / 3000, format='csr', random_state=1)
    g = h if same else scipy.sparse.random(3000, 3000, density=8 / 3000, format='csr', random_state=2)
    a, b = sp.csr_matrix(h), (None if same else sp.csr_matrix(g))
    r = a @ (a if same else b)
    assert r.has_canonical_format
    assert _spc.has_canonical_format(r.data, r.indices, r.indptr, *r.shape)
    want = (h @ g).tocsr()
    want.sum_duplicates()
    assert r.nnz == want.nnz
    numpy.testing.assert_allclose(r.toarray().get(), want.toarray(), rtol=1e-12)
    # Mixed signs: the zero check runs (no proof from the bounds), cancelled products are dropped.
    m = sp.csr_matrix(numpy.array([[1.0, 1.0], [1.0, -1.0]]))
    p = m @ sp.csr_matrix(numpy.array([[1.0, 1.0], [1.0, 1.0]]))
    assert p.nnz == 2 and p.has_canonical_format
