"""Names CuPy 14 still has but NumPy 2 removed (reached through `cupric.__getattr__` with a
DeprecationWarning naming the NumPy 2 spelling), and the CuPy modules and aliases that no longer
exist (an AttributeError naming the replacement). cupric.migrate reads the same tables.

Note [NumPy 1 names]: CuPy 14 exports ~45 names of NumPy 1's namespace that NumPy 2 removed
(its `cupy/__init__.py` exports minus NumPy 2's namespace; tools/api/cupy-14.2.json). A CuPy 14
program using them must run, and its author must learn the NumPy 2 spelling, so they are not
module globals (which would hide them from `__getattr__`): `cupric.alltrue` warns (DeprecationWarning)
and returns the object. They are absent from `dir(cupric)` and `from cupric import *`, as
in NumPy 2. V9-ALIASES is different: `cupric.int`, `float` and `complex` stay absent.
"""
import ast
import re
import sys
import warnings

import numpy

Inf = float('inf')


def _cupric():
    import cupric
    return cupric


def alltrue(a, axis=None, out=None, keepdims=False):
    """Deprecated alias of all (NumPy 1.x)."""
    return _cupric().all(a, axis=axis, out=out, keepdims=keepdims)


def sometrue(a, axis=None, out=None, keepdims=False):
    """Deprecated alias of any (NumPy 1.x)."""
    return _cupric().any(a, axis=axis, out=out, keepdims=keepdims)


def product(a, axis=None, dtype=None, out=None, keepdims=False):
    """Deprecated alias of prod (NumPy 1.x)."""
    return _cupric().prod(a, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


def cumproduct(a, axis=None, dtype=None, out=None):
    """Deprecated alias of cumprod (NumPy 1.x)."""
    return _cupric().cumprod(a, axis=axis, dtype=dtype, out=out)


def round_(a, decimals=0, out=None):
    """Deprecated alias of around (NumPy 1.x)."""
    return _cupric().around(a, decimals, out=out)


def trapz(y, x=None, dx=1.0, axis=-1):
    """Deprecated alias of trapezoid (NumPy 1.x)."""
    return _cupric().trapezoid(y, x=x, dx=dx, axis=axis)


def msort(a):
    """A copy of a sorted along its first axis (NumPy 1.x; sort(a, axis=0))."""
    return _cupric().sort(a, axis=0)


def asfarray(a, dtype=numpy.float64):
    """a as an array of an inexact dtype (float64 unless dtype is one) (NumPy 1.x)."""
    if not numpy.issubdtype(dtype, numpy.inexact):
        dtype = numpy.float64
    return _cupric().asarray(a, dtype=dtype)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """isin over the flattened ar1 (NumPy 1.x)."""
    cp = _cupric()
    return cp.isin(cp.asarray(ar1).ravel(), ar2, assume_unique=assume_unique, invert=invert, kind=kind)


def byte_bounds(a):
    """(low, high) device addresses of a's first byte and one past its last (NumPy 1.x)."""
    from cupric._memory_overlap import byte_bounds as bounds
    return bounds(a)


def obj2sctype(rep, default=None):
    """The scalar type of rep (a type, dtype, array or dtype-like), or default (NumPy 1.x)."""
    if isinstance(rep, type) and issubclass(rep, numpy.generic):
        return rep
    if hasattr(rep, 'dtype') and isinstance(getattr(rep, 'dtype'), numpy.dtype):
        return rep.dtype.type
    try:
        return numpy.dtype(rep).type
    except Exception:  # noqa: BLE001 - NumPy 1 answered `default` for anything not dtype-like
        return default


def issctype(rep):
    """True when rep is a scalar type or dtype other than object (NumPy 1.x)."""
    if not isinstance(rep, (type, numpy.dtype)):
        return False
    sc = obj2sctype(rep)
    return sc is not None and sc is not numpy.object_


def issubclass_(arg1, arg2):
    """issubclass that answers False instead of raising TypeError (NumPy 1.x)."""
    try:
        return issubclass(arg1, arg2)
    except TypeError:
        return False


def issubsctype(arg1, arg2):
    """Whether the scalar type of arg1 is a subclass of that of arg2 (NumPy 1.x)."""
    return issubclass(obj2sctype(arg1), obj2sctype(arg2))


def sctype2char(sctype):
    """The character code of a scalar type (NumPy 1.x)."""
    sc = obj2sctype(sctype)
    if sc is None:
        raise ValueError("unrecognized type")
    return numpy.dtype(sc).char


def find_common_type(array_types, scalar_types):
    """The common dtype by NumPy 1's rule: scalars only decide when their kind (b < u < i < f < c)
    is above the arrays' kind (NumPy 1.x; NumPy 2 spells it result_type/promote_types)."""
    arrays = [numpy.dtype(t) for t in array_types]
    scalars = [numpy.dtype(t) for t in scalar_types]

    def common(types):
        return numpy.result_type(*types) if types else None
    maxa, maxsc = common(arrays), common(scalars)
    if maxa is None or maxsc is None:
        return maxsc if maxa is None else maxa
    kinds = 'buifc'
    if maxa.kind not in kinds or maxsc.kind not in kinds:
        return None
    return numpy.promote_types(maxa, maxsc) if kinds.index(maxsc.kind) > kinds.index(maxa.kind) else maxa


def get_array_wrap(*args):
    """The __array_wrap__ of the argument with the highest __array_priority__, or None (NumPy 1.x)."""
    wrappers = sorted((getattr(x, '__array_priority__', 0), -i, x.__array_wrap__)
                      for i, x in enumerate(args) if hasattr(x, '__array_wrap__'))
    return wrappers[-1][-1] if wrappers else None


def disp(mesg, device=None, linefeed=True):
    """Writes mesg to device (sys.stdout by default) and flushes it (NumPy 1.x)."""
    device = sys.stdout if device is None else device
    device.write(f"{mesg}\n" if linefeed else f"{mesg}")
    device.flush()


def safe_eval(source):
    """Evaluates a string holding a Python literal (NumPy 1.x; ast.literal_eval)."""
    return ast.literal_eval(source)


def set_string_function(f, repr=True):
    """Sets the function NumPy uses for repr (NumPy 1.x). NumPy 2 has only a repr override
    (numpy.set_printoptions(override_repr=f)); there is no str override any more."""
    if not repr:
        raise ValueError("set_string_function(f, repr=False) has no NumPy 2 equivalent (NumPy 2 cannot "
                         "override str); use numpy.set_printoptions(override_repr=f) for repr")
    numpy.set_printoptions(override_repr=f)


def who(vardict=None):
    """Prints the cupric arrays of vardict (the caller's globals by default): name, shape,
    bytes and dtype, then the total (NumPy 1.x)."""
    if vardict is None:
        vardict = sys._getframe(1).f_globals
    nd = _cupric().ndarray
    rows = [(name, ' x '.join(map(str, v.shape)), v.nbytes, str(v.dtype))
            for name, v in sorted(vardict.items()) if isinstance(v, nd)]
    if rows:
        print(f"{'Name':<12}{'Shape':<20}{'Bytes':<12}Type\n" + '=' * 52)
        for name, shape, nbytes, dt in rows:
            print(f"{name:<12}{shape:<20}{nbytes:<12}{dt}")
    print(f"\nUpper bound on total bytes  =       {sum(r[2] for r in rows)}")


_EXC = numpy.exceptions
# name: (its NumPy 2 spelling, '{m}' standing for the module: cupric here, cupy in cupric.migrate;
# a spelling that is exactly '{m}.<dotted name>' is a pure rename cupric.migrate --fix applies),
# and the object cupric.<name> still returns.
NUMPY1_NAMES = {
    'Inf': ('{m}.inf', Inf), 'Infinity': ('{m}.inf', Inf), 'PINF': ('{m}.inf', Inf), 'infty': ('{m}.inf', Inf),
    'NINF': ('-{m}.inf', -Inf), 'NAN': ('{m}.nan', float('nan')), 'NaN': ('{m}.nan', float('nan')),
    'PZERO': ('0.0', 0.0), 'NZERO': ('-0.0', -0.0),
    'float_': ('{m}.float64', numpy.float64), 'complex_': ('{m}.complex128', numpy.complex128),
    'cfloat': ('{m}.complex128', numpy.complex128), 'singlecomplex': ('{m}.complex64', numpy.complex64),
    'alltrue': ('{m}.all', alltrue), 'sometrue': ('{m}.any', sometrue), 'product': ('{m}.prod', product),
    'cumproduct': ('{m}.cumprod', cumproduct), 'round_': ('{m}.round', round_),
    'trapz': ('{m}.trapezoid', trapz), 'msort': ('{m}.sort(a, axis=0)', msort),
    'asfarray': ('{m}.asarray(a, dtype=<a float dtype>)', asfarray),
    'in1d': ('{m}.isin (on the flattened array: {m}.isin(a.ravel(), b))', in1d),
    'AxisError': ('{m}.exceptions.AxisError', _EXC.AxisError),
    'ComplexWarning': ('{m}.exceptions.ComplexWarning', _EXC.ComplexWarning),
    'ModuleDeprecationWarning': ('{m}.exceptions.ModuleDeprecationWarning', _EXC.ModuleDeprecationWarning),
    'RankWarning': ('{m}.exceptions.RankWarning', _EXC.RankWarning),
    'TooHardError': ('{m}.exceptions.TooHardError', _EXC.TooHardError),
    'VisibleDeprecationWarning': ('{m}.exceptions.VisibleDeprecationWarning', _EXC.VisibleDeprecationWarning),
    'DataSource': ('numpy.lib.npyio.DataSource', numpy.lib.npyio.DataSource),
    'format_parser': ('numpy.rec.format_parser', numpy.rec.format_parser),
    'byte_bounds': ('numpy.lib.array_utils.byte_bounds (device addresses: {m}.byte_bounds keeps working '
                    'until removed)', byte_bounds),
    'obj2sctype': ('{m}.dtype(x).type', obj2sctype), 'issctype': ('issubclass(x, {m}.generic)', issctype),
    'issubclass_': ('issubclass', issubclass_), 'issubsctype': ('{m}.issubdtype', issubsctype),
    'sctype2char': ('{m}.dtype(x).char', sctype2char),
    'find_common_type': ('{m}.result_type or {m}.promote_types', find_common_type),
    'get_array_wrap': ('nothing: it was removed without a replacement', get_array_wrap),
    'disp': ('print(mesg, file=device)', disp), 'safe_eval': ('ast.literal_eval', safe_eval),
    'set_string_function': ('numpy.set_printoptions(override_repr=f)', set_string_function),
    'who': ('nothing: it was removed without a replacement (inspect globals())', who),
}

# CuPy names that exist and warn (V10-DEPRECATED: CuPy 14.2 still has the synchronization checks, as an
# experimental API that warns FutureWarning; cupric has them too, Note [Sync detection] in
# python/cupric/_syncdetect.py): CuPy name -> (guide ID, what to do instead).
DEPRECATED = {
    'cupyx.allow_synchronize': ('V10-DEPRECATED', 'nothing: remove the call'),
    'cupyx.DeviceSynchronized': ('V10-DEPRECATED', 'nothing: remove the check'),
}

# CuPy modules and names that no longer exist (V14-REMOVED, V9-ALIASES, V10-PROFILER,
# V13-NO-COMPILE-WITH-CACHE; ENV-2: cuDNN): CuPy name -> (guide ID, what to use instead).
REMOVED = {
    'cupy.sparse': ('V14-REMOVED', 'cupyx.scipy.sparse'),
    'cupy.prof': ('V14-REMOVED', 'cupyx.profiler'),
    'cupy.cusolver': ('V14-REMOVED', 'cupy.linalg / cupyx.scipy.linalg (cupyx.lapack for the LAPACK '
                                     'wrappers)'),
    'cupy.cusparse': ('V14-REMOVED', 'cupyx.scipy.sparse'),
    'cupy.cutensor': ('V14-REMOVED', 'cupy.einsum / cupy.tensordot (cutensor is not used by cupric)'),
    'cupy.array_api': ('V14-REMOVED', 'cupy itself (the main namespace follows the array API standard)'),
    'cupyx.fallback_mode': ('V14-REMOVED', 'numpy explicitly on host copies (cupy.asnumpy(a))'),
    'cupyx.time': ('V10-PROFILER', 'cupyx.profiler (cupyx.profiler.benchmark replaces cupyx.time.repeat)'),
    'cupy.cuda.compile_with_cache': ('V13-NO-COMPILE-WITH-CACHE', 'cupy.RawModule(code=...)'),
    'cupy.cuda.compiler.compile_with_cache': ('V13-NO-COMPILE-WITH-CACHE', 'cupy.RawModule(code=...)'),
    'cupy.cudnn': ('ENV-2', 'nothing: cuDNN is not supported (no cuDNN anywhere); write the layer with cupy '
                            'routines or a RawKernel'),
    'cupy.cuda.cudnn': ('ENV-2', 'nothing: cuDNN is not supported (no cuDNN anywhere)'),
    'cupyx.cudnn': ('ENV-2', 'nothing: cuDNN is not supported (no cuDNN anywhere)'),
    'cupy.int': ('V9-ALIASES', "Python's int (or cupy.int64)"),
    'cupy.float': ('V9-ALIASES', "Python's float (or cupy.float64)"),
    'cupy.complex': ('V9-ALIASES', "Python's complex (or cupy.complex128)"),
}


def cupric_spelling(cupy_name):
    """cupy.x -> cupric.x, cupyx.x -> cupricx.x (the names of the module user code sees)."""
    head, dot, rest = cupy_name.partition('.')
    return {'cupy': 'cupric', 'cupyx': 'cupricx'}.get(head, head) + dot + rest


def removed_message(cupy_name):
    """The sentence saying cupy_name is gone and what to use instead (in cupric's spelling)."""
    gid, use = REMOVED[cupy_name]
    use = re.sub(r'\bcupy(x?)\b', r'cupric\1', use)
    return f"{cupric_spelling(cupy_name)} does not exist (removed, {gid}): {instead(use)}"


def instead(use):
    """'use X', or the sentence of a 'nothing: ...' replacement."""
    return use[len('nothing: '):] if use.startswith('nothing: ') else f"use {use}"


def module_getattr(module, name):
    """`cupric.<name>` for a name that is not a global: a NumPy 1 name with its warning, else
    AttributeError (naming the replacement of a removed one)."""
    entry = NUMPY1_NAMES.get(name) if module == 'cupric' else None
    if entry is not None:
        spelling = entry[0].format(m='cupric')
        warnings.warn(f"cupric.{name} is deprecated (NumPy 2 removed it): {instead(spelling)}",
                      DeprecationWarning, stacklevel=3)
        return entry[1]
    cupy_name = {'cupric': 'cupy', 'cupricx': 'cupyx'}[module] + '.' + name
    if cupy_name in REMOVED:
        raise AttributeError(f"module '{module}' has no attribute '{name}': {removed_message(cupy_name)}")
    raise AttributeError(f"module '{module}' has no attribute '{name}'")
