"""The fast paths of small ufunc calls (issues 3-5): the per-thread type-resolution cache
(Note [Resolution cache] in src/ops/ufunc_resolve.cpp), the unstaged elementwise path and in-place result
wrapping, keyword parsing, and the general path for what they leave; each result against NumPy."""
import threading

import numpy
import pytest

import cupric as cp
from cupric import testing


DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
          numpy.int64, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
          numpy.complex128]


@pytest.mark.parametrize("dt", DTYPES)
def test_resolution_cache_binary_repeated_across_dtypes(dt):
    h = (numpy.arange(12) % 5).astype(dt).reshape(3, 4)
    a = cp.asarray(h)
    for _ in range(3):  # first call fills the cache, later ones read it
        testing.assert_matches_numpy(a + a, h + h)
        testing.assert_matches_numpy(a * 2, h * 2)
        testing.assert_matches_numpy(a + 1.5, h + 1.5)
        testing.assert_matches_numpy(cp.add(a, True), numpy.add(h, True))
        testing.assert_matches_numpy(a == a, h == h)


def test_resolution_cache_keys_on_every_input_dtype():
    hs = [numpy.arange(6, dtype=t) for t in (numpy.int8, numpy.int32, numpy.float32, numpy.float64)]
    ds = [cp.asarray(h) for h in hs]
    for _ in range(2):
        for x, hx in zip(ds, hs):
            for y, hy in zip(ds, hs):
                testing.assert_matches_numpy(x + y, hx + hy)
                testing.assert_matches_numpy(cp.subtract(y, x), numpy.subtract(hy, hx))


def test_resolution_cache_weak_scalar_kinds():
    h = numpy.arange(5, dtype=numpy.float32)
    a = cp.asarray(h)
    for _ in range(2):
        testing.assert_matches_numpy(a + 1, h + 1)
        testing.assert_matches_numpy(a + 1.0, h + 1.0)
        testing.assert_matches_numpy(a + 1j, h + 1j)
        testing.assert_matches_numpy(a + numpy.float64(1), h + numpy.float64(1))  # strong: float64 result
        testing.assert_matches_numpy(1 + a, 1 + h)


def test_resolution_cache_keeps_python_int_overflow_check_V14_PROMO_2():
    h = numpy.arange(5, dtype=numpy.uint8)
    a = cp.asarray(h)
    testing.assert_matches_numpy(a + 1, h + 1)
    testing.assert_matches_numpy(a + 1, h + 1)
    with pytest.raises(OverflowError):
        a + 300
    with pytest.raises(OverflowError):
        a + (-1)
    testing.assert_matches_numpy(a + 2, h + 2)


def test_resolution_cache_comparisons_with_big_ints_stay_exact():
    h = numpy.array([-3, 0, 100, 127], dtype=numpy.int8)
    a = cp.asarray(h)
    for _ in range(2):
        testing.assert_matches_numpy(a < 1, h < 1)
        testing.assert_matches_numpy(a < 1000, h < 1000)
        testing.assert_matches_numpy(a > -1000, h > -1000)
        testing.assert_matches_numpy(a == 2 ** 70, h == 2 ** 70)


def test_resolution_cache_ldexp_by_value():
    h = numpy.array([1.0, 2.0], dtype=numpy.float16)
    a = cp.asarray(h)
    for _ in range(2):
        testing.assert_matches_numpy(cp.ldexp(a, 3), numpy.ldexp(h, 3))
        testing.assert_matches_numpy(cp.ldexp(a, numpy.int64(3)), numpy.ldexp(h, numpy.int64(3)))


def test_resolution_cache_dtype_argument_not_shared():
    h = numpy.arange(1, 5, dtype=numpy.int32)
    a = cp.asarray(h)
    for _ in range(2):
        testing.assert_matches_numpy(cp.add(a, a), numpy.add(h, h))
        testing.assert_matches_numpy(cp.add(a, a, dtype=numpy.float64), numpy.add(h, h, dtype=numpy.float64))
        testing.assert_matches_numpy(cp.true_divide(a, a), numpy.true_divide(h, h))


def test_resolution_cache_errors_repeat():
    a = cp.asarray(numpy.array([True, False, True]))
    for _ in range(2):
        with pytest.raises(TypeError):
            a - a  # numpy boolean subtract
    s = cp.zeros(2, dtype=numpy.dtype([("x", "f4")]))
    for _ in range(2):
        with pytest.raises(TypeError):
            cp.add(s, s)


def test_resolution_cache_per_thread():
    h = numpy.arange(8, dtype=numpy.float32)
    a = cp.asarray(h)
    b = cp.asarray(h.astype(numpy.int16))
    errors = []

    def work():
        try:
            for _ in range(50):
                testing.assert_matches_numpy(a + b, h + h.astype(numpy.int16))
                testing.assert_matches_numpy(b * 3, h.astype(numpy.int16) * 3)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    ts = [threading.Thread(target=work) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors


def test_unstaged_and_staged_elementwise_paths():
    h = numpy.arange(20, dtype=numpy.float32)
    a = cp.asarray(h)
    # overlapping input and output in another layout: staged through a copy
    hc, ac = h.copy(), a.copy()
    numpy.add(hc[:-1], hc[1:], out=hc[1:])
    cp.add(ac[:-1], ac[1:], out=ac[1:])
    testing.assert_matches_numpy(ac, hc)
    # same layout in place: unstaged
    hc2, ac2 = h.copy(), a.copy()
    numpy.multiply(hc2, 2, out=hc2)
    cp.multiply(ac2, 2, out=ac2)
    testing.assert_matches_numpy(ac2, hc2)
    # misaligned view (odd byte offset): staged
    raw = cp.zeros(41, dtype=cp.uint8)
    mis = raw[1:].view(cp.float32)
    mis[...] = cp.arange(10, dtype=cp.float32)
    testing.assert_matches_numpy(mis + 1, numpy.arange(10, dtype=numpy.float32) + 1)


def test_wrapped_results_are_full_arrays():
    a = cp.arange(6, dtype=cp.float32)
    r = a + a
    assert type(r) is cp.ndarray
    assert r.base is None
    assert r.flags.owndata
    v = a[1:-1]
    assert v.base is a
    w = v[1:]
    assert w.base is a
    del a, v
    testing.assert_matches_numpy(w, numpy.arange(6, dtype=numpy.float32)[2:-1])
    testing.assert_matches_numpy(r, numpy.arange(6, dtype=numpy.float32) * 2)


def test_ufunc_keyword_parsing():
    h = numpy.arange(4, dtype=numpy.float64)
    a = cp.asarray(h)
    out = cp.empty_like(a)
    assert cp.add(a, a, out=out) is out
    testing.assert_matches_numpy(out, h + h)
    r = cp.add(a, 1, out=(out,), casting="same_kind", order="K", subok=True, where=True)
    assert r is out
    testing.assert_matches_numpy(out, h + 1)
    with pytest.raises(TypeError, match="invalid keyword"):
        cp.add(a, a, bogus=1)
    with pytest.raises(TypeError):
        cp.add(a, a, **{"out": out, "casting": "no", "dtype": numpy.int8})


# Note [Small-op fast path] (src/ops/ufunc.cpp): contiguous same-shape operands skip the general
# path. Each case is compared with NumPy; the layouts next to them take the general path.

@pytest.mark.parametrize("dt", DTYPES)
def test_fast_path_binary_unary_and_bound_scalars(dt):
    h = (numpy.arange(24) % 7 + 1).astype(dt)
    g = (numpy.arange(24) % 3 + 1).astype(dt)
    a, b = cp.asarray(h), cp.asarray(g)
    testing.assert_matches_numpy(a + b, h + g)
    testing.assert_matches_numpy(cp.multiply(a, b), numpy.multiply(h, g))
    testing.assert_matches_numpy(a * 2, h * 2)
    testing.assert_matches_numpy(2 * a, 2 * h)
    testing.assert_matches_numpy(cp.subtract(3, a) if dt is not numpy.bool_ else cp.logical_xor(True, a),
                                 numpy.subtract(3, h) if dt is not numpy.bool_ else numpy.logical_xor(True, h))
    testing.assert_matches_numpy(cp.negative(a) if dt is not numpy.bool_ else cp.logical_not(a),
                                 numpy.negative(h) if dt is not numpy.bool_ else numpy.logical_not(h))
    testing.assert_matches_numpy(a < b, h < g)
    if dt not in (numpy.bool_,):
        with numpy.errstate(all="ignore"):
            testing.assert_matches_numpy(cp.true_divide(a, b), numpy.true_divide(h, g))
            testing.assert_matches_numpy(1.0 / a, 1.0 / h)


@pytest.mark.parametrize("shape", [(), (0,), (1,), (5,), (3, 4), (2, 0, 3), (2, 3, 4)])
def test_fast_path_shapes(shape):
    h = numpy.arange(int(numpy.prod(shape)), dtype=numpy.float32).reshape(shape)
    a = cp.asarray(h)
    testing.assert_matches_numpy(a + a, h + h)
    testing.assert_matches_numpy(a - 1.5, h - numpy.float32(1.5))
    s = cp.sin(a)
    assert s.dtype == cp.float32 and s.shape == shape
    numpy.testing.assert_allclose(cp.asnumpy(s), numpy.sin(h), rtol=1e-6, atol=1e-7)
    o = cp.empty(shape, dtype=cp.float32)
    r = cp.add(a, a, out=o)
    assert r is o
    testing.assert_matches_numpy(o, h + h)


def test_fast_path_out_and_in_place():
    h = numpy.arange(10, dtype=numpy.float64)
    a = cp.asarray(h)
    a += a  # the output is exactly an input
    testing.assert_matches_numpy(a, h + h)
    a *= 0.5
    testing.assert_matches_numpy(a, h)
    b = cp.asarray(h)
    cp.add(b[1:], b[:-1], out=b[1:])  # overlapping, shifted: the general path stages the input
    hb = h.copy()
    numpy.add(hb[1:], hb[:-1], out=hb[1:])
    testing.assert_matches_numpy(b, hb)
    c = cp.asarray(h)
    cp.multiply(c[::2], 2, out=c[::2])  # strided output: the general path
    hc = h.copy()
    hc[::2] *= 2
    testing.assert_matches_numpy(c, hc)
    o32 = cp.empty(10, dtype=cp.float32)  # output of another dtype: cast by the general path
    cp.add(cp.asarray(h), 1, out=o32)
    testing.assert_matches_numpy(o32, (h + 1).astype(numpy.float32))
    i = cp.arange(10, dtype=cp.int32)
    v = i.view(cp.float32)  # same memory, same itemsize, other dtype
    cp.add(v, v, out=v)
    hi = numpy.arange(10, dtype=numpy.int32)
    hv = hi.view(numpy.float32)
    numpy.add(hv, hv, out=hv)
    testing.assert_matches_numpy(i, hi)


def test_fast_path_leaves_other_layouts_to_the_general_path():
    h = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    a = cp.asarray(h)
    testing.assert_matches_numpy(a + a.T.T, h + h)
    testing.assert_matches_numpy(a.T + a.T, h.T + h.T)  # F-ordered inputs: K order keeps it
    assert (a.T + a.T).flags.f_contiguous
    testing.assert_matches_numpy(a[:, ::2] * 2, h[:, ::2] * 2)
    testing.assert_matches_numpy(a + a[0], h + h[0])  # broadcasting
    testing.assert_matches_numpy(a + cp.asarray(h, dtype=cp.float64),
                                 h + h.astype(numpy.float64))  # input cast
    testing.assert_matches_numpy(cp.add(a, a, dtype=cp.float64), numpy.add(h, h, dtype=numpy.float64))
    testing.assert_matches_numpy(cp.add(a, a, where=a > 3, out=cp.zeros_like(a)),
                                 numpy.add(h, h, where=h > 3, out=numpy.zeros_like(h)))


def test_fast_path_errors_match_numpy():
    a = cp.arange(5, dtype=cp.int64)
    with pytest.raises(ValueError, match="negative integer powers"):
        a ** -1
    with pytest.raises(OverflowError):
        cp.arange(3, dtype=cp.int8) + 1000
    with pytest.raises(ValueError, match="could not be broadcast"):
        cp.add(cp.ones(3), cp.ones(4))
    o = cp.empty(4)
    with pytest.raises(ValueError):
        cp.add(cp.ones(3), cp.ones(3), out=o)
    testing.assert_matches_numpy(a, numpy.arange(5))
