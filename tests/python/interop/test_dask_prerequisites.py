"""What Dask needs of cupric without Dask itself: functions, ufuncs and their methods pickle by
reference (cupric/_pickling.py), arrays pickle by value in every layout, and joins of structured
arrays keep their record dtype as NumPy's do (Dask's arg-reductions carry (value, index) records)."""
import pickle

import numpy
import pytest

import cupric as cp
from cupric import testing


@pytest.mark.parametrize("name", ["sum", "concatenate", "sqrt", "add", "exp", "where", "asarray", "einsum",
                                  "tensordot", "percentile"])
def test_top_level_functions_pickle_by_reference(name):
    f = getattr(cp, name)
    for proto in (2, pickle.HIGHEST_PROTOCOL):
        data = pickle.dumps(f, protocol=proto)
        assert pickle.loads(data) is f
        assert len(data) < 100  # a reference, not the object


def test_module_functions_and_ufunc_methods_pickle():
    for f in (cp.linalg.qr, cp.linalg.norm, cp.fft.fft):
        assert pickle.loads(pickle.dumps(f)) is f
    h = numpy.arange(1.0, 7.0)
    for method, expected in (("reduce", numpy.multiply.reduce(h)), ("accumulate", numpy.multiply.accumulate(h))):
        g = pickle.loads(pickle.dumps(getattr(cp.multiply, method)))
        testing.assert_allclose(g(cp.asarray(h)), expected)
    x = cp.asarray(h)
    testing.assert_allclose(pickle.loads(pickle.dumps(x.cumsum))(), h.cumsum())


def test_unreachable_function_refuses_with_reason():
    alias = type("Holder", (), {})()
    f = cp.sum
    import cupric._pickling as pk
    with pytest.raises(TypeError, match="not reachable"):
        pk._reference(alias, "cupric", "sum")
    with pytest.raises(TypeError, match="not reachable"):
        pk._reference(alias, "", "sum")
    assert pk._reference(f, "cupric._core", "sum")[1] == ("cupric._core", "sum")


@pytest.mark.parametrize("layout", ["c", "f", "sliced", "0d", "empty"])
@pytest.mark.parametrize("dtype", ["float64", "int32", "bool", "complex64", "float16"])
def test_arrays_pickle_by_value(dtype, layout):
    h = numpy.arange(24).reshape(4, 6).astype(dtype)
    h = {"c": h, "f": numpy.asfortranarray(h), "sliced": h[::2, 1::3], "0d": h[1, 2], "empty": h[:0]}[layout]
    h = numpy.asarray(h)
    x = cp.asarray(h) if layout != "sliced" else cp.asarray(numpy.arange(24).reshape(4, 6).astype(dtype))[::2, 1::3]
    y = pickle.loads(pickle.dumps(x))
    assert isinstance(y, cp.ndarray) and y.dtype == h.dtype and y.shape == h.shape
    testing.assert_array_equal(y, h)


RECORD = numpy.dtype([("vals", "f8"), ("arg", "i8")])


@pytest.mark.parametrize("join", ["concatenate", "stack"])
def test_structured_joins_keep_the_record_dtype(join):
    h = numpy.zeros((3, 2), dtype=RECORD)
    h["vals"] = numpy.arange(6.0).reshape(3, 2)
    h["arg"] = numpy.arange(6).reshape(3, 2) * 10
    x = cp.asarray(h)
    r = getattr(cp, join)([x, x[::-1]])
    e = getattr(numpy, join)([h, h[::-1]])
    assert r.dtype == e.dtype and r.shape == e.shape
    testing.assert_array_equal(r["vals"], e["vals"])
    testing.assert_array_equal(r["arg"], e["arg"])


def test_structured_join_of_different_records_raises_as_numpy():
    other = numpy.dtype([("x", "f8"), ("y", "i8")])
    a, b = numpy.zeros(2, RECORD), numpy.zeros(2, other)
    with pytest.raises(TypeError) as np_err:
        numpy.concatenate([a, b])
    with pytest.raises(type(np_err.value), match="mismatch"):
        cp.concatenate([cp.asarray(a), cp.asarray(b)])
