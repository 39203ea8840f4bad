"""Does this machine's cuFFT plan a transform that has an LTO callback at all?

cupric's callback tests (tests/python/fft/test_fft_callbacks.py) failed on the lent H200 with
CUFFT_INTERNAL_ERROR at plan time, and so did CuPy 14.2's own `cb_ver='jit'`. This program takes
cupric and CuPy out of the question: for every folder that holds a cuFFT, in a process of its own
that loads nvJitLink, NVRTC and cuFFT from that one folder, it compiles a trivial load callback to
LTO-IR with NVRTC under several option sets and asks cuFFT to plan a 1-D C2C transform with it.
Run by tools/gpu-check's "probe" phase; prints PROBE_LTO lines (and PROBE_CUPY_JIT for CuPy).
"""
import ctypes
import glob
import os
import subprocess
import sys

_SOURCE = b"""
extern "C" __device__ float2 cb_load(void* p, unsigned long long o, void* i, void* s) {
  float2 v = static_cast<float2*>(p)[o];
  v.x *= 2.0f;
  v.y *= 2.0f;
  return v;
}
"""
_OPTIONS = (
    ["-dlto", "-rdc=true", "-arch=sm_90"],  # cupric's (src/fft/cuda/lto_compile.cpp)
    ["-dlto", "-arch=compute_90"],  # CuPy 14.2's
    ["-dlto", "-rdc=true", "-arch=compute_90"],
)
_C2C = 0x29
_CB_LD_COMPLEX = 0


def _folders():
    """Folders holding a libcufft: the pip-installed NVIDIA wheels and the toolkit's."""
    found = []
    for pattern in ("/opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib", sys.prefix + "/lib/python3*/site-packages/nvidia/*/lib",
                    "/usr/local/cuda*/lib64", "/usr/local/cuda*/targets/x86_64-linux/lib"):
        for d in sorted(glob.glob(pattern)):
            if glob.glob(os.path.join(d, "libcufft.so*")) and os.path.realpath(d) not in map(os.path.realpath, found):
                found.append(d)
    return found


def _open(folder, stem):
    for f in sorted(glob.glob(os.path.join(folder, stem + ".so*")), reverse=True):
        try:
            return ctypes.CDLL(f, mode=ctypes.RTLD_GLOBAL), f
        except OSError:
            continue
    return None, None


def _compile(nvrtc, options):
    prog = ctypes.c_void_p()
    if nvrtc.nvrtcCreateProgram(ctypes.byref(prog), _SOURCE, b"cb.cu", 0, None, None):
        return None, "nvrtcCreateProgram failed"
    argv = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    if nvrtc.nvrtcCompileProgram(prog, len(options), argv):
        size = ctypes.c_size_t()
        nvrtc.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        nvrtc.nvrtcGetProgramLog(prog, log)
        return None, "does not compile: " + log.value.decode()[:200]
    size = ctypes.c_size_t()
    nvrtc.nvrtcGetLTOIRSize(prog, ctypes.byref(size))
    lto = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetLTOIR(prog, lto)
    return lto, "%d bytes of LTO-IR" % size.value


def _probe_folder(folder):
    """Runs in a process of its own: one folder's nvJitLink, NVRTC and cuFFT."""
    jitlink, jf = _open(folder, "libnvJitLink")
    nvrtc, nf = _open(folder, "libnvrtc")
    cufft, cf = _open(folder, "libcufft")
    version = ctypes.c_int()
    cufft.cufftGetVersion(ctypes.byref(version))
    print("PROBE_LTO folder %s: cufft %d (%s), nvrtc %s, nvJitLink %s" % (folder, version.value, cf, nf, jf))
    if nvrtc is None:
        return
    for options in _OPTIONS:
        lto, what = _compile(nvrtc, options)
        result = what
        if lto is not None:
            handle = ctypes.c_int()
            cufft.cufftCreate(ctypes.byref(handle))
            info = ctypes.c_void_p(0)
            set_rc = cufft.cufftXtSetJITCallback(handle, b"cb_load", lto, ctypes.c_size_t(len(lto.raw)), _CB_LD_COMPLEX,
                                                 ctypes.byref(info))
            work = ctypes.c_size_t()
            plan_rc = cufft.cufftMakePlan1d(handle, 128, _C2C, 16, ctypes.byref(work))
            cufft.cufftDestroy(handle)
            result += "; cufftXtSetJITCallback -> %d, cufftMakePlan1d -> %d%s" % (
                set_rc, plan_rc, " (CUFFT_INTERNAL_ERROR)" if plan_rc == 5 else " (ok)" if plan_rc == 0 else "")
        print("PROBE_LTO   %-36s %s" % (" ".join(options), result))


def _probe_cupy():
    try:
        import cupy
    except ImportError:
        return
    code = r"""
#include <cufftXt.h>
__device__ cufftComplex one(void* data, size_t offset, void* info, void* shared) {
  cufftComplex x; x.x = 1.f; x.y = 0.f; return x;
}
"""
    a = cupy.zeros((8, 64), cupy.complex64)
    try:
        with cupy.fft.config.set_cufft_callbacks(cb_load=code, cb_load_name="one", cb_ver="jit"):
            got = cupy.fft.fft(a)
        print("PROBE_CUPY_JIT ok:", bool(cupy.allclose(got, cupy.fft.fft(cupy.ones_like(a)))))
    except Exception as e:  # noqa: BLE001 -- the probe reports whatever CuPy raises
        print("PROBE_CUPY_JIT failed: %s %s" % (type(e).__name__, str(e)[:300]))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--folder":
        _probe_folder(sys.argv[2])
        return
    folders = _folders()
    if not folders:
        print("PROBE_LTO no cuFFT found")
    for folder in folders:
        env = dict(os.environ, LD_LIBRARY_PATH=folder)
        r = subprocess.run([sys.executable, __file__, "--folder", folder], env=env, capture_output=True, text=True,
                           timeout=120)
        sys.stdout.write(r.stdout + (r.stderr[-400:] if r.returncode else ""))
    _probe_cupy()


if __name__ == "__main__":
    main()
