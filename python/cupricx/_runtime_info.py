"""cupricx.get_runtime_info: the versions and paths of cupric's components as an object whose
str() is the report cupric.show_config() prints (CuPy's cupyx.get_runtime_info)."""
import io


class _RuntimeInfo:
    """The runtime report: ``str(info)`` is the table; ``info.rows`` the (name, value) pairs."""

    def __init__(self, full):
        from cupric import _config
        buf = io.StringIO()
        _config.show_config(_file=buf)
        self._text = buf.getvalue()
        self.rows = [tuple(part.strip() for part in line.split(" : ", 1))
                     for line in self._text.splitlines() if " : " in line]
        self.full = full

    def __str__(self):
        return self._text


def get_runtime_info(full=True):
    """The report of cupric's runtime (backend, CUDA components found, library versions); it
    loads each CUDA library once to read its version, as show_config() does."""
    return _RuntimeInfo(bool(full))
