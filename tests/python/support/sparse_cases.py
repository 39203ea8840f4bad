"""Shared inputs of the sparse tests: random SciPy matrices of the supported dtypes and their
cupricx copies."""
import numpy
import scipy.sparse

import cupricx.scipy.sparse as sp

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
FORMATS = ['csr', 'csc', 'coo']


def host_matrix(shape=(7, 5), density=0.4, dtype=numpy.float64, seed=0, fmt='csr'):
    rng = numpy.random.default_rng(seed)
    m = scipy.sparse.random(*shape, density=density, format='coo', random_state=rng, dtype=numpy.float64)
    if numpy.dtype(dtype).kind == 'c':
        m = m + 1j * scipy.sparse.random(*shape, density=density, format='coo', random_state=rng)
    return m.astype(dtype).asformat(fmt)


def pair(shape=(7, 5), density=0.4, dtype=numpy.float64, seed=0, fmt='csr', array=False):
    """(scipy matrix, cupricx matrix) with the same entries."""
    h = host_matrix(shape, density, dtype, seed, fmt)
    if array:
        h = getattr(scipy.sparse, fmt + '_array')(h)
    cls = getattr(sp, fmt + ('_array' if array else '_matrix'))
    return h, cls(h)


def tol(dtype):
    return 1e-5 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-12
