"""cupric.testing.shaped_sparse_random (CuPy's test helper) against scipy.sparse.random."""
import numpy
import pytest
import scipy.sparse

import cupric.testing
import cupricx.scipy.sparse


@pytest.mark.parametrize('fmt', ['coo', 'csr', 'csc'])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex64])
def test_shaped_sparse_random_is_scipys_random_matrix(fmt, dtype):
    a = cupric.testing.shaped_sparse_random((30, 40), dtype=dtype, density=0.2, format=fmt, seed=3)
    b = cupric.testing.shaped_sparse_random((30, 40), scipy.sparse, dtype=dtype, density=0.2, format=fmt, seed=3)
    assert cupricx.scipy.sparse.issparse(a) and a.format == fmt and a.dtype == dtype and a.shape == (30, 40)
    assert scipy.sparse.issparse(b) and b.format == fmt
    numpy.random.seed(3)
    expected = scipy.sparse.random(30, 40, 0.2).astype(dtype).toarray()
    numpy.testing.assert_array_equal(a.toarray().get(), expected)
    numpy.testing.assert_array_equal(b.toarray(), expected)
    with pytest.raises(ValueError, match='Unknown module'):
        cupric.testing.shaped_sparse_random((3, 3), numpy)
