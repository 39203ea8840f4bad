"""cupric.cuda.compiler's compile_using_nvrtc/nvcc/hipcc and is_valid_kernel_name, and
cupric.cuda.Module/Function (CuPy's cupy.cuda.function) over cupric's module loading (issue 20)."""
import io
import shutil

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric import _core
from cupric.cuda import compiler

try:
    NVRTC = _core._nvrtc_version()
except Exception:  # noqa: BLE001 - no NVRTC on this machine
    NVRTC = None
needs_nvrtc = pytest.mark.skipif(NVRTC is None, reason="NVRTC (libnvrtc) not found")

SRC = r'''
extern "C" __global__ void fill(int* x, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = v + i;
}
template <class T> __global__ void twice(T* x) { x[threadIdx.x] *= 2; }
__device__ int counter = 5;
'''


def test_is_valid_kernel_name():
    assert compiler.is_valid_kernel_name("my_kernel1")
    assert compiler.is_valid_kernel_name("_k")
    for bad in ("1k", "k-1", "k<float>", "", "a b"):
        assert not compiler.is_valid_kernel_name(bad), bad


def test_exception_classes_and_hipcc():
    for cls in (compiler.NVCCException, compiler.HIPCCException, compiler.JitifyException):
        assert issubclass(cls, Exception)
    with pytest.raises(compiler.HIPCCException, match="cupric targets NVIDIA GPUs"):
        compiler.compile_using_hipcc(SRC)


@needs_nvrtc
def test_compile_using_nvrtc_for_an_arch_without_a_gpu():
    binary, mapping = compiler.compile_using_nvrtc(SRC, arch="sm_90", name_expressions=["twice<float>"])
    assert isinstance(binary, bytes) and binary[:4] == b"\x7fELF"  # a cubin
    assert mapping == {"twice<float>": "_Z5twiceIfEvPT_"}
    binary2, mapping2 = compiler.compile_using_nvrtc(SRC, arch="90")
    assert binary2[:4] == b"\x7fELF" and mapping2 is None
    with pytest.raises(compiler.CompileException, match="undefined"):
        compiler.compile_using_nvrtc("extern \"C\" __global__ void k() { undefined_thing(); }", arch=90)
    with pytest.raises(ValueError, match="arch must be like"):
        compiler.compile_using_nvrtc(SRC, arch="ampere")
    with pytest.raises(ValueError, match="jitify"):
        compiler.compile_using_nvrtc(SRC, arch=90, jitify=True)


def test_compile_using_nvcc_reports_a_missing_nvcc_or_compiles():
    if cuda.get_nvcc_path() is None:
        with pytest.raises(RuntimeError, match="nvcc was not found"):
            compiler.compile_using_nvcc(SRC, arch="sm_90")
        return
    log = io.StringIO()
    cubin = compiler.compile_using_nvcc(SRC, arch="sm_90", log_stream=log)
    assert cubin[:4] == b"\x7fELF"
    ptx = compiler.compile_using_nvcc(SRC, arch="90", code_type="ptx")
    assert b".version" in ptx
    with pytest.raises(compiler.NVCCException, match="failed"):
        compiler.compile_using_nvcc("this is not CUDA", arch="sm_90")


def test_module_needs_loading_and_checks_types():
    m = cuda.Module()
    with pytest.raises(RuntimeError, match="call load_file"):
        m.get_function("fill")
    with pytest.raises(TypeError, match="cubin must be bytes"):
        m.load(42)
    with pytest.raises(TypeError, match="module must be a cupric.cuda.Module"):
        cuda.Function(object(), "fill")
    with pytest.raises(FileNotFoundError):
        m.load_file("/nonexistent/kernel.cubin")


@pytest.mark.skipif(cupric._core._runtime.backend_is_cuda(), reason="the host backend's answer")
@needs_nvrtc
def test_module_binary_on_the_host_backend_raises_clearly():
    binary, _ = compiler.compile_using_nvrtc(SRC, arch="sm_90")
    with pytest.raises(RuntimeError, match="cannot run on the host backend"):
        cuda.Module().load(binary)


@pytest.mark.gpu
def test_module_and_function_on_the_gpu(tmp_path):
    cc = cuda.Device().compute_capability
    binary, mapping = compiler.compile_using_nvrtc(SRC, arch=f"sm_{cc}", name_expressions=["twice<float>"])
    m = cuda.Module()
    m.load(binary)
    x = cupric.zeros(1000, dtype=cupric.int32)
    f = m.get_function("fill")
    f((4,), (256,), (x, numpy.int32(1000), numpy.int32(7)))
    numpy.testing.assert_array_equal(x.get(), numpy.arange(1000) + 7)
    f.linear_launch(1000, (x, numpy.int32(1000), numpy.int32(-1)), block_max_size=64)
    numpy.testing.assert_array_equal(x.get(), numpy.arange(1000) - 1)
    assert f.num_regs > 0 and f.max_threads_per_block > 0
    y = cupric.arange(32, dtype=cupric.float32)
    m.get_function(mapping["twice<float>"])((1,), (32,), (y,))
    numpy.testing.assert_array_equal(y.get(), numpy.arange(32, dtype=numpy.float32) * 2)
    g = m.get_global_var("counter")
    out = numpy.zeros(1, numpy.int32)
    g.copy_to_host(out.ctypes.data, 4)
    assert out[0] == 5
    path = tmp_path / "k.cubin"
    path.write_bytes(binary)
    m2 = cuda.Module()
    m2.load_file(str(path))
    m2.get_function("fill")((1,), (8,), (x, numpy.int32(8), numpy.int32(3)))
    assert int(x[7]) == 10
    if shutil.which("nvcc"):
        m3 = cuda.Module()
        m3.load(compiler.compile_using_nvcc(SRC, arch=f"sm_{cc}"))
        m3.get_function("fill")((1,), (8,), (x, numpy.int32(8), numpy.int32(0)))
        assert int(x[7]) == 7
