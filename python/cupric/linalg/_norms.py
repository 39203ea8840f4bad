"""cupric.linalg's norms and matrix views (numpy.linalg 2.x signatures); the work is in C++
(cupric/linalg/norms.hpp)."""
from cupric import _core

_sl = _core._linalg_solvers


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm (numpy.linalg.norm: every ``ord``, ``axis`` and ``keepdims``)."""
    return _sl.norm(x, ord, axis, keepdims)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over ``axis`` (None: the flattened array; a tuple: those axes together)."""
    return _sl.vector_norm(x, axis, keepdims, ord)


def matrix_norm(x, /, *, keepdims=False, ord='fro'):
    """Matrix norm over the last two axes."""
    return _sl.matrix_norm(x, keepdims, ord)


def diagonal(x, /, *, offset=0):
    """The diagonals of the matrices of a stack (last two axes)."""
    return _sl.diagonal(x, offset)


def trace(x, /, *, offset=0, dtype=None):
    """The sums of the diagonals of the matrices of a stack (last two axes)."""
    return _sl.trace(x, offset, dtype)
