"""array_equal and array_equiv against NumPy 2."""
import numpy

import cupric as cp


def test_array_equal_equiv():
    a = numpy.array([1.0, numpy.nan, 3.0])
    for x, y, kw in [(a, a, {}), (a, a, {"equal_nan": True}), (a[:2], a, {}), (numpy.arange(3), numpy.arange(3), {})]:
        r = cp.array_equal(cp.asarray(x), cp.asarray(y), **kw)
        assert isinstance(r, cp.ndarray) and r.ndim == 0
        assert bool(r) == numpy.array_equal(x, y, **kw)
    for x, y in [(numpy.ones((2, 3)), numpy.ones(3)), (numpy.ones((2, 3)), numpy.ones(2)),
                 (numpy.arange(3), numpy.array([0, 1, 3]))]:
        assert bool(cp.array_equiv(cp.asarray(x), cp.asarray(y))) == numpy.array_equiv(x, y)
