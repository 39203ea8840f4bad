"""cupric's registrations with dask.array: the chunk type, the data-directed dispatch functions
and the "cupric" array backend (Note [Dask registration] in cupric/_dask.py says when they run).
Glue only: every function here forwards to a cupric routine."""
import functools
import math

import numpy
from dask import config
from dask.array import chunk_types, dispatch
from dask.array.backends import ArrayBackendEntrypoint, array_creation_dispatch

import cupric

# Most of Dask's NumPy defaults already reach cupric through __array_function__ (np.concatenate on
# cupric chunks runs cupric.concatenate); these are registered where the default would create a
# NumPy array (np.empty(shape), the element counts of mean/var) or name NumPy's function directly.


def _numel(x, **kwargs):
    # Dask's mean/var divide a chunk's sum by this count: a cupric array for cupric chunks, as a
    # NumPy count would meet a cupric sum in one operation (refused: no implicit host copies).
    dtype = kwargs.get("dtype", numpy.float64)
    axis = kwargs.get("axis")
    keepdims = kwargs.get("keepdims", False)
    if axis is None:
        axis = tuple(range(x.ndim))
    elif not isinstance(axis, (tuple, list)):
        axis = (axis,)
    axis = tuple(a % x.ndim for a in axis) if x.ndim else ()
    count = math.prod(x.shape[a] for a in axis)
    if keepdims:
        shape = tuple(1 if i in axis else n for i, n in enumerate(x.shape))
    else:
        shape = tuple(n for i, n in enumerate(x.shape) if i not in axis)
    return cupric.full(shape, count, dtype=dtype)


def _nannumel(x, **kwargs):
    return cupric.sum(~cupric.isnan(x), **kwargs)


def _percentile(a, q, method="linear"):
    # Dask's per-chunk contract: (percentiles of the chunk or None when it is empty, its length)
    n = len(a)
    if n == 0:
        return None, n
    if not numpy.issubdtype(a.dtype, numpy.number):
        method = "nearest"
    return cupric.percentile(a, q, method=method), n


def _einsum(*operands, **kwargs):
    # Dask passes NumPy's order= and casting= through; cupric.einsum, as CuPy's, takes neither
    kwargs.pop("casting", None)
    kwargs.pop("order", None)
    return cupric.einsum(*operands, **kwargs)


def _to_numpy(data, **kwargs):
    return cupric.asnumpy(data, **kwargs)


def _to_cupric(data, **kwargs):
    return cupric.asarray(data, **kwargs)


def _dask_array_with_cupric_meta(name, *args, meta=None, **kwargs):
    import dask.array as da

    meta = cupric.empty(()) if meta is None else meta
    with config.set({"array.backend": "numpy"}):
        return getattr(da, name)(*args, meta=meta, **kwargs)


class CupricBackendEntrypoint(ArrayBackendEntrypoint):
    """dask.config.set({"array.backend": "cupric"}): da.ones/zeros/empty/full/arange and da.random
    create cupric chunks; `x.to_backend("cupric")` moves a Dask array's chunks to cupric."""

    @classmethod
    def to_backend_dispatch(cls):
        return _to_cupric

    @classmethod
    def to_backend(cls, data, **kwargs):
        if isinstance(data._meta, cupric.ndarray):
            return data
        return data.map_blocks(_to_cupric, **kwargs)

    @property
    def RandomState(self):
        return cupric.random.RandomState

    @property
    def default_bit_generator(self):
        return cupric.random.XORWOW

    @staticmethod
    def arange(*args, like=None, **kwargs):
        import dask.array as da

        like = cupric.empty(()) if like is None else like
        with config.set({"array.backend": "numpy"}):
            return da.arange(*args, like=like, **kwargs)


# da.ones/zeros/empty/full under this backend: Dask's own, with a cupric meta
for _name in ("ones", "zeros", "empty", "full"):
    setattr(CupricBackendEntrypoint, _name, staticmethod(functools.partial(_dask_array_with_cupric_meta, _name)))


def register():
    nd = cupric.ndarray
    chunk_types.register_chunk_type(nd)
    dispatch.concatenate_lookup.register(nd, cupric.concatenate)
    dispatch.take_lookup.register(nd, cupric.take)
    dispatch.tensordot_lookup.register(nd, cupric.tensordot)
    dispatch.einsum_lookup.register(nd, _einsum)
    dispatch.empty_lookup.register(nd, cupric.empty)
    dispatch.divide_lookup.register(nd, cupric.divide)
    dispatch.percentile_lookup.register(nd, _percentile)
    dispatch.numel_lookup.register(nd, _numel)
    dispatch.nannumel_lookup.register(nd, _nannumel)
    dispatch.to_numpy_dispatch.register(nd, _to_numpy)
    array_creation_dispatch.register_backend("cupric", CupricBackendEntrypoint())
