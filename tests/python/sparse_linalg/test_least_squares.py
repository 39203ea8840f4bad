"""cupricx.scipy.sparse.linalg lsqr and lsmr (C++: src/sparse/linalg/least_squares.cpp) against
SciPy 1.17: solutions, the full return tuples, damping, x0, dtypes, operators and errors."""
import numpy
import pytest
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse.linalg as csl


def problem(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    b = rng.standard_normal(shape[0])
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
        b = b + 1j * rng.standard_normal(shape[0])
    if shape[0] == shape[1]:  # keep square systems well conditioned, so the runs stay comparable
        a = a + 8 * numpy.eye(shape[0])
    return a.astype(dtype), b.astype(dtype)


def reference(a, b):
    """SciPy's input for the comparison: float32 data in float64, which is what lsqr and lsmr
    compute in for float32 (SciPy keeps some vectors in float32 and drifts from that)."""
    if a.dtype == numpy.float32:
        return a.astype(numpy.float64), b.astype(numpy.float64)
    return a, b


def check(got, want, rtol):
    assert len(got) == len(want)
    x, xs = got[0], want[0]
    assert x.dtype == xs.dtype
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=rtol, atol=rtol * numpy.abs(xs).max())
    assert got[1] == want[1]  # istop
    # The same recurrences in other rounding: the stopping test (a ratio of small estimates)
    # may fire a few iterations apart, so itn and the estimates agree to a tolerance.
    # anorm and acond are estimates that grow with the iterations, so they are not compared.
    assert abs(got[2] - want[2]) <= max(4, want[2] // 4)
    assert abs(got[3] - want[3]) <= 1e-4 * max(1.0, abs(want[3]))  # ||b - A x||


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("shape", [(30, 20), (20, 30), (25, 25)])
@pytest.mark.parametrize("damp", [0.0, 0.5])
def test_lsqr(dtype, shape, damp):
    a, b = problem(shape, dtype)
    got = csl.lsqr(cp.asarray(a), cp.asarray(b), damp=damp)
    assert got[0].dtype == ssl.lsqr(a, b, damp=damp)[0].dtype
    a, b = reference(a, b)
    want = ssl.lsqr(a, b, damp=damp)
    rtol = 1e-3 if dtype == numpy.float32 else 1e-4  # the stopping tolerances are 1e-6
    check(got, want, rtol)
    # var accumulates over the iterations, so it is compared where both runs stopped together.
    ours, theirs = csl.lsqr(cp.asarray(a), cp.asarray(b), damp=damp, calc_var=True), ssl.lsqr(a, b, damp=damp,
                                                                                             calc_var=True)
    if ours[2] == theirs[2]:
        numpy.testing.assert_allclose(cp.asnumpy(ours[9]), theirs[9], rtol=0.1, atol=0.05 * numpy.abs(theirs[9]).max())


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("shape", [(30, 20), (20, 30)])
@pytest.mark.parametrize("damp", [0.0, 0.5])
def test_lsmr(dtype, shape, damp):
    a, b = problem(shape, dtype)
    # maxiter above min(m, n) (the default): a run converging in its very last iteration could
    # report istop 1 where the other reports 7.
    got = csl.lsmr(cp.asarray(a), cp.asarray(b), damp=damp, maxiter=60)
    assert got[0].dtype == ssl.lsmr(a, b, damp=damp)[0].dtype
    a, b = reference(a, b)
    want = ssl.lsmr(a, b, damp=damp, maxiter=60)
    rtol = 1e-3 if dtype == numpy.float32 else 1e-4
    check(got, want, rtol)


def test_limits_x0_and_operators():
    a, b = problem((30, 20), numpy.float64)
    x0 = numpy.full(20, 0.1)
    for kw in ({"iter_lim": 3}, {"x0": x0}, {"atol": 1e-2, "btol": 1e-2}, {"conlim": 10.0}):
        ckw = {k: (cp.asarray(v) if isinstance(v, numpy.ndarray) else v) for k, v in kw.items()}
        check(csl.lsqr(cp.asarray(a), cp.asarray(b), **ckw), ssl.lsqr(a, b, **kw), 1e-4)
        lkw = {("maxiter" if k == "iter_lim" else k): v for k, v in kw.items()}
        lckw = {("maxiter" if k == "iter_lim" else k): v for k, v in ckw.items()}
        check(csl.lsmr(cp.asarray(a), cp.asarray(b), **lckw), ssl.lsmr(a, b, **lkw), 1e-4)
    ad = cp.asarray(a)
    op = csl.LinearOperator(a.shape, matvec=lambda v: ad @ v, rmatvec=lambda v: ad.T @ v)
    check(csl.lsqr(op, cp.asarray(b)), ssl.lsqr(a, b), 1e-4)
    check(csl.lsmr(op, cp.asarray(b).reshape(-1, 1)), ssl.lsmr(a, b), 1e-4)


def test_zero_rhs():
    a, _ = problem((10, 6), numpy.float64)
    got, want = csl.lsqr(cp.asarray(a), cp.zeros(10)), ssl.lsqr(a, numpy.zeros(10))
    assert got[1:3] == tuple(want[1:3])
    numpy.testing.assert_array_equal(cp.asnumpy(got[0]), want[0])
    got, want = csl.lsmr(cp.asarray(a), cp.zeros(10)), ssl.lsmr(a, numpy.zeros(10))
    assert got[1:3] == tuple(want[1:3])
    numpy.testing.assert_array_equal(cp.asnumpy(got[0]), want[0])


def test_errors():
    a, _ = problem((10, 6), numpy.float64)
    with pytest.raises(ValueError, match=r"shapes of A \(10, 6\) and b \(7,\) are incompatible"):
        csl.lsqr(cp.asarray(a), cp.ones(7))
    with pytest.raises(ValueError, match=r"and x0 \(5,\) are incompatible"):
        csl.lsmr(cp.asarray(a), cp.ones(10), x0=cp.ones(5))
    op = csl.LinearOperator((10, 6), matvec=lambda v: cp.asarray(a) @ v)
    with pytest.raises(NotImplementedError, match="rmatvec is not defined"):
        csl.lsqr(op, cp.ones(10))
