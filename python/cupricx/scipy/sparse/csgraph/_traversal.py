"""connected_components (scipy.sparse.csgraph 1.17 signature)."""
import cupric
from cupricx.scipy.sparse._base import _sp, _spbase


def connected_components(csgraph, directed=True, connection='weak', return_labels=True):
    """The connected components of a graph given as a sparse (or dense) N x N matrix.

    Stored entries are edges. ``connection='weak'`` (or ``directed=False``) joins nodes linked in
    either direction; ``'strong'`` nodes that reach each other. Returns ``n_components`` and, with
    ``return_labels``, the int32 component label of each node.
    """
    if connection.lower() not in ('weak', 'strong'):
        raise ValueError("connection must be 'weak' or 'strong'")
    if not isinstance(csgraph, _spbase):
        from cupricx.scipy.sparse import csr_matrix

        dense = cupric.asarray(csgraph)
        if dense.ndim != 2:
            raise ValueError('graph should have two dimensions')
        csgraph = csr_matrix(dense.astype('float64') if dense.dtype.kind in 'iu' else dense)
    g = csgraph.tocsr()
    n, labels = _sp.connected_components(g.data, g.indices, g.indptr, *g.shape, bool(directed),
                                         connection.lower())
    return (n, labels) if return_labels else n
