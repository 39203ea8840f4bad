"""choice, permutation, shuffle, permuted (Generator and RandomState), V14-CHOICE."""
import numpy
import pytest

import cupric
import cupric.random as cr
from processes import on_each_backend
from random_laws import GENERATORS, assert_counts


def test_choice_without_replacement_from_a_huge_range_is_int64_and_distinct():
    r = cr.default_rng(0).choice(10 ** 9, 1000, replace=False)
    assert r.dtype == numpy.int64 and r.shape == (1000,)
    h = r.get()
    assert len(numpy.unique(h)) == 1000 and h.min() >= 0 and h.max() < 10 ** 9
    numpy.testing.assert_array_equal(h, cr.default_rng(0).choice(10 ** 9, 1000, replace=False).get())


@pytest.mark.parametrize("n,k", [(10, 10), (10, 9), (10, 8), (10, 3), (100, 7), (5, 0), (1, 1), (2, 0)])
def test_choice_without_replacement_is_a_sample(n, k):
    h = cr.default_rng(1).choice(n, k, replace=False).get()
    assert len(set(h.tolist())) == k and all(0 <= x < n for x in h)


def test_choice_without_replacement_is_uniform():
    counts = numpy.zeros(20)
    g = cr.default_rng(2)
    for _ in range(2000):
        counts[g.choice(20, 1, replace=False).get()] += 1
    assert_counts(counts)
    first = numpy.zeros(1000)
    for _ in range(3000):
        first[g.choice(1000, 3, replace=False).get()] += 1
    assert first.sum() == 9000


@pytest.mark.parametrize("kind", sorted(GENERATORS))
@pytest.mark.parametrize("n", [5, 16])
def test_choice_without_replacement_gives_every_ordered_pair_equally_often(kind, n):
    # Note [Choice by a keyed bijection]: each call's key picks a permutation of range(n); over
    # calls, the first two picks are each of the n (n - 1) ordered pairs equally often (n = 5: an
    # unbalanced Feistel network of 3 bits; n = 16: balanced halves of 2 bits, no cycle walking)
    g = GENERATORS[kind](11)
    counts = numpy.zeros((n, n))
    for _ in range(50 * n * (n - 1)):
        a, b = g.choice(n, 2, replace=False).get()
        counts[a, b] += 1
    assert numpy.trace(counts) == 0
    assert_counts(counts[~numpy.eye(n, dtype=bool)])


@pytest.mark.parametrize("n,k", [(1 << 16, 1 << 15), (100_003, 60_000), (10 ** 12, 40_000), ((1 << 63) - 1, 40_000)])
def test_choice_without_replacement_shows_no_pattern(n, k):
    # One call's picks: distinct, in range, and their values (top and bottom bits) uniform and
    # independent of their positions and of the pick before them: 16 x 16 tables of counts
    h = cr.default_rng(12).choice(n, k, replace=False).get()
    assert h.dtype == numpy.int64 and h.shape == (k,)
    assert len(numpy.unique(h)) == k and h.min() >= 0 and h.max() < n
    top = (h // -(-n // 16)).astype(numpy.int64)
    low = h % 16
    pos = numpy.arange(k) * 16 // k
    for values in (top, low):
        assert_counts(numpy.bincount(values, minlength=16))
        assert_counts(numpy.bincount(pos * 16 + values, minlength=256))
        assert_counts(numpy.bincount(values[:-1] * 16 + values[1:], minlength=256))


def test_choice_without_replacement_of_all_but_one_is_a_uniform_order():
    # k >= n - 1 takes the first k values of permutation(n): every order of 3 values, even and odd
    counts = numpy.zeros(6)
    orders = {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}
    index = {o: i for i, o in enumerate(sorted(orders))}
    g = cr.default_rng(13)
    for _ in range(3000):
        counts[index[tuple(g.choice(3, 2, replace=False).get().tolist())]] += 1
    assert_counts(counts)


_CHOICE_SCRIPT = """
import sys, numpy, cupric.random as cr
out = {}
for kind, bg in (("philox", cr.Philox4x3210), ("xorwow", cr.XORWOW), ("mrg", cr.MRG32k3a)):
    for n, k in ((10 ** 9, 1000), (1 << 20, 1 << 19), (100_003, 99_000), (17, 15), ((1 << 63) - 1, 5000)):
        out[f"{kind}_{n}_{k}"] = cr.Generator(bg(21)).choice(n, k, replace=False).get()
out["rs"] = cr.RandomState(21).choice(1 << 20, (512, 3), replace=False).get()
numpy.savez(sys.argv[1], **out)
"""


@pytest.mark.gpu
def test_host_and_gpu_give_the_same_choice(tmp_path):
    # Note [Choice by a keyed bijection]: integer arithmetic from the same keys on both backends
    host, gpu = on_each_backend(_CHOICE_SCRIPT, tmp_path, suffix=".npz")
    for key in host.files:
        numpy.testing.assert_array_equal(host[key], gpu[key], err_msg=key)


def test_choice_with_p():
    p = [0.1, 0.0, 0.6, 0.3]
    r = cr.default_rng(3).choice(4, 100000, p=p).get()
    freq = numpy.bincount(r, minlength=4) / 100000
    numpy.testing.assert_allclose(freq, p, atol=0.01)
    assert freq[1] == 0


def test_choice_p_without_replacement_raises_not_implemented():
    with pytest.raises(NotImplementedError):
        cr.default_rng().choice(4, 2, replace=False, p=[0.25] * 4)
    with pytest.raises(NotImplementedError):
        cr.RandomState(0).choice(4, 2, replace=False, p=[0.25] * 4)


@pytest.mark.parametrize("args,kw", [((5, 6), {"replace": False}), ((3,), {"p": [0.5, 0.6, -0.1]}),
                                     ((3,), {"p": [0.5, 0.6]}), ((3,), {"p": [0.2, 0.2, 0.2]}), ((-1,), {})])
def test_choice_errors_as_numpy(args, kw):
    with pytest.raises(ValueError) as e_np:
        numpy.random.default_rng().choice(*args, **kw)
    with pytest.raises(ValueError) as e_cp:
        cr.default_rng().choice(*args, **kw)
    assert str(e_cp.value) == str(e_np.value)


def test_choice_from_an_array():
    a = cupric.asarray([10, 20, 30])
    r = cr.default_rng(4).choice(a, (5, 2))
    assert r.shape == (5, 2) and set(r.get().ravel().tolist()) <= {10, 20, 30}


def test_permutation_and_shuffle():
    g = cr.default_rng(5)
    p = g.permutation(1000).get()
    assert p.dtype == numpy.int64
    numpy.testing.assert_array_equal(numpy.sort(p), numpy.arange(1000))
    a = cupric.arange(12).reshape(4, 3)
    q = g.permutation(a).get()
    assert sorted(map(tuple, q)) == sorted(map(tuple, a.get()))
    b = cupric.arange(10)
    g.shuffle(b)
    numpy.testing.assert_array_equal(numpy.sort(b.get()), numpy.arange(10))
    c = cupric.arange(12).reshape(3, 4)
    g.shuffle(c, axis=1)
    numpy.testing.assert_array_equal(numpy.sort(c.get(), axis=1), numpy.arange(12).reshape(3, 4))


def test_permuted_shuffles_each_slice():
    x = cupric.arange(24).reshape(3, 8)
    y = cr.default_rng(6).permuted(x, axis=1).get()
    numpy.testing.assert_array_equal(numpy.sort(y, axis=1), x.get())
    out = cupric.empty_like(x)
    assert cr.default_rng(6).permuted(x, axis=1, out=out) is out
    numpy.testing.assert_array_equal(out.get(), y)
    z = cr.default_rng(6).permuted(x).get()
    numpy.testing.assert_array_equal(numpy.sort(z.ravel()), numpy.arange(24))


def test_permutation_is_uniform():
    counts = numpy.zeros((4, 4))
    g = cr.default_rng(7)
    for _ in range(4000):
        p = g.permutation(4).get()
        counts[numpy.arange(4), p] += 1
    assert_counts(counts)


def test_permutation_of_a_big_range_is_a_permutation():
    # 2^21 elements: about 256 tied pairs of 32-bit sort keys (Note [Permutation by 32-bit keys]).
    n = 1 << 21
    p = cr.default_rng(8).permutation(n).get()
    assert p.dtype == numpy.int64
    numpy.testing.assert_array_equal(numpy.sort(p), numpy.arange(n))
    assert not numpy.array_equal(p, cr.default_rng(9).permutation(n).get())
