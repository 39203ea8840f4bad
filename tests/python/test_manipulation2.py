"""Indexing routines and joining/splitting/rearranging routines against NumPy 2: values, dtypes,
shapes and error types/messages (take ... fill_diagonal, concatenate ... copyto)."""
import numpy
import pytest

import cupric as cp
from cupric import testing

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def _host(shape, dtype=numpy.int64):
    n = int(numpy.prod(shape))
    v = numpy.arange(n)
    if numpy.dtype(dtype) == numpy.bool_:
        v = v % 3 == 0
    elif numpy.dtype(dtype).kind == "c":
        v = v + 1j * (v % 5)
    return v.astype(dtype).reshape(shape)


def _pair(shape, dtype=numpy.int64, layout="C"):
    h = _host(shape, dtype)
    if layout == "F":
        h = numpy.asfortranarray(h)
        return h, cp.array(h)
    if layout == "neg":
        return h[::-1], cp.array(h)[::-1]
    return h, cp.array(h)


def _d(x):
    return cp.array(x) if isinstance(x, numpy.ndarray) else x


# ---- take / put / along axis ---------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_take(dtype, layout):
    h, c = _pair((3, 4, 5), dtype, layout)
    for ind, axis, mode in [([0, 2], 1, "raise"), ([[0, -1]], 2, "raise"), ([7, -9], None, "wrap"),
                            ([[7], [-9]], 0, "clip"), (2, 1, "raise"), ([], 0, "raise")]:
        testing.assert_matches_numpy(cp.take(c, ind, axis=axis, mode=mode), numpy.take(h, ind, axis=axis, mode=mode))
        testing.assert_matches_numpy(c.take(cp.array(numpy.asarray(ind, dtype=numpy.int64)), axis=axis, mode=mode),
                                     h.take(ind, axis=axis, mode=mode))


def test_take_errors():
    h, c = _pair((3, 5))
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [10], axis=1), lambda: cp.take(c, [10], axis=1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [-10], axis=-1), lambda: cp.take(c, [-10], axis=-1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, [15]), lambda: cp.take(c, [15]), expected=IndexError)
    e = numpy.zeros((3, 0))
    testing.assert_raises_like_numpy(lambda: numpy.take(e, [1], axis=1, mode="wrap"),
                                     lambda: cp.take(cp.zeros((3, 0)), [1], axis=1, mode="wrap"), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take(e, [1], axis=1), lambda: cp.take(cp.zeros((3, 0)), [1], axis=1), expected=IndexError)
    with pytest.raises(numpy.exceptions.AxisError):
        cp.take(c, [0], axis=2)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put(mode):
    h, c = _pair((3, 4), numpy.float32)
    ind = [0, 5, -1] if mode == "raise" else [0, 15, -13]
    numpy.put(h, ind, [1.5, 2.5], mode=mode)
    cp.put(c, ind, [1.5, 2.5], mode=mode)
    testing.assert_matches_numpy(c, h)
    h2, c2 = _pair((3, 4), numpy.float32, "F")
    numpy.put(h2, [1, 6], 9)
    cp.put(c2, [1, 6], 9)
    testing.assert_matches_numpy(c2, h2)


def test_put_out_of_bounds_leaves_array():
    h, c = _pair((5,), numpy.float64)
    before = h.copy()
    testing.assert_raises_like_numpy(lambda: numpy.put(h, [0, 10], 1), lambda: cp.put(c, [0, 10], 1), expected=IndexError)
    testing.assert_matches_numpy(c, before)  # NumPy writes the in-range ones first; cupric checks before writing (differences.md)


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_take_put_along_axis(axis):
    h, c = _pair((3, 4), numpy.float64)
    if axis is None:
        ind = numpy.array([11, 0, 3])
    else:
        ind = numpy.argsort(-h, axis=axis)[:2] if axis == 0 else numpy.argsort(-h, axis=axis)[:, :2]
    testing.assert_matches_numpy(cp.take_along_axis(c, cp.array(ind), axis), numpy.take_along_axis(h, ind, axis))
    numpy.put_along_axis(h, ind, -1.0, axis)
    cp.put_along_axis(c, cp.array(ind), -1.0, axis)
    testing.assert_matches_numpy(c, h)


def test_take_along_axis_broadcast_and_errors():
    h, c = _pair((3, 1, 4))
    ind = numpy.array([[[0, 3]], [[1, 1]], [[2, 0]]]).reshape(3, 1, 2)
    ind = numpy.broadcast_to(ind, (3, 5, 2)).copy()
    testing.assert_matches_numpy(cp.take_along_axis(c, cp.array(ind), 2), numpy.take_along_axis(h, ind, 2))
    testing.assert_raises_like_numpy(lambda: numpy.take_along_axis(h, numpy.array([[[9]]]), 2),
                                     lambda: cp.take_along_axis(c, cp.array(numpy.array([[[9]]])), 2), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.take_along_axis(h, numpy.array([1]), 2),
                                     lambda: cp.take_along_axis(c, cp.array(numpy.array([1])), 2), expected=ValueError)


# ---- masks and nonzero ----------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_nonzero_family(dtype):
    h = _host((3, 4, 5), dtype)
    h = numpy.where(_host((3, 4, 5)) % 4 == 1, h, numpy.zeros((), dtype))
    c = cp.array(h)
    testing.assert_matches_numpy(cp.nonzero(c), numpy.nonzero(h))
    testing.assert_matches_numpy(c.nonzero(), h.nonzero())
    testing.assert_matches_numpy(cp.flatnonzero(c), numpy.flatnonzero(h))
    testing.assert_matches_numpy(cp.argwhere(c), numpy.argwhere(h))
    testing.assert_matches_numpy(cp.where(c), numpy.where(h))


def test_nonzero_large_and_empty():
    h = (numpy.arange(3 * 4096 + 17) % 7 == 3).reshape(-1, 1)
    testing.assert_matches_numpy(cp.nonzero(cp.array(h)), numpy.nonzero(h))
    testing.assert_matches_numpy(cp.nonzero(cp.zeros((0, 3))), numpy.nonzero(numpy.zeros((0, 3))))
    testing.assert_matches_numpy(cp.argwhere(cp.array(numpy.float64(2.0))), numpy.argwhere(numpy.float64(2.0)))
    testing.assert_raises_like_numpy(lambda: numpy.nonzero(numpy.float64(1)), lambda: cp.nonzero(cp.array(1.0)), expected=ValueError)


def test_compress_extract_place_putmask():
    h, c = _pair((3, 4), numpy.float64)
    for cond, axis in [([1, 0, 1], 0), ([0, 1], 1), ([True, False, True, True, False], None)]:
        testing.assert_matches_numpy(cp.compress(cond, c, axis=axis), numpy.compress(cond, h, axis=axis))
    testing.assert_matches_numpy(c.compress([1, 0, 1], axis=0), h.compress([1, 0, 1], axis=0))
    testing.assert_raises_like_numpy(lambda: numpy.compress([0, 0, 0, 1], h, axis=0),
                                     lambda: cp.compress([0, 0, 0, 1], c, axis=0), expected=IndexError)
    m = h % 3 == 1
    testing.assert_matches_numpy(cp.extract(cp.array(m), c), numpy.extract(m, h))
    numpy.place(h, m, [10, 20])
    cp.place(c, cp.array(m), [10, 20])
    testing.assert_matches_numpy(c, h)
    numpy.putmask(h, ~m, [-1, -2, -3])
    cp.putmask(c, cp.array(~m), [-1, -2, -3])
    testing.assert_matches_numpy(c, h)
    testing.assert_raises_like_numpy(lambda: numpy.place(h, m, []), lambda: cp.place(c, cp.array(m), []), expected=ValueError)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    a = numpy.array([[0, 1, 2], [2, 1, 0]]) if mode == "raise" else numpy.array([[0, 4, -1], [2, 1, 7]])
    choices = [numpy.arange(3), numpy.arange(3) * 10.0, numpy.array([[100], [200]])]
    testing.assert_matches_numpy(cp.choose(cp.array(a), [cp.array(x) for x in choices], mode=mode), numpy.choose(a, choices, mode=mode))
    if mode == "raise":
        testing.assert_raises_like_numpy(lambda: numpy.choose([3], choices), lambda: cp.choose(cp.array([3]), choices), expected=ValueError)


# ---- index construction -----------------------------------------------------------------------------

def test_indices_ix_diag():
    testing.assert_matches_numpy(cp.indices((2, 3)), numpy.indices((2, 3)))
    testing.assert_matches_numpy(cp.indices((2, 0, 3), dtype=numpy.float32), numpy.indices((2, 0, 3), dtype=numpy.float32))
    testing.assert_matches_numpy(cp.indices((2, 3), sparse=True), numpy.indices((2, 3), sparse=True))
    testing.assert_matches_numpy(cp.ix_([0, 1], [True, False, True], []), numpy.ix_([0, 1], [True, False, True], []))
    testing.assert_raises_like_numpy(lambda: numpy.ix_([[0]]), lambda: cp.ix_([[0]]), expected=ValueError)
    testing.assert_matches_numpy(cp.diag_indices(3, 3), numpy.diag_indices(3, 3))


def test_unravel_ravel_multi_index():
    for order in "CF":
        testing.assert_matches_numpy(cp.unravel_index(cp.array([0, 5, 22]), (2, 3, 4), order=order),
                                     numpy.unravel_index([0, 5, 22], (2, 3, 4), order=order))
        idx = (numpy.array([1, 0, 1]), numpy.array([2, 0, 1]))
        testing.assert_matches_numpy(cp.ravel_multi_index(tuple(cp.array(x) for x in idx), (2, 3), order=order),
                                     numpy.ravel_multi_index(idx, (2, 3), order=order))
    testing.assert_matches_numpy(cp.ravel_multi_index((cp.array([3, -1]), cp.array([4, 1])), (2, 3), mode=("wrap", "clip")),
                                 numpy.ravel_multi_index(([3, -1], [4, 1]), (2, 3), mode=("wrap", "clip")))
    testing.assert_raises_like_numpy(lambda: numpy.unravel_index([10], (2, 3)), lambda: cp.unravel_index(cp.array([10]), (2, 3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.unravel_index([-1], (2, 3)), lambda: cp.unravel_index(cp.array([-1]), (2, 3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.ravel_multi_index(([5], [1]), (2, 3)),
                                     lambda: cp.ravel_multi_index((cp.array([5]), cp.array([1])), (2, 3)), expected=ValueError)


@pytest.mark.parametrize("shape,wrap", [((4, 4), False), ((5, 3), False), ((7, 3), True), ((3, 3, 3), False),
                                        ((3, 5), False)])
def test_fill_diagonal(shape, wrap):
    h, c = _pair(shape, numpy.float64)
    numpy.fill_diagonal(h, [7, 8], wrap=wrap)
    cp.fill_diagonal(c, [7, 8], wrap=wrap)
    testing.assert_matches_numpy(c, h)
    testing.assert_raises_like_numpy(lambda: numpy.fill_diagonal(numpy.zeros(3), 1), lambda: cp.fill_diagonal(cp.zeros(3), 1), expected=ValueError)


# ---- joining and splitting ----------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concatenate(axis):
    a, ca = _pair((2, 3), numpy.int32)
    b, cb = _pair((2, 3), numpy.float32, "F")
    testing.assert_matches_numpy(cp.concatenate([ca, cb, ca], axis=axis), numpy.concatenate([a, b, a], axis=axis))
    testing.assert_matches_numpy(cp.concatenate([ca, ca], axis=axis, dtype=numpy.int16, casting="unsafe"),
                                 numpy.concatenate([a, a], axis=axis, dtype=numpy.int16, casting="unsafe"))


def test_concatenate_out_and_errors():
    a, ca = _pair((2, 3))
    out = cp.zeros((4, 3))
    r = cp.concatenate([ca, ca], out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.concatenate([a, a]).astype(numpy.float64))
    cases = [
        (ValueError, lambda m: m.concatenate([])),
        (ValueError, lambda m: m.concatenate([m.zeros(()), m.zeros(())])),
        (ValueError, lambda m: m.concatenate([m.zeros((2, 3)), m.zeros(3)])),
        (ValueError, lambda m: m.concatenate([m.zeros((2, 3)), m.zeros((2, 2))])),
        (numpy.exceptions.AxisError, lambda m: m.concatenate([m.zeros((2, 3))], axis=2)),
        (TypeError, lambda m: m.concatenate([m.zeros(3)], out=m.zeros(3), dtype=numpy.float32)),
        (TypeError, lambda m: m.concatenate([m.zeros(3), m.zeros(3)], dtype=numpy.int32)),
        (ValueError, lambda m: m.concatenate([m.zeros(3)], out=m.zeros(4))),
        (ValueError, lambda m: m.stack([m.zeros(3), m.zeros(2)])),
        (ValueError, lambda m: m.stack([])),
    ]
    for exc, f in cases:
        testing.assert_raises_like_numpy(lambda: f(numpy), lambda: f(cp), expected=exc)


@pytest.mark.parametrize("name", ["stack", "hstack", "vstack", "dstack", "column_stack"])
def test_stack_family(name):
    for shapes in [[(3,), (3,)], [(2, 3), (2, 3)], [(), ()], [(2, 3, 1), (2, 3, 1)]]:
        hs = [_host(s, numpy.float64) + i for i, s in enumerate(shapes)]
        try:
            expected = getattr(numpy, name)(hs)
        except ValueError as e:
            with pytest.raises(ValueError):
                getattr(cp, name)([cp.array(h) for h in hs])
            continue
        testing.assert_matches_numpy(getattr(cp, name)([cp.array(h) for h in hs]), expected)
    testing.assert_matches_numpy(cp.stack([cp.zeros(2), cp.ones(2)], axis=-1), numpy.stack([numpy.zeros(2), numpy.ones(2)], axis=-1))


def test_append():
    a, ca = _pair((2, 3))
    testing.assert_matches_numpy(cp.append(ca, [7, 8]), numpy.append(a, [7, 8]))
    testing.assert_matches_numpy(cp.append(ca, ca, axis=0), numpy.append(a, a, axis=0))


@pytest.mark.parametrize("name,spec,axis", [
    ("split", 2, 0), ("split", [1, 3], 1), ("array_split", 3, 1), ("array_split", [1, 10], 0),
    ("array_split", [3, 1], 1), ("hsplit", 2, None), ("vsplit", [1], None), ("dsplit", 2, None),
])
def test_split(name, spec, axis):
    h, c = _pair((4, 6, 2))
    kw = {} if axis is None else {"axis": axis}
    got, expected = getattr(cp, name)(c, spec, **kw), getattr(numpy, name)(h, spec, **kw)
    assert isinstance(got, list)
    testing.assert_matches_numpy(got, expected)
    for g in got:
        assert g.base is c or g.size == 0 or g.base is c.base


def test_split_errors():
    for exc, f in [(ValueError, lambda m: m.split(m.zeros(5), 2)), (ValueError, lambda m: m.array_split(m.zeros(5), 0)),
                   (ValueError, lambda m: m.vsplit(m.zeros(5), 5)), (ValueError, lambda m: m.dsplit(m.zeros((2, 2)), 2)),
                   (ValueError, lambda m: m.hsplit(m.zeros(()), 1))]:
        testing.assert_raises_like_numpy(lambda: f(numpy), lambda: f(cp), expected=exc)


# ---- rearranging --------------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_flip_rot90(layout):
    h, c = _pair((2, 3, 4), numpy.int16, layout)
    for axis in [None, 0, -1, (0, 2)]:
        testing.assert_matches_numpy(cp.flip(c, axis), numpy.flip(h, axis))
    testing.assert_matches_numpy(cp.fliplr(c), numpy.fliplr(h))
    testing.assert_matches_numpy(cp.flipud(c), numpy.flipud(h))
    for k in range(-1, 6):
        for axes in [(0, 1), (2, 0), (1, -1)]:
            testing.assert_matches_numpy(cp.rot90(c, k, axes), numpy.rot90(h, k, axes))
    assert cp.flip(c).base is not None
    for exc, f in [(ValueError, lambda m, a: m.fliplr(a[0, 0])), (ValueError, lambda m, a: m.rot90(a, 1, (0, 0))),
                   (ValueError, lambda m, a: m.rot90(a, 1, (0, 3))), (ValueError, lambda m, a: m.rot90(a, 1, (0,))),
                   (ValueError, lambda m, a: m.flipud(a[0, 0, 0]))]:
        testing.assert_raises_like_numpy(lambda: f(numpy, h), lambda: f(cp, c), expected=exc)


@pytest.mark.parametrize("shift,axis", [(1, None), (-7, None), (2, 1), ((1, -2), (0, 2)), (3, (0, 1)),
                                        ((1, 2), 1), (0, 0), (25, -1)])
def test_roll(shift, axis):
    h, c = _pair((2, 3, 4), numpy.float32, "F")
    testing.assert_matches_numpy(cp.roll(c, shift, axis), numpy.roll(h, shift, axis))


@pytest.mark.parametrize("reps", [2, (2, 1), (1, 2, 3), (2, 1, 1, 2), (0, 2), (1, 1)])
def test_tile(reps):
    for shape in [(), (3,), (2, 3)]:
        h, c = _pair(shape, numpy.complex64)
        testing.assert_matches_numpy(cp.tile(c, reps), numpy.tile(h, reps))


@pytest.mark.parametrize("layout", ["C", "F", "neg"])
def test_repeat(layout):
    h, c = _pair((2, 3), numpy.uint16, layout)
    for rep, axis in [(2, None), (3, 0), (0, 1), ([1, 0, 2], 1), ([2], 0), ([1, 2], 0)]:
        r = cp.array(numpy.array(rep)) if isinstance(rep, list) else rep
        testing.assert_matches_numpy(cp.repeat(c, r, axis), numpy.repeat(h, rep, axis))
        testing.assert_matches_numpy(c.repeat(r, axis), h.repeat(rep, axis))
    for exc, f in [(ValueError, lambda m, a: m.repeat(a, -1)),
                   (ValueError, lambda m, a: m.repeat(a, m.array([1, -1, 2]), 1)),
                   (ValueError, lambda m, a: m.repeat(a, m.array([1, 2]), 1))]:
        testing.assert_raises_like_numpy(lambda: f(numpy, h), lambda: f(cp, c), match_message=False, expected=exc)


def test_atleast():
    for shape in [(), (3,), (2, 3), (2, 3, 4), (1, 2, 3, 4)]:
        h, c = _pair(shape)
        for name in ["atleast_1d", "atleast_2d", "atleast_3d"]:
            testing.assert_matches_numpy(getattr(cp, name)(c), getattr(numpy, name)(h))
    testing.assert_matches_numpy(cp.atleast_2d(cp.zeros(2), cp.ones(()))[1], numpy.atleast_2d(numpy.zeros(2), numpy.ones(()))[1])


def test_resize():
    h, c = _pair((2, 3))
    for shape in [(3, 4), (1,), (0,), (2, 3), 7]:
        testing.assert_matches_numpy(cp.resize(c, shape), numpy.resize(h, shape))
    testing.assert_matches_numpy(cp.resize(cp.zeros((0,)), (2, 2)), numpy.resize(numpy.zeros((0,)), (2, 2)))
    testing.assert_raises_like_numpy(lambda: numpy.resize(h, (-1, 2)), lambda: cp.resize(c, (-1, 2)), expected=ValueError)


def test_copyto():
    h, c = _pair((2, 3), numpy.float64)
    m = numpy.array([True, False, True])
    numpy.copyto(h, numpy.arange(3.0) + 10, where=m)
    cp.copyto(c, cp.array(numpy.arange(3.0) + 10), where=cp.array(m))
    testing.assert_matches_numpy(c, h)
    numpy.copyto(h, 5)
    cp.copyto(c, 5)
    testing.assert_matches_numpy(c, h)
    with pytest.raises(TypeError):
        cp.copyto(cp.zeros(3, dtype=numpy.int32), cp.zeros(3))
    with pytest.raises(TypeError):
        cp.copyto(cp.zeros(3, dtype=numpy.int32), cp.zeros(3), where=cp.array([True, False, True]))
    with pytest.raises(ValueError):
        cp.copyto(cp.zeros(3), cp.zeros(2))


def test_where_three_args_and_broadcast_shapes_require():
    cond = numpy.array([[True, False, True]])
    x, y = numpy.arange(6.0).reshape(2, 3), numpy.float32(-1)
    testing.assert_matches_numpy(cp.where(cp.array(cond), cp.array(x), y), numpy.where(cond, x, y))
    assert cp.broadcast_shapes((2, 1), (3,)) == numpy.broadcast_shapes((2, 1), (3,))
    with pytest.raises(ValueError):
        cp.broadcast_shapes((2,), (3,))
    h, c = _pair((2, 3), numpy.int32, "F")
    r = cp.require(c, numpy.float32, "C")
    assert r.flags.c_contiguous and r.dtype == numpy.float32
    testing.assert_matches_numpy(r, numpy.require(h, numpy.float32, "C"))
