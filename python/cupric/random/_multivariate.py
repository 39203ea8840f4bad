"""dirichlet, multivariate_normal and multinomial of RandomState and Generator: argument handling here;
dirichlet's rows are drawn in C++ (src/random/dirichlet_rows.hpp), multivariate_normal and multinomial
combine registry draws with cupric's matrix product and elementwise ops (the samplers are C++:
include/cupric/random/distributions/)."""
import numbers
import warnings

import numpy

import cupric


def _shape(size):
    if size is None:
        return ()
    if isinstance(size, numbers.Integral):
        return (int(size),)
    return tuple(int(s) for s in size)


def _host(x):
    """A small parameter array on the host (alpha, mean, cov are read there, as NumPy and CuPy do)."""
    if isinstance(x, cupric.ndarray):
        x = x.get()
    return numpy.asarray(x, dtype=numpy.float64)


def dirichlet(gen, alpha, size, dtype, legacy):
    """Dirichlet(alpha) rows of shape size + (k,), one row a thread in C++ (Note [Dirichlet rows] in
    src/random/dirichlet_rows.hpp): alpha is read on the host, as NumPy and CuPy read it."""
    if isinstance(alpha, numbers.Number):
        raise TypeError(f"object of type '{type(alpha).__name__}' has no len()")
    a = _host(alpha)
    if a.ndim != 1:
        raise ValueError("setting an array element with a sequence. The requested array would exceed the maximum "
                         "number of dimension of 1.")
    return gen.dirichlet(a.tolist(), _shape(size), numpy.dtype(float if dtype is None else dtype), legacy)


_METHODS = ("svd", "eigh", "cholesky")


def multivariate_normal(standard_normal, mean, cov, size, check_valid, tol, method, dtype):
    """mean + A z with cov = A A^T and z standard normal of shape size + (n,).

    The covariance (n x n, small) is factored on the host with NumPy (as CuPy factors it with
    cuSOLVER: a one-off of O(n^3) on a tiny matrix), with NumPy 2's factors: Generator's draws equal
    NumPy's formula z @ A^T + mean for the same z. The product is one matrix product of the draws
    viewed as (rows, n) with A^T (cuBLAS on the GPU, cupric's own small-GEMM kernel for small
    draws, BLAS on the host): it reads z and writes x once. The broadcast formulation
    (z[..., None, :] * A).sum(axis=-1) wrote and read an (rows, n, n) temporary, n times the
    output (bench/cases.py reduce_rows_zA_broadcast against reduce_rows_zA_matmul).
    """
    mean, cov = _host(mean), _host(cov)
    if mean.ndim != 1:
        raise ValueError("mean must be 1 dimensional")
    if cov.ndim != 2 or cov.shape[0] != cov.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if mean.shape[0] != cov.shape[0]:
        raise ValueError("mean and cov must have same length")
    if check_valid not in ("warn", "raise", "ignore"):
        raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
    if method not in _METHODS:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    if method == "svd":
        u, s, vh = numpy.linalg.svd(cov)
        psd = numpy.allclose((vh.T * s) @ vh, cov, rtol=tol, atol=tol)
        factor = u * numpy.sqrt(s)
    else:
        s, u = numpy.linalg.eigh(cov)
        psd = not (s < -tol * max(1.0, float(numpy.abs(s).max(initial=0.0)))).any()
        factor = u * numpy.sqrt(numpy.clip(s, 0, None))
    if check_valid != "ignore" and not psd:
        if check_valid == "raise":
            raise ValueError("covariance is not symmetric positive-semidefinite.")
        warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=3)
    if method == "cholesky":
        factor = numpy.linalg.cholesky(cov)  # LinAlgError for a singular or indefinite cov, as NumPy
    n = mean.shape[0]
    z = standard_normal(_shape(size) + (n,), dtype)
    m = cupric.asarray(mean.astype(z.dtype))
    if z.size == 0:
        return z + m
    x = cupric.matmul(z.reshape(-1, n), cupric.asarray(numpy.ascontiguousarray(factor.T, dtype=z.dtype)))
    x += m
    return x.reshape(z.shape)


def multinomial(binomial, n, pvals, size, legacy):
    """Counts of n trials over k categories, shape size + (k,) (Generator without size: the
    broadcast shape of n and pvals[..., 0], plus (k,)).

    NumPy's method, one category at a time: x_j = binomial(n - x_0 - ... - x_{j-1},
    p_j / (1 - p_0 - ... - p_{j-1})) and the last category takes the rest, so k - 1 binomial draws
    over the whole output (pvals is small and read on the host, as NumPy and CuPy read it).
    """
    if legacy:
        if numpy.ndim(pvals.get() if isinstance(pvals, cupric.ndarray) else pvals) == 0:
            raise TypeError("pvals must be a 1-d sequence")
        p = _host(pvals)
        if p.ndim != 1:
            raise ValueError("setting an array element with a sequence. The requested array would exceed the maximum "
                             "number of dimension of 1.")
        nn = numpy.asarray(int(n.get() if isinstance(n, cupric.ndarray) else n), dtype=numpy.int64)
    else:
        p = _host(pvals)
        if p.ndim == 0 or p.shape[-1] == 0:
            raise ValueError("pvals must have at least 1 dimension and the last dimension of pvals must be greater "
                             "than 0.")
        nn = numpy.asarray(n.get() if isinstance(n, cupric.ndarray) else n).astype(numpy.int64)
    if (nn < 0).any():
        raise ValueError("n < 0")
    if not ((p >= 0) & (p <= 1)).all():
        raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
    if (p[..., :-1].sum(axis=-1) > 1.0 + 1e-12).any():
        raise ValueError("sum(pvals[:-1]) > 1.0")
    k = p.shape[-1]
    batch = numpy.broadcast_shapes(nn.shape, p.shape[:-1])
    if size is not None:
        shape = _shape(size)
        if any(d < 0 for d in shape):
            raise ValueError("negative dimensions are not allowed")
        if not legacy and numpy.broadcast_shapes(shape, batch) != shape:
            raise ValueError(f"shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
                             f"the parameters' shape {batch} and size {shape}.")
    else:
        shape = batch
    if k == 0:
        return cupric.zeros(shape + (0,), dtype=numpy.int64)
    left = cupric.asarray(numpy.broadcast_to(nn, shape))
    left_p = numpy.ones(p.shape[:-1])
    counts = []
    for j in range(k - 1):
        with numpy.errstate(divide="ignore", invalid="ignore"):
            pj = numpy.where(left_p > 0, numpy.clip(p[..., j] / left_p, 0.0, 1.0), 0.0)
        x = binomial(left, float(pj) if pj.ndim == 0 else cupric.asarray(pj))
        counts.append(x)
        left = left - x
        left_p = left_p - p[..., j]
    counts.append(left)
    return cupric.stack(counts, axis=-1)


def add_multivariate_methods(cls, legacy):
    """dirichlet, multivariate_normal and multinomial with NumPy 2's signatures (RandomState: CuPy v14's, with
    dtype=, check_valid='ignore' and method='cholesky' as CuPy's defaults)."""
    if legacy:
        def dirichlet_method(self, alpha, size=None, dtype=float):
            return dirichlet(self._gen, alpha, size, dtype, True)

        def multivariate_normal_method(self, mean, cov, size=None, check_valid="ignore", tol=1e-08,
                                       method="cholesky", dtype=float):
            return multivariate_normal(lambda shape, dt: self.standard_normal(size=shape, dtype=dt), mean, cov,
                                       size, check_valid, tol, method, dtype)
    else:
        def dirichlet_method(self, alpha, size=None):
            return dirichlet(self._gen, alpha, size, None, False)

        def multivariate_normal_method(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
            return multivariate_normal(lambda shape, dt: self.standard_normal(size=shape), mean, cov, size,
                                       check_valid, tol, method, None)

    def multinomial_method(self, n, pvals, size=None):
        return multinomial(lambda m, q: self.binomial(m, q), n, pvals, size, legacy)

    multinomial_method.__name__ = multinomial_method.__qualname__ = "multinomial"
    multinomial_method.__doc__ = "Draw samples from a multinomial distribution."
    cls.multinomial = multinomial_method
    dirichlet_method.__name__ = dirichlet_method.__qualname__ = "dirichlet"
    dirichlet_method.__doc__ = "Draw samples from the Dirichlet distribution."
    multivariate_normal_method.__name__ = multivariate_normal_method.__qualname__ = "multivariate_normal"
    multivariate_normal_method.__doc__ = "Draw random samples from a multivariate normal distribution."
    cls.dirichlet = dirichlet_method
    cls.multivariate_normal = multivariate_normal_method
