"""cupric.cuda.nvtx (V8-AVAILABLE): the calls work, or are no-ops where NVTX is missing."""
import pytest


# ---- NVTX ------------------------------------------------------------------------------------------

def test_v8_available_nvtx_calls_work_or_are_no_ops():
    from cupric.cuda import nvtx
    assert isinstance(nvtx.available, bool)
    nvtx.Mark("cupric mark")
    nvtx.Mark("colored", id_color=3)
    nvtx.MarkC("argb", 0xFF00FF00)
    d = nvtx.RangePush("outer", id_color=1)
    d2 = nvtx.RangePushC("inner", 0xFF112233)
    assert isinstance(d, int) and isinstance(d2, int)
    if nvtx.available:
        assert nvtx.RangePop() >= 0 or True
    else:
        assert (d, d2) == (-1, -1)
        assert nvtx.RangePop() == -1
    nvtx.RangePop()
    with nvtx.range("ctx", id_color=2):
        with nvtx.range("ctx2", argb_color=0xFFFFFFFF):
            pass
    with pytest.raises(TypeError):
        nvtx.Mark(b"bytes")
    with pytest.raises(ValueError):
        nvtx.MarkC("x", -1)
    with pytest.raises(AttributeError):
        nvtx.no_such_name  # noqa: B018


def test_range_start_and_end_across_threads():
    import threading
    from cupric.cuda import nvtx
    rid = nvtx.RangeStart("started here", id_color=4)
    rid2 = nvtx.RangeStartC("argb", 0xFF336699)
    assert isinstance(rid, int) and isinstance(rid2, int)
    if not nvtx.available:
        assert (rid, rid2) == (0, 0)
    t = threading.Thread(target=nvtx.RangeEnd, args=(rid,))  # a range may end on another thread
    t.start()
    t.join()
    nvtx.RangeEnd(rid2)
    nvtx.RangeEnd(0)  # an unknown id is ignored, as NVTX does
    with pytest.raises(TypeError):
        nvtx.RangeStart(42)
    with pytest.raises(ValueError):
        nvtx.RangeStartC("x", 1 << 40)
