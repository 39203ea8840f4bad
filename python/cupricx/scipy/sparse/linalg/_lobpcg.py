"""lobpcg: Locally Optimal Block Preconditioned Conjugate Gradient (Knyazev), SciPy's signature.

The blocks (n x k) live on the device and every product with A, B and M is a device product; the
Rayleigh-Ritz problems are (3k x 3k) Gram matrices, solved on the host with NumPy/SciPy's
generalised eigensolver (as CuPy's eigsh solves its small tridiagonal problem).
"""

import warnings

import numpy

import cupric
from cupricx.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator

__all__ = ["lobpcg"]


def _operator(A, n, name):
    if A is None:
        return None
    if callable(A) and not isinstance(A, (LinearOperator, cupric.ndarray)) and not hasattr(A, "shape"):
        return LinearOperator((n, n), matvec=A, matmat=A)
    op = aslinearoperator(A)
    if op.shape != (n, n):
        raise ValueError(f"{name} must be a square matrix of size {n}, got shape {op.shape}")
    return op


def _apply(op, X):
    return X if op is None else cupric.asarray(op.matmat(X))


def _host(a):
    return cupric.asnumpy(a)


def _project_out(X, Y, BY, YBY_chol):
    """X minus its B-orthogonal projection on the constraints Y."""
    import scipy.linalg

    coef = scipy.linalg.cho_solve(YBY_chol, _host(BY.conj().T @ X))
    return X - Y @ cupric.asarray(coef)


def _b_orthonormalise(X, BX, op_B):
    """X (and B X) with B-orthonormal columns, by the Cholesky factor of X^H B X; None when X is
    numerically rank deficient."""
    gram = _host(X.conj().T @ BX)
    gram = (gram + gram.conj().T) / 2
    try:
        L = numpy.linalg.cholesky(gram)
    except numpy.linalg.LinAlgError:
        return None
    inv = cupric.asarray(numpy.linalg.inv(L).conj().T.astype(gram.dtype))
    return X @ inv, (BX @ inv if op_B is not None else None)


def _select(w, k, largest):
    order = numpy.argsort(w)
    return order[::-1][:k] if largest else order[:k]


def lobpcg(A, X, B=None, M=None, Y=None, tol=None, maxiter=None, largest=True, verbosityLevel=0,
           retLambdaHistory=False, retResidualNormsHistory=False, restartControl=20):
    """The k largest (or smallest) eigenpairs of ``A x = lambda B x`` (SciPy's ``lobpcg``).

    Args:
        A: the Hermitian operator (cupric array, sparse matrix, LinearOperator or a function of a
            block n x k).
        X: the initial block, n x k (a vector for k = 1).
        B: the Hermitian positive definite right-hand operator (default identity).
        M: the preconditioner (default identity).
        Y: n x m constraints: the eigenvectors are sought B-orthogonal to Y's columns.
        tol: the residual norm tolerance (default ``sqrt(eps) * n``).
        maxiter: the iteration limit (default 20).
        largest: the largest eigenvalues (True) or the smallest.
        verbosityLevel: 0 silent, > 0 prints the residual norms per iteration.
        retLambdaHistory, retResidualNormsHistory: also return the histories.
        restartControl: restart the search directions when the residual grows this many times
            above its smallest value.

    Returns:
        ``(lambda, X)`` (+ the histories asked for); lambda descending with largest, ascending
        otherwise. A run that does not reach tol warns (UserWarning) and returns its best block.
    """
    import scipy.linalg

    X = cupric.asarray(X)
    if X.ndim == 1:
        X = X[:, None]
    if X.ndim != 2:
        raise ValueError(f"expected rank-2 array for argument X, got {X.ndim}-D")
    n, k = X.shape
    if X.dtype.kind not in "fc":
        X = X.astype(numpy.float64)
    op_A = _operator(A, n, "A")
    op_B = _operator(B, n, "B")
    op_M = _operator(M, n, "M")
    dtype = numpy.result_type(X.dtype, op_A.dtype if op_A.dtype is not None else X.dtype)
    X = X.astype(dtype)
    if maxiter is None:
        maxiter = 20
    if tol is None:
        tol = numpy.sqrt(numpy.finfo(dtype).eps) * n
    n_y = 0
    if Y is not None:
        Y = cupric.asarray(Y).astype(dtype)
        if Y.ndim == 1:
            Y = Y[:, None]
        n_y = Y.shape[1]
    if n - n_y < 5 * k:
        # Too small for block iterations: SciPy solves such problems densely.
        warnings.warn(
            f"The problem size {n} minus the constraints size {n_y} is too small relative to the block size {k}. "
            "Using a dense eigensolver instead of LOBPCG iterations.No output of the history of the iterations.",
            UserWarning,
            stacklevel=2,
        )
        eye = cupric.eye(n, dtype=dtype)
        a = _host(_apply(op_A, eye))
        b = None if op_B is None else _host(_apply(op_B, eye))
        if Y is not None:
            raise ValueError("a dense solve of a constrained problem is not supported; use a larger n")
        w, v = scipy.linalg.eigh(a, b)
        sel = _select(w, k, largest)
        out = (cupric.asarray(w[sel]), cupric.asarray(v[:, sel]))
        if retLambdaHistory:
            out += ([],)
        if retResidualNormsHistory:
            out += ([],)
        return out

    BY = YBY_chol = None
    if Y is not None:
        BY = _apply(op_B, Y)
        YBY_chol = scipy.linalg.cho_factor(_host(Y.conj().T @ BY))
        X = _project_out(X, Y, BY, YBY_chol)
    BX = _apply(op_B, X)
    orth = _b_orthonormalise(X, BX if op_B is not None else X, op_B)
    if orth is None:
        raise ValueError("linearly dependent initial approximations")
    X, BX = orth
    BX = X if op_B is None else BX
    AX = _apply(op_A, X)
    w, v = scipy.linalg.eigh(_host(X.conj().T @ AX))
    sel = _select(w, k, largest)
    lam, v = w[sel], cupric.asarray(v[:, sel])
    X, AX = X @ v, AX @ v
    BX = X if op_B is None else BX @ v

    P = AP = BP = None
    lambda_history, residual_history = [lam], []
    best = (numpy.inf, lam, X)
    active = numpy.ones(k, dtype=bool)
    for iteration in range(maxiter):
        R = AX - BX * cupric.asarray(lam.astype(dtype))
        norms = numpy.sqrt(numpy.abs(_host(cupric.sum(R.conj() * R, axis=0))))
        residual_history.append(norms)
        if verbosityLevel > 0:
            print(f"iteration {iteration}: eigenvalues {lam}, residual norms {norms}")
        if norms.max() < best[0]:
            best = (norms.max(), lam, X)
        active = norms > tol
        if not active.any():
            break
        if norms.max() > restartControl * best[0] and P is not None:
            P = AP = BP = None  # the search directions went bad: restart them
        idx = cupric.asarray(numpy.nonzero(active)[0])
        W = _apply(op_M, R[:, idx])
        if Y is not None:
            W = _project_out(W, Y, BY, YBY_chol)
        W = W - X @ (BX.conj().T @ W)  # B-orthogonal to X
        BW = _apply(op_B, W)
        orth = _b_orthonormalise(W, BW if op_B is not None else W, op_B)
        if orth is None:
            break
        W, BW = orth
        BW = W if op_B is None else BW
        AW = _apply(op_A, W)
        blocks = [(X, AX, BX), (W, AW, BW)]
        if P is not None:
            blocks.append((P, AP, BP))
        for attempt in range(2):
            S = cupric.concatenate([b[0] for b in blocks], axis=1)
            AS = cupric.concatenate([b[1] for b in blocks], axis=1)
            BS = cupric.concatenate([b[2] for b in blocks], axis=1)
            gA, gB = _host(S.conj().T @ AS), _host(S.conj().T @ BS)
            gA, gB = (gA + gA.conj().T) / 2, (gB + gB.conj().T) / 2
            try:
                w, v = scipy.linalg.eigh(gA, gB)
                break
            except (numpy.linalg.LinAlgError, scipy.linalg.LinAlgError):
                if len(blocks) == 2:
                    raise
                blocks = blocks[:2]  # drop P (its Gram matrix went singular) and retry
        sel = _select(w, k, largest)
        lam = w[sel]
        C = cupric.asarray(v[:, sel].astype(dtype))
        Cp = C[k:]  # the W and P parts: the next search directions
        SP, ASP, BSP = S[:, k:], AS[:, k:], BS[:, k:]
        P, AP, BP = SP @ Cp, ASP @ Cp, BSP @ Cp
        X, AX, BX = S @ C, AS @ C, BS @ C
        lambda_history.append(lam)
    else:
        R = AX - BX * cupric.asarray(lam.astype(dtype))
        norms = numpy.sqrt(numpy.abs(_host(cupric.sum(R.conj() * R, axis=0))))
        residual_history.append(norms)
        if norms.max() < best[0]:
            best = (norms.max(), lam, X)
        if (norms > tol).any():
            warnings.warn(
                f"Exited at iteration {maxiter} with accuracies \n{norms}\nnot reaching the requested tolerance {tol}.",
                UserWarning,
                stacklevel=2,
            )
        _, lam, X = best
    out = (cupric.asarray(lam), X)
    if retLambdaHistory:
        out += ([cupric.asarray(h) for h in lambda_history],)
    if retResidualNormsHistory:
        out += ([cupric.asarray(h) for h in residual_history],)
    return out
