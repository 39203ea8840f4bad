"""NumPy's dispatch protocols on cupric arrays: __array_ufunc__ (NEP 13), __array_function__
(NEP 18), like= (NEP 35), get_array_module and the refusal of implicit host copies."""
import numpy
import pytest

import cupric as cp
from cupric import testing

UNARY = ["negative", "absolute", "sqrt", "exp", "log1p", "sin", "cos", "tanh", "floor", "ceil", "sign",
         "isnan", "isfinite", "square", "reciprocal", "logical_not", "arccos", "arctan"]
BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "power", "maximum", "minimum", "fmax",
          "arctan2", "hypot", "greater", "less_equal", "equal", "logical_and", "copysign", "nextafter"]


def _pair(shape=(3, 4), dtype="float64", layout="c"):
    h = numpy.linspace(0.1, 0.9, int(numpy.prod(shape))).reshape(shape).astype(dtype)
    if layout == "t":
        h = h.T
    elif layout == "s":
        h = h[::2]
    return h, cp.asarray(h)


@pytest.mark.parametrize("layout", ["c", "t", "s"])
@pytest.mark.parametrize("name", UNARY)
def test_numpy_unary_ufunc_runs_cupric(name, layout):
    h, c = _pair(layout=layout)
    r = getattr(numpy, name)(c)
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, getattr(numpy, name)(h), rtol=1e-12)


@pytest.mark.parametrize("name", BINARY)
def test_numpy_binary_ufunc_runs_cupric(name):
    h, c = _pair()
    r = getattr(numpy, name)(c, c[::-1] + 0.5)
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, getattr(numpy, name)(h, h[::-1] + 0.5), rtol=1e-12)
    r2 = getattr(numpy, name)(c, 2.0)  # a Python scalar stays weak (NEP 50)
    testing.assert_allclose(r2, getattr(numpy, name)(h, 2.0), rtol=1e-12)
    assert r2.dtype == getattr(numpy, name)(h, 2.0).dtype


def test_numpy_ufunc_out_and_dtype_and_where():
    h, c = _pair()
    out = cp.empty_like(c)
    r = numpy.multiply(c, 3, out=out)
    assert r is out
    testing.assert_allclose(out, h * 3)
    assert numpy.add(c, 1, dtype="float32").dtype == numpy.float32
    w = cp.asarray(h > 0.5)
    out2 = cp.zeros_like(c)
    numpy.add(c, 1, out=out2, where=w)
    testing.assert_allclose(out2, numpy.where(h > 0.5, h + 1, 0))


@pytest.mark.parametrize("axis", [0, 1, None])
def test_numpy_ufunc_methods(axis):
    h, c = _pair()
    r = numpy.add.reduce(c, axis=axis)
    assert isinstance(r, cp.ndarray)
    testing.assert_allclose(r, numpy.add.reduce(h, axis=axis))
    testing.assert_allclose(numpy.maximum.reduce(c, axis=axis, keepdims=True),
                            numpy.maximum.reduce(h, axis=axis, keepdims=True))
    if axis is not None:
        testing.assert_allclose(numpy.multiply.accumulate(c, axis=axis), numpy.multiply.accumulate(h, axis=axis))
    testing.assert_allclose(numpy.subtract.outer(c[0], c[1]), numpy.subtract.outer(h[0], h[1]))
    testing.assert_allclose(numpy.add.reduceat(c[0], [0, 2]), numpy.add.reduceat(h[0], [0, 2]))


def test_numpy_ufunc_at_with_repeated_indices():
    h = numpy.zeros(5)
    c = cp.zeros(5)
    numpy.add.at(c, cp.asarray([0, 1, 1, 4]), 1.0)
    numpy.add.at(h, [0, 1, 1, 4], 1.0)
    testing.assert_array_equal(c, h)


def test_numpy_operator_with_numpy_scalar_is_cupric():
    h, c = _pair(dtype="float32")
    r = numpy.int64(2) < c  # (NumPy passes the scalar to __array_ufunc__ as a 0-d array)
    assert isinstance(r, cp.ndarray) and r.dtype == bool
    testing.assert_array_equal(r, numpy.int64(2) < h)
    r = numpy.float64(2) * c
    assert isinstance(r, cp.ndarray)
    assert r.dtype == (numpy.float64(2) * h).dtype
    testing.assert_allclose(r, numpy.float64(2) * h)


@pytest.mark.parametrize("call", [lambda h, c: numpy.add(h, c), lambda h, c: numpy.add(c, h),
                                  lambda h, c: h + c, lambda h, c: numpy.add(c, c, out=(h,)),
                                  lambda h, c: numpy.multiply(h, c)])
def test_mixing_with_numpy_arrays_is_refused_as_cupy(call):
    h, c = _pair()
    with pytest.raises(TypeError, match=r"Unsupported type <class 'numpy.ndarray'>"):
        call(h, c)


def test_ufunc_cupric_lacks_returns_notimplemented():
    c = cp.zeros(3)
    with pytest.raises(TypeError, match="isnat"):
        numpy.isnat(c)


FUNCTIONS = [
    ("sum", lambda m, x: m.sum(x, axis=0)), ("mean", lambda m, x: m.mean(x)), ("std", lambda m, x: m.std(x, ddof=1)),
    ("max", lambda m, x: m.max(x, axis=1)), ("argmax", lambda m, x: m.argmax(x)), ("cumsum", lambda m, x: m.cumsum(x)),
    ("reshape", lambda m, x: m.reshape(x, (4, 3))), ("transpose", lambda m, x: m.transpose(x)),
    ("concatenate", lambda m, x: m.concatenate([x, x], axis=1)), ("stack", lambda m, x: m.stack([x, x])),
    ("where", lambda m, x: m.where(x > 0.5, x, -x)), ("sort", lambda m, x: m.sort(-x, axis=1)),
    ("argsort", lambda m, x: m.argsort(-x, axis=0)), ("median", lambda m, x: m.median(x)),
    ("percentile", lambda m, x: m.percentile(x, 30)), ("unique", lambda m, x: m.unique(m.round(x, 1))),
    ("clip", lambda m, x: m.clip(x, 0.2, 0.6)), ("around", lambda m, x: m.around(x, 2)),
    ("diff", lambda m, x: m.diff(x)), ("tile", lambda m, x: m.tile(x, 2)), ("flip", lambda m, x: m.flip(x)),
    ("take", lambda m, x: m.take(x, [0, 2])), ("expand_dims", lambda m, x: m.expand_dims(x, 0)),
    ("isclose", lambda m, x: m.isclose(x, x)), ("count_nonzero", lambda m, x: m.count_nonzero(x > 0.4)),
    ("nonzero", lambda m, x: m.nonzero(x > 0.4)[1]), ("searchsorted", lambda m, x: m.searchsorted(x[0], 0.3)),
    ("histogram", lambda m, x: m.histogram(x, bins=3)[0]), ("trace", lambda m, x: m.trace(x)),
    ("pad", lambda m, x: m.pad(x, 1)), ("roll", lambda m, x: m.roll(x, 1)), ("tril", lambda m, x: m.tril(x)),
    ("nan_to_num", lambda m, x: m.nan_to_num(x)), ("average", lambda m, x: m.average(x, axis=0)),
    ("broadcast_to", lambda m, x: m.broadcast_to(x[0], (2, 4))), ("zeros_like", lambda m, x: m.zeros_like(x)),
    ("cumulative_sum", lambda m, x: m.cumulative_sum(x, axis=1)), ("matrix_transpose", lambda m, x: m.matrix_transpose(x)),
    ("unstack", lambda m, x: m.unstack(x)[1]), ("astype", lambda m, x: m.astype(x, m.float32)),
]


@pytest.mark.parametrize("name,fn", FUNCTIONS, ids=[f[0] for f in FUNCTIONS])
def test_numpy_function_dispatches_to_cupric(name, fn):
    h, c = _pair()
    r = fn(numpy, c)
    assert isinstance(r, cp.ndarray), f"numpy.{name} returned {type(r)}"
    testing.assert_allclose(r, fn(numpy, h), rtol=1e-12)


def test_metadata_functions_work():
    """numpy.shape/ndim/size/iscomplexobj/isrealobj read attributes only: they work on cupric
    arrays (cupric's function when it has one, NumPy's own otherwise)."""
    _, c = _pair()
    assert numpy.shape(c) == (3, 4) and numpy.ndim(c) == 2 and numpy.size(c) == 12 and numpy.size(c, 1) == 4
    assert not numpy.iscomplexobj(c) and numpy.isrealobj(c)
    assert numpy.iscomplexobj(c.astype("complex64"))


def test_numpy_function_cupric_lacks_raises_naming_it():
    _, c = _pair()
    assert not hasattr(cp, "is_busday")  # (datetimes are not GPU dtypes, in CuPy either)
    with pytest.raises(TypeError, match=r"cupric does not implement numpy.is_busday.*\.get\(\)"):
        numpy.is_busday(c)


def test_numpy_function_of_a_submodule_names_the_submodule():
    _, c = _pair()
    if hasattr(cp, "linalg") and hasattr(cp.linalg, "norm"):
        assert isinstance(numpy.linalg.norm(c), cp.ndarray)
    else:
        with pytest.raises(TypeError, match=r"numpy.linalg.norm"):
            numpy.linalg.norm(c)


def test_numpy_function_with_a_foreign_array_type_defers():
    class Other:
        def __array_function__(self, func, types, args, kwargs):
            return "other"
    _, c = _pair()
    assert numpy.concatenate([c, Other()]) == "other"


@pytest.mark.parametrize("make", [lambda like: numpy.empty(3, like=like), lambda like: numpy.zeros((2, 2), like=like),
                                  lambda like: numpy.ones(3, dtype="int32", like=like),
                                  lambda like: numpy.full(2, 7.0, like=like), lambda like: numpy.arange(5, like=like),
                                  lambda like: numpy.array([1, 2], like=like),
                                  lambda like: numpy.asarray([[1.0]], like=like),
                                  lambda like: numpy.identity(3, like=like), lambda like: numpy.eye(2, 3, like=like)])
def test_like_creates_cupric_arrays(make):
    """NEP 35: like=cupric_array makes the creation function build a cupric array."""
    r = make(cp.zeros(1))
    assert isinstance(r, cp.ndarray)
    expected = make(numpy.zeros(1))
    assert r.shape == expected.shape and r.dtype == expected.dtype
    if "empty" not in make.__code__.co_names:
        testing.assert_array_equal(r, expected)


def test_get_array_module():
    _, c = _pair()
    assert cp.get_array_module(c) is cp
    assert cp.get_array_module(numpy.zeros(1), c) is cp
    assert cp.get_array_module(numpy.zeros(1), 1.0) is numpy
    assert cp.get_array_module() is numpy


IMPLICIT = "Implicit conversion to a NumPy array is not allowed. Please use `.get()` to construct a NumPy array explicitly."


def test_array_dunder_raises_as_cupy():
    _, c = _pair()
    with pytest.raises(TypeError) as e:
        numpy.asarray(c)
    assert str(e.value) == IMPLICIT


def test_every_cupric_function_is_what_numpy_dispatches_to():
    """Every public cupric function whose NumPy counterpart exists is the implementation
    __array_function__ finds for it (the mapping is built from cupric's namespace, by name)."""
    from cupric import _numpy_protocols
    checked, wrong = 0, []
    for name in dir(cp):
        mine, theirs = getattr(cp, name), getattr(numpy, name, None)
        if name.startswith("_") or theirs is None or mine is theirs or not callable(mine):
            continue
        if isinstance(theirs, (type, numpy.ufunc)) or isinstance(mine, cp.ufunc):
            continue  # classes, and ufuncs (they dispatch through __array_ufunc__)
        checked += 1
        if _numpy_protocols.implementation_of(theirs) is not mine:
            wrong.append(name)
    assert checked > 150 and not wrong
