"""partition / argpartition argument checking against NumPy 2: kth forms (negative, sequences,
NumPy and cupric arrays, unsigned wrap-around, booleans, floats, too deep), out-of-bounds kth,
empty and 0-d arrays, axis=None, and the order in which NumPy raises its errors (kind, order,
axis type, kth depth, axis bounds, kth type, kth bounds)."""
import numpy
import pytest

import cupric as cp
from cupric import testing

BASE = numpy.array([[5, 1, 4, 2, 3, 9], [0, 8, 7, 6, 6, 1], [3, 3, 2, 1, 0, -4]])
VALID_KTH = [0, -1, 5, -6, [1, 3], [-1, 0, 2], (4,), numpy.array([], dtype=numpy.int64), numpy.array([1, 2]),
             numpy.int8(2), numpy.array(3, dtype=numpy.uint8), numpy.uint64(2 ** 64 - 1), "cupric:[0, 2]"]
BAD_KTH = [2 ** 63, numpy.uint64(2 ** 63), 2.0, [1, 2.5], True, [True], "1", None, 2 ** 70, [],
           numpy.array([[1]]), "cupric:[[1]]", [[1, 2]], [1, [2]], numpy.float64(1)]


_CUPRIC_KTH = {"cupric:[0, 2]": [0, 2], "cupric:[[1]]": [[1]]}


def _kth(kth):
    """kth as the test passes it to cupric: "cupric:..." names a cupric array, made per test so
    that no device memory outlives the test (the pool-accounting tests count it)."""
    if isinstance(kth, str) and kth in _CUPRIC_KTH:
        return cp.array(_CUPRIC_KTH[kth])
    return kth


def _np_kth(kth):
    kth = _kth(kth)
    return kth.get() if isinstance(kth, cp.ndarray) else kth


def _check_partitioned(h, p, kth, axis, arg):
    """NumPy's contract: the kth elements in sorted position, smaller ones before, larger after."""
    flat = axis is None
    hh = h.ravel() if flat else h
    ax = -1 if flat else axis
    vals = numpy.take_along_axis(hh, p, ax) if arg else p
    ref = numpy.sort(hh, axis=ax)
    n = hh.shape[ax]
    for k in numpy.atleast_1d(numpy.asarray(kth).astype(numpy.intp)):
        k = int(k) % n
        kv = numpy.take(vals, [k], axis=ax)
        numpy.testing.assert_array_equal(kv, numpy.take(ref, [k], axis=ax))
        assert numpy.all(numpy.take(vals, range(k), axis=ax) <= kv)
        assert numpy.all(numpy.take(vals, range(k + 1, n), axis=ax) >= kv)
    if arg:
        numpy.testing.assert_array_equal(numpy.sort(p, axis=ax), numpy.sort(numpy.argsort(hh, axis=ax), axis=ax))


@pytest.mark.parametrize("kth", VALID_KTH, ids=repr)
@pytest.mark.parametrize("axis", [-1, 1, None])
@pytest.mark.parametrize("arg", [False, True])
def test_partition_valid_kth_forms(kth, axis, arg):
    fn = "argpartition" if arg else "partition"
    n = getattr(numpy, fn)(BASE, _np_kth(kth), axis=axis)
    r = getattr(cp, fn)(cp.array(BASE), _kth(kth), axis=axis).get()
    assert r.dtype == n.dtype and r.shape == n.shape
    _check_partitioned(BASE, r, _np_kth(kth), axis, arg)


def test_partition_axis0_and_none_flatten():
    for kth in [0, 2, -1, [0, 2]]:
        h = BASE.T.copy()
        r = cp.partition(cp.array(BASE).T, kth, axis=0).get()
        _check_partitioned(h, r, kth, 0, False)
        a = cp.argpartition(cp.array(BASE).T, kth, axis=0).get()
        _check_partitioned(h, a, kth, 0, True)
    for kth in [0, 17, -18, [3, 9, 12]]:  # axis=None: kth on the flattened 18 elements
        r = cp.partition(cp.array(BASE), kth, axis=None)
        assert r.shape == (18,)
        _check_partitioned(BASE, r.get(), kth, None, False)
        a = cp.argpartition(cp.array(BASE)[:, ::-1], kth, axis=None).get()
        _check_partitioned(BASE[:, ::-1], a, kth, None, True)


@pytest.mark.parametrize("kth", BAD_KTH, ids=repr)
@pytest.mark.parametrize("axis", [-1, 0, None, 2, -3])
@pytest.mark.parametrize("fn", ["partition", "argpartition"])
def test_partition_kth_errors(kth, axis, fn):
    """Out-of-bounds kth: ValueError "kth(=k) out of bounds (n)" with k after adding n once (an
    unsigned kth wraps to intp first); booleans ValueError; non-integers TypeError; more than one
    dimension ValueError; the axis' bounds are checked between kth's depth and its type."""
    testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)(BASE, _np_kth(kth), axis=axis),
                                     lambda: getattr(cp, fn)(cp.array(BASE), _kth(kth), axis=axis))


@pytest.mark.parametrize("axis", [-1, 0, None])
@pytest.mark.parametrize("fn", ["partition", "argpartition"])
def test_partition_kth_out_of_bounds(axis, fn):
    n = BASE.size if axis is None else BASE.shape[axis]
    for kth in [n, -n - 1, [0, n], [n - 1, -n - 5], 10 ** 6, -(2 ** 62)]:
        testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)(BASE, kth, axis=axis),
                                         lambda: getattr(cp, fn)(cp.array(BASE), kth, axis=axis))


@pytest.mark.parametrize("kth", [0, 5, -9, [1, 7], [], True, 2.0, [[1]]], ids=repr)
@pytest.mark.parametrize("shape,axis", [((0,), -1), ((2, 0), 0), ((2, 0), 1), ((0, 3), None), ((2, 0), 2)])
@pytest.mark.parametrize("fn", ["partition", "argpartition"])
def test_partition_empty_arrays_take_any_kth(kth, shape, axis, fn):
    """An empty array skips the kth bounds (NumPy's partition_prep_kth_array), not the type checks."""
    h = numpy.zeros(shape)
    try:
        n = getattr(numpy, fn)(h, kth, axis=axis)
    except Exception:
        testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)(h, kth, axis=axis),
                                         lambda: getattr(cp, fn)(cp.array(h), kth, axis=axis))
        return
    testing.assert_matches_numpy(getattr(cp, fn)(cp.array(h), kth, axis=axis), n)


@pytest.mark.parametrize("kth", [0, -1, 1, -2, [0, 0], 2.0], ids=repr)
@pytest.mark.parametrize("axis", [-1, 0, 1, None])
def test_partition_zero_d(kth, axis):
    """partition of a 0-d array needs axis=None; argpartition sees it as 1-d (NumPy's CheckAxis)."""
    h = numpy.array(7.5)
    for fn in ["partition", "argpartition"]:
        try:
            n = getattr(numpy, fn)(h, kth, axis=axis)
        except Exception:
            testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)(h, kth, axis=axis),
                                             lambda: getattr(cp, fn)(cp.array(h), kth, axis=axis))
            continue
        testing.assert_matches_numpy(getattr(cp, fn)(cp.array(h), kth, axis=axis), n)


def test_partition_error_order_kind_order_axis():
    h, c = BASE, cp.array(BASE)
    cases = [dict(kth=[[1]], kind="x"), dict(kth=2.0, axis=5, kind="x"), dict(kth=1.0, order="x"),
             dict(kth=[[1]], order="x"), dict(kth=1, axis=4, order="x"), dict(kth=[[1]], axis=1.5),
             dict(kth=1, axis=1.5), dict(kth=1, axis="0"), dict(kth=[[1]], axis=3), dict(kth=2.0, axis=3)]
    for kw in cases:
        for fn in ["partition", "argpartition"]:
            testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)(h, **kw),
                                             lambda: getattr(cp, fn)(c, **kw))


def test_partition_methods():
    h = BASE.astype(numpy.float32)
    c = cp.array(h)
    testing.assert_raises_like_numpy(lambda: h.copy().partition(1, axis=None),
                                     lambda: c.partition(1, axis=None))
    testing.assert_raises_like_numpy(lambda: h.copy().partition(1, axis=1.0),
                                     lambda: c.partition(1, axis=1.0))
    testing.assert_raises_like_numpy(lambda: h.copy().partition(6), lambda: c.partition(6))
    testing.assert_raises_like_numpy(lambda: h.copy().partition(2, axis=2), lambda: c.partition(2, axis=2))
    testing.assert_raises_like_numpy(lambda: numpy.array(3.0).partition(0),
                                     lambda: cp.array(3.0).partition(0))
    before = c.get()
    testing.assert_raises_like_numpy(lambda: h.copy().partition([1.5]), lambda: c.partition([1.5]))
    numpy.testing.assert_array_equal(c.get(), before)  # bad input changes nothing
    c.partition([-1, 2], axis=0)
    _check_partitioned(h, c.get(), [-1, 2], 0, False)
    a = cp.array(h).argpartition(4, axis=None).get()
    _check_partitioned(h, a, 4, None, True)
    testing.assert_matches_numpy(cp.array(3.0).argpartition(0), numpy.array(3.0).argpartition(0))
    testing.assert_raises_like_numpy(lambda: numpy.array(3.0).argpartition(1),
                                     lambda: cp.array(3.0).argpartition(1))


def test_partition_list_input():
    for fn in ["partition", "argpartition"]:
        n = getattr(numpy, fn)([3, 1, 2], 1)
        r = getattr(cp, fn)([3, 1, 2], 1)
        testing.assert_matches_numpy(r, n)
        testing.assert_raises_like_numpy(lambda: getattr(numpy, fn)([3, 1, 2], 1, axis=1),
                                         lambda: getattr(cp, fn)([3, 1, 2], 1, axis=1))
