"""c_, r_, s_, index_exp, mgrid, ogrid, ndindex and ndarray.flat (flatiter) against NumPy."""
import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy


def test_r_and_c():
    a_np, b_np = numpy.array([1, 2, 3]), numpy.array([[4.0, 5.0]])
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    assert_matches_numpy(cupric.r_[a, 0, 6, a], numpy.r_[a_np, 0, 6, a_np])
    assert_matches_numpy(cupric.r_[-1:1:6j, [0] * 3, 5, 6], numpy.r_[-1:1:6j, [0] * 3, 5, 6])
    assert_matches_numpy(cupric.r_[0:10:2], numpy.r_[0:10:2])
    assert_matches_numpy(cupric.r_['-1', cupric.ones((2, 2)), cupric.zeros((2, 1))],
                         numpy.r_['-1', numpy.ones((2, 2)), numpy.zeros((2, 1))])
    assert_matches_numpy(cupric.r_['0,2', a, a], numpy.r_['0,2', a_np, a_np])
    assert_matches_numpy(cupric.r_['0,2,0', a, a], numpy.r_['0,2,0', a_np, a_np])
    assert_matches_numpy(cupric.c_[a, a], numpy.c_[a_np, a_np])
    assert_matches_numpy(cupric.c_[b, 7, 8, b], numpy.c_[b_np, 7, 8, b_np])
    assert_matches_numpy(cupric.r_[a, 2.5], numpy.r_[a_np, 2.5])
    with pytest.raises(ValueError):
        cupric.r_[a, 'r']


def test_s_index_exp_ndindex():
    assert cupric.s_[1:5, ::2] == numpy.s_[1:5, ::2]
    assert cupric.index_exp[3] == numpy.index_exp[3]
    assert list(cupric.ndindex(2, 3)) == list(numpy.ndindex(2, 3))


@pytest.mark.parametrize('key', [
    numpy.s_[0:5], numpy.s_[0:5:2], numpy.s_[-1:1:5j], numpy.s_[0:1:0.25],
    numpy.s_[0:3, 0:2], numpy.s_[0:4:2, -1:1:3j], numpy.s_[0.5:2.5, 0:3], numpy.s_[0:2, 0:3, 1:2]])
def test_mgrid_ogrid(key):
    assert_matches_numpy(cupric.mgrid[key], numpy.mgrid[key])
    r, e = cupric.ogrid[key], numpy.ogrid[key]
    if isinstance(e, (list, tuple)):
        assert len(r) == len(e)
        for x, y in zip(r, e):
            assert_matches_numpy(x, y)
    else:
        assert_matches_numpy(r, e)


@pytest.mark.parametrize('layout', ['c', 'transposed', 'sliced'])
def test_flat(layout):
    base = numpy.arange(24.0).reshape(4, 6)
    a_np = {'c': base.copy(), 'transposed': base.copy().T, 'sliced': base.copy()[:, ::2]}[layout]
    a = cupric.asarray(base.copy())
    a = {'c': a, 'transposed': a.T, 'sliced': a[:, ::2]}[layout]
    f = a.flat
    assert isinstance(f, cupric.flatiter) and f.base is a and len(f) == a_np.size
    assert float(f[5]) == a_np.flat[5]
    assert_matches_numpy(f[2:9:3], a_np.flat[2:9:3])
    assert_matches_numpy(f.copy(), a_np.flat.copy())
    assert [float(v) for v in f] == list(a_np.flat)
    f[3] = -1
    a_np.flat[3] = -1
    f[::5] = cupric.array([7.0, 8.0])
    a_np.flat[::5] = numpy.array([7.0, 8.0])
    f[cupric.asarray([0, 1])] = 9
    a_np.flat[[0, 1]] = 9
    assert_matches_numpy(a, a_np)
