"""The edges of dask.array with cupric chunks (docs/interop.md, "What does not work with cupric
chunks"): the Dask functions that run only with a workaround (the "cupric" backend for the ones that
build index arrays, NumPy's function where Dask probes it with a NumPy input), each compared with
NumPy; and the ones Dask cannot run on cupric chunks with any registration cupric can make, kept as
strict expected failures so that a Dask release that adds a hook shows up here."""
import numpy
import pytest

da = pytest.importorskip("dask.array", reason="dask is not installed (pip install 'cupric[test]' brings it)")
dask = pytest.importorskip("dask")

import cupric as cp  # noqa: E402
from cupric import testing  # noqa: E402


def _case(shape=(8, 6), chunks=(4, 3)):
    h = numpy.random.RandomState(3).standard_normal(shape)
    return h, da.from_array(cp.asarray(h), chunks=chunks, asarray=False)


def _computed(dask_array):
    r = dask_array.compute()
    assert isinstance(r, cp.ndarray), type(r)
    return r


@pytest.mark.parametrize("name", ["argwhere", "nonzero", "flatnonzero", "where"])
def test_index_building_functions_run_under_the_cupric_backend(name):
    """These combine the data with index arrays Dask creates itself (da.indices / da.arange): under
    the default backend those chunks are NumPy's, which cupric refuses to mix in; under the
    "cupric" backend they are cupric's."""
    h, d = _case()
    with dask.config.set({"array.backend": "cupric"}):
        if name == "argwhere":
            testing.assert_array_equal(_computed(da.argwhere(d > 0)), numpy.argwhere(h > 0))
        elif name == "flatnonzero":
            testing.assert_array_equal(_computed(da.flatnonzero(d > 0)), numpy.flatnonzero(h > 0))
        else:
            got = da.nonzero(d > 0) if name == "nonzero" else da.where(d > 0)
            for g, e in zip(got, numpy.nonzero(h > 0)):
                testing.assert_array_equal(_computed(g), e)


def test_index_building_functions_refuse_numpy_index_chunks():
    _, d = _case()
    with dask.config.set({"array.backend": "numpy"}), pytest.raises(TypeError, match="Implicit conversion"):
        da.argwhere(d > 0).compute()


def test_functions_probed_with_numpy_take_numpy_functions():
    """coarsen and apply_along_axis call the given function on a small NumPy array to learn the
    result's type: NumPy's function (dispatching to cupric on the chunks) works; cupric's own
    refuses the NumPy probe."""
    h, d = _case()
    r = _computed(da.coarsen(numpy.sum, d, {0: 2, 1: 3}))
    testing.assert_allclose(r, h.reshape(4, 2, 2, 3).sum(axis=(1, 3)), rtol=1e-12)
    r = da.apply_along_axis(numpy.cumsum, 0, d.rechunk((8, 3))).compute()
    testing.assert_allclose(r, numpy.cumsum(h, axis=0), rtol=1e-12)
    with pytest.raises(TypeError, match="cupric.asarray"):
        da.coarsen(cp.sum, d, {0: 2})


def test_linalg_workarounds():
    """A one-chunk Cholesky runs (its only task is np.linalg.cholesky, dispatched to cupric), and
    batched small systems go through cupric.linalg in map_blocks."""
    h, _ = _case((6, 6), (6, 6))
    spd = h @ h.T + 6 * numpy.eye(6)
    d = da.from_array(cp.asarray(spd), chunks=6, asarray=False)
    testing.assert_allclose(_computed(da.linalg.cholesky(d, lower=True)), numpy.linalg.cholesky(spd), rtol=1e-10)
    rs = numpy.random.RandomState(5)
    a = rs.standard_normal((10, 4, 4)) + 4 * numpy.eye(4)
    b = rs.standard_normal((10, 4, 1))
    da_a = da.from_array(cp.asarray(a), chunks=(5, 4, 4), asarray=False)
    da_b = da.from_array(cp.asarray(b), chunks=(5, 4, 1), asarray=False)
    x = da.map_blocks(cp.linalg.solve, da_a, da_b, dtype=a.dtype)
    testing.assert_allclose(_computed(x), numpy.linalg.solve(a, b), rtol=1e-10, atol=1e-12)


def _spd_case():
    h, _ = _case((6, 6), (6, 6))
    spd = h @ h.T + 6 * numpy.eye(6)
    return da.from_array(cp.asarray(spd), chunks=3, asarray=False), da.from_array(cp.asarray(h[:, 0]), chunks=3,
                                                                                  asarray=False)


_NOT_RUNNING = {
    # dask.array.utils.scipy_linalg_safe picks cupyx.scipy.linalg only when "cupy" is in the chunk's
    # type name (dask.utils.is_cupy_type), SciPy otherwise; SciPy's linalg calls numpy.asarray.
    "solve_triangular": lambda a, b: da.linalg.solve_triangular(da.triu(a), b),
    "cholesky (several chunks)": lambda a, b: da.linalg.cholesky(a),
    "solve": lambda a, b: da.linalg.solve(a, b),
    "solve (assume_a='pos')": lambda a, b: da.linalg.solve(a, b, assume_a="pos"),
    "inv": lambda a, b: da.linalg.inv(a),
    "lstsq": lambda a, b: da.linalg.lstsq(a.rechunk((3, 6)), b)[0],  # (tsqr, then solve_triangular)
    # da.linalg.lu puts scipy.linalg.lu itself in the graph.
    "lu": lambda a, b: da.linalg.lu(a)[1],
    # _unique_internal fills a numpy.empty structured array with the chunk's values (cupric, as
    # CuPy v14, has structured dtypes, so Dask's values-only fallback is not taken).
    "unique": lambda a, b: da.unique(b),
    # Each block returns a one-element tuple (hist,) that NumPy turns into an array implicitly.
    "histogramdd": lambda a, b: da.histogramdd(a[:, :2], bins=3, range=[(-5, 5), (-5, 5)])[0],
}


@pytest.mark.xfail(raises=TypeError, strict=True, reason="Dask names SciPy/NumPy there; no hook (docs/interop.md)")
@pytest.mark.parametrize("name", list(_NOT_RUNNING))
def test_not_running_on_cupric_chunks(name):
    a, b = _spd_case()
    _NOT_RUNNING[name](a, b).compute()
