"""ndarray.get/set and asnumpy against NumPy 2: orders, out=, errors, host objects, and blocking
(V13-ASNUMPY), over dtypes and layouts."""

import numpy
import pytest

import cupric as cp
from array_cases import NUMERIC_DTYPES, LAYOUTS, BFLOAT16, params, sample_values, make_pair


# -- get / set / asnumpy --------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", params(NUMERIC_DTYPES))
def test_get_default_c_order(layout, dtype):
    h, c = make_pair(layout, dtype)
    g = c.get()
    assert isinstance(g, numpy.ndarray)
    assert g.flags.c_contiguous and g.flags.owndata and g.flags.writeable
    assert g.dtype == h.dtype and g.shape == h.shape
    numpy.testing.assert_array_equal(g.astype("float32") if dtype == BFLOAT16 else g,
                                     h.astype("float32") if dtype == BFLOAT16 else h)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_get_order(layout, order):
    """get(order=) lays the host array out as asked; A/K give F for F-contiguous (not C) arrays."""
    h, c = make_pair(layout, "float64")
    g = c.get(order=order)
    numpy.testing.assert_array_equal(g, h)
    want_f = order == "F" or (order in "AK" and h.flags.f_contiguous and not h.flags.c_contiguous)
    if want_f:
        assert g.flags.f_contiguous
    else:
        assert g.flags.c_contiguous
    g2 = cp.asnumpy(c, order=order)
    numpy.testing.assert_array_equal(g2, h)
    assert g2.strides == g.strides


def test_get_bad_order_and_stream():
    c = cp.zeros(3)
    with pytest.raises(ValueError):
        c.get(order="X")
    with pytest.raises(TypeError, match="stream must be a cupric.cuda.Stream"):
        c.get(stream=object())


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("out_order", ["C", "F"])
def test_get_out(layout, out_order):
    h, c = make_pair(layout, "int32")
    out = numpy.full(h.shape, -1, dtype="int32", order=out_order)
    r = c.get(out=out)
    assert r is out
    numpy.testing.assert_array_equal(out, h)
    out2 = numpy.full(h.shape, -1, dtype="int32", order=out_order)
    assert cp.asnumpy(c, out=out2) is out2
    numpy.testing.assert_array_equal(out2, h)


def test_get_out_errors():
    c = cp.zeros((2, 3))
    with pytest.raises(ValueError, match="Shape mismatch"):
        c.get(out=numpy.empty((3, 2)))
    with pytest.raises(TypeError, match="dtype mismatch: out has dtype float32, the array float64"):
        c.get(out=numpy.empty((2, 3), "float32"))
    with pytest.raises(ValueError, match="contiguous"):
        c.get(out=numpy.empty((2, 6))[:, ::2])
    with pytest.raises(TypeError, match="numpy.ndarray"):
        c.get(out=[0] * 6)


def test_asnumpy_of_host_objects():
    for obj in [numpy.arange(3), [1, 2, 3], 5, 2.5, [[1, 2], [3, 4]]]:
        e = numpy.asarray(obj)
        r = cp.asnumpy(obj)
        assert isinstance(r, numpy.ndarray)
        numpy.testing.assert_array_equal(r, e)
        assert r.dtype == e.dtype
    h = numpy.arange(4.0)
    assert cp.asnumpy(h) is h
    out = numpy.zeros(3, "int64")
    assert cp.asnumpy([4, 5, 6], out=out) is out and out.tolist() == [4, 5, 6]


def test_v13_asnumpy_blocking_default():
    """V13-ASNUMPY: asnumpy/get block by default: the values are there when the call returns."""
    c = cp.array(numpy.arange(1000, dtype="float32"))
    for _ in range(3):
        c[...] = 3
        assert (cp.asnumpy(c) == 3).all()
        c[...] = 4
        assert (c.get() == 4).all()


def test_v13_asnumpy_non_blocking_then_synchronize():
    """V13-ASNUMPY: blocking=False returns at once; after synchronizing the values are right."""
    h = sample_values((64, 33), "float64")
    c = cp.array(h)
    r = cp.asnumpy(c, blocking=False)
    g = c.get(blocking=False)
    out = numpy.empty_like(h)
    r2 = c.get(out=out, blocking=False)
    cp.cuda.Device().synchronize()
    for x in (r, g, r2):
        numpy.testing.assert_array_equal(x, h)
    assert r2 is out


@pytest.mark.gpu
def test_v13_asnumpy_non_blocking_pinned_gpu():
    """V13-ASNUMPY on a GPU: a non-blocking copy of a large array completes after synchronize."""
    h = numpy.arange(1 << 22, dtype="float32")
    c = cp.array(h)
    r = cp.asnumpy(c, blocking=False)
    cp.cuda.Device().synchronize()
    numpy.testing.assert_array_equal(r, h)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", params(["bool", "int8", "uint64", "float16", "complex128"]))
def test_set(layout, dtype):
    h, c = make_pair(layout, dtype)
    if layout == "broadcast":
        return  # every row aliases one row: setting distinct rows is ill-defined in NumPy too
    new = sample_values(h.shape, dtype, seed=7)
    for src in [new, numpy.array(new, order="F"), new.T.copy().T]:
        c.set(src)
        numpy.testing.assert_array_equal(c.get(), src)


def test_set_writes_through_view():
    c = cp.zeros((3, 4), "float32")
    c[:, ::2].set(numpy.full((3, 2), 7, "float32"))
    assert c.tolist() == [[7, 0, 7, 0]] * 3


def test_set_errors():
    c = cp.zeros((2, 3))
    with pytest.raises(TypeError, match="float32 array cannot be set to float64 array"):
        c.set(numpy.zeros((2, 3), "float32"))
    with pytest.raises(ValueError, match="Shape mismatch"):
        c.set(numpy.zeros((3, 2)))
    with pytest.raises(TypeError, match="Only numpy.ndarray"):
        c.set([[0, 0, 0]] * 2)
    with pytest.raises(TypeError, match="stream must be a cupric.cuda.Stream"):
        c.set(numpy.zeros((2, 3)), stream=object())
    assert c.tolist() == [[0, 0, 0]] * 2
