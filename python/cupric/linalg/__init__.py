"""cupric.linalg: NumPy's numpy.linalg on the GPU (cuBLAS/cuSOLVER) and on the host backend
(OpenBLAS/LAPACK from scipy-openblas64), both loaded at first use (docs/linalg.md).

The products live in ``_products.py``; decompositions and solvers in their own modules.
"""
import numpy as _numpy

from cupric._core import linalg as _la
from cupric.linalg._products import (linalg_matmul as matmul, linalg_outer as outer,
                                     linalg_tensordot as tensordot, linalg_vecdot as vecdot,
                                     linalg_cross as cross, matrix_transpose)

LinAlgError = _numpy.linalg.LinAlgError
