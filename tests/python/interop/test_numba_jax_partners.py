"""Exchange with Numba-CUDA (the CUDA Array Interface both ways) and JAX (DLPack both ways) on the
GPU. Each test skips where the partner is not installed or sees no GPU (neither is in CI, and the
lent GPU machine may not have them); tests/python/interop/test_torch_partner.py and
test_cupy_partner.py cover PyTorch and CuPy."""
import numpy
import pytest

import cupric as cp
from cupric import testing

pytestmark = pytest.mark.gpu


def _numba_cuda():
    numba_cuda = pytest.importorskip("numba.cuda")
    if not numba_cuda.is_available():
        pytest.skip("Numba sees no CUDA GPU")
    return numba_cuda


def _jax_numpy():
    jax = pytest.importorskip("jax")
    try:
        jax.devices("gpu")
    except RuntimeError:
        pytest.skip("JAX sees no GPU (a CPU-only jaxlib)")
    import jax.numpy as jnp
    return jnp


def test_numba_reads_cupric_cai_zero_copy():
    nc = _numba_cuda()
    x = cp.arange(12.0).reshape(3, 4)
    d = nc.as_cuda_array(x)  # Numba waits for the stream cupric's interface names
    assert d.__cuda_array_interface__["data"][0] == x._data_ptr
    assert d.shape == x.shape and d.strides == x.strides
    numpy.testing.assert_array_equal(d.copy_to_host(), x.get())
    d.copy_to_device(numpy.full((3, 4), 5.0))  # Numba writes, cupric sees it
    testing.assert_array_equal(x, numpy.full((3, 4), 5.0))
    v = cp.arange(24, dtype=cp.int32).reshape(4, 6)[::2, 1::2]
    dv = nc.as_cuda_array(v)
    assert dv.__cuda_array_interface__["data"][0] == v._data_ptr
    assert dv.shape == v.shape and dv.strides == v.strides


def test_cupric_reads_numba_cai_zero_copy():
    nc = _numba_cuda()
    h = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    d = nc.to_device(h)
    x = cp.asarray(d)
    assert x._data_ptr == d.__cuda_array_interface__["data"][0]
    testing.assert_array_equal(x, h)
    x.fill(7)  # cupric writes, Numba sees it
    numpy.testing.assert_array_equal(d.copy_to_host(), numpy.full((3, 4), 7, numpy.int32))
    del d  # the cupric array keeps Numba's allocation alive
    testing.assert_array_equal(x, numpy.full((3, 4), 7, numpy.int32))


def test_jax_from_dlpack_of_cupric():
    jnp = _jax_numpy()
    x = cp.arange(12, dtype=cp.float32).reshape(3, 4)
    j = jnp.from_dlpack(x)
    numpy.testing.assert_array_equal(numpy.asarray(j), numpy.arange(12, dtype=numpy.float32).reshape(3, 4))


def test_cupric_from_dlpack_of_jax():
    jnp = _jax_numpy()
    j = jnp.arange(12, dtype=jnp.float32).reshape(3, 4) * 2
    x = cp.from_dlpack(j)  # zero copy, or a copy where JAX marks its buffer read-only
    testing.assert_array_equal(x, numpy.arange(12, dtype=numpy.float32).reshape(3, 4) * 2)
