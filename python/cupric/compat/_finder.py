"""The import hook behind install_as_cupy(): CuPy's module names resolve to cupric's modules.

Note [CuPy alias]: a meta-path finder placed first on sys.meta_path answers every name under
`cupy`, `cupyx` and `cupy_backends`. The mapping is by rule, not by a list of cupric's modules,
so a module that lands later (cupric.fft, cupricx.scipy.sparse, ...) resolves with no change
here: `cupy.X.Y` -> `cupric.X.Y`, `cupyx.X` -> `cupricx.X`, and CuPy's low-level
`cupy_backends.cuda.{api,libs}.X` -> `cupric.cuda.X`. The alias module *is* the cupric module
(`cupy.ndarray is cupric.ndarray`): the loader hands back the object already in sys.modules and
restores its own __spec__, which the import system overwrites with the alias's spec. It must
stand before PathFinder, which would otherwise find `cupy.cuda` on cupric's __path__ and load a
second copy of cupric.cuda. A name cupric does not have raises ModuleNotFoundError saying what to
use (removed modules: the replacement) or that cupric does not have it yet; nothing falls back
to a stand-in. CuPy's private modules (`cupy._core`, ...) are refused: cupric's private modules
have the same names but other contents.
"""
import importlib
import importlib.abc
import importlib.machinery
import sys
import types

from cupric._legacy_names import REMOVED, removed_message

# CuPy 14's public modules (for the wording only: "not in cupric yet" vs "not a CuPy module").
_CUPY_MODULES = frozenset("""
cupy cupy.cuda cupy.cuda.compiler cupy.cuda.device cupy.cuda.graph cupy.cuda.memory cupy.cuda.memory_hook
cupy.cuda.memory_hooks cupy.cuda.nvtx cupy.cuda.pinned_memory cupy.cuda.runtime cupy.cuda.stream cupy.cuda.texture
cupy.cuda.driver cupy.cuda.nvrtc cupy.cuda.profiler cupy.cuda.cublas cupy.cuda.cufft cupy.cuda.curand
cupy.cuda.cusolver cupy.cuda.cusparse cupy.cuda.nccl cupy.cuda.cub cupy.cuda.thrust cupy.cuda.jitify
cupy.exceptions cupy.fft cupy.fft.config cupy.lib cupy.lib.stride_tricks cupy.linalg cupy.polynomial
cupy.polynomial.polynomial cupy.polynomial.polyutils cupy.random cupy.testing cupy.typing
cupyx cupyx.profiler cupyx.jit cupyx.distributed cupyx.optimizing cupyx.lapack cupyx.cusolver cupyx.cusparse
cupyx.cutensor cupyx.tools cupyx.signal cupyx.scipy cupyx.scipy.fft cupyx.scipy.fftpack cupyx.scipy.interpolate
cupyx.scipy.linalg cupyx.scipy.ndimage cupyx.scipy.signal cupyx.scipy.signal.windows cupyx.scipy.sparse
cupyx.scipy.sparse.csgraph cupyx.scipy.sparse.linalg cupyx.scipy.spatial cupyx.scipy.spatial.distance
cupyx.scipy.special cupyx.scipy.stats
""".split())
# CuPy's modules cupric has no module for, and what to use instead: cuTENSOR, which cupric does not
# use. (cupy.cuda.cublas/cusolver/cusparse/curand/cufft and cupyx.lapack/cusolver/cusparse are
# cupric modules now: docs/cuda.md.)
_CUTENSOR = ("cupric does not use cuTENSOR: use cupric.einsum, tensordot and the reductions, which are "
             "cupric's own kernels")
_REPLACEMENTS = {"cupyx.cutensor": _CUTENSOR, "cupy.cuda.cutensor": _CUTENSOR,
                 "cupy_backends.cuda.libs.cutensor": _CUTENSOR}

# cupric's own tools, which CuPy has no module for.
_CUPRIC_ONLY = frozenset({"cupric.compat", "cupric.migrate"})
_ROOTS = ("cupy", "cupyx", "cupy_backends")


def target_of(fullname):
    """The cupric module that serves CuPy's `fullname`, or None for a cupy_backends container
    package (cupy_backends, cupy_backends.cuda, .api, .libs), which has no cupric counterpart."""
    parts = fullname.split(".")
    if parts[0] == "cupy_backends":
        if len(parts) <= 3 and parts[1:2] in ([], ["cuda"]) and parts[2:] in ([], ["api"], ["libs"]):
            return None
        rest = parts[3:] if len(parts) > 3 and parts[2] in ("api", "libs") else parts[2:]
        return "cupric.cuda." + ".".join(rest)
    return {"cupy": "cupric", "cupyx": "cupricx"}[parts[0]] + "".join("." + p for p in parts[1:])


def _missing(fullname, target):
    if fullname in REMOVED:
        return f"No module named '{fullname}': {removed_message(fullname)}"
    if any(p.startswith("_") for p in fullname.split(".")):
        return (f"No module named '{fullname}': it is a private CuPy module; cupric has no equivalent "
                "(its private modules differ). Use the public API.")
    if target in _CUPRIC_ONLY:
        return f"No module named '{fullname}': CuPy has no such module ({target} is a cupric tool)"
    if fullname in _REPLACEMENTS:
        return f"No module named '{fullname}': cupric has no {target}; {_REPLACEMENTS[fullname]}"
    if fullname in _CUPY_MODULES:
        return f"No module named '{fullname}': cupric does not have {target} (CuPy's {fullname}) yet"
    return f"No module named '{fullname}': neither CuPy 14 nor cupric ({target}) has this module"


class _AliasLoader(importlib.abc.Loader):
    def __init__(self, module):
        self._module = module
        self._spec = getattr(module, "__spec__", None)

    def create_module(self, spec):
        return self._module

    def exec_module(self, module):
        # The import system set module.__spec__ to the alias's spec; the module keeps its own.
        if self._spec is not None:
            module.__spec__ = self._spec


class _ContainerLoader(importlib.abc.Loader):
    """cupy_backends and its cuda/api/libs packages: empty packages that only hold submodules."""

    def create_module(self, spec):
        mod = types.ModuleType(spec.name, f"CuPy's {spec.name} package, served by cupric.compat: its "
                                          "submodules are cupric.cuda's modules.")
        mod.__path__ = []
        mod.__cupric_alias__ = True
        return mod

    def exec_module(self, module):
        pass


class CupyAliasFinder(importlib.abc.MetaPathFinder):
    """Resolves cupy / cupyx / cupy_backends names to cupric's modules (Note [CuPy alias])."""

    def find_spec(self, fullname, path=None, target=None):
        root = fullname.split(".", 1)[0]
        if root in ("cupric", "cupricx"):
            # `from cupy import sparse` looks for cupric.sparse (the alias's __name__ is cupric's):
            # a removed name gets its message instead of a bare "cannot import name".
            cupy_name = {"cupric": "cupy", "cupricx": "cupyx"}[root] + fullname[len(root):]
            if cupy_name in REMOVED:
                raise ModuleNotFoundError(removed_message(cupy_name), name=cupy_name)
            return None
        if root not in _ROOTS:
            return None
        name = target_of(fullname)
        if name is None:
            return importlib.machinery.ModuleSpec(fullname, _ContainerLoader(), is_package=True)
        # The error names the cupric module, not `fullname`: `from cupy import sparse` would
        # otherwise turn it into a bare "cannot import name" (importlib's _handle_fromlist
        # swallows a ModuleNotFoundError whose name is the one it tried).
        if fullname in REMOVED or name in _CUPRIC_ONLY or any(p.startswith("_") for p in fullname.split(".")):
            raise ModuleNotFoundError(_missing(fullname, name), name=name)
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as e:
            # Only the absence of the target itself (or a parent of it) is ours to explain; a
            # module that exists but fails importing something else reports its own error.
            if e.name is not None and (name == e.name or name.startswith(e.name + ".")):
                raise ModuleNotFoundError(_missing(fullname, name), name=name) from None
            raise
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(module),
                                              is_package=hasattr(module, "__path__"))


_finder = CupyAliasFinder()


def install():
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


def uninstall():
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    # Forget what the alias served (cupric's modules and the container packages), not a real
    # CuPy imported before the alias was installed.
    for name in [n for n in sys.modules if n.split(".", 1)[0] in _ROOTS]:
        mod = sys.modules[name]
        if getattr(mod, "__name__", "").split(".", 1)[0] in ("cupric", "cupricx") or \
                getattr(mod, "__cupric_alias__", False):
            del sys.modules[name]


def installed():
    return _finder in sys.meta_path
