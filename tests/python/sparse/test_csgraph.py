"""cupricx.scipy.sparse.csgraph.connected_components against SciPy (labels exactly for weak
connections; the same partition for strong ones)."""
import numpy
import pytest
import scipy.sparse
import scipy.sparse.csgraph

import cupricx.scipy.sparse as sp
from cupricx.scipy.sparse.csgraph import connected_components


def _graph(n, density, seed):
    rng = numpy.random.default_rng(seed)
    m = int(round(density * n * n))
    row, col = rng.integers(0, n, m), rng.integers(0, n, m)
    return scipy.sparse.csr_matrix((rng.random(m) + 0.5, (row, col)), shape=(n, n))


def _same_partition(a, b):
    a, b = numpy.asarray(a), numpy.asarray(b)
    pairs = set(zip(a.tolist(), b.tolist()))
    return len(pairs) == len(set(a.tolist())) == len(set(b.tolist()))


@pytest.mark.parametrize('n,density,seed', [(1, 0.0, 0), (10, 0.05, 1), (50, 0.02, 2), (200, 0.01, 3), (64, 0.3, 4),
                                            (5000, 0.0002, 5)])
@pytest.mark.parametrize('directed', [True, False])
def test_weak(n, density, seed, directed):
    h = _graph(n, density, seed)
    en, el = scipy.sparse.csgraph.connected_components(h, directed=directed, connection='weak')
    cn, cl = connected_components(sp.csr_matrix(h), directed=directed, connection='weak')
    assert cn == en and cl.dtype == numpy.int32
    numpy.testing.assert_array_equal(cl.get(), el)


@pytest.mark.parametrize('n,density,seed', [(1, 0.0, 0), (10, 0.15, 1), (50, 0.04, 2), (120, 0.02, 3), (2000, 0.0008, 5)])
def test_strong(n, density, seed):
    h = _graph(n, density, seed)
    en, el = scipy.sparse.csgraph.connected_components(h, directed=True, connection='strong')
    cn, cl = connected_components(sp.csr_matrix(h), directed=True, connection='strong')
    assert cn == en
    assert _same_partition(cl.get(), el)


def test_chain_and_cycle():
    # 0 -> 1 -> 2 -> 0 is one strong component; 3 -> 4 two more.
    row, col = numpy.array([0, 1, 2, 3]), numpy.array([1, 2, 0, 4])
    h = scipy.sparse.csr_matrix((numpy.ones(4), (row, col)), shape=(5, 5))
    cn, cl = connected_components(sp.csr_matrix(h), connection='strong')
    assert cn == 3 and _same_partition(cl.get(), [0, 0, 0, 1, 2])
    assert connected_components(sp.csr_matrix(h), return_labels=False) == 2


def test_errors():
    with pytest.raises(ValueError, match=r'shape \(N, N\)'):
        connected_components(sp.csr_matrix((2, 3)))
    with pytest.raises(ValueError, match='connection'):
        connected_components(sp.csr_matrix((2, 2)), connection='x')
