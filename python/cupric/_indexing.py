"""Thin Python wrappers of the indexing and manipulation routines: argument normalisation only
(the work is in C++: cupric._core)."""
import numpy

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
    """numpy.broadcast_shapes: shape arithmetic only, no device work."""
    return numpy.broadcast_shapes(*args)


def require(a, dtype=None, requirements=None):
    """numpy.require: an array of `dtype` meeting the flags in `requirements` (C, F, A, W, O, E)."""
    from cupric._creation import asarray, array
    names = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F", "F_CONTIGUOUS": "F",
             "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W", "WRITEABLE": "W", "O": "O",
             "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}
    if not requirements:
        return asarray(a, dtype=dtype)
    if isinstance(requirements, str):
        requirements = [requirements]
    reqs = {names[r.upper()] for r in requirements}
    if "C" in reqs and "F" in reqs:
        raise ValueError("Cannot specify both C and Fortran contiguous.")
    order = "C" if "C" in reqs else ("F" if "F" in reqs else "A")
    arr = asarray(a, dtype=dtype)
    if ("C" in reqs and not arr.flags.c_contiguous) or ("F" in reqs and not arr.flags.f_contiguous) or \
            ("O" in reqs and not arr.flags.owndata):
        arr = array(arr, dtype=dtype, copy=True, order=order)
    return arr
