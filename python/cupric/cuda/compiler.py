"""cupric.cuda.compiler: run-time compilation as CuPy's cupy.cuda.compiler gives it to user code.

Compiling happens in C++ (src/jit/, NVRTC); ``compile_using_nvrtc`` returns what it made, and
``compile_using_nvcc`` runs the toolkit's nvcc. Following V13-NO-COMPILE-WITH-CACHE there is no
``compile_with_cache``: use ``cupric.RawModule``.
"""
import os
import re
import subprocess
import tempfile

from cupric import _core

_VALID_KERNEL_NAME = re.compile(r"^[a-zA-Z_][a-zA-Z_0-9]*$")


def is_valid_kernel_name(name):
    """True when `name` can name an ``extern "C"`` kernel (a C identifier)."""
    return _VALID_KERNEL_NAME.match(name) is not None


class NVCCException(Exception):
    """nvcc failed (compile_using_nvcc); the message holds its command line and output."""


class HIPCCException(Exception):
    """hipcc failed or is absent: cupric targets NVIDIA GPUs (compile_using_hipcc always raises it)."""


class JitifyException(Exception):
    """Jitify failed. cupric does not use Jitify (V13-JITIFY: ``jitify=True`` is refused with a
    ValueError), so nothing raises it; it exists for code that catches it."""


class CompileException(Exception):
    """A kernel failed to compile. ``str(e)`` holds the compiler log (and, with
    ``CUPRIC_DUMP_CUDA_SOURCE_ON_ERROR=1``, the numbered source)."""

    def __init__(self, msg, source, name, options=(), backend="nvrtc", *, log=""):
        self._msg = msg
        self.source = source
        self.name = name
        self.options = tuple(options)
        self.backend = backend
        self.log = log
        super().__init__(msg)

    def __reduce__(self):
        return (_rebuild, (type(self), self._msg, self.source, self.name, self.options, self.backend, self.log))

    def get_message(self):
        return self._msg

    def dump(self, f):
        lines = self.source.split("\n")
        digits = len(str(len(lines)))
        f.write("==== " + self.name + " ====\n")
        for i, line in enumerate(lines):
            f.write("{:>{}} {}\n".format(i + 1, digits, line))
        f.write("================\n")


def _rebuild(cls, msg, source, name, options, backend, log):
    return cls(msg, source, name, options, backend, log=log)


def _arch_number(arch):
    if arch is None:
        return None
    text = str(arch)
    for prefix in ("compute_", "sm_"):
        if text.startswith(prefix):
            text = text[len(prefix):]
    if not text.rstrip("af").isdigit():
        raise ValueError(f"arch must be like '90', 'sm_90' or 'compute_90', got {arch!r}")
    return int(text.rstrip("af"))


def compile_using_nvrtc(source, options=(), arch=None, filename="kern.cu", name_expressions=None,
                        log_stream=None, cache_in_memory=False, jitify=False):
    """Compiles CUDA C++ `source` with NVRTC and returns ``(binary, mapping)`` as CuPy's does:
    the cubin (bytes; PTX when the driver needs it) for `arch` (default: the current device's)
    and a dict from each of `name_expressions` to its lowered (mangled) name. Errors raise
    CompileException with NVRTC's log."""
    if jitify:
        raise ValueError("jitify=True is not supported: cupric compiles with NVRTC alone (V13-JITIFY)")
    options = [str(o) for o in options]
    names = [str(n) for n in (name_expressions or ())]
    base = os.path.splitext(os.path.basename(filename))[0] or "kern"
    number = _arch_number(arch)
    if number is None:
        image = _core._compile_cuda(source, options, names, base)
    else:
        image = _core._compile_cuda_for_arch(source, options, names, base, number, False)
    binary = image.binary
    if not image.is_cubin:
        binary = binary.rstrip(b"\0").decode()
    mapping = dict(image.lowered_names) if names else None
    return binary, mapping


def compile_using_nvcc(source, options=(), arch=None, filename="kern.cu", code_type="cubin",
                       separate_compilation=False, log_stream=None):
    """Compiles `source` with the CUDA toolkit's nvcc (found as cupric.cuda.get_nvcc_path() does)
    and returns the result's bytes: a cubin, PTX (``code_type='ptx'``) or, with
    ``separate_compilation``, a relocatable object. nvcc's failure raises NVCCException."""
    if code_type not in ("cubin", "ptx"):
        raise ValueError(f"code_type must be 'cubin' or 'ptx', got {code_type!r}")
    from cupric.cuda import get_nvcc_path
    nvcc = get_nvcc_path()
    if not nvcc:
        raise RuntimeError("nvcc was not found: install the CUDA toolkit (or set NVCC / CUDA_PATH), or use "
                           "compile_using_nvrtc, which needs no toolkit")
    if arch is None:
        from cupric.cuda.device import get_compute_capability
        arch = get_compute_capability()
    number = _arch_number(arch)
    kind = code_type
    with tempfile.TemporaryDirectory() as root:
        src = os.path.join(root, os.path.basename(filename))
        out = os.path.join(root, "out." + kind)
        with open(src, "w") as f:
            f.write(source)
        cmd = nvcc.split() + [f"--{kind}", f"-arch=sm_{number}" if kind == "cubin" else f"-arch=compute_{number}"]
        if separate_compilation:
            cmd.append("--relocatable-device-code=true")
        cmd += [str(o) for o in options] + [src, "-o", out]
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
        if log_stream is not None:
            log_stream.write(proc.stdout + proc.stderr)
        if proc.returncode != 0:
            raise NVCCException(f"`{' '.join(cmd)}` failed (exit status {proc.returncode}):\n{proc.stdout}{proc.stderr}")
        with open(out, "rb") as f:
            return f.read()


def compile_using_hipcc(source, options=(), arch=None, log_stream=None):
    """hipcc compiles for AMD GPUs (CuPy's ROCm builds); cupric targets NVIDIA GPUs: raises
    HIPCCException. Use compile_using_nvrtc or compile_using_nvcc."""
    raise HIPCCException("hipcc is for ROCm builds of CuPy; cupric targets NVIDIA GPUs: use "
                         "compile_using_nvrtc (or compile_using_nvcc)")
