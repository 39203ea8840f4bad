"""Runs test code in a fresh Python process (first imports, environment variables read at
import, crashes that must not take the test session down)."""
import os
import subprocess
import sys


def run_python(code, **env):
    """Runs `code` in a fresh Python process with `env` added to the environment."""
    e = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=120)
