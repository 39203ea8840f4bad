"""concatenate, stack/hstack/vstack/dstack/column_stack, block, row_stack and split/array_split/
hsplit/vsplit/dsplit against NumPy 2: values, dtypes, out=, and error types and messages."""
import numpy
import pytest

import cupric as cp
from array_cases import arange_pair, arange_values
from cupric import testing


# ---- joining and splitting ----------------------------------------------------------------------------

@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_concatenate(axis):
    a, ca = arange_pair((2, 3), numpy.int32)
    b, cb = arange_pair((2, 3), numpy.float32, "F")
    testing.assert_matches_numpy(cp.concatenate([ca, cb, ca], axis=axis),
                                 numpy.concatenate([a, b, a], axis=axis))
    testing.assert_matches_numpy(cp.concatenate([ca, ca], axis=axis, dtype=numpy.int16, casting="unsafe"),
                                 numpy.concatenate([a, a], axis=axis, dtype=numpy.int16, casting="unsafe"))


def test_concatenate_out_and_errors():
    a, ca = arange_pair((2, 3))
    out = cp.zeros((4, 3))
    r = cp.concatenate([ca, ca], out=out)
    assert r is out
    testing.assert_matches_numpy(out, numpy.concatenate([a, a]).astype(numpy.float64))
    cases = [
        (ValueError, lambda m: m.concatenate([])),
        (ValueError, lambda m: m.concatenate([m.zeros(()), m.zeros(())])),
        (ValueError, lambda m: m.concatenate([m.zeros((2, 3)), m.zeros(3)])),
        (ValueError, lambda m: m.concatenate([m.zeros((2, 3)), m.zeros((2, 2))])),
        (numpy.exceptions.AxisError, lambda m: m.concatenate([m.zeros((2, 3))], axis=2)),
        (TypeError, lambda m: m.concatenate([m.zeros(3)], out=m.zeros(3), dtype=numpy.float32)),
        (TypeError, lambda m: m.concatenate([m.zeros(3), m.zeros(3)], dtype=numpy.int32)),
        (ValueError, lambda m: m.concatenate([m.zeros(3)], out=m.zeros(4))),
        (ValueError, lambda m: m.stack([m.zeros(3), m.zeros(2)])),
        (ValueError, lambda m: m.stack([])),
    ]
    for exc, f in cases:
        testing.assert_raises_like_numpy(lambda: f(numpy), lambda: f(cp), expected=exc)


@pytest.mark.parametrize("name", ["stack", "hstack", "vstack", "dstack", "column_stack"])
def test_stack_family(name):
    for shapes in [[(3,), (3,)], [(2, 3), (2, 3)], [(), ()], [(2, 3, 1), (2, 3, 1)]]:
        hs = [arange_values(s, numpy.float64) + i for i, s in enumerate(shapes)]
        try:
            expected = getattr(numpy, name)(hs)
        except ValueError:
            with pytest.raises(ValueError):
                getattr(cp, name)([cp.array(h) for h in hs])
            continue
        testing.assert_matches_numpy(getattr(cp, name)([cp.array(h) for h in hs]), expected)
    testing.assert_matches_numpy(cp.stack([cp.zeros(2), cp.ones(2)], axis=-1),
                                 numpy.stack([numpy.zeros(2), numpy.ones(2)], axis=-1))


@pytest.mark.parametrize("name,spec,axis", [
    ("split", 2, 0), ("split", [1, 3], 1), ("array_split", 3, 1), ("array_split", [1, 10], 0),
    ("array_split", [3, 1], 1), ("hsplit", 2, None), ("vsplit", [1], None), ("dsplit", 2, None),
])
def test_split(name, spec, axis):
    h, c = arange_pair((4, 6, 2))
    kw = {} if axis is None else {"axis": axis}
    got, expected = getattr(cp, name)(c, spec, **kw), getattr(numpy, name)(h, spec, **kw)
    assert isinstance(got, list)
    testing.assert_matches_numpy(got, expected)
    for g in got:
        assert g.base is c or g.size == 0 or g.base is c.base


def test_split_errors():
    for exc, f in [(ValueError, lambda m: m.split(m.zeros(5), 2)), (ValueError, lambda m: m.array_split(m.zeros(5), 0)),
                   (ValueError, lambda m: m.vsplit(m.zeros(5), 5)), (ValueError, lambda m: m.dsplit(m.zeros((2, 2)), 2)),
                   (ValueError, lambda m: m.hsplit(m.zeros(()), 1))]:
        testing.assert_raises_like_numpy(lambda: f(numpy), lambda: f(cp), expected=exc)


# ---- block / row_stack -------------------------------------------------------------------------

def test_block_forms():
    A = numpy.eye(2) * 2
    B = numpy.eye(3) * 3
    z23 = numpy.zeros((2, 3))
    z32 = numpy.zeros((3, 2), numpy.int32)
    dA, dB, d23, d32 = map(cp.array, (A, B, z23, z32))
    testing.assert_matches_numpy(cp.block([[dA, d23], [d32, dB]]), numpy.block([[A, z23], [z32, B]]))
    testing.assert_matches_numpy(cp.block([dA[0], dB[0], 5]), numpy.block([A[0], B[0], 5]))
    testing.assert_matches_numpy(cp.block([[1, 2], [3, 4]]), numpy.block([[1, 2], [3, 4]]))
    testing.assert_matches_numpy(cp.block(dA), numpy.block(A))
    testing.assert_matches_numpy(cp.block(7), numpy.block(7))
    testing.assert_matches_numpy(cp.block([[[dA]], [[dA]]]), numpy.block([[[A]], [[A]]]))
    a3 = numpy.arange(8).reshape(2, 2, 2)
    testing.assert_matches_numpy(cp.block([[cp.array(a3), cp.array(a3)]]), numpy.block([[a3, a3]]))
    testing.assert_matches_numpy(cp.block([]) if False else cp.block([dA]), numpy.block([A]))


def test_block_errors():
    A = numpy.eye(2)
    dA = cp.array(A)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A], A]), lambda: cp.block([[dA], dA]),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([A, [A]]), lambda: cp.block([dA, [dA]]),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([]), lambda: cp.block([]), expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A], []]), lambda: cp.block([[dA], []]),
                                     expected=ValueError)
    testing.assert_raises_like_numpy(lambda: numpy.block([(A, A)]), lambda: cp.block([(dA, dA)]),
                                     expected=TypeError)
    testing.assert_raises_like_numpy(lambda: numpy.block((A, A)), lambda: cp.block((dA, dA)),
                                     expected=TypeError)
    testing.assert_raises_like_numpy(lambda: numpy.block([[A, numpy.ones((3, 3))]]),
                                     lambda: cp.block([[dA, cp.ones((3, 3))]]), expected=ValueError)


def test_row_stack_deprecated():
    """V14-DEPRECATED: row_stack exists with NumPy 2's DeprecationWarning and is vstack (NumPy 2.5
    removed numpy.row_stack, so vstack is the reference)."""
    a, b = numpy.arange(3), numpy.arange(3, 6)
    with pytest.warns(DeprecationWarning, match="row_stack"):
        r = cp.row_stack([cp.array(a), cp.array(b)])
    n = numpy.vstack([a, b])
    n16 = numpy.vstack([a, b], dtype=numpy.float16)
    testing.assert_matches_numpy(r, n)
    with pytest.warns(DeprecationWarning):
        testing.assert_matches_numpy(cp.row_stack([cp.array(a), cp.array(b)], dtype=numpy.float16), n16)
