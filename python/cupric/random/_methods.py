"""Builds the distribution methods of RandomState and Generator from _distribution_table.py."""
from cupric.random._distribution_table import DISTRIBUTIONS, REQUIRED

_MISSING = object()


def _make(name, params, doc, with_dtype, legacy):
    names = [p for p, _ in params]

    def method(self, *args, **kwargs):
        values = list(args)
        if len(values) > len(names) + 1 + int(with_dtype):
            raise TypeError(f"{name}() takes at most {len(names) + 1 + int(with_dtype)} positional arguments")
        size = values.pop(len(names)) if len(values) > len(names) else kwargs.pop("size", None)
        dtype = kwargs.pop("dtype", None) if with_dtype else None
        if with_dtype and len(values) > len(names):
            dtype = values.pop()
        out = kwargs.pop("out", None) if not legacy else None
        filled = []
        for i, (p, default) in enumerate(params):
            if i < len(values):
                v = values[i]
            elif p in kwargs:
                v = kwargs.pop(p)
            elif default is REQUIRED:
                raise TypeError(f"{name}() missing required argument '{p}'")
            else:
                v = default
            filled.append(v)
        if kwargs:
            raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(kwargs))}'")
        return self._draw(name, filled, size, dtype, out)

    sig = ", ".join([f"{p}={'...' if d is REQUIRED else d!r}" for p, d in params] + ["size=None"] +
                    (["dtype=float64"] if with_dtype else []))
    method.__name__ = name
    method.__qualname__ = name
    method.__doc__ = f"{name}({sig})\n\n{doc}"
    return method


def add_distribution_methods(cls, legacy):
    for name, (params, doc, in_legacy, in_generator, with_dtype) in DISTRIBUTIONS.items():
        if (legacy and in_legacy) or (not legacy and in_generator):
            if name not in cls.__dict__:
                setattr(cls, name, _make(name, params, doc, with_dtype or legacy, legacy))
