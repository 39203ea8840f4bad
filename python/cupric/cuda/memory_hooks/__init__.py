"""cupric.cuda.memory_hooks: ready-made memory hooks (CuPy's cupy.cuda.memory_hooks)."""
from cupric.cuda.memory_hooks.debug_print import DebugPrintHook  # noqa: F401
from cupric.cuda.memory_hooks.line_profile import LineProfileHook  # noqa: F401
