"""Shape and view routines against NumPy 2: values, dtypes, shapes, strides, view-ness and errors,
over dtypes and layouts (C, F, transposed, negative steps, strided, 0-d, zero-size)."""

import numpy
import pytest
from hypothesis import given, settings, strategies as st

import cupric as cp
from cupric import testing

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def _host(shape, dtype):
    n = int(numpy.prod(shape))
    v = numpy.arange(n)
    if numpy.dtype(dtype) == numpy.bool_:
        v = v % 3 == 0
    elif numpy.dtype(dtype).kind == "c":
        v = v + 1j * (v % 5)
    return v.astype(dtype).reshape(shape)


# A layout maps a target shape to a (numpy, cupric) pair holding the same values and strides.
def _contiguous(shape, dtype):
    h = _host(shape, dtype)
    return h, cp.array(h)


def _fortran(shape, dtype):
    h = numpy.asfortranarray(_host(shape, dtype))
    return h, cp.array(h)


def _transposed(shape, dtype):
    h = _host(shape[::-1], dtype)
    return h.T, cp.array(h).T


def _reversed(shape, dtype):
    h = _host(shape, dtype)
    c = cp.array(h)
    key = (slice(None, None, -1),) + (slice(None),) * (len(shape) - 2) + (slice(None, None, -1),)
    key = key[:len(shape)]
    return h[key], c[key]


def _strided(shape, dtype):
    wide = shape[:-1] + (2 * shape[-1],)
    h = _host(wide, dtype)
    return h[..., ::2], cp.array(h)[..., ::2]


LAYOUTS = {"C": _contiguous, "F": _fortran, "T": _transposed, "neg": _reversed, "step": _strided}


# ---- reshape -----------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A"])
@pytest.mark.parametrize("newshape", [(24,), (-1,), (4, 6), (2, 3, 4), (4, 3, 2), (2, 1, 12), (6, -1), (1, 24, 1)])
def test_reshape(dtype, layout, order, newshape):
    n, c = LAYOUTS[layout]((2, 3, 4), dtype)
    testing.assert_matches_numpy(c.reshape(newshape, order=order), n.reshape(newshape, order=order),
                                 strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(cp.reshape(c, newshape, order), numpy.reshape(n, newshape, order=order),
                                 strides_check=True, view_of=(c, n))


def test_reshape_argument_forms():
    n, c = _contiguous((2, 3), numpy.float32)
    testing.assert_matches_numpy(c.reshape(3, 2), n.reshape(3, 2), strides_check=True)
    testing.assert_matches_numpy(c.reshape([6]), n.reshape([6]), strides_check=True)
    testing.assert_matches_numpy(c.reshape(numpy.int64(6)), n.reshape(numpy.int64(6)), strides_check=True)
    testing.assert_matches_numpy(c.reshape(6, order=None), n.reshape(6, order=None), strides_check=True)
    assert c.reshape(2, 3).base is c  # same shape: still a new view object
    testing.assert_raises_like_numpy(lambda: n.reshape(), lambda: c.reshape())
    testing.assert_raises_like_numpy(lambda: n.reshape(2.0, 3), lambda: c.reshape(2.0, 3))


@pytest.mark.parametrize("copy", [None, True, False])
@pytest.mark.parametrize("layout", ["C", "T"])
def test_reshape_copy_argument(copy, layout):
    n, c = LAYOUTS[layout]((2, 3), numpy.int64)
    try:
        expect = n.reshape(6, copy=copy)
    except ValueError:
        testing.assert_raises_like_numpy(lambda: n.reshape(6, copy=copy), lambda: c.reshape(6, copy=copy))
        return
    testing.assert_matches_numpy(c.reshape(6, copy=copy), expect, strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(cp.reshape(c, 6, copy=copy), expect, strides_check=True, view_of=(c, n))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.complex128])
def test_reshape_zero_d_and_zero_size(dtype):
    n, c = _contiguous((), dtype)
    for s in [(1,), (1, 1), (), (-1,)]:
        testing.assert_matches_numpy(c.reshape(s), n.reshape(s), strides_check=True, view_of=(c, n))
    n, c = _contiguous((0, 3), dtype)
    for s in [(0,), (-1,), (3, 0), (-1, 3), (0, 1, 3)]:
        testing.assert_matches_numpy(c.reshape(s), n.reshape(s), strides_check=True, view_of=(c, n))
    n, c = _transposed((0, 3), dtype)
    testing.assert_matches_numpy(c.reshape(3, 0, order="F"), n.reshape(3, 0, order="F"), strides_check=True)


@pytest.mark.parametrize("newshape", [(4,), (4, 5), (-1, 4), (4, -1), (-1, -1), (2, -1, -1), (2**62, 2**62, -1)])
def test_reshape_errors(newshape):
    n, c = _contiguous((6,), numpy.float64)
    testing.assert_raises_like_numpy(lambda: n.reshape(newshape), lambda: c.reshape(newshape))
    testing.assert_raises_like_numpy(lambda: n.reshape(6, order="K"), lambda: c.reshape(6, order="K"))
    n, c = _contiguous((0,), numpy.float64)
    testing.assert_raises_like_numpy(lambda: n.reshape(0, -1), lambda: c.reshape(0, -1))


# ---- ravel / flatten ---------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_ravel_flatten(dtype, layout, order):
    n, c = LAYOUTS[layout]((2, 3, 4), dtype)
    testing.assert_matches_numpy(c.ravel(order), n.ravel(order), strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(cp.ravel(c, order), numpy.ravel(n, order), strides_check=True,
                                 view_of=(c, n))
    f = c.flatten(order)
    testing.assert_matches_numpy(f, n.flatten(order), strides_check=True)
    assert f.base is None


@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (1,), (1, 1, 5)])
def test_ravel_small(shape):
    n, c = _contiguous(shape, numpy.float32)
    testing.assert_matches_numpy(c.ravel(), n.ravel(), strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(c.flatten("K"), n.flatten("K"), strides_check=True)


# ---- transpose / swapaxes / moveaxis -----------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axes", [None, (0, 1, 2), (2, 0, 1), (-1, -3, 1), (1, 0, 2)])
def test_transpose(layout, axes):
    n, c = LAYOUTS[layout]((2, 3, 4), numpy.float64)
    testing.assert_matches_numpy(cp.transpose(c, axes), numpy.transpose(n, axes), strides_check=True,
                                 view_of=(c, n))
    if axes is None:
        testing.assert_matches_numpy(c.transpose(), n.transpose(), strides_check=True, view_of=(c, n))
        testing.assert_matches_numpy(c.T, n.T, strides_check=True, view_of=(c, n))
    else:
        testing.assert_matches_numpy(c.transpose(axes), n.transpose(axes), strides_check=True, view_of=(c, n))
        testing.assert_matches_numpy(c.transpose(*axes), n.transpose(*axes), strides_check=True,
                                     view_of=(c, n))


@pytest.mark.parametrize("axes", [(1,), (0, 3), (1, 1), (0, 1, 2, 3)])
def test_transpose_errors(axes):
    n, c = _contiguous((2, 3), numpy.int32)
    testing.assert_raises_like_numpy(lambda: n.transpose(axes), lambda: c.transpose(axes))


def test_transpose_zero_d():
    n, c = _contiguous((), numpy.int32)
    testing.assert_matches_numpy(c.T, n.T, strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(c.transpose(()), n.transpose(()), strides_check=True, view_of=(c, n))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("a1,a2", [(0, 2), (-1, 0), (1, 1), (0, 3), (-4, 0)])
def test_swapaxes(layout, a1, a2):
    n, c = LAYOUTS[layout]((2, 3, 4), numpy.int16)
    try:
        expect = numpy.swapaxes(n, a1, a2)
    except Exception:
        testing.assert_raises_like_numpy(lambda: n.swapaxes(a1, a2), lambda: c.swapaxes(a1, a2))
        testing.assert_raises_like_numpy(lambda: numpy.swapaxes(n, a1, a2), lambda: cp.swapaxes(c, a1, a2))
        return
    testing.assert_matches_numpy(c.swapaxes(a1, a2), expect, strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(cp.swapaxes(c, a1, a2), expect, strides_check=True, view_of=(c, n))


@pytest.mark.parametrize("src,dst", [(0, -1), (-1, 0), ([0, 1], [-1, -2]), ((2, 0), (0, 2)), ([], []),
                                     (0, 5), (7, 0), ([0, 0], [1, 2]), ([0, 1], [1, 1]), ([0, 1], [1])])
def test_moveaxis(src, dst):
    n, c = _transposed((2, 3, 4), numpy.float32)
    try:
        expect = numpy.moveaxis(n, src, dst)
    except Exception:
        testing.assert_raises_like_numpy(lambda: numpy.moveaxis(n, src, dst),
                                         lambda: cp.moveaxis(c, src, dst))
        return
    testing.assert_matches_numpy(cp.moveaxis(c, src, dst), expect, strides_check=True, view_of=(c, n))


# ---- squeeze / expand_dims ---------------------------------------------------------------------

@pytest.mark.parametrize("layout", ["C", "F", "T", "neg"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (), 1, (0, 0), 5])
def test_squeeze(layout, axis):
    n, c = LAYOUTS[layout]((1, 3, 1), numpy.complex64)
    try:
        expect = numpy.squeeze(n, axis)
    except Exception:
        testing.assert_raises_like_numpy(lambda: numpy.squeeze(n, axis), lambda: cp.squeeze(c, axis))
        testing.assert_raises_like_numpy(lambda: n.squeeze(axis), lambda: c.squeeze(axis))
        return
    testing.assert_matches_numpy(cp.squeeze(c, axis), expect, strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(c.squeeze(axis=axis), expect, strides_check=True, view_of=(c, n))


def test_squeeze_zero_d():
    n, c = _contiguous((), numpy.float64)
    testing.assert_matches_numpy(c.squeeze(), n.squeeze(), strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(c.squeeze(0), n.squeeze(0), strides_check=True,
                                 view_of=(c, n))  # NumPy lets 0 and -1 through for 0-d arrays
    testing.assert_matches_numpy(cp.squeeze(c, -1), numpy.squeeze(n, -1), strides_check=True, view_of=(c, n))
    for axis in [(0,), 1, [0]]:
        testing.assert_raises_like_numpy(lambda: n.squeeze(axis), lambda: c.squeeze(axis))


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("axis", [0, -1, 2, (0, 3), [-1, 0], (0, 0), 4, (1, 2, 3)])
def test_expand_dims(layout, axis):
    n, c = LAYOUTS[layout]((2, 3), numpy.uint16)
    try:
        expect = numpy.expand_dims(n, axis)
    except Exception:
        testing.assert_raises_like_numpy(lambda: numpy.expand_dims(n, axis), lambda: cp.expand_dims(c, axis))
        return
    testing.assert_matches_numpy(cp.expand_dims(c, axis), expect, strides_check=True, view_of=(c, n))


# ---- broadcasting ------------------------------------------------------------------------------

@pytest.mark.parametrize("src,shape", [((3,), (4, 3)), ((3, 1), (2, 3, 4)), ((3, 1), (3, 1)), ((), (2, 2)),
                                       ((), ()), ((1,), (0,)), ((2, 3), (2, 3)), ((1, 3), (5, 0, 3))])
@pytest.mark.parametrize("layout", ["C", "neg"])
def test_broadcast_to(src, shape, layout):
    n, c = (_reversed if layout == "neg" and src else _contiguous)(src, numpy.int32)
    testing.assert_matches_numpy(cp.broadcast_to(c, shape), numpy.broadcast_to(n, shape), strides_check=True,
                                 view_of=(c, n))


@pytest.mark.parametrize("src,shape", [((3,), (4,)), ((2, 3), (4, 3)), ((0,), (1,)), ((2, 3), (3,)),
                                       ((2, 3), ()), ((2, 1), (2, -1))])
def test_broadcast_to_errors(src, shape):
    n, c = _contiguous(src, numpy.float32)
    testing.assert_raises_like_numpy(lambda: numpy.broadcast_to(n, shape), lambda: cp.broadcast_to(c, shape))


def test_broadcast_arrays():
    pairs = [_contiguous(s, numpy.float64) for s in [(2, 1), (3,), (4, 1, 1), (2, 3)]]
    ns, cs = [p[0] for p in pairs], [p[1] for p in pairs]
    got, expect = cp.broadcast_arrays(*cs), numpy.broadcast_arrays(*ns)
    assert isinstance(got, tuple) and len(got) == len(expect)
    for g, e, c, n in zip(got, expect, cs, ns):
        testing.assert_matches_numpy(g, e, strides_check=True, view_of=(c, n))
    same = cp.broadcast_arrays(cs[3], cs[3])
    assert same[0] is cs[3] and same[1] is cs[3]
    assert cp.broadcast_arrays() == ()
    bad = [_contiguous(s, numpy.float64) for s in [(2, 1), (1, 3), (3, 1)]]
    testing.assert_raises_like_numpy(lambda: numpy.broadcast_arrays(*[b[0] for b in bad]),
                                     lambda: cp.broadcast_arrays(*[b[1] for b in bad]))


# ---- view(dtype) -------------------------------------------------------------------------------

@pytest.mark.parametrize("src", [numpy.int8, numpy.int16, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("dst", [numpy.uint8, numpy.float16, numpy.int32, numpy.uint64, numpy.complex64,
                                 numpy.complex128])
@pytest.mark.parametrize("layout", ["C", "T", "step", "0d", "col"])
def test_view_dtype(src, dst, layout):
    if layout == "0d":
        n, c = _contiguous((), src)
    elif layout == "col":  # a last axis of length 1 may have any stride
        n, c = _contiguous((4, 4), src)
        n, c = n[:, ::4], c[:, ::4]
    else:
        n, c = LAYOUTS[layout]((2, 8), src)
    try:
        expect = n.view(dst)
    except ValueError:
        testing.assert_raises_like_numpy(lambda: n.view(dst), lambda: c.view(dst))
        return
    got = c.view(dst)
    assert got.base is not None
    assert got.shape == expect.shape and got.strides == expect.strides and got.dtype == expect.dtype
    assert got.get().tobytes() == expect.tobytes()


def test_view_same_dtype():
    n, c = _transposed((2, 3), numpy.float32)
    v = c.view()
    assert v.base is not None and v.strides == c.strides and v.dtype == c.dtype


# ---- diagonal ----------------------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("offset", [0, 1, -1, 2, -3, 4, -7])
@pytest.mark.parametrize("axes", [(0, 1), (1, 2), (2, 0), (-1, -2)])
def test_diagonal(layout, offset, axes):
    n, c = LAYOUTS[layout]((3, 4, 5), numpy.float64)
    expect = numpy.diagonal(n, offset, *axes)
    testing.assert_matches_numpy(cp.diagonal(c, offset, *axes), expect, strides_check=expect.size > 0,
                                 view_of=(c, n))
    testing.assert_matches_numpy(c.diagonal(offset, *axes), expect, strides_check=expect.size > 0,
                                 view_of=(c, n))


@pytest.mark.parametrize("shape,axes", [((3,), (0, 1)), ((2, 3), (0, 0)), ((2, 3), (0, 4)), ((2, 3), (-3, 0))])
def test_diagonal_errors(shape, axes):
    n, c = _contiguous(shape, numpy.float64)
    testing.assert_raises_like_numpy(lambda: numpy.diagonal(n, 0, *axes), lambda: cp.diagonal(c, 0, *axes))


# ---- property tests: reshape is a view exactly when NumPy's is -------------------------------

@st.composite
def _reshape_cases(draw):
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=0, max_size=4)))
    steps = [draw(st.sampled_from([1, 1, 2, -1, -2])) for _ in shape]
    perm = draw(st.permutations(range(len(shape))))
    size = 1
    for d, s in zip(shape, steps):
        size *= len(range(0, d, abs(s)))
    # A new shape with the same size: a random factorisation plus some 1s, maybe one -1.
    factors, rest = [], size
    for p in (2, 3, 5, 7):
        while rest and rest % p == 0:
            factors.append(p)
            rest //= p
    if rest != 1:
        factors.append(rest)
    groups = draw(st.lists(st.integers(0, 3), min_size=len(factors), max_size=len(factors)))
    newshape = [1] * (max(groups, default=0) + 1)
    for f, g in zip(factors, groups):
        newshape[g] *= f
    newshape += [1] * draw(st.integers(0, 2))
    newshape = draw(st.permutations(newshape))
    if size and draw(st.booleans()):
        newshape[draw(st.integers(0, len(newshape) - 1))] = -1
    order = draw(st.sampled_from(["C", "F", "A"]))
    return shape, steps, perm, tuple(newshape), order


@settings(max_examples=300, deadline=None)
@given(_reshape_cases())
def test_reshape_property(case):
    shape, steps, perm, newshape, order = case
    h = numpy.arange(int(numpy.prod(shape))).reshape(shape)
    c = cp.array(h)
    key = tuple(slice(None, None, s) for s in steps) + (Ellipsis,)  # `...` keeps 0-d results arrays
    n, c = h[key].transpose(perm), c[key].transpose(perm)
    try:
        expect = n.reshape(newshape, order=order)
    except ValueError:
        testing.assert_raises_like_numpy(lambda: n.reshape(newshape, order=order),
                                         lambda: c.reshape(newshape, order=order))
        return
    got = c.reshape(newshape, order=order)
    testing.assert_matches_numpy(got, expect, strides_check=True, view_of=(c, n))
    # copy=False succeeds exactly when NumPy's reshape was a view.
    if numpy.shares_memory(expect, h) or expect.size == 0:
        testing.assert_matches_numpy(c.reshape(newshape, order=order, copy=False), expect, strides_check=True)
    else:
        with pytest.raises(ValueError, match="Unable to avoid creating a copy while reshaping."):
            c.reshape(newshape, order=order, copy=False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=4), st.data())
def test_ravel_property(shape, data):
    shape = tuple(shape)
    steps = [data.draw(st.sampled_from([1, 2, -1])) for _ in shape]
    perm = data.draw(st.permutations(range(len(shape))))
    order = data.draw(st.sampled_from(["C", "F", "A", "K"]))
    h = numpy.arange(int(numpy.prod(shape)), dtype=numpy.int32).reshape(shape)
    key = tuple(slice(None, None, s) for s in steps) + (Ellipsis,)
    n, c = h[key].transpose(perm), cp.array(h)[key].transpose(perm)
    testing.assert_matches_numpy(c.ravel(order), n.ravel(order), strides_check=True, view_of=(c, n))
    testing.assert_matches_numpy(c.flatten(order), n.flatten(order), strides_check=True)
