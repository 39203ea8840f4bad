"""Configuration queries: which backend is used, what was found (cupric.show_config)."""
import sys

import numpy

from cupric import _core


def is_available():
    """True when a CUDA device is usable (never raises; cached). Same as cupric.cuda.is_available."""
    from cupric import cuda
    return cuda.is_available()


def get_array_module(*args):
    """cupric if any argument is a cupric.ndarray, else numpy (CuPy's get_array_module)."""
    import cupric
    for a in args:
        if isinstance(a, cupric.ndarray):
            return cupric
    return numpy


def _found_text(info):
    # "<version> (<path loaded>)", or why the library is missing and how to install it.
    if info["found"]:
        return f"{info['version'] or 'version unknown'} ({info['path']})"
    return f"MISSING - {info['error']}"


def _cuda_rows():
    # Each CUDA component found with dlopen (loaded now, on this call only), its version and
    # the file actually mapped; or why it is missing and how to install it (ENV-3, ENV-4, V6-LIBS).
    from cupric import _libraries
    from cupric.cuda import runtime
    rows = [("Built with CUDA runtime", str(runtime.runtimeGetVersion()) if _core.is_cuda_built() else "none")]
    # The CCCL the kernels were built with and the one user kernels include (V13-CCCL)
    built, jit = _core._cccl_versions()
    rows.append(("CCCL (built with)", _cccl_text(built) if built else "none"))
    rows.append(("CCCL (user kernels)", (_cccl_text(jit) if jit else "no CUDA headers found") +
                 ("" if not built or jit in (0, built) else " (differs from the build's: set CUDA_PATH to a toolkit with "
                                                           f"CCCL {_cccl_text(built)})")))
    for comp in _libraries.components():
        try:
            info = _libraries.find(comp)
        except Exception as e:  # noqa: BLE001 - show_config reports, never fails
            rows.append((f"CUDA {comp}", f"error: {e}"))
            continue
        rows.append((f"CUDA {comp}", _found_text(info)))
    return rows


def _cccl_text(v):
    # CCCL_VERSION is major * 1000000 + minor * 1000 + patch
    return f"{v // 1000000}.{v // 1000 % 1000}.{v % 1000}"


def _host_library_rows():
    # The host BLAS/LAPACK (scipy-openblas64), loaded now (on this call only) like the CUDA rows.
    from cupric import _libraries
    rows = []
    for comp in _libraries.host_components():
        try:
            info = _libraries.find(comp)
        except Exception as e:  # noqa: BLE001 - show_config reports, never fails
            rows.append((f"Host {comp}", f"error: {e}"))
            continue
        rows.append((f"Host {comp} (BLAS/LAPACK)", _found_text(info)))
    return rows


def show_config(*, _file=None):
    """Prints the versions and paths of cupric's components and which backend is in use (ENV-3)."""
    import cupric
    out = _file or sys.stdout
    rows = [
        ("cupric", cupric.__version__),
        ("Python", sys.version.split()[0]),
        ("NumPy", numpy.__version__),
        ("CUDA backend built", "yes" if _core.is_cuda_built() else "no (host-only build: nvcc was not found)"),
        ("CUDA device usable", "yes" if _core.is_cuda_available() else "no"),
        ("Backend in use", _core.backend_name()),
    ]
    rows += _cuda_rows()
    rows += _host_library_rows()
    try:
        import ml_dtypes
        rows.append(("ml_dtypes (bfloat16)", ml_dtypes.__version__))
    except ImportError:
        rows.append(("ml_dtypes (bfloat16)", "missing: pip install ml_dtypes"))
    try:
        import scipy
        rows.append(("SciPy", scipy.__version__))
    except ImportError:
        rows.append(("SciPy", "missing (optional)"))
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}} : {v}", file=out)
