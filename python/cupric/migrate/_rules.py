"""The migration rules: one entry per ID of the upgrade guide (shared/UPGRADE-GUIDE-BEHAVIORS.md)
whose use a source scan can see. Data only; cupric/migrate/_scan.py applies it.

Each rule has
- `names`: CuPy-qualified names (a module name matches its submodules and attributes too) ->
  (what to use instead, in words; the CuPy-qualified name `--fix` rewrites to, or None when the
  change is not mechanical). A fix target `builtins.X` means Python's X.
- `patterns`: names of the call/usage detectors of _scan.py the rule uses (uses a name alone
  cannot show: keyword arguments, methods on arrays, how a result is used).
- `notes`: like `names`, for names whose use still works but may behave differently.
- `severity`: 'removed' (fails on CuPy 14 / cupric), 'deprecated' (warns, will go), 'behavior'
  (runs, but the result or timing changed: reported with --notes).
"""
from dataclasses import dataclass, field

from cupric._legacy_names import DEPRECATED, NUMPY1_NAMES, REMOVED


@dataclass(frozen=True)
class Rule:
    id: str
    severity: str
    summary: str
    names: dict = field(default_factory=dict)
    patterns: tuple = ()
    notes: dict = field(default_factory=dict)  # like names, reported as 'behavior' (with --notes)


def _removed(gid, fixes):
    """The names REMOVED or DEPRECATED (cupric/_legacy_names.py) list under `gid`, with their fix targets."""
    return {name: (use, fixes.get(name)) for name, (g, use) in {**REMOVED, **DEPRECATED}.items() if g == gid}


def _numpy1_names():
    out = {}
    for name, (spelling, _) in NUMPY1_NAMES.items():
        use = spelling.format(m='cupy')
        target = use if use.startswith('cupy.') and use.replace('.', '').replace('_', '').isalnum() else None
        out['cupy.' + name] = (use, target)
    return out


RULES = (
    Rule('V14-REMOVED', 'removed', 'module removed in CuPy v14',
         names={**_removed('V14-REMOVED', {'cupy.sparse': 'cupyx.scipy.sparse', 'cupy.prof': 'cupyx.profiler',
                                           'cupy.array_api': 'cupy'}),
                'cupy.prof.TimeRangeDecorator': ('cupyx.profiler.time_range', 'cupyx.profiler.time_range'),
                'cupyx.scipy.linalg.tri': ('cupy.tri', 'cupy.tri'),
                'cupyx.scipy.linalg.tril': ('cupy.tril', 'cupy.tril'),
                'cupyx.scipy.linalg.triu': ('cupy.triu', 'cupy.triu')}),
    Rule('V13-NO-COMPILE-WITH-CACHE', 'removed', 'compile_with_cache was removed in CuPy v13',
         names=_removed('V13-NO-COMPILE-WITH-CACHE', {})),
    Rule('V10-PROFILER', 'removed', 'cupyx.time was removed; cupyx.profiler replaces it',
         names={**_removed('V10-PROFILER', {}),
                'cupyx.time.repeat': ('cupyx.profiler.benchmark', 'cupyx.profiler.benchmark')}),
    Rule('V10-DEPRECATED', 'deprecated', 'synchronization checks are deprecated (experimental, they warn)',
         names=_removed('V10-DEPRECATED', {})),
    Rule('ENV-2', 'removed', 'cupric has no cuDNN', names=_removed('ENV-2', {})),
    Rule('V9-ALIASES', 'removed', 'NumPy 2 has no int/float/complex aliases',
         names=_removed('V9-ALIASES', {'cupy.int': 'builtins.int', 'cupy.float': 'builtins.float',
                                       'cupy.complex': 'builtins.complex'}),
         notes={'cupy.bool': ("nothing as a dtype; it is NumPy 2's bool dtype (Python's bool before CuPy 9), "
                              "so isinstance checks against it differ", None)}),
    Rule('V14-DEPRECATED', 'deprecated', 'deprecated in CuPy v14 (NumPy 2 removed it, or CuPy renamed it)',
         names={'cupy.fromDlpack': ('cupy.from_dlpack', 'cupy.from_dlpack'),
                'cupy.toDlpack': ("the array's __dlpack__() (consumers call from_dlpack(a))", None),
                'cupyx.tools.install_library': ("pip install cupric[ctk] (CUDA libraries from NVIDIA's wheels)",
                                                None),
                **_numpy1_names()},
         patterns=('ndarray.toDlpack',)),
    Rule('V12-SCATTER', 'deprecated', 'ndarray.scatter_add/max/min are deprecated',
         patterns=('ndarray.scatter',)),
    Rule('V14-RTC', 'deprecated', 'jitify=True is deprecated (kernels compile as C++17)',
         patterns=('jitify',)),
    Rule('V14-NCCL-ID', 'removed', 'nccl.get_unique_id() returns bytes, not a tuple',
         patterns=('nccl_id_as_tuple',)),
    Rule('V14-FFT-CONFIG', 'deprecated', 'N-D FFT planning is always on',
         names={'cupy.fft.config.enable_nd_planning': ('nothing: remove the line (planning is always on)', None)}),
    Rule('V14-FFT-CB', 'deprecated', 'the *_aux_arr callback arguments are deprecated',
         patterns=('fft_aux_arr',)),
    Rule('V8-MINMAX', 'removed', 'ndarray.min/max take no dtype argument',
         patterns=('minmax_dtype',)),
    Rule('V14-CHOICE', 'removed', 'choice(p=..., replace=False) raises NotImplementedError',
         patterns=('choice_p_no_replace', 'choice_dtype')),
    Rule('V9-IMPORT', 'removed', 'cupy.cuda.nccl is not loaded by import cupy', patterns=('nccl_needs_import',)),
    Rule('V8-ALLCLOSE', 'removed', 'cupy.allclose returns a 0-d array', patterns=('allclose_is_bool',)),
    Rule('V14-DTYPE', 'removed', 'unsupported dtypes raise at creation', patterns=('unsupported_dtype',)),
    Rule('V13-RUNTIME-VERSION', 'behavior', 'runtimeGetVersion() is the version cupric was built with',
         notes={'cupy.cuda.runtime.runtimeGetVersion': (
             'cupy.cuda.get_local_runtime_version() for the installed runtime (runtimeGetVersion() is the one '
             'built against)', None)}),
    Rule('V10-STREAM-USE', 'behavior', 'a stream set by use() inside `with stream:` is not kept',
         patterns=('stream_use_in_with',)),
    Rule('V14-PROMO-1', 'behavior', 'NEP 50 promotion: a NumPy scalar is strong',
         patterns=('numpy_scalar_operand',)),
    Rule('V13-ASNUMPY', 'behavior', 'asnumpy/get block by default',
         patterns=('asnumpy_stream',)),
    Rule('V12-DEVICE', 'behavior', 'with Device(n) restores the device current on entry',
         patterns=('device_use_in_with',)),
)

BY_ID = {r.id: r for r in RULES}

# What each pattern reports: (message, what to do[, severity when not the rule's]).
PATTERNS = {
    'ndarray.toDlpack': ('ndarray.toDlpack() is deprecated', "use a.__dlpack__() (consumers call from_dlpack(a))"),
    'ndarray.scatter': ('ndarray.{attr}() is deprecated',
                        'use cupyx.{attr}(a, slices, value) or cupy.{ufunc}.at(a, slices, value)'),
    'jitify': ('jitify=True is deprecated and ignored', 'remove the jitify argument'),
    'nccl_id_as_tuple': ('nccl.get_unique_id() returns 128 bytes, not a tuple of ints',
                         'treat the id as opaque bytes (no indexing, len or tuple())'),
    'fft_aux_arr': ('set_cufft_callbacks({kw}=...) is deprecated', 'pass the data with cb_load_data/cb_store_data'),
    'minmax_dtype': ('{attr}(dtype=...) is not supported', 'cast first: a.astype(dtype).{attr}()'),
    'choice_p_no_replace': ('choice(..., p=..., replace=False) raises NotImplementedError',
                            'sample with replace=True, or draw on the host (numpy.random) and transfer'),
    'choice_dtype': ('cupy.random.choice(int, ...) always returns int64', 'check code that relies on another dtype',
                     'behavior'),
    'numpy_scalar_operand': ('a NumPy scalar operand is strong under NEP 50 (it can upcast the array)',
                             'use a Python scalar to keep the array dtype'),
    'asnumpy_stream': ('{what} with stream= now blocks by default',
                       'pass blocking=False to keep it asynchronous (then synchronize yourself)'),
    'nccl_needs_import': ('cupy.cuda.nccl is used without importing it (import cupy does not load it)',
                          'add import cupy.cuda.nccl'),
    'allclose_is_bool': ('{func}() returns a 0-d array, so `is True`/`is False` never holds',
                         'test it with bool(...) or use it in an if'),
    'unsupported_dtype': ('{func}(dtype=...) with a datetime, timedelta, object or string dtype raises ValueError',
                          'keep such data in NumPy arrays (or encode it as numbers)'),
    'stream_use_in_with': ('Stream.use() inside `with stream:` is not kept as the current stream after the block',
                           'call use() outside the with block, or nest the work in `with other_stream:`'),
    'device_use_in_with': ('Device.use() inside `with Device(n):` is undone when the block exits',
                           'call use() outside the with block if it must persist'),
}
