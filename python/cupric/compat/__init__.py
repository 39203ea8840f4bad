"""cupric.compat: run CuPy programs unchanged on cupric (MIGRATE-2).

    import cupric.compat
    cupric.compat.install_as_cupy()
    import cupy as cp            # cp is cupric; cp.ndarray is cupric.ndarray
    import cupyx.scipy.linalg    # cupricx.scipy.linalg

or, without editing the program: ``python -m cupric.compat script.py [args]`` (also
``-m module [args]`` and ``-c code``). See docs/migration.md and Note [CuPy alias] in
cupric/compat/_finder.py.
"""
from cupric.compat._finder import CupyAliasFinder, install, installed, target_of, uninstall

__all__ = ["install_as_cupy", "uninstall_cupy_alias", "is_installed", "CupyAliasFinder", "target_of"]


def install_as_cupy():
    """Makes `import cupy`, `import cupyx` and `import cupy_backends...` resolve to cupric's
    modules (the same objects: `cupy.ndarray is cupric.ndarray`). A CuPy module cupric lacks
    raises ModuleNotFoundError naming what to use. Idempotent."""
    install()


def uninstall_cupy_alias():
    """Removes the alias and forgets the cupy/cupyx/cupy_backends modules it served."""
    uninstall()


def is_installed():
    """True while the alias is active."""
    return installed()
