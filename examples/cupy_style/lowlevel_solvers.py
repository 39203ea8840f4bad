"""cupyx's solver modules: cupyx.lapack (gesv in place, gels, posv), cupyx.cusolver (gesvdj,
syevj) and cupyx.cusparse (spmv, spmm) on a small least-squares and a sparse problem."""
import sys

import numpy as np
import cupy as cp
import cupyx.cusolver
import cupyx.cusparse
import cupyx.lapack
import cupyx.scipy.sparse


def main():
    rng = np.random.default_rng(5)
    m = cp.asarray(rng.standard_normal((6, 6)))
    a = m + 6 * cp.eye(6)
    b = cp.asfortranarray(cp.asarray(rng.standard_normal((6, 2))))
    b0 = b.copy()
    cupyx.lapack.gesv(a, b)  # b now holds the solution
    spd = m @ m.T + 6 * cp.eye(6)
    tall = cp.asarray(rng.standard_normal((9, 4)))
    y = cp.asarray(rng.standard_normal(9))
    u, s, v = cupyx.cusolver.gesvdj(tall, full_matrices=False)
    w, vecs = cupyx.cusolver.syevj(spd)
    dense = cp.asarray(np.where(rng.random((8, 5)) < 0.4, rng.standard_normal((8, 5)), 0.0))
    sp = cupyx.scipy.sparse.csr_matrix(dense)
    x = cp.arange(5.0)
    return {"a": a.get(), "b0": b0.get(), "x_gesv": b.get(), "spd": spd.get(), "b_posv": b0[:, 0].get(),
            "x_posv": cupyx.lapack.posv(spd, b0[:, 0]).get(), "tall": tall.get(), "y": y.get(),
            "x_gels": cupyx.lapack.gels(tall, y).get(), "svd_rebuilt": (u * s @ v.T).get(), "s": s.get(),
            "w": w.get(), "eig_residual": cp.asnumpy(cp.linalg.norm(spd @ vecs - vecs * w)), "dense": dense.get(),
            "spmv": cupyx.cusparse.spmv(sp, x, alpha=2.0).get(), "spmm": cupyx.cusparse.spmm(sp, cp.ones((5, 3), order="F")).get()}


if __name__ == "__main__":
    out = main()
    print({k: v.shape for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
