"""The array API's device= keyword on cupric's creation functions (NumPy 2 has it on the same
functions): None or a cupric.cuda.Device creates there, anything else raises ValueError as NumPy
does for a device it does not know; the device is restored after the call."""
import numpy
import pytest

import cupric as cp
from cupric import testing

CREATION = [
    ("zeros", ((2, 3),), {"dtype": "int32"}),
    ("ones", ((2, 3),), {}),
    ("empty", ((2, 3),), {"dtype": "float32"}),
    ("full", ((2, 3), 1.5), {}),
    ("arange", (2, 11, 3), {}),
    ("linspace", (0.0, 1.0, 7), {"endpoint": False}),
    ("eye", (3, 4), {"k": 1}),
]
LIKE = [("zeros_like", (), {}), ("ones_like", (), {"dtype": "int8"}), ("empty_like", (), {}),
        ("full_like", (7,), {"shape": (3,)})]


@pytest.mark.parametrize("name,args,kwargs", CREATION)
def test_creation_device(name, args, kwargs):
    dev = cp.cuda.Device()
    expected = getattr(numpy, name)(*args, device="cpu", **kwargs)
    for device in (None, dev):
        r = getattr(cp, name)(*args, device=device, **kwargs)
        assert r.device == dev and r.dtype == expected.dtype and r.shape == expected.shape
        if name != "empty":
            testing.assert_array_equal(r, expected)


@pytest.mark.parametrize("name,args,kwargs", LIKE)
@pytest.mark.parametrize("layout", ["c", "f", "0d"])
def test_like_device(name, args, kwargs, layout):
    h = {"c": numpy.arange(6.0).reshape(2, 3), "f": numpy.asfortranarray(numpy.arange(6.0).reshape(2, 3)),
         "0d": numpy.float64(2.0)}[layout]
    h = numpy.asarray(h)
    x = cp.asarray(h)
    expected = getattr(numpy, name)(h, *args, device="cpu", **kwargs)
    r = getattr(cp, name)(x, *args, device=x.device, **kwargs)
    assert r.device == x.device and r.dtype == expected.dtype and r.shape == expected.shape
    assert r.flags.c_contiguous == expected.flags.c_contiguous
    if name != "empty_like":
        testing.assert_array_equal(r, expected)


@pytest.mark.parametrize("bad", ["cpu", "gpu", 0, object()])
@pytest.mark.parametrize("name,args,kwargs", CREATION[:5])
def test_unknown_device_raises_value_error(name, args, kwargs, bad):
    with pytest.raises(ValueError):
        numpy.zeros(3, device="gpu")  # NumPy's error type for a device it does not know
    with pytest.raises(ValueError, match="cupric.cuda.Device"):
        getattr(cp, name)(*args, device=bad, **kwargs)
    assert cp.cuda.Device().id == 0  # (nothing switched)


def test_device_that_does_not_exist():
    missing = cp.cuda.Device(cp._core._runtime.device_count())
    for f in (lambda: cp.zeros(3, device=missing), lambda: cp.asarray([1.0], device=missing),
              lambda: cp.arange(3, device=missing)):
        with pytest.raises(ValueError, match="does not exist"):
            f()


def test_asarray_device():
    x = cp.asarray([1.0, 2.0], device=cp.cuda.Device())
    testing.assert_array_equal(x, numpy.asarray([1.0, 2.0], device="cpu"))
    assert cp.asarray(x, device=x.device) is x
    assert cp.asarray(x, device=x.device, copy=True) is not x


def test_device_positional_is_refused():
    # keyword-only, as in NumPy and the standard
    with pytest.raises(TypeError):
        cp.zeros((2,), "f8", "C", cp.cuda.Device())


def test_numpy_like_dispatch_with_device_none():
    x = cp.ones(3)
    for r in (numpy.zeros(3, like=x), numpy.arange(4, like=x), numpy.full(2, 3.0, like=x)):
        assert isinstance(r, cp.ndarray)


@pytest.mark.gpu
def test_other_gpu():
    n = cp.cuda.runtime.getDeviceCount()
    if n < 2:
        pytest.skip("needs two GPUs")
    with cp.cuda.Device(0):
        r = cp.arange(5, device=cp.cuda.Device(1))
        assert r.device == cp.cuda.Device(1)
        assert cp.cuda.Device().id == 0  # restored
        y = cp.asarray(cp.ones(3), device=cp.cuda.Device(1))
        assert y.device == cp.cuda.Device(1)
    testing.assert_array_equal(r, numpy.arange(5))
