"""Where the CUDA libraries are: NVIDIA's component wheels first (ENV-4), then the toolkit, then
the loader's search (Note [Library search order] in src/runtime/libraries.cpp). Nothing is loaded
until asked (DESIGN.md decision 8)."""
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
