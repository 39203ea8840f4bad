"""NumPy's dispatch protocols on cupric.ndarray: __array_ufunc__ (NEP 13), __array_function__
(NEP 18, and through it NEP 35's like=). NumPy calls on cupric arrays run cupric's routines and
return cupric arrays; nothing is copied to the host behind the user's back (DESIGN.md decision 9).

These run only when NumPy calls them; cupric's own operators and functions never go through
them (the hot path stays in C++)."""
import importlib

import numpy

from cupric import _core

ndarray = _core.ndarray

# numpy function -> cupric implementation (or None: cupric has none), filled on first use.
_implementations = {}

# NumPy functions whose own implementation reads only an array's attributes (shape, ndim,
# size, dtype), never its data: where cupric has no function of the name, NumPy's runs.
_METADATA_ONLY = frozenset({"shape", "ndim", "size", "iscomplexobj", "isrealobj"})


def _cupric_module_for(numpy_module_name):
    # numpy.linalg -> cupric.linalg, numpy.lib.stride_tricks -> cupric.lib.stride_tricks; NumPy's
    # private modules (numpy._core.fromnumeric) publish their functions at the top level.
    parts = numpy_module_name.split(".")[1:]
    if parts and parts[0].startswith("_"):
        parts = []
    parts = [p for p in parts if not p.startswith("_")]
    try:
        return importlib.import_module(".".join(["cupric", *parts]))
    except ImportError:
        return None


def implementation_of(func):
    """The cupric function that implements the NumPy function ``func``, or None.

    Found by name in the cupric module that mirrors ``func``'s NumPy module (cupric.linalg for
    numpy.linalg.norm, ...), once per function."""
    try:
        return _implementations[func]
    except (KeyError, TypeError):
        pass
    impl = None
    name = getattr(func, "__name__", None)
    module = getattr(func, "__module__", None) or "numpy"
    if name and module.split(".")[0] == "numpy":
        mod = _cupric_module_for(module)
        cand = getattr(mod, name, None) if mod is not None else None
        # a NumPy object re-exported by cupric (cupric.issubdtype is numpy's) is not an implementation
        if callable(cand) and cand is not func:
            impl = cand
        elif name in _METADATA_ONLY and module == "numpy":
            impl = getattr(func, "_implementation", None)
    try:
        _implementations[func] = impl
    except TypeError:
        pass
    return impl


# numpy ufunc -> the cupric ufunc or function of its name (False: none), filled on first use.
_ufunc_impls = {}


def _host_scalars_or_refuse(inputs):
    # A NumPy scalar on the left of an operator (numpy.int64(2) < x) reaches here as a 0-d array:
    # it is the scalar again (strong, as NumPy scalars are); real NumPy arrays are refused.
    inputs = tuple(x[()] if isinstance(x, numpy.ndarray) and x.ndim == 0 else x for x in inputs)
    for x in inputs:
        if isinstance(x, numpy.ndarray):
            raise TypeError(f"Unsupported type {type(x)}")
    return inputs


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """NEP 13: numpy.add(x, 1), numpy.add.reduce(x), ... on cupric arrays run cupric's ufunc.

    NumPy arrays among the operands are refused as CuPy refuses them (TypeError: Unsupported
    type <class 'numpy.ndarray'>): cupric does not copy host data implicitly."""
    impl = _ufunc_impls.get(ufunc)
    if impl is None:
        import cupric
        impl = _ufunc_impls[ufunc] = getattr(cupric, ufunc.__name__, False)
    if impl is False:
        return NotImplemented
    if kwargs:
        out = kwargs.get("out")
        if out is not None:
            if isinstance(out, tuple) and len(out) == 1:
                kwargs["out"] = out = out[0]
            for o in out if isinstance(out, tuple) else (out,):
                if isinstance(o, numpy.ndarray):
                    raise TypeError(f"Unsupported type {type(o)}")
    for x in inputs:
        if isinstance(x, numpy.ndarray):
            inputs = _host_scalars_or_refuse(inputs)
            break
    if method == "__call__":
        return impl(*inputs, **kwargs)
    if not isinstance(impl, _core.ufunc):
        return NotImplemented  # a cupric function (not a ufunc) has no reduce/accumulate/...
    return getattr(impl, method)(*inputs, **kwargs)


def _array_function(self, func, types, args, kwargs):
    """NEP 18: numpy.sum(x), numpy.concatenate([x, y]), numpy.empty(3, like=x) ... on cupric arrays
    run cupric's function. One that cupric does not implement raises TypeError naming it."""
    for t in types:
        if t is not ndarray and not issubclass(t, (ndarray, numpy.ndarray)):
            return NotImplemented  # another library's array: let it (or NumPy) decide
    impl = _implementations.get(func, False)
    if impl is False:
        impl = implementation_of(func)
    if impl is None:
        module = getattr(func, "__module__", "numpy") or "numpy"
        if module.startswith("numpy._") or module == "numpy":
            module = "numpy"
        name = f"{module}.{getattr(func, '__name__', func)}"
        raise TypeError(f"cupric does not implement {name}, so it cannot run on cupric arrays; cupric never copies "
                        f"device data to the host implicitly: call .get() on the arrays to use NumPy's {name}")
    if "device" in kwargs and kwargs["device"] is None:
        # NumPy's Python-level creation functions pass their device=None on (like= dispatch);
        # cupric's C++ ones create on the current device and take no such argument
        kwargs = {k: v for k, v in kwargs.items() if k != "device"}
    return impl(*args, **kwargs)


ndarray.__array_ufunc__ = _array_ufunc
ndarray.__array_function__ = _array_function
