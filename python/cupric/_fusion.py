"""cupric.fuse: traces a Python function of ufunc calls (and one final reduction) into a single
generated kernel (an ElementwiseKernel or a ReductionKernel), compiled once per argument signature.

Tracing runs the function on proxy variables. ``cupric.<ufunc>``, ``numpy.<ufunc>`` (through
``__array_ufunc__``), the arithmetic operators, ``cupric.where(c, x, y)`` and
``sum``/``prod``/``max``/``min`` (as the last step) are recorded; the function's globals and closure see a tracing view of the ``cupric`` module
(its ufuncs record instead of computing), so no global state changes and tracing is thread-safe.
Anything else (an unsupported ufunc or dtype, control flow on values, indexing) stops the trace and
the function runs eagerly, with a warning, as CuPy falls back for what it cannot fuse.
"""
import functools
import types
import warnings

import numpy

from cupric import _core

# C++ expression of each fusable ufunc over operands already in the loop dtype (a, b); `real`:
# floating/integer only (complex falls back).
_BINARY = {
    "add": "a + b", "subtract": "a - b", "multiply": "a * b", "divide": "a / b", "true_divide": "a / b",
    "less": "a < b", "less_equal": "a <= b", "greater": "a > b", "greater_equal": "a >= b",
    "equal": "a == b", "not_equal": "a != b",
    "logical_and": "a && b", "logical_or": "a || b", "logical_xor": "(!a) != (!b)",
    "bitwise_and": "a & b", "bitwise_or": "a | b", "bitwise_xor": "a ^ b",
    "maximum": "(a != a || a > b) ? a : b", "minimum": "(a != a || a < b) ? a : b",
    "fmax": "(b != b || a > b) ? a : b", "fmin": "(b != b || a < b) ? a : b",
    "power": "pow(a, b)", "arctan2": "atan2(a, b)", "hypot": "hypot(a, b)", "copysign": "copysign(a, b)",
}
_UNARY = {
    "negative": "-a", "positive": "a", "square": "a * a", "reciprocal": "1 / a",
    "sqrt": "sqrt(a)", "cbrt": "cbrt(a)", "exp": "exp(a)", "exp2": "exp2(a)", "expm1": "expm1(a)",
    "log": "log(a)", "log2": "log2(a)", "log10": "log10(a)", "log1p": "log1p(a)",
    "sin": "sin(a)", "cos": "cos(a)", "tan": "tan(a)", "arcsin": "asin(a)", "arccos": "acos(a)",
    "arctan": "atan(a)", "sinh": "sinh(a)", "cosh": "cosh(a)", "tanh": "tanh(a)",
    "arcsinh": "asinh(a)", "arccosh": "acosh(a)", "arctanh": "atanh(a)",
    "floor": "floor(a)", "ceil": "ceil(a)", "trunc": "trunc(a)", "rint": "rint(a)",
    "absolute": "(a < 0 ? -a : a)", "fabs": "fabs(a)", "logical_not": "!a", "invert": "~a",
    "isnan": "a != a", "isfinite": "(a == a && a - a == a - a)", "isinf": "(a == a && a - a != a - a)",
    "signbit": "signbit(a)",
}
# Ops that stay valid for complex operands (my device header defines complex arithmetic only).
_COMPLEX_OK = {"add", "subtract", "multiply", "divide", "true_divide", "negative", "positive", "square",
               "equal", "not_equal"}
_ALIASES = {"abs": "absolute", "mod": "remainder", "bitwise_not": "invert", "conjugate": "conj"}
_REDUCTIONS = {"sum": ("add", "0"), "prod": ("multiply", "1"), "max": ("maximum", None),
               "amax": ("maximum", None), "min": ("minimum", None), "amin": ("minimum", None)}


class _CannotFuse(Exception):
    pass


class _Trace:
    def __init__(self):
        self.params = []      # (name, dtype, kind) kind: 'array' | 'scalar' | 'const'
        self.consts = []      # values of the 'const' params, in order
        self.lines = []
        self.n = 0
        self.reduction = None  # (op, var, axis, keepdims, out_dtype)

    def new_var(self, dtype, weak=None):
        self.n += 1
        return _Var(self, f"_t{self.n}", numpy.dtype(dtype), weak)

    def const(self, value):
        t = type(value)
        dt = numpy.dtype({bool: numpy.bool_, int: numpy.int64, float: numpy.float64,
                          complex: numpy.complex128}[t])
        name = f"_c{len(self.consts)}"
        self.consts.append(value)
        self.params.append((name, dt, "const"))
        return _Var(self, name, dt, weak=None if t is bool else t)


def _ctype(dt):
    return {"bool": "bool", "int8": "signed char", "int16": "short", "int32": "int", "int64": "long long",
            "uint8": "unsigned char", "uint16": "unsigned short", "uint32": "unsigned int",
            "uint64": "unsigned long long", "float16": "float16", "float32": "float", "float64": "double",
            "complex64": "complex<float>", "complex128": "complex<double>"}[dt.name]


class _Var:
    """A traced value: a C++ variable name, its dtype, and (for Python scalars) the weak type."""

    __array_priority__ = 1000

    def __init__(self, trace, name, dtype, weak=None):
        self.trace, self.name, self.dtype, self.weak = trace, name, dtype, weak

    # numpy.<ufunc>(var) lands here
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method != "__call__" or kwargs:
            raise _CannotFuse(f"numpy.{ufunc.__name__}.{method} with {sorted(kwargs)}")
        return _apply(ufunc.__name__, inputs)

    def __bool__(self):
        raise _CannotFuse("control flow on a traced value")

    def __getitem__(self, key):
        raise _CannotFuse("indexing")

    def __add__(self, o): return _apply("add", (self, o))
    def __radd__(self, o): return _apply("add", (o, self))
    def __sub__(self, o): return _apply("subtract", (self, o))
    def __rsub__(self, o): return _apply("subtract", (o, self))
    def __mul__(self, o): return _apply("multiply", (self, o))
    def __rmul__(self, o): return _apply("multiply", (o, self))
    def __truediv__(self, o): return _apply("true_divide", (self, o))
    def __rtruediv__(self, o): return _apply("true_divide", (o, self))
    def __pow__(self, o): return _apply("power", (self, o))
    def __rpow__(self, o): return _apply("power", (o, self))
    def __lt__(self, o): return _apply("less", (self, o))
    def __le__(self, o): return _apply("less_equal", (self, o))
    def __gt__(self, o): return _apply("greater", (self, o))
    def __ge__(self, o): return _apply("greater_equal", (self, o))
    def __eq__(self, o): return _apply("equal", (self, o))
    def __ne__(self, o): return _apply("not_equal", (self, o))
    def __and__(self, o): return _apply("bitwise_and", (self, o))
    def __rand__(self, o): return _apply("bitwise_and", (o, self))
    def __or__(self, o): return _apply("bitwise_or", (self, o))
    def __ror__(self, o): return _apply("bitwise_or", (o, self))
    def __xor__(self, o): return _apply("bitwise_xor", (self, o))
    def __rxor__(self, o): return _apply("bitwise_xor", (o, self))
    def __neg__(self): return _apply("negative", (self,))
    def __pos__(self): return _apply("positive", (self,))
    def __abs__(self): return _apply("absolute", (self,))
    def __invert__(self): return _apply("invert", (self,))
    __hash__ = object.__hash__

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return _reduce("sum", self, axis, dtype, out, keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return _reduce("prod", self, axis, dtype, out, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return _reduce("max", self, axis, None, out, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return _reduce("min", self, axis, None, out, keepdims)


class _Reduced:
    """The result of the final reduction: nothing may follow it."""

    def __init__(self, trace):
        self.trace = trace

    def __getattr__(self, name):
        raise _CannotFuse("an operation after the reduction")


def _operand(trace, x):
    if isinstance(x, _Var):
        return x
    if isinstance(x, numpy.generic):  # before Python's types: numpy.float64 subclasses float
        v = trace.const(x.item())
        v.dtype, v.weak = x.dtype, None  # strong (NEP 50): its own dtype
        trace.params[-1] = (v.name, x.dtype, "const")
        return v
    if isinstance(x, (bool, int, float, complex)):
        return trace.const(x)
    raise _CannotFuse(f"an operand of type {type(x).__name__}")


def _apply(name, inputs):
    name = _ALIASES.get(name, name)
    trace = next(x.trace for x in inputs if isinstance(x, _Var))
    ops = [_operand(trace, x) for x in inputs]
    expr = _BINARY.get(name) if len(ops) == 2 else _UNARY.get(name) if len(ops) == 1 else None
    if expr is None:
        raise _CannotFuse(f"the ufunc {name}")
    uf = getattr(numpy, name)
    try:
        dts = uf.resolve_dtypes(tuple(o.weak if o.weak is not None else o.dtype for o in ops) + (None,) * uf.nout)
    except Exception as e:  # noqa: BLE001 - no loop: let eager execution raise NumPy's error
        raise _CannotFuse(f"{name} for these dtypes ({e})")
    in_dts, out_dt = dts[:len(ops)], dts[-1]
    if any(d.kind == "c" for d in dts) and name not in _COMPLEX_OK:
        raise _CannotFuse(f"{name} on complex values")
    if any(d.kind in "OSUVMmT" or d.name == "bfloat16" for d in dts):
        raise _CannotFuse(f"{name} on {dts}")
    if name == "power" and in_dts[0].kind in "iub":
        raise _CannotFuse("integer power")
    if name == "absolute" and in_dts[0].kind == "c":
        raise _CannotFuse("absolute of complex")
    letters = "ab"
    for k, (o, dt) in enumerate(zip(ops, in_dts)):
        src = o.name if o.dtype == dt else f"cast<{_ctype(dt)}>({o.name})"
        expr = _subst(expr, letters[k], f"({src})")
    res = trace.new_var(out_dt)
    trace.lines.append(f"{_ctype(out_dt)} {res.name} = cast<{_ctype(out_dt)}>({expr});")
    return res


def _subst(expr, letter, text):
    out, i = [], 0
    while i < len(expr):
        c = expr[i]
        if c == letter and (i == 0 or not (expr[i - 1].isalnum() or expr[i - 1] == "_")) and \
                (i + 1 == len(expr) or not (expr[i + 1].isalnum() or expr[i + 1] == "_")):
            out.append(text)
        else:
            out.append(c)
        i += 1
    return "".join(out)


def _reduce(kind, var, axis, dtype, out, keepdims):
    if dtype is not None or out is not None:
        raise _CannotFuse(f"{kind} with dtype/out")
    if not isinstance(var, _Var):
        raise _CannotFuse(f"{kind} of a non-traced value")
    trace = var.trace
    if trace.reduction is not None:
        raise _CannotFuse("more than one reduction")
    if var.dtype.kind == "c" and kind not in ("sum", "prod"):
        raise _CannotFuse(f"{kind} of complex values")
    out_dt = getattr(numpy, kind)(numpy.zeros(1, var.dtype)).dtype
    trace.reduction = (kind, var, axis, bool(keepdims), out_dt)
    return _Reduced(trace)


class _TracingModule(types.ModuleType):
    """The cupric module as a fused function sees it while tracing."""

    def __init__(self, real):
        super().__init__(real.__name__)
        self._real = real

    def __getattr__(self, name):
        real = getattr(self._real, name)
        if isinstance(real, _core.ufunc):
            return functools.partial(_traced_ufunc, real.__name__)
        if name in _REDUCTIONS:
            return functools.partial(_traced_reduction, name)
        if name == "where":
            return _traced_where
        return real


def _traced_ufunc(name, *args, **kwargs):
    if kwargs:
        raise _CannotFuse(f"{name} with keyword arguments")
    if not any(isinstance(a, _Var) for a in args):
        raise _CannotFuse(f"{name} without traced operands")
    return _apply(name, args)


def _traced_where(cond, x=None, y=None):
    if x is None or y is None:
        raise _CannotFuse("where with one argument")
    vars_ = [v for v in (cond, x, y) if isinstance(v, _Var)]
    if not vars_:
        raise _CannotFuse("where without traced operands")
    trace = vars_[0].trace
    c, a, b = (_operand(trace, v) for v in (cond, x, y))
    weak_value = {int: 0, float: 0.0, complex: 0j}
    dt = numpy.result_type(*(weak_value[o.weak] if o.weak is not None else o.dtype for o in (a, b)))
    if dt.kind not in "biufc" or dt.name == "bfloat16":
        raise _CannotFuse(f"where of {dt}")
    ct = _ctype(dt)
    res = trace.new_var(dt)
    trace.lines.append(f"{ct} {res.name} = ({c.name}) ? cast<{ct}>({a.name}) : cast<{ct}>({b.name});")
    return res


def _traced_reduction(kind, a, axis=None, dtype=None, out=None, keepdims=False):
    return _reduce(kind, a, axis, dtype, out, keepdims)


def _tracing_function(func):
    """`func` with its globals and closure cells seeing the tracing cupric module and ufuncs."""
    import cupric
    tracing = _TracingModule(cupric)

    def swap(v):
        if v is cupric:
            return tracing
        if isinstance(v, _core.ufunc):
            return functools.partial(_traced_ufunc, v.__name__)
        return v

    g = {k: swap(v) for k, v in func.__globals__.items()}
    closure = None
    if func.__closure__:
        closure = tuple(types.CellType(swap(c.cell_contents)) if _filled(c) else c for c in func.__closure__)
    return types.FunctionType(func.__code__, g, func.__name__, func.__defaults__, closure)


def _filled(cell):
    try:
        cell.cell_contents
        return True
    except ValueError:
        return False


class Fusion:
    """A function compiled by ``cupric.fuse`` (one generated kernel per argument signature)."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name or func.__name__
        # the generated kernel's C++ name ('<lambda>' -> '_lambda_')
        self._cname = "".join(c if c.isalnum() or c == "_" else "_" for c in self.name)
        if not self._cname or self._cname[0].isdigit():
            self._cname = "_" + self._cname
        self._cache = {}
        functools.update_wrapper(self, func)

    def __repr__(self):
        return f"<Fusion '{self.name}'>"

    def __call__(self, *args):
        import cupric
        if not any(isinstance(a, cupric.ndarray) for a in args):
            return self.func(*args)
        key = tuple(("a", a.dtype.str, a.ndim) if isinstance(a, cupric.ndarray)
                    else ("s", type(a), getattr(a, "dtype", None)) for a in args)
        entry = self._cache.get(key)
        if entry is None:
            try:
                entry = self._build(args)
            except _CannotFuse as e:
                warnings.warn(f"cupric.fuse: '{self.name}' runs unfused ({e})", UserWarning, stacklevel=2)
                entry = False
            self._cache[key] = entry
        if entry is False:
            return self.func(*args)
        return entry(args)

    def _build(self, args):
        import cupric
        trace = _Trace()
        inputs = []
        for k, a in enumerate(args):
            if isinstance(a, cupric.ndarray):
                if a.dtype.kind not in "biufc" or a.dtype.name == "bfloat16":
                    raise _CannotFuse(f"arrays of dtype {a.dtype}")
                v = _Var(trace, f"_in{k}", a.dtype)
                trace.params.append((v.name, a.dtype, "array"))
            elif isinstance(a, numpy.generic):
                v = _Var(trace, f"_in{k}", a.dtype)
                trace.params.append((v.name, a.dtype, "scalar"))
            elif isinstance(a, (bool, int, float, complex)):
                dt = numpy.dtype({bool: numpy.bool_, int: numpy.int64, float: numpy.float64,
                                  complex: numpy.complex128}[type(a)])
                v = _Var(trace, f"_in{k}", dt, weak=None if isinstance(a, bool) else type(a))
                trace.params.append((v.name, dt, "scalar"))
            else:
                raise _CannotFuse(f"an argument of type {type(a).__name__}")
            inputs.append(v)
        try:
            result = _tracing_function(self.func)(*inputs)
        except _CannotFuse:
            raise
        except Exception as e:  # noqa: BLE001 - the eager run reports real errors
            raise _CannotFuse(f"tracing raised {type(e).__name__}: {e}")
        in_params = ", ".join(f"{dt.name} {n}" for n, dt, _ in trace.params)
        body = "\n".join(trace.lines)
        consts = tuple(trace.consts)
        if isinstance(result, _Reduced):
            return self._reduction_kernel(trace, in_params, body, consts)
        outs = result if isinstance(result, tuple) else (result,)
        if not outs or not all(isinstance(o, _Var) for o in outs):
            raise _CannotFuse("a result that is not a traced value")
        if not any(kind == "array" for _, _, kind in trace.params):
            raise _CannotFuse("no array argument")
        out_params = ", ".join(f"{o.dtype.name} _out{k}" for k, o in enumerate(outs))
        assigns = "\n".join(f"_out{k} = {o.name};" for k, o in enumerate(outs))
        kern = cupric.ElementwiseKernel(in_params, out_params, body + "\n" + assigns, name=self._cname,
                                        return_tuple=isinstance(result, tuple))

        def run(call_args):
            return kern(*call_args, *consts)
        run.kernel = kern
        return run

    def _reduction_kernel(self, trace, in_params, body, consts):
        import cupric
        kind, var, axis, keepdims, out_dt = trace.reduction
        op, identity = _REDUCTIONS[kind]
        args_c = ", ".join(n for n, _, _ in trace.params)
        sig = ", ".join(f"{_ctype(dt)} {n}" for n, dt, _ in trace.params)
        rt = _ctype(out_dt)
        preamble = (f"CUPRIC_HD inline {rt} _fused_map_{self._cname}({sig}) {{\n{body}\n"
                    f"return cast<{rt}>({var.name});\n}}\n")
        reduce_expr = {"add": "a + b", "multiply": "a * b", "maximum": "(a != a || a > b) ? a : b",
                       "minimum": "(a != a || a < b) ? a : b"}[op]
        kern = cupric.ReductionKernel(in_params, f"{out_dt.name} _out", f"_fused_map_{self._cname}({args_c})",
                                      reduce_expr, "_out = a", identity, name=self._cname, preamble=preamble)

        def run(call_args):
            return kern(*call_args, *consts, axis=axis, keepdims=keepdims)
        run.kernel = kern
        return run


def fuse(*args, **kwargs):
    """Fuses a function of ufunc calls (and a final reduction) into one kernel (``cupy.fuse``).

    Use as ``@cupric.fuse`` or ``@cupric.fuse(kernel_name='name')``."""
    def wrap(f, kernel_name=None):
        return Fusion(f, kernel_name)

    if len(args) == 1 and not kwargs and callable(args[0]):
        return wrap(args[0])
    return lambda f: wrap(f, *args, **kwargs)
