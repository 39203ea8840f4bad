"""ufunc.reduce / accumulate / reduceat against NumPy 2: engine-routed ufuncs (add, multiply,
maximum, minimum, fmax, fmin, logical_and/or) and the generic path (bitwise, logical_xor,
subtract, divide, ...) over axes, dtype, out, keepdims, initial, where and empty inputs."""
import numpy
import pytest

import cupric as cp
from cupric import testing

ROUTED = ["add", "multiply", "maximum", "minimum", "fmax", "fmin", "logical_and", "logical_or"]
GENERIC = ["bitwise_and", "bitwise_or", "bitwise_xor", "logical_xor", "subtract"]


def vals(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    v = rng.integers(1, 4, shape)
    return v.astype(dtype)


@pytest.mark.parametrize("name", ROUTED + GENERIC)
@pytest.mark.parametrize("axis", [0, 1, -1, None, (0, 2)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_reduce(name, axis, keepdims):
    h = vals((3, 4, 5), numpy.int32)
    try:
        exp = getattr(numpy, name).reduce(h, axis=axis, keepdims=keepdims)
    except ValueError as e:  # subtract over several axes: "not reorderable"
        with pytest.raises(ValueError, match="not reorderable"):
            getattr(cp, name).reduce(cp.asarray(h), axis=axis, keepdims=keepdims)
        assert "not reorderable" in str(e)
        return
    testing.assert_matches_numpy(getattr(cp, name).reduce(cp.asarray(h), axis=axis, keepdims=keepdims), exp)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "bitwise_or", "subtract"])
def test_reduce_dtype_out_initial(name):
    h = vals((4, 6), numpy.int8)
    uf, cf = getattr(numpy, name), getattr(cp, name)
    testing.assert_matches_numpy(cf.reduce(cp.asarray(h)),
                                 uf.reduce(h))  # add/multiply widen to int64 as NumPy
    testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=1, dtype=numpy.int16),
                                 uf.reduce(h, axis=1, dtype=numpy.int16))
    testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=0, initial=2), uf.reduce(h, axis=0, initial=2))
    out = cp.zeros(6, dtype=numpy.int64)
    r = cf.reduce(cp.asarray(h), axis=0, out=out)
    assert r is out
    testing.assert_matches_numpy(out, uf.reduce(h, axis=0, out=numpy.zeros(6, dtype=numpy.int64)))


@pytest.mark.parametrize("name", ["add", "maximum", "bitwise_xor", "subtract"])
def test_reduce_where(name):
    h = vals((4, 5), numpy.int32)
    w = numpy.random.default_rng(2).random((4, 5)) < 0.6
    uf, cf = getattr(numpy, name), getattr(cp, name)
    testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=0, where=cp.asarray(w), initial=7),
                                 uf.reduce(h, axis=0, where=w, initial=7))
    if uf.identity is None:
        with pytest.raises(ValueError):
            cf.reduce(cp.asarray(h), axis=0, where=cp.asarray(w))
    else:
        testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=0, where=cp.asarray(w)),
                                     uf.reduce(h, axis=0, where=w))


@pytest.mark.parametrize("name", ["add", "multiply", "bitwise_or", "maximum", "subtract", "logical_xor"])
def test_reduce_empty(name):
    h = numpy.zeros((0, 3), dtype=numpy.int32)
    uf, cf = getattr(numpy, name), getattr(cp, name)
    if uf.identity is None:
        with pytest.raises(ValueError):
            cf.reduce(cp.asarray(h), axis=0)
        testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=0, initial=5),
                                     uf.reduce(h, axis=0, initial=5))
    else:
        testing.assert_matches_numpy(cf.reduce(cp.asarray(h), axis=0), uf.reduce(h, axis=0))


def test_reduce_floats_and_nan():
    h = numpy.array([[1.0, numpy.nan, 3.0], [4.0, 5.0, numpy.nan]])
    for name in ("fmax", "fmin", "maximum", "minimum", "add"):
        testing.assert_matches_numpy(getattr(cp, name).reduce(cp.asarray(h), axis=1),
                                     getattr(numpy, name).reduce(h, axis=1))
    testing.assert_matches_numpy(cp.divide.reduce(cp.asarray(h + 1), axis=1),
                                 numpy.divide.reduce(h + 1, axis=1), rtol=1e-6)


def test_reduce_errors():
    with pytest.raises(ValueError):
        cp.sqrt.reduce(cp.arange(3.0))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.add.reduce(cp.arange(3), axis=1)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "bitwise_xor", "logical_or", "subtract",
                                  "fmax"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_accumulate(name, axis):
    h = vals((5, 7), numpy.int16)
    testing.assert_matches_numpy(getattr(cp, name).accumulate(cp.asarray(h), axis=axis),
                                 getattr(numpy, name).accumulate(h, axis=axis))


def test_accumulate_dtype_out_errors():
    h = vals((9,), numpy.int8)
    testing.assert_matches_numpy(cp.add.accumulate(cp.asarray(h)), numpy.add.accumulate(h))
    testing.assert_matches_numpy(cp.add.accumulate(cp.asarray(h), dtype=numpy.float32),
                                 numpy.add.accumulate(h, dtype=numpy.float32))
    out = cp.empty(9, dtype=numpy.int64)
    assert cp.maximum.accumulate(cp.asarray(h), out=out) is out
    testing.assert_matches_numpy(out, numpy.maximum.accumulate(h).astype(numpy.int64))
    with pytest.raises(TypeError):
        cp.add.accumulate(cp.asarray(numpy.float64(1.0)))
    f = numpy.array([1.0, numpy.nan, 0.5, 3.0])
    testing.assert_matches_numpy(cp.maximum.accumulate(cp.asarray(f)), numpy.maximum.accumulate(f))
    testing.assert_matches_numpy(cp.fmin.accumulate(cp.asarray(f)), numpy.fmin.accumulate(f))


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "bitwise_or", "subtract"])
def test_reduceat(name):
    h = vals((8, 3), numpy.int32)
    uf, cf = getattr(numpy, name), getattr(cp, name)
    for idx in ([0, 4, 1, 5], [0, 3, 3, 7], [2]):
        testing.assert_matches_numpy(cf.reduceat(cp.asarray(h), idx), uf.reduceat(h, idx))
        testing.assert_matches_numpy(cf.reduceat(cp.asarray(h.T), idx, axis=1), uf.reduceat(h.T, idx, axis=1))
    with pytest.raises(IndexError):
        cf.reduceat(cp.asarray(h), [0, 9])


def test_ufunc_methods_axis_and_index_errors():
    """NumPy's messages for the argument checks the C++ routines (cupric::ufunc_*) make."""
    h = vals((2, 3), numpy.int8)
    a = cp.asarray(h)
    for kw in ({"axis": None}, {"axis": (0, 1)}):
        with pytest.raises(ValueError, match="accumulate does not allow multiple axes"):
            cp.add.accumulate(a, **kw)
        with pytest.raises(ValueError, match="reduceat does not allow multiple axes"):
            cp.add.reduceat(a, [0], **kw)
    testing.assert_matches_numpy(cp.subtract.accumulate(a, axis=(1,)),
                                 numpy.subtract.accumulate(h, axis=(1,)))
    with pytest.raises(ValueError, match="could not be broadcast"):
        cp.subtract.accumulate(a, out=cp.zeros((3, 2), dtype=numpy.int8))
    z = numpy.array(3, dtype=numpy.int8)  # NumPy: axis 0 / -1 of a 0-d array reduces nothing
    testing.assert_matches_numpy(cp.subtract.reduce(cp.asarray(z), axis=-1),
                                 numpy.subtract.reduce(z, axis=-1))
    testing.assert_matches_numpy(cp.add.reduce(cp.asarray(z)), numpy.add.reduce(z))
    with pytest.raises(TypeError, match="uint64"):
        cp.add.reduceat(a, cp.asarray(numpy.array([0], dtype=numpy.uint64)), axis=1)
    testing.assert_matches_numpy(cp.add.reduceat(a, [0.0, 2.0], axis=1),
                                 numpy.add.reduceat(h, [0.0, 2.0], axis=1))
    with pytest.raises(OverflowError):
        cp.maximum.reduce(a, initial=300)
