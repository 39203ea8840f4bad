"""cupyx.scipy.linalg as SciPy users write it: LU and Cholesky factor-and-solve, triangular solves,
the matrix exponential and structured matrices."""
import sys

import numpy as np
import cupy as cp
import cupyx.scipy.linalg as linalg


def main():
    rng = np.random.default_rng(21)
    m = cp.asarray(rng.standard_normal((8, 8)))
    spd = m @ m.T + 8 * cp.eye(8)
    b = cp.asarray(rng.standard_normal((8, 3)))
    lu_piv = linalg.lu_factor(m)
    x_lu = linalg.lu_solve(lu_piv, b)
    c_low = linalg.cho_factor(spd)
    x_cho = linalg.cho_solve(c_low, b)
    lower = cp.tril(m) + 4 * cp.eye(8)
    x_tri = linalg.solve_triangular(lower, b, lower=True)
    return {"m": m.get(), "spd": spd.get(), "b": b.get(), "x_lu": x_lu.get(), "x_cho": x_cho.get(),
            "x_tri": x_tri.get(), "expm": linalg.expm(0.1 * m).get(),
            "toeplitz": linalg.toeplitz(cp.arange(4.0), cp.asarray([0.0, -1.0, -2.0])).get(),
            "block_diag": linalg.block_diag(cp.ones((2, 2)), 3 * cp.eye(1)).get()}


if __name__ == "__main__":
    res = main()
    print({k: v.shape for k, v in res.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
