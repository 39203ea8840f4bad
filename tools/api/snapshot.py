"""Writes the snapshot of CuPy's public names that tools/api/coverage.py compares cupric with.

Run with a CuPy installed (no GPU needed): python3 tools/api/snapshot.py tools/api/cupy-14.2.json
A module's names are its `__all__`, else its public attributes, less submodules and the
`annotations` of `from __future__ import annotations`.
"""
import importlib
import inspect
import json
import sys

MODULES = [
    "cupy", "cupy.linalg", "cupy.fft", "cupy.random", "cupy.testing", "cupy.lib.stride_tricks",
    "cupy.polynomial.polynomial", "cupy.exceptions", "cupy.cuda", "cupy.cuda.runtime", "cupy.cuda.memory",
    "cupy.cuda.stream", "cupy.cuda.device", "cupy.cuda.nvtx", "cupy.cuda.graph", "cupy.cuda.compiler",
    "cupy.cuda.driver", "cupy.cuda.pinned_memory", "cupy.cuda.memory_hooks", "cupy.cuda.texture",
    "cupyx", "cupyx.profiler", "cupyx.scipy.special", "cupyx.scipy.ndimage", "cupyx.scipy.signal",
    "cupyx.scipy.sparse", "cupyx.scipy.sparse.linalg", "cupyx.scipy.sparse.csgraph", "cupyx.scipy.linalg",
    "cupyx.scipy.fft", "cupyx.scipy.fftpack", "cupyx.scipy.stats", "cupyx.scipy.interpolate", "cupyx.scipy.spatial",
]
# ndarray's protocol methods count too (the rest of its dunders are Python's own).
PROTOCOLS = {"__dlpack__", "__dlpack_device__", "__array_namespace__", "__cuda_array_interface__",
             "__array_ufunc__", "__array_function__", "__matmul__", "__rmatmul__", "__imatmul__"}


def public_names(mod):
    names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
    return sorted(n for n in set(names) if not n.startswith("_") and n != "annotations"
                  and not inspect.ismodule(getattr(mod, n, None)))


def main(path):
    import cupy

    out = {}
    for name in MODULES:
        try:
            out[name] = public_names(importlib.import_module(name))
        except Exception as e:  # a module this CuPy build lacks (e.g. a Cython-only one)
            print("skip", name, e, file=sys.stderr)
    out["cupy.ndarray"] = sorted(n for n in dir(cupy.ndarray) if not n.startswith("_") or n in PROTOCOLS)
    with open(path, "w") as f:
        json.dump({"cupy_version": cupy.__version__, "modules": out}, f, indent=0, sort_keys=True)
    print({k: len(v) for k, v in out.items()})


if __name__ == "__main__":
    main(sys.argv[1])
