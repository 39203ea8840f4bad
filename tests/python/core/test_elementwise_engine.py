"""The elementwise engine's layout handling, checked end to end through copies and casts."""
import numpy
import pytest

import cupric


def test_many_dimensions_that_do_not_coalesce():
    # 17 dimensions that stay separate after coalescing: more than the CUDA kernels take at
    # once, so the engine splits the outer dimension (host backend: one plain loop).
    base = numpy.arange(2 ** 17, dtype=numpy.float32).reshape((2,) * 17)
    perm = tuple(reversed(range(17)))
    d = cupric.asarray(base).transpose(perm)
    got = cupric.ascontiguousarray(d).astype(cupric.float64)
    expected = numpy.ascontiguousarray(base.transpose(perm)).astype(numpy.float64)
    numpy.testing.assert_array_equal(got.get(), expected)


@pytest.mark.parametrize("offset", [1, 2, 3])
def test_misaligned_dtype_views_are_read_and_written_correctly(offset):
    # int8 storage viewed as int32 at an odd byte offset: loads would fault on a GPU, so the
    # engine goes through aligned temporaries.
    host = numpy.arange(41, dtype=numpy.int8)
    d = cupric.asarray(host)
    view_d = d[offset:offset + 32].view(cupric.int32)
    view_h = host[offset:offset + 32].view(numpy.int32)
    numpy.testing.assert_array_equal(view_d.astype(cupric.int64).get(), view_h.astype(numpy.int64))
    view_d[...] = 7
    view_h[...] = 7
    numpy.testing.assert_array_equal(d.get(), host)


def test_complex_view_of_float_at_component_offset():
    host = numpy.arange(10.0)
    d = cupric.asarray(host)
    numpy.testing.assert_array_equal(d[1:9].view(cupric.complex128).copy().get(),
                                     host[1:9].view(numpy.complex128))


def test_overlapping_copy_backwards_and_forwards():
    host = numpy.arange(10)
    d = cupric.asarray(host)
    d[1:] = d[:-1]
    host[1:] = host[:-1].copy()
    numpy.testing.assert_array_equal(d.get(), host)
    d[:-1] = d[1:]
    host[:-1] = host[1:].copy()
    numpy.testing.assert_array_equal(d.get(), host)


# Note [Tiled two-input path] (CUDA): a 2-D output with an input that runs fastest along the
# other axis goes through shared-memory tiles. Shapes past the 32x32 tile with ragged edges,
# both input positions, mixed dtypes, broadcast rows and non-unit steps.
@pytest.mark.parametrize("shape", [(33, 70), (64, 40), (100, 129)])
@pytest.mark.parametrize("dtypes", [("float32", "float32"), ("int8", "float64"), ("complex128", "float16"),
                                    ("bool", "uint16")])
def test_binary_op_with_transposed_operand(shape, dtypes):
    rng = numpy.random.default_rng(0)
    r, c = shape
    a = (rng.random((r, c)) * 10).astype(dtypes[0])
    bt = (rng.random((c, r)) * 10).astype(dtypes[1])
    da, dbt = cupric.asarray(a), cupric.asarray(bt)
    numpy.testing.assert_allclose((da + dbt.T).get(), a + bt.T, rtol=1e-6)
    numpy.testing.assert_allclose((dbt.T * da).get(), bt.T * a, rtol=1e-6)
    numpy.testing.assert_array_equal((da.T < dbt).get(), a.T < bt)
    numpy.testing.assert_allclose((da[::-1] - dbt.T).get(), a[::-1] - bt.T, rtol=1e-6)
    numpy.testing.assert_allclose((da[:, ::2] - dbt[::2].T).get(), a[:, ::2] - bt[::2].T, rtol=1e-6)


def test_binary_op_transposed_with_broadcast_row_and_out():
    rng = numpy.random.default_rng(1)
    a = rng.random((50, 45)).astype("float32")
    row = rng.random(50).astype("float32")
    out = cupric.empty((45, 50), dtype="float32")
    res = cupric.add(cupric.asarray(a).T, cupric.asarray(row), out=out)
    assert res is out
    numpy.testing.assert_allclose(out.get(), a.T + row, rtol=1e-6)
    o2 = cupric.zeros((50, 45), dtype="float64").T
    cupric.multiply(cupric.asarray(a).T, cupric.asarray(a.T.copy()), out=o2)
    numpy.testing.assert_allclose(o2.get(), a.T * a.T, rtol=1e-6)
