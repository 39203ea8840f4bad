"""Shared inputs and references of the cuSPARSE tests (tests/python/cuda/test_cusparse_raw_*.py,
tests/python/cupricx/test_cusparse_functions.py): random SciPy matrices of the four cuSPARSE
dtypes, device work areas, and dense references of the incomplete factorisations."""
import numpy
import scipy.sparse

import cupric

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
LETTER = {numpy.float32: "s", numpy.float64: "d", numpy.complex64: "c", numpy.complex128: "z"}


def tol(dtype):
    return 1e-4 if numpy.dtype(dtype).char in "fF" else 1e-10


def rand_sparse(m, n, density, dtype, seed, fmt="csr"):
    """A random SciPy matrix of `dtype` (complex ones with random imaginary parts), sorted indices."""
    rng = numpy.random.default_rng(seed)
    a = scipy.sparse.random(m, n, density=density, format=fmt, random_state=rng)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * scipy.sparse.random(m, n, density=density, format=fmt, random_state=rng)
    a = a.astype(dtype).asformat(fmt)
    if fmt in ("csr", "csc"):
        a.sort_indices()
    return a


def buffer(size):
    """A device work area of `size` bytes (at least one)."""
    return cupric.empty(max(int(size), 1), numpy.int8)


def scipy_csr(data, indices, indptr, shape):
    """The SciPy CSR matrix of three device (or host) arrays."""
    return scipy.sparse.csr_matrix((cupric.asnumpy(data), cupric.asnumpy(indices), cupric.asnumpy(indptr)),
                                   shape=shape)


def assert_csr_arrays(indptr, indices, data, ref):
    """The three arrays (device or host) equal SciPy matrix `ref`'s (sorted) ones exactly."""
    numpy.testing.assert_array_equal(cupric.asnumpy(indptr), ref.indptr)
    numpy.testing.assert_array_equal(cupric.asnumpy(indices), ref.indices)
    numpy.testing.assert_array_equal(cupric.asnumpy(data), ref.data)


def ilu0_reference(dense, pattern):
    """Dense ILU(0) restricted to `pattern` (KIJ order): L strictly below, U on and above."""
    a = dense.astype(numpy.result_type(dense, numpy.float64)).copy()
    n = a.shape[0]
    for k in range(n):
        for i in range(k + 1, n):
            if pattern[i, k]:
                a[i, k] /= a[k, k]
                for j in range(k + 1, n):
                    if pattern[i, j] and pattern[k, j]:
                        a[i, j] -= a[i, k] * a[k, j]
    return a


def block_tridiagonal(nb, bs, dtype, seed):
    """A diagonally dominant Hermitian block-tridiagonal matrix: its LU and Cholesky factors have
    no fill outside the blocks, so ILU(0)/IC(0) on its pattern are the exact factorisations."""
    rng = numpy.random.default_rng(seed)
    n = nb * bs
    a = numpy.zeros((n, n), dtype)
    for i in range(nb):
        for j in range(max(0, i - 1), min(nb, i + 2)):
            blk = rng.standard_normal((bs, bs))
            if numpy.dtype(dtype).kind == "c":
                blk = blk + 1j * rng.standard_normal((bs, bs))
            a[i * bs:(i + 1) * bs, j * bs:(j + 1) * bs] = blk
    a = a + a.conj().T + numpy.eye(n) * 4 * n
    return a.astype(dtype)


def check_factor(kind, got, dense, dtype):
    """`got` (dense) holds ILU(0) (kind *ilu02: packed L\\U) or IC(0) (*ic02: L in the lower
    triangle) of `dense`, a matrix without fill (block_tridiagonal)."""
    wide = dense.astype(numpy.complex128 if dense.dtype.kind == "c" else numpy.float64)
    if "ilu" in kind:
        want = ilu0_reference(wide, numpy.ones(wide.shape, bool))
    else:
        want, got = numpy.linalg.cholesky(wide), numpy.tril(got)
    numpy.testing.assert_allclose(got, want, rtol=tol(dtype) * 10, atol=tol(dtype) * 10)
