"""cupricx.rsqrt: the reciprocal square root ufunc (CuPy's cupyx.rsqrt; the C++ op "_rsqrt",
Rsqrt in src/kernels/ufunc/ops_math.hpp). Float and complex types; integers go to float64."""
from cupric import _core

rsqrt = _core._ufuncs["_rsqrt"]
