"""cupricx.scipy.sparse.linalg cg, cgs, bicgstab, gmres and minres (C++:
src/sparse/linalg/krylov.cpp, gmres.cpp, minres.cpp) against SciPy 1.17: solutions, info codes,
callback counts, dtypes, x0/M/'Mb', operators given as arrays, LinearOperators and callables,
and SciPy's errors."""
import warnings

import numpy
import pytest
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse.linalg as csl

DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _rtol(dtype):
    return 1e-3 if numpy.dtype(dtype).char in "fF" else 1e-8


def spd(n, dtype, seed=0):
    """A Hermitian positive definite matrix with eigenvalues in [1, 10]."""
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal((n, n))
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal((n, n))
    q, _ = numpy.linalg.qr(a)
    return ((q * numpy.linspace(1, 10, n)) @ q.conj().T).astype(dtype)


def nonsym(n, dtype, seed=1):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal((n, n)) / numpy.sqrt(n) + 3 * numpy.eye(n)
    if numpy.dtype(dtype).kind == "c":
        a = a + 0.3j * rng.standard_normal((n, n)) / numpy.sqrt(n)
    return a.astype(dtype)


def rhs(n, dtype, seed=2):
    rng = numpy.random.default_rng(seed)
    b = rng.standard_normal(n)
    if numpy.dtype(dtype).kind == "c":
        b = b + 1j * rng.standard_normal(n)
    return b.astype(dtype)


def counter():
    calls = []
    return calls, (lambda *args: calls.append(1))


SOLVERS = {
    "cg": (csl.cg, ssl.cg, spd),
    "cgs": (csl.cgs, ssl.cgs, nonsym),
    "bicgstab": (csl.bicgstab, ssl.bicgstab, nonsym),
    "gmres": (csl.gmres, ssl.gmres, nonsym),
    "minres": (csl.minres, ssl.minres, spd),
}


def _kw(name, **kw):
    return kw


@pytest.mark.parametrize("name", sorted(SOLVERS))
@pytest.mark.parametrize("dtype", DTYPES)
def test_solution_dtype_and_callbacks(name, dtype):
    ours, theirs, make = SOLVERS[name]
    if name == "minres" and numpy.dtype(dtype).kind == "c":
        pytest.skip("SciPy's minres is defined for real symmetric systems")
    n = 40
    a, b = make(n, dtype), rhs(n, dtype)
    rtol = _rtol(dtype)
    extra = {"callback_type": "x"} if name == "gmres" else {}
    calls, cb = counter()
    x, info = ours(cp.asarray(a), cp.asarray(b), rtol=rtol, callback=cb, **extra)
    scalls, scb = counter()
    xs, sinfo = theirs(a, b, rtol=rtol, callback=scb, **extra)
    assert info == sinfo == 0
    # SciPy 1.17 (the baseline) returns minres's x in float64 for float32 input; SciPy 1.18 keeps float32.
    assert x.dtype == (numpy.float64 if name == "minres" and dtype == numpy.float32 else xs.dtype)
    assert x.shape == (n,)
    # Same iteration, same arithmetic: the same number of iterations as SciPy.
    assert abs(len(calls) - len(scalls)) <= (1 if numpy.dtype(dtype).char in "fF" else 0)
    res = numpy.linalg.norm(a.astype(numpy.complex128) @ cp.asnumpy(x) - b) / numpy.linalg.norm(b)
    assert res <= 2 * rtol if name != "minres" else res <= 100 * rtol
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=0, atol=50 * rtol * numpy.abs(xs).max())


@pytest.mark.parametrize("name", sorted(SOLVERS))
def test_maxiter_reached(name):
    ours, theirs, make = SOLVERS[name]
    n = 60
    a, b = make(n, numpy.float64), rhs(n, numpy.float64)
    extra = {"restart": 2} if name == "gmres" else {}  # two cycles of two steps
    x, info = ours(cp.asarray(a), cp.asarray(b), rtol=1e-14, maxiter=2, **extra)
    xs, sinfo = theirs(a, b, rtol=1e-14, maxiter=2, **extra)
    assert info == sinfo == 2
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", ["cg", "cgs", "bicgstab", "gmres"])
def test_x0_preconditioner_and_atol(name):
    ours, theirs, make = SOLVERS[name]
    n = 30
    a, b = make(n, numpy.float64), rhs(n, numpy.float64)
    x0 = numpy.full(n, 0.1)
    m = numpy.diag(1 / numpy.diag(a))
    for kw in ({"x0": x0}, {"M": m}, {"x0": "Mb", "M": m}, {"atol": 1e-3, "rtol": 0.0}):
        ckw = {k: (cp.asarray(v) if isinstance(v, numpy.ndarray) else v) for k, v in kw.items()}
        x, info = ours(cp.asarray(a), cp.asarray(b), **ckw)
        xs, sinfo = theirs(a, b, **kw)
        assert info == sinfo
        if "atol" in kw:
            # A loose atol stops SciPy early; on a GPU cupric checks the residual every 16 iterations
            # (Note [Residual checks]), so its x may be closer: the tolerance is what both meet.
            assert numpy.linalg.norm(b - a @ cp.asnumpy(x)) <= kw["atol"]
        else:
            numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-4, atol=1e-4)


def test_cg_operator_forms():
    n = 25
    a, b = spd(n, numpy.float64), rhs(n, numpy.float64)
    ad = cp.asarray(a)
    want, _ = ssl.cg(a, b, rtol=1e-10)
    forms = [
        ad,
        a,  # a NumPy array: copied to the device
        csl.aslinearoperator(ad),
        csl.LinearOperator((n, n), matvec=lambda v: ad @ v),
        csl.LinearOperator((n, n), matvec=lambda v: ad @ v, dtype=numpy.float64),
    ]
    for A in forms:
        x, info = csl.cg(A, cp.asarray(b), rtol=1e-10)
        assert info == 0
        numpy.testing.assert_allclose(cp.asnumpy(x), want, rtol=1e-8, atol=1e-10)
    # b as a column and as a list
    x, info = csl.cg(ad, cp.asarray(b).reshape(n, 1), rtol=1e-10)
    assert x.shape == (n,) and info == 0
    x, info = csl.cg(ad, list(b), rtol=1e-10)
    numpy.testing.assert_allclose(cp.asnumpy(x), want, rtol=1e-8, atol=1e-10)


def test_dtype_promotion():
    n = 10
    a, b = spd(n, numpy.float32), rhs(n, numpy.float64)
    x, _ = csl.cg(cp.asarray(a), cp.asarray(b))
    assert x.dtype == ssl.cg(a, b)[0].dtype == numpy.float64
    x, _ = csl.cg(cp.asarray(a), cp.asarray(numpy.arange(n)))  # integer b: float64 (SciPy)
    assert x.dtype == ssl.cg(a, numpy.arange(n))[0].dtype
    x, _ = csl.gmres(cp.asarray(a), cp.asarray(b.astype(numpy.complex64)))
    assert x.dtype == ssl.gmres(a, b.astype(numpy.complex64))[0].dtype


def test_zero_rhs():
    a = spd(8, numpy.float64)
    for name, (ours, theirs, _) in SOLVERS.items():
        x, info = ours(cp.asarray(a), cp.zeros(8))
        xs, sinfo = theirs(a, numpy.zeros(8))
        assert info == sinfo == 0, name
        numpy.testing.assert_array_equal(cp.asnumpy(x), xs)


@pytest.mark.parametrize("name", sorted(SOLVERS))
def test_errors(name):
    ours = SOLVERS[name][0]
    a = cp.asarray(spd(4, numpy.float64))
    with pytest.raises(ValueError, match="expected square matrix"):
        ours(cp.ones((4, 3)), cp.ones(4))
    with pytest.raises(ValueError, match=r"shapes of A \(4, 4\) and b \(3,\) are incompatible"):
        ours(a, cp.ones(3))
    with pytest.raises(ValueError, match=r"shapes of A \(4, 4\) and b \(4, 2\) are incompatible"):
        ours(a, cp.ones((4, 2)))
    with pytest.raises(ValueError, match=r"and x0 \(5,\) are incompatible"):
        ours(a, cp.ones(4), x0=cp.ones(5))
    with pytest.raises(ValueError, match="matrix and preconditioner have different shapes"):
        ours(a, cp.ones(4), M=cp.eye(3))
    if name != "minres":
        with pytest.raises(ValueError, match="called with invalid `atol`=-1.0"):
            ours(a, cp.ones(4), atol=-1.0)
    with pytest.raises(TypeError, match="type not understood"):
        ours(object(), cp.ones(4))


def test_gmres_callback_types():
    n = 30
    a, b = nonsym(n, numpy.float64), rhs(n, numpy.float64)
    for ct in ("pr_norm", "legacy", "x"):
        got, scb_got = [], []
        x, info = csl.gmres(cp.asarray(a), cp.asarray(b), restart=5, callback=got.append, callback_type=ct)
        xs, sinfo = ssl.gmres(a, b, restart=5, callback=scb_got.append, callback_type=ct)
        assert info == sinfo
        assert len(got) == len(scb_got)
        if ct != "x":
            numpy.testing.assert_allclose(got, scb_got, rtol=1e-6)
        numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-6, atol=1e-8)
    with pytest.warns(DeprecationWarning, match="callback_type"):
        csl.gmres(cp.asarray(a), cp.asarray(b), callback=lambda r: None)
    with pytest.raises(ValueError, match="Unknown callback_type: 'nope'"):
        csl.gmres(cp.asarray(a), cp.asarray(b), callback_type="nope")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        csl.gmres(cp.asarray(a), cp.asarray(b), callback_type="x")  # no callback: no warning


def test_gmres_legacy_maxiter_counts_inner_iterations():
    n = 40
    a, b = nonsym(n, numpy.float64), rhs(n, numpy.float64)
    got, want = [], []
    x, info = csl.gmres(cp.asarray(a), cp.asarray(b), restart=10, maxiter=3, rtol=1e-14, callback=got.append,
                        callback_type="legacy")
    xs, sinfo = ssl.gmres(a, b, restart=10, maxiter=3, rtol=1e-14, callback=want.append, callback_type="legacy")
    assert (info, len(got)) == (sinfo, len(want))
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-8)


def test_minres_shift_and_check():
    n = 30
    a, b = spd(n, numpy.float64), rhs(n, numpy.float64)
    x, info = csl.minres(cp.asarray(a), cp.asarray(b), shift=0.5, rtol=1e-10)
    xs, sinfo = ssl.minres(a, b, shift=0.5, rtol=1e-10)
    assert info == sinfo
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-7, atol=1e-9)
    x, info = csl.minres(cp.asarray(a), cp.asarray(b), check=True)
    assert info == 0
    bad = a + numpy.triu(numpy.ones((n, n)), 1)
    with pytest.raises(ValueError, match="non-symmetric matrix"):
        csl.minres(cp.asarray(bad), cp.asarray(b), check=True)
    with pytest.raises(ValueError, match="indefinite preconditioner"):
        csl.minres(cp.asarray(a), cp.asarray(b), M=-cp.eye(n))


def test_cgs_bicgstab_breakdown_codes():
    # A skew-symmetric A makes (rtilde, A p) vanish at once: SciPy's breakdown codes.
    a = numpy.array([[0.0, 1.0], [-1.0, 0.0]])
    b = numpy.array([1.0, 0.0])
    for ours, theirs in ((csl.cgs, ssl.cgs), (csl.bicgstab, ssl.bicgstab)):
        x, info = ours(cp.asarray(a), cp.asarray(b))
        xs, sinfo = theirs(a, b)
        assert info == sinfo < 0
        numpy.testing.assert_allclose(cp.asnumpy(x), xs)


def test_callback_exception_propagates():
    a = cp.asarray(spd(5, numpy.float64))

    def boom(x):
        raise KeyError("stop")

    with pytest.raises(KeyError, match="stop"):
        csl.cg(a, cp.ones(5), callback=boom)


def test_matvec_of_wrong_size():
    op = csl.LinearOperator((4, 4), matvec=lambda v: cp.ones(3), dtype=numpy.float64)
    with pytest.raises(ValueError):
        csl.cg(op, cp.ones(4))


@pytest.mark.gpu
def test_cg_batched_residual_checks_on_gpu():
    # Note [Residual checks]: without a callback the GPU path tests every 16 iterations and
    # may run past convergence; the solution still meets the tolerance and info is 0.
    n = 200
    a, b = spd(n, numpy.float64), rhs(n, numpy.float64)
    x, info = csl.cg(cp.asarray(a), cp.asarray(b), rtol=1e-10)
    assert info == 0
    res = numpy.linalg.norm(a @ cp.asnumpy(x) - b) / numpy.linalg.norm(b)
    assert res <= 1e-10
    calls, cb = counter()
    scalls, scb = counter()
    csl.cg(cp.asarray(a), cp.asarray(b), rtol=1e-10, callback=cb)
    ssl.cg(a, b, rtol=1e-10, callback=scb)
    assert len(calls) == len(scalls)


@pytest.mark.parametrize("dtype", DTYPES)
def test_cg_long_vectors(dtype):
    # Longer than the GPU reductions' one pass (1024 blocks x 256 threads): grid-stride partial
    # sums, the fused residual update with |r|^2, and the float32 sums accumulated in double.
    n = 300_001
    rng = numpy.random.default_rng(5)
    d = rng.uniform(1.0, 3.0, n)
    b = rng.standard_normal(n)
    if numpy.dtype(dtype).kind == "c":
        b = b + 1j * rng.standard_normal(n)
    dd, bd = cp.asarray(d.astype(dtype)), cp.asarray(b.astype(dtype))
    op = csl.LinearOperator((n, n), matvec=lambda v: dd * v, dtype=dtype)
    calls, cb = counter()
    x, info = csl.cg(op, bd, rtol=_rtol(dtype), callback=cb)
    assert info == 0 and x.dtype == dtype
    want = b / d
    err = numpy.linalg.norm(cp.asnumpy(x) - want) / numpy.linalg.norm(want)
    assert err <= 10 * _rtol(dtype)
    xs, _ = ssl.cg(ssl.LinearOperator((n, n), matvec=lambda v: d.astype(dtype) * v, dtype=dtype), b.astype(dtype),
                   rtol=_rtol(dtype))
    scalls, scb = counter()
    ssl.cg(ssl.LinearOperator((n, n), matvec=lambda v: d.astype(dtype) * v, dtype=dtype), b.astype(dtype),
           rtol=_rtol(dtype), callback=scb)
    assert abs(len(calls) - len(scalls)) <= 1
    numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=0, atol=20 * _rtol(dtype) * numpy.abs(xs).max())
