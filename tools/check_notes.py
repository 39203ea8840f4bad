"""Checks that every `Note [Title] in PATH` reference names a file that holds that Note.

A Note is defined where a line holds `Note [Title]` alone (after a comment marker or a markdown
heading); references elsewhere say `Note [Title] in path/to/file`. Run from anywhere; exits 1
and lists the broken references when a Note moved without its references (used by CI).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = ["src", "include", "bindings", "python", "tests", "docs", "bench", "cmake", "tools", "examples"]
SUFFIXES = {".cpp", ".hpp", ".cuh", ".cu", ".inl", ".inc", ".h", ".py", ".md", ".cmake", ".txt", ".in"}
REF = re.compile(r"Note \[([^\]]+)\][,;)]?\s+(?:in|of)\s+`?([\w./-]+\.(?:cpp|hpp|cuh|cu|inl|inc|h|py|md|cmake))")


ALL = []


def files():
    for folder in FOLDERS:
        for p in (ROOT / folder).rglob("*"):
            if p.is_file() and p.suffix in SUFFIXES and "build" not in p.parts:
                yield p


def resolve(ref, where):
    """The file a reference's path names: relative to the root, or to the citing file's folder and its parents."""
    cands = [ROOT / ref] + [d / ref for d in where.parents if ROOT in d.parents or d == ROOT]
    cands += [ROOT / "src" / ref, ROOT / "include" / ref]
    for c in cands:
        if c.is_file():
            return c
    if "/" not in ref:  # a bare file name: the one file of that name anywhere in the tree
        named = [p for p in ALL if p.name == ref]
        if len(named) == 1:
            return named[0]
    return None


def main():
    bad = []
    ALL.extend(files())
    texts = {p: p.read_text(errors="replace") for p in ALL}
    for p, text in texts.items():
        flat = re.sub(r"\s*\n\s*(?://|#|\*)?\s*", " ", text)
        for m in REF.finditer(flat):
            title, ref = m.group(1), m.group(2)
            target = resolve(ref, p)
            if target is None:
                bad.append(f"{p.relative_to(ROOT)}: Note [{title}] cites {ref}, which does not exist")
            elif f"Note [{title}]" not in re.sub(r"\s*\n\s*(?://|#|\*)?\s*", " ", texts.get(target) or target.read_text(errors="replace")):
                bad.append(f"{p.relative_to(ROOT)}: Note [{title}] is not in {ref}")
    for b in sorted(set(bad)):
        print(b)
    print(f"check_notes: {len(set(bad))} broken Note references")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
