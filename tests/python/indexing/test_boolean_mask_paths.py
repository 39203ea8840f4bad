"""The direct paths of boolean-mask selection and assignment (a[mask], a[mask] = v, extract,
compress, nonzero; issue 6) against NumPy 2 on both backends. Sizes span several mask tiles (16384
elements) with a partial last one."""
import numpy
import pytest

import cupric as cp
from array_cases import random_values
from cupric import testing


N = 3 * 16384 + 1234  # three full mask tiles and a partial one
ROW_DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.float16, numpy.float32, numpy.int64, numpy.float64,
              numpy.complex64, numpy.complex128]


def _mask(n, kind, seed=1):
    rng = numpy.random.default_rng(seed)
    if kind == "none":
        return numpy.zeros(n, bool)
    if kind == "all":
        return numpy.ones(n, bool)
    if kind == "half":
        return rng.random(n) < 0.5
    if kind == "sparse":
        return rng.random(n) < 0.001
    if kind == "ends":
        m = numpy.zeros(n, bool)
        m[0] = m[-1] = True
        if n > 16384:
            m[16383] = m[16384] = True  # a tile boundary
        return m
    raise AssertionError(kind)


MASKS = ["none", "all", "half", "sparse", "ends"]


# -- a[mask] ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ROW_DTYPES)
@pytest.mark.parametrize("kind", MASKS)
def test_issue6_mask_getitem_full(dtype, kind):
    h, m = random_values(N, dtype), _mask(N, kind)
    testing.assert_matches_numpy(cp.array(h)[cp.array(m)], h[m])


@pytest.mark.parametrize("kind", MASKS)
def test_issue6_mask_getitem_unaligned_mask_and_source(kind):
    # Views one element in: the mask is not 16-byte aligned (byte path of the count), and for
    # int8 neither is the source.
    for dtype in (numpy.int8, numpy.float32, numpy.complex128):
        h, m = random_values(N + 1, dtype), _mask(N + 1, kind)
        a, cm = cp.array(h), cp.array(m)
        testing.assert_matches_numpy(a[1:][cm[1:]], h[1:][m[1:]])
        testing.assert_matches_numpy(a[:-3][cm[3:]], h[:-3][m[3:]])


@pytest.mark.parametrize("layout", ["F", "T", "step", "negstep"])
def test_issue6_mask_getitem_noncontiguous(layout):
    h = random_values(256 * 400, numpy.float32).reshape(256, 400)
    if layout == "F":
        h2 = numpy.asfortranarray(h)
        a = cp.array(h2)
    elif layout == "T":
        h2 = h.T
        a = cp.array(h).T
    elif layout == "step":
        h2 = h[::2]
        a = cp.array(h)[::2]
    else:
        h2 = h[::-1, ::-1]
        a = cp.array(h)[::-1, ::-1]
    m = _mask(h2.size, "half").reshape(h2.shape)
    testing.assert_matches_numpy(a[cp.array(m)], h2[m])


@pytest.mark.parametrize("inner", [(2,), (4,), (3,), (2, 2), (1,), (0,), (5, 7)])
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float32, numpy.float64])
@pytest.mark.parametrize("kind", ["half", "none", "all"])
def test_issue6_mask_getitem_leading_dims(inner, dtype, kind):
    rows = N // 8
    h = random_values(rows * int(numpy.prod(inner)), dtype).reshape((rows,) + inner)
    m = _mask(rows, kind)
    testing.assert_matches_numpy(cp.array(h)[cp.array(m)], h[m])


def test_issue6_mask_getitem_leading_dims_2d_mask_and_views():
    h = random_values(64 * 300 * 2, numpy.float32).reshape(64, 300, 2)
    m = _mask(64 * 300, "half").reshape(64, 300)
    a = cp.array(h)
    testing.assert_matches_numpy(a[cp.array(m)], h[m])
    # a view whose rows are not 8-byte aligned (one float in) and one that is not contiguous
    hv = random_values(64 * 300 * 2 + 1, numpy.float32)[1:].reshape(64, 300, 2)
    av = cp.array(random_values(64 * 300 * 2 + 1, numpy.float32))[1:].reshape(64, 300, 2)
    testing.assert_matches_numpy(av[cp.array(m)], hv[m])
    testing.assert_matches_numpy(a[:, ::-1][cp.array(m)], h[:, ::-1][m])


def test_issue6_mask_getitem_errors_and_empty():
    a = cp.arange(10.0)
    with pytest.raises(IndexError):
        a[cp.zeros(9, bool)]
    testing.assert_matches_numpy(cp.zeros((0, 3), numpy.float32)[cp.zeros(0, bool)],
                                 numpy.zeros((0, 3), numpy.float32)[numpy.zeros(0, bool)])
    testing.assert_matches_numpy(cp.zeros(0, numpy.float32)[cp.zeros(0, bool)],
                                 numpy.zeros(0, numpy.float32)[numpy.zeros(0, bool)])


# -- a[mask] = values ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ROW_DTYPES)
@pytest.mark.parametrize("kind", MASKS)
def test_issue6_mask_setitem_values(dtype, kind):
    h, m = random_values(N, dtype), _mask(N, kind)
    v = random_values(int(m.sum()), dtype, seed=5)
    a = cp.array(h)
    a[cp.array(m)] = cp.array(v)
    h[m] = v
    testing.assert_matches_numpy(a, h)


def test_issue6_mask_setitem_cast_2d_and_overlap():
    h = random_values(N, numpy.float64).reshape(-1, 2)
    m = _mask(N, "half").reshape(-1, 2)
    a = cp.array(h)
    k = int(m.sum())
    a[cp.array(m)] = cp.arange(k, dtype=cp.int32)  # cast to float64
    h[m] = numpy.arange(k, dtype=numpy.int32)
    testing.assert_matches_numpy(a, h)
    # the values are a view of the array being written
    a[cp.array(m)] = a.ravel()[::-1][:k]
    h[m] = h.ravel()[::-1][:k].copy()
    testing.assert_matches_numpy(a, h)
    # a non-contiguous target takes the general path
    t = cp.array(h).T
    ht = h.T.copy()
    mt = m.T.copy()
    t[cp.array(mt)] = cp.arange(k, dtype=cp.float64)
    ht[mt] = numpy.arange(k, dtype=numpy.float64)
    testing.assert_matches_numpy(t, ht)


def test_issue6_mask_setitem_wrong_count_changes_nothing():
    h, m = random_values(N, numpy.float32), _mask(N, "half")
    a = cp.array(h)
    k = int(m.sum())
    with pytest.raises(ValueError, match="cannot assign"):
        a[cp.array(m)] = cp.arange(k + 1, dtype=cp.float32)
    with pytest.raises(ValueError):
        h.copy()[m] = numpy.arange(k + 1, dtype=numpy.float32)
    testing.assert_matches_numpy(a, h)


# -- extract, compress, nonzero ----------------------------------------------------------------


@pytest.mark.parametrize("kind", MASKS)
def test_issue6_extract(kind):
    h, m = random_values(N, numpy.float64), _mask(N, kind)
    testing.assert_matches_numpy(cp.extract(cp.array(m), cp.array(h)), numpy.extract(m, h))
    # a non-boolean condition (nonzero is true) and a 2-d array
    c = m.astype(numpy.int32) * 3
    testing.assert_matches_numpy(cp.extract(cp.array(c), cp.array(h)), numpy.extract(c, h))
    h2, m2 = h.reshape(-1, 2), m.reshape(-1, 2)
    testing.assert_matches_numpy(cp.extract(cp.array(m2), cp.array(h2).T), numpy.extract(m2, h2.T))


def test_issue6_extract_other_lengths():
    h = random_values(100, numpy.int64)
    m = _mask(100, "half")
    testing.assert_matches_numpy(cp.extract(cp.array(m[:50]), cp.array(h)), numpy.extract(m[:50], h))


@pytest.mark.parametrize("kind", MASKS)
def test_issue6_compress(kind):
    h = random_values(N - N % 4, numpy.float32).reshape(-1, 4)
    m0 = _mask(h.shape[0], kind)
    testing.assert_matches_numpy(cp.compress(cp.array(m0), cp.array(h), axis=0),
                                 numpy.compress(m0, h, axis=0))
    testing.assert_matches_numpy(cp.compress(cp.array(m0), cp.array(h), axis=-2),
                                 numpy.compress(m0, h, axis=-2))
    mf = _mask(h.size, kind)
    testing.assert_matches_numpy(cp.compress(cp.array(mf), cp.array(h)), numpy.compress(mf, h))
    m1 = numpy.array([True, False, True, True])
    testing.assert_matches_numpy(cp.compress(cp.array(m1), cp.array(h), axis=1),
                                 numpy.compress(m1, h, axis=1))
    # shorter condition: a prefix; longer with a True past the end: IndexError
    testing.assert_matches_numpy(cp.compress(cp.array(m0[:10]), cp.array(h), axis=0),
                                 numpy.compress(m0[:10], h, axis=0))
    long = numpy.ones(h.shape[0] + 1, bool)
    with pytest.raises(IndexError):
        numpy.compress(long, h, axis=0)
    with pytest.raises(IndexError):
        cp.compress(cp.array(long), cp.array(h), axis=0)


@pytest.mark.parametrize("kind", MASKS)
def test_issue6_nonzero(kind):
    m = _mask(N, kind)
    for got, want in zip(cp.nonzero(cp.array(m)), numpy.nonzero(m)):
        testing.assert_matches_numpy(got, want)
    m2 = m[: N - N % 8].reshape(8, -1)
    for got, want in zip(cp.nonzero(cp.array(m2)), numpy.nonzero(m2)):
        testing.assert_matches_numpy(got, want)
    # an unaligned mask
    for got, want in zip(cp.nonzero(cp.array(m)[3:]), numpy.nonzero(m[3:])):
        testing.assert_matches_numpy(got, want)
