"""cupric.cuda.Module and Function (CuPy's cupy.cuda.function): a compiled CUDA module (cubin,
fatbin or PTX) loaded from a file or from bytes, and its kernels. They sit on cupric.RawModule's
loading and launch path (C++, src/jit/); CUDA binaries need the CUDA backend."""
import os
import tempfile


def _raw_module(path):
    from cupric._kernel import RawModule
    return RawModule(path=path)


class Module:
    """A CUDA module: ``load_file(path)`` (a .cubin, .fatbin or .ptx file) or ``load(image)``
    (the bytes of one, e.g. compile_using_nvrtc's result), then ``get_function(name)``."""

    def __init__(self):
        self._raw = None

    def load_file(self, filename):
        if isinstance(filename, bytes):
            filename = filename.decode()
        self._raw = _raw_module(os.fspath(filename))
        self._raw._load()

    def load(self, cubin):
        """Loads a module image: cubin or fatbin bytes, or PTX (str or bytes starting as PTX)."""
        if isinstance(cubin, str):
            cubin = cubin.encode()
        if not isinstance(cubin, (bytes, bytearray)):
            raise TypeError(f"cubin must be bytes (or PTX text), not {type(cubin).__name__}")
        text = bytes(cubin[:256]).lstrip()
        suffix = ".ptx" if text.startswith((b"//", b".version", b".target")) else ".cubin"
        with tempfile.TemporaryDirectory() as root:  # RawModule reads the file when made
            path = os.path.join(root, "module" + suffix)
            with open(path, "wb") as f:
                f.write(bytes(cubin))
            self._raw = _raw_module(path)
        self._raw._load()

    def _module(self):
        if self._raw is None:
            raise RuntimeError("the Module is empty: call load_file() or load() first")
        return self._raw

    def get_function(self, name):
        """The kernel `name` of this module (a Function)."""
        return Function(self, name)

    def get_global_var(self, name):
        """A MemoryPointer to the ``__device__`` variable `name`."""
        return self._module().get_global(name)

    def get_texref(self, name):
        raise RuntimeError("texture references were removed in CUDA 12; use cupric.cuda.texture.TextureObject")


class Function:
    """The kernel `funcname` of a loaded Module: ``f(grid, block, args, shared_mem=0,
    stream=None)`` launches it as RawKernel does; ``linear_launch(size, args)`` covers `size`
    threads with 1-D blocks of up to `block_max_size`."""

    def __init__(self, module, funcname):
        if not isinstance(module, Module):
            raise TypeError(f"module must be a cupric.cuda.Module, not {type(module).__name__}")
        self.module = module
        self._kernel = module._module().get_function(funcname)

    def __call__(self, grid, block, args, shared_mem=0, stream=None, enable_cooperative_groups=False):
        if enable_cooperative_groups:
            self._kernel.enable_cooperative_groups = True
        self._kernel(tuple(grid), tuple(block), tuple(args), shared_mem=shared_mem, stream=stream)

    def linear_launch(self, size, args, shared_mem=0, block_max_size=128, stream=None,
                      enable_cooperative_groups=False):
        size, block_max_size = int(size), int(block_max_size)
        if size < 0 or block_max_size <= 0:
            raise ValueError(f"size must be >= 0 and block_max_size > 0, got {size} and {block_max_size}")
        block = min(size, block_max_size) or 1
        grid = (size + block - 1) // block
        if grid:
            self((grid, 1, 1), (block, 1, 1), args, shared_mem, stream, enable_cooperative_groups)

    @property
    def attributes(self):
        return self._kernel.attributes

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._kernel, name)  # num_regs, max_threads_per_block, ... (RawKernel's)
