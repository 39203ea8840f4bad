"""The NumPy 1 names CuPy 14 still exports (V14-DEPRECATED: "APIs that NumPy 2 removed, kept one
more version"): reachable as cupric.<name> with a DeprecationWarning naming the NumPy 2
spelling, absent from dir(); V9-ALIASES: cupric.int/float/complex stay absent."""
import io
import json
import math
import pathlib
import warnings

import numpy
import pytest

import cupric
from cupric._legacy_names import NUMPY1_NAMES, instead
from cupric.testing import assert_matches_numpy

SNAPSHOT = pathlib.Path(__file__).resolve().parents[3] / "tools" / "api" / "cupy-14.2.json"
# CuPy's own top-level names (not NumPy's), which are not NumPy 1 leftovers.
CUPY_OWN = {"ElementwiseKernel", "RawKernel", "RawModule", "ReductionKernel", "asnumpy", "clear_memo",
            "disable_experimental_feature_warning", "fromDlpack", "fuse", "get_array_module",
            "get_default_memory_pool", "get_default_pinned_memory_pool", "is_available", "make_aligned_dtype",
            "memoize", "annotations"}


def legacy(name):
    """cupric.<name>, checking the DeprecationWarning names the NumPy 2 spelling."""
    spelling = instead(NUMPY1_NAMES[name][0].format(m="cupric"))
    with pytest.warns(DeprecationWarning, match=r"cupric\.%s is deprecated \(NumPy 2 removed it\): " % name) as w:
        value = getattr(cupric, name)
    assert spelling in str(w[0].message)
    return value


def test_v14_deprecated_numpy1_list_is_cupy_exports_minus_numpy2():
    """The names are CuPy 14.2's exports minus NumPy 2's namespace (tools/api/cupy-14.2.json)."""
    cupy_names = set(json.loads(SNAPSHOT.read_text())["modules"]["cupy"])
    # Names cupric keeps as ordinary exports (row_stack: deprecated in NumPy 2.4, gone in 2.5) are
    # not legacy names, whatever NumPy is installed.
    expected = cupy_names - set(dir(numpy)) - CUPY_OWN - set(vars(cupric))
    assert expected <= set(NUMPY1_NAMES), sorted(expected - set(NUMPY1_NAMES))
    assert set(NUMPY1_NAMES) <= cupy_names, sorted(set(NUMPY1_NAMES) - cupy_names)
    assert len(NUMPY1_NAMES) >= 42


@pytest.mark.parametrize("name", sorted(NUMPY1_NAMES))
def test_v14_deprecated_numpy1_name_warns_and_is_not_a_global(name):
    """V14-DEPRECATED: every NumPy 1 name warns on access and is not in cupric's namespace."""
    assert name not in vars(cupric) and name not in dir(cupric)
    assert legacy(name) is NUMPY1_NAMES[name][1]


def test_v14_deprecated_warning_points_at_the_caller():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        cupric.alltrue  # noqa: B018
    assert w[0].filename == __file__


def test_v14_deprecated_constants_and_types():
    assert legacy("Inf") == legacy("Infinity") == legacy("PINF") == legacy("infty") == math.inf
    assert legacy("NINF") == -math.inf and math.isnan(legacy("NAN")) and math.isnan(legacy("NaN"))
    assert legacy("PZERO") == 0.0 and math.copysign(1, legacy("NZERO")) == -1.0
    assert legacy("float_") is numpy.float64 and legacy("complex_") is numpy.complex128
    assert legacy("cfloat") is numpy.complex128 and legacy("singlecomplex") is numpy.complex64


def test_v14_deprecated_exceptions_and_host_helpers():
    for name in ("AxisError", "ComplexWarning", "ModuleDeprecationWarning", "RankWarning", "TooHardError",
                 "VisibleDeprecationWarning"):
        assert legacy(name) is getattr(numpy.exceptions, name) is getattr(cupric.exceptions, name)
    with pytest.raises(legacy("AxisError")):
        cupric.sum(cupric.ones(3), axis=2)
    assert legacy("format_parser") is numpy.rec.format_parser
    assert legacy("DataSource") is numpy.lib.npyio.DataSource


@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int32, numpy.float64])
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "sliced"])
def test_v14_deprecated_function_aliases(dtype, layout):
    base = (numpy.arange(24).reshape(4, 6) % 5).astype(dtype)
    a_np = {"contiguous": base, "transposed": base.T, "sliced": base[::2, 1::2]}[layout]
    a = {"contiguous": cupric.asarray(base), "transposed": cupric.asarray(base).T,
         "sliced": cupric.asarray(base)[::2, 1::2]}[layout]
    assert_matches_numpy(legacy("alltrue")(a, axis=0), numpy.all(a_np, axis=0))
    assert_matches_numpy(legacy("sometrue")(a, axis=1), numpy.any(a_np, axis=1))
    assert_matches_numpy(legacy("product")(a, axis=1), numpy.prod(a_np, axis=1))
    assert_matches_numpy(legacy("cumproduct")(a, axis=0), numpy.cumprod(a_np, axis=0))
    assert_matches_numpy(legacy("msort")(a), numpy.sort(a_np, axis=0))
    assert_matches_numpy(legacy("asfarray")(a), numpy.asarray(a_np, numpy.float64))
    assert_matches_numpy(legacy("asfarray")(a, numpy.float32), numpy.asarray(a_np, numpy.float32))
    assert_matches_numpy(legacy("asfarray")(a, numpy.int8), numpy.asarray(a_np, numpy.float64))
    assert_matches_numpy(legacy("in1d")(a, cupric.asarray([1, 3])), numpy.isin(a_np.ravel(), [1, 3]))
    lo, hi = legacy("byte_bounds")(a)
    assert hi - lo == (numpy.lib.array_utils.byte_bounds(a_np)[1] - numpy.lib.array_utils.byte_bounds(a_np)[0])


@pytest.mark.parametrize("shape", [(7,), (3, 5), (0,)])
def test_v14_deprecated_round_and_trapz(shape):
    f_np = numpy.linspace(-2, 2, math.prod(shape)).reshape(shape)
    assert_matches_numpy(legacy("round_")(cupric.asarray(f_np), 1), numpy.round(f_np, 1))
    got = legacy("trapz")(cupric.asarray(f_np))
    # The exact integral may be 0: an absolute tolerance (the GPU sums in another order).
    assert got.shape == numpy.trapezoid(f_np).shape and got.dtype == numpy.float64
    numpy.testing.assert_allclose(cupric.asnumpy(got), numpy.trapezoid(f_np), atol=1e-14)


def test_v14_deprecated_dtype_helpers():
    obj2sctype, issctype = legacy("obj2sctype"), legacy("issctype")
    assert obj2sctype(numpy.int32) is numpy.int32 and obj2sctype("f4") is numpy.float32
    assert obj2sctype(cupric.zeros(2, numpy.int16)) is numpy.int16 and obj2sctype("not a type", default=3) == 3
    assert issctype(numpy.float64) and issctype(numpy.dtype("i4")) and not issctype(object) and not issctype(1.0)
    assert legacy("issubclass_")(numpy.int32, numpy.integer) and not legacy("issubclass_")(1, int)
    assert legacy("issubsctype")("int64", numpy.signedinteger) and not legacy("issubsctype")("f8", numpy.integer)
    assert legacy("sctype2char")(numpy.float64) == "d" and legacy("sctype2char")("int8") == "b"
    with pytest.raises(ValueError, match="unrecognized type"):
        legacy("sctype2char")("not a type")
    fct = legacy("find_common_type")
    # NumPy 1's rule: a scalar decides only when its kind is above the arrays' kind.
    assert fct([numpy.int8], [numpy.int64]) == numpy.int8
    assert fct([numpy.int64], [numpy.float32]) == numpy.float64
    assert fct([numpy.float32], [numpy.float64]) == numpy.float32
    assert fct([numpy.int16, numpy.int32], []) == numpy.int32 and fct([], [numpy.complex64]) == numpy.complex64


def test_v14_deprecated_misc_helpers(capsys):
    assert legacy("safe_eval")("[1, (2, 'x')]") == [1, (2, "x")]
    with pytest.raises(ValueError):
        legacy("safe_eval")("__import__('os')")
    buf = io.StringIO()
    legacy("disp")("hello", device=buf)
    legacy("disp")("x", device=buf, linefeed=False)
    assert buf.getvalue() == "hello\nx"

    class Wrapped:
        __array_priority__ = 5.0

        def __array_wrap__(self, arr, context=None, return_scalar=False):
            return "wrapped"
    w = Wrapped()
    assert legacy("get_array_wrap")(numpy.zeros(1), w)(numpy.zeros(1)) == "wrapped"
    assert legacy("get_array_wrap")(1, 2) is None
    big = cupric.zeros((2, 3), numpy.float32)  # noqa: F841  (listed by who)
    legacy("who")({"big": big, "other": 1})
    out = capsys.readouterr().out
    assert "big" in out and "2 x 3" in out and "24" in out and "float32" in out and "other" not in out
    legacy("set_string_function")(lambda a: "ARR")
    try:
        assert repr(numpy.zeros(2)) == "ARR"
    finally:
        legacy("set_string_function")(None)
    assert repr(numpy.zeros(1)) == "array([0.])"
    with pytest.raises(ValueError, match="override_repr"):
        legacy("set_string_function")(str, repr=False)


@pytest.mark.parametrize("name", ["int", "float", "complex"])
def test_v9_aliases_int_float_complex_absent(name):
    """V9-ALIASES: cupric.int/float/complex are absent as in NumPy 2; the error names the fix."""
    assert not hasattr(cupric, name) and not hasattr(numpy, name)
    with pytest.raises(AttributeError, match=rf"no attribute '{name}': cupric.{name} does not exist .*V9-ALIASES"):
        getattr(cupric, name)
    assert cupric.bool is numpy.bool


def test_v14_deprecated_names_are_flagged_by_migrate():
    """Every NumPy 1 name is reported by cupric.migrate (V14-DEPRECATED), with the same spelling."""
    from cupric.migrate import scan_source
    src = "import cupy as cp\n" + "\n".join(f"cp.{n}" for n in sorted(NUMPY1_NAMES)) + "\n"
    found = scan_source(src)
    assert [f.name for f in found] == [f"cupy.{n}" for n in sorted(NUMPY1_NAMES)]
    assert all(f.id == "V14-DEPRECATED" and f.severity == "deprecated" for f in found)
    for f in found:
        assert f.fix == instead(NUMPY1_NAMES[f.name[5:]][0].format(m="cupy"))
