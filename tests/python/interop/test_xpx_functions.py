"""The functions of array-api-extra (PyPI; imported as xpx) on cupric arrays: each public function
called with cupric inputs gives cupric arrays equal to the same call with NumPy inputs (array-api-extra finds cupric through
x.__array_namespace__, and its creation calls pass the standard's device=)."""
import warnings

import numpy
import pytest

xpx = pytest.importorskip("array_api_extra", reason="array-api-extra is not installed (pip install 'cupric[test]')")
npc = pytest.importorskip("array_api_compat.numpy", reason="array-api-compat is not installed")

import cupric as cp  # noqa: E402
from cupric import testing  # noqa: E402

_rs = numpy.random.RandomState(0)
H = _rs.standard_normal((4, 5))
HZ = H + 1j * _rs.standard_normal((4, 5))
HN = H.copy()
HN[1, 2] = numpy.nan
HN[3, 0] = numpy.inf
HI = _rs.randint(0, 6, size=(10,))


class _Lib:
    """One side of a comparison: how inputs become arrays, and the namespace to name."""

    def __init__(self, convert, xp):
        self.convert, self.xp = convert, xp

    def __call__(self, a):
        return self.convert(a)


CUPRIC = _Lib(cp.asarray, cp)
NUMPY = _Lib(numpy.asarray, npc)

CASES = {
    "angle": lambda x: xpx.angle(x(HZ)),
    "angle_deg": lambda x: xpx.angle(x(HZ), deg=True),
    "apply_where_fill": lambda x: xpx.apply_where(x(H) > 0, (x(H),), lambda a: a ** 0.5, fill_value=-1.0),
    "apply_where_f2": lambda x: xpx.apply_where(x(H) > 0, (x(H), x(H.T.copy().T)), lambda a, b: a * b,
                                                lambda a, b: a - b),
    "at_set": lambda x: xpx.at(x(H))[1, 2].set(7.0),
    "at_add_mask": lambda x: xpx.at(x(H))[x(H) > 0].add(1.0),
    "at_multiply": lambda x: xpx.at(x(H), (slice(None), 1)).multiply(2.0),
    "at_min": lambda x: xpx.at(x(H))[0].min(0.0),
    "at_max": lambda x: xpx.at(x(H))[0].max(0.0),
    "at_divide": lambda x: xpx.at(x(H))[2].divide(3.0),
    "at_power": lambda x: xpx.at(x(abs(H)))[2].power(2.0),
    "at_subtract": lambda x: xpx.at(x(H))[2].subtract(3.0),
    "at_fancy": lambda x: xpx.at(x(H))[x(numpy.array([0, 2])), 1:3].set(-1.0),
    "atleast_nd": lambda x: xpx.atleast_nd(x(H[0]), ndim=4),
    "atleast_nd_0d": lambda x: xpx.atleast_nd(x(numpy.float64(2.0)), ndim=2),
    "cov": lambda x: xpx.cov(x(H)),
    "cov_axis0": lambda x: xpx.cov(x(H), axis=0, correction=0),
    "cov_weights": lambda x: xpx.cov(x(H), fweights=x(numpy.array([1, 2, 1, 3, 1])),
                                     aweights=x(numpy.arange(1.0, 6.0))),
    "create_diagonal": lambda x: xpx.create_diagonal(x(H[0]), offset=1),
    "create_diagonal_batch": lambda x: xpx.create_diagonal(x(H), offset=-1),
    "default_dtype": lambda x: xpx.default_dtype(x.xp),
    "default_dtype_indexing": lambda x: xpx.default_dtype(x.xp, "indexing"),
    "default_dtype_complex": lambda x: xpx.default_dtype(x.xp, "complex floating"),
    "deg2rad": lambda x: xpx.deg2rad(x(H)),
    "rad2deg": lambda x: xpx.rad2deg(x(H)),
    "diag_indices": lambda x: xpx.diag_indices(4, xp=x.xp),
    "diag_indices_3d": lambda x: xpx.diag_indices(3, ndim=3, xp=x.xp),
    "isclose": lambda x: xpx.isclose(x(H), x(H + 1e-9)),
    "isclose_nan": lambda x: xpx.isclose(x(HN), x(HN), equal_nan=True),
    "isclose_int": lambda x: xpx.isclose(x(HI), x(HI + 1), atol=1),
    "isin": lambda x: xpx.isin(x(HI), x(numpy.array([1, 3]))),
    "isin_invert": lambda x: xpx.isin(x(HI), x(numpy.array([1, 3])), invert=True),
    "kron": lambda x: xpx.kron(x(H[:2, :2]), x(H[2:, :3])),
    "lazy_apply": lambda x: xpx.lazy_apply(lambda a: a * 2, x(H), shape=H.shape, dtype=x.xp.float64),
    "nan_to_num": lambda x: xpx.nan_to_num(x(HN), fill_value=-5.0),
    "nanmax": lambda x: xpx.nanmax(x(HN), axis=1),
    "nanmin": lambda x: xpx.nanmin(x(HN)),
    "nansum": lambda x: xpx.nansum(x(HN), axis=0),
    "nanmean": lambda x: xpx.nanmean(x(HN[:, 1:3]), axis=0),
    "nunique": lambda x: xpx.nunique(x(HI)),
    "one_hot": lambda x: xpx.one_hot(x(HI), 6),
    "one_hot_axis0": lambda x: xpx.one_hot(x(HI), 6, axis=0, dtype=x.xp.float32),
    "pad": lambda x: xpx.pad(x(H), 2, constant_values=3.0),
    "pad_pairs": lambda x: xpx.pad(x(H), ((1, 0), (0, 2))),
    "searchsorted": lambda x: xpx.searchsorted(x(numpy.sort(H, axis=1)), x(H[:, :2])),
    "searchsorted_right": lambda x: xpx.searchsorted(x(numpy.sort(H[0])), x(H[1]), side="right"),
    "setdiff1d": lambda x: xpx.setdiff1d(x(HI), x(numpy.array([0, 2]))),
    "sinc": lambda x: xpx.sinc(x(H)),
    "tril_indices": lambda x: xpx.tril_indices(4, offset=1, m=5, xp=x.xp),
    "triu_indices": lambda x: xpx.triu_indices(4, xp=x.xp),
    "union1d": lambda x: xpx.union1d(x(HI[:5]), x(HI[5:] + 3)),
    "unravel_index": lambda x: xpx.unravel_index(x(numpy.array([3, 7, 11])), (3, 4)),
    # deprecated in array-api-extra (the standard has them now) but still public
    "broadcast_shapes": lambda x: xpx.broadcast_shapes((4, 1), (1, 5)),
    "expand_dims": lambda x: xpx.expand_dims(x(H), axis=(0, 3)),
}


def _compare(got, expected):
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, type(expected)) and len(got) == len(expected)
        for g, e in zip(got, expected):
            _compare(g, e)
    elif isinstance(expected, numpy.ndarray):
        assert isinstance(got, cp.ndarray), type(got)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
    else:  # a dtype, a shape or a Python number
        assert got == expected


@pytest.mark.parametrize("name", sorted(CASES))
def test_function_matches_numpy(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        _compare(CASES[name](CUPRIC), CASES[name](NUMPY))


def test_every_public_function_is_covered():
    covered = {name.split("_")[0] if name.startswith(("at_", "angle")) else name for name in CASES}
    covered |= {n for n in xpx.__all__ for c in CASES if c.startswith(n)}
    untested = set(xpx.__all__) - covered - {"__version__", "testing", "argpartition", "partition"}
    assert not untested, f"array-api-extra functions without a cupric case: {sorted(untested)}"


@pytest.mark.parametrize("kth", [0, 2, 4])
def test_partition_and_argpartition(kth):
    # only the kth element's position is specified: compare that and the two sides' sets
    c, h = cp.asarray(H[0]), H[0]
    p = xpx.partition(c, kth)
    assert isinstance(p, cp.ndarray)
    e = numpy.partition(h, kth)
    assert float(p[kth]) == e[kth]
    assert sorted(p[:kth].get()) == sorted(e[:kth]) and sorted(p[kth + 1:].get()) == sorted(e[kth + 1:])
    i = xpx.argpartition(c, kth)
    assert isinstance(i, cp.ndarray) and i.dtype == numpy.argpartition(h, kth).dtype
    assert float(c[i[kth]]) == e[kth]


def test_at_copy_true_leaves_the_input():
    x = cp.asarray(H)
    y = xpx.at(x)[1, 2].set(7.0, copy=True)
    testing.assert_array_equal(x, H)
    assert float(y[1, 2]) == 7.0 and y is not x
