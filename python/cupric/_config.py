"""Configuration queries: which backend is used, what was found (cupric.show_config)."""
import sys

import numpy

from cupric import _core


def is_available():
    """True when a CUDA device is usable (never raises; cached). Same as cupric.cuda.is_available."""
    return _core.is_cuda_available()


def get_array_module(*args):
    """cupric if any argument is a cupric.ndarray, else numpy (CuPy's get_array_module)."""
    import cupric
    for a in args:
        if isinstance(a, cupric.ndarray):
            return cupric
    return numpy


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
