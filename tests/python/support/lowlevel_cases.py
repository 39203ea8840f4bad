"""Arrays for the raw-pointer library tests (cupric.cuda.cublas / cusolver, cupricx's wrappers):
random matrices of a dtype, column-major device copies, batches of column-major matrices and the
device arrays of their addresses that the *Batched routines take."""
import numpy

import cupric


def rand(rng, dtype, *shape):
    """Standard normal values of `dtype` (complex: independent real and imaginary parts)."""
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def real_of(dtype):
    return numpy.float32 if dtype in (numpy.float32, numpy.complex64) else numpy.float64


def tol(dtype, single, double):
    return single if real_of(dtype) == numpy.float32 else double


def hpd(rng, dtype, n):
    """A Hermitian (symmetric) positive definite n x n matrix."""
    m = rand(rng, dtype, n, n)
    return (m @ m.conj().T + n * numpy.eye(n)).astype(dtype)


def col(x):
    """A column-major device copy of a matrix."""
    return cupric.asarray(numpy.asfortranarray(x))


def batch(mats):
    """(batch, m, n) host matrices as one device buffer of column-major matrices, back to back."""
    return cupric.asarray(numpy.ascontiguousarray(numpy.swapaxes(mats, 1, 2)))


def unbatch(dev, m=None, n=None):
    """The (batch, m, n) host matrices of a batch() buffer (a flat buffer: give m and n)."""
    host = cupric.asnumpy(dev)
    if m is not None:
        host = host.reshape(-1, n, m)
    return numpy.swapaxes(host, 1, 2)


def pointers(dev, count):
    """The device array of the addresses of a batch() buffer's `count` matrices."""
    step = dev.size // count * dev.itemsize
    return cupric.asarray(numpy.array([dev.data.ptr + i * step for i in range(count)], numpy.uint64))
