"""Where the CUDA libraries and the host BLAS are: NVIDIA's component wheels first (ENV-4), then the
toolkit, then the loader's search; scipy-openblas64's lib folder for the host BLAS (Note [Library
search order] in src/runtime/libraries.cpp). Nothing is loaded until asked (DESIGN.md decision 8)."""
import glob
import importlib.util
import os

from cupric._core import _runtime as _rt


def wheel_lib_dirs():
    """The lib folders of installed NVIDIA component wheels (nvidia-*-cu12 / cu13 packages)."""
    dirs = []
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        spec = None
    for root in (spec.submodule_search_locations or []) if spec else []:
        dirs += sorted(d for d in glob.glob(os.path.join(root, "*", "lib")) if os.path.isdir(d))
        dirs += sorted(d for d in glob.glob(os.path.join(root, "*", "*", "lib")) if os.path.isdir(d))
    return dirs


def _package_dirs(name):
    # The folders of an installed package, found without importing it (importing
    # scipy_openblas64 would be cheap, but importing a namespace package's modules is not).
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    return list(spec.submodule_search_locations or []) if spec else []


def register_search_dirs():
    """Registers, once per process, the folders C++'s find_library searches first: NVIDIA's wheel
    lib folders (as glob patterns C++ expands) and scipy-openblas64's lib folder, so libraries
    that C++ loads on its own (cuBLAS, cuSOLVER, OpenBLAS at first use) are found where Python
    installed them. Costs two find_spec calls; loads nothing."""
    dirs = [os.path.join(root, "lib") for root in _package_dirs("scipy_openblas64")]
    for root in _package_dirs("nvidia"):
        dirs += [os.path.join(root, "*", "lib"), os.path.join(root, "*", "*", "lib")]
    _rt.register_library_dirs(dirs)


def host_components():
    return list(_rt.host_components())


def components():
    return list(_rt.cuda_components())


def find(component):
    """{'component', 'found', 'path', 'version', 'error'} for one CUDA component (loads it once)."""
    return _rt.find_library(component, wheel_lib_dirs())


def available(component):
    try:
        return bool(find(component)["found"])
    except Exception:  # noqa: BLE001 - an availability flag never raises (V8-AVAILABLE)
        return False


def local_runtime_version():
    """cudaRuntimeGetVersion of the libcudart found on this machine; 0 when none is found."""
    info = find("runtime")
    try:
        return int(info["version"]) if info["found"] and info["version"] else 0
    except ValueError:
        return 0


register_search_dirs()  # once per process, at `import cupric` (cheap: two find_spec calls)
