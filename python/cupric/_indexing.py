"""Thin Python wrappers of the indexing and manipulation routines: argument normalisation only
(the work is in C++: cupric._core)."""

from cupric import _core

ndarray = _core.ndarray


def where(condition, x=None, y=None):
    """numpy.where: with one argument the indices of the nonzero elements (one host sync);
    with three, elements of x where condition is true and of y elsewhere (C++: cupric::where)."""
    if x is None and y is None:
        return _core.nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    return _core._where(condition, x, y)


def copyto(dst, src, casting="same_kind", where=True):
    """numpy.copyto: copies src (broadcast) into dst, optionally only where `where` is true
    (C++: cupric::copyto, which applies NumPy 2's rules to Python-number sources)."""
    if not isinstance(dst, ndarray):
        raise TypeError("copyto() argument 1 must be cupric.ndarray, not " + type(dst).__name__)
    _core._copyto(dst, src, casting, where)


def broadcast_shapes(*args):
    """numpy.broadcast_shapes: the shape arrays of these shapes broadcast to (C++:
    cupric::broadcast_result_shape; shape arithmetic only, no device work)."""
    return _core._broadcast_shapes(*args)


# numpy.require's requirement names, as the flag letters the C++ routine takes.
_REQUIREMENT_LETTERS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
                        "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
                        "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None):
    """numpy.require: an array of `dtype` meeting the flags in `requirements` (C, F, A, W, O, E),
    a copy only where it does not (C++: cupric::require)."""
    from cupric._creation import asarray
    if not requirements:
        return asarray(a, dtype=dtype)
    letters = "".join({_REQUIREMENT_LETTERS[r.upper()] for r in requirements})  # KeyError as NumPy's
    return _core._require(a if isinstance(a, ndarray) else asarray(a), dtype, letters)
