"""matmul and `@` against NumPy: dtypes (bool, integers, float16, bfloat16, float32/64, complex),
layouts (transposed, sliced, broadcast stacks, zero-size, 1-d operands), ufunc keywords and
NumPy's errors (Note [GEMM layout] in src/linalg/products/gemm_plan.cpp)."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from linalg_cases import TOL, data as _data

INT_DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32,
              numpy.int64, numpy.uint64]
FLOAT_DTYPES = [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _check(a, b, **kw):
    testing.assert_matches_numpy(cp.matmul(cp.asarray(a), cp.asarray(b), **kw), numpy.matmul(a, b, **kw),
                                 rtol=TOL, atol=TOL)


@pytest.mark.parametrize("dtype", INT_DTYPES + FLOAT_DTYPES)
@pytest.mark.parametrize("shapes", [((3, 4), (4, 5)), ((1, 1), (1, 1)), ((4,), (4, 2)), ((2, 4), (4,)), ((5,), (5,)),
                                    ((2, 3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((3, 4), (6, 4, 2))])
def test_matmul_dtypes_and_shapes(dtype, shapes):
    _check(_data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.uint8, numpy.int32, numpy.int64, numpy.uint64])
def test_integer_matmul_wraps_around_as_numpy(dtype):
    info = numpy.iinfo(dtype)
    a = numpy.full((3, 40), info.max, dtype=dtype)
    b = numpy.full((40, 2), info.max - 1, dtype=dtype)
    _check(a, b)


def test_bfloat16_accumulates_in_float32():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = _data((8, 64), numpy.float32, 3).astype(ml_dtypes.bfloat16)
    b = _data((64, 4), numpy.float32, 4).astype(ml_dtypes.bfloat16)
    got = cp.matmul(cp.asarray(a), cp.asarray(b))
    assert got.dtype == ml_dtypes.bfloat16
    want = (a.astype(numpy.float32) @ b.astype(numpy.float32))
    numpy.testing.assert_allclose(got.get().astype(numpy.float32), want, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128, numpy.int32, numpy.bool_])
@pytest.mark.parametrize("layout", ["T_a", "T_b", "T_both", "sliced", "negative", "fortran", "broadcast"])
def test_matmul_layouts(dtype, layout):
    a = _data((6, 7), dtype, 5)
    b = _data((7, 5), dtype, 6)
    if layout == "T_a":
        a = numpy.ascontiguousarray(a.T).T
    elif layout == "T_b":
        b = numpy.ascontiguousarray(b.T).T
    elif layout == "T_both":
        a, b = numpy.ascontiguousarray(a.T).T, numpy.ascontiguousarray(b.T).T
    elif layout == "fortran":
        a, b = numpy.asfortranarray(a), numpy.asfortranarray(b)
    ca, cb = cp.asarray(a), cp.asarray(b)
    if layout == "sliced":
        a2, b2 = _data((12, 14), dtype, 7), _data((14, 10), dtype, 8)
        ca, cb = cp.asarray(a2)[::2, ::2], cp.asarray(b2)[::2, 1::2]
        a, b = a2[::2, ::2], b2[::2, 1::2]
    elif layout == "negative":
        ca, cb = ca[::-1], cb[:, ::-1]
        a, b = a[::-1], b[:, ::-1]
    elif layout == "broadcast":
        a = numpy.broadcast_to(a, (3, 6, 7))
        ca = cp.broadcast_to(ca, (3, 6, 7))
    testing.assert_matches_numpy(cp.matmul(ca, cb), numpy.matmul(a, b), rtol=TOL, atol=TOL)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int64])
def test_matmul_transposed_stacks(dtype):
    a = _data((4, 5, 3), dtype, 9)
    b = _data((4, 5, 2), dtype, 10)
    ca, cb = cp.asarray(a), cp.asarray(b)
    testing.assert_matches_numpy(cp.matmul(ca.transpose(0, 2, 1), cb), numpy.matmul(a.transpose(0, 2, 1), b), rtol=TOL)
    # A stack whose batch axis is not outermost.
    testing.assert_matches_numpy(cp.matmul(ca.transpose(1, 0, 2)[:, :, :2], cp.asarray(b[0, :2])),
                                 numpy.matmul(a.transpose(1, 0, 2)[:, :, :2], b[0, :2]), rtol=TOL)


@pytest.mark.parametrize("shapes", [((0, 3), (3, 4)), ((3, 0), (0, 4)), ((2, 0, 3), (3, 4)), ((0,), (0,)),
                                    ((3, 4), (4, 0))])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.int16, numpy.bool_])
def test_matmul_zero_size(shapes, dtype):
    _check(_data(shapes[0], dtype), _data(shapes[1], dtype))


def test_matmul_operator_and_inplace():
    a, b = _data((3, 3), numpy.float64, 1), _data((3, 3), numpy.float64, 2)
    ca, cb = cp.asarray(a), cp.asarray(b)
    testing.assert_matches_numpy(ca @ cb, a @ b, rtol=TOL)
    ref = ca
    ca @= cb
    a @= b
    assert ca is ref
    testing.assert_matches_numpy(ca, a, rtol=TOL)


def test_matmul_operator_mixed_dtypes_and_lists():
    a = _data((2, 3), numpy.int8, 1)
    b = _data((3, 2), numpy.float32, 2)
    testing.assert_matches_numpy(cp.asarray(a) @ cp.asarray(b), a @ b, rtol=TOL)
    testing.assert_matches_numpy(cp.matmul(a.tolist(), cp.asarray(b)), numpy.matmul(a.tolist(), b), rtol=TOL)


def test_matmul_out_dtype_casting():
    a, b = _data((3, 4), numpy.float32, 1), _data((4, 2), numpy.float32, 2)
    out = cp.zeros((3, 2), dtype=numpy.float64)
    r = cp.matmul(cp.asarray(a), cp.asarray(b), out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.matmul(a, b, out=numpy.zeros((3, 2))), rtol=1e-5)
    testing.assert_matches_numpy(cp.matmul(cp.asarray(a), cp.asarray(b), dtype=numpy.float64),
                                 numpy.matmul(a, b, dtype=numpy.float64), rtol=1e-12)
    # out= given as a one-element tuple, and a non-contiguous out.
    out2 = cp.zeros((2, 3), dtype=numpy.float32).T
    cp.matmul(cp.asarray(a), cp.asarray(b), out=(out2,))
    testing.assert_matches_numpy(out2, numpy.matmul(a, b), rtol=1e-5)


def test_matmul_axes():
    a, b = _data((4, 3, 5), numpy.float64, 1), _data((5, 2, 4), numpy.float64, 2)
    axes = [(1, 2), (0, 1), (0, 1)]
    testing.assert_matches_numpy(cp.matmul(cp.asarray(a), cp.asarray(b[:, :, 0]), axes=axes[:2] + [(0, 1)]),
                                 numpy.matmul(a, b[:, :, 0], axes=axes[:2] + [(0, 1)]), rtol=TOL)


@pytest.mark.parametrize("call", [
    lambda xp: xp.matmul(xp.ones(3), xp.ones(2)),
    lambda xp: xp.matmul(xp.ones((2, 3)), xp.ones((2, 3))),
    lambda xp: xp.matmul(xp.ones((2, 2, 3)), xp.ones((3, 3, 4))),
    lambda xp: xp.matmul(xp.float64(1) if xp is numpy else xp.asarray(1.0), xp.ones(2)),
    lambda xp: xp.matmul(xp.ones(2), xp.asarray(1.0)),
    lambda xp: xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)), out=xp.ones((3, 3))),
    lambda xp: xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)), dtype=numpy.int64),
    lambda xp: xp.matmul(xp.ones((2, 2)), xp.ones((2, 2)), out=xp.ones((2, 2), dtype=numpy.int64)),
])
def test_matmul_errors(call):
    testing.assert_raises_like_numpy(lambda: call(numpy), lambda: call(cp))


def test_matmul_scalar_operator_raises():
    with pytest.raises(ValueError, match="does not have enough dimensions"):
        cp.ones(2) @ 2.0


def test_matmul_is_ufunc_like():
    assert repr(cp.matmul) == "<ufunc 'matmul'>"
    assert cp.matmul.signature == numpy.matmul.signature
    assert cp.matmul.nin == 2 and cp.matmul.nout == 1


@pytest.mark.parametrize("name", ["vecdot", "matvec", "vecmat"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex128, numpy.int32, numpy.bool_])
def test_vector_gufuncs(name, dtype):
    shapes = {"vecdot": ((3, 4), (4,)), "matvec": ((2, 3, 4), (4,)), "vecmat": ((4,), (2, 4, 3))}[name]
    a, b = _data(shapes[0], dtype, 1), _data(shapes[1], dtype, 2)
    testing.assert_matches_numpy(getattr(cp, name)(cp.asarray(a), cp.asarray(b)), getattr(numpy, name)(a, b),
                                 rtol=TOL)


def test_vecdot_axis():
    a, b = _data((4, 3), numpy.complex128, 1), _data((4, 3), numpy.complex128, 2)
    testing.assert_matches_numpy(cp.vecdot(cp.asarray(a), cp.asarray(b), axis=0), numpy.vecdot(a, b, axis=0), rtol=TOL)
    testing.assert_matches_numpy(cp.linalg.vecdot(cp.asarray(a), cp.asarray(b), axis=0),
                                 numpy.linalg.vecdot(a, b, axis=0), rtol=TOL)


def test_vecdot_mismatch_error():
    testing.assert_raises_like_numpy(lambda: numpy.vecdot(numpy.ones(3), numpy.ones(2)),
                                     lambda: cp.vecdot(cp.ones(3), cp.ones(2)))
    testing.assert_raises_like_numpy(lambda: numpy.matvec(numpy.ones((2, 3)), numpy.ones(2)),
                                     lambda: cp.matvec(cp.ones((2, 3)), cp.ones(2)))


def test_linalg_matmul_and_transpose():
    a = _data((2, 3, 4), numpy.float32, 1)
    b = _data((4, 5), numpy.float32, 2)
    testing.assert_matches_numpy(cp.linalg.matmul(cp.asarray(a), cp.asarray(b)), numpy.linalg.matmul(a, b), rtol=TOL)
    ca = cp.asarray(a)
    testing.assert_matches_numpy(cp.linalg.matrix_transpose(ca), numpy.linalg.matrix_transpose(a), view_of=(ca, a))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.matrix_transpose(numpy.ones(2)),
                                     lambda: cp.linalg.matrix_transpose(cp.ones(2)))


# Products above the tiny-product threshold (64^3 multiply-adds) go to cuBLAS on the GPU (Note
# [Tiny GEMMs] in src/linalg/products/gemm_plan.cpp): the layouts again at that size.
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("layout", ["C", "T_a", "T_b", "sliced", "stack", "broadcast_stack"])
def test_matmul_blas_sized_layouts(dtype, layout):
    a, b = _data((96, 80), dtype, 11), _data((80, 72), dtype, 12)
    ca, cb = cp.asarray(a), cp.asarray(b)
    if layout == "T_a":
        a = numpy.ascontiguousarray(a.T).T
        ca = cp.asarray(numpy.ascontiguousarray(a.T)).T
    elif layout == "T_b":
        b = numpy.ascontiguousarray(b.T).T
        cb = cp.asarray(numpy.ascontiguousarray(b.T)).T
    elif layout == "sliced":
        a, b = a[::2], b[:, 1::2]
        ca, cb = ca[::2], cb[:, 1::2]
    elif layout == "stack":
        a, b = _data((3, 96, 80), dtype, 13), _data((3, 80, 72), dtype, 14)
        ca, cb = cp.asarray(a), cp.asarray(b)
    elif layout == "broadcast_stack":
        b = _data((4, 80, 72), dtype, 15)
        cb = cp.asarray(b)
    tol = {numpy.float16: 5e-2, numpy.float32: 1e-4, numpy.complex64: 1e-4, "default": 1e-12}
    testing.assert_matches_numpy(cp.matmul(ca, cb), numpy.matmul(a, b), rtol=tol, atol=tol)


@pytest.mark.parametrize("order", ["C", "F", "A", "K", None, "f", "c"])
@pytest.mark.parametrize("fortran_inputs", [False, True])
@pytest.mark.parametrize("shapes", [((3, 4), (4, 5)), ((2, 3, 4), (2, 4, 5)), ((3, 4), (4,))])
def test_matmul_order(order, fortran_inputs, shapes):
    # numpy.matmul's ufunc order=: 'F' (or 'A' with Fortran-ordered inputs) gives a Fortran result.
    a, b = (numpy.arange(numpy.prod(s), dtype=numpy.float64).reshape(s) for s in shapes)
    if fortran_inputs:
        a, b = numpy.asfortranarray(a), numpy.asfortranarray(b)
    got = cp.matmul(cp.asarray(a, order="A"), cp.asarray(b, order="A"), order=order)
    want = numpy.matmul(a, b, order=order)
    numpy.testing.assert_array_equal(got.get(), want)
    assert (got.flags.c_contiguous, got.flags.f_contiguous) == (want.flags.c_contiguous, want.flags.f_contiguous)


def test_matmul_bad_order():
    testing.assert_raises_like_numpy(lambda: numpy.matmul(numpy.ones((2, 2)), numpy.ones((2, 2)), order="X"),
                                     lambda: cp.matmul(cp.ones((2, 2)), cp.ones((2, 2)), order="X"))
