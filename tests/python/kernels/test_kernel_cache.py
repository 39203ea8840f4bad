"""The compile cache of user kernels (Note [Kernel cache] in src/jit/cache.cpp): memory and disk hits,
a fresh process reusing the disk cache, corrupted and truncated entries rebuilt (never loaded),
CUPRIC_CACHE_IN_MEMORY=1. Runs on both backends (the host compiler or NVRTC fill the same cache)."""
import os
import subprocess
import sys

import numpy
import pytest

import cupric
from cupric import _core


def stats():
    return dict(_core._jit_cache_stats())


def entries(root):
    found = []
    for d, _, files in os.walk(root):
        found += [os.path.join(d, f) for f in files if f.endswith((".so", ".bin"))]
    return found


def make_kernel(tag):
    # a new source each time (the tag is part of it), so each test starts cold
    return cupric.ElementwiseKernel("T x", "T y", f"y = x * 2 + {tag}", f"cache_test_{tag}")


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CUPRIC_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("CUPRIC_CACHE_IN_MEMORY", raising=False)
    _core._jit_clear_memory_caches()
    yield tmp_path
    _core._jit_clear_memory_caches()


def run(kernel, tag):
    x = cupric.arange(5, dtype=numpy.float64)
    numpy.testing.assert_array_equal(kernel(x).get(), numpy.arange(5) * 2 + tag)


def test_cache_miss_then_memory_and_disk_hits(cache_dir):
    s0 = stats()
    run(make_kernel(1), 1)
    s1 = stats()
    assert s1["compiles"] == s0["compiles"] + 1
    files = entries(cache_dir)
    assert len(files) == 1
    # sharded by the key's first two hex digits
    name = os.path.basename(files[0])
    assert os.path.basename(os.path.dirname(files[0])) == name[:2]
    # a new kernel object with the same source: no compile (memory hit)
    run(make_kernel(1), 1)
    s2 = stats()
    assert s2["compiles"] == s1["compiles"] and s2["memory_hits"] > s1["memory_hits"]
    # memory dropped: the disk entry is used
    _core._jit_clear_memory_caches()
    run(make_kernel(1), 1)
    s3 = stats()
    assert s3["compiles"] == s2["compiles"] and s3["disk_hits"] == s2["disk_hits"] + 1


@pytest.mark.parametrize("damage", ["flip_byte", "truncate", "empty", "garbage_trailer"])
def test_cache_corrupted_entry_is_rebuilt(cache_dir, damage):
    run(make_kernel(2), 2)
    [path] = entries(cache_dir)
    data = bytearray(open(path, "rb").read())
    if damage == "flip_byte":
        data[len(data) // 3] ^= 0xFF
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "empty":
        data = bytearray()
    else:
        data[-5] ^= 0x01
    with open(path, "wb") as f:
        f.write(data)
    _core._jit_clear_memory_caches()
    s0 = stats()
    run(make_kernel(2), 2)  # still correct: rebuilt, not loaded
    s1 = stats()
    assert s1["corrupted"] == s0["corrupted"] + 1
    assert s1["compiles"] == s0["compiles"] + 1
    # the rebuilt entry is valid again
    _core._jit_clear_memory_caches()
    run(make_kernel(2), 2)
    assert stats()["disk_hits"] == s1["disk_hits"] + 1


def test_cache_in_memory_only(cache_dir, monkeypatch):
    monkeypatch.setenv("CUPRIC_CACHE_IN_MEMORY", "1")
    run(make_kernel(3), 3)
    assert entries(cache_dir) == []
    s = stats()
    run(make_kernel(3), 3)
    assert stats()["compiles"] == s["compiles"]


def test_cache_key_changes_with_source_and_types(cache_dir):
    k = make_kernel(4)
    run(k, 4)
    k(cupric.arange(3, dtype=numpy.int32))  # another specialisation
    make_kernel(5)(cupric.arange(3, dtype=numpy.float64))
    assert len(entries(cache_dir)) == 3


def test_cache_fresh_process_uses_disk(cache_dir):
    code = ("import cupric, numpy; from cupric import _core\n"
            "k = cupric.ElementwiseKernel('T x', 'T y', 'y = x * 2 + 6', 'cache_test_6')\n"
            "assert (k(cupric.arange(4.0)).get() == numpy.arange(4.0) * 2 + 6).all()\n"
            "print(_core._jit_cache_stats()['compiles'], _core._jit_cache_stats()['disk_hits'])\n")
    env = dict(os.environ, CUPRIC_CACHE_DIR=str(cache_dir))
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert first.stdout.split() == ["1", "0"]
    assert second.stdout.split() == ["0", "1"]


def test_cache_dir_default(monkeypatch):
    monkeypatch.delenv("CUPRIC_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", "/some/home")
    assert _core._jit_cache_dir() == "/some/home/.cupric/kernel_cache"


def test_header_set_is_embedded():
    names = [n for n, _ in _core._jit_header_set()]
    assert names == ["cupric/config.hpp", "cupric/complex.hpp", "cupric/half.hpp", "cupric/jit/device.hpp",
                     "cupric/jit/host_cuda.hpp", "cupric/jit/host_launch.hpp"]
    assert len(_core._jit_header_set_hash()) == 32


def test_no_compile_with_cache_V13_NO_COMPILE_WITH_CACHE():
    assert not hasattr(cupric.cuda, "compile_with_cache")
