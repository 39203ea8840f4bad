"""cupricx.cusparse: CuPy's cupyx.cusparse matrix-level functions with CuPy's signatures and
results (``spmv``, ``spmm``, ``csrgeam2``, ``spgemm``, the sorts and format conversions,
``denseToSparse``/``sparseToDense``, ``check_availability``, ``getVersion``), computed by
cupricx.scipy.sparse (cuSPARSE on the GPU), so they run on the host backend too; and the
descriptor classes of the raw generic API (``BaseDescriptor``, ``MatDescriptor``,
``SpMatDescriptor``, ``SpVecDescriptor``, ``DnVecDescriptor``, ``DnMatDescriptor``, over
cupric.cuda.cusparse; GPU only).

``csr2csr_compress``, ``csrilu02`` (ILU(0) in place; cuSPARSE's csrilu02 on the GPU) and ``spsm``
(sparse triangular solves) work as CuPy's; ``spgeam`` is csrgeam2 as in CuPy (cuSPARSE's SpGEAM is
not in a released CUDA it supports). CuPy's functions of cuSPARSE's legacy API that CUDA 12 removed
(csrmv, csrmm, csrmm2, csrgeam, csrgemm, csrgemm2, csrsm2, and csr2csc/csc2csr for int32 indices)
raise RuntimeError("<name> is not available."), and ``check_availability`` answers False for them,
as CuPy 14's do with CUDA 12 and 13 (cupricx/_cusparse_legacy.py).
"""
import numpy as _numpy

import cupric as _cupric

_AVAILABLE = frozenset({"spmv", "spmm", "csrgeam2", "spgemm", "csr2dense", "csc2dense", "csrsort", "cscsort",
                        "coosort", "coo2csr", "csr2coo", "csr2cscEx2", "csc2csrEx2", "dense2csc", "dense2csr",
                        "denseToSparse", "sparseToDense", "csr2csr_compress", "csrilu02", "spsm"})
# CuPy 14's names that need cuSPARSE's removed legacy API (or SpGEAM, in no CUDA release CuPy 14
# supports; spgemm_int64 is CuPy's own version test).
_UNAVAILABLE = frozenset({"csrmv", "csrmm", "csrmm2", "csrgeam", "csrgemm", "csrgemm2", "gthr", "csr2csc", "csc2csr",
                          "csrsm2", "spgeam", "spgemm_int64"})


def check_availability(name):
    """Whether cupricx.cusparse's function `name` is usable: True for those this module has,
    False for CuPy's legacy-API ones (removed in CUDA 12); ValueError for a name CuPy does not list."""
    if name in _AVAILABLE:
        return True
    if name in _UNAVAILABLE:
        return False
    raise ValueError(f"No available version information specified for {name}")


def getVersion():
    """The cuSPARSE version (e.g. 12500), from the current device's handle (GPU only)."""
    from cupric.cuda import cusparse, device
    return cusparse.getVersion(device.get_cusparse_handle())


def _sparse():
    import cupricx.scipy.sparse as sparse
    return sparse


def _common(*xs):
    dtypes = [x.dtype for x in xs if x is not None]
    dtype = _numpy.result_type(*dtypes)
    return dtype, [None if x is None else (x if x.dtype == dtype else x.astype(dtype)) for x in xs]


def _op(a, trans):
    return a.T if trans else a


def _sparse_operand(a, transa):
    """CuPy's operand rules: CSR or COO (CSC is used as its CSR transpose). CuPy also asks for the
    canonical format (cuSPARSE's kernels need sorted entries); cupric's products do not, so a matrix
    with duplicates or unsorted entries is accepted (duplicates add up, as in its other products)."""
    sparse = _sparse()
    if sparse.isspmatrix_csc(a):
        a, transa = a.T, not transa
    if not (sparse.isspmatrix_csr(a) or sparse.isspmatrix_coo(a)):
        raise TypeError(f"unsupported type (actual: {type(a)})")
    return a, transa


def spmv(a, x, y=None, alpha=1, beta=0, transa=False):
    """``y = alpha * op(A) @ x + beta * y`` for a sparse matrix A (CSR, CSC or COO) and dense
    vectors; returns y (the ``y`` given, updated in place when it has the result's dtype, or
    a new vector)."""
    a, transa = _sparse_operand(a, transa)
    m, n = a.shape[::-1] if transa else a.shape
    if n != len(x):
        raise ValueError("dimension mismatch")
    dtype, (_, x, y) = _common(a, x, y)
    if y is None:
        y = _cupric.zeros(m, dtype)
    elif len(y) != m:
        raise ValueError("dimension mismatch")
    r = (_op(a, transa) @ x) * alpha
    y[...] = r + y * beta if beta != 0 else r
    return y


def spmm(a, b, c=None, alpha=1, beta=0, transa=False, transb=False):
    """``C = alpha * op(A) @ op(B) + beta * C`` for a sparse matrix A (CSR, CSC or COO) and
    F-contiguous dense matrices B, C; returns C (the ``c`` given, updated in place when it has
    the result's dtype, or a new F-ordered matrix)."""
    if a.ndim != 2 or b.ndim != 2:
        raise ValueError("expected 2-D matrices")
    if not b.flags.f_contiguous:
        raise ValueError("expected F-contiguous array for b")
    if c is not None and not c.flags.f_contiguous:
        raise ValueError("expected F-contiguous array for c")
    a, transa = _sparse_operand(a, transa)
    m, k = a.shape[::-1] if transa else a.shape
    bb = b.T if transb else b
    if bb.shape[0] != k:
        raise ValueError("dimension mismatch")
    dtype, (_, bb, c) = _common(a, bb, c)
    if c is None:
        c = _cupric.zeros((m, bb.shape[1]), dtype, order="F")
    elif c.shape != (m, bb.shape[1]):
        raise ValueError("dimension mismatch")
    r = (_op(a, transa) @ bb) * alpha
    c[...] = r + c * beta if beta != 0 else r
    return c


def csrgeam2(a, b, alpha=1, beta=1):
    """``C = alpha * A + beta * B`` of CSR matrices (a CSR result)."""
    sparse = _sparse()
    if not (sparse.isspmatrix_csr(a) and sparse.isspmatrix_csr(b)):
        raise TypeError("unsupported type (a and b must be csr_matrix)")
    if a.shape != b.shape:
        raise ValueError("inconsistent shapes")
    return (a * alpha + b * beta).tocsr()


def spgemm(a, b, alpha=1):
    """``C = alpha * A @ B`` of CSR matrices (a CSR result)."""
    sparse = _sparse()
    if not (sparse.isspmatrix_csr(a) and sparse.isspmatrix_csr(b)):
        raise TypeError("unsupported type (a and b must be csr_matrix)")
    if a.shape[1] != b.shape[0]:
        raise ValueError("mismatched shape")
    c = (a @ b).tocsr()
    return c * alpha if alpha != 1 else c


def csrsort(x):
    """Sorts the column indices of each row of CSR matrix ``x`` in place."""
    x.sort_indices()


def cscsort(x):
    """Sorts the row indices of each column of CSC matrix ``x`` in place."""
    x.sort_indices()


def coosort(x, sort_by="r"):
    """Sorts the entries of COO matrix ``x`` in place, by row ('r') or by column ('c')."""
    if sort_by not in ("r", "c"):
        raise ValueError(f"sort_by must be either 'r' or 'c' (actual: {sort_by!r})")
    major, minor = (x.row, x.col) if sort_by == "r" else (x.col, x.row)
    order = _cupric.lexsort(_cupric.stack([minor, major]))
    x.row[...] = x.row[order]
    x.col[...] = x.col[order]
    x.data[...] = x.data[order]


def coo2csr(x):
    return x.tocsr()


def coo2csc(x):
    return x.tocsc()


def csr2coo(x, data, indices):
    """The COO matrix of CSR matrix ``x`` with ``data`` and column ``indices`` as its entries."""
    coo = x.tocoo()
    return _sparse().coo_matrix((data, (coo.row, indices)), shape=x.shape)


def csc2coo(x, data, indices):
    """The COO matrix of CSC matrix ``x`` with ``data`` and row ``indices`` as its entries (not
    marked canonical: its entries are in column order)."""
    coo = x.tocoo()
    out = _sparse().coo_matrix((data, (indices, coo.col)), shape=x.shape)
    out.has_canonical_format = False
    return out


def csr2cscEx2(x):
    return x.tocsc()


def csc2csrEx2(x):
    return x.tocsr()


def _check_dense(x):
    if x.ndim != 2:
        raise ValueError(f"x must be 2-D (actual: {x.ndim})")


def dense2csr(x):
    _check_dense(x)
    return _sparse().csr_matrix(x)


def dense2csc(x):
    _check_dense(x)
    return _sparse().csc_matrix(x)


def _to_dense(x, out):
    """x as a dense F-ordered matrix (into ``out``, which must be F-contiguous), as cuSPARSE writes it."""
    if x.dtype.char not in "fdFD":
        raise ValueError("unsupported dtype")
    if out is None:
        return _cupric.asfortranarray(x.toarray())
    if not out.flags.f_contiguous:
        raise ValueError("expected F-contiguous array for out")
    if out.shape != x.shape:
        raise ValueError(f"out must have shape {x.shape} (actual: {out.shape})")
    out[...] = x.toarray()
    return out


def csr2dense(x, out=None):
    return _to_dense(x, out)


def csc2dense(x, out=None):
    return _to_dense(x, out)


def denseToSparse(x, format="csr"):
    """A sparse matrix of dense 2-D ``x`` in ``format`` ('csr', 'csc' or 'coo')."""
    _check_dense(x)
    sparse = _sparse()
    kinds = {"csr": sparse.csr_matrix, "csc": sparse.csc_matrix, "coo": sparse.coo_matrix}
    if format not in kinds:
        raise ValueError(f"unsupported format (actual: {format})")
    return kinds[format](x)


def sparseToDense(x, out=None):
    """The dense matrix of sparse ``x`` (C-ordered; into ``out`` when given)."""
    d = x.toarray()
    if out is None:
        return d
    if out.shape != d.shape:
        raise ValueError(f"out must have shape {d.shape} (actual: {out.shape})")
    out[...] = d
    return out


# ---- descriptors of the raw generic API (GPU only) ----
_VALUE_TYPES = {"f": 0, "d": 1, "F": 4, "D": 5}  # CUDA_R_32F, CUDA_R_64F, CUDA_C_32F, CUDA_C_64F


def _value_type(dtype):
    try:
        return _VALUE_TYPES[_numpy.dtype(dtype).char]
    except KeyError:
        raise TypeError(f"cuSPARSE does not support dtype {dtype}") from None


def _index_type(dtype):
    from cupric.cuda import cusparse
    kinds = {"uint16": cusparse.CUSPARSE_INDEX_16U, "int32": cusparse.CUSPARSE_INDEX_32I,
             "int64": cusparse.CUSPARSE_INDEX_64I}
    try:
        return kinds[_numpy.dtype(dtype).name]
    except KeyError:
        raise TypeError(f"cuSPARSE index arrays are uint16, int32 or int64, got {_numpy.dtype(dtype)}") from None


class BaseDescriptor:
    """Owns a cuSPARSE descriptor ``desc`` (destroyed with ``destroy`` when collected); unknown
    attributes are read from ``get(desc)`` (e.g. ``SpMatDescriptor.create(a).nnz``), as CuPy's."""

    def __init__(self, descriptor, get=None, destroyer=None):
        self.desc = descriptor
        self.get = get
        self.destroy = destroyer
        self._keep = ()  # the arrays the descriptor points into stay alive with it

    def __del__(self):
        d, destroy = self.__dict__.get("desc"), self.__dict__.get("destroy")
        self.desc = None
        if d is not None and destroy is not None:
            try:
                destroy(d)
            except Exception:
                pass  # at interpreter exit the library may be gone

    def __getattr__(self, name):
        get = self.__dict__.get("get")
        if get is None or name.startswith("_") or name in ("desc", "get", "destroy"):
            raise AttributeError(name)
        return getattr(get(self.desc), name)


def _made(cls, desc, get, destroy, keep):
    d = cls(desc, get, destroy)
    d._keep = keep
    return d


class MatDescriptor(BaseDescriptor):
    """A cusparseMatDescr_t (``descriptor``): ``MatDescriptor.create()``, ``set_mat_type``, ..."""

    def __init__(self, descriptor):
        from cupric.cuda import cusparse
        super().__init__(descriptor, None, cusparse.destroyMatDescr)

    @property
    def descriptor(self):
        return self.desc

    @classmethod
    def create(cls):
        from cupric.cuda import cusparse
        return cls(cusparse.createMatDescr())

    def __reduce__(self):
        return self.create, ()

    def set_mat_type(self, typ):
        from cupric.cuda import cusparse
        cusparse.setMatType(self.desc, typ)

    def set_mat_index_base(self, base):
        from cupric.cuda import cusparse
        cusparse.setMatIndexBase(self.desc, base)

    def set_mat_fill_mode(self, fill_mode):
        from cupric.cuda import cusparse
        cusparse.setMatFillMode(self.desc, fill_mode)

    def set_mat_diag_type(self, diag_type):
        from cupric.cuda import cusparse
        cusparse.setMatDiagType(self.desc, diag_type)


class SpMatDescriptor(BaseDescriptor):
    """``SpMatDescriptor.create(a)``: the generic API's descriptor of a CSR, CSC or COO matrix."""

    @classmethod
    def create(cls, a):
        from cupric.cuda import cusparse
        if not _sparse().issparse(a):
            raise TypeError("expected sparse matrix")
        vt = _value_type(a.dtype)
        rows, cols = a.shape
        base = cusparse.CUSPARSE_INDEX_BASE_ZERO
        if a.format in ("csr", "csc"):
            make = cusparse.createCsr if a.format == "csr" else cusparse.createCsc
            d = make(rows, cols, a.nnz, a.indptr.data.ptr, a.indices.data.ptr, a.data.data.ptr,
                     _index_type(a.indptr.dtype), _index_type(a.indices.dtype), base, vt)
            return _made(cls, d, cusparse.csrGet if a.format == "csr" else None, cusparse.destroySpMat,
                         (a.indptr, a.indices, a.data))
        if a.format == "coo":
            d = cusparse.createCoo(rows, cols, a.nnz, a.row.data.ptr, a.col.data.ptr, a.data.data.ptr,
                                   _index_type(a.row.dtype), base, vt)
            return _made(cls, d, cusparse.cooGet, cusparse.destroySpMat, (a.row, a.col, a.data))
        raise ValueError(f"csr, csc and coo format are supported (actual: {a.format}).")

    def set_attribute(self, attribute, data):
        from cupric.cuda import cusparse
        cusparse.spMatSetAttribute(self.desc, attribute, data)


class SpVecDescriptor(BaseDescriptor):
    """``SpVecDescriptor.create(idx, x)``: a sparse vector of ``x.size`` entries ``x`` at indices ``idx``."""

    @classmethod
    def create(cls, idx, x):
        from cupric.cuda import cusparse
        nnz = x.size
        d = cusparse.createSpVec(nnz, nnz, idx.data.ptr, x.data.ptr, _index_type(idx.dtype),
                                 cusparse.CUSPARSE_INDEX_BASE_ZERO, _value_type(x.dtype))
        return _made(cls, d, cusparse.spVecGet, cusparse.destroySpVec, (idx, x))


class DnVecDescriptor(BaseDescriptor):
    """``DnVecDescriptor.create(x)``: the generic API's descriptor of a contiguous vector."""

    @classmethod
    def create(cls, x):
        from cupric.cuda import cusparse
        if x.ndim != 1 or not x.flags.c_contiguous:
            raise ValueError("x must be a contiguous 1-D array")
        d = cusparse.createDnVec(x.size, x.data.ptr, _value_type(x.dtype))
        return _made(cls, d, cusparse.dnVecGet, cusparse.destroyDnVec, (x,))


class DnMatDescriptor(BaseDescriptor):
    """``DnMatDescriptor.create(a)``: the generic API's descriptor of an F-contiguous matrix."""

    @classmethod
    def create(cls, a):
        from cupric.cuda import cusparse
        if a.ndim != 2:
            raise ValueError("expected 2-D matrix")
        if not a.flags.f_contiguous:
            raise ValueError("expected F-contiguous array")
        rows, cols = a.shape
        d = cusparse.createDnMat(rows, cols, rows, a.data.ptr, _value_type(a.dtype), cusparse.CUSPARSE_ORDER_COL)
        return _made(cls, d, cusparse.dnMatGet, cusparse.destroyDnMat, (a,))


from cupricx._cusparse_legacy import (  # noqa: E402,F401 - CuPy's names, built on this module's helpers
    csc2csr, csr2csc, csr2csr_compress, csrgeam, csrgemm, csrgemm2, csrmm, csrmm2, csrmv, csrsm2, spgeam)
from cupricx._cusparse_solve import csrilu02, spsm  # noqa: E402,F401
