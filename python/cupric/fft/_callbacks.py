"""cupric.fft.config.set_cufft_callbacks: cuFFT load/store callbacks as CuPy 14 has them, run as
cuFFT LTO callbacks (V14-FFT-CB; Note [cuFFT callbacks] in src/fft/callbacks.cpp)."""
import contextvars
import hashlib
import os
import re
import warnings

from cupric import _core

# Types of cufft.h/cufftXt.h the callbacks are written with, so they compile with NVRTC without
# the CUDA toolkit's headers (identical redeclarations when the source includes them too).
_PREAMBLE = r"""
typedef float2 cuFloatComplex;
typedef float2 cuComplex;
typedef double2 cuDoubleComplex;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cufftComplex (*cufftCallbackLoadC)(void*, size_t, void*, void*);
typedef cufftDoubleComplex (*cufftCallbackLoadZ)(void*, size_t, void*, void*);
typedef cufftReal (*cufftCallbackLoadR)(void*, size_t, void*, void*);
typedef cufftDoubleReal (*cufftCallbackLoadD)(void*, size_t, void*, void*);
typedef void (*cufftCallbackStoreC)(void*, size_t, cufftComplex, void*, void*);
typedef void (*cufftCallbackStoreZ)(void*, size_t, cufftDoubleComplex, void*, void*);
typedef void (*cufftCallbackStoreR)(void*, size_t, cufftReal, void*, void*);
typedef void (*cufftCallbackStoreD)(void*, size_t, cufftDoubleReal, void*, void*);
"""

_current = contextvars.ContextVar("cupric.fft.config.callbacks", default=None)
_compiled = {}  # (source, name, options, store, device) -> (LTO-IR, symbol): a second use compiles nothing


def _include_dirs():
    dirs = []
    for var in ("CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(var):
            dirs.append(os.path.join(os.environ[var], "include"))
    dirs.append("/usr/local/cuda/include")
    return [d for d in dirs if os.path.isdir(d)]


def _infer_name(source, pointer):
    m = re.search(pointer + r"\s*=\s*&?\s*([A-Za-z_]\w*)", source)
    if m:
        return m.group(1)
    m = re.search(r"__device__\s+(?:__forceinline__\s+|inline\s+)?\w+\s+([A-Za-z_]\w*)\s*\(", source)
    if m:
        return m.group(1)
    raise ValueError(f"cannot infer the callback's function name from the source; pass it as "
                     f"cb_{'load' if 'load' in pointer else 'store'}_name")


def _compile(source, name, options, store):
    from cupric.cuda import get_device_id
    key = (source, name, options, store, get_device_id())
    hit = _compiled.get(key)
    if hit is None:
        opts = list(options) + [f"-I{d}" for d in _include_dirs()]
        hit = _compiled[key] = _core.fft.compile_callback(_PREAMBLE + source, name, store, opts)
    return hit


def _pointer(data, aux, what):
    if aux is not None:
        warnings.warn(f"cb_{what}_aux_arr is deprecated (as in CuPy); pass cb_{what}_data=arr.data",
                      DeprecationWarning, stacklevel=3)
        return int(aux.data.ptr)
    if data is None:
        return 0
    return int(getattr(data, "ptr", data))


class set_cufft_callbacks:
    """A context manager under which every cuFFT transform runs the given load and/or store callback
    (CuPy 14's cupy.fft.config.set_cufft_callbacks).

    ``cb_load``/``cb_store``: CUDA C source of a ``__device__`` function with cuFFT's callback
    signature (legacy sources that define ``d_loadCallbackPtr``/``d_storeCallbackPtr`` work as they
    are). ``cb_load_name``/``cb_store_name``: the function's name (inferred when omitted).
    ``cb_load_data``/``cb_store_data``: a MemoryPointer or device address handed to the callback as
    ``callerInfo``. ``cb_ver``: "jit" or "legacy"; both run as cuFFT LTO callbacks compiled by NVRTC
    (no static cuFFT or nvcc needed). ``nvrtc_options``: extra NVRTC options. Compiled callbacks and
    the plans made with them are cached, so entering the context again compiles nothing. CUDA
    backend only; settings are per thread (a context variable).
    """

    def __init__(self, cb_load=None, cb_store=None, cb_load_aux_arr=None, *, cb_store_aux_arr=None,
                 cb_load_name=None, cb_store_name=None, cb_load_data=None, cb_store_data=None, cb_ver="legacy",
                 nvrtc_options=()):
        if cb_ver not in ("legacy", "jit"):
            raise ValueError(f"cb_ver must be 'legacy' or 'jit', got {cb_ver!r}")
        if not cb_load and not cb_store:
            raise ValueError("set_cufft_callbacks needs cb_load or cb_store (CUDA C source of the callback)")
        self.cb_load, self.cb_store, self.cb_ver = cb_load or None, cb_store or None, cb_ver
        self.cb_load_name = cb_load_name or (_infer_name(cb_load, "d_loadCallbackPtr") if cb_load else None)
        self.cb_store_name = cb_store_name or (_infer_name(cb_store, "d_storeCallbackPtr") if cb_store else None)
        self._load_data = _pointer(cb_load_data, cb_load_aux_arr, "load")
        self._store_data = _pointer(cb_store_data, cb_store_aux_arr, "store")
        self._options = tuple(nvrtc_options)
        self._tokens = []

    def _apply(self):
        load = _compile(self.cb_load, self.cb_load_name, self._options, False) if self.cb_load else (None, "")
        store = _compile(self.cb_store, self.cb_store_name, self._options, True) if self.cb_store else (None, "")
        h = hashlib.sha1()
        for part in (load[0] or b"", store[0] or b""):
            h.update(part)
        key = f"{h.hexdigest()[:16]}:{self._load_data:x}:{self._store_data:x}"
        _core.fft.set_callbacks(load[0], load[1], self._load_data, store[0], store[1], self._store_data, key)

    def __enter__(self):
        self._apply()
        self._tokens.append(_current.set(self))
        return self

    def __exit__(self, *exc):
        _current.reset(self._tokens.pop())
        outer = _current.get()
        if outer is None:
            _core.fft.clear_callbacks()
        else:
            outer._apply()
