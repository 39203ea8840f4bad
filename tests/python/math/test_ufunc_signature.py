"""ufunc signature= (issue 4): NumPy 2's type-string and type-tuple forms, partial signatures,
and its errors, compared with NumPy on values, dtypes and messages."""
import numpy
import pytest

import cupric as cp
from cupric import testing

I8 = numpy.arange(-3, 4, dtype=numpy.int8)
F8 = numpy.linspace(-2.5, 3.5, 7)


@pytest.mark.parametrize("sig", ["ff->f", "dd->d", "qq->q", "bb->b", ("f", "f", "f"),
                                 (numpy.float32, numpy.float32, numpy.float32),
                                 (numpy.dtype("f4"), None, None), ("float32", None, None),
                                 (None, None, numpy.float32), (None, numpy.float32, None),
                                 (None, None, numpy.float16), (None, None, None)])
def test_signature_add_int8(sig):
    testing.assert_matches_numpy(cp.add(cp.asarray(I8), cp.asarray(I8), signature=sig),
                                 numpy.add(I8, I8, signature=sig), rtol=1e-6)


@pytest.mark.parametrize("ufunc,args,sig", [
    ("add", ("F8", "I8"), (numpy.float32, None, None)),      # a fixed input is not checked for safety
    ("add", ("I8", "F8"), (None, numpy.float32, None)),
    ("add", ("I8", "F8"), (None, None, numpy.float16)),
    ("ldexp", ("F8", "I8"), (numpy.float32, None, None)),
    ("ldexp", ("I8", "I8"), (None, None, numpy.float32)),
    ("sin", ("I8",), "f->f"),
    ("greater", ("I8", "I8"), (numpy.float32, None, None)),
    ("greater", ("I8", "I8"), (None, None, numpy.bool_)),
    ("divmod", ("F8", "F8"), "dd->dd"),
    ("divmod", ("I8", "I8"), (None, None, numpy.float32, None)),
    ("divmod", ("I8", "I8"), (None, None, None, numpy.float32)),
])
def test_signature_other_ufuncs(ufunc, args, sig):
    host = {"I8": I8, "F8": F8}
    with numpy.errstate(all="ignore"):
        testing.assert_matches_numpy(getattr(cp, ufunc)(*[cp.asarray(host[a]) for a in args], signature=sig),
                                     getattr(numpy, ufunc)(*[host[a] for a in args], signature=sig), rtol=1e-6)


def test_signature_sig_alias_casting_and_out():
    testing.assert_matches_numpy(cp.add(cp.asarray(I8), cp.asarray(I8), sig="ff->f"),
                                 numpy.add(I8, I8, sig="ff->f"), rtol=1e-6)
    testing.assert_matches_numpy(cp.add(cp.asarray(F8), cp.asarray(F8), signature="ii->i", casting="unsafe"),
                                 numpy.add(F8, F8, signature="ii->i", casting="unsafe"), rtol=1e-6)
    out_n, out_c = numpy.empty(7, numpy.int8), cp.empty(7, numpy.int8)
    numpy.add(I8, I8, signature="ff->f", out=out_n, casting="unsafe")
    cp.add(cp.asarray(I8), cp.asarray(I8), signature="ff->f", out=out_c, casting="unsafe")
    numpy.testing.assert_array_equal(out_c.get(), out_n)
    r = cp.add(1, 2, signature="dd->d")
    assert r.dtype == numpy.float64 and float(r) == 3.0


@pytest.mark.parametrize("kwargs", [
    {"signature": "f"}, {"signature": (numpy.float32,)}, {"signature": numpy.float32}, {"signature": None},
    {"signature": ["f", "f", "f"]}, {"signature": 5}, {"signature": "f,f->f"}, {"signature": "f->f"},
    {"signature": (numpy.float32, numpy.float32)}, {"signature": "xx->x"},
    {"signature": "ff->f", "dtype": numpy.float32},
    {"signature": (numpy.float32, None, None), "dtype": None},
])
def test_signature_errors_match_numpy(kwargs):
    testing.assert_raises_like_numpy(lambda: numpy.add(I8, I8, **kwargs),
                                     lambda: cp.add(cp.asarray(I8), cp.asarray(I8), **kwargs))


def _both_raise(args, kwargs):
    """numpy.add and cupric.add on the named operands both raise TypeError: (numpy's, cupric's)."""
    host = {"I8": I8, "F8": F8}
    with pytest.raises(TypeError) as en:
        numpy.add(*[host[a] for a in args], **kwargs)
    with pytest.raises(TypeError) as ec:
        cp.add(*[cp.asarray(host[a]) for a in args], **kwargs)
    return en, ec


@pytest.mark.parametrize("args,kwargs", [
    (("F8", "F8"), {"signature": (numpy.float32, None, None)}),   # the free input is not safe
    (("F8", "F8"), {"signature": (numpy.int32, None, None)}),
    (("I8", "F8"), {"signature": (numpy.int8, None, None)}),
    (("I8", "I8"), {"signature": "fd->d"}),
    (("I8", "I8"), {"signature": (numpy.float32, numpy.float64, None)}),
    (("I8", "I8"), {"signature": (numpy.float32, None, numpy.float64)}),
    (("I8", "I8"), {"signature": (numpy.int16, numpy.int16, numpy.float32)}),
    (("I8", "I8"), {"signature": (numpy.uint8, None, None)}),
])
def test_signature_no_loop(args, kwargs):
    # NumPy raises TypeError or its subclass _UFuncNoLoopError here, with one of two messages
    # depending on its version and dispatch cache: cupric gives the "No loop matching" one.
    en, ec = _both_raise(args, kwargs)
    assert str(ec.value) == "No loop matching the specified signature and casting was found for ufunc add"
    assert "No loop matching" in str(en.value) or "did not contain a loop" in str(en.value)


@pytest.mark.parametrize("args,kwargs", [
    (("F8", "F8"), {"signature": "ii->i"}),
    (("F8", "F8"), {"signature": (None, None, numpy.int32)}),
    (("I8", "I8"), {"signature": (None, None, numpy.float16), "casting": "no"}),
    (("I8", "I8"), {"signature": (None, numpy.float32, None), "casting": "no"}),
])
def test_signature_input_cast_errors(args, kwargs):
    en, ec = _both_raise(args, kwargs)
    assert str(ec.value) == str(en.value)


def test_signature_output_cast_error():
    with pytest.raises(TypeError) as en:
        numpy.add(I8, I8, signature="ff->f", out=numpy.empty(7, numpy.int8))
    with pytest.raises(TypeError) as ec:
        cp.add(cp.asarray(I8), cp.asarray(I8), signature="ff->f", out=cp.empty(7, numpy.int8))
    assert str(ec.value) == str(en.value)
