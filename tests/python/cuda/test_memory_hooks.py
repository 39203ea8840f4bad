"""cupric.cuda.memory_hook / memory_hooks: hooks installed per thread and called by the device
pool with CuPy's arguments and order (Note [Memory hooks] in src/runtime/memory_hook.cpp)."""
import io
import json
import threading

import numpy
import pytest

import cupric
import cupric.cuda as cuda
from cupric.cuda import memory_hook, memory_hooks


class Recorder(memory_hook.MemoryHook):
    name = "Recorder"

    def __init__(self, name=None):
        if name:
            self.name = name
        self.events = []

    def _rec(point):
        def f(self, **kw):
            self.events.append((point, kw))
        return f

    alloc_preprocess = _rec("alloc_pre")
    alloc_postprocess = _rec("alloc_post")
    malloc_preprocess = _rec("malloc_pre")
    malloc_postprocess = _rec("malloc_post")
    free_preprocess = _rec("free_pre")
    free_postprocess = _rec("free_post")


def test_hooks_see_malloc_alloc_and_free_with_cupys_arguments(pool):
    h = Recorder()
    dev = cuda.get_device_id()
    with h:
        a = cupric.empty(100, numpy.float32)  # 400 bytes -> 512 rounded, a new segment
        ptr = a.data.ptr
        del a
    points = [p for p, _ in h.events]
    assert points == ["malloc_pre", "alloc_pre", "alloc_post", "malloc_post", "free_pre", "free_post"]
    kw = dict(h.events)
    assert kw["malloc_pre"] == {"device_id": dev, "size": 400, "mem_size": 512}
    assert kw["alloc_pre"] == {"device_id": dev, "mem_size": 512}
    assert kw["alloc_post"]["mem_ptr"] == ptr and kw["alloc_post"]["mem_size"] == 512
    post = kw["malloc_post"]
    assert post["mem_ptr"] == ptr and post["size"] == 400 and post["mem_size"] == 512
    assert post["pmem_id"] != 0
    assert kw["free_pre"] == {"device_id": dev, "mem_size": 512, "mem_ptr": ptr, "pmem_id": post["pmem_id"]}
    assert kw["free_post"] == kw["free_pre"]


def test_reused_block_calls_no_alloc_hook(pool):
    cupric.empty(64, numpy.float64)  # made and freed: its block stays cached
    h = Recorder()
    with h:
        b = cupric.empty(64, numpy.float64)
    assert [p for p, _ in h.events] == ["malloc_pre", "malloc_post"]
    del b


def test_pre_hooks_in_order_post_hooks_reversed(pool):
    order = []

    class Named(memory_hook.MemoryHook):
        def __init__(self, name):
            self.name = name

        def malloc_preprocess(self, **kw):
            order.append(("pre", self.name))

        def malloc_postprocess(self, **kw):
            order.append(("post", self.name))

    with Named("first"), Named("second"):
        x = cupric.empty(10)
    assert order == [("pre", "first"), ("pre", "second"), ("post", "second"), ("post", "first")]
    del x


def test_same_name_twice_raises_and_exit_uninstalls(pool):
    h = Recorder()
    with h:
        with pytest.raises(RuntimeError, match="Memory hook Recorder already exists"):
            with Recorder():
                pass
        assert list(memory_hook.get_memory_hooks()) == ["Recorder"]
    assert not memory_hook.get_memory_hooks()
    assert not cupric._core._runtime.thread_has_memory_hook()
    n = len(h.events)
    cupric.empty(10)
    assert len(h.events) == n


def test_hooks_are_per_thread(pool):
    h = Recorder()
    other_events = []

    def work():
        other_events.append(len(memory_hook.get_memory_hooks()))
        cupric.empty(32)

    with h:
        t = threading.Thread(target=work)
        t.start()
        t.join()
    assert other_events == [0]
    assert h.events == []


def test_hooks_not_called_for_unpooled_allocator(pool):
    h = Recorder()
    with h, cuda.using_allocator(None):
        x = cupric.empty(10)
    assert h.events == []
    del x


def test_raising_preprocess_propagates_and_allocates_nothing(pool):
    class Refuse(memory_hook.MemoryHook):
        name = "Refuse"

        def malloc_preprocess(self, **kw):
            raise MemoryError("refused by hook")

    used = pool.used_bytes()
    with Refuse():
        with pytest.raises(MemoryError, match="refused by hook"):
            cupric.empty(1000)
    assert pool.used_bytes() == used


def test_debug_print_hook_prints_cupys_json_lines(pool):
    out = io.StringIO()
    with memory_hooks.DebugPrintHook(file=out):
        a = cupric.arange(3.0)
        ptr = a.data.ptr
        del a
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [d["hook"] for d in lines] == ["alloc", "malloc", "free"]
    assert lines[0] == {"hook": "alloc", "device_id": cuda.get_device_id(), "mem_size": 512, "mem_ptr": ptr}
    assert lines[1]["size"] == 24 and lines[1]["mem_size"] == 512 and lines[1]["mem_ptr"] == ptr
    assert lines[1]["pmem_id"].startswith("0x") and lines[1]["pmem_id"] == lines[2]["pmem_id"]


def test_line_profile_hook_reports_this_line(pool):
    hook = memory_hooks.LineProfileHook()
    with hook:
        a = cupric.empty(1024, numpy.uint8)  # the line the report names
        del a
    out = io.StringIO()
    hook.print_report(file=out)
    text = out.getvalue().splitlines()
    assert text[0] == "_root (1.00KB, 1.00KB)"
    mine = [t for t in text if "test_line_profile_hook_reports_this_line" in t]
    assert mine and mine[-1].strip().endswith("(1.00KB, 1.00KB)")
    assert __file__ in mine[-1]


def test_line_profile_hook_max_depth(pool):
    hook = memory_hooks.LineProfileHook(max_depth=1)
    with hook:
        cupric.empty(600, numpy.uint8)
    out = io.StringIO()
    hook.print_report(file=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "_root (1.00KB, 1.00KB)"
    assert len(lines) == 2 and lines[1].startswith("  ")
