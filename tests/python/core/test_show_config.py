"""show_config and library discovery (ENV-3, ENV-4, V6-LIBS, V8-AVAILABLE, V9-IMPORT)."""
import io
import subprocess
import sys

import cupric

COMPONENTS = ["runtime", "driver", "nvrtc", "cublas", "cufft", "curand", "cusolver", "cusparse", "nccl",
              "nvjitlink"]


def test_env3_show_config_lists_every_cuda_component():
    buf = io.StringIO()
    cupric.show_config(_file=buf)
    text = buf.getvalue()
    for comp in COMPONENTS:
        line = [ln for ln in text.splitlines() if ln.startswith(f"CUDA {comp} ")]
        assert len(line) == 1, (comp, text)
        value = line[0].split(":", 1)[1].strip()
        assert value.startswith("MISSING - not found") or "/" in value, value  # a version and a path


def test_env3_missing_library_says_how_to_install():
    from cupric import _libraries
    for comp in COMPONENTS:
        info = _libraries.find(comp)
        if not info["found"]:
            assert "install" in info["error"]
        else:
            assert info["path"]
    bad = _libraries.find("no-such-lib")
    assert not bad["found"] and "unknown" in bad["error"]


def test_v6_libs_reported_path_is_the_loaded_file():
    import os
    from cupric import _libraries
    for comp in COMPONENTS:
        info = _libraries.find(comp)
        if info["found"]:
            assert os.path.isabs(info["path"]) or info["path"].startswith("lib")


def test_import_loads_no_cuda_library_and_no_nccl_module():
    code = ("import sys, cupric; maps = open('/proc/self/maps').read(); "
            "print(any(n in maps for n in ('libcublas', 'libcufft', 'libnvrtc', 'libnccl', 'libcusparse'))); "
            "print('cupric.cuda.nccl' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_v9_import_nccl_explicitly_and_v8_available_flags():
    import cupric.cuda.nccl as nccl
    import cupric.cuda.nvtx as nvtx
    assert isinstance(nccl.available, bool)
    assert isinstance(nvtx.available, bool)
