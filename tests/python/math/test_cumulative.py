"""Scans against NumPy 2: cumsum/cumprod/nancumsum/nancumprod (functions and ndarray methods) over
dtypes, axes (None, int, negative), dtype= (NumPy 2's accumulation dtypes), out=, empty inputs,
NaNs and layouts; long rows (several GPU tiles); CUPRIC_ACCELERATORS (V11-CUB) on and off."""
import os
import subprocess
import sys

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric as cp
from cupric import testing
from cupric import _accelerator

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
              numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
              numpy.complex128]
SCANS = ["cumsum", "cumprod", "nancumsum", "nancumprod"]
# Scans of floats whose order of additions differs from NumPy's (bool and integers stay exact).
ROUNDED = dict(rtol={numpy.float16: 1e-2, 'default': 1e-5}, atol={numpy.float16: 1e-2, 'default': 1e-5})


def values(shape, dtype, seed=0, prod=False):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt == numpy.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    lo, hi = (-1, 3) if prod else (-4, 5)
    if dt.kind == "u":
        lo = 0
    v = rng.integers(lo, hi, shape)
    if dt.kind == "c":
        return (v + 1j * rng.integers(-1, 2, shape)).astype(dt)
    return v.astype(dt)


def exact_on_backend(dtype):
    # Host: NumPy's sequential order (bit-exact); GPU: tree order for floats.
    return numpy.dtype(dtype).kind in "biu" or os.environ.get("CUPRIC_BACKEND", "host") == "host"


@pytest.mark.parametrize("name", SCANS)
@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, 2])
def test_scan_dtypes_axes(name, dtype, axis):
    h = values((3, 4, 5), dtype, prod="prod" in name)
    exp = getattr(numpy, name)(h, axis=axis)
    res = getattr(cp, name)(cp.asarray(h), axis=axis)
    testing.assert_matches_numpy(res, exp, **({} if exact_on_backend(dtype) else ROUNDED))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.bool_, numpy.uint16, numpy.float16])
def test_scan_accumulation_dtype(dtype):
    h = values((50,), dtype)
    for name in ("cumsum", "cumprod"):
        assert getattr(cp, name)(cp.asarray(h)).dtype == getattr(numpy, name)(h).dtype


@pytest.mark.parametrize("dtype", [numpy.int16, numpy.int8, numpy.float32, numpy.float64, numpy.complex128,
                                   numpy.uint8])
def test_scan_dtype_argument(dtype):
    h = values((4, 6), numpy.int32)
    for name in SCANS:
        testing.assert_matches_numpy(getattr(cp, name)(cp.asarray(h), axis=1, dtype=dtype),
                                     getattr(numpy, name)(h, axis=1, dtype=dtype))


def test_scan_methods():
    h = values((3, 7), numpy.int32)
    a = cp.asarray(h)
    testing.assert_matches_numpy(a.cumsum(), h.cumsum())
    testing.assert_matches_numpy(a.cumsum(axis=0), h.cumsum(axis=0))
    testing.assert_matches_numpy(a.cumprod(1, numpy.float64), h.cumprod(1, numpy.float64))


def test_scan_out():
    h = values((5, 6), numpy.int64)
    out = cp.empty((5, 6), dtype=numpy.int64)
    r = cp.cumsum(cp.asarray(h), axis=0, out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.cumsum(h, axis=0))
    out2 = cp.empty((5, 6), dtype=numpy.float32)  # cast on the way out
    cp.cumsum(cp.asarray(h), axis=1, out=out2)
    testing.assert_matches_numpy(out2, numpy.cumsum(h, axis=1).astype(numpy.float32))
    with pytest.raises(ValueError):
        cp.cumsum(cp.asarray(h), axis=1, out=cp.empty((5, 5), dtype=numpy.int64))


def test_scan_out_overlapping_input():
    h = values((40,), numpy.float64)
    a = cp.asarray(h)
    cp.cumsum(a, out=a)
    numpy.testing.assert_allclose(a.get(), numpy.cumsum(h))


@pytest.mark.parametrize("shape,axis", [((0,), None), ((0,), 0), ((3, 0), 1), ((3, 0), 0), ((0, 4), 1), ((), None)])
def test_scan_empty_and_0d(shape, axis):
    h = values(shape, numpy.float32)
    for name in SCANS:
        testing.assert_matches_numpy(getattr(cp, name)(cp.asarray(h), axis=axis),
                                     getattr(numpy, name)(h, axis=axis))


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64])
def test_scan_nans(dtype):
    h = values((6, 33), dtype)
    h[numpy.random.default_rng(1).random(h.shape) < 0.2] = numpy.nan
    h[2] = numpy.nan  # an all-NaN row
    for name in SCANS:
        for axis in (None, 0, 1):
            testing.assert_matches_numpy(getattr(cp, name)(cp.asarray(h), axis=axis),
                                         getattr(numpy, name)(h, axis=axis), **ROUNDED)


@pytest.mark.parametrize("layout", ["F", "T", "negstep", "strided", "broadcast"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_scan_layouts(layout, axis):
    h = values((9, 12), numpy.int32)
    a = cp.asarray(h)
    if layout == "F":
        h2, a2 = numpy.asfortranarray(h), cp.asfortranarray(a)
    elif layout == "T":
        h2, a2 = h.T, a.T
    elif layout == "negstep":
        h2, a2 = h[::-1, ::-2], a[::-1, ::-2]
    elif layout == "strided":
        h2, a2 = h[::2, 1::3], a[::2, 1::3]
    else:
        h2, a2 = numpy.broadcast_to(h[:1], (9, 12)), cp.broadcast_to(a[:1], (9, 12))
    testing.assert_matches_numpy(cp.cumsum(a2, axis=axis), numpy.cumsum(h2, axis=axis))


@pytest.mark.parametrize("shape,axis", [((100003,), 0), ((3, 70001), 1), ((70001, 3), 0), ((5000, 40), 0),
                                        ((40, 5000), 1), ((17, 20000), 0)])
def test_scan_long_rows(shape, axis):
    # Several tiles per row on the GPU (look-back across tiles; tails of partial tiles).
    h = values(shape, numpy.int64)
    testing.assert_matches_numpy(cp.cumsum(cp.asarray(h), axis=axis), numpy.cumsum(h, axis=axis))
    f = numpy.random.default_rng(3).random(shape).astype(numpy.float32)
    testing.assert_matches_numpy(cp.cumsum(cp.asarray(f), axis=axis),
                                 numpy.cumsum(f.astype(numpy.float64), axis=axis).astype(numpy.float32), **ROUNDED)


@settings(max_examples=30, deadline=None)
@given(shape=st.lists(st.integers(0, 6), min_size=1, max_size=4), data=st.data())
def test_scan_property(shape, data):
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    h = values(tuple(shape), numpy.int16)
    testing.assert_matches_numpy(cp.cumsum(cp.asarray(h), axis=axis), numpy.cumsum(h, axis=axis))


def test_scan_errors():
    a = cp.asarray(values((3, 4), numpy.float32))
    with pytest.raises(numpy.exceptions.AxisError):
        cp.cumsum(a, axis=2)
    with pytest.raises(TypeError):
        cp.cumsum(a, axis=1.5)


def test_V11_CUB_accelerators_switch():
    """V11-CUB: results are the same with and without the accelerated paths."""
    old_r, old_d = _accelerator.get_routine_accelerators(), _accelerator.get_reduction_accelerators()
    h = values((3, 50001), numpy.int64)
    f = numpy.random.default_rng(0).random((4, 30001)).astype(numpy.float32)
    try:
        res = {}
        for accel in (["cub"], []):
            _accelerator.set_routine_accelerators(accel)
            _accelerator.set_reduction_accelerators(accel)
            assert _accelerator.get_routine_accelerators() == accel
            res[len(accel)] = (cp.cumsum(cp.asarray(h), axis=1).get(), cp.cumsum(cp.asarray(f), axis=1).get(),
                               cp.sum(cp.asarray(f), axis=1).get())
        numpy.testing.assert_array_equal(res[0][0], res[1][0])
        numpy.testing.assert_array_equal(res[0][0], numpy.cumsum(h, axis=1))
        numpy.testing.assert_allclose(res[0][1], res[1][1], rtol=1e-5)
        numpy.testing.assert_allclose(res[0][2], res[1][2], rtol=1e-5)
        with pytest.raises(ValueError):
            _accelerator.set_routine_accelerators(["nope"])
    finally:
        _accelerator.set_routine_accelerators(old_r)
        _accelerator.set_reduction_accelerators(old_d)


def test_V11_CUB_environment_variable():
    """V11-CUB: CUPRIC_ACCELERATORS="" disables, "cub" selects; same results."""
    code = ("import cupric as cp, numpy as np; from cupric import _accelerator as A;"
            "print(A.get_routine_accelerators(), A.get_reduction_accelerators(),"
            " int(cp.cumsum(cp.arange(100000))[-1]))")
    outs = []
    for val in ("", "cub", "cub,bogus"):
        env = dict(os.environ, CUPRIC_ACCELERATORS=val)
        r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        outs.append(r.stdout.strip())
    assert outs[0] == "[] [] 4999950000"
    assert outs[1] == "['cub'] ['cub'] 4999950000"
    assert outs[2] == outs[1]
