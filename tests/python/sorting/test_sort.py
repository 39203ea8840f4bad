"""sort, argsort, lexsort, partition, argpartition, sort_complex and the ndarray methods against
NumPy 2: every dtype, NaN placement (NaNs last; complex NaN classes), -0.0/+0.0 equal and stable,
axes (negative, None), layouts, zero-size and 0-d arrays, errors."""
import numpy
import pytest

import cupric as cp
from array_cases import (ALL_DTYPES, BFLOAT16, LAYOUTS, make_pair, params, requires_bf16,
                         special_pair, special_values)
from cupric import testing


try:
    from hypothesis import given, strategies as st
    from hypothesis.extra import numpy as hnp
except ImportError:  # pragma: no cover
    given = None


@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
@pytest.mark.parametrize("axis", [-1, 0, 1, None])
def test_sort_values_nan_last(dtype, axis):
    h, c = special_pair((5, 37), dtype)
    testing.assert_matches_numpy(cp.sort(c, axis=axis), numpy.sort(h, axis=axis))


@pytest.mark.parametrize("dtype", params(ALL_DTYPES))
@pytest.mark.parametrize("axis", [-1, 0, None])
def test_argsort_stable_matches_numpy(dtype, axis):
    h, c = special_pair((6, 41), dtype, seed=3)
    testing.assert_matches_numpy(cp.argsort(c, axis=axis), numpy.argsort(h, axis=axis, kind="stable"))


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
def test_signed_zeros_equal_and_stable(dtype):
    h = numpy.array([0.0, -0.0, 1.0, -0.0, 0.0, -1.0, -0.0], dtype=dtype)
    c = cp.array(h)
    testing.assert_matches_numpy(cp.argsort(c), numpy.argsort(h, kind="stable"))
    got = cp.sort(c, kind="stable").get()
    exp = numpy.sort(h, kind="stable")
    numpy.testing.assert_array_equal(numpy.signbit(got.real), numpy.signbit(exp.real))
    got = cp.sort(c, stable=True).get()
    numpy.testing.assert_array_equal(numpy.signbit(got.real), numpy.signbit(exp.real))


def test_complex_nan_classes():
    n = numpy.nan
    h = numpy.array([complex(n, n), complex(n, 1), complex(1, n), complex(2, 0), complex(n, -1), complex(1, 1),
                     complex(0, n), complex(1, 0), complex(n, n)])
    c = cp.array(h)
    testing.assert_matches_numpy(cp.argsort(c), numpy.argsort(h, kind="stable"))
    testing.assert_matches_numpy(cp.sort(c), numpy.sort(h))


@requires_bf16
def test_sort_bfloat16():
    h = special_values((50,), "float32").astype(BFLOAT16)
    c = cp.array(h)
    testing.assert_matches_numpy(cp.sort(c), numpy.sort(h.astype("float32")).astype(BFLOAT16))
    testing.assert_matches_numpy(cp.argsort(c), numpy.argsort(h.astype("float32"), kind="stable"))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", ["int16", "float32", "complex128", "bool"])
def test_sort_layouts(layout, dtype):
    h, c = make_pair(layout, dtype)
    axes = [None] if h.ndim == 0 else [None, -1, 0]
    for axis in axes:
        testing.assert_matches_numpy(cp.sort(c, axis=axis), numpy.sort(h, axis=axis))
        testing.assert_matches_numpy(cp.argsort(c, axis=axis), numpy.argsort(h, axis=axis, kind="stable"))


@pytest.mark.parametrize("shape,axis", [((0,), -1), ((3, 0), 0), ((3, 0), 1), ((0, 4), -2), ((2, 0, 3), None)])
def test_sort_zero_size(shape, axis):
    h = numpy.zeros(shape, "float32")
    c = cp.array(h)
    testing.assert_matches_numpy(cp.sort(c, axis=axis), numpy.sort(h, axis=axis))
    testing.assert_matches_numpy(cp.argsort(c, axis=axis), numpy.argsort(h, axis=axis))


def test_sort_zero_d_and_errors():
    h, c = numpy.array(3.0), cp.array(3.0)
    testing.assert_raises_like_numpy(lambda: numpy.sort(h), lambda: cp.sort(c))
    testing.assert_raises_like_numpy(lambda: h.sort(), lambda: c.sort())
    testing.assert_matches_numpy(cp.sort(c, axis=None), numpy.sort(h, axis=None))
    testing.assert_matches_numpy(cp.argsort(c), numpy.argsort(h))
    a, ca = numpy.arange(5), cp.arange(5)
    testing.assert_raises_like_numpy(lambda: numpy.sort(a, axis=1), lambda: cp.sort(ca, axis=1))
    testing.assert_raises_like_numpy(lambda: numpy.sort(a, kind="foo"), lambda: cp.sort(ca, kind="foo"))
    testing.assert_raises_like_numpy(lambda: numpy.sort(a, kind="stable", stable=True),
                                     lambda: cp.sort(ca, kind="stable", stable=True))
    testing.assert_raises_like_numpy(lambda: numpy.sort(a, order="x"), lambda: cp.sort(ca, order="x"))
    for kind in ["quicksort", "mergesort", "heapsort", "stable"]:
        testing.assert_matches_numpy(cp.sort(ca[::-1], kind=kind), numpy.sort(a[::-1], kind=kind))


@pytest.mark.parametrize("dtype", ["int8", "uint64", "float32", "complex64"])
@pytest.mark.parametrize("axis", [-1, 0, -2])
def test_ndarray_sort_in_place(dtype, axis):
    h, c = special_pair((7, 9), dtype, seed=5)
    view = c[:, ::2]
    hv = h[:, ::2]
    view.sort(axis=axis)
    hv.sort(axis=axis)
    testing.assert_matches_numpy(c, h)


def test_ndarray_argsort_method():
    h, c = special_pair((4, 10), "float64", seed=2)
    testing.assert_matches_numpy(c.argsort(axis=0), h.argsort(axis=0, kind="stable"))


@pytest.mark.parametrize("axis", [-1, 0])
def test_lexsort(axis):
    rng = numpy.random.default_rng(1)
    k1 = rng.integers(0, 3, (4, 30))
    k2 = special_values((4, 30), "float64", 4)
    k3 = special_values((4, 30), "complex64", 5)
    hk = [k1, k2, k3]
    testing.assert_matches_numpy(cp.lexsort([cp.array(k) for k in hk], axis=axis),
                                 numpy.lexsort(hk, axis=axis))
    two_d = numpy.stack([k1[0], k1[1]])
    testing.assert_matches_numpy(cp.lexsort(cp.array(two_d)), numpy.lexsort(two_d))


def test_lexsort_errors():
    testing.assert_raises_like_numpy(lambda: numpy.lexsort([]), lambda: cp.lexsort([]))
    testing.assert_raises_like_numpy(lambda: numpy.lexsort([numpy.arange(3), numpy.arange(4)]),
                                     lambda: cp.lexsort([cp.arange(3), cp.arange(4)]))


@pytest.mark.parametrize("dtype", ["int32", "float64", "complex128"])
@pytest.mark.parametrize("kth", [0, 3, -1, [1, 5]])
@pytest.mark.parametrize("axis", [-1, 0, None])
def test_partition_property(dtype, kth, axis):
    h, c = special_pair((6, 8), dtype, seed=7)
    p = cp.partition(c, kth, axis=axis).get()
    ap = cp.argpartition(c, kth, axis=axis).get()
    ref = numpy.sort(h, axis=axis)
    for k in numpy.atleast_1d(kth):
        idx = (slice(None),) * (0 if axis is None else (axis % 2)) + (k,)
        numpy.testing.assert_array_equal(p[idx], ref[idx])
        if axis is None:
            numpy.testing.assert_array_equal(h.ravel()[ap][k], ref[k])
        else:
            numpy.testing.assert_array_equal(numpy.take_along_axis(h, ap, axis)[idx], ref[idx])
    # everything before kth is <= the kth element, everything after >= (NumPy's contract)
    testing.assert_matches_numpy(cp.sort(cp.partition(c, kth, axis=axis), axis=-1 if axis is None else axis),
                                 numpy.sort(numpy.partition(h, kth, axis=axis), axis=-1 if axis is None else axis))


def test_partition_errors_and_method():
    a, ca = numpy.arange(5.0)[::-1].copy(), cp.arange(5.0)[::-1].copy()
    for kth in [5, -6, [1, 2.5], True]:
        testing.assert_raises_like_numpy(lambda: numpy.partition(a, kth), lambda: cp.partition(ca, kth))
    testing.assert_raises_like_numpy(lambda: numpy.partition(a, 1, kind="foo"),
                                     lambda: cp.partition(ca, 1, kind="foo"))
    ca.partition(2)
    assert float(ca[2].get()) == 2.0
    testing.assert_matches_numpy(cp.argpartition(cp.array(5), 0), numpy.argpartition(numpy.array(5), 0))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "float16", "float32", "float64", "complex64"])
def test_sort_complex(dtype):
    h, c = special_pair((3, 11), dtype, seed=8)
    testing.assert_matches_numpy(cp.sort_complex(c), numpy.sort_complex(h))


def test_sort_large_multisegment():
    """Many lanes of 64-bit keys (the two-pass segmented path) and of packed keys."""
    rng = numpy.random.default_rng(0)
    for dtype in ["int64", "float64", "float32", "uint8"]:
        h = (rng.standard_normal((300, 257)) * 1000).astype(dtype)
        c = cp.array(h)
        testing.assert_matches_numpy(cp.sort(c, axis=1), numpy.sort(h, axis=1))
        testing.assert_matches_numpy(cp.sort(c, axis=0), numpy.sort(h, axis=0))
        testing.assert_matches_numpy(cp.argsort(c, axis=0), numpy.argsort(h, axis=0, kind="stable"))


if given is not None:
    @given(hnp.arrays(st.sampled_from([numpy.int16, numpy.uint32, numpy.float32, numpy.float64, numpy.complex128]),
                      hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=6)),
           st.integers(-3, 2))
    def test_sort_hypothesis(h, axis):
        c = cp.array(h)
        if h.ndim <= (axis if axis >= 0 else -axis - 1):
            testing.assert_raises_like_numpy(lambda: numpy.sort(h, axis=axis), lambda: cp.sort(c, axis=axis))
            return
        testing.assert_matches_numpy(cp.sort(c, axis=axis), numpy.sort(h, axis=axis))
        testing.assert_matches_numpy(cp.argsort(c, axis=axis), numpy.argsort(h, axis=axis, kind="stable"))
