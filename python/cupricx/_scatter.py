"""cupricx.scatter_add / scatter_max / scatter_min (V4-SCATTER): ufunc.at of add, maximum and
minimum, where repeated indices accumulate (V12-SCATTER)."""
import cupric


def scatter_add(a, slices, value):
    """Adds `value` to the elements of `a` at `slices`; repeated indices accumulate."""
    cupric.add.at(a, slices, value)


def scatter_max(a, slices, value):
    """Stores the maximum of `value` and the elements of `a` at `slices` (repeats accumulate)."""
    cupric.maximum.at(a, slices, value)


def scatter_min(a, slices, value):
    """Stores the minimum of `value` and the elements of `a` at `slices` (repeats accumulate)."""
    cupric.minimum.at(a, slices, value)
