"""CUPRIC_ACCELERATORS at run time (V11-CUB), as cupy._core._accelerator: the accelerators that
routines (cumsum, sort of floats, ...) and reductions (sum, ...) use. Names: 'cub', 'cutensor',
'cutensornet'; the environment variable (comma-separated, read at first use) sets both lists;
'cub' by default.
"""
from cupric import _core


def get_routine_accelerators():
    return list(_core._get_routine_accelerators())


def get_reduction_accelerators():
    return list(_core._get_reduction_accelerators())


def set_routine_accelerators(accelerators):
    _core._set_routine_accelerators([str(a) for a in accelerators])


def set_reduction_accelerators(accelerators):
    _core._set_reduction_accelerators([str(a) for a in accelerators])
