"""examples/dask_scale_out.py runs as it is (threads workers on loopback here; --gpus where CUDA is)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.array", reason="dask is not installed (pip install 'cupric[test]' brings it)")
pytest.importorskip("distributed", reason="distributed is not installed (pip install 'cupric[test]')")

import cupric  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "dask_scale_out.py"


def _run(*args):
    env = dict(os.environ)
    python_dir = str(Path(cupric.__file__).resolve().parents[1])  # the cupric this session imports
    env["PYTHONPATH"] = os.pathsep.join(p for p in (python_dir, env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, str(EXAMPLE), *args], env=env, capture_output=True, text=True,
                          timeout=300, cwd=EXAMPLE.parent)


def test_example_on_threads_workers():
    p = _run()
    assert p.returncode == 0, p.stderr[-3000:]
    assert "chunktype=cupric.ndarray" in p.stdout
    assert p.stdout.strip().endswith("dask example: ok")


@pytest.mark.gpu
def test_example_one_worker_per_gpu():
    p = _run("--gpus")
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.strip().endswith("dask example: ok")
