"""dask.array with cupric chunks: from_array, reductions, map_blocks, blockwise, rechunk, linear
algebra, random, the "cupric" backend and the registrations (cupric/_dask.py), each compared with
the same computation in NumPy."""
import numpy
import pytest

da = pytest.importorskip("dask.array", reason="dask is not installed (pip install 'cupric[test]' brings it)")
dask = pytest.importorskip("dask")

import cupric as cp  # noqa: E402
from cupric import testing  # noqa: E402
from processes import run_python  # noqa: E402

DTYPES = ["float64", "float32", "int64"]


def _case(shape=(6, 8), dtype="float64", layout="c", chunks=(4, 3)):
    """A NumPy array, the same data as cupric and as a Dask array of cupric chunks."""
    rs = numpy.random.RandomState(7)
    h = (rs.standard_normal(shape) * 10).astype(dtype)
    if layout == "t":
        h = numpy.ascontiguousarray(h.T).T  # Fortran-ordered data, the same shape
    c = cp.asarray(h)
    if layout == "s":  # a strided view of a larger array
        big = numpy.repeat(h, 2, axis=1)
        h, c = big[:, ::2], cp.asarray(big)[:, ::2]
    return h, c, da.from_array(c, chunks=chunks, asarray=False)


def _check(dask_array, expected, rtol=1e-10):
    assert isinstance(dask_array._meta, cp.ndarray), type(dask_array._meta)
    r = dask_array.compute()
    assert isinstance(r, cp.ndarray), type(r)
    testing.assert_allclose(r, expected, rtol=rtol, atol=rtol)
    return r


@pytest.mark.parametrize("layout", ["c", "t", "s"])
@pytest.mark.parametrize("dtype", DTYPES + ["bool", "complex128"])
def test_from_array_keeps_cupric_chunks(dtype, layout):
    h, c, d = _case(dtype=dtype, layout=layout)
    assert d.chunks == ((4, 2), (3, 3, 2))
    assert "chunktype=cupric.ndarray" in repr(d)
    assert d.dtype == h.dtype
    r = _check(d, h)
    assert r.dtype == h.dtype
    for block in d.blocks.ravel():
        assert isinstance(block.compute(), cp.ndarray)


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("name", ["sum", "prod", "mean", "std", "var", "max", "min", "any", "all"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_reductions(name, axis, dtype):
    h, c, d = _case(dtype=dtype)
    if name == "prod":  # values near 1 (floats) or small (ints): the products stay in range
        h = (h % 3).astype(dtype) if dtype == "int64" else (h / 10).astype(dtype)
        d = da.from_array(cp.asarray(h), chunks=(4, 3), asarray=False)
    expected = getattr(h, name)(axis=axis)
    r = _check(getattr(d, name)(axis=axis), expected, rtol=1e-5 if dtype == "float32" else 1e-10)
    assert r.dtype == expected.dtype
    keep = getattr(d, name)(axis=axis, keepdims=True)
    _check(keep, getattr(h, name)(axis=axis, keepdims=True), rtol=1e-5 if dtype == "float32" else 1e-10)


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("name", ["argmax", "argmin", "nanargmax", "nanargmin"])
def test_arg_reductions(name, axis):
    h, c, d = _case()
    fn = getattr(da, name)
    r = fn(d, axis=axis).compute()
    assert isinstance(r, cp.ndarray)
    testing.assert_array_equal(r, getattr(numpy, name)(h, axis=axis))


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("name", ["nansum", "nanmean", "nanstd", "nanvar", "nanmax", "nanmin", "nanprod"])
def test_nan_reductions(name, axis):
    h, _, _ = _case()
    h = h / 10
    h[1, 2] = h[4, 7] = numpy.nan
    d = da.from_array(cp.asarray(h), chunks=(4, 3), asarray=False)
    _check(getattr(da, name)(d, axis=axis), getattr(numpy, name)(h, axis=axis))


def test_std_ddof_and_moment():
    h, c, d = _case()
    _check(d.std(axis=0, ddof=1), h.std(axis=0, ddof=1))
    _check(d.var(ddof=2), h.var(ddof=2))
    centred = h - h.mean(axis=0)
    _check(d.moment(3, axis=0), (centred ** 3).mean(axis=0), rtol=1e-8)


def test_cumulative_and_percentile():
    h, c, d = _case()
    _check(da.cumsum(d, axis=0), numpy.cumsum(h, axis=0))
    _check(da.cumprod(d / 10, axis=1), numpy.cumprod(h / 10, axis=1))
    # Dask merges per-chunk percentiles approximately: the reference is the same graph on NumPy chunks
    flat = d.ravel()
    ref = da.percentile(da.from_array(h, chunks=(4, 3)).ravel(), [5, 50, 95]).compute()
    _check(da.percentile(flat, [5, 50, 95]), ref)


def test_map_blocks():
    h, c, d = _case()
    _check(d.map_blocks(cp.exp, dtype=d.dtype) - 1, numpy.exp(h) - 1, rtol=1e-9)
    _check(d.map_blocks(numpy.sin), numpy.sin(h))  # NumPy's ufunc runs cupric's (NEP 13)
    summed = d.map_blocks(lambda b: b.sum(axis=1), drop_axis=1, dtype=d.dtype)
    assert summed.shape == (6,)
    expected = numpy.concatenate([h[:, :3].sum(1) + h[:, 3:6].sum(1) + h[:, 6:].sum(1)])
    r = d.map_blocks(lambda b: b.sum(axis=1, keepdims=True), chunks=(d.chunks[0], (1,) * 3)).sum(axis=1)
    _check(r, expected)
    _check(d.map_blocks(lambda b: b[None], new_axis=0, chunks=((1,),) + d.chunks), h[None])


def test_blockwise():
    h, c, d = _case()
    _check(da.blockwise(lambda x, y: x * y + 1, "ij", d, "ij", d, "ij", dtype=d.dtype), h * h + 1)
    a = da.from_array(c[:, :6], chunks=(3, 3), asarray=False)
    b = da.from_array(c[:, :6].T.copy(), chunks=(3, 3), asarray=False)
    outer = da.blockwise(lambda x, y: cp.einsum("ij,jk->ik", x, y), "ik", a, "ij", b, "jk", dtype=a.dtype,
                         concatenate=True)
    _check(outer, h[:, :6] @ h[:, :6].T)


@pytest.mark.parametrize("chunks", [(3, 3), (1, 8), (6, 1), (5, 4)])
def test_rechunk_transpose_reshape_slice(chunks):
    h, c, d = _case()
    r = d.rechunk(chunks)
    assert r.chunksize == tuple(min(a, b) for a, b in zip(chunks, h.shape))
    _check(r, h)
    _check(r.T, h.T)
    _check(r.reshape(48), h.reshape(48))
    _check(r[::2, [0, 5, 7]], h[::2, [0, 5, 7]])
    _check(r[1:-1, -3:], h[1:-1, -3:])


def test_joins_and_elementwise():
    h, c, d = _case()
    _check(da.concatenate([d, d[:, :2]], axis=1), numpy.concatenate([h, h[:, :2]], axis=1))
    _check(da.stack([d, d], axis=1), numpy.stack([h, h], axis=1))
    _check(da.where(d > 0, d, 0), numpy.where(h > 0, h, 0))
    _check(numpy.sin(d) + d ** 2 - abs(d), numpy.sin(h) + h ** 2 - abs(h))
    _check(da.take(d, [0, 5, 3], axis=0), h[[0, 5, 3]])
    mask = d > 0
    r = d[mask].compute()  # Dask builds this result's meta with NumPy; the data stays cupric
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, h[h > 0])


def test_dask_and_cupric_operands():
    # cupric.ndarray is a registered chunk type: Dask takes the cupric operand in, on either side
    h, c, d = _case()
    row = cp.asarray(h[0])
    for r in (d + row, row + d, d * cp.float64(2.0)):
        assert isinstance(r, da.Array)
    _check(d + row, h + h[0])
    _check(row - d, h[0] - h)


def test_products():
    h, c, d = _case()
    _check(d.T @ d, h.T @ h)
    _check(da.tensordot(d, d, axes=([0], [0])), numpy.tensordot(h, h, axes=([0], [0])))
    _check(da.einsum("ij,ij->i", d, d), numpy.einsum("ij,ij->i", h, h))
    _check(da.dot(d, d.T), h @ h.T)


def test_linalg():
    h, c, _ = _case(shape=(12, 4), chunks=(4, 4))
    d = da.from_array(c, chunks=(4, 4), asarray=False)
    q, r = da.linalg.tsqr(d)
    assert isinstance(q._meta, cp.ndarray) and isinstance(r._meta, cp.ndarray)
    qr_ = q.compute() @ r.compute()
    testing.assert_allclose(qr_, h, rtol=1e-10, atol=1e-10)
    testing.assert_allclose(abs(r.compute()), abs(numpy.linalg.qr(h)[1]), rtol=1e-10, atol=1e-10)
    q2, r2 = da.linalg.qr(d)
    testing.assert_allclose(q2.compute() @ r2.compute(), h, rtol=1e-10, atol=1e-10)
    u, s, v = da.linalg.svd(d)
    _check(s, numpy.linalg.svd(h, compute_uv=False))
    testing.assert_allclose((u.compute() * s.compute()) @ v.compute(), h, rtol=1e-10, atol=1e-10)
    _check(da.linalg.norm(d), numpy.linalg.norm(h))
    _check(da.linalg.norm(d, axis=0), numpy.linalg.norm(h, axis=0))


def test_fft():
    h, c, d = _case(shape=(6, 8), chunks=(2, 8))
    r = da.fft.fft(d, axis=1).compute()  # (Dask gives this graph a NumPy meta; the chunks are cupric)
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, numpy.fft.fft(h, axis=1), rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("name", ["ones", "zeros", "empty", "full", "arange"])
def test_cupric_backend_creation(name):
    args = {"ones": ((4, 6),), "zeros": ((4, 6),), "empty": ((4, 6),), "full": ((4, 6), 2.5),
            "arange": (3, 27)}[name]
    with dask.config.set({"array.backend": "cupric"}):
        a = getattr(da, name)(*args, chunks=3)
    assert isinstance(a._meta, cp.ndarray)
    r = a.compute()
    assert isinstance(r, cp.ndarray)
    if name != "empty":
        testing.assert_array_equal(r, getattr(numpy, name)(*args))
    assert r.shape == getattr(numpy, name)(*args).shape


def test_cupric_backend_random():
    with dask.config.set({"array.backend": "cupric"}):
        a = da.random.RandomState(5).normal(1.0, 2.0, size=(4000,), chunks=1000)
        b = da.random.RandomState(5).normal(1.0, 2.0, size=(4000,), chunks=1000)
        g = da.random.default_rng(5).standard_normal((4000,), chunks=1000)
        u = da.random.random((3000,), chunks=1000)
    for x in (a, g, u):
        assert isinstance(x._meta, cp.ndarray)
        assert isinstance(x.compute(), cp.ndarray)
    testing.assert_array_equal(a.compute(), b.compute())  # seeded: reproducible
    assert abs(float(a.mean().compute()) - 1.0) < 0.2 and abs(float(a.std().compute()) - 2.0) < 0.2
    assert abs(float(g.mean().compute())) < 0.2
    assert 0.0 <= float(u.min().compute()) and float(u.max().compute()) < 1.0


def test_to_backend_round_trip():
    h = numpy.arange(12.0).reshape(3, 4)
    d = da.from_array(h, chunks=2)
    on_cupric = d.to_backend("cupric")
    r = _check(on_cupric, h)
    assert isinstance(r, cp.ndarray)
    back = on_cupric.to_backend("numpy")
    assert isinstance(back.compute(), numpy.ndarray)
    numpy.testing.assert_array_equal(back.compute(), h)


def test_registration_whichever_import_comes_first():
    # Note [Dask registration] in python/cupric/_dask.py: both orders, and cupric alone imports no Dask
    check = ("import dask.array.dispatch as d, cupric; "
             "assert d.numel_lookup.dispatch(cupric.ndarray).__module__ == 'cupric._dask_backend'; "
             "from dask.array.chunk_types import is_valid_chunk_type; "
             "assert is_valid_chunk_type(cupric.ndarray); print('ok')")
    for first in ("import cupric; import dask.array", "import dask.array; import cupric"):
        p = run_python(first + "; " + check)
        assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
    p = run_python("import sys, cupric; print(any(m == 'dask' or m.startswith('dask.') for m in sys.modules))")
    assert p.returncode == 0 and p.stdout.strip() == "False", p.stderr


def test_overlap_gufunc_topk():
    h, c, d = _case()
    mo = d.map_overlap(lambda b: b * 2, depth=1, boundary="reflect")
    _check(mo, h * 2)
    g = da.apply_gufunc(lambda b: cp.sum(b, axis=-1), "(i)->()", d.rechunk((3, 8)), output_dtypes=d.dtype)
    _check(g, h.sum(axis=-1))
    flat = d.ravel()
    _check(da.topk(flat, 4), numpy.sort(h.ravel())[::-1][:4])
    _check(da.topk(flat, -3), numpy.sort(h.ravel())[:3])
    idx = da.argtopk(flat, 4).compute()
    assert isinstance(idx, cp.ndarray)
    testing.assert_allclose(h.ravel()[idx.get()], numpy.sort(h.ravel())[::-1][:4])


def test_backend_found_through_the_entry_point(tmp_path):
    # An installed cupric declares the backend in pyproject.toml's dask.array.backends entry point;
    # here a dist-info of the same content stands in for the installation. Dask alone is imported:
    # asking for the backend imports cupric.
    import os
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11's tomllib")

    root = Path(__file__).resolve().parents[3]
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]["entry-points"]
    info = tmp_path / "cupric_entry-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cupric-entry\nVersion: 0.0\n")
    group = "dask.array.backends"
    lines = [f"[{group}]"] + [f"{k} = {v}" for k, v in declared[group].items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    path = os.pathsep.join([str(tmp_path), str(Path(cp.__file__).resolve().parents[1])])
    p = run_python("import sys, dask, dask.array as da\n"
                   "assert 'cupric' not in sys.modules\n"
                   "with dask.config.set({'array.backend': 'cupric'}):\n"
                   "    a = da.ones(4, chunks=2)\n"
                   "print(type(a._meta).__name__, type(a.compute()).__module__)", PYTHONPATH=path)
    assert p.returncode == 0 and p.stdout.split() == ["ndarray", "cupric"], p.stderr
