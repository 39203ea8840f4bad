"""var/std/nanvar/nanstd with NumPy 2's mean= (a precomputed mean, shaped as with keepdims=True):
values, dtypes, shapes, where=, out=, keepdims and the degrees-of-freedom warning, against NumPy."""
import warnings

import numpy
import pytest

import cupric as cp
from cupric import testing

RNG = numpy.random.default_rng(0)


def _data(dt, shape=(4, 6)):
    if numpy.dtype(dt).kind == "c":
        return (RNG.random(shape) + 1j * RNG.random(shape)).astype(dt)
    return (RNG.random(shape) * 10).astype(dt)


def _check(name, a, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        n = getattr(numpy, name)(a, **kw)
        ckw = {k: (cp.asarray(v) if isinstance(v, numpy.ndarray) else v) for k, v in kw.items()}
        c = getattr(cp, name)(cp.asarray(a), **ckw)
    # float16: summation order
    testing.assert_matches_numpy(c, n, rtol={numpy.float16: 3e-3, 'default': 1e-5}, atol=1e-6)


@pytest.mark.parametrize("dt", [numpy.float32, numpy.float64, numpy.int32, numpy.uint8, numpy.bool_,
                                numpy.complex64, numpy.complex128, numpy.float16])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("name", ["var", "std"])
def test_var_std_with_mean(dt, axis, name):
    a = _data(dt)
    m = numpy.mean(a, axis=axis, keepdims=True)
    for ddof in [0, 1]:
        _check(name, a, axis=axis, mean=m, ddof=ddof)
        _check(name, a, axis=axis, mean=m, ddof=ddof, keepdims=True)


@pytest.mark.parametrize("layout", ["transposed", "sliced"])
def test_var_with_mean_layouts(layout):
    a = RNG.random((6, 8)).T if layout == "transposed" else RNG.random((9, 12))[::-2, 1::2]
    m = numpy.mean(a, axis=0, keepdims=True)
    _check("var", a, axis=0, mean=m)
    _check("std", a, axis=None, mean=numpy.mean(a, keepdims=True))


@pytest.mark.parametrize("name", ["nanvar", "nanstd"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nanvar_with_mean(name, axis):
    a = RNG.random((4, 6))
    a[1, 2] = numpy.nan
    a[3, :] = numpy.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        m = numpy.nanmean(a, axis=axis, keepdims=True)
    _check(name, a, axis=axis, mean=m)


def test_var_with_mean_where_dtype_out_and_method():
    a = RNG.random((4, 6))
    w = RNG.random((4, 6)) > 0.3
    _check("var", a, axis=1, mean=numpy.mean(a, axis=1, keepdims=True, where=w), where=w)
    _check("var", a, axis=0, mean=numpy.mean(a, axis=0, keepdims=True), dtype=numpy.float32)
    out_n, out_c = numpy.empty(6), cp.empty(6)
    numpy.var(a, axis=0, mean=numpy.mean(a, axis=0, keepdims=True), out=out_n)
    r = cp.var(cp.asarray(a), axis=0, mean=cp.mean(cp.asarray(a), axis=0, keepdims=True), out=out_c)
    assert r is out_c
    numpy.testing.assert_allclose(out_c.get(), out_n)
    d = cp.asarray(a)
    numpy.testing.assert_allclose(d.std(axis=1, mean=d.mean(axis=1, keepdims=True)).get(),
                                  a.std(axis=1, mean=a.mean(axis=1, keepdims=True)))


def test_var_with_mean_dof_warning_and_bad_shape():
    a = RNG.random((3, 4))
    m = numpy.mean(a, axis=1, keepdims=True)
    with pytest.warns(RuntimeWarning, match="Degrees of freedom <= 0"):
        r = cp.var(cp.asarray(a), axis=1, mean=cp.asarray(m), ddof=4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        numpy.testing.assert_array_equal(r.get(), numpy.var(a, axis=1, mean=m, ddof=4))
    with pytest.raises(ValueError):
        cp.var(cp.asarray(a), axis=1, mean=cp.zeros((2, 1)))
