"""examples/cupy_style/: CuPy programs run unchanged through `python -m cupric.compat` (MIGRATE-2),
each result compared with the same computation in NumPy (or, for random numbers, with the laws
the samples must follow)."""
import math
import pathlib
import subprocess
import sys

import numpy
import pytest
from numpy.testing import assert_allclose, assert_array_equal

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "cupy_style"


def run_example(name, tmp_path):
    out = tmp_path / "out.npz"
    proc = subprocess.run([sys.executable, "-m", "cupric.compat", str(EXAMPLES / f"{name}.py"), str(out)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "DeprecationWarning" not in proc.stderr, proc.stderr
    with numpy.load(out) as data:
        return {k: data[k] for k in data.files}


def expect_array_math(r):
    x = numpy.linspace(-3.0, 3.0, 48).reshape(6, 8)
    e = numpy.exp(x - x.max(axis=-1, keepdims=True))
    assert_allclose(r["softmax"], e / e.sum(axis=-1, keepdims=True), rtol=1e-12)
    assert_allclose(r["standardized"], (x - x.mean(axis=0)) / x.std(axis=0), rtol=1e-12)
    assert_allclose(r["sigmoid"], 1.0 / (1.0 + numpy.exp(-x)), rtol=1e-12)
    assert_allclose(r["poly"], 3 * x ** 2 - 2 * x + 1, rtol=1e-12)
    assert_array_equal(r["clipped"], numpy.clip(x, -1.5, 1.5))
    assert_allclose(r["where"], numpy.where(x > 0, numpy.sqrt(numpy.abs(x)), numpy.sin(x)), rtol=1e-12)
    mixed = numpy.arange(12, dtype=numpy.int32).reshape(3, 4) * 0.5 + numpy.float32(1)
    assert r["mixed"].dtype == mixed.dtype and r["softmax"].dtype == numpy.float64
    assert_array_equal(r["mixed"], mixed)
    assert_allclose(r["outer"], x[:, :1] * x[:1, :], rtol=1e-12)
    assert_allclose(r["hypot"], numpy.hypot(x, 2.0), rtol=1e-12)


def expect_reductions(r):
    rng = numpy.random.default_rng(7)
    a = rng.standard_normal((5, 7, 3)).astype(numpy.float32)
    n = a.copy()
    n[1, 2, :] = numpy.nan
    labels = rng.integers(0, 6, size=100)
    checks = {"sum_all": a.sum(), "sum_axis1": a.sum(axis=1), "mean_axes": a.mean(axis=(0, 2)),
              "var": a.var(axis=0, ddof=1), "max_keepdims": a.max(axis=-1, keepdims=True),
              "nanmean": numpy.nanmean(n, axis=1), "nansum": numpy.nansum(n), "cumsum": numpy.cumsum(a, axis=1)}
    for k, v in checks.items():
        assert r[k].dtype == v.dtype and r[k].shape == v.shape, k
        assert_allclose(r[k], v, rtol=2e-5, atol=2e-5, err_msg=k)
    assert_array_equal(r["argmax"], a.argmax(axis=2))
    assert_array_equal(r["counts"], numpy.bincount(labels, minlength=6))
    assert_array_equal(r["any_neg"], (a < -2).any(axis=0))
    assert_array_equal(r["count_nonzero"], numpy.count_nonzero(a > 0, axis=1))


def expect_indexing(r):
    a = numpy.arange(60, dtype=numpy.float64).reshape(6, 10)
    a[1:5, ::3] *= -1
    b = numpy.zeros(8)
    b[[1, 3, 5]] = [10.0, 30.0, 50.0]
    counts = numpy.zeros(5)
    numpy.add.at(counts, [0, 1, 1, 4, 4, 4], 1.0)
    c = numpy.arange(10)
    numpy.put(c, [0, 9], [-5, -6])
    expected = {"a": a, "masked": a[a % 7 == 0], "rows": a[[4, 0, 4]], "picked": a[[0, 2, 5], [9, 1, 3]], "b": b,
                "counts": counts, "sorted_rows": a[numpy.argsort(a[:, 3])], "top": numpy.take(a, [0, -1], axis=1),
                "c": c, "nonzero": numpy.nonzero(a[0] > 4)[0], "flipped": a[::-1, 2]}
    for k, v in expected.items():
        assert r[k].dtype == v.dtype, k
        assert_array_equal(r[k], v, err_msg=k)


def expect_random_sampling(r):
    # Different generators than NumPy's: compare with the distributions' laws (5-sigma bounds).
    normal, uniform, expo = r["normal"], r["uniform"], r["expo"]
    assert normal.dtype == numpy.float32 and normal.shape == (400, 250)
    assert abs(normal.mean()) < 5 / math.sqrt(normal.size) and abs(normal.std() - 1) < 0.01
    assert uniform.min() >= -2.0 and uniform.max() < 3.0 and abs(uniform.mean() - 0.5) < 5 * 5 / math.sqrt(12 * 1e5)
    assert abs(expo.mean() - 2.0) < 5 * 2.0 / math.sqrt(expo.size) and expo.min() >= 0
    ints = r["ints"]
    assert ints.dtype == numpy.int64 and ints.min() == 0 and ints.max() == 9
    freq = numpy.bincount(ints, minlength=10) / ints.size
    assert numpy.all(numpy.abs(freq - 0.1) < 5 * math.sqrt(0.09 / ints.size))
    assert r["pick"].dtype == numpy.int64 and len(set(r["pick"].tolist())) == 20 and r["pick"].max() < 1000
    assert_array_equal(numpy.sort(r["perm"]), numpy.arange(16))
    assert bool(r["repeatable"])


def expect_linalg_solve(r):
    rng = numpy.random.default_rng(3)
    A = rng.standard_normal((40, 6))
    y = rng.standard_normal(40)
    AtA = A.T @ A
    coef = numpy.linalg.solve(AtA, A.T @ y)
    assert_allclose(r["AtA"], AtA, rtol=1e-12)
    assert_allclose(r["coef"], coef, rtol=1e-10)
    assert_allclose(r["coef"], numpy.linalg.lstsq(A, y, rcond=None)[0], rtol=1e-8)
    assert_allclose(r["inv"], numpy.linalg.inv(AtA), rtol=1e-10)
    assert_allclose(r["eigvals"], numpy.linalg.eigvalsh(AtA), rtol=1e-10)
    assert_allclose(r["reconstructed"], AtA, rtol=1e-10, atol=1e-10)
    assert_allclose(r["residual_norm"], numpy.linalg.norm(A @ coef - y), rtol=1e-10)
    assert_allclose(r["fro"], numpy.linalg.norm(AtA), rtol=1e-12)
    B = A.reshape(5, 8, 6)
    assert_allclose(r["batched"], numpy.einsum("bij,bjk->bik", B, B.transpose(0, 2, 1)), rtol=1e-12)
    assert_allclose(r["trace"], numpy.trace(AtA), rtol=1e-12)
    assert_allclose(r["outer"], numpy.outer(y[:3], y[:4]), rtol=1e-12)


def expect_user_kernels(r):
    x = numpy.arange(20, dtype=numpy.float32).reshape(4, 5)
    y = numpy.arange(5, dtype=numpy.float32)
    assert r["d"].dtype == numpy.float32
    assert_array_equal(r["d"], (x - y) * (x - y))
    assert_array_equal(r["out"], (x - numpy.float32(2.5)) ** 2)
    assert_array_equal(r["r"], y + y[::-1])
    assert_allclose(r["norms"], numpy.sqrt((x * x).sum(axis=1)), rtol=1e-6)


def expect_streams_events(r):
    host = numpy.arange(1 << 16, dtype=numpy.float32)
    assert_allclose(r["c"], numpy.sqrt(host) * 2.0 + 1.0, rtol=1e-6)
    assert bool(r["elapsed_nonnegative"]) and bool(r["done"])


def expect_pinned_memory(r):
    src = numpy.arange(128 * 64).reshape(128, 64) / 7.0
    assert_allclose(r["dst"], numpy.cos(src) + src, rtol=1e-12)
    assert_array_equal(r["zeros"], numpy.zeros((3, 4), numpy.int32))
    assert r["zeros"].dtype == numpy.int32 and bool(r["pool_total_positive"])


def expect_fuse_kernels(r):
    x = numpy.linspace(-4.0, 4.0, 33)
    assert_allclose(r["sqdiff"], (x - 0.5) ** 2, rtol=1e-12)
    assert_allclose(r["sqdiff_scalar"], (x - 1.0) ** 2, rtol=1e-12)
    assert_allclose(r["scaled_sum"], numpy.sum(x.reshape(3, 11) * 2.0), rtol=1e-12, atol=1e-12)
    assert_allclose(r["gelu"], 0.5 * x * (1.0 + numpy.tanh(0.7978845608 * (x + 0.044715 * x ** 3))), rtol=1e-12)


def expect_monte_carlo_pi(r):
    xs, ys = r["xs"], r["ys"]
    assert xs.min() >= 0 and xs.max() < 1
    expected = 4.0 * numpy.count_nonzero(xs * xs + ys * ys <= 1.0) / xs.size
    assert float(r["pi_gpu"]) == float(r["pi_host"]) == expected
    assert abs(expected - math.pi) < 5 * 4 * math.sqrt(math.pi / 4 * (1 - math.pi / 4) / xs.size)
    assert bool(r["module_is_cupy"])


def expect_memory_pool(r):
    # V4-POOL: 100 float32 occupy one 512-byte block; freed on del, returned by free_all_blocks.
    assert int(r["used_with_a"]) == 512 and int(r["used_after_del"]) == 0
    assert bool(r["held_positive"]) and int(r["freed_total"]) == 0


def expect_scipy_linalg(r):
    import scipy.linalg
    m, spd, b = r["m"], r["spd"], r["b"]
    assert_allclose(spd, m @ m.T + 8 * numpy.eye(8), rtol=1e-12)
    assert_allclose(r["x_lu"], numpy.linalg.solve(m, b), rtol=1e-9, atol=1e-12)
    assert_allclose(r["x_cho"], numpy.linalg.solve(spd, b), rtol=1e-9, atol=1e-12)
    lower = numpy.tril(m) + 4 * numpy.eye(8)
    assert_allclose(r["x_tri"], scipy.linalg.solve_triangular(lower, b, lower=True), rtol=1e-10, atol=1e-12)
    assert_allclose(r["expm"], scipy.linalg.expm(0.1 * m), rtol=1e-10, atol=1e-12)
    assert_array_equal(r["toeplitz"], scipy.linalg.toeplitz(numpy.arange(4.0), [0.0, -1.0, -2.0]))
    assert_array_equal(r["block_diag"], scipy.linalg.block_diag(numpy.ones((2, 2)), 3 * numpy.eye(1)))


def expect_lowlevel_solvers(r):
    assert_allclose(r["x_gesv"], numpy.linalg.solve(r["a"], r["b0"]), rtol=1e-10, atol=1e-12)
    assert_allclose(r["x_posv"], numpy.linalg.solve(r["spd"], r["b_posv"]), rtol=1e-10, atol=1e-12)
    assert_allclose(r["x_gels"], numpy.linalg.lstsq(r["tall"], r["y"], rcond=None)[0], rtol=1e-10, atol=1e-12)
    assert_allclose(r["svd_rebuilt"], r["tall"], rtol=1e-10, atol=1e-12)
    assert_allclose(r["s"], numpy.linalg.svd(r["tall"], compute_uv=False), rtol=1e-12)
    assert_allclose(r["w"], numpy.linalg.eigvalsh(r["spd"]), rtol=1e-10)
    assert float(r["eig_residual"]) < 1e-9
    assert_allclose(r["spmv"], 2.0 * r["dense"] @ numpy.arange(5.0), rtol=1e-12)
    assert_allclose(r["spmm"], r["dense"] @ numpy.ones((5, 3)), rtol=1e-12)


def expect_testing_decorators(r):
    assert r["ran"].tolist() == ["normalize[float32]", "normalize[float64]", "argsort", "bad_reshape"]


CHECKS = {name[len("expect_"):]: f for name, f in globals().items() if name.startswith("expect_")}


def test_every_example_has_a_check():
    assert sorted(p.stem for p in EXAMPLES.glob("*.py")) == sorted(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_migrate2_cupy_style_example(name, tmp_path):
    """MIGRATE-2: the CuPy program runs unchanged through the alias and matches NumPy."""
    CHECKS[name](run_example(name, tmp_path))


def test_migrate1_examples_use_no_removed_or_deprecated_api():
    """MIGRATE-1: the checker finds nothing to change in the CuPy 14 programs (no false reports)."""
    from cupric.migrate import scan_source
    for path in sorted(EXAMPLES.glob("*.py")):
        assert scan_source(path.read_text(), str(path)) == [], path.name
