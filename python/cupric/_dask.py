"""When Dask registrations happen: cupric's chunk type and dispatch functions reach dask.array
whichever of the two is imported first, with no call by the user (Note [Dask registration]).
This module imports nothing of Dask; cupric._dask_backend holds what does."""
import importlib.abc
import sys
import warnings

# Note [Dask registration]
# ~~~~~~~~~~~~~~~~~~~~~~~~
# dask.array needs cupric's dispatch functions (concatenate, numel for mean/var, percentile,
# empty, ...) before it computes on cupric chunks, and the user should not have to call anything:
#  * cupric imported after dask.array: `import cupric` registers at once (install() below).
#  * dask.array imported after cupric: install() puts a finder on sys.meta_path that waits for
#    dask.array.backends (where Dask creates its dispatch registries) and registers right after that
#    module has run, then removes itself. Importing cupric never imports Dask (it costs ~0.5 s).
#  * dask.config.set({"array.backend": "cupric"}) makes da.ones/zeros/arange/random create cupric
#    chunks: Dask finds the backend through the `dask.array.backends` entry point that
#    pyproject.toml declares (installed cupric), and register() also registers it by name, so a
#    source checkout on PYTHONPATH gets it too.
# Dask's own register_lazy("cupric") cannot serve: it lives in Dask's registries, which do not exist
# until dask.array is imported. A registration that fails warns instead of breaking Dask's import.

_TRIGGER = "dask.array.backends"
_registered = False


def register():
    """Registers cupric with dask.array now (idempotent; dask.array must be importable)."""
    global _registered
    if _registered:
        return
    _registered = True
    from cupric import _dask_backend

    _dask_backend.register()


def _register_quietly():
    try:
        register()
    except Exception as e:  # Dask's import must survive a Dask version cupric does not fit
        warnings.warn(f"cupric could not register its chunk type with dask.array ({type(e).__name__}: {e}); "
                      "dask.array computations on cupric chunks may fail", RuntimeWarning, stacklevel=2)


class _RegisteringLoader(importlib.abc.Loader):
    """Runs the real loader of dask.array.backends, then registers cupric."""

    def __init__(self, loader):
        self._loader = loader

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _register_quietly()

    def __getattr__(self, name):  # get_source, is_package, ... of the real loader
        return getattr(self._loader, name)


class _DaskImportWatcher(importlib.abc.MetaPathFinder):
    """A sys.meta_path finder that only answers for dask.array.backends (Note [Dask registration])."""

    def find_spec(self, name, path, target=None):
        if name != _TRIGGER:
            return None
        _uninstall()
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(name, path, target) if find is not None else None
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _RegisteringLoader(spec.loader)
                return spec
        return None


_watcher = _DaskImportWatcher()


def _uninstall():
    try:
        sys.meta_path.remove(_watcher)
    except ValueError:
        pass


def install():
    """Called by `import cupric`: registers now if dask.array is loaded, else when it loads."""
    if _TRIGGER in sys.modules:
        _register_quietly()
    elif _watcher not in sys.meta_path and not _registered:
        sys.meta_path.insert(0, _watcher)  # before PathFinder, which would load it unwatched
