"""The low-level half of cupric.cuda.cufft (CuPy's cupy.cuda.cufft names): cuFFT calls on plan
handles and device pointers given as integers, and XtPlanNd, a cufftXt plan the caller holds.

Each call is one cuFFT entry (bindings/cuda_cufft.cpp) on the libcufft cupric.fft loads; a
non-zero cufftResult raises CuFFTError. In a build without CUDA they raise CUDARuntimeError
(cudaErrorInsufficientDriver), as getVersion() does.
"""
import math as _math

import numpy as _numpy

from cupric.cuda import cufft as _cufft
from cupric.cuda.cufft import check_result


def _lib():
    from cupric._core._runtime import cufft
    return cufft


def create():
    """cufftCreate: a new plan handle (an int), to be made by a cufftMakePlan* call."""
    result, plan = _lib().create()
    check_result(result)
    return plan


def setAutoAllocation(plan, autoAllocate):
    """cufftSetAutoAllocation: 0 makes the caller give the plan its work area."""
    check_result(_lib().set_auto_allocation(int(plan), int(autoAllocate)))


def _exec(name, entry, doc, direction):
    # One function per transform entry (CuPy's signatures): those with a direction take it last.
    if direction:
        def run(plan, idata, odata, direction):
            check_result(_lib().exec(entry, int(plan), int(idata), int(odata), int(direction)))
    else:
        def run(plan, idata, odata):
            check_result(_lib().exec(entry, int(plan), int(idata), int(odata), 0))
    run.__name__ = run.__qualname__ = name
    run.__doc__ = f"{entry}: {doc}"
    run.__module__ = "cupric.cuda.cufft"
    return run


_EXECS = (
    ("execC2C", "cufftExecC2C", "complex64 to complex64 (direction CUFFT_FORWARD/CUFFT_INVERSE)", True),
    ("execZ2Z", "cufftExecZ2Z", "complex128 to complex128 (direction CUFFT_FORWARD/CUFFT_INVERSE)", True),
    ("execR2C", "cufftExecR2C", "float32 to complex64 (forward)", False),
    ("execD2Z", "cufftExecD2Z", "float64 to complex128 (forward)", False),
    ("execC2R", "cufftExecC2R", "complex64 to float32 (inverse, unscaled)", False),
    ("execZ2D", "cufftExecZ2D", "complex128 to float64 (inverse, unscaled)", False),
    ("XtExec", "cufftXtExec", "the plan's transform, any cufftXt types", True),
    ("multi_gpu_execC2C", "cufftXtExecDescriptorC2C", "complex64 on cudaLibXtDesc descriptors (multi-GPU)", True),
    ("multi_gpu_execZ2Z", "cufftXtExecDescriptorZ2Z", "complex128 on cudaLibXtDesc descriptors (multi-GPU)", True),
)
globals().update({name: _exec(name, entry, doc, d) for name, entry, doc, d in _EXECS})


def setCallback(plan, cb_type, is_load, aux_arr=0):
    """Legacy (non-LTO) cuFFT callbacks need cuFFT linked statically into a module compiled with the
    callback; CuPy's cupy.cuda.cufft, linked dynamically, raises RuntimeError here and so does
    cupric's (libcufft is loaded at run time)."""
    raise RuntimeError("cuFFT is dynamically linked and thus does not support callback (legacy callbacks need a "
                       "static cuFFT); use setJITCallback, or cupric.fft.config.set_cufft_callbacks, which runs "
                       "legacy-style sources as LTO callbacks")


# cuFFT reads a JIT callback's LTO-IR and symbol name when the plan is made, after
# setJITCallback returns: they are kept here, per plan handle, until the handle is reused.
_jit_sources = {}


def setJITCallback(plan, callback, callback_type, caller_info, *, symbol_name=None):
    """cufftXtSetJITCallback: attaches `callback` (bytes: LTO-IR, e.g. NVRTC's with -dlto) as a
    load or store callback (`callback_type`, a CUFFT_CB_*) to `plan` before it is made;
    `caller_info` is the device pointer the callback receives (0 for none). cuFFT 12 (CUDA 13)
    links the callback by its symbol name: give it as `symbol_name` there."""
    if not isinstance(callback, bytes):
        raise TypeError(f"callback must be bytes (LTO-IR), not {type(callback).__name__}")
    name = None if symbol_name is None else symbol_name.encode()
    check_result(_lib().set_jit_callback(int(plan), name, callback, int(callback_type), int(caller_info)))
    _jit_sources.setdefault(int(plan), []).append((name, callback))


# cudaDataType of the dtypes cufftXt transforms ('E': CuPy's complex32, two float16s).
_CUDA_TYPES = {"e": 2, "f": 0, "d": 1, "E": 6, "F": 4, "D": 5}
_COMPLEX_OF = {2: 6, 0: 4, 1: 5, 6: 6, 4: 4, 5: 5}
_DTYPES = {2: _numpy.float16, 0: _numpy.float32, 1: _numpy.float64, 4: _numpy.complex64, 5: _numpy.complex128}


def _cuda_type(dtype):
    char = dtype if dtype == "E" else _numpy.dtype(dtype).char
    if char not in _CUDA_TYPES:
        raise ValueError(f"cuFFT has no transforms of {dtype!r}")
    return _CUDA_TYPES[char]


class XtPlanNd:
    """CuPy's XtPlanNd: a cufftXtMakePlanMany plan of `shape` with input, output and execution
    types given as dtypes (``'E'`` for complex32), a work area from cupric's pool, destroyed with
    the object. ``fft(a, out, direction)`` runs it on the current stream (cufftXtExec)."""

    def __init__(self, shape, inembed, istride, idist, idtype, onembed, ostride, odist, odtype, batch, edtype, *,
                 order, last_axis, last_size):
        from cupric.cuda import memory
        self.handle = 0
        itype, otype, etype = _cuda_type(idtype), _cuda_type(odtype), _cuda_type(edtype)
        length = last_size if last_size is not None else shape[-1]
        self._check_types(itype, otype, etype, int(length), _math.prod(shape))
        lib = _lib()
        self.handle = create()
        check_result(lib.set_auto_allocation(self.handle, 0))
        work = 0
        if batch != 0:
            result, work = lib.xt_make_plan_many(
                self.handle, [int(n) for n in shape], None if inembed is None else [int(n) for n in inembed],
                int(istride), int(idist), itype, None if onembed is None else [int(n) for n in onembed],
                int(ostride), int(odist), otype, int(batch), etype)
            check_result(result)
        self.work_area = memory.alloc(work)
        check_result(lib.set_work_area(self.handle, self.work_area.ptr))
        self.shape = tuple(shape)
        self.itype, self.otype, self.etype = itype, otype, etype
        self.order = order
        self.last_axis = last_axis
        self.last_size = last_size
        self.gpus = None
        self._batch = int(batch)
        self._tokens = []

    @staticmethod
    def _check_types(itype, otype, etype, last_size, full_size):
        # C2C: the same complex type in and out; R2C/C2R: a real and the complex of its precision;
        # the execution type is always that complex type.
        if etype != _COMPLEX_OF[itype] or etype != _COMPLEX_OF[otype] or (itype != etype and otype != etype):
            raise ValueError("input/output/execution types mismatch")
        if etype == 6:  # cuFFT's half-precision limits
            from cupric.cuda import device
            if int(device.get_compute_capability()) < 53:
                raise RuntimeError("this device doesn't support complex32 FFT")
            if last_size & (last_size - 1):
                raise ValueError("size must be power of 2")
            if full_size > 4000000000:
                raise ValueError("input array too large")

    def __del__(self):
        handle, self.handle = getattr(self, "handle", 0), 0
        _jit_sources.pop(handle, None)
        if handle:
            check_result(_lib().destroy(handle))

    def __enter__(self):
        self._tokens.append(_cufft._current.set(self))
        return self

    def __exit__(self, *exc):
        _cufft._current.reset(self._tokens.pop())

    def fft(self, a, out, direction):
        """Runs the plan on ``a`` into ``out`` (device arrays of the plan's layout) on the current stream."""
        from cupric.cuda import stream
        check_result(_lib().set_stream(self.handle, stream.get_current_stream().ptr))
        XtExec(self.handle, a.data.ptr, out.data.ptr, direction)  # noqa: F821 - made from _EXECS

    def _output_dtype_and_shape(self, a):
        shape = list(a.shape)
        if self.itype != self.otype:  # R2C or C2R
            shape[self.last_axis] = self.last_size
        if self.otype not in _DTYPES:
            raise ValueError("complex32 arrays are not supported yet, please allocate the output array manually")
        return tuple(shape), _DTYPES[self.otype]

    def get_output_array(self, a, order="C"):
        """An array for the output of this plan's transform of ``a``."""
        import cupric
        shape, dtype = self._output_dtype_and_shape(a)
        return cupric.empty(shape, dtype, order=order)

    def _check(self, value_type, double, shape, batch):
        # As PlanNd's (Note in cufft.py): cupric.fft checks the transform against the plan.
        kinds = {(True, True): "C2C", (False, True): "R2C", (True, False): "C2R"}
        got = kinds[(self.itype == _COMPLEX_OF[self.itype], self.otype == _COMPLEX_OF[self.otype])]
        if tuple(shape) != self.shape or batch != self._batch:
            raise ValueError("Target array size does not match the plan.")
        if got != value_type or double != (self.etype == 5):
            raise ValueError("cuFFT plan dtype mismatch.")
