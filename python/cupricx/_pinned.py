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
    # NumPy's empty_like picks the layout (C, F, A, or K: a's axis order by strides); it reads only
    # a's shape and strides, so a zero-copy uint8 stand-in with a's strides in elements serves.
    if order not in ('C', 'F', 'A', 'K', None):
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
    elem = numpy.dtype(a.dtype).itemsize or 1
    stand_in = numpy.lib.stride_tricks.as_strided(numpy.zeros(1, numpy.uint8), shape=a.shape,
                                                  strides=[st // elem for st in a.strides])
    proto = numpy.empty_like(stand_in, dtype=a.dtype if dtype is None else dtype, order=order or 'K', shape=shape)
    mem = _memory.alloc_pinned_memory(proto.nbytes)
    if not proto.nbytes:
        return numpy.ndarray(proto.shape, proto.dtype)
    return numpy.ndarray(proto.shape, proto.dtype, buffer=mem, strides=proto.strides)


def zeros_pinned(shape, dtype=float, order='C'):
    """A zero-filled numpy.ndarray in pinned host memory."""
    out = empty_pinned(shape, dtype, order)
    out[...] = 0
    return out


def zeros_like_pinned(a, dtype=None, order='K', subok=None, shape=None):
    out = empty_like_pinned(a, dtype, order, subok, shape)
    out[...] = 0
    return out
