"""cupric.cuda.compiler: run-time compilation errors (CuPy's cupy.cuda.compiler subset).

Compiling happens in C++ (src/jit/); this module only defines the exception. Following
V13-NO-COMPILE-WITH-CACHE there is no ``compile_with_cache``: use ``cupric.RawModule``.
"""


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
