"""LinearOperator and aslinearoperator: SciPy's abstract linear operator on cupric arrays.

The operator algebra (sums, products, scalings, powers, adjoints, transposes) follows SciPy 1.17's
``scipy.sparse.linalg.LinearOperator`` class by class, with cupric arrays in and out. A sparse
matrix (or any object with ``shape``, ``dtype`` and ``dot``/``@``) becomes a
``MatrixLinearOperator`` by duck typing, so cupricx.scipy.sparse's formats plug in unchanged.
"""

import warnings

import numpy

import cupric

__all__ = ["LinearOperator", "aslinearoperator"]


def _isshape(shape):
    return (
        len(shape) == 2
        and all(isinstance(s, (int, numpy.integer)) and not isinstance(s, bool) for s in shape)
        and all(s >= 0 for s in shape)
    )


def _isintlike(x):
    return numpy.ndim(x) == 0 and numpy.isscalar(x) and int(x) == x


def _is_sparse_like(x):
    """A sparse matrix by duck typing: not an array, with shape, dtype and a product."""
    return (
        not isinstance(x, (cupric.ndarray, numpy.ndarray, LinearOperator))
        and hasattr(x, "shape")
        and hasattr(x, "dtype")
        and (hasattr(x, "dot") or hasattr(type(x), "__matmul__"))
        and not hasattr(x, "matvec")
    )


def _asarray(x):
    return x if isinstance(x, cupric.ndarray) else cupric.asarray(x)


def _hstack_columns(f, X):
    return cupric.hstack([f(X[:, i : i + 1]) for i in range(X.shape[1])]) if X.shape[1] else cupric.empty(
        (0, 0)
    )


class LinearOperator:
    """A common interface for performing matrix-vector products (SciPy's LinearOperator).

    ``LinearOperator(shape, matvec, rmatvec=None, matmat=None, dtype=None, rmatmat=None)``
    builds an operator from functions; subclasses implement ``_matvec`` or ``_matmat`` (and
    ``_rmatvec``/``_rmatmat`` or ``_adjoint`` for the adjoint). When ``dtype`` is not given it
    is found by applying the operator to an int8 zero vector. Operators combine with ``+``,
    ``-``, ``*``/``@`` (with operators, arrays and scalars), ``**`` (a non-negative integer),
    ``.H``/``.adjoint()`` and ``.T``/``.transpose()``.
    """

    ndim = 2
    __array_ufunc__ = None  # `array @ op` and `array * op` reach __rmatmul__/__rmul__

    def __new__(cls, *args, **kwargs):
        if cls is LinearOperator:
            # Operator as a function of its arguments: the functions given are the operator.
            return super().__new__(_CustomLinearOperator)
        obj = super().__new__(cls)
        if type(obj)._matvec == LinearOperator._matvec and type(obj)._matmat == LinearOperator._matmat:
            warnings.warn(
                "LinearOperator subclass should implement at least one of _matvec and _matmat.",
                category=RuntimeWarning,
                stacklevel=2,
            )
        return obj

    def __init__(self, dtype, shape):
        if dtype is not None:
            dtype = numpy.dtype(dtype)
        shape = tuple(shape)
        if not _isshape(shape):
            raise ValueError(f"invalid shape {shape!r} (must be 2-d)")
        self.dtype = dtype
        self.shape = shape

    def _init_dtype(self):
        """Sets a missing dtype from the operator applied to an int8 zero vector (SciPy's rule)."""
        if self.dtype is None:
            v = cupric.zeros(self.shape[-1], dtype=numpy.int8)
            self.dtype = _asarray(self.matvec(v)).dtype

    def _matmat(self, X):
        return _hstack_columns(lambda c: self.matvec(c.reshape(-1, 1)), X)

    def _matvec(self, x):
        return self.matmat(x.reshape(-1, 1))

    def matvec(self, x):
        """``A @ x`` for x of shape (N,) or (N, 1); the result has shape (M,) or (M, 1)."""
        x = _asarray(x)
        M, N = self.shape
        if x.shape != (N,) and x.shape != (N, 1):
            raise ValueError("dimension mismatch")
        y = _asarray(self._matvec(x))
        if x.ndim == 1:
            return y.reshape(M)
        return y.reshape(M, 1)

    def rmatvec(self, x):
        """``A^H @ x`` for x of shape (M,) or (M, 1); the result has shape (N,) or (N, 1)."""
        x = _asarray(x)
        M, N = self.shape
        if x.shape != (M,) and x.shape != (M, 1):
            raise ValueError("dimension mismatch")
        y = _asarray(self._rmatvec(x))
        if x.ndim == 1:
            return y.reshape(N)
        return y.reshape(N, 1)

    def _rmatvec(self, x):
        if type(self)._adjoint == LinearOperator._adjoint:
            raise NotImplementedError("rmatvec is not defined")
        return self.H.matvec(x)

    def matmat(self, X):
        """``A @ X`` for a 2-D X of shape (N, K)."""
        if not isinstance(X, cupric.ndarray) and _is_sparse_like(X):
            raise TypeError(
                "Unable to multiply a LinearOperator with a sparse matrix. Wrap the matrix in aslinearoperator first."
            )
        X = _asarray(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[1]:
            raise ValueError(f"dimension mismatch: {self.shape!r}, {X.shape!r}")
        return _asarray(self._matmat(X))

    def rmatmat(self, X):
        """``A^H @ X`` for a 2-D X of shape (M, K)."""
        X = _asarray(X)
        if X.ndim != 2:
            raise ValueError(f"expected 2-d ndarray or matrix, not {X.ndim}-d")
        if X.shape[0] != self.shape[0]:
            raise ValueError(f"dimension mismatch: {self.shape!r}, {X.shape!r}")
        return _asarray(self._rmatmat(X))

    def _rmatmat(self, X):
        if type(self)._adjoint == LinearOperator._adjoint:
            return _hstack_columns(lambda c: self.rmatvec(c.reshape(-1, 1)), X)
        return self.H.matmat(X)

    def __call__(self, x):
        return self * x

    def __mul__(self, x):
        return self.dot(x)

    def __truediv__(self, other):
        if not numpy.isscalar(other):
            raise ValueError("Can only divide a linear operator by a scalar.")
        return _ScaledLinearOperator(self, 1.0 / other)

    def dot(self, x):
        """The product with an operator (an operator), a scalar (an operator) or an array."""
        if isinstance(x, LinearOperator):
            return _ProductLinearOperator(self, x)
        if numpy.isscalar(x):
            return _ScaledLinearOperator(self, x)
        if _is_sparse_like(x):
            return self.matmat(x)
        x = _asarray(x)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[1] == 1):
            return self.matvec(x)
        if x.ndim == 2:
            return self.matmat(x)
        raise ValueError(f"expected 1-d or 2-d array or matrix, got {x!r}")

    def __matmul__(self, other):
        if numpy.isscalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.__mul__(other)

    def __rmatmul__(self, other):
        if numpy.isscalar(other):
            raise ValueError("Scalar operands are not allowed, use '*' instead")
        return self.__rmul__(other)

    def __rmul__(self, x):
        if numpy.isscalar(x):
            return _ScaledLinearOperator(self, x)
        return self._rdot(x)

    def _rdot(self, x):
        """``x @ self`` as ``(self.T @ x.T).T``."""
        if isinstance(x, LinearOperator):
            return _ProductLinearOperator(x, self)
        if numpy.isscalar(x):
            return _ScaledLinearOperator(self, x)
        x = _asarray(x)
        if x.ndim == 1 or (x.ndim == 2 and x.shape[0] == 1):
            return self.T.matvec(x.T).T
        if x.ndim == 2:
            return self.T.matmat(x.T).T
        raise ValueError(f"expected 1-d or 2-d array or matrix, got {x!r}")

    def __pow__(self, p):
        if numpy.isscalar(p):
            return _PowerLinearOperator(self, p)
        return NotImplemented

    def __add__(self, x):
        if isinstance(x, LinearOperator):
            return _SumLinearOperator(self, x)
        return NotImplemented

    def __neg__(self):
        return _ScaledLinearOperator(self, -1)

    def __sub__(self, x):
        return self.__add__(-x)

    def __repr__(self):
        M, N = self.shape
        dt = "unspecified dtype" if self.dtype is None else "dtype=" + str(self.dtype)
        return "<%dx%d %s with %s>" % (M, N, self.__class__.__name__, dt)

    def adjoint(self):
        """The Hermitian adjoint A^H (also ``.H``)."""
        return self._adjoint()

    H = property(adjoint)

    def transpose(self):
        """The transpose A^T (also ``.T``)."""
        return self._transpose()

    T = property(transpose)

    def _adjoint(self):
        return _AdjointLinearOperator(self)

    def _transpose(self):
        return _TransposedLinearOperator(self)


class _CustomLinearOperator(LinearOperator):
    """An operator made of the functions given to LinearOperator(...)."""

    def __init__(self, shape, matvec, rmatvec=None, matmat=None, dtype=None, rmatmat=None):
        super().__init__(dtype, shape)
        self.args = ()
        self.__matvec_impl = matvec
        self.__rmatvec_impl = rmatvec
        self.__rmatmat_impl = rmatmat
        self.__matmat_impl = matmat
        self._init_dtype()

    def _matmat(self, X):
        if self.__matmat_impl is not None:
            return self.__matmat_impl(X)
        return super()._matmat(X)

    def _matvec(self, x):
        return self.__matvec_impl(x)

    def _rmatvec(self, x):
        func = self.__rmatvec_impl
        if func is None:
            raise NotImplementedError("rmatvec is not defined")
        return self.__rmatvec_impl(x)

    def _rmatmat(self, X):
        if self.__rmatmat_impl is not None:
            return self.__rmatmat_impl(X)
        return super()._rmatmat(X)

    def _adjoint(self):
        return _CustomLinearOperator(
            shape=(self.shape[1], self.shape[0]),
            matvec=self.__rmatvec_impl,
            rmatvec=self.__matvec_impl,
            matmat=self.__rmatmat_impl,
            rmatmat=self.__matmat_impl,
            dtype=self.dtype,
        )


class _AdjointLinearOperator(LinearOperator):
    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return self.A._rmatvec(x)

    def _rmatvec(self, x):
        return self.A._matvec(x)

    def _matmat(self, x):
        return self.A._rmatmat(x)

    def _rmatmat(self, x):
        return self.A._matmat(x)


class _TransposedLinearOperator(LinearOperator):
    def __init__(self, A):
        super().__init__(A.dtype, (A.shape[1], A.shape[0]))
        self.A = A
        self.args = (A,)

    def _matvec(self, x):
        return cupric.conj(self.A._rmatvec(cupric.conj(x)))

    def _rmatvec(self, x):
        return cupric.conj(self.A._matvec(cupric.conj(x)))

    def _matmat(self, x):
        return cupric.conj(self.A._rmatmat(cupric.conj(x)))

    def _rmatmat(self, x):
        return cupric.conj(self.A._matmat(cupric.conj(x)))


def _get_dtype(operators, dtypes=None):
    if dtypes is None:
        dtypes = []
    for obj in operators:
        if obj is not None and hasattr(obj, "dtype"):
            dtypes.append(obj.dtype)
    return numpy.result_type(*dtypes)


class _SumLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if not isinstance(A, LinearOperator) or not isinstance(B, LinearOperator):
            raise ValueError("both operands have to be a LinearOperator")
        if A.shape != B.shape:
            raise ValueError(f"cannot add {A} and {B}: shape mismatch")
        self.args = (A, B)
        super().__init__(_get_dtype([A, B]), A.shape)

    def _matvec(self, x):
        return self.args[0].matvec(x) + self.args[1].matvec(x)

    def _rmatvec(self, x):
        return self.args[0].rmatvec(x) + self.args[1].rmatvec(x)

    def _rmatmat(self, x):
        return self.args[0].rmatmat(x) + self.args[1].rmatmat(x)

    def _matmat(self, x):
        return self.args[0].matmat(x) + self.args[1].matmat(x)

    def _adjoint(self):
        A, B = self.args
        return A.H + B.H


class _ProductLinearOperator(LinearOperator):
    def __init__(self, A, B):
        if not isinstance(A, LinearOperator) or not isinstance(B, LinearOperator):
            raise ValueError("both operands have to be a LinearOperator")
        if A.shape[1] != B.shape[0]:
            raise ValueError(f"cannot multiply {A} and {B}: shape mismatch")
        super().__init__(_get_dtype([A, B]), (A.shape[0], B.shape[1]))
        self.args = (A, B)

    def _matvec(self, x):
        return self.args[0].matvec(self.args[1].matvec(x))

    def _rmatvec(self, x):
        return self.args[1].rmatvec(self.args[0].rmatvec(x))

    def _rmatmat(self, x):
        return self.args[1].rmatmat(self.args[0].rmatmat(x))

    def _matmat(self, x):
        return self.args[0].matmat(self.args[1].matmat(x))

    def _adjoint(self):
        A, B = self.args
        return B.H * A.H


class _ScaledLinearOperator(LinearOperator):
    def __init__(self, A, alpha):
        if not isinstance(A, LinearOperator):
            raise ValueError("LinearOperator expected as A")
        if not numpy.isscalar(alpha):
            raise ValueError("scalar expected as alpha")
        if isinstance(A, _ScaledLinearOperator):
            A, alpha_original = A.args
            alpha = alpha * alpha_original
        super().__init__(_get_dtype([A], [type(alpha)]), A.shape)
        self.args = (A, alpha)

    def _matvec(self, x):
        return self.args[1] * self.args[0].matvec(x)

    def _rmatvec(self, x):
        return numpy.conj(self.args[1]) * self.args[0].rmatvec(x)

    def _rmatmat(self, x):
        return numpy.conj(self.args[1]) * self.args[0].rmatmat(x)

    def _matmat(self, x):
        return self.args[1] * self.args[0].matmat(x)

    def _adjoint(self):
        A, alpha = self.args
        return A.H * numpy.conj(alpha)


class _PowerLinearOperator(LinearOperator):
    def __init__(self, A, p):
        if not isinstance(A, LinearOperator):
            raise ValueError("LinearOperator expected as A")
        if A.shape[0] != A.shape[1]:
            raise ValueError(f"square LinearOperator expected, got {A!r}")
        if not _isintlike(p) or p < 0:
            raise ValueError("non-negative integer expected as p")
        super().__init__(_get_dtype([A]), A.shape)
        self.args = (A, int(p))

    def _power(self, fun, x):
        res = cupric.array(x, copy=True)
        for _ in range(self.args[1]):
            res = fun(res)
        return res

    def _matvec(self, x):
        return self._power(self.args[0].matvec, x)

    def _rmatvec(self, x):
        return self._power(self.args[0].rmatvec, x)

    def _rmatmat(self, x):
        return self._power(self.args[0].rmatmat, x)

    def _matmat(self, x):
        return self._power(self.args[0].matmat, x)

    def _adjoint(self):
        A, p = self.args
        return A.H**p


class MatrixLinearOperator(LinearOperator):
    """A dense cupric array or a sparse matrix (anything with ``dot`` or ``@``) as an operator."""

    def __init__(self, A):
        super().__init__(A.dtype, A.shape)
        self.A = A
        self.__adj = None
        self.args = (A,)

    def _matmat(self, X):
        A = self.A
        return A.dot(X) if hasattr(A, "dot") else A @ X

    def _adjoint(self):
        if self.__adj is None:
            self.__adj = _AdjointMatrixOperator(self.A)
        return self.__adj


class _AdjointMatrixOperator(MatrixLinearOperator):
    def __init__(self, adjoint_array):
        A = adjoint_array
        if isinstance(A, cupric.ndarray):
            self.A = A.T.conj()
        elif hasattr(A, "conj") and hasattr(A, "T"):
            self.A = A.T.conj()
        else:
            self.A = A.H
        self.args = (adjoint_array,)
        self.shape = adjoint_array.shape[1], adjoint_array.shape[0]
        self.dtype = adjoint_array.dtype

    def _adjoint(self):
        return MatrixLinearOperator(self.args[0])


class IdentityOperator(LinearOperator):
    """The identity of the given shape (the default preconditioner)."""

    def __init__(self, shape, dtype=None):
        super().__init__(dtype, shape)

    def _matvec(self, x):
        return x

    def _rmatvec(self, x):
        return x

    def _rmatmat(self, x):
        return x

    def _matmat(self, x):
        return x

    def _adjoint(self):
        return self


def aslinearoperator(A):
    """Returns A as a LinearOperator.

    A may be a LinearOperator (returned as it is), a cupric or NumPy array of at most two
    dimensions (NumPy arrays are copied to the device), a sparse matrix (anything with
    ``shape``, ``dtype`` and ``dot``/``@``: cupricx.scipy.sparse's formats), or an object with
    ``shape`` and ``matvec`` (and optionally ``rmatvec``, ``rmatmat`` and ``dtype``).
    """
    if isinstance(A, LinearOperator):
        return A
    if isinstance(A, (cupric.ndarray, numpy.ndarray)):
        if A.ndim > 2:
            raise ValueError("array must have ndim <= 2")
        A = cupric.atleast_2d(cupric.asarray(A))
        return MatrixLinearOperator(A)
    if _is_sparse_like(A):
        return MatrixLinearOperator(A)
    if hasattr(A, "shape") and hasattr(A, "matvec"):
        rmatvec = getattr(A, "rmatvec", None)
        rmatmat = getattr(A, "rmatmat", None)
        dtype = getattr(A, "dtype", None)
        return LinearOperator(A.shape, A.matvec, rmatvec=rmatvec, rmatmat=rmatmat, dtype=dtype)
    raise TypeError("type not understood")
