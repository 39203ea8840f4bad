"""Diagnostics for first-call latency (not a benchmark of record): the size of each CUDA module
in cupric's extension and what loading it costs, on the GPU machine.

    python bench/module_load_probe.py     # MODULE lines: size, cuModuleLoadData time, name

cuobjdump -xelf extracts every embedded cubin (one per CUDA translation unit: a kernel family
unit, a .cu source); each is then loaded with cuModuleLoadData through CuPy's driver binding
(in a process of its own, CUDA_MODULE_LOADING as inherited), largest first. With lazy loading
(CUDA's default) a kernel's first launch pays its module's load: this says which modules a first
call should avoid being large.
"""
import glob
import os
import subprocess
import sys
import tempfile
import time


# Kernel-name fragments that say which family a cubin holds (its symbols are mangled names).
_MARKERS = ["xorwow", "normal_fast", "Philox", "permutation", "Less", "Greater", "Add", "reduce", "scan",
            "sort", "gather", "copy", "cast", "spmv", "fft"]


def main():
    import cupric
    so = sorted(glob.glob(os.path.join(os.path.dirname(cupric.__file__), "*.so")), key=os.path.getsize)[-1]
    print(f"MODULE library {so} {os.path.getsize(so) / 2**20:.1f} MiB", flush=True)
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["cuobjdump", "-xelf", "all", so], cwd=d, check=True, capture_output=True)
        files = sorted(glob.glob(os.path.join(d, "*.cubin")), key=os.path.getsize, reverse=True)
        total = sum(os.path.getsize(f) for f in files)
        print(f"MODULE {len(files)} cubins, {total / 2**20:.1f} MiB in all", flush=True)
        import cupy
        cupy.cuda.runtime.free(cupy.cuda.runtime.malloc(1))  # the context first
        rows = []
        for f in files[:int(os.environ.get("MODULE_TOP", "40"))]:
            data = open(f, "rb").read()
            t0 = time.perf_counter()
            m = cupy.cuda.driver.moduleLoadData(data)
            t1 = time.perf_counter()
            cupy.cuda.driver.moduleUnload(m)
            marks = [m for m in _MARKERS if m.encode() in data]
            rows.append((len(data), (t1 - t0) * 1e3, os.path.basename(f) + " " + ",".join(marks)))
        for size, ms, name in rows:
            print(f"MODULE {size / 2**20:8.2f} MiB {ms:8.3f} ms  {name}", flush=True)
        small = [r for r in rows if r[0] < 2**20]
        if small:
            print(f"MODULE under 1 MiB: mean {sum(r[1] for r in small) / len(small):.3f} ms", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
