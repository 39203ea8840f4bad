"""cupricx.scipy.sparse.linalg.LinearOperator and aslinearoperator against SciPy 1.17's: products
(matvec, rmatvec, matmat, rmatmat, dot, @, *), the operator algebra (+, -, scalar *, /, ** int,
adjoint/H, transpose/T), dtype inference, reprs and errors."""
import numpy
import pytest
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse.linalg as csl


def mats(dtype=numpy.float64, shape=(4, 3), seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def pair(a):
    """The same operator in cupric (from functions) and SciPy."""
    ad = cp.asarray(a)
    ours = csl.LinearOperator(
        a.shape,
        matvec=lambda v: ad @ v,
        rmatvec=lambda v: ad.conj().T @ v,
        matmat=lambda m: ad @ m,
        rmatmat=lambda m: ad.conj().T @ m,
    )
    theirs = ssl.LinearOperator(
        a.shape,
        matvec=lambda v: a @ v,
        rmatvec=lambda v: a.conj().T @ v,
        matmat=lambda m: a @ m,
        rmatmat=lambda m: a.conj().T @ m,
    )
    return ours, theirs


def same(got, want, rtol=1e-12):
    if isinstance(want, ssl.LinearOperator):
        assert isinstance(got, csl.LinearOperator)
        assert got.shape == want.shape
        assert got.dtype == want.dtype
        assert type(got).__name__ == type(want).__name__
        eye_n = numpy.eye(want.shape[1], dtype=numpy.float64)
        numpy.testing.assert_allclose(cp.asnumpy(got.matmat(cp.asarray(eye_n))), want.matmat(eye_n), rtol=rtol, atol=1e-12)
        return
    assert got.shape == want.shape
    assert got.dtype == want.dtype
    numpy.testing.assert_allclose(cp.asnumpy(got), want, rtol=rtol, atol=1e-12)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
def test_products(dtype):
    a = mats(dtype)
    ours, theirs = pair(a)
    assert ours.dtype == theirs.dtype == dtype
    x = mats(dtype, (3,), 1)
    y = mats(dtype, (4,), 2)
    X = mats(dtype, (3, 2), 3)
    Y = mats(dtype, (4, 2), 4)
    same(ours.matvec(cp.asarray(x)), theirs.matvec(x), 1e-5)
    same(ours.matvec(cp.asarray(x.reshape(3, 1))), theirs.matvec(x.reshape(3, 1)), 1e-5)
    same(ours.rmatvec(cp.asarray(y)), theirs.rmatvec(y), 1e-5)
    same(ours.matmat(cp.asarray(X)), theirs.matmat(X), 1e-5)
    same(ours.rmatmat(cp.asarray(Y)), theirs.rmatmat(Y), 1e-5)
    same(ours @ cp.asarray(x), theirs @ x, 1e-5)
    same(ours * cp.asarray(X), theirs * X, 1e-5)
    same(ours.dot(cp.asarray(X)), theirs.dot(X), 1e-5)
    same(ours(cp.asarray(x)), theirs(x), 1e-5)
    same(cp.asarray(y) @ ours, y @ theirs, 1e-5)
    same(cp.asarray(Y.T) @ ours, Y.T @ theirs, 1e-5)


def test_algebra():
    a, b = mats(shape=(3, 3)), mats(shape=(3, 3), seed=5)
    oa, ta = pair(a)
    ob, tb = pair(b)
    same(oa + ob, ta + tb)
    same(oa - ob, ta - tb)
    same(-oa, -ta)
    same(oa * ob, ta * tb)
    same(oa @ ob, ta @ tb)
    same(oa * 2.5, ta * 2.5)
    same(3 * oa, 3 * ta)
    same(oa / 4, ta / 4)
    same(oa**3, ta**3)
    same(oa**0, ta**0)
    same((oa * 2) * 3, (ta * 2) * 3)
    same(oa.H, ta.H)
    same(oa.T, ta.T)
    same(oa.adjoint(), ta.adjoint())
    same(oa.transpose(), ta.transpose())
    same((oa + ob).H, (ta + tb).H)
    same((oa * ob).H, (ta * tb).H)
    same((oa * 2j).H, (ta * 2j).H)
    same((oa**2).H, (ta**2).H)
    same(oa.dot(ob), ta.dot(tb))


def test_complex_adjoint_and_transpose():
    a = mats(numpy.complex128, (3, 4))
    oa, ta = pair(a)
    same(oa.H, ta.H)
    same(oa.T, ta.T)
    same(oa.T.H, ta.T.H)
    x = mats(numpy.complex128, (3,), 1)
    same(oa.T.matvec(cp.asarray(x)), ta.T.matvec(x))


def test_dtype_inference():
    f = csl.LinearOperator((3, 3), matvec=lambda v: v * 2)
    g = ssl.LinearOperator((3, 3), matvec=lambda v: v * 2)
    assert f.dtype == g.dtype  # int8 test vector * Python int
    f = csl.LinearOperator((3, 3), matvec=lambda v: v * 2.0)
    g = ssl.LinearOperator((3, 3), matvec=lambda v: v * 2.0)
    assert f.dtype == g.dtype
    f = csl.LinearOperator((3, 3), matvec=lambda v: v.astype(numpy.complex64))
    assert f.dtype == numpy.complex64
    f = csl.LinearOperator((3, 3), matvec=lambda v: v, dtype="float32")
    assert f.dtype == numpy.float32
    # SciPy 1.17 (the baseline) promotes a float32 operator times a Python float to float64, which
    # cupric keeps; SciPy 1.18 keeps float32.
    assert (f * 2.0).dtype == numpy.float64


def test_repr():
    a = mats(shape=(3, 3))
    oa, ta = pair(a)
    assert repr(oa) == repr(ta).replace("scipy.sparse.linalg", "cupricx")
    assert repr(oa + oa) == "<3x3 _SumLinearOperator with dtype=float64>"


def test_subclass():
    class Double(csl.LinearOperator):
        def __init__(self, n):
            super().__init__(numpy.float64, (n, n))

        def _matvec(self, x):
            return 2 * x

        def _adjoint(self):
            return self

    op = Double(3)
    same(op.matvec(cp.ones(3)), numpy.full(3, 2.0))
    same(op.rmatvec(cp.ones(3)), numpy.full(3, 2.0))
    same(op.matmat(cp.ones((3, 2))), numpy.full((3, 2), 2.0))

    class NoProducts(csl.LinearOperator):
        pass

    with pytest.warns(RuntimeWarning, match="at least one of _matvec and _matmat"):
        NoProducts(numpy.float64, (2, 2))


def test_aslinearoperator():
    a = mats(shape=(4, 3))
    op = csl.aslinearoperator(cp.asarray(a))
    assert type(op).__name__ == "MatrixLinearOperator"
    same(op.matvec(cp.ones(3)), a @ numpy.ones(3))
    same(op.H.matvec(cp.ones(4)), a.T @ numpy.ones(4))
    assert csl.aslinearoperator(op) is op
    same(csl.aslinearoperator(a).matvec(cp.ones(3)), a @ numpy.ones(3))  # NumPy: to the device
    same(csl.aslinearoperator(cp.ones(3)).matvec(cp.ones(3)), numpy.ones((1, 3)) @ numpy.ones(3))

    class Duck:
        shape = (4, 3)
        dtype = numpy.dtype(numpy.float64)

        def matvec(self, v):
            return cp.asarray(a) @ v

        def rmatvec(self, v):
            return cp.asarray(a).T @ v

    d = csl.aslinearoperator(Duck())
    same(d.matvec(cp.ones(3)), a @ numpy.ones(3))
    same(d.rmatvec(cp.ones(4)), a.T @ numpy.ones(4))

    class SparseLike:  # what cupricx.scipy.sparse's matrices offer: shape, dtype, dot, T, conj
        def __init__(self, m):
            self.m = m
            self.shape = m.shape
            self.dtype = m.dtype

        def dot(self, x):
            return self.m @ x

        @property
        def T(self):
            return SparseLike(self.m.T)

        def conj(self):
            return SparseLike(self.m.conj())

    s = csl.aslinearoperator(SparseLike(cp.asarray(a)))
    assert type(s).__name__ == "MatrixLinearOperator"
    same(s.matvec(cp.ones(3)), a @ numpy.ones(3))
    same(s.rmatvec(cp.ones(4)), a.T @ numpy.ones(4))
    with pytest.raises(ValueError, match="array must have ndim <= 2"):
        csl.aslinearoperator(cp.ones((2, 2, 2)))
    with pytest.raises(TypeError, match="type not understood"):
        csl.aslinearoperator("nope")


def test_errors():
    a = mats(shape=(4, 3))
    oa, ta = pair(a)
    with pytest.raises(ValueError, match="dimension mismatch"):
        oa.matvec(cp.ones(4))
    with pytest.raises(ValueError, match="dimension mismatch"):
        oa.rmatvec(cp.ones(3))
    with pytest.raises(ValueError, match="expected 2-d ndarray or matrix, not 1-d"):
        oa.matmat(cp.ones(3))
    with pytest.raises(ValueError, match=r"dimension mismatch: \(4, 3\), \(4, 2\)"):
        oa.matmat(cp.ones((4, 2)))
    with pytest.raises(ValueError, match="invalid shape"):
        csl.LinearOperator((3,), matvec=lambda v: v)
    with pytest.raises(ValueError, match="cannot add"):
        oa + pair(mats(shape=(3, 3)))[0]
    with pytest.raises(ValueError, match="cannot multiply"):
        oa * oa
    with pytest.raises(ValueError, match="square LinearOperator expected"):
        oa**2
    sq = pair(mats(shape=(3, 3)))[0]
    with pytest.raises(ValueError, match="non-negative integer expected as p"):
        sq**-1
    with pytest.raises(ValueError, match="non-negative integer expected as p"):
        sq**1.5
    with pytest.raises(ValueError, match="Scalar operands are not allowed"):
        sq @ 2
    with pytest.raises(ValueError, match="Can only divide a linear operator by a scalar"):
        sq / cp.ones(3)
    with pytest.raises(NotImplementedError, match="rmatvec is not defined"):
        csl.LinearOperator((3, 3), matvec=lambda v: v, dtype=float).rmatvec(cp.ones(3))
    with pytest.raises(ValueError, match="expected 1-d or 2-d"):
        sq.dot(cp.ones((3, 3, 3)))
