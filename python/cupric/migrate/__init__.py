"""cupric.migrate: finds the CuPy APIs a program uses that CuPy 14 (and so cupric) removed or
deprecated, says what to use instead, and rewrites the mechanical ones (MIGRATE-1).

    python -m cupric.migrate PATH... [--fix [--to-cupric]] [--notes] [--format text|json]

The rules are the upgrade guide's, one entry per ID (cupric/migrate/_rules.py); docs/migration.md
lists them. From Python: `scan_source(text)` -> findings, `fix_source(text)` -> new text,
`rename_imports(text)` -> the imports spelled cupric/cupricx.
"""
from cupric.migrate._fix import fix_source, rename_imports
from cupric.migrate._rules import RULES, Rule
from cupric.migrate._scan import Finding, scan_source

__all__ = ["scan_source", "fix_source", "rename_imports", "Finding", "RULES", "Rule"]
