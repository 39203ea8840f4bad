"""ufunc.at (V12-SCATTER: repeated indices accumulate), ufunc.outer, the deprecated
ndarray.scatter_* methods and cupricx.scatter_* (V4-SCATTER), against NumPy."""
import warnings

import numpy
import pytest

import cupric
import cupricx
from cupric import testing


def _both(a_np):
    return a_np.copy(), cupric.asarray(a_np)


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.int64, numpy.uint8, numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64])
@pytest.mark.parametrize('name', ['add', 'subtract', 'multiply', 'maximum', 'minimum'])
def test_at_repeated_indices_V12_SCATTER(name, dtype):
    rng = numpy.random.default_rng(0)
    a_np, a = _both(rng.integers(1, 5, 10).astype(dtype))
    idx = [0, 3, 3, 9, 0, 0, 5, -1]
    b_np = rng.integers(1, 4, len(idx)).astype(dtype)
    getattr(numpy, name).at(a_np, idx, b_np)
    getattr(cupric, name).at(a, cupric.asarray(numpy.array(idx)), cupric.asarray(b_np))
    testing.assert_allclose(a.get(), a_np, rtol=1e-3 if dtype == numpy.float16 else 1e-12)


def test_at_scalar_and_broadcast_values():
    a_np, a = _both(numpy.zeros((4, 5)))
    numpy.add.at(a_np, (numpy.array([0, 0, 3]), slice(None)), 1.5)
    cupric.add.at(a, (cupric.asarray([0, 0, 3]), slice(None)), 1.5)
    testing.assert_array_equal(a.get(), a_np)
    row = numpy.arange(5.0)
    numpy.add.at(a_np, [1, 1, 2], row)
    cupric.add.at(a, [1, 1, 2], cupric.asarray(row))
    testing.assert_array_equal(a.get(), a_np)
    numpy.add.at(a_np, (slice(None), [4, 4]), [[1, 2]] * 4)
    cupric.add.at(a, (slice(None), [4, 4]), [[1, 2]] * 4)
    testing.assert_array_equal(a.get(), a_np)


def test_at_unary_boolean_mask_and_views():
    a_np, a = _both(numpy.arange(-6, 6).reshape(3, 4))
    numpy.negative.at(a_np, [0, 0, 2])
    cupric.negative.at(a, [0, 0, 2])
    testing.assert_array_equal(a.get(), a_np)
    mask = a_np > 0
    numpy.square.at(a_np, mask)
    cupric.square.at(a, cupric.asarray(mask))
    testing.assert_array_equal(a.get(), a_np)
    t_np, t = a_np.T[::-1], a.T[::-1]
    numpy.add.at(t_np, ([0, 0, 1], [2, 2, 2]), 10)
    cupric.add.at(t, ([0, 0, 1], [2, 2, 2]), 10)
    testing.assert_array_equal(a.get(), a_np)


def test_at_casts_result_unsafely_and_errors():
    a_np, a = _both(numpy.zeros(3, numpy.int64))
    numpy.add.at(a_np, [0, 0], 1.5)
    cupric.add.at(a, [0, 0], 1.5)
    testing.assert_array_equal(a.get(), a_np)
    with pytest.raises(ValueError, match='second operand needed'):
        cupric.add.at(a, [0])
    with pytest.raises(ValueError, match='second operand provided'):
        cupric.negative.at(a, [0], 1)
    with pytest.raises(ValueError, match='single output'):
        cupric.divmod.at(a, [0], 1)
    with pytest.raises(IndexError):
        cupric.add.at(a, [3], 1)
    with pytest.raises(ValueError):
        cupric.add.at(a, [0, 1], cupric.asarray([1, 2, 3]))
    testing.assert_array_equal(a.get(), a_np)  # bad input changed nothing
    cupric.add.at(a, cupric.asarray(numpy.array([], numpy.int64)), 1)
    testing.assert_array_equal(a.get(), a_np)


@pytest.mark.parametrize('name', ['add', 'subtract', 'greater', 'power', 'arctan2', 'divmod'])
def test_outer(name):
    a_np = numpy.arange(1, 7, dtype=numpy.float64).reshape(2, 3)
    b_np = numpy.arange(1, 5, dtype=numpy.float64)
    a, b = cupric.asarray(a_np), cupric.asarray(b_np)
    r, e = getattr(cupric, name).outer(a, b), getattr(numpy, name).outer(a_np, b_np)
    for x, y in zip(r if isinstance(r, tuple) else (r,), e if isinstance(e, tuple) else (e,)):
        assert x.shape == y.shape and x.dtype == y.dtype
        testing.assert_allclose(x.get(), y)
    r = cupric.multiply.outer(a.T, b[::-1], dtype=numpy.float32)
    e = numpy.multiply.outer(a_np.T, b_np[::-1], dtype=numpy.float32)
    assert r.dtype == e.dtype
    testing.assert_allclose(r.get(), e)
    out = cupric.empty((2, 3, 4))
    assert cupric.add.outer(a, b, out=out) is out
    with pytest.raises(ValueError, match='binary'):
        cupric.negative.outer(a, b)


@pytest.mark.parametrize('kind', ['add', 'max', 'min'])
def test_scatter_deprecated_and_cupricx_V4_SCATTER(kind):
    func = {'add': numpy.add, 'max': numpy.maximum, 'min': numpy.minimum}[kind]
    base = numpy.array([5.0, 1.0, 3.0, 7.0])
    idx, vals = numpy.array([0, 0, 2, 3]), numpy.array([2.0, 9.0, -1.0, 4.0])
    expected = base.copy()
    func.at(expected, idx, vals)
    a = cupric.asarray(base)
    getattr(cupricx, 'scatter_' + kind)(a, cupric.asarray(idx), cupric.asarray(vals))
    testing.assert_array_equal(a.get(), expected)
    b = cupric.asarray(base)
    with pytest.warns(DeprecationWarning):
        getattr(b, 'scatter_' + kind)(cupric.asarray(idx), cupric.asarray(vals))
    testing.assert_array_equal(b.get(), expected)


def test_ufunc_attributes_of_existing_ufuncs():
    for name in ('add', 'logaddexp', 'divmod', 'clip', 'hypot', 'gcd'):
        u = cupric._core._ufuncs[name]
        assert u.nargs == u.nin + u.nout and u.ntypes == len(u.types) and u.__name__ == name
    assert cupric.logaddexp.identity == -numpy.inf
    assert cupric._core._ufuncs['clip'].nin == 3
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        cupric.add.at(cupric.zeros(2), [0], 1)  # ufunc.at itself is not deprecated
