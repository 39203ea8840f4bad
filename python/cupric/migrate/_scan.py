"""Finds the uses of removed/deprecated CuPy APIs in one Python source (its AST), by the rules of
_rules.py. Names are resolved through the file's imports and simple aliases.

Note [Migration name resolution]: every import of cupy, cupyx, cupy_backends, cupric, cupricx
or numpy binds a local name to a qualified name (`import cupy as cp` binds cp -> cupy, `from
cupy.cuda import nccl` binds nccl -> cupy.cuda.nccl; cupric spellings are read as CuPy's), and
`xp = cp` / `xp = cp if gpu else np` bind xp too. Bindings are per file, not per scope: a file
rebinding `cp` to something else in one function is rare, and the cost is a false report, never
a wrong rewrite of code that does not use CuPy. An attribute chain `cp.sparse.csr_matrix` is
resolved to `cupy.sparse.csr_matrix` and reported at the longest prefix a rule names; a bare
name bound by an import is reported at the import (fixing the import fixes its uses).
`from cupy import *` makes the rules' top-level names visible bare.
"""
import ast
from dataclasses import dataclass, field

from cupric._legacy_names import instead
from cupric.compat._finder import _CUPY_MODULES
from cupric.migrate._rules import PATTERNS, RULES

_ROOTS = {'cupy': 'cupy', 'cupyx': 'cupyx', 'cupy_backends': 'cupy_backends', 'cupric': 'cupy',
          'cupricx': 'cupyx', 'numpy': 'numpy'}
_NUMPY_SCALARS = {'float16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16',
                  'uint32', 'uint64', 'complex64', 'complex128', 'longdouble', 'half', 'single', 'double'}
_CONTEXT_KINDS = {'cupy.cuda.Device': 'Device', 'cupy.cuda.device.Device': 'Device', 'cupy.cuda.Stream': 'Stream',
                  'cupy.cuda.stream.Stream': 'Stream'}
_CREATION = {'empty', 'zeros', 'ones', 'full', 'array', 'asarray', 'asanyarray', 'arange', 'empty_like', 'zeros_like',
             'ones_like', 'full_like', 'frombuffer', 'fromfile', 'identity', 'eye'}
_BAD_DTYPE_NAMES = {'numpy.datetime64', 'numpy.timedelta64', 'numpy.object_', 'numpy.str_', 'numpy.bytes_',
                    'cupy.datetime64', 'cupy.timedelta64', 'cupy.object_', 'cupy.str_', 'cupy.bytes_'}
_NCCL_ID = {'cupy.cuda.nccl.get_unique_id', 'cupy_backends.cuda.libs.nccl.get_unique_id'}


@dataclass
class Finding:
    path: str
    line: int
    col: int          # 1-based, as editors show it
    end_line: int
    end_col: int
    id: str
    severity: str
    name: str         # the CuPy name or the pattern found
    message: str
    fix: str          # what to do instead
    fixable: bool
    edit: dict = field(default=None, repr=False)  # how --fix rewrites it (internal)

    def as_dict(self):
        return {k: v for k, v in self.__dict__.items() if k != 'edit'}


def canonical(qname):
    """cupric.x -> cupy.x, cupricx.x -> cupyx.x; other roots unchanged."""
    head, dot, rest = qname.partition('.')
    return _ROOTS.get(head, head) + dot + rest


# name -> (rule, (use, target), severity), longest names first when matching prefixes.
_NAME_RULES = {}
for _rule in RULES:
    for _n, _v in _rule.names.items():
        _NAME_RULES[_n] = (_rule, _v, _rule.severity)
    for _n, _v in _rule.notes.items():
        _NAME_RULES[_n] = (_rule, _v, 'behavior')
_PATTERN_RULE = {p: r for r in RULES for p in r.patterns}


def match_name(qname):
    """The rule name that `qname` is or lies under (longest first), or None."""
    parts = qname.split('.')
    for i in range(len(parts), 0, -1):
        cand = '.'.join(parts[:i])
        if cand in _NAME_RULES:
            return cand
    return None


class _Bindings(ast.NodeVisitor):
    """Pass 1: local name -> qualified name (Note [Migration name resolution])."""

    def __init__(self):
        self.names, self.star, self.uses_cupy, self.cupric_spelling = {}, False, False, False
        self.modules = set()  # the locals bound to a module (what --fix spells new names through)
        self.imported = set()  # the modules `import` statements load (and their parents)

    def _bind(self, local, qname, module=False):
        self.names[local] = canonical(qname)
        if module or canonical(qname) in _CUPY_MODULES:
            self.modules.add(local)
        else:
            self.modules.discard(local)
        if canonical(qname).split('.')[0] in ('cupy', 'cupyx', 'cupy_backends'):
            self.uses_cupy = True
            self.cupric_spelling |= qname.split('.')[0] in ('cupric', 'cupricx')

    def visit_Import(self, node):
        for a in node.names:
            if a.name.split('.')[0] in _ROOTS:
                parts = canonical(a.name).split('.')
                self.imported.update('.'.join(parts[:i]) for i in range(1, len(parts) + 1))
                if a.asname:
                    self._bind(a.asname, a.name, module=True)
                else:
                    self._bind(a.name.split('.')[0], a.name.split('.')[0], module=True)

    def visit_ImportFrom(self, node):
        if node.level or not node.module or node.module.split('.')[0] not in _ROOTS:
            return
        for a in node.names:
            if a.name == '*':
                self.star |= canonical(node.module) == 'cupy'
                self.uses_cupy = True
            else:
                self._bind(a.asname or a.name, f"{node.module}.{a.name}")
                q = canonical(f"{node.module}.{a.name}")
                if q in _CUPY_MODULES:  # `from cupy.cuda import nccl` loads cupy.cuda.nccl
                    self.imported.add(q)

    def visit_Assign(self, node):
        self.generic_visit(node)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            branches = [value.body, value.orelse] if isinstance(value, ast.IfExp) else [value]
            for b in branches:
                q = resolve(b, self.names)
                if q and q.split('.')[0] in ('cupy', 'cupyx'):
                    self._bind(node.targets[0].id, q)
                    break


def resolve(node, names):
    """The qualified name of a Name/Attribute chain whose base is bound, else None."""
    attrs = []
    while isinstance(node, ast.Attribute):
        attrs.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name) or node.id not in names:
        return None
    return '.'.join([names[node.id], *reversed(attrs)])


class _Scanner(ast.NodeVisitor):
    def __init__(self, path, bindings, tree, lines):
        self.path, self.b, self.out, self.lines = path, bindings, [], lines
        self.parents = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        # Variables assigned a Device(...) or Stream(...) (for the with-block patterns).
        self.kinds = {}
        for n in ast.walk(tree):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                    isinstance(n.value, ast.Call):
                kind = _CONTEXT_KINDS.get(resolve(n.value.func, bindings.names))
                if kind:
                    self.kinds[n.targets[0].id] = kind
        self.assigned = {t.id for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
                         for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}

    # -- reporting
    def _col(self, line, col):
        # The AST counts UTF-8 bytes; editors count characters.
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ''
        return len(text.encode('utf-8')[:col].decode('utf-8', 'replace')) + 1

    def _add(self, node, rule, severity, name, message, fix, edit=None):
        if edit is not None:
            edit.setdefault('node', node)
        self.out.append(Finding(self.path, node.lineno, self._col(node.lineno, node.col_offset), node.end_lineno,
                                self._col(node.end_lineno, node.end_col_offset), rule.id, severity, name, message,
                                fix, edit is not None, edit))

    def _name_finding(self, node, rname, what, edit_kind, **edit):
        rule, (use, target), severity = _NAME_RULES[rname]
        message = {'removed': f"{what} does not exist in CuPy 14 / cupric", 'deprecated': f"{what} is deprecated",
                   'behavior': f"{what} behaves differently now"}[severity]
        e = dict(kind=edit_kind, rule_name=rname, target=target, **edit) if target else None
        fix = instead(use)
        self._add(node, rule, severity, rname, message, fix, e)

    def _pattern(self, node, pattern, edit=None, **fmt):
        rule = _PATTERN_RULE[pattern]
        msg, fix, *sev = PATTERNS[pattern]
        self._add(node, rule, sev[0] if sev else rule.severity, pattern, msg.format(**fmt), fix.format(**fmt), edit)

    # -- imports
    def visit_Import(self, node):
        for a in node.names:
            q = canonical(a.name)
            r = match_name(q)
            if r:
                self._name_finding(a, r, f"{r} (import {a.name})", 'import', stmt=node)

    def visit_ImportFrom(self, node):
        if node.level or not node.module or node.module.split('.')[0] not in _ROOTS:
            return
        for a in node.names:
            if a.name == '*':
                continue
            q = canonical(f"{node.module}.{a.name}")
            r = match_name(q)
            if r:
                self._name_finding(a, r, f"{r} (from {node.module} import {a.name})", 'importfrom', stmt=node)

    # -- names and attribute chains
    def _chain(self, node):
        """Report the outermost chain starting at node (a Name or Attribute not inside a longer one)."""
        chain = []
        n = node
        while isinstance(n, ast.Attribute):
            chain.append(n)
            n = n.value
        if not isinstance(n, ast.Name):
            return
        chain.append(n)
        chain.reverse()  # base Name first
        base = n.id
        if base in self.b.names:
            q0 = self.b.names[base]
        elif self.b.star and base not in self.b.names and base not in self.assigned and \
                match_name('cupy.' + base) == 'cupy.' + base:
            q0 = 'cupy.' + base
            self._name_finding(n, 'cupy.' + base, f"cupy.{base} (via from cupy import *)", 'bare')
            return
        else:
            return
        quals = [q0] + [q0 + '.' + '.'.join(c.attr for c in chain[1:i + 1]) for i in range(1, len(chain))]
        if 'cupy.cuda.nccl' in quals[1:] and 'cupy.cuda.nccl' not in self.b.imported:
            self._pattern(chain[quals.index('cupy.cuda.nccl')], 'nccl_needs_import',
                          edit=dict(kind='add_import', module='cupy.cuda.nccl'))
        for i in range(len(chain) - 1, 0, -1):  # the longest attribute prefix a rule names
            if quals[i] in _NAME_RULES:
                self._name_finding(chain[i], quals[i], quals[i], 'chain')
                return

    def visit_Attribute(self, node):
        parent = self.parents.get(node)
        if not (isinstance(parent, ast.Attribute) and parent.value is node):
            self._chain(node)
        self.generic_visit(node)

    def visit_Name(self, node):
        parent = self.parents.get(node)
        if not (isinstance(parent, ast.Attribute) and parent.value is node):
            self._chain(node)

    # -- calls
    def _is_module(self, node):
        return resolve(node, self.b.names) is not None

    def visit_Call(self, node):
        self.generic_visit(node)
        if not self.b.uses_cupy:
            return
        f = node.func
        q = resolve(f, self.b.names)
        kw = {k.arg: k for k in node.keywords if k.arg}
        attr = f.attr if isinstance(f, ast.Attribute) else None
        receiver_is_array = attr is not None and not self._is_module(f.value)
        if attr in ('scatter_add', 'scatter_max', 'scatter_min') and receiver_is_array:
            self._pattern(node, 'ndarray.scatter', attr=attr, ufunc={'scatter_add': 'add', 'scatter_max': 'maximum',
                                                                      'scatter_min': 'minimum'}[attr])
        if attr == 'toDlpack' and receiver_is_array:
            self._pattern(node, 'ndarray.toDlpack')
        if attr in ('min', 'max', 'amin', 'amax') and 'dtype' in kw and (receiver_is_array or (q or '').startswith('cupy')):
            self._pattern(kw['dtype'], 'minmax_dtype', attr=attr)
        if (q in ('cupy.RawKernel', 'cupy.RawModule') or attr in ('RawKernel', 'RawModule')) and 'jitify' in kw:
            v = kw['jitify'].value
            if not (isinstance(v, ast.Constant) and v.value in (False, None)):
                self._pattern(kw['jitify'], 'jitify', edit=dict(kind='drop_keyword', call=node, keyword=kw['jitify']))
        if attr == 'set_cufft_callbacks' or (q or '').endswith('set_cufft_callbacks'):
            for name in ('cb_load_aux_arr', 'cb_store_aux_arr'):
                if name in kw:
                    self._pattern(kw[name], 'fft_aux_arr', kw=name)
        if attr == 'choice' and (q is None or q.startswith('cupy')):
            # choice(a, size=None, replace=True, p=None): by keyword or by position.
            p = kw['p'].value if 'p' in kw else (node.args[3] if len(node.args) > 3 else None)
            rep = kw['replace'].value if 'replace' in kw else (node.args[2] if len(node.args) > 2 else None)
            if p is not None and not (isinstance(p, ast.Constant) and p.value is None) and \
                    isinstance(rep, ast.Constant) and rep.value is False:
                self._pattern(node, 'choice_p_no_replace')
            if q == 'cupy.random.choice' and node.args and not isinstance(node.args[0], (ast.List, ast.Tuple)):
                self._pattern(node, 'choice_dtype')
        if ((q == 'cupy.asnumpy' or (attr == 'get' and receiver_is_array)) and 'stream' in kw
                and 'blocking' not in kw):
            self._pattern(node, 'asnumpy_stream', what='asnumpy()' if q else 'ndarray.get()')
        if q in _NCCL_ID:
            self._nccl_id(node)
        if q and q.startswith('cupy.') and q.split('.')[-1] in _CREATION and 'dtype' in kw:
            self._dtype_check(kw['dtype'], q)

    def _dtype_check(self, kw, func):
        v = kw.value
        bad = resolve(v, self.b.names) in _BAD_DTYPE_NAMES or (isinstance(v, ast.Name) and v.id in (
            'object', 'str', 'bytes') and v.id not in self.b.names)
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            try:
                import numpy
                bad = numpy.dtype(v.value).kind in 'MmOSUa'
            except TypeError:
                bad = False
        if bad:
            self._pattern(kw, 'unsupported_dtype', func=func)

    def _tuple_use(self, node):
        """The node that uses the value `node` as a tuple, or None."""
        parent = self.parents.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            return parent
        if isinstance(parent, ast.Call) and node in parent.args and isinstance(parent.func, ast.Name) and \
                parent.func.id in ('len', 'tuple', 'list', 'iter', 'sum', 'sorted', 'enumerate'):
            return parent
        if isinstance(parent, (ast.Starred, ast.comprehension)) or (isinstance(parent, ast.For) and parent.iter is node):
            return parent
        if isinstance(parent, ast.Compare) and any(isinstance(c, ast.Tuple) for c in parent.comparators + [parent.left]):
            return parent
        return None

    def _nccl_id(self, call):
        use = self._tuple_use(call)
        if use is not None:
            self._pattern(use, 'nccl_id_as_tuple')
            return
        parent = self.parents.get(call)
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            target = parent.targets[0]
            if isinstance(target, (ast.Tuple, ast.List)):
                self._pattern(parent, 'nccl_id_as_tuple')
                return
            if isinstance(target, ast.Name):
                scope = parent
                while scope in self.parents and not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    scope = self.parents[scope]
                for n in ast.walk(scope):
                    if isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, ast.Load):
                        use = self._tuple_use(n)
                        if use is not None:
                            self._pattern(use, 'nccl_id_as_tuple')

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if not self.b.uses_cupy:
            return

        def numpy_scalar(n):
            q = resolve(n.func, self.b.names) if isinstance(n, ast.Call) else None
            return q is not None and q.startswith('numpy.') and q.split('.')[-1] in _NUMPY_SCALARS
        if numpy_scalar(node.left) != numpy_scalar(node.right):
            self._pattern(node, 'numpy_scalar_operand')

    def _kind(self, node):
        """'Device' / 'Stream' when node is Device(...)/Stream(...) or a variable assigned one."""
        if isinstance(node, ast.Call):
            return _CONTEXT_KINDS.get(resolve(node.func, self.b.names))
        return self.kinds.get(node.id) if isinstance(node, ast.Name) else None

    def visit_With(self, node):
        self.generic_visit(node)
        kinds = {self._kind(i.context_expr) for i in node.items} - {None}
        for n in (m for stmt in node.body for m in ast.walk(stmt)):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == 'use' and not n.args:
                kind = self._kind(n.func.value)
                if kind == 'Device' and 'Device' in kinds:
                    self._pattern(n, 'device_use_in_with')
                elif kind == 'Stream' and 'Stream' in kinds:
                    self._pattern(n, 'stream_use_in_with')

    def visit_Compare(self, node):
        self.generic_visit(node)
        if not isinstance(node.left, ast.Call) or resolve(node.left.func, self.b.names) not in (
                'cupy.allclose', 'cupy.array_equal', 'cupy.array_equiv'):
            return
        for op, right in zip(node.ops, node.comparators):
            if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and isinstance(right.value, bool):
                self._pattern(node, 'allclose_is_bool', func=resolve(node.left.func, self.b.names))


def scan_tree(tree, path, text):
    b = _Bindings()
    b.visit(tree)
    s = _Scanner(path, b, tree, text.splitlines())
    s.visit(tree)
    s.out.sort(key=lambda f: (f.line, f.col, f.id))
    return s.out, b


def scan_source(text, path='<string>', notes=False):
    """The findings in one source (SyntaxError propagates). Behaviour notes only with notes=True."""
    found, _ = scan_tree(ast.parse(text, filename=path), path, text)
    return [f for f in found if notes or f.severity != 'behavior']
