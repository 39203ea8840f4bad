"""dot, ndarray.dot, vdot, inner, outer, tensordot, kron, cross and the numpy.linalg spellings
against NumPy (src/linalg/products/products.cpp)."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from linalg_cases import TOL, data as _data

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]

# cupric follows NumPy 2.4 (the baseline) where NumPy 2.5 changed behaviour (docs/differences.md).
_NUMPY_BEFORE_2_5 = tuple(int(x) for x in numpy.__version__.split(".")[:2]) < (2, 5)


def _same(name, *args, **kw):
    want = getattr(numpy, name)(*args, **kw)
    got = getattr(cp, name)(*[cp.asarray(x) if isinstance(x, numpy.ndarray) else x for x in args], **kw)
    testing.assert_matches_numpy(got, want, rtol=TOL, atol=TOL)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 4)), ((2, 3), (3, 4)),
                                    ((2, 3, 4), (4,)), ((2, 3), (5, 3, 4)), ((2, 2, 3), (2, 3, 2)), ((), (3,)),
                                    ((0, 3), (3, 2)), ((2, 0), (0, 3))])
def test_dot(dtype, shapes):
    _same("dot", _data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2))


def test_dot_method_and_out():
    a, b = _data((2, 3), numpy.float64, 1), _data((3, 4), numpy.float64, 2)
    testing.assert_matches_numpy(cp.asarray(a).dot(cp.asarray(b)), a.dot(b), rtol=TOL)
    out = cp.empty((2, 4))
    assert cp.dot(cp.asarray(a), cp.asarray(b), out=out) is out
    testing.assert_matches_numpy(out, a.dot(b), rtol=TOL)


@pytest.mark.parametrize("call", [
    lambda xp: xp.dot(xp.ones((2, 3)), xp.ones((2, 3))),
    lambda xp: xp.dot(xp.ones(3), xp.ones(2)),
    lambda xp: xp.dot(xp.ones((2, 2)), xp.ones((2, 2)), out=xp.ones((2, 2), dtype=numpy.float32)),
    lambda xp: xp.inner(xp.ones(3), xp.ones(2)),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((4, 3)), axes=1),
    lambda xp: xp.tensordot(xp.ones((2, 3)), xp.ones((2, 3)), axes=([0], [0, 1])),
    lambda xp: xp.cross(xp.ones(4), xp.ones(3)),
    lambda xp: xp.linalg.outer(xp.ones((2, 2)), xp.ones(2)),
])
def test_product_errors(call):
    # NumPy 2.5 rewords cross's error (2-D vectors no longer allowed); messages are NumPy 2.4's.
    testing.assert_raises_like_numpy(lambda: call(numpy), lambda: call(cp), match_message=_NUMPY_BEFORE_2_5)


@pytest.mark.parametrize("dtype", DTYPES)
def test_vdot(dtype):
    _same("vdot", _data((2, 3), dtype, 1), _data((3, 2), dtype, 2))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (4, 3)), ((2, 2, 3), (3,)), ((), (2, 2))])
def test_inner(dtype, shapes):
    _same("inner", _data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2))


@pytest.mark.parametrize("dtype", DTYPES)
def test_outer(dtype):
    _same("outer", _data((2, 3), dtype, 1), _data((4,), dtype, 2))
    testing.assert_matches_numpy(cp.linalg.outer(cp.asarray(_data(3, dtype)), cp.asarray(_data(2, dtype, 1))),
                                 numpy.linalg.outer(_data(3, dtype), _data(2, dtype, 1)), rtol=TOL)


@pytest.mark.parametrize("axes", [0, 1, 2, ([1, 0], [0, 1]), (1, 0), ([2], [1])])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.complex64])
def test_tensordot(axes, dtype):
    a = _data((3, 4, 5), dtype, 1)
    b = _data((4, 5, 3) if axes in (0, 1, 2) else (4, 5, 3), dtype, 2)
    if axes == 1:
        b = _data((5, 2), dtype, 2)
    elif axes == 2:
        b = _data((4, 5, 2), dtype, 2)
    elif axes == ([1, 0], [0, 1]):
        b = _data((4, 3, 2), dtype, 2)
    elif axes == (1, 0):
        b = _data((4, 2), dtype, 2)
    elif axes == ([2], [1]):
        b = _data((2, 5), dtype, 2)
    elif axes == 0:
        b = _data((2,), dtype, 2)
    _same("tensordot", a, b, axes=axes)
    testing.assert_matches_numpy(cp.linalg.tensordot(cp.asarray(a), cp.asarray(b), axes=axes),
                                 numpy.linalg.tensordot(a, b, axes=axes), rtol=TOL)


@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.complex128, numpy.bool_])
@pytest.mark.parametrize("shapes", [((2,), (3,)), ((2, 2), (3, 1)), ((2,), (2, 3)), ((1, 2, 2), (2, 2))])
def test_kron(dtype, shapes):
    _same("kron", _data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2))


@pytest.mark.parametrize("dtype", [numpy.int64, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((4, 3), (3,)), ((2, 1, 3), (4, 3))])
def test_cross(dtype, shapes):
    _same("cross", _data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2))


def test_cross_axes_and_2d_vectors():
    a, b = _data((3, 4), numpy.float64, 1), _data((4, 3), numpy.float64, 2)
    _same("cross", a, b, axisa=0, axisb=1, axisc=0)
    with pytest.warns(DeprecationWarning):
        got = cp.cross(cp.asarray([1, 2]), cp.asarray([3, 4]))
    if _NUMPY_BEFORE_2_5:  # NumPy 2.5 expired the deprecation (2-D vectors raise); cupric follows 2.4
        with pytest.warns(DeprecationWarning):
            want = numpy.cross([1, 2], [3, 4])
        testing.assert_matches_numpy(got, want)
    else:
        testing.assert_matches_numpy(got, numpy.asarray(-2))
    testing.assert_matches_numpy(cp.linalg.cross(cp.asarray(a.T), cp.asarray(b)), numpy.linalg.cross(a.T, b), rtol=TOL)
