"""cupric.compat: run CuPy programs unchanged on cupric (MIGRATE-2).

    import cupric.compat
    cupric.compat.install_as_cupy()
    import cupy as cp            # cp is cupric; cp.ndarray is cupric.ndarray
    import cupyx.scipy.linalg    # cupricx.scipy.linalg

or, without editing the program: ``python -m cupric.compat script.py [args]`` (also
``-m module [args]`` and ``-c code``). See docs/migration.md and Note [CuPy alias] in
cupric/compat/_finder.py.
"""
import os
import sys

from cupric.compat._finder import CupyAliasFinder, install, installed, target_of, uninstall

__all__ = ["install_as_cupy", "uninstall_cupy_alias", "is_installed", "mirror_environment", "CupyAliasFinder",
           "target_of"]


def install_as_cupy():
    """Makes `import cupy`, `import cupyx` and `import cupy_backends...` resolve to cupric's
    modules (the same objects: `cupy.ndarray is cupric.ndarray`). A CuPy module cupric lacks
    raises ModuleNotFoundError naming what to use. CuPy's environment variables set for the
    program (CUPY_SEED, CUPY_ACCELERATORS, CUPY_GPU_MEMORY_LIMIT, ...) are given to cupric under
    its names (CUPRIC_SEED, ...) unless those are set. Idempotent."""
    real = [name for name in ("cupy", "cupyx", "cupy_backends") if name in sys.modules
            and getattr(sys.modules[name], "__name__", "").split(".")[0] not in ("cupric", "cupricx")
            and not getattr(sys.modules[name], "__cupric_alias__", False)]
    if real:
        # `import cupy` would keep answering the module already loaded: refuse instead of
        # letting the program silently run on another library.
        raise RuntimeError(f"{', '.join(real)} is already imported (not cupric): call "
                           "cupric.compat.install_as_cupy() before the first `import cupy`")
    mirror_environment()
    install()


def mirror_environment(environ=None):
    """Copies every CUPY_<X> variable to CUPRIC_<X> where CUPRIC_<X> is not set, so a program
    configured for CuPy is configured the same on cupric (cupric reads only its own names).
    Returns the names copied."""
    environ = os.environ if environ is None else environ
    copied = []
    for key in sorted(k for k in environ if k.startswith("CUPY_")):
        ours = "CUPRIC_" + key[len("CUPY_"):]
        if ours not in environ:
            environ[ours] = environ[key]
            copied.append(ours)
    return copied


def uninstall_cupy_alias():
    """Removes the alias and forgets the cupy/cupyx/cupy_backends modules it served."""
    uninstall()


def is_installed():
    """True while the alias is active."""
    return installed()
