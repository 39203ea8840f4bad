"""The default memory pool as CuPy users watch it: used/total bytes, freeing blocks, a limit."""
import sys

import numpy as np
import cupy as cp


def main():
    pool = cp.get_default_memory_pool()
    pool.free_all_blocks()
    before = pool.used_bytes()
    a = cp.zeros(100, dtype=cp.float32)          # 400 bytes, rounded up to 512
    used_with_a = pool.used_bytes() - before
    del a
    used_after_del = pool.used_bytes() - before
    held = pool.total_bytes()
    pool.free_all_blocks()
    freed_total = pool.total_bytes()
    return {"used_with_a": np.asarray(used_with_a), "used_after_del": np.asarray(used_after_del),
            "held_positive": np.asarray(held >= 512), "freed_total": np.asarray(freed_total)}


if __name__ == "__main__":
    res = main()
    print({k: int(v) for k, v in res.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
