"""einsum and einsum_path against NumPy: explicit/implicit subscripts, ellipsis, repeated labels,
the interleaved form, optimize= modes and explicit paths (Note [Einsum] in
src/linalg/products/einsum.cpp)."""
import numpy
import pytest

import cupric as cp
from cupric import testing
from linalg_cases import TOL, data as _data


CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
    ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]),
    ("ij->ji", [(3, 4)]),
    ("ij->", [(3, 4)]),
    ("i,i", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ij,ij->ij", [(3, 4), (3, 4)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (4, 5)]),
    ("i...->...", [(3, 2, 2)]),
    ("ijk,kj->i", [(2, 3, 4), (4, 3)]),
    ("bik,bkj,bjl->bil", [(2, 3, 4), (2, 4, 5), (2, 5, 2)]),
    ("ij,j->i", [(3, 4), (4,)]),
    ("iij,jk->ik", [(3, 3, 4), (4, 2)]),
    ("ab,cd,bc->ad", [(2, 3), (4, 5), (3, 4)]),
    (",ij->ij", [(), (2, 3)]),
    ("ij,kj->ik", [(0, 3), (4, 3)]),
]


@pytest.mark.parametrize("subscripts,shapes", CASES)
@pytest.mark.parametrize("optimize", [False, True, "greedy", "optimal"])
def test_einsum(subscripts, shapes, optimize):
    ops = [_data(s, seed=i) for i, s in enumerate(shapes)]
    testing.assert_matches_numpy(cp.einsum(subscripts, *[cp.asarray(o) for o in ops], optimize=optimize),
                                 numpy.einsum(subscripts, *ops, optimize=optimize), rtol=TOL, atol=TOL)


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.int64, numpy.float32, numpy.complex128])
@pytest.mark.parametrize("subscripts,shapes", [("ij,jk->ik", [(3, 4), (4, 5)]), ("ij->i", [(3, 4)]),
                                               ("i,i->", [(4,), (4,)])])
def test_einsum_dtypes(dtype, subscripts, shapes):
    ops = [_data(s, dtype, seed=i) for i, s in enumerate(shapes)]
    testing.assert_matches_numpy(cp.einsum(subscripts, *[cp.asarray(o) for o in ops]),
                                 numpy.einsum(subscripts, *ops), rtol=TOL, atol=TOL)


def test_einsum_broadcast_size_one():
    a, b = _data((3, 1)), _data((1, 4))
    testing.assert_matches_numpy(cp.einsum("ij,ij->ij", cp.asarray(a), cp.asarray(b)),
                                 numpy.einsum("ij,ij->ij", a, b), rtol=TOL)


def test_einsum_interleaved_form():
    a, b = _data((3, 4)), _data((4, 5), seed=1)
    testing.assert_matches_numpy(cp.einsum(cp.asarray(a), [0, 1], cp.asarray(b), [1, 2], [0, 2]),
                                 numpy.einsum(a, [0, 1], b, [1, 2], [0, 2]), rtol=TOL)
    testing.assert_matches_numpy(cp.einsum(cp.asarray(a), [Ellipsis, 1], cp.asarray(b), [1, 2]),
                                 numpy.einsum(a, [Ellipsis, 1], b, [1, 2]), rtol=TOL)


def test_einsum_out_dtype_and_view():
    a = _data((3, 3))
    ca = cp.asarray(a)
    testing.assert_matches_numpy(cp.einsum("ii->i", ca), numpy.einsum("ii->i", a), view_of=(ca, a))
    out = cp.empty((3,), dtype=numpy.float64)
    assert cp.einsum("ij->i", ca, out=out) is out
    testing.assert_matches_numpy(out, numpy.einsum("ij->i", a), rtol=TOL)
    i = _data((3, 3), numpy.int32)
    testing.assert_matches_numpy(cp.einsum("ij->i", cp.asarray(i), dtype=numpy.float64),
                                 numpy.einsum("ij->i", i, dtype=numpy.float64))


def test_einsum_path_and_explicit_path():
    a, b, c = _data((2, 3)), _data((3, 4), seed=1), _data((4, 5), seed=2)
    path, report = cp.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")
    want, _ = numpy.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")
    assert path == want
    assert "Complete contraction:  ij,jk,kl->il" in report
    got = cp.einsum("ij,jk,kl->il", *[cp.asarray(x) for x in (a, b, c)], optimize=path)
    testing.assert_matches_numpy(got, numpy.einsum("ij,jk,kl->il", a, b, c), rtol=TOL)
    opt, _ = cp.einsum_path("ij,jk,kl->il", a, b, c, optimize="optimal")
    assert opt[0] == "einsum_path" and len(opt) == 3


@pytest.mark.parametrize("call", [
    lambda xp: xp.einsum("ij,jk->ik", xp.ones((2, 3)), xp.ones((4, 5))),
    lambda xp: xp.einsum("ij,jk->ik", xp.ones((2, 3))),
    lambda xp: xp.einsum("ij->ik", xp.ones((2, 3))),
    lambda xp: xp.einsum("ij", xp.ones(3)),
    lambda xp: xp.einsum("i%->i", xp.ones(3)),
    lambda xp: xp.einsum("ij->i", xp.ones((2, 2)), dtype=numpy.int32),
])
def test_einsum_errors(call):
    testing.assert_raises_like_numpy(lambda: call(numpy), lambda: call(cp), match_message=False)
