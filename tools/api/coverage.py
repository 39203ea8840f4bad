"""CuPy API coverage: which of CuPy 14.2's public names cupric has, per module.

Reads the snapshot of CuPy's public names (tools/api/cupy-14.2.json, made from an installed CuPy
with tools/api/snapshot.py) and imports the matching cupric module (cupy -> cupric, cupyx -> cupricx).
Prints the markdown table of docs/status.md ("API coverage": per CuPy module, how many names
cupric has and which are missing; the table shortens long lists, the <details> blocks after it
list every missing name); `--check` exits 1 when the table in
docs/status.md differs from what this prints (so the matrix cannot go stale unnoticed).

    python3 tools/api/coverage.py            # print the table
    python3 tools/api/coverage.py --write    # rewrite the table in docs/status.md
"""
import importlib
import json
import pathlib
import sys
import warnings

HERE = pathlib.Path(__file__).resolve().parent
STATUS = HERE.parent.parent / "docs" / "status.md"
BEGIN, END = "<!-- api-coverage:begin -->", "<!-- api-coverage:end -->"


def cupric_name(cupy_module):
    if cupy_module == "cupy.ndarray":
        return "cupric.ndarray"
    head, _, rest = cupy_module.partition(".")
    return {"cupy": "cupric", "cupyx": "cupricx"}[head] + ("." + rest if rest else "")


def resolve(name):
    """The cupric object (module or class) called `name`, or None."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for p in parts[i:]:
            obj = getattr(obj, p, None)
            if obj is None:
                return None
        return obj
    return None


def table():
    snap = json.loads((HERE / "cupy-14.2.json").read_text())
    rows = ["| CuPy module | CuPy names | cupric has | missing |", "|---|---:|---:|---|"]
    total = have_total = 0
    full = []
    for mod, names in snap["modules"].items():
        obj = resolve(cupric_name(mod))
        with warnings.catch_warnings():  # the NumPy 1 names CuPy 14 keeps warn on access; they count
            warnings.simplefilter("ignore", DeprecationWarning)
            have = [n for n in names if obj is not None and hasattr(obj, n)]
        missing = [n for n in names if n not in have]
        full.append((mod, missing))
        total += len(names)
        have_total += len(have)
        shown = ", ".join(f"`{n}`" for n in missing[:60])
        if len(missing) > 60:
            shown += f", … ({len(missing) - 60} more)"
        if obj is None:
            shown = f"(no `{cupric_name(mod)}` yet) " + shown
        rows.append(f"| `{mod}` | {len(names)} | {len(have)} | {shown} |")
    rows.append(f"| **all** | **{total}** | **{have_total}** | |")
    # The table cuts long lists short; every missing name is listed below it, per module.
    rows += ["", "Every missing name, per module:", ""]
    for mod, missing in full:
        if missing:
            names = ", ".join(f"`{n}`" for n in missing)
            rows.append(f"<details><summary><code>{mod}</code>: {len(missing)} missing</summary>\n\n{names}\n\n"
                        "</details>\n")
    return "\n".join(rows) + "\n"


def main(argv):
    text = table()
    if "--write" in argv or "--check" in argv:
        doc = STATUS.read_text()
        start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
        new = doc[:start] + "\n" + text + doc[end:]
        if "--check" in argv:
            if new != doc:
                print("docs/status.md's API table is stale: run python3 tools/api/coverage.py --write")
                return 1
            return 0
        STATUS.write_text(new)
        return 0
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
