"""A CuPy test module's style: cupy.testing's NumPy-vs-CuPy decorators run the same body with
numpy and cupy as `xp` and compare the results, plus cupy.testing's asserts; here the checks are
called from a main."""
import sys

import numpy as np
import cupy as cp
from cupy import testing


@testing.numpy_cupy_allclose(rtol=1e-6)
def check_normalize(xp, dtype):
    a = testing.shaped_arange((4, 5), xp, dtype)
    return a / xp.linalg.norm(a, axis=1, keepdims=True)


@testing.numpy_cupy_array_equal()
def check_argsort(xp):
    a = testing.shaped_reverse_arange((3, 7), xp, xp.int32)
    return xp.argsort(a, axis=1)


def check_bad_reshape():
    # Both libraries must refuse, with the same exception type.
    errors = []
    for xp in (np, cp):
        try:
            xp.arange(6).reshape(4, 2)
        except ValueError as e:
            errors.append(type(e))
    assert errors == [ValueError, ValueError], errors


def main():
    ran = []
    for dtype in (np.float32, np.float64):
        check_normalize(dtype=dtype)
        ran.append(f"normalize[{np.dtype(dtype).name}]")
    check_argsort()
    check_bad_reshape()
    ran += ["argsort", "bad_reshape"]
    testing.assert_allclose(cp.ones(3), np.ones(3))
    return {"ran": np.asarray(ran)}


if __name__ == "__main__":
    res = main()
    print("passed:", ", ".join(res["ran"].tolist()))
    if len(sys.argv) > 1:
        np.savez(sys.argv[1], **res)
