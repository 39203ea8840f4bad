"""`python -m cupric.compat script.py [args]` (or `-m module [args]`, `-c code [args]`): runs a
CuPy program unchanged, with `import cupy`/`cupyx` resolving to cupric (MIGRATE-2)."""
import os
import runpy
import sys

from cupric.compat import install_as_cupy

USAGE = """usage: python -m cupric.compat script.py [args...]
       python -m cupric.compat -m module [args...]
       python -m cupric.compat -c code [args...]
Runs a CuPy program with `import cupy` / `import cupyx` resolving to cupric."""


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    install_as_cupy()
    if argv[0] == "-m":
        if len(argv) < 2:
            print("cupric.compat: -m needs a module name\n" + USAGE, file=sys.stderr)
            return 2
        sys.argv = [argv[1], *argv[2:]]
        sys.path.insert(0, os.getcwd())
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    elif argv[0] == "-c":
        if len(argv) < 2:
            print("cupric.compat: -c needs the code to run\n" + USAGE, file=sys.stderr)
            return 2
        sys.argv = ["-c", *argv[2:]]
        sys.path.insert(0, "")
        exec(compile(argv[1], "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    else:
        script = argv[0]
        if not os.path.exists(script):
            print(f"cupric.compat: can't open file '{script}': no such file", file=sys.stderr)
            return 2
        sys.argv = list(argv)
        # As `python script.py` does: the script's folder comes first on sys.path.
        sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
        runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
