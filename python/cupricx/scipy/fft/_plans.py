"""get_fft_plan and the plan= argument of cupricx.scipy.fft and fftpack (cupric.cuda.cufft plans)."""
import numpy

from cupric.cuda import cufft as _cufft


def _fft_type(value_type, dtype):
    double = numpy.dtype(dtype).type not in (numpy.complex64, numpy.float32, numpy.float16)
    return _cufft._fft_type(value_type, double)


def get_fft_plan(a, shape=None, axes=None, value_type="C2C"):
    """A plan for the transform of ``a`` over ``axes`` (all when None) with lengths ``shape``, as
    CuPy's get_fft_plan: a Plan1d for one axis, else a PlanNd. ``value_type``: "C2C", "R2C" or
    "C2R". Use it with ``plan=`` or ``with plan:``."""
    if value_type not in ("C2C", "R2C", "C2R"):
        raise ValueError(f"value_type must be 'C2C', 'R2C' or 'C2R', got {value_type!r}")
    if value_type in ("C2C", "C2R") and numpy.dtype(a.dtype).kind != "c":
        raise TypeError("Input array a must be complex")
    if value_type == "R2C" and numpy.dtype(a.dtype).kind == "c":
        raise TypeError("Input array a must be real")
    ndim = a.ndim
    if axes is None:
        axes = tuple(range(ndim)) if shape is None else tuple(range(-len(shape), 0))
    elif hasattr(axes, "__index__"):
        axes = (int(axes),)
    else:
        axes = tuple(int(x) for x in axes)
    if shape is None:
        lengths = [a.shape[x] for x in axes]
        if value_type == "C2R":
            lengths[-1] = 2 * (lengths[-1] - 1)
    else:
        lengths = [int(s) for s in ((shape,) if hasattr(shape, "__index__") else shape)]
    if len(lengths) != len(axes):
        raise ValueError("shape and axes must have the same length")
    batch = _cufft._batch(a.shape, axes)
    fft_type = _fft_type(value_type, a.dtype)
    if len(axes) == 1:
        return _cufft.Plan1d(lengths[0], fft_type, batch)
    return _cufft.PlanNd(tuple(lengths), None, 1, 0, None, 1, 0, fft_type, batch, "C", axes[-1], None)


def run_with_plan(plan, value_type, x, ns, axes, call):
    """Runs ``call`` with ``plan`` (if any) current, after CuPy's checks of it."""
    if plan is None:
        return call()
    from cupric.fft._transforms import _check_plan
    import cupric
    x = cupric.asarray(x)
    if axes is None:
        axes = list(range(-(len(ns) if ns else x.ndim), 0))
    ns = [None] * len(axes) if ns is None else list(ns)
    _check_plan(plan, value_type, x, ns, [a % x.ndim for a in axes])
    with plan:
        return call()

