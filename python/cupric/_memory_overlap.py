"""numpy.shares_memory, may_share_memory and byte_bounds (C++: src/ops/stride_tricks.cpp)."""
from cupric import _core

_MAY_SHARE_BOUNDS, _MAY_SHARE_EXACT = 0, -1


def shares_memory(a, b, max_work=None):
    """Whether a and b use some byte in common (exactly; max_work=0 compares extents only)."""
    return _core._shares_memory(a, b, _MAY_SHARE_EXACT if max_work is None else int(max_work))


def may_share_memory(a, b, max_work=None):
    """Whether a and b might share memory (their byte extents overlap, unless max_work asks more)."""
    if max_work is None or int(max_work) == _MAY_SHARE_BOUNDS:
        return _core._may_share_memory(a, b)
    return _core._shares_memory(a, b, int(max_work))


def byte_bounds(a):
    """(low, high): the address of a's first byte and one past its last (device addresses)."""
    return _core._byte_bounds(a)
