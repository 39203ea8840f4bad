#!/usr/bin/env python3
"""Lists the names of the Python array API standard (array-api-strict's namespace, the reference
implementation) that cupric lacks, top level and per extension (linalg, fft).

    PYTHONPATH=python python3 tools/api/array_api_gaps.py
"""
import sys


# array-api-strict's own controls, not names of the standard
_STRICT_ONLY = {"ArrayAPIStrictFlags", "Device", "get_array_api_strict_flags", "set_array_api_strict_flags",
                "reset_array_api_strict_flags"}


def gaps():
    import array_api_strict as xp

    import cupric
    out = {}
    for label, ref, mine in [("cupric", xp, cupric), ("cupric.linalg", getattr(xp, "linalg", None), None),
                             ("cupric.fft", getattr(xp, "fft", None), None)]:
        if ref is None:
            continue
        if mine is None:
            mine = getattr(cupric, label.split(".")[1], None)
        names = sorted(n for n in getattr(ref, "__all__", dir(ref)) if not n.startswith("_") and n not in _STRICT_ONLY)
        out[label] = [n for n in names if mine is None or not hasattr(mine, n)]
    return out


def main():
    total = 0
    for label, missing in gaps().items():
        total += len(missing)
        print(f"{label}: {len(missing)} missing" + (f": {' '.join(missing)}" if missing else ""))
    return 1 if "--check" in sys.argv and total else 0


if __name__ == "__main__":
    sys.exit(main())
