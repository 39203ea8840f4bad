"""CSR SpMV against SciPy on the shapes that pick the GPU kernels' paths (Note [SpMV kernels] and
Note [SpMV vector loads] in src/sparse/cuda/spmv.cu): uneven and empty rows, rows starting off a
vector boundary, rows longer than one pass, x with non-finite values where masked lanes gather,
int32 and int64 indices, and arrays at odd offsets (the scalar kernel). Runs on every backend."""
import numpy
import pytest
import scipy.sparse

import cupric
import cupricx.scipy.sparse as sp

LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100]


def _matrix(lengths, cols, dtype, seed=0):
    r = numpy.random.default_rng(seed)
    indptr = numpy.concatenate([[0], numpy.cumsum(lengths)]).astype(numpy.int64)
    indices = numpy.concatenate([numpy.sort(r.choice(cols, n, replace=False)) for n in lengths]).astype(numpy.int32)
    data = (r.random(indptr[-1]) + 0.5).astype(dtype)
    return scipy.sparse.csr_matrix((data, indices, indptr), shape=(len(lengths), cols))


def _device(h, index=numpy.int32, offset=(0, 0)):
    # offset: elements of padding in front of (data, indices), so the arrays start off alignment.
    def place(a, pad):
        if not pad:
            return cupric.asarray(a)
        return cupric.asarray(numpy.concatenate([numpy.zeros(pad, a.dtype), a]))[pad:]

    return sp.csr_matrix((place(h.data, offset[0]), place(h.indices.astype(index), offset[1]),
                          cupric.asarray(h.indptr.astype(index))), shape=h.shape)


def _x(cols, dtype, seed=1):
    return (numpy.random.default_rng(seed).random(cols) - 0.5).astype(dtype)


def _check(h, c, x, dtype):
    rtol = 1e-5 if numpy.dtype(dtype) == numpy.float32 else 1e-12
    numpy.testing.assert_allclose((c @ cupric.asarray(x)).get(), h @ x, rtol=rtol, atol=rtol)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('index', [numpy.int32, numpy.int64])
@pytest.mark.parametrize('mean', [2, 5, 16, 40, 150])
def test_uneven_rows(dtype, index, mean):
    r = numpy.random.default_rng(mean)
    lengths = numpy.minimum(r.poisson(mean, 2500), 300)
    lengths[::97] = 0
    h = _matrix(lengths, 400, dtype)
    _check(h, _device(h, index), _x(400, dtype), dtype)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('lead', [0, 1, 3])
def test_uniform_rows_on_and_off_vector_boundaries(dtype, lead):
    # The benchmark's shape (16 per row) with every row aligned (lead 0) or shifted by a first row.
    lengths = numpy.array([lead] + [16] * 3001)
    h = _matrix(lengths, 64, dtype)
    _check(h, _device(h), _x(64, dtype), dtype)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('bad', [numpy.nan, numpy.inf])
def test_masked_lanes_do_not_leak_non_finite_x(dtype, bad):
    # Entries outside a row gather x[0] and are dropped: rows without column 0 stay finite.
    lengths = numpy.tile(LENGTHS, 40)
    h = _matrix(lengths, 120, dtype)
    x = _x(120, dtype)
    x[0] = bad
    x[119] = bad
    want = h @ x
    got = (_device(h) @ cupric.asarray(x)).get()
    numpy.testing.assert_array_equal(numpy.isfinite(got), numpy.isfinite(want))
    ok = numpy.isfinite(want)
    numpy.testing.assert_allclose(got[ok], want[ok], rtol=1e-5)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('offset', [(1, 0), (0, 1), (1, 1)])
def test_arrays_at_odd_offsets(dtype, offset):
    lengths = numpy.tile(LENGTHS, 30)
    h = _matrix(lengths, 120, dtype)
    c = _device(h, offset=offset)
    _check(h, c, _x(120, dtype), dtype)


@pytest.mark.parametrize('rows', [1, 7, 33, 257, 1025])
def test_row_counts_around_block_sizes(rows):
    lengths = numpy.full(rows, 16)
    h = _matrix(lengths, 40, numpy.float32, seed=rows)
    _check(h, _device(h), _x(40, numpy.float32), numpy.float32)


@pytest.mark.parametrize('kernel', ['auto', 'own', 'own_keepx', 'own_wide', 'pipe', 'pipe_keepx', 'cusparse'])
def test_spmv_with_every_kernel_name(kernel):
    # Forcing a GPU kernel by name (Note [SpMV random columns] in src/sparse/cuda/spmv.cu); the
    # host backend has one kernel for every name. The GPU variants: test_sparse_gpu.py.
    from cupric._core import _sparse as _spc

    h = _matrix([16, 0, 3, 17, 16, 31, 16, 1] * 50, 900, numpy.float32)
    c = _device(h)
    x = _x(900, numpy.float32)
    y = _spc.spmv_with(c.data, c.indices, c.indptr, *c.shape, cupric.asarray(x), kernel)
    numpy.testing.assert_allclose(y.get(), h @ x, rtol=1e-5, atol=1e-5)


def test_spmv_with_unknown_kernel():
    from cupric._core import _sparse as _spc

    c = _device(_matrix([2, 1], 5, numpy.float64))
    with pytest.raises(ValueError, match="unknown kernel 'fast'"):
        _spc.spmv_with(c.data, c.indices, c.indptr, *c.shape, cupric.ones(5), 'fast')
    with pytest.raises(ValueError, match='must be 1-D'):
        _spc.spmv_with(c.data, c.indices, c.indptr, *c.shape, cupric.ones((5, 1)), 'auto')
