"""LineProfileHook: memory taken from the pool (and from the device) per line of Python code."""
import os
import sys
import traceback

from cupric.cuda import memory_hook

_HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # cupric/cuda: not user code


class _Frame:
    """A node of the call tree: one (file, line, function) under its caller."""

    def __init__(self, key, depth):
        self.key = key
        self.depth = depth
        self.used_bytes = 0
        self.acquired_bytes = 0
        self.children = {}

    def child(self, key):
        c = self.children.get(key)
        if c is None:
            c = self.children[key] = _Frame(key, self.depth + 1)
        return c


def _humanized(n):
    for unit in ("B", "KB", "MB", "GB", "TB"):
        if abs(n) < 1024 or unit == "TB":
            return "%.2f%s" % (n, unit)
        n /= 1024.0


class LineProfileHook(memory_hook.MemoryHook):
    """Line-by-line memory use, from Python stack traces (CuPy's LineProfileHook)::

        hook = LineProfileHook()
        with hook:
            ...  # cupric code
        hook.print_report()

    prints a tree whose lines read ``{filename}:{lineno}:{func_name} ({used_bytes},
    {acquired_bytes})``: bytes taken from the pool and bytes the pool took from the device under
    that line; ``_root`` is the total.

    Args:
        max_depth (int): the deepest stack level followed (0: no limit).
    """

    name = "LineProfileHook"

    def __init__(self, max_depth=0):
        self._root = _Frame("_root", 0)
        self._max_depth = max_depth

    def _stack(self):
        frames = [f for f in traceback.extract_stack() if not os.path.abspath(f.filename).startswith(_HERE)]
        if self._max_depth:
            frames = frames[:self._max_depth]
        return frames

    def _add(self, used, acquired):
        node = self._root
        node.used_bytes += used
        node.acquired_bytes += acquired
        for f in self._stack():
            node = node.child((f.filename, f.lineno, f.name))
            node.used_bytes += used
            node.acquired_bytes += acquired

    def malloc_preprocess(self, **kwargs):
        self._add(kwargs["mem_size"], 0)

    def alloc_preprocess(self, **kwargs):
        self._add(0, kwargs["mem_size"])

    def print_report(self, file=sys.stdout):
        """Writes the report to `file`."""
        self._print(self._root, file)
        file.flush()

    def _print(self, node, file):
        if node.key == "_root":
            where = "_root"
        else:
            filename, lineno, func = node.key
            where = "%s:%s:%s" % (filename, lineno, func)
        file.write("%s%s (%s, %s)\n" % ("  " * node.depth, where, _humanized(node.used_bytes),
                                         _humanized(node.acquired_bytes)))
        for child in node.children.values():
            self._print(child, file)
