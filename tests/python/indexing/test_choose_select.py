"""choose and select against NumPy 2: dtypes, modes, weak scalars, broadcasting and errors."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_values
from cupric import testing


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    a = numpy.array([[0, 1, 2], [2, 1, 0]]) if mode == "raise" else numpy.array([[0, 4, -1], [2, 1, 7]])
    choices = [numpy.arange(3), numpy.arange(3) * 10.0, numpy.array([[100], [200]])]
    testing.assert_matches_numpy(cp.choose(cp.array(a), [cp.array(x) for x in choices], mode=mode),
                                 numpy.choose(a, choices, mode=mode))
    if mode == "raise":
        testing.assert_raises_like_numpy(lambda: numpy.choose([3], choices),
                                         lambda: cp.choose(cp.array([3]), choices), expected=ValueError)


DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int32, numpy.int64, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]


# ---- select ------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_select_dtypes(dtype):
    x = numpy.arange(10)
    h = arange_values((10,), dtype)
    conds = [x < 3, x > 5]
    choices = [h, h[::-1].copy()]
    testing.assert_matches_numpy(cp.select([cp.array(c) for c in conds], [cp.array(c) for c in choices]),
                                 numpy.select(conds, choices))
    testing.assert_matches_numpy(cp.select([cp.array(c) for c in conds], [cp.array(c) for c in choices], default=3),
                                 numpy.select(conds, choices, default=3))


def test_select_weak_scalars_and_broadcast():
    x = numpy.arange(12).reshape(3, 4)
    conds = [x < 3, (x % 2 == 0)[:1]]
    f32 = numpy.linspace(0, 1, 4, dtype=numpy.float32)
    for choices, default in [([1, 2.5], 0), ([f32, 3], 1.5), ([x, 2], -1), ([1, 2], 0), ([1j, f32], 0),
                             ([numpy.float64(2), f32], 0)]:
        n = numpy.select(conds, choices, default)
        r = cp.select([cp.array(c) for c in conds],
                      [cp.array(c) if isinstance(c, numpy.ndarray) else c for c in choices], default)
        testing.assert_matches_numpy(r, n)
    testing.assert_matches_numpy(cp.select([cp.array(True)], [cp.array(5)]),
                                 numpy.select([numpy.array(True)], [numpy.array(5)]))


@pytest.mark.filterwarnings("ignore:overflow encountered in cast:RuntimeWarning")
def test_select_python_number_choices_cast_same_kind():
    """Python-number choices become int64/float64/complex128 arrays copied with same_kind casting,
    as in NumPy: an int into a uint8 result fails, into int8 it wraps."""
    c = numpy.array([True, False, True])
    for default, choice in [(numpy.zeros(3, numpy.uint8), 200), (numpy.zeros(3, numpy.int8), 300),
                            (numpy.zeros(3, numpy.float32), 2), (numpy.zeros(3, numpy.float16), 1e6),
                            (numpy.zeros(3, numpy.int16), 2.5), (numpy.zeros(3, numpy.float32), 1j)]:
        expected = None
        try:
            expected = numpy.select([c], [choice], default=default)
        except TypeError as e:
            with pytest.raises(TypeError) as e_cp:
                cp.select([cp.array(c)], [choice], default=cp.array(default))
            assert str(e_cp.value) == str(e)
        if expected is not None:
            testing.assert_matches_numpy(cp.select([cp.array(c)], [choice], default=cp.array(default)),
                                         expected)
    u8 = numpy.zeros(3, numpy.uint8)
    testing.assert_matches_numpy(cp.select([cp.array(c)], [cp.array(u8)], default=256),
                                 numpy.select([c], [u8], default=256))


def test_select_errors():
    x = numpy.arange(4)
    testing.assert_raises_like_numpy(lambda: numpy.select([x > 1], [x, x]),
                                     lambda: cp.select([cp.array(x > 1)], [cp.array(x)] * 2),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.select([], []), lambda: cp.select([], []),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.select([x], [x]),
                                     lambda: cp.select([cp.array(x)], [cp.array(x)]), expected=TypeError)
