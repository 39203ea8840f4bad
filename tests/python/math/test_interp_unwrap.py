"""interp and unwrap against NumPy (dtypes, layouts, NaN/inf cases, period, errors)."""
import numpy
import pytest

import cupric
from cupric.testing import assert_matches_numpy, assert_raises_like_numpy


def _pair(a):
    return a, cupric.asarray(a)


@pytest.mark.parametrize('xdt', [numpy.int32, numpy.float32, numpy.float64])
@pytest.mark.parametrize('fdt', [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize('layout', ['c', 'transposed', 'zero', '0d'])
def test_interp(xdt, fdt, layout):
    xp_np = numpy.array([0.0, 1.0, 2.5, 4.0, 7.0])
    fp_np = numpy.array([1.0, -2.0, 3.0, 0.5, 4.0]).astype(fdt)
    if fdt == numpy.complex128:
        fp_np = fp_np + 1j * fp_np[::-1]
    base = (numpy.arange(-2, 10).reshape(3, 4) * 0.75).astype(xdt)
    x_np = {'c': base, 'transposed': base.T, 'zero': base[:0], '0d': base[1, 2]}[layout]
    x_np = numpy.asarray(x_np)
    x, xp, fp = cupric.asarray(x_np), cupric.asarray(xp_np), cupric.asarray(fp_np)
    assert_matches_numpy(cupric.interp(x, xp, fp), numpy.interp(x_np, xp_np, fp_np), rtol=1e-14, atol=1e-14)
    assert_matches_numpy(cupric.interp(x, xp, fp, left=-9, right=9.5), numpy.interp(x_np, xp_np, fp_np, -9, 9.5),
                         rtol=1e-14, atol=1e-14)
    assert_matches_numpy(cupric.interp(x, xp, fp, period=5), numpy.interp(x_np, xp_np, fp_np, period=5),
                         rtol=1e-12, atol=1e-12)


def test_interp_special_values():
    x_np = numpy.array([numpy.nan, -numpy.inf, numpy.inf, 0.0, 1.0, 1.5, 2.0, 3.0])
    xp_np = numpy.array([0.0, 1.0, 2.0, 3.0])
    for fp_np in (numpy.array([0.0, numpy.inf, numpy.inf, 1.0]), numpy.array([1.0, numpy.nan, 2.0, 2.0]),
                  numpy.array([5.0, 5.0, -numpy.inf, 1.0])):
        assert_matches_numpy(cupric.interp(*map(cupric.asarray, (x_np, xp_np, fp_np))),
                             numpy.interp(x_np, xp_np, fp_np))
    one_np = numpy.array([2.0])
    assert_matches_numpy(cupric.interp(cupric.asarray(x_np), cupric.asarray(one_np), cupric.asarray([7.0])),
                         numpy.interp(x_np, one_np, [7.0]))


@pytest.mark.parametrize('n', [2, 3, 17, 4096])
def test_interp_searches_many_sample_points(n):
    # Each point's interval comes from a binary search over xp (Note [interp's formula] in
    # src/kernels/interp_kernels.hpp): every operation rounds once, so the values are NumPy's bit
    # for bit; sample points repeat, xp and fp are strided views, x hits sample points exactly.
    rng = numpy.random.default_rng(n)
    xp_np = numpy.sort(rng.uniform(-5, 5, 2 * n))[::2].copy()
    if n > 3:
        xp_np[n // 2] = xp_np[n // 2 + 1]
    fp_np = rng.standard_normal(2 * n)[::2]
    x_np = numpy.concatenate([rng.uniform(-6, 6, 3000), xp_np, [numpy.nan, numpy.inf, -numpy.inf]])
    xp_strided = numpy.repeat(xp_np, 2)[::2]
    got = cupric.interp(cupric.asarray(x_np), cupric.asarray(numpy.repeat(xp_np, 2))[::2], cupric.asarray(fp_np))
    assert_matches_numpy(got, numpy.interp(x_np, xp_strided, fp_np), rtol=0, atol=0)
    got = cupric.interp(cupric.asarray(x_np.astype(numpy.float32)), cupric.asarray(xp_np), cupric.asarray(fp_np),
                        left=1.5, right=numpy.nan)
    assert_matches_numpy(got, numpy.interp(x_np.astype(numpy.float32), xp_np, fp_np, left=1.5, right=numpy.nan),
                         rtol=0, atol=0)


def test_interp_errors():
    x, xp, fp = cupric.ones(3), cupric.arange(3.0), cupric.arange(3.0)
    c_np = numpy.array([1j, 2.0])
    assert_raises_like_numpy(lambda: numpy.interp(c_np, [0.0, 1.0], [0.0, 1.0]),
                             lambda: cupric.interp(cupric.asarray(c_np), xp[:2], fp[:2]))
    assert_raises_like_numpy(lambda: numpy.interp([1.0], c_np, [0.0, 1.0]),
                             lambda: cupric.interp(cupric.ones(1), cupric.asarray(c_np), fp[:2]))
    assert_raises_like_numpy(lambda: numpy.interp(numpy.ones(3), [], []),
                             lambda: cupric.interp(x, cupric.array([]), cupric.array([])))
    assert_raises_like_numpy(lambda: numpy.interp(numpy.ones(3), numpy.arange(3.0), numpy.arange(2.0)),
                             lambda: cupric.interp(x, xp, fp[:2]))
    assert_raises_like_numpy(lambda: numpy.interp(numpy.ones(3), numpy.arange(3.0), numpy.arange(3.0), period=0),
                             lambda: cupric.interp(x, xp, fp, period=0))


@pytest.mark.parametrize('dtype', [numpy.int32, numpy.int64, numpy.float32, numpy.float64])
@pytest.mark.parametrize('axis', [-1, 0])
def test_unwrap(dtype, axis):
    rng = numpy.random.default_rng(3)
    if numpy.issubdtype(dtype, numpy.integer):
        p_np = rng.integers(-20, 20, (4, 6)).astype(dtype)
        cases = [dict(period=8), dict(period=7), dict(period=8, discont=2)]
    else:
        p_np = (numpy.cumsum(rng.uniform(-4, 4, (4, 6)), axis=1)).astype(dtype)
        cases = [dict(), dict(discont=1.0), dict(period=360.0), dict(period=5)]
    for kw in cases:
        for src in (p_np, p_np.T.copy().T, p_np[:, ::2]):
            assert_matches_numpy(cupric.unwrap(cupric.asarray(src), axis=axis, **kw),
                                 numpy.unwrap(src, axis=axis, **kw), rtol=1e-5, atol=1e-5)


def test_unwrap_errors():
    assert_raises_like_numpy(lambda: numpy.unwrap(numpy.ones(3), axis=2), lambda: cupric.unwrap(cupric.ones(3), axis=2))
