"""Whether float32 GEMMs on the GPU may use TF32 tensor cores: ``cupricx.tf32_allowed``,
``cupricx.set_tf32_allowed`` and ``cupricx.allow_tf32`` (docs/linalg.md, "Compute types of the GPU
GEMM"), the Python setting beside the ``CUPRIC_TF32`` environment variable (CuPy's ``CUPY_TF32``).
The flag is process-wide and lives in C++ (``cupric::set_tf32_allowed``), read at each product."""
import contextlib

import numpy

from cupric import _core


def tf32_allowed():
    """Whether float32 matrix products on the GPU may run with TF32 inputs (10-bit mantissas,
    float32 accumulation). False unless ``CUPRIC_TF32=1`` or :func:`set_tf32_allowed` said so."""
    return _core.linalg.tf32_allowed()


def set_tf32_allowed(allowed):
    """Allows (True) or forbids (False) TF32 for float32 GEMMs on the GPU, for the whole process
    from the next product on; returns the previous setting. cuSOLVER and the host BLAS never use
    TF32."""
    if not isinstance(allowed, (bool, numpy.bool_)):
        raise TypeError(f"set_tf32_allowed: allowed must be a bool (True or False), not {type(allowed).__name__}")
    old = _core.linalg.tf32_allowed()
    _core.linalg.set_tf32_allowed(bool(allowed))
    return old


@contextlib.contextmanager
def allow_tf32(allowed=True):
    """``with cupricx.allow_tf32(): c = a @ b``: :func:`set_tf32_allowed` for the block, the
    previous setting restored after it (process-wide, so other threads see it meanwhile)."""
    old = set_tf32_allowed(allowed)
    try:
        yield
    finally:
        _core.linalg.set_tf32_allowed(old)
