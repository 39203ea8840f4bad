"""cupric.cuda.nvrtc: NVRTC's version and errors as CuPy's cupy.cuda.nvrtc names them.

cupric compiles user kernels through its own NVRTC wrapper (cupric.RawKernel, RawModule;
docs/user-kernels.md); this module answers what programs and test suites ask of NVRTC itself. libnvrtc is found at first use (NVIDIA's wheels, the toolkit, the loader's path); without
it getVersion() raises NVRTCError naming the library to install.
"""
from cupric import _libraries

is_hip = False

# nvrtcResult codes.
NVRTC_SUCCESS = 0
NVRTC_ERROR_OUT_OF_MEMORY = 1
NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2
NVRTC_ERROR_INVALID_INPUT = 3
NVRTC_ERROR_INVALID_PROGRAM = 4
NVRTC_ERROR_INVALID_OPTION = 5
NVRTC_ERROR_COMPILATION = 6
NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7
NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8
NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9
NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10
NVRTC_ERROR_INTERNAL_ERROR = 11

_NAMES = {v: k for k, v in dict(globals()).items() if k.startswith("NVRTC_")}
_TEXTS = {0: "no error", 1: "out of memory", 2: "program creation failure", 3: "invalid input",
          4: "invalid program", 5: "invalid option", 6: "compilation failed",
          7: "builtin operation failure", 8: "no name expressions after compilation",
          9: "no lowered names before compilation", 10: "name expression not valid",
          11: "internal error"}


class NVRTCError(RuntimeError):
    """An NVRTC call failed; ``status`` is the nvrtcResult code."""

    def __init__(self, status, msg=None):
        self.status = int(status)
        if msg is None:
            msg = f"{_NAMES.get(self.status, 'NVRTC_ERROR_UNKNOWN')} ({self.status}): " \
                  f"{_TEXTS.get(self.status, 'unknown error')}"
        super().__init__(msg)

    def __reduce__(self):
        return (type(self), (self.status, str(self)))


def check_status(status):
    """Raises NVRTCError for a non-zero nvrtcResult `status`."""
    if status != 0:
        raise NVRTCError(status)


def getVersion():
    """NVRTC's (major, minor) version, e.g. (13, 0)."""
    info = _libraries.find("nvrtc")
    if not info["found"] or not info["version"]:
        raise NVRTCError(NVRTC_ERROR_INTERNAL_ERROR,
                         f"NVRTC could not be loaded ({info['error'] or 'libnvrtc not found'}); "
                         "pip install nvidia-cuda-nvrtc (or install the CUDA toolkit)")
    major, minor = info["version"].split(".")[:2]
    return int(major), int(minor)
