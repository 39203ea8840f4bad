"""cupric.polynomial.polynomial: power series, lowest power first (numpy.polynomial.polynomial's
polyval, polyvalfromroots, polyvander, polycompanion; C++: src/ops/polynomial.cpp)."""
import operator

from cupric import _core


def _cupric():
    import cupric
    return cupric


def _as_arg(x):
    # NumPy converts tuples and lists (not other scalars) to arrays before deciding tensor shapes.
    if isinstance(x, (tuple, list)):
        return _cupric().asarray(x)
    return x


def polyval(x, c, tensor=True):
    """c[0] + c[1]*x + c[2]*x**2 + ... (numpy.polynomial.polynomial.polyval)."""
    return _core._polyval_lowfirst(_as_arg(x), c, bool(tensor))


def polyvalfromroots(x, r, tensor=True):
    """prod(x - r) over the roots r (numpy.polynomial.polynomial.polyvalfromroots)."""
    return _core._polyvalfromroots(_as_arg(x), r, bool(tensor))


def polyvander(x, deg):
    """The pseudo-Vandermonde matrix x**0 ... x**deg (numpy.polynomial.polynomial.polyvander)."""
    try:
        ideg = operator.index(deg)
    except TypeError:
        raise TypeError("deg must be an integer") from None
    return _core._polyvander(x, ideg)


def polycompanion(c):
    """The companion matrix of the power series c (numpy.polynomial.polynomial.polycompanion)."""
    cp = _cupric()
    c = cp.atleast_1d(cp.asarray(c))
    if c.ndim != 1:
        raise ValueError("Coefficient array is not 1-d")
    if len(c) < 2:
        raise ValueError('Series must have maximum degree of at least 1.')
    if c.dtype.kind in 'biu':
        c = c + 0.0
    if len(c) == 2:
        return cp.asarray((-c[0] / c[1]).reshape(1, 1))
    n = len(c) - 1
    mat = cp.zeros((n, n), dtype=c.dtype)
    bot = mat.reshape(-1)[n::n + 1]
    bot[...] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat
