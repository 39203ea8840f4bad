"""DebugPrintHook: prints each malloc, alloc and free of the memory pool as a JSON line."""
import sys

from cupric.cuda import memory_hook


class DebugPrintHook(memory_hook.MemoryHook):
    """Prints, after each pool event of the thread, one JSON line (CuPy's format)::

        {"hook":"alloc","device_id":0,"mem_size":512,"mem_ptr":150496608256}
        {"hook":"malloc","device_id":0,"size":24,"mem_size":512,"mem_ptr":150496608256,"pmem_id":"0x7f39200c5278"}
        {"hook":"free","device_id":0,"mem_size":512,"mem_ptr":150496608256,"pmem_id":"0x7f39200c5278"}

    Args:
        file: where to write (default sys.stdout).
        flush (bool): flush after each line (default True).
    """

    name = "DebugPrintHook"

    def __init__(self, file=sys.stdout, flush=True):
        self.file = file
        self.flush = flush

    def _print(self, msg):
        self.file.write(msg)
        self.file.write("\n")
        if self.flush:
            self.file.flush()

    def alloc_postprocess(self, **kwargs):
        self._print('{"hook":"alloc","device_id":%d,"mem_size":%d,"mem_ptr":%d}'
                    % (kwargs["device_id"], kwargs["mem_size"], kwargs["mem_ptr"]))

    def malloc_postprocess(self, **kwargs):
        self._print('{"hook":"malloc","device_id":%d,"size":%d,"mem_size":%d,"mem_ptr":%d,"pmem_id":"%s"}'
                    % (kwargs["device_id"], kwargs["size"], kwargs["mem_size"], kwargs["mem_ptr"],
                       hex(kwargs["pmem_id"])))

    def free_postprocess(self, **kwargs):
        self._print('{"hook":"free","device_id":%d,"mem_size":%d,"mem_ptr":%d,"pmem_id":"%s"}'
                    % (kwargs["device_id"], kwargs["mem_size"], kwargs["mem_ptr"], hex(kwargs["pmem_id"])))
