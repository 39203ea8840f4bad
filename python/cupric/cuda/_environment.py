"""Where the CUDA toolkit is: cupric.cuda.get_cuda_path / get_nvcc_path (CuPy's), and the ROCm
ones, which answer None (cupric has no ROCm backend; ENV-1)."""
import os
import shutil

_cache = {}


def get_cuda_path():
    """The CUDA toolkit's folder: $CUDA_PATH, else the folder above the nvcc on PATH, else
    /usr/local/cuda when it exists; None when none is found. Cached."""
    if "cuda" not in _cache:
        path = os.environ.get("CUDA_PATH", "")
        if not (path and os.path.isdir(path)):
            nvcc = shutil.which("nvcc")
            path = os.path.dirname(os.path.dirname(os.path.realpath(nvcc))) if nvcc else "/usr/local/cuda"
        _cache["cuda"] = path if os.path.isdir(path) else None
    return _cache["cuda"]


def get_nvcc_path():
    """The nvcc command: $NVCC (a command line, split on spaces), else nvcc on PATH, else
    <cuda path>/bin/nvcc; None when there is none. Cached."""
    if "nvcc" not in _cache:
        env = os.environ.get("NVCC")
        if env:
            nvcc = env
        else:
            nvcc = shutil.which("nvcc")
            cuda = get_cuda_path()
            if nvcc is None and cuda and os.path.isfile(os.path.join(cuda, "bin", "nvcc")):
                nvcc = os.path.join(cuda, "bin", "nvcc")
        _cache["nvcc"] = nvcc
    return _cache["nvcc"]


def get_rocm_path():
    """None: cupric does not target ROCm."""
    return None


def get_hipcc_path():
    """None: cupric does not target ROCm."""
    return None
