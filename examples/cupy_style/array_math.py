"""Array math as CuPy users write it: broadcasting, ufuncs, dtype handling, a softmax and a
standardisation, moved back to the host at the end."""
import sys

import numpy as np
import cupy as cp


def softmax(x, axis=-1):
    e = cp.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def main():
    host = np.linspace(-3.0, 3.0, 48).reshape(6, 8)
    x = cp.asarray(host)
    standardized = (x - x.mean(axis=0)) / x.std(axis=0)
    sig = 1.0 / (1.0 + cp.exp(-x))
    poly = 3 * x ** 2 - 2 * x + 1
    clipped = cp.clip(x, -1.5, 1.5)
    where = cp.where(x > 0, cp.sqrt(cp.abs(x)), cp.sin(x))
    ints = cp.arange(12, dtype=cp.int32).reshape(3, 4)
    mixed = ints * 0.5 + cp.float32(1)          # int32 with Python/NumPy-2 scalars: float64
    outer = x[:, :1] * x[:1, :]                  # (6, 1) * (1, 8) broadcasts to (6, 8)
    return {"softmax": cp.asnumpy(softmax(x)), "standardized": standardized.get(), "sigmoid": sig.get(),
            "poly": poly.get(), "clipped": clipped.get(), "where": where.get(), "mixed": mixed.get(),
            "outer": outer.get(), "hypot": cp.hypot(x, 2.0).get()}


if __name__ == "__main__":
    out = main()
    print({k: (v.shape, str(v.dtype)) for k, v in out.items()})
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **out)
