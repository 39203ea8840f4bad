"""python -m cupric.migrate (MIGRATE-1): every removed or deprecated API of the upgrade guide a
source scan can see is reported with its guide ID and fix, and --fix rewrites the mechanical ones.
Each case names its guide ID; test_every_rule_has_a_case checks the table is fully covered."""
import json
import subprocess
import sys
import textwrap

import pytest

from cupric._legacy_names import NUMPY1_NAMES
from cupric.migrate import RULES, fix_source, scan_source

# (guide ID, source, the name or pattern reported, the source after --fix or None when not mechanical)
CASES = [
    # V14-REMOVED: the modules and names CuPy 14 removed
    ("V14-REMOVED", "import cupy\nm = cupy.sparse.csr_matrix(x)\n", "cupy.sparse",
     "import cupy\nimport cupyx.scipy.sparse\nm = cupyx.scipy.sparse.csr_matrix(x)\n"),
    ("V14-REMOVED", "import cupy.sparse as sp\nm = sp.csr_matrix(x)\n", "cupy.sparse",
     "import cupyx.scipy.sparse as sp\nm = sp.csr_matrix(x)\n"),
    ("V14-REMOVED", "import cupy.sparse\nimport cupy\nm = cupy.sparse.eye(3)\n", "cupy.sparse",
     "import cupy, cupyx.scipy.sparse\nimport cupy\nm = cupyx.scipy.sparse.eye(3)\n"),
    ("V14-REMOVED", "from cupy.sparse import csr_matrix, eye as speye\n", "cupy.sparse",
     "from cupyx.scipy.sparse import csr_matrix, eye as speye\n"),
    ("V14-REMOVED", "from cupy import prof\nwith prof.time_range('x'):\n    pass\n", "cupy.prof",
     "from cupyx import profiler as prof\nwith prof.time_range('x'):\n    pass\n"),
    ("V14-REMOVED", "import cupy\n@cupy.prof.TimeRangeDecorator('f')\ndef f():\n    pass\n",
     "cupy.prof.TimeRangeDecorator",
     "import cupy\nimport cupyx.profiler\n@cupyx.profiler.time_range('f')\ndef f():\n    pass\n"),
    ("V14-REMOVED", "import cupy.cusolver\n", "cupy.cusolver", None),
    ("V14-REMOVED", "from cupy import cusparse\n", "cupy.cusparse", None),
    ("V14-REMOVED", "import cupy as cp\nc = cp.cutensor.contraction\n", "cupy.cutensor", None),
    ("V14-REMOVED", "import cupy.array_api as xp\nxp.asarray([1])\n", "cupy.array_api", "import cupy as xp\nxp.asarray([1])\n"),
    ("V14-REMOVED", "from cupy import array_api as xp, zeros\n", "cupy.array_api",
     "import cupy as xp\nfrom cupy import zeros\n"),
    ("V14-REMOVED", "from cupyx import fallback_mode\n", "cupyx.fallback_mode", None),
    ("V14-REMOVED", "import cupy as cp\nimport cupyx.scipy.linalg\nt = cupyx.scipy.linalg.tri(3)\n",
     "cupyx.scipy.linalg.tri", "import cupy as cp\nimport cupyx.scipy.linalg\nt = cp.tri(3)\n"),
    ("V14-REMOVED", "from cupyx.scipy.linalg import tril, lu\n", "cupyx.scipy.linalg.tril",
     "from cupy import tril\nfrom cupyx.scipy.linalg import lu\n"),
    ("V14-REMOVED", "import cupyx.scipy.linalg as sl\nu = sl.triu(a)\n", "cupyx.scipy.linalg.triu",
     "import cupyx.scipy.linalg as sl\nimport cupy\nu = cupy.triu(a)\n"),
    # V13-NO-COMPILE-WITH-CACHE
    ("V13-NO-COMPILE-WITH-CACHE", "import cupy\nm = cupy.cuda.compile_with_cache(src)\n",
     "cupy.cuda.compile_with_cache", None),
    ("V13-NO-COMPILE-WITH-CACHE", "from cupy.cuda.compiler import compile_with_cache\n",
     "cupy.cuda.compiler.compile_with_cache", None),
    # V10-PROFILER / V10-DEPRECATED
    ("V10-PROFILER", "from cupyx.time import repeat\nprint(repeat(f, (), n_repeat=3))\n", "cupyx.time.repeat",
     "from cupyx.profiler import benchmark as repeat\nprint(repeat(f, (), n_repeat=3))\n"),
    ("V10-PROFILER", "import cupyx\nr = cupyx.time.repeat(f)\n", "cupyx.time.repeat",
     "import cupyx\nimport cupyx.profiler\nr = cupyx.profiler.benchmark(f)\n"),
    ("V10-PROFILER", "import cupyx.time\n", "cupyx.time", None),
    ("V10-DEPRECATED", "import cupyx\nwith cupyx.allow_synchronize(False):\n    pass\n", "cupyx.allow_synchronize",
     None),
    ("V10-DEPRECATED", "from cupyx import DeviceSynchronized\n", "cupyx.DeviceSynchronized", None),
    # ENV-2: no cuDNN
    ("ENV-2", "import cupy.cudnn\n", "cupy.cudnn", None),
    ("ENV-2", "from cupy.cuda import cudnn\n", "cupy.cuda.cudnn", None),
    ("ENV-2", "import cupyx\ny = cupyx.cudnn.convolution_forward(x, w, None, y)\n", "cupyx.cudnn", None),
    # V9-ALIASES
    ("V9-ALIASES", "import cupy\nx = cupy.zeros(3, dtype=cupy.float)\n", "cupy.float",
     "import cupy\nx = cupy.zeros(3, dtype=float)\n"),
    ("V9-ALIASES", "import cupy as cp\nn = cp.int(3)\n", "cupy.int", "import cupy as cp\nn = int(3)\n"),
    ("V9-ALIASES", "from cupy import complex as cx, zeros\n", "cupy.complex", "cx = complex\nfrom cupy import zeros\n"),
    ("V9-ALIASES", "from cupy import int\n", "cupy.int", "pass\n"),
    ("V9-ALIASES", "import cupy\nb = cupy.bool\n", "cupy.bool", None),
    # V14-DEPRECATED: renamed DLPack functions, install_library, the NumPy 1 names (below, one case each)
    ("V14-DEPRECATED", "import cupy\na = cupy.fromDlpack(cap)\n", "cupy.fromDlpack",
     "import cupy\na = cupy.from_dlpack(cap)\n"),
    ("V14-DEPRECATED", "import cupy\ncap = cupy.toDlpack(a)\n", "cupy.toDlpack", None),
    ("V14-DEPRECATED", "import cupy\ncap = a.toDlpack()\n", "ndarray.toDlpack", None),
    ("V14-DEPRECATED", "from cupyx.tools import install_library\n", "cupyx.tools.install_library", None),
    ("V14-DEPRECATED", "from cupy import *\nok = alltrue(a > 0) or Inf\n", "cupy.alltrue",
     "from cupy import *\nok = all(a > 0) or inf\n"),
    ("V14-DEPRECATED", "import cupric as cp\nx = cp.trapz(y)\n", "cupy.trapz", "import cupric as cp\nx = cp.trapezoid(y)\n"),
    ("V14-DEPRECATED", "import cupy as cp\nxp = cp\ne = xp.AxisError\n", "cupy.AxisError",
     "import cupy as cp\nxp = cp\ne = xp.exceptions.AxisError\n"),
    ("V14-DEPRECATED", "import cupy as cp, numpy as np\nxp = cp if gpu else np\nz = xp.float_\n", "cupy.float_",
     "import cupy as cp, numpy as np\nxp = cp if gpu else np\nz = xp.float64\n"),
    # V12-SCATTER
    ("V12-SCATTER", "import cupy\na.scatter_add(idx, 1.0)\n", "ndarray.scatter", None),
    ("V12-SCATTER", "import cupy\na[0].scatter_max(idx, v)\n", "ndarray.scatter", None),
    ("V12-SCATTER", "import cupy\na.scatter_min(idx, v)\n", "ndarray.scatter", None),
    # V14-RTC
    ("V14-RTC", "import cupy\nk = cupy.RawKernel(src, 'k', jitify=True)\n", "jitify",
     "import cupy\nk = cupy.RawKernel(src, 'k')\n"),
    ("V14-RTC", "import cupy as cp\nm = cp.RawModule(jitify=flag, code=src)\n", "jitify",
     "import cupy as cp\nm = cp.RawModule(code=src)\n"),
    ("V14-RTC", "from cupy import RawModule\nm = RawModule(\n    code=src,\n    jitify=True,\n)\n", "jitify",
     "from cupy import RawModule\nm = RawModule(\n    code=src,\n)\n"),
    # V14-NCCL-ID
    ("V14-NCCL-ID", "from cupy.cuda import nccl\nuid = nccl.get_unique_id()\nsend(tuple(uid))\n", "nccl_id_as_tuple",
     None),
    ("V14-NCCL-ID", "import cupy\nfirst = cupy.cuda.nccl.get_unique_id()[0]\n", "nccl_id_as_tuple", None),
    ("V14-NCCL-ID", "from cupy_backends.cuda.libs import nccl\ndef f():\n    u = nccl.get_unique_id()\n"
     "    return len(u)\n", "nccl_id_as_tuple", None),
    ("V14-NCCL-ID", "from cupy.cuda.nccl import get_unique_id\na, *rest = get_unique_id()\n", "nccl_id_as_tuple",
     None),
    # V14-FFT-CONFIG / V14-FFT-CB
    ("V14-FFT-CONFIG", "import cupy\ncupy.fft.config.enable_nd_planning = False\n",
     "cupy.fft.config.enable_nd_planning", None),
    ("V14-FFT-CONFIG", "from cupy.fft import config\nif config.enable_nd_planning:\n    pass\n",
     "cupy.fft.config.enable_nd_planning", None),
    ("V14-FFT-CB", "import cupy\nwith cupy.fft.config.set_cufft_callbacks(cb_load=s, cb_load_aux_arr=a):\n    pass\n",
     "fft_aux_arr", None),
    ("V14-FFT-CB", "from cupy.fft.config import set_cufft_callbacks\nset_cufft_callbacks(cb_store_aux_arr=a)\n",
     "fft_aux_arr", None),
    # V8-MINMAX
    ("V8-MINMAX", "import cupy\nm = a.max(axis=0, dtype=cupy.float32)\n", "minmax_dtype", None),
    ("V8-MINMAX", "import cupy as cp\nm = cp.amin(a, dtype='f')\n", "minmax_dtype", None),
    # V14-CHOICE
    ("V14-CHOICE", "import cupy\nrs = cupy.random.RandomState(0)\ns = rs.choice(10, 3, replace=False, p=w)\n",
     "choice_p_no_replace", None),
    ("V14-CHOICE", "import cupy\ns = cupy.random.choice(100, 5)\n", "choice_dtype", None),
    ("V14-CHOICE", "import cupy as cp\ns = cp.random.choice(a, 3, False, weights)\n", "choice_p_no_replace", None),
    # V9-IMPORT / V8-ALLCLOSE / V14-DTYPE
    ("V9-IMPORT", "import cupy as cp\ncomm = cp.cuda.nccl.NcclCommunicator(2, uid, 0)\n", "nccl_needs_import",
     "import cupy as cp\nimport cupy.cuda.nccl\ncomm = cp.cuda.nccl.NcclCommunicator(2, uid, 0)\n"),
    ("V8-ALLCLOSE", "import cupy\nif cupy.allclose(a, b) is True:\n    pass\n", "allclose_is_bool", None),
    ("V8-ALLCLOSE", "import cupy as cp\nok = cp.array_equal(a, b) is not False\n", "allclose_is_bool", None),
    ("V14-DTYPE", "import cupy\nt = cupy.zeros(3, dtype='datetime64[ns]')\n", "unsupported_dtype", None),
    ("V14-DTYPE", "import cupy, numpy\nt = cupy.empty((2, 2), dtype=numpy.object_)\n", "unsupported_dtype", None),
    ("V14-DTYPE", "import cupy\nt = cupy.array(names, dtype=str)\n", "unsupported_dtype", None),
    # behaviour notes
    ("V13-RUNTIME-VERSION", "import cupy\nv = cupy.cuda.runtime.runtimeGetVersion()\n",
     "cupy.cuda.runtime.runtimeGetVersion", None),
    ("V10-STREAM-USE", "import cupy\ns1 = cupy.cuda.Stream()\ns2 = cupy.cuda.Stream()\nwith s1:\n    s2.use()\n",
     "stream_use_in_with", None),
    ("V14-PROMO-1", "import cupy, numpy\nb = cupy.ones(3, 'f') * numpy.float64(2)\n", "numpy_scalar_operand", None),
    ("V13-ASNUMPY", "import cupy\nh = cupy.asnumpy(a, stream=s)\ng = a.get(stream=s)\n", "asnumpy_stream", None),
    ("V12-DEVICE", "import cupy\nwith cupy.cuda.Device(1):\n    cupy.cuda.Device(0).use()\n", "device_use_in_with",
     None),
]
for _name, (_spelling, _) in sorted(NUMPY1_NAMES.items()):
    _use = _spelling.format(m="cp")
    _fixed = f"import cupy as cp\nv = {_use}\n" if _use.replace(".", "").replace("_", "").isalnum() and \
        _use.startswith("cp.") else None
    CASES.append(("V14-DEPRECATED", f"import cupy as cp\nv = cp.{_name}\n", f"cupy.{_name}", _fixed))

NOT_FLAGGED = [
    "import numpy as np\nx = np.alltrue\n",                     # not CuPy code
    "import cupy, cupyx\ncupyx.scatter_add(a, i, v)\n",        # V4-SCATTER: the function is fine
    "import cupy\nk = cupy.RawKernel(s, 'k', jitify=False)\n",
    "import cupy\ns = cupy.random.RandomState().choice(5, 2, replace=True, p=w)\n",
    "import cupy\ns = cupy.random.choice([1, 2], 2, replace=False, p=None)\n",
    "import cupy.cuda.nccl\nuid = cupy.cuda.nccl.get_unique_id()\ncomm = cupy.cuda.nccl.NcclCommunicator(2, uid, 0)\n",
    "import cupy as cp\nx = cp.all(a) and cp.inf and cp.exceptions.AxisError and cp.bool_\n",
    "import cupyx.scipy.sparse\nimport cupyx.profiler\nfrom cupyx.scipy.linalg import lu\n",
    "import cupy\nm = a.max(axis=0)\nb = cupy.ones(3) * 2.0\n",
    "import cupy.cuda.nccl\nimport cupy\nc = cupy.cuda.nccl.NcclCommunicator\n",
    "from cupy.cuda import nccl\nc = nccl.NcclCommunicator\n",
    "import cupy\nfrom cupy.cuda import nccl\nc = cupy.cuda.nccl.NcclCommunicator\n",
    "import cupy\nif cupy.allclose(a, b):\n    t = cupy.zeros(3, dtype='V8')\n",
    "import cupy\ns = cupy.cuda.Stream()\nwith cupy.cuda.Device(0):\n    s.use()\n",
]


def _id(case):
    return f"{case[0]}:{case[2]}:{case[1].splitlines()[-1][:30]}"


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_migrate1_reports_each_guide_entry(case):
    """MIGRATE-1: the finding carries the guide ID, the position and the fix."""
    gid, src, name, fixed = case
    found = [f for f in scan_source(src, "prog.py", notes=True) if f.name == name]
    assert found, scan_source(src, notes=True)
    f = found[0]
    assert f.id == gid and f.path == "prog.py" and f.line >= 1 and f.col >= 1 and f.fix
    assert f.fixable == (fixed is not None)
    rule = next(r for r in RULES if r.id == gid)
    if rule.severity == "behavior" or f.severity == "behavior":
        assert not [g for g in scan_source(src) if g.name == name]  # notes only with notes=True


@pytest.mark.parametrize("case", [c for c in CASES if c[3] is not None], ids=[_id(c) for c in CASES if c[3]])
def test_migrate1_fix_rewrites_mechanical_findings(case):
    """MIGRATE-1 --fix: the rewrite is exactly the expected source and leaves no finding of the rule."""
    gid, src, name, fixed = case
    assert fix_source(src) == fixed
    assert not [f for f in scan_source(fixed, notes=True) if f.name == name and f.fixable]
    assert fix_source(fixed) == fixed


@pytest.mark.parametrize("src", NOT_FLAGGED)
def test_migrate1_current_code_is_clean(src):
    assert scan_source(src) == [] and fix_source(src) == src


def test_every_rule_has_a_case():
    """Every name and pattern of the rules table (one entry per guide ID) has a case above."""
    covered = {(c[0], c[2]) for c in CASES}
    wanted = {(r.id, n) for r in RULES for n in [*r.names, *r.notes, *r.patterns]}
    assert wanted <= covered, sorted(wanted - covered)
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    guide = {"V14-REMOVED", "V13-NO-COMPILE-WITH-CACHE", "V10-PROFILER", "V10-DEPRECATED", "V9-ALIASES",
             "V14-DEPRECATED", "V12-SCATTER", "V14-RTC", "V14-NCCL-ID", "V14-FFT-CONFIG", "V14-FFT-CB", "V8-MINMAX",
             "V14-CHOICE", "V14-PROMO-1", "V13-ASNUMPY", "V12-DEVICE", "V9-IMPORT", "V8-ALLCLOSE", "V14-DTYPE",
             "V13-RUNTIME-VERSION", "V10-STREAM-USE", "ENV-2"}
    assert set(ids) == guide


def test_migrate1_fix_keeps_comments_and_layout():
    src = textwrap.dedent("""\
        # a CuPy program
        import cupy as cp  # the GPU
        from cupy import fromDlpack

        def f(a):   # keep this
            return cp.alltrue(a) ,  cp.product(a, axis=0)
        """)
    assert fix_source(src) == textwrap.dedent("""\
        # a CuPy program
        import cupy as cp  # the GPU
        from cupy import from_dlpack as fromDlpack

        def f(a):   # keep this
            return cp.all(a) ,  cp.prod(a, axis=0)
        """)


def test_migrate1_non_ascii_positions():
    src = "import cupy as cp\ns = 'é€'; v = cp.alltrue(x)\n"
    (f,) = scan_source(src)
    assert (f.line, f.col) == (2, 15)
    assert fix_source(src) == "import cupy as cp\ns = 'é€'; v = cp.all(x)\n"


def run_cli(*args, cwd):
    return subprocess.run([sys.executable, "-m", "cupric.migrate", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_migrate1_cli_text_json_and_exit_status(tmp_path):
    pkg = tmp_path / "proj"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "a.py").write_text("import cupy as cp\nx = cp.alltrue(y)\n")
    (pkg / "sub" / "b.py").write_text("import cupy\nimport cupy.prof\n")
    (pkg / "clean.py").write_text("import cupy as cp\nx = cp.all(y)\n")
    proc = run_cli("proj", cwd=tmp_path)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert any(line.startswith("proj/a.py:2:5: V14-DEPRECATED") and "use cupy.all" in line for line in lines)
    assert any(line.startswith("proj/sub/b.py:2:8: V14-REMOVED") and "cupyx.profiler" in line for line in lines)
    proc = run_cli("--format", "json", "proj", cwd=tmp_path)
    data = json.loads(proc.stdout)
    assert proc.returncode == 1 and data["errors"] == [] and data["fixed"] == []
    assert {(f["path"], f["id"], f["line"], f["col"], f["fixable"]) for f in data["findings"]} == {
        ("proj/a.py", "V14-DEPRECATED", 2, 5, True), ("proj/sub/b.py", "V14-REMOVED", 2, 8, True)}
    assert run_cli("proj/clean.py", cwd=tmp_path).returncode == 0


def test_migrate1_cli_fix_keeps_backup_and_reports_the_rest(tmp_path):
    src = "import cupy as cp\nx = cp.alltrue(y)\nz = a.max(dtype=cp.float32)\n"
    (tmp_path / "p.py").write_text(src)
    proc = run_cli("--fix", "p.py", cwd=tmp_path)
    assert proc.returncode == 1 and "p.py: rewritten (backup: p.py.bak)" in proc.stdout
    assert "V8-MINMAX" in proc.stdout and "V14-DEPRECATED" not in proc.stdout
    assert (tmp_path / "p.py.bak").read_text() == src
    assert (tmp_path / "p.py").read_text() == "import cupy as cp\nx = cp.all(y)\nz = a.max(dtype=cp.float32)\n"
    (tmp_path / "q.py").write_text("import cupy\nk = cupy.RawKernel(s, 'k', jitify=True)\n")
    proc = run_cli("--fix", "q.py", cwd=tmp_path)
    assert proc.returncode == 0 and (tmp_path / "q.py").read_text() == "import cupy\nk = cupy.RawKernel(s, 'k')\n"


def test_migrate1_cli_bad_input(tmp_path):
    (tmp_path / "broken.py").write_text("import cupy as\n")
    proc = run_cli("broken.py", "missing.py", cwd=tmp_path)
    assert proc.returncode == 2 and "broken.py: cannot read: SyntaxError" in proc.stderr
    assert "missing.py: cannot read" in proc.stderr


def test_migrate1_notes_flag(tmp_path):
    (tmp_path / "n.py").write_text("import cupy, numpy\nb = cupy.ones(3) + numpy.float64(1)\n")
    assert run_cli("n.py", cwd=tmp_path).returncode == 0
    proc = run_cli("--notes", "n.py", cwd=tmp_path)
    assert proc.returncode == 1 and "V14-PROMO-1 (behavior)" in proc.stdout


def test_migrate1_rename_imports_to_cupric_keeps_local_names():
    """MIGRATE-1: --fix --to-cupric spells the imports cupric/cupricx; the code using them is unchanged."""
    from cupric.migrate import rename_imports
    src = textwrap.dedent("""\
        import cupy
        import cupy as cp, os
        import cupyx.scipy.linalg
        from cupy.cuda import Stream
        from cupyx.scipy import linalg as sl
        from cupy_backends.cuda.api.runtime import CUDARuntimeError
        import cupy_backends.cuda.libs.nccl as nc
        def f():
            from cupy import testing
        x = cupy.arange(3) + cp.ones(3); y = cupyx.scipy.linalg
        """)
    assert rename_imports(src) == textwrap.dedent("""\
        import cupric as cupy
        import cupric as cp, os
        import cupricx as cupyx, cupricx.scipy.linalg
        from cupric.cuda import Stream
        from cupricx.scipy import linalg as sl
        from cupric.cuda.runtime import CUDARuntimeError
        import cupric.cuda.nccl as nc
        def f():
            from cupric import testing
        x = cupy.arange(3) + cp.ones(3); y = cupyx.scipy.linalg
        """)
    assert rename_imports("import numpy as np\n") == "import numpy as np\n"


def test_migrate1_cli_fix_to_cupric_runs_without_the_alias(tmp_path):
    """After --fix --to-cupric a CuPy program runs on plain Python with no alias and no warning."""
    (tmp_path / "prog.py").write_text(textwrap.dedent("""\
        import cupy as cp
        import cupyx.scipy.linalg
        a = cp.arange(6.0).reshape(2, 3)
        print(bool(cp.alltrue(a >= 0)), float(cp.product(a[:, 1:])), cupyx.scipy.linalg.tril(cp.ones((2, 2))).sum())
        """))
    proc = run_cli("--fix", "--to-cupric", "prog.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    fixed = (tmp_path / "prog.py").read_text()
    assert fixed.startswith("import cupric as cp\nimport cupricx as cupyx, cupricx.scipy.linalg\n")
    assert "cp.all(" in fixed and "cp.prod(" in fixed and "cp.tril(" in fixed
    run = subprocess.run([sys.executable, "-W", "error::DeprecationWarning", "prog.py"], capture_output=True,
                         text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["True", "40.0", "3.0"]
    assert run_cli("--to-cupric", "prog.py", cwd=tmp_path).returncode == 2


def test_migrate1_notebooks_are_reported_per_cell(tmp_path):
    """Jupyter notebooks: code cells are scanned (magics skipped), findings read PATH#cellN:line:col."""
    nb = {"cells": [{"cell_type": "markdown", "source": ["import cupy.sparse"]},
                    {"cell_type": "code", "source": ["%matplotlib inline\n", "import cupy as cp\n"]},
                    {"cell_type": "code", "source": "def broken(:\n"},
                    {"cell_type": "code", "source": "!nvidia-smi\nx = cp.alltrue(y)\n"}],
          "nbformat": 4, "nbformat_minor": 5, "metadata": {}}
    (tmp_path / "nb.ipynb").write_text(json.dumps(nb))
    proc = run_cli("--format", "json", ".", cwd=tmp_path)
    data = json.loads(proc.stdout)
    assert proc.returncode == 2 and [e["path"] for e in data["errors"]] == ["./nb.ipynb#cell2"]
    assert [(f["path"], f["line"], f["col"], f["id"]) for f in data["findings"]] == [
        ("./nb.ipynb#cell3", 2, 5, "V14-DEPRECATED")]
    assert run_cli("--fix", "nb.ipynb", cwd=tmp_path).returncode == 2
    assert json.loads((tmp_path / "nb.ipynb").read_text()) == nb  # not rewritten
