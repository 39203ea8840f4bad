"""The batched copy of concatenate (issue 6) against NumPy 2 on both backends: contiguous inputs,
many inputs and views, and the fallbacks (out=, casts, stack)."""
import numpy
import pytest

import cupric as cp
from array_cases import random_values
from cupric import testing


# -- concatenate --------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.float16, numpy.float32, numpy.float64, numpy.complex128])
def test_issue6_concatenate_contiguous(dtype):
    sizes = [4096, 1001, 0, 3, 65536 + 5, 1, 17, 20000]  # odd sizes: unaligned segment starts
    hs = [random_values(n, dtype, seed=k) for k, n in enumerate(sizes)]
    testing.assert_matches_numpy(cp.concatenate([cp.array(x) for x in hs]), numpy.concatenate(hs))
    # 2-d along axis 0 and flattened (axis=None)
    h2 = [x.reshape(-1, 2) for x in hs if x.size % 2 == 0]
    testing.assert_matches_numpy(cp.concatenate([cp.array(x) for x in h2]), numpy.concatenate(h2))
    testing.assert_matches_numpy(cp.concatenate([cp.array(x) for x in h2], axis=None),
                                 numpy.concatenate(h2, axis=None))


def test_issue6_concatenate_many_and_views():
    hs = [random_values(1000 + k, numpy.float32, seed=k) for k in range(70)]  # more than one batch of 32
    testing.assert_matches_numpy(cp.concatenate([cp.array(x) for x in hs]), numpy.concatenate(hs))
    # views one element in (unaligned sources), and a strided one (per-input copy)
    base = [random_values(2001, numpy.float32, seed=k) for k in range(5)]
    hv = [b[1:] for b in base[:4]] + [base[4][::2]]
    cv = [cp.array(b)[1:] for b in base[:4]] + [cp.array(base[4])[::2]]
    testing.assert_matches_numpy(cp.concatenate(cv), numpy.concatenate(hv))


def test_issue6_concatenate_fallbacks_out_and_stack():
    a = random_values(3000, numpy.float32).reshape(30, 100)
    b = random_values(2000, numpy.float32, seed=2).reshape(20, 100)
    c = random_values(600, numpy.int64, seed=3).reshape(30, 20)
    testing.assert_matches_numpy(cp.concatenate([cp.array(a), cp.array(b)]), numpy.concatenate([a, b]))
    testing.assert_matches_numpy(cp.concatenate([cp.array(a), cp.array(c)], axis=1),
                                 numpy.concatenate([a, c], axis=1))  # cast, inner axis
    testing.assert_matches_numpy(cp.concatenate([cp.array(a), cp.array(b)], dtype=numpy.float64),
                                 numpy.concatenate([a, b], dtype=numpy.float64))
    o = cp.zeros((50, 100), dtype=cp.float32)
    r = cp.concatenate([cp.array(a), cp.array(b)], out=o)
    testing.assert_matches_numpy(o, numpy.concatenate([a, b]))
    assert r is o or r.data.ptr == o.data.ptr
    of = cp.zeros((100, 50), dtype=cp.float32).T  # a non-contiguous out
    cp.concatenate([cp.array(a), cp.array(b)], out=of)
    testing.assert_matches_numpy(of, numpy.concatenate([a, b]))
    x = [random_values(500, numpy.float64, seed=k) for k in range(4)]
    testing.assert_matches_numpy(cp.stack([cp.array(v) for v in x]), numpy.stack(x))
    testing.assert_matches_numpy(cp.vstack([cp.array(v) for v in x]), numpy.vstack(x))
    testing.assert_matches_numpy(cp.hstack([cp.array(v) for v in x]), numpy.hstack(x))
    testing.assert_matches_numpy(cp.concatenate([cp.zeros(0, cp.float32), cp.zeros(0, cp.float32)]),
                                 numpy.zeros(0, numpy.float32))
