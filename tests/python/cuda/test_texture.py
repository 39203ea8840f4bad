"""cupric.cuda.texture: CUDA arrays (copies work on every backend) and texture/surface objects
(GPU only; a clear error on the host backend: Note [Texture memory] in src/runtime/texture.cpp)."""
import numpy
import pytest

import cupric
from cupric.cuda import runtime
from cupric.cuda import texture

ON_GPU = cupric._core._runtime.backend_is_cuda()
FLOAT = runtime.cudaChannelFormatKindFloat
SIGNED = runtime.cudaChannelFormatKindSigned
UNSIGNED = runtime.cudaChannelFormatKindUnsigned


@pytest.mark.parametrize("dims", [(10,), (4, 10), (3, 4, 10)])
@pytest.mark.parametrize("fmt, dtype", [((32, 0, 0, 0, FLOAT), numpy.float32),
                                        ((16, 16, 0, 0, SIGNED), numpy.int16),
                                        ((8, 8, 8, 8, UNSIGNED), numpy.uint8)])
@pytest.mark.parametrize("xp", ["numpy", "cupric"])
def test_cuda_array_round_trip(dims, fmt, dtype, xp):
    desc = texture.ChannelFormatDescriptor(*fmt)
    nch = sum(1 for b in fmt[:4] if b)
    width = dims[-1]
    height = dims[-2] if len(dims) > 1 else 0
    depth = dims[-3] if len(dims) > 2 else 0
    arr = texture.CUDAarray(desc, width, height, depth)
    assert arr.ndim == len(dims) and arr.ptr != 0
    shape = dims[:-1] + (width * nch,)
    src = (numpy.arange(numpy.prod(shape)) % 100).astype(dtype).reshape(shape)
    dst = numpy.zeros_like(src)
    if xp == "cupric":
        arr.copy_from(cupric.asarray(src))
        out = cupric.zeros(shape, dtype)
        arr.copy_to(out)
        dst = out.get()
    else:
        arr.copy_from(src)
        arr.copy_to(dst)
    numpy.testing.assert_array_equal(dst, src)


def test_cuda_array_copy_on_a_stream():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    arr = texture.CUDAarray(desc, 8, 2)
    s = cupric.cuda.Stream()
    src = cupric.arange(16, dtype=numpy.float32).reshape(2, 8)
    arr.copy_from(src, s)
    out = numpy.empty((2, 8), numpy.float32)
    arr.copy_to(out, s)
    numpy.testing.assert_array_equal(out, src.get())


def test_cuda_array_checks_shape_dtype_layout():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    arr = texture.CUDAarray(desc, 8, 2)
    with pytest.raises(ValueError, match="shape"):
        arr.copy_from(numpy.zeros((8, 2), numpy.float32))
    with pytest.raises(ValueError, match="dtype"):
        arr.copy_from(numpy.zeros((2, 8), numpy.float64))
    with pytest.raises(ValueError, match="C-contiguous"):
        arr.copy_from(numpy.zeros((8, 2), numpy.float32).T)
    with pytest.raises(TypeError, match="numpy.ndarray"):
        arr.copy_to([[0.0] * 8] * 2)
    with pytest.raises(TypeError, match="ChannelFormatDescriptor"):
        texture.CUDAarray((32, 0, 0, 0, FLOAT), 8)
    with pytest.raises(ValueError, match="width > 0"):
        texture.CUDAarray(desc, 0)
    with pytest.raises(ValueError, match="at least one channel"):
        texture.ChannelFormatDescriptor(0, 0, 0, 0, FLOAT)
    with pytest.raises(ValueError, match="channel format kind"):
        texture.ChannelFormatDescriptor(32, 0, 0, 0, 7)


def test_descriptors_as_dicts():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    assert desc.get_channel_format() == {"x": 32, "y": 0, "z": 0, "w": 0, "f": FLOAT}
    arr = texture.CUDAarray(desc, 4, 4)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    assert res.get_resource_desc() == {"resType": runtime.cudaResourceTypeArray, "array": {"array": arr.ptr}}
    tex = texture.TextureDescriptor([runtime.cudaAddressModeClamp] * 2, runtime.cudaFilterModeLinear,
                                    runtime.cudaReadModeElementType, borderColors=(1, 2), normalizedCoords=1)
    d = tex.get_texture_desc()
    assert d["addressMode"] == (1, 1, 0) and d["filterMode"] == 1 and d["borderColor"] == (1.0, 2.0, 0.0, 0.0)
    assert d["normalizedCoords"] == 1
    with pytest.raises(ValueError, match="needs cuArr"):
        texture.ResourceDescriptor(runtime.cudaResourceTypeArray)
    with pytest.raises(ValueError, match="needs arr and chDesc"):
        texture.ResourceDescriptor(runtime.cudaResourceTypeLinear)
    with pytest.raises(ValueError, match="unsupported resource type"):
        texture.ResourceDescriptor(runtime.cudaResourceTypeMipmappedArray)
    lin = texture.ResourceDescriptor(runtime.cudaResourceTypeLinear, arr=cupric.zeros(4, numpy.float32),
                                     chDesc=desc, sizeInBytes=16)
    assert lin.get_resource_desc()["linear"]["sizeInBytes"] == 16


@pytest.mark.skipif(ON_GPU, reason="the host backend's error")
def test_texture_objects_need_a_gpu_on_the_host_backend():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    arr = texture.CUDAarray(desc, 4, 4)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    with pytest.raises(RuntimeError, match="texture object needs the CUDA backend"):
        texture.TextureObject(res, texture.TextureDescriptor())
    with pytest.raises(RuntimeError, match="surface object needs the CUDA backend"):
        texture.SurfaceObject(res)


_TEX_SOURCE = r'''
extern "C" __global__ void fetch(float* out, cudaTextureObject_t tex, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}
extern "C" __global__ void shift(cudaTextureObject_t tex, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float>(tex, i) * 2.0f;
}
extern "C" __global__ void surf_write(cudaSurfaceObject_t surf, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w && y < h) surf2Dwrite<float>(float(y * 100 + x), surf, x * 4, y);
}
'''


@pytest.mark.gpu
def test_texture_object_fetches_the_array():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    h, w = 5, 7
    arr = texture.CUDAarray(desc, w, h)
    src = numpy.arange(h * w, dtype=numpy.float32).reshape(h, w)
    arr.copy_from(src)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    tex = texture.TextureDescriptor([runtime.cudaAddressModeClamp] * 2, runtime.cudaFilterModePoint,
                                    runtime.cudaReadModeElementType)
    obj = texture.TextureObject(res, tex)
    assert obj.ptr != 0
    mod = cupric.RawModule(code=_TEX_SOURCE)
    out = cupric.zeros((h, w), numpy.float32)
    mod.get_function("fetch")((1, h), (32,), (out, obj.ptr, numpy.int32(w), numpy.int32(h)))
    numpy.testing.assert_array_equal(out.get(), src)


@pytest.mark.gpu
def test_linear_texture_and_surface_write():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    lin = cupric.arange(10, dtype=numpy.float32)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeLinear, arr=lin, chDesc=desc, sizeInBytes=40)
    obj = texture.TextureObject(res, texture.TextureDescriptor(readMode=runtime.cudaReadModeElementType))
    mod = cupric.RawModule(code=_TEX_SOURCE)
    out = cupric.zeros(10, numpy.float32)
    mod.get_function("shift")((1,), (32,), (obj.ptr, out, numpy.int32(10)))
    numpy.testing.assert_array_equal(out.get(), numpy.arange(10, dtype=numpy.float32) * 2)

    h, w = 3, 6
    arr = texture.CUDAarray(desc, w, h, flags=runtime.cudaArraySurfaceLoadStore)
    surf = texture.SurfaceObject(texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr))
    mod.get_function("surf_write")((1, h), (32,), (surf.ptr, numpy.int32(w), numpy.int32(h)))
    got = numpy.zeros((h, w), numpy.float32)
    arr.copy_to(got)
    numpy.testing.assert_array_equal(got, numpy.add.outer(numpy.arange(h) * 100, numpy.arange(w)))


def test_runtime_texture_functions_check_their_arguments():
    with pytest.raises(TypeError, match="ResourceDescriptor"):
        runtime.createTextureObject(object(), texture.TextureDescriptor())
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=texture.CUDAarray(desc, 4))
    with pytest.raises(TypeError, match="TextureDescriptor"):
        runtime.createTextureObject(res, None)
    if not ON_GPU:
        with pytest.raises(RuntimeError, match="needs the CUDA backend"):
            runtime.createTextureObject(res, texture.TextureDescriptor())
        with pytest.raises(RuntimeError, match="needs the CUDA backend"):
            runtime.createSurfaceObject(res)


@pytest.mark.gpu
def test_runtime_texture_functions_on_the_gpu():
    desc = texture.ChannelFormatDescriptor(32, 0, 0, 0, FLOAT)
    arr = texture.CUDAarray(desc, 4, 4, flags=runtime.cudaArraySurfaceLoadStore)
    res = texture.ResourceDescriptor(runtime.cudaResourceTypeArray, cuArr=arr)
    t = runtime.createTextureObject(res, texture.TextureDescriptor())
    s = runtime.createSurfaceObject(res)
    assert t != 0 and s != 0
    runtime.destroyTextureObject(t)
    runtime.destroySurfaceObject(s)
