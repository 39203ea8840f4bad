"""Thin wrappers (argument normalisation only) of C++ statistics routines: average, diff with
prepend/append, ediff1d, trapezoid, gradient, cov, corrcoef (cupric/ops/averages.hpp), correlate,
convolve, array_equal, array_equiv (cupric/ops/statistics.hpp).
"""
import operator

import numpy

import cupric
from cupric import _core


def _arr(a):
    return a if isinstance(a, _core.ndarray) else cupric.asarray(a)


def _opt(a):
    return None if a is None else _arr(a)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """numpy.average: the (weighted) mean; with returned=True also the sum of weights (C++)."""
    return _core._average(_arr(a), axis, _opt(weights), bool(returned), bool(keepdims))


def diff(a, n=1, axis=-1, prepend=numpy._NoValue, append=numpy._NoValue):
    """numpy.diff: the n-th discrete difference along axis (prepend/append joined first; C++)."""
    n = operator.index(n)
    if n == 0:
        return a
    prepend = None if prepend is numpy._NoValue else _arr(prepend)
    append = None if append is numpy._NoValue else _arr(append)
    return _core._diff_ends(_arr(a), n, axis, prepend, append)


def ediff1d(ary, to_end=None, to_begin=None):
    """numpy.ediff1d: differences of the flattened array, with optional ends (C++)."""
    return _core._ediff1d(_arr(ary), _opt(to_end), _opt(to_begin))


def _number_or_array(v):
    return v if type(v) in (int, float, complex) else _arr(v)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """numpy.trapezoid: integral along axis by the trapezoidal rule (C++)."""
    return _core._trapezoid(_arr(y), _opt(x), _number_or_array(dx), axis)


def gradient(f, *varargs, axis=None, edge_order=1):
    """numpy.gradient: second-order central differences inside, first or second order at the edges (C++)."""
    if isinstance(axis, list):
        axis = tuple(axis)
    return _core._gradient(_arr(f), tuple(_number_or_array(v) for v in varargs), axis, operator.index(edge_order))


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None):
    """numpy.cov: covariance matrix (frequency and analytic weights, ddof, bias; C++)."""
    if ddof is not None:
        if ddof != int(ddof):
            raise ValueError("ddof must be integer")
        ddof = int(ddof)
    return _core._cov(_arr(m), _opt(y), bool(rowvar), bool(bias), ddof, _opt(fweights), _opt(aweights), dtype)


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """numpy.corrcoef: Pearson correlation coefficients, real and imaginary parts clipped to [-1, 1] (C++)."""
    return _core._corrcoef(_arr(x), _opt(y), bool(rowvar), dtype)


def correlate(a, v, mode='valid'):
    """numpy.correlate (1-D): c[k] = sum_n a[n + k] * conj(v[n]); a direct method (C++)."""
    return _core._correlate(_arr(a), _arr(v), mode)


def convolve(a, v, mode='full'):
    """numpy.convolve (1-D): correlate with the reversed kernel; a direct method (C++)."""
    return _core._convolve(_arr(a), _arr(v), mode)


def array_equal(a1, a2, equal_nan=False):
    """numpy.array_equal: same shape and elements; a 0-d bool array on the device (no sync)."""
    return _core._array_equal(_arr(a1), _arr(a2), bool(equal_nan))


def array_equiv(a1, a2):
    """numpy.array_equiv: equal after broadcasting; a 0-d bool array on the device."""
    return _core._array_equiv(_arr(a1), _arr(a2))
