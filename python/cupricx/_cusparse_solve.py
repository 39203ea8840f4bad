"""cupricx.cusparse's factorisation and triangular solve, as CuPy's: ``csrilu02`` (ILU(0) of a
CSR matrix in place: cuSPARSE's csrilu02 on the GPU, the same recurrence on the host backend) and
``spsm`` (``op(A) X = alpha B`` for triangular sparse A, by cupricx.scipy.sparse.linalg's
spsolve_triangular on either backend).
"""
import numpy as _numpy

import cupric as _cupric
from cupricx import cusparse as _cusparse


def _flag(value, name, if_true, if_false):
    if value is True:
        return if_true
    if value is False:
        return if_false
    raise ValueError(f"Unknown {name} (actual: {value})")


def csrilu02(a, level_info=False):
    """Overwrites square CSR ``a`` (sorted indices, every diagonal entry stored) with its
    incomplete LU factors of zero fill-in, L (unit diagonal, not stored) below and U on and above
    the diagonal; no pivoting. ValueError "a(i,i) is missing" for an absent diagonal entry (nothing
    changed), "u(i,i) is zero" for a zero pivot (``a`` holds the factors computed)."""
    from cupric.cuda import cusparse
    sparse = _cusparse._sparse()
    if not sparse.isspmatrix_csr(a):
        raise TypeError("a must be CSR sparse matrix")
    if a.shape[0] != a.shape[1]:
        raise ValueError(f"invalid shape (a.shape: {a.shape})")
    if a.indices.dtype == _numpy.int64:
        raise ValueError("csrilu02 does not support int64 indices (cuSPARSE csrilu02 is int32-only)")
    policy = _flag(level_info, "level_info", cusparse.CUSPARSE_SOLVE_POLICY_USE_LEVEL,
                   cusparse.CUSPARSE_SOLVE_POLICY_NO_LEVEL)
    t = {"f": "s", "d": "d", "F": "c", "D": "z"}.get(a.dtype.char)
    if t is None:
        raise TypeError(f"Invalid dtype (actual: {a.dtype})")
    if _cupric.cuda.is_available():
        _ilu0_device(a, t, policy)
    else:
        _ilu0_host(a)


def _ilu0_device(a, t, policy):
    """cuSPARSE's csrilu02: buffer size, analysis (structural zero pivot), factorisation."""
    from cupric.cuda import cusparse, device
    handle = device.get_cusparse_handle()
    m, nnz = a.shape[0], a.nnz
    desc = _cusparse.MatDescriptor.create()
    desc.set_mat_type(cusparse.CUSPARSE_MATRIX_TYPE_GENERAL)
    desc.set_mat_index_base(cusparse.CUSPARSE_INDEX_BASE_ZERO)
    info = cusparse.createCsrilu02Info()
    try:
        args = (handle, m, nnz, desc.descriptor, a.data.data.ptr, a.indptr.data.ptr, a.indices.data.ptr, info)
        ws = _cupric.empty(max(getattr(cusparse, t + "csrilu02_bufferSize")(*args), 1), _numpy.int8)
        position = _numpy.empty(1, _numpy.int32)
        getattr(cusparse, t + "csrilu02_analysis")(*args, policy, ws.data.ptr)
        try:
            cusparse.xcsrilu02_zeroPivot(handle, info, position.ctypes.data)
        except cusparse.CuSparseError:
            raise ValueError("a({0},{0}) is missing".format(position[0])) from None
        getattr(cusparse, t + "csrilu02")(*args, policy, ws.data.ptr)
        try:
            cusparse.xcsrilu02_zeroPivot(handle, info, position.ctypes.data)
        except cusparse.CuSparseError:
            raise ValueError("u({0},{0}) is zero".format(position[0])) from None
    finally:
        cusparse.destroyCsrilu02Info(info)


def _ilu0_host(a):
    """The same factorisation on the host backend (row by row, IKJ order: each entry left of the
    diagonal is divided by its column's pivot and eliminates along its pivot row, within the
    pattern of ``a``). Python loops over the entries: for the host backend's test-sized matrices."""
    indptr, indices = _cupric.asnumpy(a.indptr), _cupric.asnumpy(a.indices)
    data = _cupric.asnumpy(a.data).copy()
    n = a.shape[0]
    diag = _numpy.full(n, -1, dtype=_numpy.int64)
    for i in range(n):
        hit = _numpy.flatnonzero(indices[indptr[i]:indptr[i + 1]] == i)
        if hit.size == 0:
            raise ValueError(f"a({i},{i}) is missing")
        diag[i] = indptr[i] + hit[0]
    zero = None
    with _numpy.errstate(all="ignore"):
        for i in range(n):
            s, e = int(indptr[i]), int(indptr[i + 1])
            where = {int(c): s + p for p, c in enumerate(indices[s:e])}
            for p in s + _numpy.argsort(indices[s:e], kind="stable"):
                k = int(indices[p])
                if k >= i:
                    break
                data[p] /= data[diag[k]]
                for q in range(int(indptr[k]), int(indptr[k + 1])):
                    j = int(indices[q])
                    if j > k and j in where:
                        data[where[j]] -= data[p] * data[q]
            if zero is None and data[diag[i]] == 0:
                zero = i
    a.data[...] = _cupric.asarray(data)
    if zero is not None:
        raise ValueError(f"u({zero},{zero}) is zero")


def spsm(a, b, alpha=1.0, lower=True, unit_diag=False, transa=False):
    """The solution X of ``op(a) X = alpha * b`` for square triangular sparse ``a`` (CSR, CSC or
    COO in canonical format; only its ``lower`` or upper triangle is read, its diagonal taken as
    ones with ``unit_diag``) and dense ``b`` of shape (M,) or (M, K), F- or C-contiguous; op(a) is
    a, a.T or a.conj().T for transa False/'N', True/'T', 'H'. A new F-ordered array (1-D for 1-D b)."""
    from cupricx.scipy.sparse.linalg import spsolve_triangular
    sparse = _cusparse._sparse()
    if transa is False:
        transa = "N"
    elif transa is True:
        transa = "T"
    elif not isinstance(transa, str) or transa not in ("N", "T", "H"):
        raise ValueError(f"Unknown transa (actual: {transa})")
    if not (sparse.isspmatrix_csr(a) or sparse.isspmatrix_csc(a) or sparse.isspmatrix_coo(a)):
        raise ValueError("a must be CSR, CSC or COO sparse matrix")
    if not a.has_canonical_format:
        raise ValueError("expected canonical format for a")
    if b.ndim not in (1, 2):
        raise ValueError("b.ndim must be 1 or 2")
    if not (a.shape[0] == a.shape[1] == b.shape[0]):
        raise ValueError("mismatched shape")
    if a.dtype.char not in "fdFD":
        raise TypeError(f"Invalid dtype (actual: {a.dtype})")
    if a.dtype != b.dtype:
        raise TypeError("dtype mismatch")
    lower = _flag(lower, "lower", True, False)
    unit_diag = _flag(unit_diag, "unit_diag", True, False)
    if not (b.flags.f_contiguous or b.flags.c_contiguous):
        raise ValueError("b must be F-contiguous or C-contiguous.")
    if transa == "N":
        op = a
    else:
        op = (a.conj() if transa == "H" else a).T
        lower = not lower  # the transpose of a lower triangle is an upper one
    rhs = b * _numpy.array(alpha, a.dtype) if alpha != 1 else b
    x = spsolve_triangular(op, rhs, lower=lower, unit_diagonal=unit_diag)
    return _cupric.asfortranarray(x.astype(a.dtype, copy=False))
