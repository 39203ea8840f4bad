"""cupricx.scipy.sparse.linalg with cupricx.scipy.sparse's own matrices: the solvers, eigsh, svds,
spsolve, splu, norm and matrix_power take them by duck typing and agree with SciPy on the same
matrices."""
import numpy
import scipy.sparse as sps
import scipy.sparse.linalg as ssl

import cupric as cp
import cupricx.scipy.sparse as sparse
import cupricx.scipy.sparse.linalg as csl


def poisson2d(n):
    t = sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(n, n))
    return (sps.kron(t, sps.eye(n)) + sps.kron(sps.eye(n), t)).tocsr()


def on_device(h):
    return sparse.csr_matrix((cp.asarray(h.data), cp.asarray(h.indices), cp.asarray(h.indptr)), shape=h.shape)


def test_krylov_solvers():
    h = poisson2d(12)
    A = on_device(h)
    b = numpy.ones(h.shape[0])
    for ours, theirs in ((csl.cg, ssl.cg), (csl.minres, ssl.minres), (csl.bicgstab, ssl.bicgstab),
                         (csl.cgs, ssl.cgs)):
        x, info = ours(A, cp.asarray(b), rtol=1e-10)
        xs, sinfo = theirs(h, b, rtol=1e-10)
        assert info == sinfo == 0
        numpy.testing.assert_allclose(cp.asnumpy(x), xs, rtol=1e-6, atol=1e-8)
    x, info = csl.gmres(A, cp.asarray(b), rtol=1e-10, restart=50)
    numpy.testing.assert_allclose(cp.asnumpy(x), ssl.spsolve(h, b), rtol=1e-6)
    x, istop = csl.lsqr(A, cp.asarray(b), atol=1e-12, btol=1e-12)[:2]
    numpy.testing.assert_allclose(cp.asnumpy(x), ssl.spsolve(h, b), rtol=1e-6)


def test_operator_and_eigensolvers():
    h = poisson2d(10)
    A = on_device(h)
    op = csl.aslinearoperator(A)
    numpy.testing.assert_allclose(cp.asnumpy(op.matvec(cp.ones(100))), h @ numpy.ones(100))
    numpy.testing.assert_allclose(cp.asnumpy(op.rmatvec(cp.ones(100))), h.T @ numpy.ones(100))
    w = csl.eigsh(A, k=3, which="LA", return_eigenvectors=False)
    numpy.testing.assert_allclose(cp.asnumpy(w), numpy.sort(ssl.eigsh(h, k=3, which="LA")[0]), rtol=1e-8)
    s = csl.svds(A, k=2, return_singular_vectors=False)
    numpy.testing.assert_allclose(cp.asnumpy(s), numpy.sort(ssl.svds(h, k=2, return_singular_vectors=False)),
                                  rtol=1e-8)


def test_direct_norm_power():
    h = poisson2d(8)
    A = on_device(h)
    b = numpy.arange(64.0)
    numpy.testing.assert_allclose(cp.asnumpy(csl.spsolve(A, cp.asarray(b))), ssl.spsolve(h, b), rtol=1e-10)
    numpy.testing.assert_allclose(cp.asnumpy(csl.spsolve_triangular(A, cp.asarray(b))),
                                  ssl.spsolve_triangular(sps.tril(h, format="csr"), b), rtol=1e-10)
    numpy.testing.assert_allclose(cp.asnumpy(csl.splu(A).solve(cp.asarray(b))), ssl.spsolve(h, b), rtol=1e-10)
    for ord in (None, 1, numpy.inf, 2):
        numpy.testing.assert_allclose(float(csl.norm(A, ord)), ssl.norm(h, ord), rtol=1e-8)
    numpy.testing.assert_allclose(csl.matrix_power(A, 3).toarray().get(), ssl.matrix_power(h, 3).toarray())
