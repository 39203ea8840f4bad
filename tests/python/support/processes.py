"""Runs test code in a fresh Python process (first imports, environment variables read at
import, crashes that must not take the test session down)."""
import os
import subprocess
import sys

import numpy


def run_python(code, **env):
    """Runs `code` in a fresh Python process with `env` added to the environment."""
    e = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=120)


def on_each_backend(script, tmp_path, *args, suffix=".npy"):
    """Runs `python -c script OUT *args` with CUPRIC_BACKEND=host, then =cuda (the backend is
    chosen at import), where the script saves its results to OUT (numpy.save, or numpy.savez with
    suffix ".npz"); returns the two loaded results, (host, gpu)."""
    loaded = []
    for backend in ("host", "cuda"):
        path = tmp_path / f"{backend}{suffix}"
        env = dict(os.environ, CUPRIC_BACKEND=backend)
        subprocess.run([sys.executable, "-c", script, str(path), *map(str, args)], check=True, env=env)
        loaded.append(numpy.load(path))
    return tuple(loaded)
