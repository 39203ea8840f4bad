"""The classic Monte Carlo estimate of pi, written once for NumPy and CuPy with
cupy.get_array_module, and run on both."""
import sys

import numpy as np
import cupy as cp


def estimate_pi(xs, ys):
    xp = cp.get_array_module(xs)
    inside = xp.count_nonzero(xs * xs + ys * ys <= 1.0)
    return 4.0 * float(inside) / xs.size


def main():
    n = 400_000
    rs = cp.random.RandomState(11)
    xs, ys = rs.random_sample(n), rs.random_sample(n)
    pi_gpu = estimate_pi(xs, ys)
    pi_host = estimate_pi(cp.asnumpy(xs), cp.asnumpy(ys))   # the same code path on NumPy arrays
    return {"pi_gpu": np.asarray(pi_gpu), "pi_host": np.asarray(pi_host), "xs": cp.asnumpy(xs),
            "ys": ys.get(), "module_is_cupy": np.asarray(cp.get_array_module(xs) is cp)}


if __name__ == "__main__":
    res = main()
    print("pi ~", float(res["pi_gpu"]))
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
