"""Pickling of cupric's functions and ufuncs by reference (module and name), as pickle stores
NumPy's: dask.distributed and multiprocessing ship `x.map_blocks(cupric.sqrt)` or a task calling
`cupric.sum` to other processes (Note [Pickling functions by name])."""
import copyreg
import importlib

from cupric import _core

# Note [Pickling functions by name]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# cupric's C++ functions are nanobind function objects (type nanobind.nb_func) and its ufuncs are
# cupric.ufunc objects; pickle knows neither (TypeError: cannot pickle 'nanobind.nb_func' object),
# so a Dask graph naming one could not reach a worker process. Both pickle as a reference that the
# receiving process resolves by importing the module and reading the name, as Python's own builtin
# functions and NumPy's ufuncs pickle. An object not reachable under its own name (a nanobind
# function of another library kept under a different name) still refuses, with that reason.
# The nb_func reducer goes to copyreg because nanobind's function type takes no new attributes.


def _by_name(module, qualname):
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _reference(obj, module, qualname):
    try:
        found = _by_name(module, qualname)
    except (ImportError, AttributeError, ValueError):  # (ValueError: no module name at all)
        found = None
    if found is not obj:
        raise TypeError(f"cannot pickle {obj!r}: it is not reachable as {module}.{qualname}")
    return _by_name, (module, qualname)


def _reduce_function(f):
    return _reference(f, getattr(f, "__module__", None) or "", getattr(f, "__qualname__", f.__name__))


def _reduce_ufunc(self):
    return _reference(self, getattr(self, "__module__", None) or "cupric", self.__name__)


def _reduce_bound_method(m):
    # cupric.add.reduce: the method's name under its class (nanobind methods made as class attributes
    # may carry no __name__), looked up again on the pickled owner
    owner = m.__self__
    for name in dir(type(owner)):
        if getattr(type(owner), name, None) is m.__func__:
            return getattr, (owner, name)
    raise TypeError(f"cannot pickle {m!r}: its method is not an attribute of {type(owner).__name__}")


copyreg.pickle(type(_core.sum), _reduce_function)
copyreg.pickle(type(_core.ndarray.sum.__get__(_core.ndarray)), _reduce_bound_method)  # nanobind's bound method
_core.ufunc.__reduce__ = _reduce_ufunc
