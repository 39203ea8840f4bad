"""apply_along_axis, apply_over_axes, piecewise, fromfunction, vectorize and cupricx's errstate."""
import numpy
import pytest

import cupric
import cupricx
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy


@pytest.mark.parametrize('axis', [0, 1, -1])
def test_apply_along_axis(axis):
    a_np = numpy.arange(24.0).reshape(2, 3, 4)
    a = cupric.asarray(a_np)
    assert_matches_numpy(cupric.apply_along_axis(cupric.sum, axis, a), numpy.apply_along_axis(numpy.sum, axis, a_np))
    assert_matches_numpy(cupric.apply_along_axis(lambda v: v[::-1] * 2, axis, a.T),
                         numpy.apply_along_axis(lambda v: v[::-1] * 2, axis, a_np.T))
    assert_matches_numpy(cupric.apply_along_axis(lambda v: cupric.outer(v, v) if hasattr(cupric, 'outer') else
                                                 v[:, None] * v[None, :], axis, a),
                         numpy.apply_along_axis(lambda v: v[:, None] * v[None, :], axis, a_np))
    z_np = numpy.ones((0, 3))
    assert_raises_like_numpy(lambda: numpy.apply_along_axis(numpy.sum, 1, z_np),
                             lambda: cupric.apply_along_axis(cupric.sum, 1, cupric.asarray(z_np)))


def test_apply_over_axes():
    a_np = numpy.arange(24).reshape(2, 3, 4)
    a = cupric.asarray(a_np)
    assert_matches_numpy(cupric.apply_over_axes(cupric.sum, a, [0, 2]), numpy.apply_over_axes(numpy.sum, a_np, [0, 2]))
    assert_matches_numpy(cupric.apply_over_axes(cupric.sum, a, 1), numpy.apply_over_axes(numpy.sum, a_np, 1))


def test_piecewise():
    x_np = numpy.linspace(-2.5, 2.5, 6)
    x = cupric.asarray(x_np)
    assert_matches_numpy(cupric.piecewise(x, [x < 0, x >= 0], [-1, 1]),
                         numpy.piecewise(x_np, [x_np < 0, x_np >= 0], [-1, 1]))
    assert_matches_numpy(cupric.piecewise(x, [x < 0, x > 1], [lambda v: -v, lambda v: v * 10, 7.0]),
                         numpy.piecewise(x_np, [x_np < 0, x_np > 1], [lambda v: -v, lambda v: v * 10, 7.0]))
    assert_matches_numpy(cupric.piecewise(x, x > 0, [lambda v: v ** 2, 0]),
                         numpy.piecewise(x_np, x_np > 0, [lambda v: v ** 2, 0]))
    assert_raises_like_numpy(lambda: numpy.piecewise(x_np, [x_np < 0], [1, 2, 3]),
                             lambda: cupric.piecewise(x, [x < 0], [1, 2, 3]))


@pytest.mark.parametrize('dtype', [float, numpy.int32, numpy.float32])
def test_fromfunction(dtype):
    def f(i, j):
        return i * 10 + j
    assert_matches_numpy(cupric.fromfunction(f, (3, 4), dtype=dtype), numpy.fromfunction(f, (3, 4), dtype=dtype))


def test_vectorize():
    def f(a, b):
        return a * 2 + b
    vf_np, vf = numpy.vectorize(f), cupric.vectorize(f)
    a_np, b_np = numpy.arange(6).reshape(2, 3), numpy.array([1, 2, 3])
    assert_matches_numpy(vf(cupric.asarray(a_np), cupric.asarray(b_np)), vf_np(a_np, b_np))
    assert_matches_numpy(cupric.vectorize(f, otypes=[numpy.float32])(cupric.asarray(a_np), 1),
                         numpy.vectorize(f, otypes=[numpy.float32])(a_np, 1))
    assert_matches_numpy(vf(cupric.asarray(a_np), 5), vf_np(a_np, 5))
    with pytest.raises(TypeError):
        cupric.vectorize(f, signature='(n)->()')


def test_errstate():
    # CuPy 14's default, linalg='ignore' (NaNs, no host sync); 'raise' is NumPy's behaviour
    # (docs/differences.md, "Linear algebra").
    assert cupricx.geterr() == {'linalg': 'ignore'}
    with cupricx.errstate(linalg='raise'):
        assert cupricx.geterr() == {'linalg': 'raise'}
    assert cupricx.geterr() == {'linalg': 'ignore'}
    old = cupricx.seterr(linalg='raise')
    assert old == {'linalg': 'ignore'} and cupricx.geterr()['linalg'] == 'raise'
    cupricx.seterr(**old)
    with pytest.raises(ValueError):
        cupricx.seterr(linalg='warn')
