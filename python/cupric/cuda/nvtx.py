"""cupric.cuda.nvtx: NVTX ranges for profilers. `available` is False: cupric does not implement
NVTX markers yet (V8-AVAILABLE flags what is usable)."""
available = False
