"""cupric: NumPy & SciPy for NVIDIA GPUs, with a CuPy v14 compatible API.

``import cupric as cp`` and use it as you would CuPy. Arrays live on the GPU when one is
usable and on the host backend otherwise (``CUPRIC_BACKEND=cuda|host|auto``).
"""
import numpy as _numpy

from cupric import _core
from cupric._core import ndarray, empty, zeros, ones, full, asnumpy, promote_types
from cupric._core import (arange, linspace, logspace, meshgrid, eye, identity, diag, diagflat, tri, tril, triu,
                          empty_like, zeros_like, ones_like, full_like)
from cupric._core import (reshape, ravel, transpose, swapaxes, moveaxis, squeeze, expand_dims, broadcast_to,
                          broadcast_arrays, diagonal)
from cupric._core import (take, put, take_along_axis, put_along_axis, compress, extract, nonzero, flatnonzero,
                          argwhere, place, putmask, choose, indices, ix_, unravel_index, ravel_multi_index,
                          diag_indices, fill_diagonal)
from cupric._core import (concatenate, stack, hstack, vstack, dstack, column_stack, append, split, array_split,
                          hsplit, vsplit, dsplit, flip, fliplr, flipud, rot90, roll, tile, repeat, atleast_1d,
                          atleast_2d, atleast_3d, resize)
from cupric._indexing import where, copyto, broadcast_shapes, require
from cupric._core import (pad, insert, delete, trim_zeros, block, row_stack, select, mask_indices,
                          triu_indices, tril_indices, triu_indices_from, tril_indices_from, trace,
                          diag_indices_from)
from cupric._core import (sum, prod, nansum, nanprod, max, min, amax, amin, nanmax, nanmin, ptp,  # noqa: A004
                          argmax, argmin, any, all, count_nonzero, mean, nanmean, var, std, nanvar, nanstd,
                          isclose, allclose)
from cupric import _ndarray  # noqa: F401  (adds the Python-level ndarray methods)
from cupric._creation import (array, asarray, asanyarray, ascontiguousarray, asfortranarray, copy,
                              can_cast)
from cupric import cuda
from cupric import _libraries  # noqa: F401  (registers where C++ finds cuBLAS/OpenBLAS later; loads nothing)
from cupric.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool
from cupric._core import ufunc, result_type, min_scalar_type
from cupric._ufunc import common_type
from cupric._core import cumsum, cumprod, nancumsum, nancumprod, nanargmax, nanargmin, bincount
from cupric._statistics import (average, diff, ediff1d, trapezoid, gradient, cov, corrcoef, correlate, convolve,
                                array_equal, array_equiv)
from cupric import _accelerator  # noqa: F401
from cupric._config import show_config, get_array_module, is_available
from cupric._sorting import (sort, argsort, lexsort, partition, argpartition, sort_complex, searchsorted, digitize,
                             unique, unique_values, unique_counts, unique_inverse, unique_all, isin, intersect1d,
                             union1d, setdiff1d, setxor1d)
from cupric._order_statistics import (median, nanmedian, quantile, nanquantile, percentile, nanpercentile)
from cupric._histograms import histogram, histogram_bin_edges, histogram2d, histogramdd
from cupric._kernel import ElementwiseKernel, ReductionKernel, RawKernel, RawModule  # user kernels
from cupric._fusion import fuse

__version__ = "0.1.0"

# Scalar types and dtype names are NumPy's, as in CuPy (V9-ALIASES: NumPy 2's set; cupric.int,
# cupric.float and cupric.complex do not exist).
dtype = _numpy.dtype
bool = _numpy.bool  # noqa: A001
bool_ = _numpy.bool_
int8, int16, int32, int64 = _numpy.int8, _numpy.int16, _numpy.int32, _numpy.int64
uint8, uint16, uint32, uint64 = _numpy.uint8, _numpy.uint16, _numpy.uint32, _numpy.uint64
float16, float32, float64 = _numpy.float16, _numpy.float32, _numpy.float64
complex64, complex128 = _numpy.complex64, _numpy.complex128
byte, ubyte, short, ushort = _numpy.byte, _numpy.ubyte, _numpy.short, _numpy.ushort
intc, uintc, int_, uint = _numpy.intc, _numpy.uintc, _numpy.int_, _numpy.uint
longlong, ulonglong, intp, uintp = _numpy.longlong, _numpy.ulonglong, _numpy.intp, _numpy.uintp
half, single, double = _numpy.half, _numpy.single, _numpy.double
csingle, cdouble = _numpy.csingle, _numpy.cdouble
number, integer, signedinteger, unsignedinteger = (_numpy.number, _numpy.integer, _numpy.signedinteger,
                                                   _numpy.unsignedinteger)
inexact, floating, complexfloating, generic = (_numpy.inexact, _numpy.floating, _numpy.complexfloating,
                                               _numpy.generic)
finfo, iinfo, issubdtype = _numpy.finfo, _numpy.iinfo, _numpy.issubdtype

newaxis = None
inf, nan, pi, e, euler_gamma = _numpy.inf, _numpy.nan, _numpy.pi, _numpy.e, _numpy.euler_gamma

ndarray.__module__ = "cupric"
ufunc.__module__ = "cupric"

# The ufuncs (cupric.add, cupric.sqrt, ...; aliases such as cupric.divide/true_divide are the
# same object, as in NumPy), from the op table.
globals().update(_core._ufuncs)
from cupric._ufunc_funcs import fix, around, round, clip, nan_to_num, real, imag, angle, sinc, i0  # noqa: E402,A004
from cupric import random  # noqa: E402  (cupric.random after `import cupric`)
# Interoperability: NumPy's dispatch protocols, DLPack, the array API standard's names.
from cupric import _numpy_protocols  # noqa: E402,F401  (ndarray.__array_ufunc__, __array_function__)
from cupric._dlpack import from_dlpack, fromDlpack, toDlpack  # noqa: E402
from cupric import _array_api  # noqa: E402
from cupric._array_api import (__array_api_version__, isdtype, matrix_transpose, astype,  # noqa: E402
                               cumulative_sum, cumulative_prod, unstack)
from cupric._array_api_info import __array_namespace_info__  # noqa: E402
globals().update({_name: globals()[_target] for _name, _target in _array_api._ALIASES.items()})
# NumPy's namespace beyond the core routines (issue 18), one module per concept.
from cupric._window import bartlett, blackman, hamming, hanning, kaiser  # noqa: E402
from cupric._polynomial import (polyval, vander, polyadd, polysub, polymul, polydiv, poly,  # noqa: E402
                                poly1d, polyfit, roots)
from cupric._interp import interp, unwrap  # noqa: E402
from cupric._bits import packbits, unpackbits, binary_repr, base_repr  # noqa: E402
from cupric._memory_overlap import shares_memory, may_share_memory  # noqa: E402
from cupric._index_tricks import c_, r_, s_, index_exp, mgrid, ogrid, ndindex  # noqa: E402
from cupric._type_check import (iscomplex, iscomplexobj, isreal, isrealobj, real_if_close,  # noqa: E402
                                isfortran, isneginf, isposinf, asarray_chkfinite, isscalar, ndim, shape, size,
                                rollaxis)
from cupric._functional import apply_along_axis, apply_over_axes, piecewise, fromfunction, vectorize  # noqa: E402
from cupric._io import (load, save, savez, savez_compressed, savetxt, loadtxt, genfromtxt, fromfile,  # noqa: E402
                        frombuffer, fromiter, fromstring)
from cupric._iterators import broadcast, flatiter  # noqa: E402
from cupric import exceptions  # noqa: E402,F401
# NumPy 1 names CuPy 14 keeps (alltrue, Inf, AxisError, ...) come from __getattr__ with a
# DeprecationWarning (Note [NumPy 1 names] in cupric/_legacy_names.py).
from cupric._printing import (array2string, array_repr, array_str, format_float_positional,  # noqa: E402
                              format_float_scientific, get_printoptions, set_printoptions, printoptions)
from cupric._memoize import memoize, clear_memo  # noqa: E402
# NumPy's host-side type and data helpers, re-exported as CuPy does.
long, ulong = _numpy.long, _numpy.ulong
mintypecode, typename, iterable = _numpy.mintypecode, _numpy.typename, _numpy.iterable
from cupric import lib, polynomial  # noqa: E402,F401
from cupric import linalg  # noqa: E402
from cupric.linalg._products import (matmul, dot, vdot, inner, outer, tensordot, kron, vecdot, matvec,  # noqa: E402
                                     vecmat, cross, einsum, einsum_path)
from cupric import fft  # noqa: E402
from cupric import _dask  # noqa: E402
from cupric import _pickling  # noqa: E402,F401  (functions and ufuncs pickle by name: Dask, multiprocessing)

_dask.install()  # dask.array registrations, now or when dask.array loads (Note [Dask registration] in _dask.py)


def __getattr__(name):
    # cupric.testing is imported on first use, as in CuPy (it pulls in pytest helpers).
    if name == "testing":
        import importlib
        return importlib.import_module("cupric.testing")
    from cupric._legacy_names import module_getattr
    return module_getattr("cupric", name)

# CuPy's switch for the FutureWarning of experimental APIs (cupricx.allow_synchronize).
disable_experimental_feature_warning = False
