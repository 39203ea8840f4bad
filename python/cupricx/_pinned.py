"""NumPy arrays in pinned (page-locked) host memory, for fast asynchronous transfers (cupyx's
empty_pinned family). The memory comes from cupric.cuda.alloc_pinned_memory (the pinned pool)."""
import numpy

from cupric.cuda import memory as _memory


def _shape_tuple(shape):
    try:
        return tuple(int(s) for s in shape)
    except TypeError:
        return (int(shape),)


def empty_pinned(shape, dtype=float, order='C'):
    """An uninitialised numpy.ndarray in pinned host memory."""
    shape = _shape_tuple(shape)
    dtype = numpy.dtype(dtype)
    if order not in ('C', 'F'):
        raise ValueError("order must be 'C' or 'F'")
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    nbytes = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    mem = _memory.alloc_pinned_memory(nbytes)
    return numpy.ndarray(shape, dtype, buffer=mem if nbytes else None, order=order)


def empty_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    """empty_pinned with the shape and dtype of `a`."""
    order = 'F' if order in ('F', 'A', 'K') and a.flags.f_contiguous and not a.flags.c_contiguous else 'C'
    return empty_pinned(a.shape if shape is None else shape, a.dtype if dtype is None else dtype, order)


def zeros_pinned(shape, dtype=float, order='C'):
    """A zero-filled numpy.ndarray in pinned host memory."""
    out = empty_pinned(shape, dtype, order)
    out[...] = 0
    return out


def zeros_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    out = empty_like_pinned(a, dtype, order, subok, shape)
    out[...] = 0
    return out
