"""The CuPy alias (MIGRATE-2): cupric.compat.install_as_cupy() and python -m cupric.compat make
CuPy's module names resolve to cupric's own module objects; what cupric lacks fails loudly.
Each case runs in a fresh process (the alias changes the process's import system)."""
import os
import subprocess
import sys
import textwrap

import pytest

from cupric.compat import target_of


def run_alias(code, *args, via="script", tmp_path=None):
    """Runs `code` under `python -m cupric.compat` (as a script file, -c or -m); returns the
    completed process."""
    code = textwrap.dedent(code)
    if via == "script":
        script = tmp_path / "prog.py"
        script.write_text(code)
        cmd = [str(script), *args]
    elif via == "-c":
        cmd = ["-c", code, *args]
    else:
        (tmp_path / "progmod.py").write_text(code)
        cmd = ["-m", "progmod", *args]
    return subprocess.run([sys.executable, "-m", "cupric.compat", *cmd], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)


def check(proc):
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


IDENTITY = """
import sys
import cupy, cupy as cp, cupyx, cupric, cupricx
from cupy import cuda
from cupy.cuda import Stream, runtime, memory
import cupy.random, cupy.linalg, cupy.testing, cupy.lib.stride_tricks, cupy.exceptions
import cupyx.scipy.linalg
from cupy_backends.cuda.api import runtime as backend_runtime
from cupy_backends.cuda.api.runtime import CUDARuntimeError
assert cp is cupric and cupyx is cupricx, (cp, cupyx)
assert cp.ndarray is cupric.ndarray and cp.cuda is cupric.cuda and Stream is cupric.cuda.Stream
assert sys.modules['cupy.cuda'] is cupric.cuda and runtime is cupric.cuda.runtime
assert cupy.random is cupric.random and cupy.linalg is cupric.linalg and cupy.testing is cupric.testing
assert cupyx.scipy.linalg is sys.modules['cupricx.scipy.linalg']
assert backend_runtime is cupric.cuda.runtime and CUDARuntimeError is cupric.cuda.runtime.CUDARuntimeError
# The module keeps its own identity (name, spec): no second copy of cupric was loaded.
assert cupric.__name__ == 'cupric' and cupric.__spec__.name == 'cupric' and cupric.cuda.__spec__.name == 'cupric.cuda'
assert not [m for m in sys.modules if m.startswith('cupy') and sys.modules[m].__name__.startswith('cupy')
            and m not in ('cupy_backends', 'cupy_backends.cuda', 'cupy_backends.cuda.api')]
a = cp.arange(6).reshape(2, 3)
assert isinstance(a, cupric.ndarray) and int(a.sum()) == 15
print('ARGV', sys.argv[1:])
"""


@pytest.mark.parametrize("via", ["script", "-c", "-m"])
def test_migrate2_same_module_objects(via, tmp_path):
    """MIGRATE-2: `import cupy` / `cupyx` / `cupy_backends...` give cupric's module objects,
    under each way of starting a program; the program's arguments reach it."""
    out = check(run_alias(IDENTITY, "a", "--flag", via=via, tmp_path=tmp_path))
    assert "ARGV ['a', '--flag']" in out


def test_migrate2_install_as_cupy_in_process(tmp_path):
    """MIGRATE-2: install_as_cupy() from Python code (idempotent; uninstall removes it)."""
    code = """
    import cupric.compat
    cupric.compat.install_as_cupy(); cupric.compat.install_as_cupy()
    import sys, cupy, cupric
    assert cupy is cupric and cupric.compat.is_installed()
    assert sum(isinstance(f, cupric.compat.CupyAliasFinder) for f in sys.meta_path) == 1
    import cupy_backends.cuda.api.runtime, cupyx.scipy.linalg
    cupric.compat.uninstall_cupy_alias()
    assert not [m for m in sys.modules if m.split('.')[0] in ('cupy', 'cupyx', 'cupy_backends')]
    assert not cupric.compat.is_installed() and 'cupricx.scipy.linalg' in sys.modules
    try:
        import cupy
        print('real cupy' if cupy is not cupric else 'still aliased')
    except ImportError:
        print('gone')
    """
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    # With a real CuPy installed `import cupy` would succeed after uninstall; here none is.
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() in ("gone", "real cupy")


def test_migrate2_script_folder_on_path_and_exit_status(tmp_path):
    """The script's folder is on sys.path (as for `python script.py`); SystemExit codes and
    uncaught exceptions propagate."""
    (tmp_path / "helper_mod.py").write_text("VALUE = 41\n")
    out = check(run_alias("import helper_mod, cupy\nprint('V', helper_mod.VALUE + 1)\n", tmp_path=tmp_path))
    assert "V 42" in out
    assert run_alias("import sys\nsys.exit(3)\n", tmp_path=tmp_path).returncode == 3
    proc = run_alias("raise ValueError('boom')\n", tmp_path=tmp_path)
    assert proc.returncode == 1 and "ValueError: boom" in proc.stderr


def test_migrate2_usage_errors(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "cupric.compat"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "usage" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "cupric.compat", str(tmp_path / "missing.py")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2 and "missing.py" in proc.stderr


MISSING = """
import importlib
for name in NAMES:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        print(name, '->', e)
    else:
        print(name, '-> IMPORTED')
"""


@pytest.mark.parametrize("name, expected", [
    ("cupy.sparse", "cupric.sparse does not exist (removed, V14-REMOVED): use cupricx.scipy.sparse"),
    ("cupy.prof", "use cupricx.profiler"),
    ("cupy.cusolver", "removed, V14-REMOVED"),
    ("cupy.cusparse", "removed, V14-REMOVED"),
    ("cupy.cutensor", "removed, V14-REMOVED"),
    ("cupy.array_api", "use cupric itself"),
    ("cupyx.fallback_mode", "removed, V14-REMOVED"),
    ("cupyx.time", "removed, V10-PROFILER): use cupricx.profiler"),
    ("cupy.cuda.compile_with_cache", "V13-NO-COMPILE-WITH-CACHE"),
    ("cupy._core", "private CuPy module"),
    ("cupy.cuda.cudnn", "removed, ENV-2): cuDNN is not supported"),
    ("cupyx.cudnn", "removed, ENV-2)"),
    ("cupy.no_such_module", "neither CuPy 14 nor cupric (cupric.no_such_module) has this module"),
    ("cupy.compat", "CuPy has no such module"),
])
def test_v14_removed_modules_fail_through_the_alias(name, expected, tmp_path):
    """V14-REMOVED (and V10-PROFILER, V13-NO-COMPILE-WITH-CACHE): importing a removed CuPy module
    through the alias raises ModuleNotFoundError naming the replacement; nothing falls back."""
    out = check(run_alias(f"NAMES = [{name!r}]\n" + MISSING, tmp_path=tmp_path))
    assert f"{name} -> " in out and "IMPORTED" not in out and expected in out, out


def test_migrate2_from_import_of_removed_names_names_the_replacement(tmp_path):
    code = """
    for stmt in ['from cupy import sparse', 'from cupy.cuda import compile_with_cache', 'from cupyx import time']:
        try:
            exec(stmt)
        except ImportError as e:
            print(type(e).__name__, e)
    """
    out = check(run_alias(code, tmp_path=tmp_path))
    assert "ModuleNotFoundError cupric.sparse does not exist (removed, V14-REMOVED): use cupricx.scipy.sparse" in out
    assert "cupric.cuda.compile_with_cache does not exist" in out and "cupricx.time does not exist" in out


def test_migrate2_a_cupy_module_cupric_lacks_says_so(tmp_path):
    """A CuPy module with no cupric counterpart yet: the error says which cupric module is missing."""
    code = "NAMES = ['cupy.cuda.no_such_lib', 'cupyx.scipy.not_a_module', 'cupy_backends.cuda.libs.no_lib']\n"
    out = check(run_alias(code + MISSING, tmp_path=tmp_path))
    assert "cupy.cuda.no_such_lib -> No module named 'cupy.cuda.no_such_lib': neither CuPy 14 nor cupric " \
           "(cupric.cuda.no_such_lib)" in out
    assert "(cupricx.scipy.not_a_module)" in out and "(cupric.cuda.no_lib)" in out
    import importlib.util
    for cupy_name, cupric_name in [("cupy.cuda.texture", "cupric.cuda.texture"), ("cupyx.scipy.ndimage",
                                                                                  "cupricx.scipy.ndimage")]:
        if importlib.util.find_spec(cupric_name) is None:  # not landed yet: the message says "yet"
            out = check(run_alias(f"NAMES = [{cupy_name!r}]\n" + MISSING, tmp_path=tmp_path))
            assert f"cupric does not have {cupric_name} (CuPy's {cupy_name}) yet" in out


def test_low_level_library_modules_resolve(tmp_path):
    """CuPy's cuBLAS/cuSOLVER/cuSPARSE/cuRAND/cuFFT modules (both spellings) and cupyx.lapack/cusolver/
    cusparse are cupric's modules; cuTENSOR, which cupric does not use, names what to use instead."""
    code = """
    import cupy, cupyx, cupric, cupricx
    import cupy.cuda.cusolver, cupy.cuda.cusparse, cupy.cuda.curand, cupy.cuda.cufft, cupy.cuda.cublas
    from cupy_backends.cuda.libs import cusolver, cusparse, curand, cublas
    import cupyx.lapack, cupyx.cusolver, cupyx.cusparse
    from cupy.cuda.device import Handle, get_cusolver_sp_handle, get_cutensor_handle
    assert cusolver is cupric.cuda.cusolver is cupy.cuda.cusolver and cusparse is cupric.cuda.cusparse
    assert curand is cupric.cuda.curand and cublas is cupric.cuda.cublas
    assert cupyx.lapack is cupricx.lapack and cupyx.cusolver is cupricx.cusolver
    assert cupyx.cusparse is cupricx.cusparse and Handle is cupric.cuda.device.Handle
    assert callable(cusolver.dgetrf_bufferSize) and callable(cusparse.spMV) and callable(curand.generateUniform)
    a = cupy.asarray([[4.0, 1.0], [1.0, 3.0]])
    b = cupy.asfortranarray(cupy.asarray([1.0, 2.0]))
    cupyx.lapack.gesv(a, b)
    assert cupy.allclose(a @ b, cupy.asarray([1.0, 2.0]))
    import importlib
    for name in ("cupyx.cutensor", "cupy_backends.cuda.libs.cutensor"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            print(name, '->', e)
    print("OK")
    """
    out = check(run_alias(code, tmp_path=tmp_path))
    assert "OK" in out
    assert "cupyx.cutensor -> No module named 'cupyx.cutensor': cupric has no cupricx.cutensor; cupric does not use " \
           "cuTENSOR: use cupric.einsum" in out
    assert "cupy_backends.cuda.libs.cutensor -> No module named 'cupy_backends.cuda.libs.cutensor': cupric has no " \
           "cupric.cuda.cutensor; cupric does not use cuTENSOR" in out


def test_migrate2_errors_inside_a_module_are_not_hidden(tmp_path):
    """A cupric module that exists but fails importing something else reports that failure."""
    code = """
    import cupric.compat._finder as f
    real = f.importlib.import_module
    def fake(name, *a):
        if name == 'cupricx.brokenmod':
            raise ModuleNotFoundError("No module named 'some_dependency'", name='some_dependency')
        return real(name, *a)
    f.importlib.import_module = fake
    try:
        import cupyx.brokenmod
    except ModuleNotFoundError as e:
        print('ERR', e.name, e)
    """
    out = check(run_alias(code, tmp_path=tmp_path))
    assert "ERR some_dependency No module named 'some_dependency'" in out


@pytest.mark.parametrize("cupy_name, cupric_name", [
    ("cupy", "cupric"), ("cupyx", "cupricx"), ("cupy.fft", "cupric.fft"), ("cupy.fft.config", "cupric.fft.config"),
    ("cupyx.scipy.sparse.linalg", "cupricx.scipy.sparse.linalg"), ("cupyx.scipy.special", "cupricx.scipy.special"),
    ("cupy.cuda.driver", "cupric.cuda.driver"), ("cupyx.profiler", "cupricx.profiler"),
    ("cupy_backends.cuda.api.runtime", "cupric.cuda.runtime"), ("cupy_backends.cuda.api.driver", "cupric.cuda.driver"),
    ("cupy_backends.cuda.libs.nccl", "cupric.cuda.nccl"), ("cupy_backends.cuda.libs.cublas", "cupric.cuda.cublas"),
    ("cupy_backends.cuda.stream", "cupric.cuda.stream"), ("cupy_backends", None), ("cupy_backends.cuda", None),
    ("cupy_backends.cuda.api", None), ("cupy_backends.cuda.libs", None),
])
def test_migrate2_mapping_is_by_rule(cupy_name, cupric_name):
    """The alias maps names by rule, so modules that land later (fft, sparse, ...) resolve with
    no change to the alias."""
    assert target_of(cupy_name) == cupric_name


def test_migrate2_later_modules_resolve(tmp_path):
    """A cupric module the alias has never heard of resolves (made up here as cupricx.newmod)."""
    code = """
    import sys, types, cupricx
    mod = types.ModuleType('cupricx.newmod'); mod.VALUE = 7
    sys.modules['cupricx.newmod'] = mod
    import cupyx.newmod
    from cupyx.newmod import VALUE
    assert cupyx.newmod is mod and VALUE == 7
    print('ok')
    """
    assert "ok" in check(run_alias(code, tmp_path=tmp_path))


def test_migrate2_environment_passes_through(tmp_path):
    env = dict(os.environ, CUPRIC_COMPAT_PROBE="x1")
    proc = subprocess.run([sys.executable, "-m", "cupric.compat", "-c",
                           "import os, cupy; print(os.environ['CUPRIC_COMPAT_PROBE'], cupy.__name__)"],
                          capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.split() == ["x1", "cupric"], proc.stderr


def test_migrate2_cupy_environment_variables_reach_cupric(tmp_path):
    """V8-SEED / V11-CUB under the alias: CUPY_SEED and CUPY_ACCELERATORS configure cupric as they
    configure CuPy (copied to CUPRIC_* unless those are set)."""
    code = "import os, cupy; print(os.environ['CUPRIC_SEED'], os.environ['CUPRIC_ACCELERATORS'], " \
           "cupy._accelerator.get_routine_accelerators(), float(cupy.random.rand()))"
    env = dict(os.environ, CUPY_SEED="42", CUPY_ACCELERATORS="", CUPRIC_ACCELERATORS="cub")
    env.pop("CUPRIC_SEED", None)
    proc = subprocess.run([sys.executable, "-m", "cupric.compat", "-c", code], capture_output=True, text=True,
                          timeout=300, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    seed, accel, *rest = proc.stdout.split()
    assert seed == "42" and accel == "cub"  # an explicit CUPRIC_* wins
    env2 = dict(env, CUPRIC_SEED="42")
    env2.pop("CUPY_SEED")
    again = subprocess.run([sys.executable, "-c", "import cupric; print(float(cupric.random.rand()))"],
                           capture_output=True, text=True, timeout=300, env=env2, cwd=tmp_path)
    assert again.returncode == 0 and again.stdout.split()[-1] == rest[-1]


def test_migrate2_mirror_environment():
    from cupric.compat import mirror_environment
    env = {"CUPY_SEED": "1", "CUPY_GPU_MEMORY_LIMIT": "50%", "CUPRIC_GPU_MEMORY_LIMIT": "1GB", "PATH": "/bin"}
    assert mirror_environment(env) == ["CUPRIC_SEED"]
    assert env["CUPRIC_SEED"] == "1" and env["CUPRIC_GPU_MEMORY_LIMIT"] == "1GB"


def test_migrate2_install_refuses_when_another_cupy_is_loaded(tmp_path):
    """No silent fallback: with a (here fake) CuPy already imported, installing the alias raises."""
    code = """
    import sys, types
    sys.modules['cupy'] = types.ModuleType('cupy')
    import cupric.compat
    try:
        cupric.compat.install_as_cupy()
    except RuntimeError as e:
        print('refused:', e)
    """
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "refused: cupy is already imported (not cupric)" in proc.stdout
