"""cupricx.scipy.sparse.csgraph: graph algorithms on sparse matrices (CuPy's
cupyx.scipy.sparse.csgraph); the work is C++ (cupric/sparse/csgraph.hpp)."""
from __future__ import annotations  # noqa: F401 (CuPy lists `annotations` among the module's names)

from cupricx.scipy.sparse.csgraph._traversal import connected_components  # noqa: F401
