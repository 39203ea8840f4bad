"""Matrix and vector products (numpy.matmul, dot, vdot, inner, outer, tensordot, kron, vecdot,
matvec, vecmat, cross, einsum): signatures and argument normalisation only; the work is C++
(src/linalg/products/)."""
import operator

import numpy

from cupric._core import linalg as _la


class _GufuncProduct:
    """A ufunc-like product object (numpy.matmul, vecdot, matvec, vecmat): callable with the
    generalized-ufunc keywords out=, dtype=, casting=, axes= (and axis= for the vector ones)."""

    nin, nout, nargs = 2, 1, 3

    def __init__(self, name, signature, impl, doc):
        self.__name__ = self.__qualname__ = name
        self.signature = signature
        self._impl = impl
        self.__doc__ = doc
        self.types = list(getattr(numpy, name).types)
        self.ntypes = len(self.types)
        self.identity = None

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, x1, x2, /, out=None, *, casting="same_kind", order="K", dtype=None, subok=True,
                 signature=None, axes=None, axis=None):
        if isinstance(out, tuple):
            if len(out) != 1:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            out = out[0]
        if signature is not None:
            if dtype is not None:
                raise TypeError("cannot specify both 'signature' and 'dtype'")
            dtype = signature[-1] if isinstance(signature, (tuple, list)) else numpy.dtype(signature[-1])
        if axis is not None:
            if axes is not None:
                raise TypeError("cannot specify both 'axis' and 'axes'")
            core = self.signature.split("->")[0].count("),(") + 1
            ins = [tuple(p.strip("()").split(",")) for p in self.signature.split("->")[0].split("),(")]
            if any(len(c) != 1 or c == ("",) for c in ins[:core]):
                raise TypeError(f"{self.__name__}: axis can only be used with a single shared core dimension")
            axes = [(axis,), (axis,)] + ([()] if self.signature.endswith("()") else [(axis,)])
        fortran = _fortran_result(order, x1, x2)
        r = self._impl(x1, x2, out, dtype, casting, axes)
        if fortran and out is None and r.ndim >= 2:
            from cupric._creation import asfortranarray
            r = asfortranarray(r)
        return r


def _fortran_result(order, x1, x2):
    """Whether NumPy's ufunc ``order=`` asks for a Fortran-ordered result: 'F', or 'A' with every
    input Fortran-contiguous; 'C', 'K' and None give C order (as NumPy's matmul does)."""
    o = "K" if order is None else order
    if not isinstance(o, str) or o.upper() not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
    o = o.upper()
    if o == "A":
        return all(getattr(getattr(x, "flags", None), "f_contiguous", False) for x in (x1, x2))
    return o == "F"


matmul = _GufuncProduct("matmul", "(n?,k),(k,m?)->(n?,m?)", _la.matmul,
                        "Matrix product of two arrays (numpy.matmul; `a @ b`).")
vecdot = _GufuncProduct("vecdot", "(n),(n)->()", _la.vecdot,
                        "Vector dot product over the last axis, the first vector conjugated (numpy.vecdot).")
matvec = _GufuncProduct("matvec", "(m,n),(n)->(m)", _la.matvec, "Matrix-vector product (numpy.matvec).")
vecmat = _GufuncProduct("vecmat", "(n),(n,m)->(m)", _la.vecmat,
                        "Vector-matrix product, the vector conjugated (numpy.vecmat).")


def dot(a, b, out=None):
    """Dot product of two arrays (numpy.dot)."""
    return _la.dot(a, b, out)


def vdot(a, b, /):
    """Dot product of two flattened arrays, the first conjugated (numpy.vdot)."""
    return _la.vdot(a, b)


def inner(a, b, /):
    """Inner product over the last axes (numpy.inner)."""
    return _la.inner(a, b)


def outer(a, b, out=None):
    """Outer product of two flattened arrays (numpy.outer)."""
    return _la.outer(a, b, out)


def tensordot(a, b, axes=2):
    """Sum of products over the given axes (numpy.tensordot)."""
    try:
        axes_a, axes_b = axes
    except TypeError:
        return _la.tensordot_n(a, b, operator.index(axes))
    axes_a = [operator.index(axes_a)] if numpy.ndim(axes_a) == 0 else [operator.index(x) for x in axes_a]
    axes_b = [operator.index(axes_b)] if numpy.ndim(axes_b) == 0 else [operator.index(x) for x in axes_b]
    return _la.tensordot_axes(a, b, axes_a, axes_b)


def kron(a, b):
    """Kronecker product (numpy.kron)."""
    return _la.kron(a, b)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-element (or, deprecated, 2-element) vectors (numpy.cross)."""
    return _la.cross(a, b, axisa, axisb, axisc, axis)


# ---- the numpy.linalg (Array API) spellings ----

def linalg_matmul(x1, x2, /):
    """numpy.linalg.matmul: matmul without the ufunc keywords."""
    return _la.matmul(x1, x2, None, None, "same_kind", None)


def linalg_outer(x1, x2, /):
    """numpy.linalg.outer: outer product of two one-dimensional arrays."""
    return _la.linalg_outer(x1, x2)


def linalg_tensordot(x1, x2, /, *, axes=2):
    """numpy.linalg.tensordot (keyword-only axes)."""
    return tensordot(x1, x2, axes)


def linalg_vecdot(x1, x2, /, *, axis=-1):
    """numpy.linalg.vecdot: vector dot product along axis."""
    return vecdot(x1, x2, axis=axis)


def matrix_transpose(x, /):
    """numpy.linalg.matrix_transpose: the last two axes swapped (a view)."""
    return _la.matrix_transpose(x)


def linalg_cross(x1, x2, /, *, axis=-1):
    """numpy.linalg.cross: cross product of 3-element vectors."""
    import cupric
    x1 = cupric.asarray(x1)
    x2 = cupric.asarray(x2)
    if x1.ndim == 0 or x2.ndim == 0 or x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they are "
                         f"{x1.shape[axis] if x1.ndim else 0} and {x2.shape[axis] if x2.ndim else 0} "
                         "dimensional instead.")
    return cross(x1, x2, axis=axis)


# ---- einsum ----

_OPTIMIZE = {False: 0, None: 0, True: 1, "greedy": 1, "optimal": 2}


def _letters(sublist):
    chars = []
    for s in sublist:
        if s is Ellipsis:
            chars.append("...")
        else:
            s = operator.index(s)
            if not 0 <= s < 52:
                raise ValueError("subscript is not within the valid range [0, 52)")
            chars.append(chr(ord("A") + s) if s < 26 else chr(ord("a") + s - 26))
    return "".join(chars)


def _subscripts_and_operands(operands):
    # numpy.einsum's two forms: ('ij,jk->ik', a, b) or (a, [0, 1], b, [1, 2], [0, 2]).
    if isinstance(operands[0], str):
        return operands[0], list(operands[1:])
    ops, terms = [], []
    rest = list(operands)
    while len(rest) >= 2:
        ops.append(rest.pop(0))
        terms.append(_letters(rest.pop(0)))
    subscripts = ",".join(terms)
    if rest:
        subscripts += "->" + _letters(rest[0])
    return subscripts, ops


def _optimize_arg(optimize):
    if isinstance(optimize, (list, tuple)) and optimize and optimize[0] == "einsum_path":
        return 0, [list(step) for step in optimize[1:]]
    if isinstance(optimize, str) and optimize not in _OPTIMIZE:
        raise TypeError("Did not understand the path: %s" % optimize)
    try:
        return _OPTIMIZE[optimize], []
    except (KeyError, TypeError):
        raise TypeError("Did not understand the path (optimize): %r" % (optimize,)) from None


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """Einstein summation (numpy.einsum): explicit or implicit subscripts, ellipsis, the
    interleaved (operand, sublist) form, and optimize=False/True/'greedy'/'optimal' or a path
    from einsum_path; contractions run as batched GEMM (Note [Einsum] in
    src/linalg/products/einsum.cpp)."""
    if not operands:
        raise ValueError("No input operands")
    subscripts, ops = _subscripts_and_operands(operands)
    mode, path = _optimize_arg(optimize)
    return _la.einsum(subscripts, ops, out, dtype, casting, mode, path)


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    """The contraction order einsum would use and a report of its cost (numpy.einsum_path)."""
    subscripts, ops = _subscripts_and_operands(operands)
    if isinstance(optimize, (list, tuple)) and optimize and optimize[0] == "einsum_path":
        return list(optimize), ""
    if optimize is True:
        optimize = "greedy"
    mode, _ = _optimize_arg(optimize)
    import numpy as _np
    shaped = [o if hasattr(o, "shape") else _np.asarray(o) for o in ops]
    return _la.einsum_path(subscripts, shaped, mode)
