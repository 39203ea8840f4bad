"""`python -m cupric.migrate PATH...`: reports (file:line:col, guide ID, what to use instead) every
removed or deprecated CuPy API the Python sources under PATH use; `--fix` rewrites the mechanical
ones in place (keeping FILE.bak). Exit status 1 when findings remain, 0 when clean, 2 on bad input."""
import argparse
import ast
import json
import os
import shutil
import sys

from cupric.migrate._fix import fix_source, rename_imports
from cupric.migrate._scan import scan_source

_SKIP_DIRS = {'.git', '.hg', '__pycache__', '.venv', 'venv', 'build', 'node_modules', '.tox'}


def _sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS and not d.startswith('.'))
                yield from (os.path.join(root, f) for f in sorted(files) if f.endswith(('.py', '.ipynb')))
        else:
            yield p


def _notebook_cells(path):
    """(index, source) of a Jupyter notebook's code cells, IPython's %magic and !shell lines
    turned into comments so the cell parses with its line numbers kept."""
    with open(path, encoding='utf-8') as f:
        nb = json.load(f)
    for i, cell in enumerate(nb.get('cells', [])):
        if cell.get('cell_type') == 'code':
            src = cell.get('source', '')
            src = ''.join(src) if isinstance(src, list) else src
            yield i, '\n'.join('#' + line if line.lstrip().startswith(('%', '!')) else line
                               for line in src.split('\n'))


def _scan_notebook(path, notes):
    """Findings of a notebook, reported as PATH#cellN:line:col (notebooks are not rewritten). The
    cells are scanned as one program, in order, as the kernel runs them (an import in one cell
    binds names in the next); a cell that does not parse is reported and left out."""
    findings, errors, good = [], [], []
    try:
        for i, src in _notebook_cells(path):
            try:
                ast.parse(src, filename=f"{path}#cell{i}")
                good.append((i, src))
            except SyntaxError as e:
                errors.append({'path': f"{path}#cell{i}", 'error': f"SyntaxError: {e}"})
    except (OSError, UnicodeDecodeError, ValueError) as e:
        return [], [{'path': path, 'error': f"{type(e).__name__}: {e}"}]
    starts, lines = [], []
    for i, src in good:
        starts.append((len(lines) + 1, i))
        lines += src.split('\n')
    for f in scan_source('\n'.join(lines), path, notes=notes):
        first, cell = max((s, c) for s, c in starts if s <= f.line)
        f.path, f.line, f.end_line = f"{path}#cell{cell}", f.line - first + 1, f.end_line - first + 1
        findings.append(f)
    return findings, errors


def _backup(path):
    bak = path + '.bak'
    n = 1
    while os.path.exists(bak):
        bak, n = f"{path}.bak{n}", n + 1
    shutil.copy2(path, bak)
    return bak


def main(argv=None):
    ap = argparse.ArgumentParser(prog='python -m cupric.migrate', description=__doc__.split('\n\n')[0])
    ap.add_argument('paths', nargs='+', metavar='PATH',
                    help='Python files, Jupyter notebooks (reported, not rewritten) or folders (*.py, *.ipynb)')
    ap.add_argument('--fix', action='store_true', help='rewrite the mechanical findings in place (keeps FILE.bak)')
    ap.add_argument('--to-cupric', action='store_true',
                    help='with --fix: also spell the cupy/cupyx imports cupric/cupricx (local names kept)')
    ap.add_argument('--notes', action='store_true', help='also report behaviour changes worth a look')
    ap.add_argument('--format', choices=('text', 'json'), default='text')
    args = ap.parse_args(argv)
    if args.to_cupric and not args.fix:
        ap.error('--to-cupric rewrites files: use it with --fix')
    findings, errors, fixed = [], [], []
    for path in _sources(args.paths):
        if path.endswith('.ipynb'):
            nb_findings, nb_errors = _scan_notebook(path, args.notes)
            findings += nb_findings
            errors += nb_errors
            continue
        try:
            with open(path, encoding='utf-8') as f:
                text = f.read()
            if args.fix:
                new = fix_source(text, path)
                if args.to_cupric:
                    new = rename_imports(new, path)
                if new != text:
                    bak = _backup(path)
                    with open(path, 'w', encoding='utf-8') as f:
                        f.write(new)
                    fixed.append({'path': path, 'backup': bak})
                    text = new
            findings += scan_source(text, path, notes=args.notes)
        except (OSError, UnicodeDecodeError, SyntaxError) as e:
            errors.append({'path': path, 'error': f"{type(e).__name__}: {e}"})
    if args.format == 'json':
        json.dump({'findings': [f.as_dict() for f in findings], 'fixed': fixed, 'errors': errors}, sys.stdout,
                  indent=1)
        print()
    else:
        for f in fixed:
            print(f"{f['path']}: rewritten (backup: {f['backup']})")
        for f in findings:
            tag = ' [fixable: --fix]' if f.fixable else ''
            print(f"{f.path}:{f.line}:{f.col}: {f.id} ({f.severity}) {f.message}; {f.fix}{tag}")
        for e in errors:
            print(f"{e['path']}: cannot read: {e['error']}", file=sys.stderr)
        if not findings and not errors:
            print("no removed or deprecated CuPy APIs found")
    return 2 if errors else (1 if findings else 0)


if __name__ == '__main__':
    sys.exit(main())
