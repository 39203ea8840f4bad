"""packbits/unpackbits (C++: src/ops/bits.cpp) and NumPy's integer-to-text helpers, which CuPy
takes from NumPy as they are (binary_repr, base_repr)."""
from numpy import base_repr, binary_repr  # noqa: F401  (host functions of Python ints, as in CuPy)

from cupric import _core


def _bitorder(bitorder):
    if bitorder not in ('big', 'little'):
        raise ValueError("'order' must be either 'little' or 'big'")
    return bitorder == 'big'


def packbits(a, axis=None, bitorder='big'):
    """Packs the elements of a binary-valued array into bits of a uint8 array (numpy.packbits)."""
    return _core._packbits(a, None if axis is None else int(axis), _bitorder(bitorder))


def unpackbits(a, axis=None, count=None, bitorder='big'):
    """Unpacks the elements of a uint8 array into a binary-valued uint8 array (numpy.unpackbits)."""
    return _core._unpackbits(a, None if axis is None else int(axis), None if count is None else int(count),
                             _bitorder(bitorder))
