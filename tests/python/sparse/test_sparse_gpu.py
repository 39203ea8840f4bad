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
