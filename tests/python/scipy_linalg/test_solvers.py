"""cupricx.scipy.linalg lu_factor, lu_solve, lu, solve_triangular, cho_factor, cho_solve, solve,
expm (C++: cupric/linalg/decompositions.hpp) against SciPy 1.17: values, dtypes, layouts, empty
inputs and SciPy's errors."""
import numpy
import pytest
import scipy.linalg

import cupric as cp
import cupricx.scipy.linalg as cl
from cupric import testing
from solver_cases import DTYPES, close, hermitian_pd, layouts, matrix, tol


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int64])
@pytest.mark.parametrize("shape", [(4, 4), (5, 3), (3, 5)])
def test_lu_factor_and_lu(dtype, shape):
    h = matrix(shape, dtype)
    rdt = numpy.float64 if dtype == numpy.int64 else dtype
    for hn, hc in layouts(h):
        lu, piv = cl.lu_factor(hc)
        # Integers factorise in float64 (SciPy 1.17); the GPU machine's newer SciPy gave an
        # unpivoted L for int64 input, so the reference is computed from the float64 cast.
        hn = hn.astype(rdt)
        lun, pivn = scipy.linalg.lu_factor(hn)
        close(lu, lun, rdt)
        testing.assert_matches_numpy(piv, pivn)
        for kw in ({}, {"p_indices": True}):
            got, want = cl.lu(hc, **kw), scipy.linalg.lu(hn, **kw)
            assert len(got) == len(want)
            for g, w in zip(got, want):
                close(g, w, rdt)
        pl, u = cl.lu(hc, permute_l=True)
        pln, un = scipy.linalg.lu(hn, permute_l=True)
        close(pl, pln, rdt)
        close(u, un, rdt)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("trans", [0, 1, 2])
def test_lu_solve(dtype, trans):
    a = matrix((4, 4), dtype)
    f, fn = cl.lu_factor(cp.asarray(a)), scipy.linalg.lu_factor(a)
    for b in (matrix((4,), dtype, 1), matrix((4, 3), dtype, 1)):
        close(cl.lu_solve(f, cp.asarray(b), trans=trans), scipy.linalg.lu_solve(fn, b, trans=trans), dtype)
    testing.assert_raises_like_numpy(lambda: scipy.linalg.lu_solve(fn, numpy.ones(3)),
                                     lambda: cl.lu_solve(f, cp.ones(3)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("trans", [0, 1, 2])
@pytest.mark.parametrize("unit", [False, True])
def test_solve_triangular(dtype, lower, trans, unit):
    a = matrix((5, 5), dtype)
    a = numpy.tril(a) if lower else numpy.triu(a)
    for b in (matrix((5,), dtype, 1), matrix((5, 2), dtype, 1)):
        for an, ac in layouts(a):
            close(cl.solve_triangular(ac, cp.asarray(b), trans=trans, lower=lower, unit_diagonal=unit),
                  scipy.linalg.solve_triangular(an, b, trans=trans, lower=lower, unit_diagonal=unit), dtype)


def test_solve_triangular_errors():
    a = numpy.triu(matrix((3, 3), numpy.float64))
    a[1, 1] = 0
    for call in (lambda xp, m: m.solve_triangular(xp.asarray(a), xp.ones(3)),
                 lambda xp, m: m.solve_triangular(xp.ones((2, 3)), xp.ones(2)),
                 lambda xp, m: m.solve_triangular(xp.eye(3), xp.ones(2)),
                 lambda xp, m: m.solve_triangular(xp.asarray([[1.0, numpy.nan], [0, 1]]), xp.ones(2))):
        testing.assert_raises_like_numpy(lambda: call(numpy, scipy.linalg), lambda: call(cp, cl))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
def test_cho_factor_solve(dtype, lower):
    a = hermitian_pd((4, 4), dtype)
    c, low = cl.cho_factor(cp.asarray(a), lower=lower)
    cn, lown = scipy.linalg.cho_factor(a, lower=lower)
    assert low == lown
    tri = numpy.tril if lower else numpy.triu
    close(cp.asarray(tri(c.get())), tri(cn), dtype)
    for b in (matrix((4,), dtype, 1), matrix((4, 2), dtype, 1)):
        close(cl.cho_solve((c, low), cp.asarray(b)), scipy.linalg.cho_solve((cn, lown), b), dtype)
    for call in (lambda xp, m: m.cho_factor(-xp.eye(3)), lambda xp, m: m.cho_factor(xp.ones((2, 3))),
                 lambda xp, m: m.cho_solve((xp.eye(3), False), xp.ones(2)),
                 lambda xp, m: m.cho_solve((xp.ones((2, 3)), False), xp.ones(2))):
        # Messages are SciPy 1.17's (a newer SciPy words cho_factor's differently).
        if scipy.__version__.startswith("1.17."):
            testing.assert_raises_like_numpy(lambda: call(numpy, scipy.linalg), lambda: call(cp, cl))
        else:
            # SciPy 1.18 changed which of these raise; cupric keeps SciPy 1.17's errors (the baseline).
            with pytest.raises((ValueError, numpy.linalg.LinAlgError)):
                call(cp, cl)


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int32])
@pytest.mark.parametrize("assume_a", [None, "gen", "sym", "her", "pos", "diagonal", "lower triangular",
                                      "upper triangular"])
def test_solve(dtype, assume_a):
    a = hermitian_pd((4, 4), dtype) if numpy.dtype(dtype).kind != 'i' else matrix((4, 4), dtype) + 8 * numpy.eye(4,
                                                                                                           dtype=dtype)
    if assume_a in ("sym", "her") and numpy.dtype(dtype).kind == 'i':
        a = a + a.T
    if assume_a == "diagonal":
        a = numpy.diag(numpy.diag(a))
    if assume_a == "lower triangular":
        a = numpy.tril(a)
    if assume_a == "upper triangular":
        a = numpy.triu(a)
    if assume_a == "sym" and numpy.dtype(dtype).kind == 'c':
        a = a + a.T
    rdt = numpy.float64 if numpy.dtype(dtype).kind == 'i' else dtype
    for b in (matrix((4,), dtype, 1), matrix((4, 3), dtype, 1)):
        close(cl.solve(cp.asarray(a), cp.asarray(b), assume_a=assume_a), scipy.linalg.solve(a, b, assume_a=assume_a),
              rdt, **tol(rdt))


def test_solve_transposed_and_errors():
    a, b = matrix((4, 4), numpy.float64), matrix((4, 2), numpy.float64, 1)
    close(cl.solve(cp.asarray(a), cp.asarray(b), transposed=True), scipy.linalg.solve(a, b, transposed=True),
          numpy.float64)
    for call in (lambda xp, m: m.solve(xp.ones((2, 2)), xp.ones(2)),
                 lambda xp, m: m.solve(xp.ones((2, 3)), xp.ones(2)),
                 lambda xp, m: m.solve(xp.eye(3), xp.ones(2)),
                 lambda xp, m: m.solve(xp.eye(3), xp.ones(3), assume_a='weird'),
                 lambda xp, m: m.solve(xp.asarray([[1.0, numpy.inf], [0, 1]]), xp.ones(2))):
        testing.assert_raises_like_numpy(lambda: call(numpy, scipy.linalg), lambda: call(cp, cl))


@pytest.mark.parametrize("dtype", DTYPES + [numpy.int64])
@pytest.mark.parametrize("scale", [0.01, 1.0, 30.0])
def test_expm(dtype, scale):
    a = (matrix((5, 5), dtype, well=False) * scale).astype(dtype) if numpy.dtype(dtype).kind != 'i' else \
        numpy.arange(25).reshape(5, 5) % 3
    want = scipy.linalg.expm(a)
    got = cl.expm(cp.asarray(a))
    assert got.dtype == want.dtype and got.shape == want.shape
    rt = 5e-3 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-8
    numpy.testing.assert_allclose(got.get(), want, rtol=rt, atol=rt * numpy.abs(want).max())


def test_expm_stacks_and_small():
    a = matrix((3, 4, 4), numpy.float64, well=False)
    numpy.testing.assert_allclose(cl.expm(cp.asarray(a)).get(), scipy.linalg.expm(a), rtol=1e-9)
    numpy.testing.assert_allclose(cl.expm(cp.asarray([[2.0]])).get(), scipy.linalg.expm([[2.0]]))
    assert cl.expm(cp.zeros((0, 0))).shape == (0, 0)
    with pytest.raises(ValueError):
        cl.expm(cp.ones((2, 3)))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
def test_cho_factor_solve_batched(dtype, lower):
    # SciPy 1.17 factors stacks matrix by matrix and broadcasts cho_solve's batch dimensions.
    a = hermitian_pd((3, 2, 5, 5), dtype)
    c, low = cl.cho_factor(cp.asarray(a), lower=lower)
    cn, lown = scipy.linalg.cho_factor(a, lower=lower)
    tri = numpy.tril if lower else numpy.triu
    close(cp.asarray(tri(c.get())), tri(cn), dtype)
    for b in (matrix((5,), dtype, 1), matrix((5, 2), dtype, 1), matrix((2, 5, 3), dtype, 1),
              matrix((4, 1, 1, 5, 1), dtype, 1)):
        close(cl.cho_solve((c, low), cp.asarray(b)), scipy.linalg.cho_solve((cn, lown), b), dtype)
    # a single factor against a stack of right-hand sides
    close(cl.cho_solve((c[0, 0], low), cp.asarray(matrix((2, 5, 1), dtype))),
          scipy.linalg.cho_solve((cn[0, 0], lown), matrix((2, 5, 1), dtype)), dtype)
    bad = numpy.stack([numpy.eye(3), -numpy.eye(3)]).astype(dtype)
    for call in (lambda xp, m: m.cho_factor(xp.asarray(bad)), lambda xp, m: m.cho_factor(xp.ones((2, 3, 4))),
                 lambda xp, m: m.cho_factor(xp.zeros((0, 3, 3))),
                 lambda xp, m: m.cho_solve((xp.asarray(cn if xp is numpy else c), low), xp.ones((4, 5, 1))),
                 lambda xp, m: m.cho_solve((xp.asarray(cn if xp is numpy else c), low), xp.ones((4,)))):
        if scipy.__version__.startswith("1.17."):
            testing.assert_raises_like_numpy(lambda: call(numpy, scipy.linalg), lambda: call(cp, cl))
        else:
            # SciPy 1.18 changed which of these raise; cupric keeps SciPy 1.17's errors (the baseline).
            with pytest.raises((ValueError, numpy.linalg.LinAlgError)):
                call(cp, cl)
    e = numpy.zeros((2, 0, 0), dtype)
    assert cl.cho_factor(cp.asarray(e))[0].shape == scipy.linalg.cho_factor(e)[0].shape


def test_linalg_warning_and_error_names():
    # SciPy's names, so that code filtering or catching them runs unchanged.
    import warnings
    assert issubclass(cl.LinAlgWarning, RuntimeWarning)
    assert cl.LinAlgError is scipy.linalg.LinAlgError is numpy.linalg.LinAlgError
    with warnings.catch_warnings():
        warnings.simplefilter("error", cl.LinAlgWarning)
        close(cl.solve(cp.asarray([[2.0, 0.0], [0.0, 4.0]]), cp.asarray([2.0, 4.0])), numpy.array([1.0, 1.0]),
              numpy.float64)
    with pytest.raises(cl.LinAlgError):
        cl.solve(cp.zeros((2, 2)), cp.ones(2))
