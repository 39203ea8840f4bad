"""cupric.cuda.cufft: CuPy's cupy.cuda.cufft plan objects for code that builds plans itself.

``Plan1d`` and ``PlanNd`` describe one transform (length or shape, type, batch); used as a
context manager (``with plan: cupric.fft.fft(a)``) they become the current plan
(:func:`get_current_plan`), and every transform run inside checks that it is the transform the
plan describes (CuPy's ValueErrors) before running on the cached cuFFT plan of that shape
(Note [FFT plan cache] in src/fft/plan_cache.hpp), which is the plan cuFFT would build for it.
The current plan is a context variable: per thread and per asyncio task.

``getVersion()`` asks the libcufft cupric loads (at the first call) for its version; without
CUDA it raises CUDARuntimeError. A failed cuFFT call raises ``CuFFTError`` (``result`` the
cufftResult, CuPy's ``CUFFT_*`` message).

The low-level calls (``create``, ``setAutoAllocation``, ``execC2C`` ... ``execZ2D``, ``XtExec``,
``multi_gpu_execC2C``/``Z2Z``, ``setJITCallback``) and ``XtPlanNd`` (a cufftXt plan the caller
holds and runs) take plan handles and device pointers as integers, as CuPy's do; they are in
_cufft_lowlevel.py.
"""
import contextvars as _contextvars
import math as _math

import numpy as _numpy

from cupric.cuda._library_status import LibraryStatusError, names, status_checks

CUFFT_FORWARD = -1
CUFFT_INVERSE = 1
CUFFT_R2C = 0x2a
CUFFT_C2R = 0x2c
CUFFT_C2C = 0x29
CUFFT_D2Z = 0x6a
CUFFT_Z2D = 0x6c
CUFFT_Z2Z = 0x69
# cufftXtCallbackType (cufftXt.h): load/store callbacks of complex, complex double, real and
# real double elements, numbered as there.
globals().update({f"CUFFT_CB_{kind}_{elem}": 4 * k + e for k, kind in enumerate(("LD", "ST"))
                  for e, elem in enumerate(("COMPLEX", "COMPLEX_DOUBLE", "REAL", "REAL_DOUBLE"))})


class CuFFTError(LibraryStatusError):
    """A cuFFT call failed; ``result`` is the cufftResult."""

    _NAMES = names("CUFFT_SUCCESS", "CUFFT_INVALID_PLAN", "CUFFT_ALLOC_FAILED", "CUFFT_INVALID_TYPE",
                   "CUFFT_INVALID_VALUE", "CUFFT_INTERNAL_ERROR", "CUFFT_EXEC_FAILED", "CUFFT_SETUP_FAILED",
                   "CUFFT_INVALID_SIZE", "CUFFT_UNALIGNED_DATA", "CUFFT_INCOMPLETE_PARAMETER_LIST",
                   "CUFFT_INVALID_DEVICE", "CUFFT_PARSE_ERROR", "CUFFT_NO_WORKSPACE", "CUFFT_NOT_IMPLEMENTED",
                   "CUFFT_LICENSE_ERROR", "CUFFT_NOT_SUPPORTED")
    _UNKNOWN = "CUFFT_UNKNOWN_ERROR ({})"
    _ATTR = "result"


check_result, _ = status_checks(CuFFTError)


def getVersion():
    """The cuFFT version (e.g. 11300)."""
    from cupric._core._runtime import cufft as _lib
    result, version = _lib.get_version()
    check_result(result)
    return version

_current = _contextvars.ContextVar("cupric.cuda.cufft.current_plan", default=None)

_TYPES = {CUFFT_R2C: ("R2C", False), CUFFT_C2R: ("C2R", False), CUFFT_C2C: ("C2C", False),
          CUFFT_D2Z: ("R2C", True), CUFFT_Z2D: ("C2R", True), CUFFT_Z2Z: ("C2C", True)}


def get_current_plan():
    """The plan set by the innermost ``with plan:`` of this context, or None."""
    return _current.get()


def _fft_type(value_type, double):
    return {("C2C", False): CUFFT_C2C, ("C2C", True): CUFFT_Z2Z, ("R2C", False): CUFFT_R2C,
            ("R2C", True): CUFFT_D2Z, ("C2R", False): CUFFT_C2R, ("C2R", True): CUFFT_Z2D}[(value_type, double)]


class _Plan:
    def __init__(self, fft_type):
        if fft_type not in _TYPES:
            raise ValueError(f"invalid cuFFT type {fft_type!r}")
        self.fft_type = fft_type
        self._tokens = []

    def __enter__(self):
        self._tokens.append(_current.set(self))
        return self

    def __exit__(self, *exc):
        _current.reset(self._tokens.pop())

    def _check_type(self, value_type, double):
        if self.fft_type != _fft_type(value_type, double):
            raise ValueError("cuFFT plan dtype mismatch.")


class Plan1d(_Plan):
    """A batched 1-D transform of length ``nx`` (CuPy's Plan1d(nx, fft_type, batch))."""

    def __init__(self, nx, fft_type, batch, *, devices=None, out_size=None):
        super().__init__(fft_type)
        self.nx = int(nx)
        self.batch = int(batch)
        self.gpus = None if devices is None else [int(d) for d in devices]
        if self.gpus is not None and _TYPES[fft_type][0] != "C2C":
            raise ValueError("Currently for multiple GPUs only C2C and Z2Z are supported.")
        self.out_size = out_size
        self._prev_gpus = []

    def __enter__(self):
        # A plan made with devices= runs its transforms over them (Note [Multi-GPU FFT] in
        # src/runtime/cuda/libs/cufft.cpp); C++ validates the list.
        if self.gpus is not None:
            from cupric import _core
            prev = _core.fft.multi_gpus()
            _core.fft.set_multi_gpus(self.gpus)
            self._prev_gpus.append(prev)
        return super().__enter__()

    def __exit__(self, *exc):
        super().__exit__(*exc)
        if self.gpus is not None:
            from cupric import _core
            _core.fft.set_multi_gpus(self._prev_gpus.pop())

    def _check(self, value_type, double, n, batch):
        if self.nx != n or self.batch != batch:
            raise ValueError("Target array size does not match the plan.")
        self._check_type(value_type, double)

    def get_output_array(self, a):
        """An array for the output of this plan's transform of ``a``."""
        import cupric
        vt, double = _TYPES[self.fft_type]
        shape = list(a.shape)
        if vt == "R2C":
            shape[-1] = self.nx // 2 + 1
        elif vt == "C2R":
            shape[-1] = self.nx
        dtype = (_numpy.float64 if double else _numpy.float32) if vt == "C2R" else (
            _numpy.complex128 if double else _numpy.complex64)
        return cupric.empty(shape, dtype)

    def fft(self, a, out, direction):
        """Runs this plan on ``a`` (rows along the last axis) into ``out``; unscaled, as cuFFT."""
        import cupric
        vt, _ = _TYPES[self.fft_type]
        with self:
            if vt == "C2C":
                r = (cupric.fft.fft(a, self.nx) if direction == CUFFT_FORWARD
                     else cupric.fft.ifft(a, self.nx, norm="forward"))
            elif vt == "R2C":
                r = cupric.fft.rfft(a, self.nx)
            else:
                r = cupric.fft.irfft(a, self.nx, norm="forward")
        out[...] = r
        return out


class PlanNd(_Plan):
    """A batched n-D transform of ``shape`` (CuPy's PlanNd; the layout arguments are checked
    against the packed layout cupric uses)."""

    def __init__(self, shape, inembed, istride, idist, onembed, ostride, odist, fft_type, batch, order,
                 last_axis, last_size):
        super().__init__(fft_type)
        self.shape = tuple(int(s) for s in shape)
        self.batch = int(batch)
        self.order = order
        self.last_axis = last_axis
        self.last_size = last_size

    def _check(self, value_type, double, shape, batch):
        if tuple(shape) != self.shape or batch != self.batch:
            raise ValueError("Target array size does not match the plan.")
        self._check_type(value_type, double)


def _batch(shape, axes):
    axes = {a % len(shape) for a in axes} if shape else set()
    return _math.prod(s for i, s in enumerate(shape) if i not in axes)


from cupric.cuda._cufft_lowlevel import (  # noqa: E402,F401 - CuPy's names live in this module
    XtExec, XtPlanNd, create, execC2C, execC2R, execD2Z, execR2C, execZ2D, execZ2Z, multi_gpu_execC2C,
    multi_gpu_execZ2Z, setAutoAllocation, setCallback, setJITCallback)
