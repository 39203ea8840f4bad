"""Random numbers: the legacy seed/RandomState API and Generator, common distributions,
shuffling and choice; the summary statistics are returned with the samples."""
import sys

import numpy as np
import cupy as cp


def main():
    cp.random.seed(1234)
    normal = cp.random.standard_normal((400, 250), dtype=cp.float32)
    uniform = cp.random.uniform(-2.0, 3.0, size=100_000)
    rs = cp.random.RandomState(5)
    ints = rs.randint(0, 10, size=50_000)
    pick = rs.choice(1000, size=20, replace=False)
    gen = cp.random.default_rng(42)
    expo = gen.exponential(2.0, size=100_000)
    perm = cp.random.permutation(16)
    again = cp.random.RandomState(5).randint(0, 10, size=50_000)
    return {"normal": normal.get(), "uniform": uniform.get(), "ints": ints.get(), "pick": pick.get(),
            "expo": expo.get(), "perm": perm.get(), "repeatable": cp.asnumpy(cp.all(again == ints))}


if __name__ == "__main__":
    out = main()
    print({k: (v.shape, str(v.dtype)) for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
