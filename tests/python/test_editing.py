"""insert, delete, trim_zeros, block, row_stack, select, mask_indices, triu/tril_indices(_from)
and trace against NumPy 2: values, dtypes, shapes, layouts and error types/messages."""

import numpy
import pytest

import cupric as cp
from cupric import testing

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


def _host(shape, dtype=numpy.int64):
    v = numpy.arange(int(numpy.prod(shape)))
    dt = numpy.dtype(dtype)
    if dt == numpy.bool_:
        v = v % 3 == 0
    elif dt.kind == "c":
        v = v + 1j * (v % 5)
    return v.astype(dt).reshape(shape)


def _layouts(h):
    yield "C", h, cp.array(h)
    f = numpy.asfortranarray(h)
    yield "F", f, cp.array(f)
    if h.ndim >= 1:
        yield "neg", h[::-1], cp.array(h)[::-1]


# ---- insert ------------------------------------------------------------------------------------

OBJS = [0, 2, -1, 4, slice(1, 3), slice(None, None, 2), slice(None, None, -1), [1], [0, 2, 2], [3, -1, 0],
        numpy.array(1), numpy.array([True, False, True, False]), []]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("obj", OBJS, ids=repr)
def test_insert_axis_none(dtype, obj):
    h = _host((4,), dtype)
    testing.assert_matches_numpy(cp.insert(cp.array(h), obj, 7 if dtype != numpy.bool_ else True),
                                 numpy.insert(h, obj, 7 if dtype != numpy.bool_ else True))
    n_new = len(numpy.arange(4)[obj]) if isinstance(obj, slice) else (
        int(numpy.count_nonzero(obj)) if isinstance(obj, numpy.ndarray) and obj.dtype == bool else numpy.size(obj))
    v = _host((max(n_new, 1),), dtype)[::-1]
    testing.assert_matches_numpy(cp.insert(cp.array(h), obj, cp.array(v)), numpy.insert(h, obj, v))


@pytest.mark.parametrize("obj", [1, [1], [0, 3], slice(0, 4, 2), numpy.array([True, False, False, True])], ids=repr)
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_insert_axes_and_values(obj, axis):
    for layout, h, d in _layouts(_host((4, 4), numpy.float32)):
        for values in [5, [1, 2, 3, 4], [[9], [8], [7], [6]] if axis != 0 else [[9, 8, 7, 6]]]:
            try:
                n = numpy.insert(h, obj, values, axis=axis)
            except ValueError:
                with pytest.raises(ValueError):
                    cp.insert(d, obj, values, axis=axis)
                continue
            r = cp.insert(d, obj, values, axis=axis)
            testing.assert_matches_numpy(r, n)
            assert r.flags.f_contiguous == n.flags.f_contiguous, layout


def test_insert_multi_dim_flatten_and_casts():
    h = _host((2, 3), numpy.int32)
    testing.assert_matches_numpy(cp.insert(cp.array(h), [1, 5], [2.7, -1.2]), numpy.insert(h, [1, 5], [2.7, -1.2]))
    testing.assert_matches_numpy(cp.insert(cp.array(h), 2, cp.array([1.5, 2.5]), axis=1), numpy.insert(h, 2, numpy.array([1.5, 2.5]), axis=1))
    h0 = numpy.array(5)
    testing.assert_matches_numpy(cp.insert(cp.array(h0), 0, 3), numpy.insert(h0, 0, 3))


def test_insert_errors():
    h = _host((4,))
    d = cp.array(h)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, 5, 1), lambda: cp.insert(d, 5, 1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, -5, 1), lambda: cp.insert(d, -5, 1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, [9, 1], 1), lambda: cp.insert(d, [9, 1], 1), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, [[1]], 1), lambda: cp.insert(d, [[1]], 1), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, numpy.array([[True]]), 1),
                                     lambda: cp.insert(d, cp.array([[True]]), 1), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.insert(h, 1, 1, axis=2), lambda: cp.insert(d, 1, 1, axis=2), expected=numpy.exceptions.AxisError)


# ---- delete ------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("obj", [0, -1, 3, slice(1, 4), slice(None, None, 2), slice(None, None, -3), slice(4, 1),
                                 [0, 2], [2, 2, -1], numpy.array([1]), numpy.array(2), [],
                                 numpy.array([True, False, True, False, True, False])], ids=repr)
def test_delete_axis_none(dtype, obj):
    h = _host((6,), dtype)
    testing.assert_matches_numpy(cp.delete(cp.array(h), obj), numpy.delete(h, obj))


@pytest.mark.parametrize("obj", [1, [0, 2], slice(0, 3, 2), numpy.array([False, True, True])], ids=repr)
@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_delete_axes_layouts(obj, axis):
    for layout, h, d in _layouts(_host((3, 3), numpy.complex64)):
        if axis is None and isinstance(obj, numpy.ndarray):
            continue
        n = numpy.delete(h, obj, axis=axis)
        r = cp.delete(d, obj, axis=axis)
        testing.assert_matches_numpy(r, n)


def test_delete_errors():
    h = _host((4, 2))
    d = cp.array(h)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, 4, axis=0), lambda: cp.delete(d, 4, axis=0), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, -9), lambda: cp.delete(d, -9), expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, [1, 9], axis=0), lambda: cp.delete(d, [1, 9], axis=0),
                                     match_message=False, expected=IndexError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, numpy.array([True, False]), axis=0),
                                     lambda: cp.delete(d, cp.array([True, False]), axis=0), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.delete(h, numpy.array([1.0, 2.0]), axis=0),
                                     lambda: cp.delete(d, cp.array([1.0, 2.0]), axis=0), match_message=False, expected=IndexError)


# ---- trim_zeros --------------------------------------------------------------------------------

@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF", "F"])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64, numpy.bool_, numpy.complex64])
def test_trim_zeros_1d(trim, dtype):
    h = numpy.array([0, 0, 1, 0, 2, 3, 0, 0], dtype=dtype)
    d = cp.array(h)
    r = cp.trim_zeros(d, trim)
    testing.assert_matches_numpy(r, numpy.trim_zeros(h, trim))
    assert r.base is d  # a view, as NumPy's slice
    z = numpy.zeros(4, dtype)
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(z), trim), numpy.trim_zeros(z, trim))


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("trim", ["fb", "f", "b"])
def test_trim_zeros_nd(axis, trim):
    h = numpy.zeros((5, 6), numpy.int64)
    h[1, 2] = 4
    h[3, 4] = -1
    for _, hh, d in _layouts(h):
        testing.assert_matches_numpy(cp.trim_zeros(d, trim, axis=axis), numpy.trim_zeros(hh, trim, axis=axis))
    e = numpy.zeros((0, 3))
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(e), trim, axis=axis), numpy.trim_zeros(e, trim, axis=axis))


def test_trim_zeros_errors():
    h = numpy.array([0, 1, 0])
    testing.assert_raises_like_numpy(lambda: numpy.trim_zeros(h, "x"), lambda: cp.trim_zeros(cp.array(h), "x"), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.trim_zeros(h, axis=1),
                                     lambda: cp.trim_zeros(cp.array(h), axis=1), expected=numpy.exceptions.AxisError)
    h0 = numpy.array(0.0)
    testing.assert_matches_numpy(cp.trim_zeros(cp.array(h0)), numpy.trim_zeros(h0))


# ---- block / row_stack -------------------------------------------------------------------------

def test_block_forms():
    A = numpy.eye(2) * 2
    B = numpy.eye(3) * 3
    z23 = numpy.zeros((2, 3))
    z32 = numpy.zeros((3, 2), numpy.int32)
    dA, dB, d23, d32 = map(cp.array, (A, B, z23, z32))
    testing.assert_matches_numpy(cp.block([[dA, d23], [d32, dB]]), numpy.block([[A, z23], [z32, B]]))
    testing.assert_matches_numpy(cp.block([dA[0], dB[0], 5]), numpy.block([A[0], B[0], 5]))
    testing.assert_matches_numpy(cp.block([[1, 2], [3, 4]]), numpy.block([[1, 2], [3, 4]]))
    testing.assert_matches_numpy(cp.block(dA), numpy.block(A))
    testing.assert_matches_numpy(cp.block(7), numpy.block(7))
    testing.assert_matches_numpy(cp.block([[[dA]], [[dA]]]), numpy.block([[[A]], [[A]]]))
    a3 = numpy.arange(8).reshape(2, 2, 2)
    testing.assert_matches_numpy(cp.block([[cp.array(a3), cp.array(a3)]]), numpy.block([[a3, a3]]))
    testing.assert_matches_numpy(cp.block([]) if False else cp.block([dA]), numpy.block([A]))


def test_block_errors():
    A = numpy.eye(2)
    dA = cp.array(A)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A], A]), lambda: cp.block([[dA], dA]), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([A, [A]]), lambda: cp.block([dA, [dA]]), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([]), lambda: cp.block([]), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A], []]), lambda: cp.block([[dA], []]), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([(A, A)]), lambda: cp.block([(dA, dA)]), expected=TypeError)
    testing.assert_raises_like_numpy(lambda: numpy.block((A, A)), lambda: cp.block((dA, dA)), expected=TypeError)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A, numpy.ones((3, 3))]]),
                                     lambda: cp.block([[dA, cp.ones((3, 3))]]), expected=ValueError)


def test_row_stack_deprecated():
    """V14-DEPRECATED: row_stack exists with NumPy 2's DeprecationWarning and is vstack (NumPy 2.5
    removed numpy.row_stack, so vstack is the reference)."""
    a, b = numpy.arange(3), numpy.arange(3, 6)
    with pytest.warns(DeprecationWarning, match="row_stack"):
        r = cp.row_stack([cp.array(a), cp.array(b)])
    n = numpy.vstack([a, b])
    n16 = numpy.vstack([a, b], dtype=numpy.float16)
    testing.assert_matches_numpy(r, n)
    with pytest.warns(DeprecationWarning):
        testing.assert_matches_numpy(cp.row_stack([cp.array(a), cp.array(b)], dtype=numpy.float16), n16)


# ---- select ------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_select_dtypes(dtype):
    x = numpy.arange(10)
    h = _host((10,), dtype)
    conds = [x < 3, x > 5]
    choices = [h, h[::-1].copy()]
    testing.assert_matches_numpy(cp.select([cp.array(c) for c in conds], [cp.array(c) for c in choices]),
                                 numpy.select(conds, choices))
    testing.assert_matches_numpy(cp.select([cp.array(c) for c in conds], [cp.array(c) for c in choices], default=3),
                                 numpy.select(conds, choices, default=3))


def test_select_weak_scalars_and_broadcast():
    x = numpy.arange(12).reshape(3, 4)
    conds = [x < 3, (x % 2 == 0)[:1]]
    f32 = numpy.linspace(0, 1, 4, dtype=numpy.float32)
    for choices, default in [([1, 2.5], 0), ([f32, 3], 1.5), ([x, 2], -1), ([1, 2], 0), ([1j, f32], 0),
                             ([numpy.float64(2), f32], 0)]:
        n = numpy.select(conds, choices, default)
        r = cp.select([cp.array(c) for c in conds],
                      [cp.array(c) if isinstance(c, numpy.ndarray) else c for c in choices], default)
        testing.assert_matches_numpy(r, n)
    testing.assert_matches_numpy(cp.select([cp.array(True)], [cp.array(5)]), numpy.select([numpy.array(True)], [numpy.array(5)]))


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_select_python_number_choices_cast_same_kind():
    """Python-number choices become int64/float64/complex128 arrays copied with same_kind casting,
    as in NumPy: an int into a uint8 result fails, into int8 it wraps."""
    c = numpy.array([True, False, True])
    for default, choice in [(numpy.zeros(3, numpy.uint8), 200), (numpy.zeros(3, numpy.int8), 300),
                            (numpy.zeros(3, numpy.float32), 2), (numpy.zeros(3, numpy.float16), 1e6),
                            (numpy.zeros(3, numpy.int16), 2.5), (numpy.zeros(3, numpy.float32), 1j)]:
        expected = None
        try:
            expected = numpy.select([c], [choice], default=default)
        except TypeError as e:
            with pytest.raises(TypeError) as e_cp:
                cp.select([cp.array(c)], [choice], default=cp.array(default))
            assert str(e_cp.value) == str(e)
        if expected is not None:
            testing.assert_matches_numpy(cp.select([cp.array(c)], [choice], default=cp.array(default)), expected)
    u8 = numpy.zeros(3, numpy.uint8)
    testing.assert_matches_numpy(cp.select([cp.array(c)], [cp.array(u8)], default=256), numpy.select([c], [u8], default=256))


def test_select_errors():
    x = numpy.arange(4)
    testing.assert_raises_like_numpy(lambda: numpy.select([x > 1], [x, x]), lambda: cp.select([cp.array(x > 1)], [cp.array(x)] * 2), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.select([], []), lambda: cp.select([], []), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.select([x], [x]), lambda: cp.select([cp.array(x)], [cp.array(x)]), expected=TypeError)


# ---- mask_indices / triu_indices / tril_indices / trace ----------------------------------------

@pytest.mark.parametrize("n,k,m", [(4, 0, None), (4, 1, None), (4, -2, None), (3, 0, 5), (5, 2, 3), (0, 0, None),
                                   (3, 10, None), (3, -10, 4)])
def test_tri_indices(n, k, m):
    testing.assert_matches_numpy(cp.triu_indices(n, k, m), numpy.triu_indices(n, k, m))
    testing.assert_matches_numpy(cp.tril_indices(n, k, m), numpy.tril_indices(n, k, m))
    a = numpy.zeros((n, n if m is None else m))
    testing.assert_matches_numpy(cp.triu_indices_from(cp.array(a), k), numpy.triu_indices_from(a, k))
    testing.assert_matches_numpy(cp.tril_indices_from(cp.array(a), k), numpy.tril_indices_from(a, k))


def test_tri_indices_use_and_errors():
    a = numpy.arange(16).reshape(4, 4)
    d = cp.array(a)
    testing.assert_matches_numpy(d[cp.triu_indices(4, 1)], a[numpy.triu_indices(4, 1)])
    testing.assert_raises_like_numpy(lambda: numpy.triu_indices_from(numpy.ones(3)), lambda: cp.triu_indices_from(cp.ones(3)), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.tril_indices_from(numpy.ones((2, 2, 2))),
                                     lambda: cp.tril_indices_from(cp.ones((2, 2, 2))), expected=ValueError)


@pytest.mark.parametrize("k", [0, 1, -1])
def test_mask_indices(k):
    testing.assert_matches_numpy(cp.mask_indices(4, cp.triu, k), numpy.mask_indices(4, numpy.triu, k))
    testing.assert_matches_numpy(cp.mask_indices(3, cp.tril, k), numpy.mask_indices(3, numpy.tril, k))
    testing.assert_matches_numpy(cp.mask_indices(3, lambda m, kk: m * 0), numpy.mask_indices(3, lambda m, kk: m * 0))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("offset", [0, 1, -2, 7])
def test_trace_dtypes(dtype, offset):
    for _, h, d in _layouts(_host((4, 5), dtype)):
        testing.assert_matches_numpy(cp.trace(d, offset), numpy.trace(h, offset))
        testing.assert_matches_numpy(d.trace(offset), h.trace(offset))


def test_trace_axes_dtype_out():
    h = _host((3, 4, 5), numpy.int16)
    d = cp.array(h)
    for a1, a2 in [(0, 1), (1, 2), (2, 0), (-1, -2)]:
        testing.assert_matches_numpy(cp.trace(d, 1, a1, a2), numpy.trace(h, 1, a1, a2))
    testing.assert_matches_numpy(cp.trace(d, dtype=numpy.float32), numpy.trace(h, dtype=numpy.float32))
    out = cp.empty(5, numpy.int64)
    r = cp.trace(d, out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.trace(h))
    r = d.trace(axis1=1, axis2=2, dtype=numpy.int8)
    testing.assert_matches_numpy(r, h.trace(axis1=1, axis2=2, dtype=numpy.int8))
    testing.assert_raises_like_numpy(lambda: numpy.trace(numpy.ones(3)), lambda: cp.trace(cp.ones(3)), match_message=False, expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.trace(h, 0, 1, 1), lambda: cp.trace(d, 0, 1, 1), match_message=False, expected=ValueError)


def test_diagonal_is_view():
    h = _host((4, 5), numpy.float64)
    d = cp.array(h)
    v = d.diagonal(1)
    assert v.base is d
    testing.assert_matches_numpy(v, h.diagonal(1))
    testing.assert_matches_numpy(cp.diagonal(d.T, -1), numpy.diagonal(h.T, -1))


# ---- diag_indices_from and the index-dtype check of take ----------------------------------------

@pytest.mark.parametrize("shape", [(3, 3), (2, 2, 2), (0, 0), (1, 1, 1, 1)])
def test_diag_indices_from(shape):
    h = numpy.zeros(shape)
    testing.assert_matches_numpy(cp.diag_indices_from(cp.array(h)), numpy.diag_indices_from(h))


def test_diag_indices_from_errors():
    for shape in [(3,), (2, 3), (2, 2, 3)]:
        h = numpy.zeros(shape)
        testing.assert_raises_like_numpy(lambda: numpy.diag_indices_from(h), lambda: cp.diag_indices_from(cp.array(h)), expected=ValueError)


@pytest.mark.parametrize("idx_dtype", [numpy.float32, numpy.float64, numpy.complex128])
def test_take_non_integer_indices(idx_dtype):
    h = numpy.arange(5.0)
    i = numpy.array([1], dtype=idx_dtype)
    testing.assert_raises_like_numpy(lambda: numpy.take(h, i), lambda: cp.take(cp.array(h), cp.array(i)), expected=TypeError)
    for ok in [numpy.array([True, False]), numpy.array([1], numpy.uint64), numpy.array([-1], numpy.int8)]:
        testing.assert_matches_numpy(cp.take(cp.array(h), cp.array(ok)), numpy.take(h, ok))
