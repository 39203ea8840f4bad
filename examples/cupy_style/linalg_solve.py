"""Linear algebra: matrix products, einsum, a linear solve, an inverse, norms and a symmetric
eigendecomposition of a least-squares problem's normal matrix."""
import sys

import numpy as np
import cupy as cp


def main():
    rng = np.random.default_rng(3)
    A = cp.asarray(rng.standard_normal((40, 6)))
    y = cp.asarray(rng.standard_normal(40))
    AtA = A.T @ A
    Aty = cp.dot(A.T, y)
    coef = cp.linalg.solve(AtA, Aty)
    inv = cp.linalg.inv(AtA)
    w, v = cp.linalg.eigh(AtA)
    batched = cp.einsum("bij,bjk->bik", A.reshape(5, 8, 6), A.reshape(5, 8, 6).transpose(0, 2, 1))
    return {"coef": coef.get(), "inv": inv.get(), "eigvals": w.get(),
            "reconstructed": (v @ cp.diag(w) @ v.T).get(), "AtA": AtA.get(),
            "residual_norm": cp.asnumpy(cp.linalg.norm(A @ coef - y)), "fro": cp.asnumpy(cp.linalg.norm(AtA)),
            "batched": batched.get(), "trace": cp.asnumpy(cp.trace(AtA)), "outer": cp.outer(y[:3], y[:4]).get()}


if __name__ == "__main__":
    out = main()
    print({k: v.shape for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
