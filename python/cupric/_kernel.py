"""User-defined kernels: ElementwiseKernel, ReductionKernel, RawKernel, RawModule (CuPy v14 API).

Thin wrappers: generating, compiling, caching and launching live in C++ (cupric::jit, src/jit/).
See docs/user-kernels.md.
"""
import warnings

from cupric import _core
from cupric._core import _runtime as _rt

_DEFAULT_OPTIONS = ()


def _options(options):
    if options is None:
        return ()
    if isinstance(options, str):
        return (options,)
    return tuple(options)


class _StreamScope:
    """``with stream:`` for an optional stream argument."""

    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        if self.stream is not None:
            self.stream.__enter__()

    def __exit__(self, *exc):
        if self.stream is not None:
            self.stream.__exit__(*exc)


class ElementwiseKernel:
    """User-defined elementwise kernel (``cupy.ElementwiseKernel``).

    ``in_params``/``out_params`` are signatures such as ``'T x, raw T y, int32 n'`` (a one-letter
    type is generic), ``operation`` the loop body in CUDA C++ (``i`` is the loop index, ``_ind.size()``
    the loop size). Compiled at the first call for each set of argument types, with NVRTC on the CUDA
    backend and with the system C++ compiler on the host backend, and cached on disk
    (``CUPRIC_CACHE_DIR``)."""

    def __init__(self, in_params, out_params, operation, name="kernel", reduce_dims=True, preamble="",
                 no_return=False, return_tuple=False, loop_prep="", after_loop="", options=(), **kwargs):
        for k in kwargs:
            if k not in ("type_preamble",):
                raise TypeError(f"__init__() got an unexpected keyword argument '{k}'")
        preamble = kwargs.get("type_preamble", "") + preamble
        self._k = _core._ElementwiseKernel(in_params, out_params, operation, name, bool(reduce_dims), preamble,
                                           bool(no_return), bool(return_tuple), loop_prep, after_loop,
                                           _options(options))
        self.in_params, self.out_params, self.operation = in_params, out_params, operation
        self.name, self.reduce_dims, self.preamble = name, reduce_dims, preamble
        self.no_return, self.return_tuple = no_return, return_tuple
        self.options = _options(options)
        self.nin, self.nout = self._k.nin, self._k.nout
        self.nargs = self.nin + self.nout

    def __call__(self, *args, size=None, block_size=None, stream=None):
        """Runs the kernel on ``args`` (the inputs, optionally followed by every output).
        ``size`` sets the loop size of a kernel without non-raw array arguments."""
        if len(args) != self.nin and len(args) != self.nargs:
            raise TypeError(f"Wrong number of arguments for {self.name!r}")
        with _StreamScope(stream):
            outs = self._k(args, -1 if size is None else int(size), 0 if block_size is None else int(block_size))
        if len(args) == self.nargs:  # the given outputs themselves, as CuPy returns them
            outs = args[self.nin:]
        if self.no_return:
            return None
        if not self.return_tuple and len(outs) == 1:
            return outs[0]
        return tuple(outs)

    def __repr__(self):
        return f"<ElementwiseKernel {self.name}>"


class ReductionKernel:
    """User-defined reduction kernel (``cupy.ReductionKernel``): ``map_expr`` maps each element,
    ``reduce_expr`` combines two values ``a`` and ``b``, ``post_map_expr`` writes the output from the
    reduced value ``a``; ``identity`` starts each reduction and ``reduce_type`` is the type of ``a``."""

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name="reduce_kernel", reduce_type=None, reduce_dims=True, preamble="", options=()):
        identity = "" if identity is None else str(identity)
        self._k = _core._ReductionKernel(in_params, out_params, map_expr, reduce_expr, post_map_expr or "",
                                         identity, name, reduce_type or "", bool(reduce_dims), preamble,
                                         _options(options))
        self.in_params, self.out_params = in_params, out_params
        self.map_expr, self.reduce_expr, self.post_map_expr = map_expr, reduce_expr, post_map_expr
        self.identity, self.name, self.reduce_type = identity, name, reduce_type
        self.reduce_dims, self.preamble, self.options = reduce_dims, preamble, _options(options)
        self.nin, self.nout = self._k.nin, self._k.nout
        self.nargs = self.nin + self.nout

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        """Reduces ``args`` over ``axis`` (every axis when None); ``out`` receives the result."""
        if out is not None:
            if len(args) != self.nin:
                raise ValueError("cannot specify 'out' as both a positional and keyword argument")
            args = args + (out,)
        if len(args) != self.nin and len(args) != self.nargs:
            raise TypeError(f"Wrong number of arguments for {self.name!r}")
        with _StreamScope(stream):
            r = self._k(args, axis, bool(keepdims), 0)
        return args[self.nin] if len(args) == self.nargs else r

    def __repr__(self):
        return f"<ReductionKernel {self.name}>"


def _on_host():
    return _core.backend_name() != "cuda"


def _check_jitify(jitify):
    if jitify:
        warnings.warn("jitify is deprecated (V14-RTC) and ignored by cupric: the header set of "
                      "cupric/jit/device.hpp is always available", DeprecationWarning, stacklevel=3)


def _check_backend_arg(backend):
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError(f"Invalid backend {backend}")


class RawModule:
    """A CUDA C++ module (``cupy.RawModule``) from ``code=`` (CUDA C++) or ``path=`` (a .cubin,
    .fatbin or .ptx file; a .cu file is read as source). Compiled lazily at the first ``get_function``/``get_global`` (V8-RAWMODULE),
    as C++17 unless ``options`` give a ``-std`` (V14-RTC). ``name_expressions`` lists template
    instantiations (e.g. ``'my_kernel<float>'``) that ``get_function`` can then take by that name.
    On the host backend the source is compiled by the system C++ compiler and its kernels run
    with block semantics (docs/user-kernels.md)."""

    def __init__(self, code=None, *, path=None, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError("Exactly one of `code` and `path` keyword arguments must be given.")
        _check_backend_arg(backend)
        _check_jitify(jitify)
        self.code, self.file_path = code, path
        self.options = _options(options)
        self.backend = backend
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self.name_expressions = tuple(name_expressions) if name_expressions is not None else None
        self._modules = {}  # device id -> loaded module (compiled once; loaded per device)
        self._host = None  # the module compiled for the host backend
        self._name = "module"  # names the source in compiler messages
        self._image = None
        self._binary = None
        if path is not None and not path.endswith((".cu", ".cuh")):
            with open(path, "rb") as f:
                self._binary = f.read()
        elif path is not None:
            with open(path) as f:
                self.code = f.read()

    def _source(self):
        code = self.code
        if self.translate_cucomplex:
            code = ("#include <cupric/jit/device.hpp>\n"
                    "typedef cupric::complex<float> cuComplex; typedef cupric::complex<float> cuFloatComplex;\n"
                    "typedef cupric::complex<double> cuDoubleComplex;\n") + code
        return code

    def _load_host(self):
        if self._host is None:
            if self._binary is not None:
                raise RuntimeError(f"RawModule(path={self.file_path!r}): a cubin, fatbin or PTX file cannot run "
                                   "on the host backend; give the CUDA C++ source (code= or a .cu file)")
            self._host = _core._compile_host_raw(self._source(), list(self.options),
                                                 list(self.name_expressions or ()), self._name)
        return self._host

    def _load(self, device=None):
        if _on_host():
            return self._load_host()
        if device is None:
            device = _rt.current_device()
        mod = self._modules.get(device)
        if mod is None:
            if self._binary is not None:  # a cubin, fatbin or PTX file (path=)
                is_ptx = self.file_path.endswith(".ptx")
                image = _core._image_from_binary(self._binary, not is_ptx)
                mod = self._modules[device] = _core._load_cuda_module(image)
                return mod
            # compiled for this device's arch (cached by content, so devices of one arch share it)
            image = _core._compile_cuda(self._source(), list(self.options), list(self.name_expressions or ()),
                                        "module")
            mod = self._modules[device] = _core._load_cuda_module(image)
        return mod

    def compile(self, log_stream=None):
        """Compiles now (normally done at first use)."""
        self._load()

    def get_function(self, name):
        """The kernel ``name`` (a plain extern "C" name or one of ``name_expressions``)."""
        return RawKernel._from_module(self, name)

    def get_global(self, name):
        """A ``cupric.cuda.MemoryPointer``-like (ptr, size) of the ``__device__`` variable ``name``."""
        ptr, size = self._load().global_(name)
        from cupric.cuda.memory import UnownedMemory, MemoryPointer
        mem = UnownedMemory(ptr, size, self)
        return MemoryPointer(mem, 0)

    def get_texref(self, name):
        raise NotImplementedError("texture references were removed in CUDA 12")


# cuFuncGetAttribute ids (CUfunction_attribute).
_ATTRS = {
    "max_threads_per_block": 0, "shared_size_bytes": 1, "const_size_bytes": 2, "local_size_bytes": 3,
    "num_regs": 4, "ptx_version": 5, "binary_version": 6, "cache_mode_ca": 7,
    "max_dynamic_shared_size_bytes": 8, "preferred_shared_memory_carveout": 9,
}


class RawKernel(_core._RawKernelBase):
    """A CUDA C++ kernel ``name`` from ``code`` (``cupy.RawKernel``). Launch with
    ``kernel(grid, block, args, shared_mem=0, stream=None)``: arrays pass their device pointer,
    NumPy scalars their exact bytes, Python ints as int64, floats as float64, bools as bool."""

    def __init__(self, code, name, options=(), backend="nvrtc", *, translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=False):
        super().__init__()
        _check_backend_arg(backend)
        _check_jitify(jitify)
        self.code, self.name = code, name
        self.options = _options(options)
        self.backend = backend
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self._mod = RawModule(code=code, options=options, backend=backend,
                              translate_cucomplex=translate_cucomplex,
                              enable_cooperative_groups=enable_cooperative_groups)
        self._mod._name = name if name.isidentifier() else "kernel"

    @classmethod
    def _from_module(cls, module, name):
        k = cls.__new__(cls)
        _core._RawKernelBase.__init__(k)
        k.code, k.name, k.options, k.backend = module.code, name, module.options, module.backend
        k.translate_cucomplex = module.translate_cucomplex
        k.enable_cooperative_groups = module.enable_cooperative_groups
        k._mod = module
        k._kernel  # V8-RAWMODULE: get_function compiles
        return k

    @property
    def _kernel(self):
        if _on_host():
            fn = self.__dict__.get("_host_fn")
            if fn is None:
                fn = self.__dict__["_host_fn"] = self._mod._load_host().function(self.name)
            return fn
        dev = _rt.current_device()
        fn = self._function(dev)
        if fn is None:
            fn = self._mod._load(dev).function(self.name)
            self._set_function(dev, fn, self.enable_cooperative_groups)
        return fn

    def compile(self, log_stream=None):
        self._kernel

    # __call__(grid, block, args, *, shared_mem=0, stream=None) is _RawKernelBase's, in C++
    # (Note [RawKernel launch path] in bindings/jit.cpp).

    @property
    def attributes(self):
        k = self._kernel
        return {name: k.attribute(i) for name, i in _ATTRS.items()}

    def __getattr__(self, name):
        if name in _ATTRS:
            return self._kernel.attribute(_ATTRS[name])
        raise AttributeError(f"'RawKernel' object has no attribute '{name}'")

    @property
    def max_dynamic_shared_size_bytes(self):
        return self._kernel.attribute(_ATTRS["max_dynamic_shared_size_bytes"])

    @max_dynamic_shared_size_bytes.setter
    def max_dynamic_shared_size_bytes(self, value):
        self._kernel.set_attribute(_ATTRS["max_dynamic_shared_size_bytes"], int(value))

    @property
    def preferred_shared_memory_carveout(self):
        return self._kernel.attribute(_ATTRS["preferred_shared_memory_carveout"])

    @preferred_shared_memory_carveout.setter
    def preferred_shared_memory_carveout(self, value):
        self._kernel.set_attribute(_ATTRS["preferred_shared_memory_carveout"], int(value))

    def __repr__(self):
        return f"<RawKernel {self.name}>"


def clear_memo():
    """Drops the compiled kernels held in memory (the disk cache stays)."""
    _core._jit_clear_memory_caches()

