"""The tiny path of solve / inv / det / slogdet / cholesky (n <= 32; Note [Tiny solvers] in
src/linalg/solvers/tiny_solvers.cpp) against NumPy 2: every order 1..32, the four LAPACK dtypes,
stacks that fill warps partly, layouts the kernel reads in place (transposed, sliced, negative
and zero strides) or copies (batches no single stride describes), pivoting, singular matrices
with errors raised or ignored, NaN inputs, and graph capture on the GPU."""
import numpy
import pytest

import cupric as cp
import cupricx
from cupric import testing
from solver_cases import DTYPES, close, hermitian_pd, matrix, tol


def _det_tol(dtype, n=8):
    return dict(rtol=max(1e-3, 1e-4 * n), atol=0) if tol(dtype)['rtol'] > 1e-6 else dict(rtol=1e-9, atol=0)


def _check_all(hn, hc, dtype, rhs=None):
    close(cp.linalg.inv(hc), numpy.linalg.inv(hn), dtype)
    close(cp.linalg.det(hc), numpy.linalg.det(hn), dtype, **_det_tol(dtype, hn.shape[-1]))
    s, ld = cp.linalg.slogdet(hc)
    sn, ln = numpy.linalg.slogdet(hn)
    close(s, sn, dtype)
    close(ld, ln, dtype)
    if rhs is not None:
        close(cp.linalg.solve(hc, cp.asarray(rhs)), numpy.linalg.solve(hn, rhs), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", range(1, 33))
def test_every_order(dtype, n):
    a = matrix((n, n), dtype, seed=n)
    _check_all(a, cp.asarray(a), dtype, matrix((n,), dtype, seed=n + 100))
    b = matrix((n, 3), dtype, seed=n + 200)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), numpy.linalg.solve(a, b), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3, 3), (2, 3, 4, 4), (37, 7, 7), (1000, 4, 4), (3, 32, 32), (17, 2, 2),
                                   (65, 9, 9), (1, 1, 1, 1)])
def test_stacks(dtype, shape):
    a = matrix(shape, dtype)
    _check_all(a, cp.asarray(a), dtype, matrix(shape[:-1] + (2,), dtype, seed=3))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64])
def test_layouts_read_in_place_or_copied(dtype):
    a = matrix((4, 6, 6), dtype)
    b = matrix((4, 6, 5), dtype, seed=1)
    cases = [
        (a, cp.asarray(a)),
        (numpy.swapaxes(a, -1, -2), cp.swapaxes(cp.asarray(a), -1, -2)),          # transposed
        (a[::-1], cp.asarray(a)[::-1]),                                          # negative batch stride
        (a[:, ::-1, :], cp.asarray(a)[:, ::-1, :]),                              # negative row stride
        (numpy.asfortranarray(a), cp.asfortranarray(cp.asarray(a))),
    ]
    big = numpy.zeros((4, 12, 12), dtype)
    big[:, ::2, 1::2] = a
    cases.append((big[:, ::2, 1::2], cp.asarray(big)[:, ::2, 1::2]))             # sliced
    four = matrix((3, 4, 6, 6), dtype, seed=5)
    cases.append((four[:, ::2], cp.asarray(four)[:, ::2]))                       # batch of two strides: copied
    cases.append((numpy.swapaxes(four, 0, 1), cp.swapaxes(cp.asarray(four), 0, 1)))
    for hn, hc in cases:
        _check_all(hn, hc, dtype, b[0, :, :2])
    # broadcast: one matrix against a stack of right-hand sides, and the other way round
    close(cp.linalg.solve(cp.asarray(a[0]), cp.asarray(b)), numpy.linalg.solve(a[0], b), dtype)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b[0])), numpy.linalg.solve(a, b[0]), dtype)
    ab = numpy.broadcast_to(a[0], (2, 3, 6, 6))
    close(cp.linalg.inv(cp.broadcast_to(cp.asarray(a[0]), (2, 3, 6, 6))), numpy.linalg.inv(ab), dtype)
    close(cp.linalg.solve(cp.asarray(a)[:, None], cp.asarray(b)[None, :, :, ::2]),
          numpy.linalg.solve(a[:, None], b[None, :, :, ::2]), dtype)


def test_dtypes_follow_numpy():
    a = numpy.array([[3, 1], [1, 2]], numpy.int32)
    close(cp.linalg.inv(cp.asarray(a)), numpy.linalg.inv(a), numpy.float64)
    close(cp.linalg.det(cp.asarray(a)), numpy.linalg.det(a), numpy.float64)
    b32 = numpy.array([1.0, 2.0], numpy.float32)
    close(cp.linalg.solve(cp.asarray(a.astype(numpy.float32)), cp.asarray(b32)),
          numpy.linalg.solve(a.astype(numpy.float32), b32), numpy.float32)
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b32)), numpy.linalg.solve(a, b32), numpy.float64)
    close(cp.linalg.solve(cp.asarray(a.astype(numpy.complex64)), cp.asarray(b32)),
          numpy.linalg.solve(a.astype(numpy.complex64), b32), numpy.complex64)
    testing.assert_raises_like_numpy(lambda: numpy.linalg.inv(a.astype(numpy.float16)),
                                     lambda: cp.linalg.inv(cp.asarray(a.astype(numpy.float16))))


@pytest.mark.parametrize("dtype", DTYPES)
def test_pivoting(dtype):
    # Zeros on the diagonal, and permutation matrices: det is exactly +-1 as in NumPy.
    rng = numpy.random.default_rng(7)
    for n in (2, 3, 5, 8, 16, 32):
        p = numpy.eye(n, dtype=dtype)[rng.permutation(n)]
        _check_all(p, cp.asarray(p), dtype, matrix((n,), dtype))
        assert cp.linalg.det(cp.asarray(p)).get() == numpy.linalg.det(p)
        a = matrix((n, n), dtype, well=False)
        numpy.fill_diagonal(a, 0)
        _check_all(a, cp.asarray(a), dtype, matrix((n,), dtype, seed=2))


@pytest.mark.parametrize("dtype", DTYPES)
def test_singular_raises_and_ignore_gives_nan(dtype):
    sing = numpy.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]], dtype)
    ok = matrix((3, 3), dtype)
    stack = numpy.stack([ok, sing, ok, numpy.zeros((3, 3), dtype)])
    rhs = matrix((4, 3, 2), dtype, seed=1)
    for a in (sing, stack, numpy.zeros((1, 1), dtype)):
        testing.assert_raises_like_numpy(lambda: numpy.linalg.inv(a), lambda: cp.linalg.inv(cp.asarray(a)))
        r = rhs[0, :a.shape[-1], :1]
        testing.assert_raises_like_numpy(lambda: numpy.linalg.solve(a, r),
                                         lambda: cp.linalg.solve(cp.asarray(a), cp.asarray(r)))
    # det and slogdet never raise: 0 and (0, -inf) as NumPy
    close(cp.linalg.det(cp.asarray(stack)), numpy.linalg.det(stack), dtype, **_det_tol(dtype))
    s, ld = cp.linalg.slogdet(cp.asarray(stack))
    sn, ln = numpy.linalg.slogdet(stack)
    numpy.testing.assert_array_equal(s.get(), sn)
    assert ld.get()[1] == ln[1] == -numpy.inf and ld.get()[3] == -numpy.inf
    with cupricx.errstate(linalg='ignore'):
        inv = cp.linalg.inv(cp.asarray(stack)).get()
        x = cp.linalg.solve(cp.asarray(stack), cp.asarray(rhs)).get()
    for got in (inv, x):
        assert numpy.isnan(got[1]).all() and numpy.isnan(got[3]).all()
    numpy.testing.assert_allclose(inv[0], numpy.linalg.inv(ok), **tol(dtype))
    numpy.testing.assert_allclose(x[2], numpy.linalg.solve(ok, rhs[2]), **tol(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [4, 5, 8, 9, 16, 17, 31, 32])
def test_solve_buckets_many_rhs_and_singular_members(dtype, n):
    # The solve runs unrolled over a bucket W >= n (4, 8, 16, 32) with x = P b read through the
    # row permutation (Note [Tiny solver layout] in src/linalg/solvers/cuda/tiny_lu.cu): orders at
    # each bucket's edges, rows that need pivoting, more right-hand sides than lanes in a group,
    # and a stack that spans several blocks with singular members in it.
    rng = numpy.random.default_rng(n)
    a = matrix((23, n, n), dtype, seed=n, well=False)
    a[::3] = a[::3][:, rng.permutation(n)]  # permuted rows: pivots everywhere
    rhs = matrix((23, n, 37), dtype, seed=n + 1)
    _check_all(a, cp.asarray(a), dtype, rhs)
    sing = a.copy()
    sing[5, :, n // 2] = 0  # a zero column: singular whatever the pivots
    sing[17] = 0
    testing.assert_raises_like_numpy(lambda: numpy.linalg.inv(sing), lambda: cp.linalg.inv(cp.asarray(sing)))
    testing.assert_raises_like_numpy(lambda: numpy.linalg.solve(sing, rhs),
                                     lambda: cp.linalg.solve(cp.asarray(sing), cp.asarray(rhs)))
    with cupricx.errstate(linalg='ignore'):
        inv = cp.linalg.inv(cp.asarray(sing)).get()
        x = cp.linalg.solve(cp.asarray(sing), cp.asarray(rhs)).get()
    ok = numpy.ones(23, bool)
    ok[[5, 17]] = False
    for got in (inv, x):
        assert numpy.isnan(got[~ok]).all()
    rt = dict(tol(dtype), rtol=tol(dtype)['rtol'] * n)  # not diagonally dominant: allow for the condition
    numpy.testing.assert_allclose(inv[ok], numpy.linalg.inv(sing[ok]), **rt)
    numpy.testing.assert_allclose(x[ok], numpy.linalg.solve(sing[ok], rhs[ok]), **rt)


def test_nan_input_propagates_without_error():
    a = numpy.full((3, 3), numpy.nan)
    numpy.testing.assert_array_equal(cp.linalg.inv(cp.asarray(a)).get(), numpy.linalg.inv(a))
    numpy.testing.assert_array_equal(cp.linalg.solve(cp.asarray(a), cp.ones(3)).get(),
                                      numpy.linalg.solve(a, numpy.ones(3)))
    with numpy.errstate(invalid='ignore'):
        s, ld = numpy.linalg.slogdet(a)
    got = cp.linalg.slogdet(cp.asarray(a))
    assert got.sign.get() == s and numpy.isnan(got.logabsdet.get()) and numpy.isnan(ld)


def test_empty_and_zero_rhs():
    for shape in ((0, 3, 3), (2, 0, 4, 4)):
        e = numpy.zeros(shape)
        close(cp.linalg.inv(cp.asarray(e)), numpy.linalg.inv(e), numpy.float64)
        close(cp.linalg.det(cp.asarray(e)), numpy.linalg.det(e), numpy.float64)
    a = matrix((2, 3, 3), numpy.float64)
    b = numpy.zeros((2, 3, 0))
    close(cp.linalg.solve(cp.asarray(a), cp.asarray(b)), numpy.linalg.solve(a, b), numpy.float64)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (5, 5), (16, 16), (31, 31), (32, 32), (33, 33), (40, 3, 3),
                                   (2, 3, 8, 8), (0, 4, 4)])
def test_cholesky(dtype, shape):
    h = hermitian_pd(shape, dtype)
    # Garbage in the triangle NumPy does not read: each factor must ignore the other one.
    for upper in (False, True):
        noisy = h.copy()
        if shape[-1] > 1:
            mask = numpy.triu(numpy.ones(shape[-2:], bool), 1)
            noisy[..., mask.T if upper else mask] = 99
        for hn, hc in ((noisy, cp.asarray(noisy)), (noisy, cp.asfortranarray(cp.asarray(noisy)))):
            want = numpy.linalg.cholesky(hn, upper=upper)
            got = cp.linalg.cholesky(hc, upper=upper)
            close(got, want, dtype, **(tol(dtype) if tol(dtype)['rtol'] < 1e-6 else dict(rtol=1e-3, atol=1e-3)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_cholesky_not_positive_definite(dtype):
    good = hermitian_pd((3, 3), dtype)
    bad = -numpy.eye(3, dtype=dtype)
    stack = numpy.stack([good, bad, good])
    for a in (bad, stack, numpy.zeros((2, 2), dtype)):
        testing.assert_raises_like_numpy(lambda: numpy.linalg.cholesky(a), lambda: cp.linalg.cholesky(cp.asarray(a)))
    # a NaN pivot propagates without an error, as in NumPy
    nan = numpy.eye(3, dtype=dtype)
    nan[1, 1] = numpy.nan
    numpy.testing.assert_array_equal(cp.linalg.cholesky(cp.asarray(nan)).get(), numpy.linalg.cholesky(nan))
    with cupricx.errstate(linalg='ignore'):
        r = cp.linalg.cholesky(cp.asarray(stack)).get()
    assert numpy.isnan(r[1]).all()
    numpy.testing.assert_allclose(r[0], numpy.linalg.cholesky(good), **tol(dtype))
    numpy.testing.assert_allclose(r[2], numpy.linalg.cholesky(good), **tol(dtype))


_CAPTURE = r"""
import numpy, cupric, cupricx, cupric.cuda as cuda
a = numpy.array([[4.0, 1.0], [1.0, 3.0]]); b = numpy.array([1.0, 2.0])
ca, cb = cupric.asarray(a), cupric.asarray(b)
cupric.linalg.solve(ca, cb)  # the first call outside the capture (kernel module, pinned flag)
s = cuda.Stream(non_blocking=True)
cuda.Device().synchronize()
with s, cupricx.errstate(linalg='raise'):  # CuPy's default is 'ignore', which checks nothing
    s.begin_capture()
    try:
        cupric.linalg.solve(ca, cb)
    except RuntimeError as e:
        assert "errstate(linalg='ignore')" in str(e), e
    else:
        raise AssertionError("a checked solve inside a capture must raise")
    g0 = s.end_capture()
with s:
    s.begin_capture()
    with cupricx.errstate(linalg='ignore'):
        x = cupric.linalg.solve(ca, cb)
        d = cupric.linalg.det(ca)
    g = s.end_capture()
g.launch(stream=s)
s.synchronize()
numpy.testing.assert_allclose(x.get(), numpy.linalg.solve(a, b), rtol=1e-12)
numpy.testing.assert_allclose(d.get(), numpy.linalg.det(a), rtol=1e-12)
print("OK")
"""


@pytest.mark.gpu
def test_gpu_tiny_solvers_inside_a_graph_capture():
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-c", _CAPTURE], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "OK" in r.stdout, r.stdout + r.stderr
