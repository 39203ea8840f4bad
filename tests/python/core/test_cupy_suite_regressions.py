"""Bugs CuPy 14.2's own test suite found in cupric (issue 18), each checked against NumPy 2."""
import ml_dtypes
import numpy
import pytest

import cupric
import cupricx
from cupric import testing
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy


# ---- ndarray.view(SubclassOfNdarray) --------------------------------------------------------------

class _Tagged(cupric.ndarray):
    def __array_finalize__(self, obj):
        self.tag = 'finalized'


def test_view_with_ndarray_subclass_as_dtype_argument():
    a = cupric.arange(6.0).reshape(2, 3)
    v = a.view(_Tagged)
    assert type(v) is _Tagged and v.tag == 'finalized'
    assert v.base is a.base and v.shape == a.shape and v.dtype == a.dtype
    testing.assert_array_equal(v.get(), a.get())
    v[0, 0] = 7  # shares memory
    assert float(a[0, 0]) == 7
    w = a.view(numpy.int64, _Tagged)
    assert type(w) is _Tagged and w.dtype == numpy.int64
    assert type(v.view()) is _Tagged  # a subclass view keeps its class
    assert type(a.view(type=cupric.ndarray)) is cupric.ndarray
    assert_raises_like_numpy(lambda: numpy.arange(3.0).view(type=int), lambda: a.view(type=int))


# ---- roll with array shifts -----------------------------------------------------------------------

@pytest.mark.parametrize('shift, axis', [(2, None), ('0d', None), ('0d', 0), ('1d', (0, 1)), ('np0d', 1)])
def test_roll_array_shift(shift, axis):
    a_np = numpy.arange(12.0).reshape(3, 4)
    a = cupric.asarray(a_np)
    if shift == '0d':
        s_np, s = numpy.array(2), cupric.array(2)
    elif shift == '1d':
        s_np, s = numpy.array([1, -3]), cupric.array([1, -3])
    elif shift == 'np0d':
        s_np = s = numpy.array(-1)
    else:
        s_np = s = shift
    assert_matches_numpy(cupric.roll(a, s, axis=axis), numpy.roll(a_np, s_np, axis=axis))
    assert_matches_numpy(cupric.roll(a.T, s, axis=axis), numpy.roll(a_np.T, s_np, axis=axis))


def test_roll_array_axis():
    a_np = numpy.arange(12).reshape(3, 4)
    assert_matches_numpy(cupric.roll(cupric.asarray(a_np), 1, axis=cupric.array(1)),
                         numpy.roll(a_np, 1, axis=numpy.array(1)))


# ---- nan_to_num with array replacement values -----------------------------------------------------

@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64, numpy.complex128, numpy.int32])
def test_nan_to_num_array_values(dtype):
    base = numpy.array([[numpy.nan, 1.0, numpy.inf], [-numpy.inf, numpy.nan, 2.0]])
    x_np = base.astype(dtype) if dtype != numpy.int32 else numpy.arange(6, dtype=dtype).reshape(2, 3)
    if dtype == numpy.complex128:
        x_np = x_np + 1j * base[::-1]
    kw_np = dict(nan=numpy.array([10.0, 20.0, 30.0]), posinf=numpy.array(99.0), neginf=numpy.array([[-1.0], [-2.0]]))
    kw = {k: cupric.asarray(v) for k, v in kw_np.items()}
    assert_matches_numpy(cupric.nan_to_num(cupric.asarray(x_np), **kw), numpy.nan_to_num(x_np, **kw_np))
    assert_matches_numpy(cupric.nan_to_num(cupric.asarray(x_np), nan=cupric.array(5.0)),
                         numpy.nan_to_num(x_np, nan=numpy.array(5.0)))
    # scalars still work, in place with copy=False
    x = cupric.asarray(x_np)
    r = cupric.nan_to_num(x, copy=False, nan=-7, posinf=3.5)
    assert_matches_numpy(r, numpy.nan_to_num(x_np.copy(), nan=-7, posinf=3.5))


# ---- convolve with 0-d inputs ---------------------------------------------------------------------

@pytest.mark.parametrize('mode', ['full', 'same', 'valid'])
def test_convolve_0d_inputs(mode):
    a_np, v_np = numpy.array(3.0), numpy.array([1.0, 2.0, 4.0])
    a, v = cupric.asarray(a_np), cupric.asarray(v_np)
    assert_matches_numpy(cupric.convolve(a, v, mode), numpy.convolve(a_np, v_np, mode))
    assert_matches_numpy(cupric.convolve(v, a, mode), numpy.convolve(v_np, a_np, mode))
    assert_matches_numpy(cupric.convolve(a, a, mode), numpy.convolve(a_np, a_np, mode))
    assert_raises_like_numpy(lambda: numpy.correlate(a_np, v_np), lambda: cupric.correlate(a, v))
    m_np = numpy.ones((2, 2))
    assert_raises_like_numpy(lambda: numpy.convolve(m_np, v_np), lambda: cupric.convolve(cupric.asarray(m_np), v))


# ---- empty_like_pinned(order=) --------------------------------------------------------------------

@pytest.mark.parametrize('order', ['C', 'F', 'A', 'K'])
@pytest.mark.parametrize('layout', ['c', 'f', 'transposed3d', 'sliced'])
def test_empty_like_pinned_order(order, layout):
    base = numpy.arange(24.0).reshape(2, 3, 4)
    a_np = {'c': base, 'f': numpy.asfortranarray(base), 'transposed3d': base.transpose(1, 2, 0),
            'sliced': base[:, ::2, 1:]}[layout]
    for a in (a_np, cupric.asarray(a_np) if layout in ('c', 'f') else a_np):
        for maker in (cupricx.empty_like_pinned, cupricx.zeros_like_pinned):
            r = maker(a, order=order)
            e = numpy.empty_like(a_np, order=order)
            assert isinstance(r, numpy.ndarray)
            assert r.shape == e.shape and r.dtype == e.dtype and r.strides == e.strides
    r = cupricx.empty_like_pinned(a_np, dtype=numpy.int16, order='F', shape=(5, 2))
    e = numpy.empty_like(a_np, dtype=numpy.int16, order='F', shape=(5, 2))
    assert r.shape == e.shape and r.dtype == e.dtype and r.strides == e.strides


# ---- boolean-index shape mismatches ---------------------------------------------------------------

@pytest.mark.parametrize('shape, index', [
    ((2, 3), lambda m: m.ones(3, bool)),
    ((2, 3), lambda m: m.ones((3, 2), bool)),
    ((2, 3), lambda m: m.ones((2, 3, 1), bool)),
    ((2, 3), lambda m: (slice(None), m.ones(2, bool))),
    ((2, 3), lambda m: (m.ones(2, bool), m.ones(2, bool))),
    ((2, 3), lambda m: (m.array([True, True]), m.array([0, 1, 2]))),
    ((2, 3), lambda m: m.ones((1, 3), bool)),
    ((2, 0), lambda m: m.ones((2, 1), bool)),
    ((5,), lambda m: m.ones(5, bool)[::2]),
    ((3,), lambda m: (Ellipsis, m.ones(2, bool))),
])
def test_boolean_index_mismatch_errors(shape, index):
    a_np = numpy.ones(shape)
    a = cupric.asarray(a_np)
    assert_raises_like_numpy(lambda: a_np[index(numpy)], lambda: a[index(cupric)])

    def set_np():
        a_np[index(numpy)] = 1.0

    def set_cp():
        a[index(cupric)] = 1.0
    assert_raises_like_numpy(set_np, set_cp)


# ---- comparisons with objects no ufunc takes ------------------------------------------------------

class _Plain:
    """Compared by identity (no __eq__ of its own)."""


class _OwnEq:
    def __eq__(self, other):
        return 'own eq'

    __hash__ = None


@pytest.mark.parametrize('other', [None, object(), 'text', b'bytes', _Plain()])
def test_compare_with_object_gives_arrays(other):
    x_np = numpy.arange(6).reshape(2, 3)
    x = cupric.asarray(x_np)
    assert_matches_numpy(x == other, x_np == other)
    assert_matches_numpy(x != other, x_np != other)
    assert_matches_numpy(other == x, other == x_np)  # reflected
    assert_matches_numpy(other != x, other != x_np)
    assert_matches_numpy(x[:0] == other, x_np[:0] == other)
    with pytest.raises(TypeError):
        x < other  # noqa: B015  (ordering stays an error, as in NumPy)


# ---- around of bool -------------------------------------------------------------------------------

def test_around_bool_is_float16():
    b_np = numpy.array([[True, False, True]])
    b = cupric.asarray(b_np)
    assert_matches_numpy(cupric.around(b), numpy.around(b_np))
    assert_matches_numpy(b.round(), b_np.round())
    assert_matches_numpy(cupric.round(b.T), numpy.round(b_np.T))
    out_np, out = numpy.empty(b_np.shape, numpy.float32), cupric.empty(b.shape, numpy.float32)
    assert cupric.around(b, out=out) is out
    assert_matches_numpy(out, numpy.around(b_np, out=out_np))
    assert_raises_like_numpy(lambda: numpy.around(b_np, 1), lambda: cupric.around(b, 1))


# ---- clip of bfloat16 -----------------------------------------------------------------------------

_BF16 = numpy.dtype(ml_dtypes.bfloat16)


@pytest.mark.parametrize('bounds', [
    (1, 2), (1.0, 2.5), (1, 2.0), (True, 2), (numpy.int8(1), 2),
    (numpy.float32(1), 2), (numpy.float64(1), 2), ('bf16', 'bf16'),
    ('i1', 'i1'), ('u1', 'u1'), ('bool', 'bool'), ('f2', 'f2'), ('f4', 'f4'), ('i4', 'i4'),
    (1, None), (numpy.float32(1), None),
    # Not here: NumPy int32/float16 scalar bounds (cupric's ufunc resolution raises
    # DTypePromotionError for a strong scalar of those types with bfloat16) and a Python float
    # with bfloat16 in minimum/maximum (NumPy gives float32 there for every ufunc; cupric keeps
    # bfloat16): both are ufunc type resolution, not clip.
])
def test_clip_bfloat16_promotion(bounds):
    a_np = numpy.array([[0.5, 1.5, 2.5], [3.0, -1.0, 2.0]], dtype=_BF16)
    a = cupric.asarray(a_np)

    def bound(b, xp):
        if isinstance(b, str):
            dt = _BF16 if b == 'bf16' else numpy.dtype(b)
            return xp.asarray(numpy.array([1, 1, 2]).astype(dt))
        return b
    lo_np, hi_np = (bound(b, numpy) for b in bounds)
    lo, hi = (bound(b, cupric) for b in bounds)
    assert_matches_numpy(cupric.clip(a, lo, hi), numpy.clip(a_np, lo_np, hi_np))


def test_compare_with_object_defining_eq_defers_to_it():
    assert (cupric.ones(3) == _OwnEq()) == 'own eq'
