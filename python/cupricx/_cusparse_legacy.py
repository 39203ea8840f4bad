"""cupricx.cusparse's functions of cuSPARSE's legacy API, with CuPy 14's signatures and behaviour
on CUDA 12 and 13: csrmv, csrmm, csrmm2, csrgeam, csrgemm, csrgemm2 and csrsm2 call routines that
CUDA 12 removed, so CuPy's raise RuntimeError("<name> is not available.") (check_availability
answers False); csr2csc/csc2csr convert int64-indexed matrices (CuPy's own path) and raise so for
int32 ones (cuSPARSE's csr2csc is gone); csr2csr_compress drops the small entries; spgeam adds as
csrgeam2 (cuSPARSE's SpGEAM is in no CUDA release CuPy 14 supports, and CuPy falls back so).
The supported spellings: spmv/spmm/spgemm/csrgeam2/csr2cscEx2/spsm (docs/cuda.md).
"""
import numpy as _numpy

import cupric as _cupric
from cupricx import cusparse as _cusparse


def _not_available(name):
    # The check CuPy's function makes first; False for every name here (cusparse._UNAVAILABLE).
    if not _cusparse.check_availability(name):
        raise RuntimeError(f"{name} is not available.")


def csrmv(a, x, y=None, alpha=1, beta=0, transa=False):
    """CuPy's csrmv (cuSPARSE's csrmv, removed in CUDA 11): RuntimeError; use ``spmv``."""
    _not_available("csrmv")


def csrmm(a, b, c=None, alpha=1, beta=0, transa=False):
    """CuPy's csrmm (cuSPARSE's csrmm, removed in CUDA 11): RuntimeError; use ``spmm``."""
    _not_available("csrmm")


def csrmm2(a, b, c=None, alpha=1.0, beta=0.0, transa=False, transb=False):
    """CuPy's csrmm2 (cuSPARSE's csrmm2, removed in CUDA 11): RuntimeError; use ``spmm``."""
    _not_available("csrmm2")


def csrgeam(a, b, alpha=1, beta=1):
    """CuPy's csrgeam (cuSPARSE's csrgeam, removed in CUDA 11): RuntimeError; use ``csrgeam2``."""
    _not_available("csrgeam")


def csrgemm(a, b, transa=False, transb=False):
    """CuPy's csrgemm (cuSPARSE's csrgemm, removed in CUDA 11): RuntimeError; use ``spgemm``."""
    _not_available("csrgemm")


def csrgemm2(a, b, d=None, alpha=1, beta=1):
    """CuPy's csrgemm2 (cuSPARSE's csrgemm2, removed in CUDA 12): RuntimeError; use ``spgemm``."""
    _not_available("csrgemm2")


def csrsm2(a, b, alpha=1.0, lower=True, unit_diag=False, transa=False, blocking=True, level_info=False):
    """CuPy's csrsm2 (cuSPARSE's csrsm2, removed in CUDA 12): RuntimeError; use ``spsm``."""
    _not_available("csrsm2")


def _transposed(x, fmt, name):
    if x.indices.dtype != _numpy.int64:
        _not_available(name)  # cuSPARSE's int32 csr2csc is gone; CuPy converts int64 indices itself
    return x.tocsc() if fmt == "csc" else x.tocsr()


def csr2csc(x):
    """The CSC matrix of CSR ``x`` (int64 indices; RuntimeError for int32 ones, as CuPy's: use
    ``csr2cscEx2``)."""
    return _transposed(x, "csc", "csr2csc")


def csc2csr(x):
    """The CSR matrix of CSC ``x`` (int64 indices; RuntimeError for int32 ones, as CuPy's: use
    ``csc2csrEx2``)."""
    return _transposed(x, "csr", "csc2csr")


def csr2csr_compress(x, tol):
    """CSR ``x`` without its entries of magnitude at most ``tol`` (the real part of a complex
    ``tol``), as cuSPARSE's nnz_compress + csr2csr_compress; float32/64 and complex64/128 only."""
    if x.dtype.char not in "fdFD":
        raise ValueError("unsupported dtype")
    m, n = x.shape
    keep = _cupric.abs(x.data) > complex(tol).real
    rows = _cupric.repeat(_cupric.arange(m, dtype=x.indptr.dtype), _cupric.diff(x.indptr))
    counts = _cupric.bincount(rows[keep], minlength=m)
    indptr = _cupric.concatenate([_cupric.zeros(1, x.indptr.dtype), _cupric.cumsum(counts).astype(x.indptr.dtype)])
    return _cusparse._sparse().csr_matrix((x.data[keep], x.indices[keep], indptr), shape=(m, n))


def spgeam(a, b, alpha=1, beta=1):
    """``C = alpha * A + beta * B`` of CSR matrices: csrgeam2's result (CuPy's spgeam without
    cuSPARSE's SpGEAM)."""
    return _cusparse.csrgeam2(a, b, alpha, beta)
