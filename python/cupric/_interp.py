"""numpy.interp and numpy.unwrap; C++: src/ops/interp.cpp."""
import math

from cupric import _core


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise-linear interpolation of (xp, fp) at x (numpy.interp)."""
    return _core._interp(x, xp, fp, None if left is None else complex(left), None if right is None else complex(right),
                         None if period is None else float(period))


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    """Unwraps p by taking the complement of large jumps modulo period (numpy.unwrap)."""
    return _core._unwrap(p, None if discont is None else float(discont), int(axis), period)
