"""NumPy's power-series polynomial functions (numpy.polyval, vander, polyadd, polysub, polymul,
polydiv, poly, poly1d). The loops are C++ (src/ops/polynomial.cpp: polyval, vander); the others
are NumPy's own short sequences of cupric array operations on the coefficient arrays."""
import numbers

import numpy

from cupric import _core


def _cupric():
    import cupric
    return cupric


def polyval(p, x):
    """The polynomial with coefficients p (highest power first) at x (numpy.polyval)."""
    if isinstance(p, poly1d):
        p = p.coeffs
    if isinstance(x, poly1d):
        raise TypeError("cupric.polyval does not take a poly1d x (compose the polynomials instead)")
    return _core._polyval(p, x)


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix of the 1-d x (numpy.vander)."""
    return _core._vander(x, None if N is None else int(N), bool(increasing))


def _linalg():
    # cupric.linalg (issue 17) provides lstsq and eigvals; imported on use.
    import importlib
    return importlib.import_module('cupric.linalg')


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares polynomial fit of degree deg (numpy.polyfit; cov=True is not supported, as in CuPy)."""
    import warnings
    cp = _cupric()
    if cov:
        raise ValueError("cupric.polyfit does not compute the covariance matrix (cov=True), as CuPy's")
    order = int(deg) + 1
    x, y = cp.asarray(x) + 0.0, cp.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * numpy.finfo(x.dtype).eps
    lhs, rhs = vander(x, order), y
    if w is not None:
        w = cp.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, None]
        rhs = rhs * (w if rhs.ndim == 1 else w[:, None])
    scale = cp.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = _linalg().lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if int(rank) != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", numpy.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    return c


def roots(p):
    """The roots of the polynomial p (highest power first): the companion matrix's eigenvalues."""
    cp = _cupric()
    p = cp.atleast_1d(cp.asarray(p))
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    non_zero = cp.flatnonzero(p)
    if len(non_zero) == 0:
        return cp.array([])
    first, last = int(non_zero[0]), int(non_zero[-1])
    trailing_zeros = len(p) - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in 'fc':
        p = p.astype(float)
    N = len(p)
    if N > 1:
        A = cp.diag(cp.ones((N - 2,), p.dtype), -1)
        A[0, :] = -p[1:] / p[0]
        r = _linalg().eigvals(A)
    else:
        r = cp.array([])
    return cp.concatenate((r, cp.zeros(trailing_zeros, r.dtype)))


def _coeffs(a):
    cp = _cupric()
    return cp.atleast_1d(a.coeffs if isinstance(a, poly1d) else cp.asarray(a))


def _combine(a1, a2, op):
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    cp = _cupric()
    a1, a2 = _coeffs(a1), _coeffs(a2)
    diff = len(a2) - len(a1)
    if diff > 0:
        a1 = cp.concatenate((cp.zeros(diff, a1.dtype), a1))
    elif diff < 0:
        a2 = cp.concatenate((cp.zeros(-diff, a2.dtype), a2))
    val = op(a1, a2)
    return poly1d(val) if truepoly else val


def polyadd(a1, a2):
    """The sum of two polynomials (numpy.polyadd)."""
    return _combine(a1, a2, lambda x, y: x + y)


def polysub(a1, a2):
    """The difference of two polynomials (numpy.polysub)."""
    return _combine(a1, a2, lambda x, y: x - y)


def polymul(a1, a2):
    """The product of two polynomials: the convolution of their coefficients (numpy.polymul)."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    val = _cupric().convolve(_coeffs(a1), _coeffs(a2))
    return poly1d(val) if truepoly else val


def polydiv(u, v):
    """Quotient and remainder of polynomial division (numpy.polydiv)."""
    cp = _cupric()
    truepoly = isinstance(u, poly1d) or isinstance(v, poly1d)
    u, v = _coeffs(u) + 0.0, _coeffs(v) + 0.0
    w = u[0] + v[0]
    m, n = len(u) - 1, len(v) - 1
    scale = 1. / v[0]
    q = cp.zeros((max(m - n + 1, 1),), w.dtype)
    r = u.astype(w.dtype)
    for k in range(0, m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    while cp.allclose(r[0], 0, rtol=1e-14) and (r.shape[-1] > 1):
        r = r[1:]
    if truepoly:
        return poly1d(q), poly1d(r)
    return q, r


def poly(seq_of_zeros):
    """The coefficients of the monic polynomial with the given roots (numpy.poly; 1-d roots)."""
    cp = _cupric()
    seq = cp.atleast_1d(cp.asarray(seq_of_zeros))
    if seq.ndim != 1:
        raise ValueError("input must be 1d (cupric.poly takes roots; a matrix's characteristic polynomial "
                         "needs its eigenvalues: cupric.poly(cupric.linalg.eigvals(A)))")
    a = cp.ones((1,), dtype=seq.dtype if seq.dtype.kind in 'fc' else numpy.float64)
    for k in range(len(seq)):
        a = cp.convolve(a, cp.concatenate((cp.ones(1, a.dtype), -seq[k:k + 1])), mode='full')
    if a.dtype.kind == 'c':
        roots = seq
        pos_roots = cp.sort(roots[roots.imag > 0])
        neg_roots = cp.sort(cp.conjugate(roots[roots.imag < 0]))
        if len(pos_roots) == len(neg_roots) and bool(cp.all(neg_roots == pos_roots)):
            a = a.real.copy()
    return a


class poly1d:
    """A one-dimensional polynomial, highest power first (numpy.poly1d, CuPy's subset): its
    coefficients live in a cupric array; arithmetic gives new poly1d objects."""
    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        cp = _cupric()
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = poly(c_or_r)
        c_or_r = cp.atleast_1d(cp.asarray(c_or_r))
        if c_or_r.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c_or_r = cp.trim_zeros(c_or_r, trim='f')
        if len(c_or_r) == 0:
            c_or_r = cp.array([0], dtype=c_or_r.dtype)
        self._coeffs = c_or_r
        self._variable = 'x' if variable is None else variable

    @property
    def coeffs(self):
        """The coefficients, highest power first."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    c = coef = coefficients = coeffs

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return len(self._coeffs) - 1

    o = order

    def __array__(self, *args, **kwargs):
        raise TypeError("Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct "
                        "a NumPy array explicitly.")

    def __repr__(self):
        vals = repr(self.coeffs.get())[6:-1]
        return f"poly1d({vals})"

    def __len__(self):
        return self.order

    def __call__(self, val):
        if isinstance(val, poly1d):
            raise TypeError("cupric.poly1d cannot be called with a poly1d")
        return polyval(self.coeffs, val)

    def __neg__(self):
        return poly1d(-self.coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if isinstance(other, numbers.Number) or numpy.isscalar(other):
            return poly1d(self.coeffs * other)
        return poly1d(polymul(self.coeffs, _coeffs(other)))

    def __rmul__(self, other):
        if isinstance(other, numbers.Number) or numpy.isscalar(other):
            return poly1d(other * self.coeffs)
        return poly1d(polymul(_coeffs(other), self.coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self.coeffs, _coeffs(other)))

    def __radd__(self, other):
        return poly1d(polyadd(_coeffs(other), self.coeffs))

    def __sub__(self, other):
        return poly1d(polysub(self.coeffs, _coeffs(other)))

    def __rsub__(self, other):
        return poly1d(polysub(_coeffs(other), self.coeffs))

    def __pow__(self, val):
        if not isinstance(val, numbers.Integral) or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = _cupric().array([1], dtype=self.coeffs.dtype)
        for _ in range(val):
            res = polymul(self.coeffs, res)
        return poly1d(res)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self.coeffs.shape != other.coeffs.shape:
            return False
        return bool((self.coeffs == other.coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        ind = self.order - val
        if val > self.order or val < 0:
            return self.coeffs.dtype.type(0)
        return self.coeffs[ind]

    def deriv(self, m=1):
        """The m-th derivative."""
        cp = _cupric()
        m = int(m)
        if m < 0:
            raise ValueError("Order of derivative must be positive (see polyint)")
        val = self.coeffs
        for _ in range(m):
            n = len(val) - 1
            val = val[:-1] * cp.arange(n, 0, -1) if n > 0 else val[:1] * 0
        return poly1d(val)
