"""`--fix`: rewrites the mechanical findings of _scan.py (imports, renamed names, jitify=) in a
source text.

Note [Migration rewrites]: a rewrite is text surgery at the AST's positions, so everything the
fix does not touch (comments, formatting) stays byte for byte. Imports are rewritten first and
the source parsed again, so that renamed uses find the names the new imports bind: a use is
spelled through the local name bound to the longest prefix of its new name (`cp.alltrue` ->
`cp.all`, `cupy.sparse.x` -> `cupyx.scipy.sparse.x` once `cupyx` is bound), and when no import
binds one, `import <module>` is added after the file's last top-level import. A file written
with cupric's names keeps them. The result must parse, or nothing is written.
"""
import ast

from cupric.compat._finder import _CUPY_MODULES
from cupric.migrate._scan import canonical, scan_tree


def _spell(qname, cupric):
    if not cupric:
        return qname
    head, dot, rest = qname.partition('.')
    return {'cupy': 'cupric', 'cupyx': 'cupricx'}.get(head, head) + dot + rest


class _Text:
    """Positions of the AST (line, UTF-8 column) as offsets into the text."""

    def __init__(self, text):
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line, col):
        src = self.lines[line - 1] if line - 1 < len(self.lines) else ''
        return self.starts[line - 1] + len(src.encode('utf-8')[:col].decode('utf-8', 'replace'))

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)


def _new_name(edit, found_name):
    """The new qualified name: the rule's target plus what the found name has beyond the rule."""
    return edit['target'] + found_name[len(edit['rule_name']):]


def _module_bindings(bindings):
    return sorted(((k, v) for k, v in bindings.names.items() if k in bindings.modules), key=lambda kv: -len(kv[1]))


# Submodules that `import cupy` loads (a name under them needs no import of its own).
_LOADED_WITH_PARENT = {'cupy.cuda', 'cupy.exceptions', 'cupy.random', 'cupy.linalg', 'cupy.fft', 'cupy.lib',
                       'cupy.polynomial'}


def _expr_for(newq, bindings, cupric, imports_needed, prefer=None):
    """Source text naming `newq` through the file's bindings, preferring the local the old
    expression started from (`xp.float_` -> `xp.float64` keeps working when xp is NumPy); adds
    the import of newq's module when no import loads it."""
    if newq.startswith('builtins.'):
        return newq[len('builtins.'):]
    module = newq if newq in _CUPY_MODULES else newq.rpartition('.')[0]
    candidates = _module_bindings(bindings)
    if prefer in bindings.modules:
        candidates.insert(0, (prefer, bindings.names[prefer]))
    for local, q in candidates:
        if newq == q or newq.startswith(q + '.'):
            if len(module) > len(q) and module not in _LOADED_WITH_PARENT and module not in bindings.imported:
                imports_needed.add(_spell(module, cupric))
            return local + newq[len(q):]
    if module not in bindings.imported:
        imports_needed.add(_spell(module, cupric))
    return _spell(newq, cupric)


def _import_from_text(stmt, edits, cupric, indent):
    """The statement(s) replacing `from M import ...` whose aliases `edits` ({alias: newq}) rename."""
    entries = []
    for a in stmt.names:
        local = a.asname or a.name
        if a not in edits:
            entries.append(('from', stmt.module, a.name, local))
            continue
        newq = edits[a]
        if newq.startswith('builtins.'):
            if local != newq[len('builtins.'):]:
                entries.append(('line', f"{local} = {newq[len('builtins.'):]}"))
        elif '.' not in newq:
            entries.append(('line', f"import {_spell(newq, cupric)}" + (f" as {local}" if local != newq else '')))
        else:
            mod, _, name = newq.rpartition('.')
            entries.append(('from', _spell(mod, cupric), name, local))
    lines, groups = [], {}
    for e in entries:
        if e[0] == 'line':
            lines.append(e[1])
        else:
            if e[1] not in groups:
                groups[e[1]] = []
                lines.append(('from', e[1]))
            groups[e[1]].append(e[2] if e[2] == e[3] else f"{e[2]} as {e[3]}")
    out = [f"from {x[1]} import {', '.join(groups[x[1]])}" if isinstance(x, tuple) else x for x in lines]
    return ('\n' + indent).join(out) if out else 'pass'


def _plan(text, tree, findings, bindings):
    """The edits (start, end, new text) for one round: import rewrites if any, else the rest."""
    t = _Text(text)
    cupric = bindings.cupric_spelling
    fixable = [f for f in findings if f.fixable]
    imports = [f for f in fixable if f.edit['kind'] in ('import', 'importfrom')]
    edits, needed = [], set()
    if imports:
        by_stmt = {}
        for f in imports:
            node = f.edit['node']
            if f.edit['kind'] == 'import':
                newq = _new_name(f.edit, canonical(node.name))
                if newq.startswith('builtins.'):
                    continue
                if node.asname:
                    new = f"{_spell(newq, cupric)} as {node.asname}"
                else:
                    root = node.name.split('.')[0]
                    new = _spell(newq, cupric)
                    if new.split('.')[0] != root:
                        new = f"{root}, {new}"
                edits.append((*t.span(node), new))
            else:
                by_stmt.setdefault(f.edit['stmt'], {})[node] = _new_name(
                    f.edit, canonical(f"{f.edit['stmt'].module}.{node.name}"))
        for stmt, renames in by_stmt.items():
            indent = t.lines[stmt.lineno - 1][:len(t.lines[stmt.lineno - 1]) - len(t.lines[stmt.lineno - 1].lstrip())]
            edits.append((*t.span(stmt), _import_from_text(stmt, renames, cupric, indent)))
        return edits
    for f in fixable:
        e = f.edit
        if e['kind'] in ('chain', 'bare'):
            node = e['node']
            newq = e['target']
            if e['kind'] == 'bare' and newq.startswith('cupy.') and newq.count('.') == 1:
                new = newq.split('.')[1]          # `from cupy import *` provides it bare
            else:
                base = node
                while isinstance(base, ast.Attribute):
                    base = base.value
                new = _expr_for(newq, bindings, cupric, needed, prefer=getattr(base, 'id', None))
            edits.append((*t.span(node), new))
        elif e['kind'] == 'add_import':
            needed.add(_spell(e['module'], cupric))
        elif e['kind'] == 'drop_keyword':
            start, end = t.span(e['keyword'])
            before = text[:start].rstrip()
            if before.endswith(','):
                start = len(before) - 1
            else:
                after = text[end:]
                stripped = after.lstrip()
                if stripped.startswith(','):
                    end += len(after) - len(stripped) + 1
                    end += len(text[end:]) - len(text[end:].lstrip(' '))
            edits.append((start, end, ''))
    if needed:
        edits.append(_add_imports(t, tree, sorted(needed)))
    return edits


def _add_imports(t, tree, modules):
    block = [s for s in tree.body if isinstance(s, (ast.Import, ast.ImportFrom))]
    if block:
        end = t.offset(block[-1].end_lineno, block[-1].end_col_offset)
        return (end, end, ''.join(f"\nimport {m}" for m in modules))
    body = tree.body
    first = body[1] if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
        len(body) > 1 else (body[0] if body and not isinstance(body[0], ast.Expr) else None)
    at = t.offset(first.lineno, 0) if first is not None else len(t.text)
    return (at, at, ''.join(f"import {m}\n" for m in modules))


def _apply(text, edits):
    """Applies the edits from the end; one overlapping an edit already applied waits for the next
    round (fix_source parses again and plans anew)."""
    limit = len(text) + 1
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        if end > limit or (end == limit and start < end):
            continue
        text = text[:start] + new + text[end:]
        limit = start
    return text


def fix_source(text, path='<string>'):
    """The source with every mechanical finding rewritten (Note [Migration rewrites])."""
    for _ in range(8):
        tree = ast.parse(text, filename=path)
        found, bindings = scan_tree(tree, path, text)
        edits = _plan(text, tree, found, bindings)
        new = _apply(text, edits)
        if new == text:
            break
        ast.parse(new, filename=path)   # a rewrite that does not parse is a bug: raise, write nothing
        text = new
    return text


def _cupric_module(name):
    """cupric's name for CuPy's module `name` (cupy_backends.cuda.api.runtime -> cupric.cuda.runtime)."""
    from cupric.compat._finder import target_of
    return target_of(name) or name


def rename_imports(text, path='<string>'):
    """The source with its cupy/cupyx/cupy_backends imports spelled cupric/cupricx, the local names
    kept (`import cupy` -> `import cupric as cupy`, `import cupy as cp` -> `import cupric as cp`,
    `from cupy.cuda import Stream` -> `from cupric.cuda import Stream`), so the rest of the file is
    unchanged (MIGRATE-1: --fix --to-cupric)."""
    tree = ast.parse(text, filename=path)
    t = _Text(text)
    edits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.split('.')[0]
                if root not in ('cupy', 'cupyx', 'cupy_backends'):
                    continue
                new = _cupric_module(a.name)
                if a.asname:
                    edits.append((*t.span(a), f"{new} as {a.asname}"))
                elif root == 'cupy_backends':
                    continue  # used as cupy_backends.cuda...: no cupric module has that shape; left as is
                elif '.' in a.name:
                    edits.append((*t.span(a), f"{_cupric_module(root)} as {root}, {new}"))
                else:
                    edits.append((*t.span(a), f"{new} as {root}"))
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module and \
                node.module.split('.')[0] in ('cupy', 'cupyx', 'cupy_backends'):
            line = t.lines[node.lineno - 1]
            start = t.offset(node.lineno, node.col_offset)
            # `from <module> import`: the module name is the first dotted word after `from`.
            m_at = text.index(node.module.split('.')[0], start)
            m_end = m_at
            while m_end < len(text) and (text[m_end].isalnum() or text[m_end] in '._ \t') and \
                    not text[m_end:m_end + 7].startswith(' import'):
                m_end += 1
            if text[m_at:m_end].replace(' ', '').replace('\t', '') != node.module:
                raise ValueError(f"{path}:{node.lineno}: cannot locate the module of {line.strip()!r}")
            edits.append((m_at, m_end, _cupric_module(node.module)))
    new = _apply(text, edits)
    ast.parse(new, filename=path)
    return new
