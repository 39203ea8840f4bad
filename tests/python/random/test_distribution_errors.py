"""NumPy's ValueError (type and exact message) for bad distribution parameters, on RandomState, the
module functions and Generator, with scalar and array parameters (NumPy says "p is NaN" for a
scalar, "p contains NaNs" for an array); bad input leaves the generator's state unchanged."""
import numpy
import pytest

import cupric
import cupric.random as cr

nan, inf = float("nan"), float("inf")

# (method, bad arguments): each breaks one of NumPy's rules (several break more than one, to
# check NumPy's order of checks).
BAD = [
    ("beta", (0.0, 1.0)), ("beta", (1.0, -1.0)), ("beta", (0.0, 0.0)),
    ("binomial", (-1, 0.5)), ("binomial", (5, -0.1)), ("binomial", (5, 1.1)), ("binomial", (5, nan)),
    ("binomial", (-1, 2.0)),
    ("binomial", (nan, 0.5)), ("binomial", (inf, 0.5)), ("hypergeometric", (5, 5, nan)),
    ("chisquare", (0.0,)), ("chisquare", (-2.0,)),
    ("exponential", (-1.0,)),
    ("f", (0.0, 1.0)), ("f", (1.0, 0.0)), ("f", (0.0, 0.0)),
    ("gamma", (-1.0,)), ("gamma", (1.0, -1.0)), ("gamma", (-1.0, -1.0)),
    ("geometric", (0.0,)), ("geometric", (1.5,)), ("geometric", (-0.1,)), ("geometric", (nan,)),
    ("gumbel", (0.0, -1.0)),
    ("hypergeometric", (-1, 5, 1)), ("hypergeometric", (5, -1, 1)), ("hypergeometric", (1, 1, 3)),
    ("hypergeometric", (-1, 1, 1)), ("hypergeometric", (5, 5, -1)), ("hypergeometric", (-1, 5, 0)),
    ("hypergeometric", (2 * 10**9, 1, 1)),
    ("laplace", (0.0, -1.0)), ("logistic", (0.0, -1.0)), ("lognormal", (0.0, -1.0)),
    ("logseries", (1.0,)), ("logseries", (-0.1,)), ("logseries", (nan,)), ("logseries", (1.5,)),
    ("negative_binomial", (0.0, 0.5)), ("negative_binomial", (-1.0, 0.5)), ("negative_binomial", (1.0, 1.1)),
    ("negative_binomial", (1.0, nan)), ("negative_binomial", (1.0, 0.0)), ("negative_binomial", (nan, 0.5)),
    ("negative_binomial", (1.0, 1e-19)),
    ("noncentral_chisquare", (0.0, 1.0)), ("noncentral_chisquare", (1.0, -1.0)),
    ("noncentral_f", (0.0, 1.0, 1.0)), ("noncentral_f", (1.0, 0.0, 1.0)), ("noncentral_f", (1.0, 1.0, -1.0)),
    ("noncentral_f", (nan, 0.0, -1.0)),
    ("normal", (0.0, -1.0)),
    ("pareto", (0.0,)), ("pareto", (-1.0,)),
    ("poisson", (-1.0,)), ("poisson", (nan,)), ("poisson", (1e19,)), ("poisson", (inf,)),
    ("power", (0.0,)), ("power", (-1.0,)),
    ("rayleigh", (-1.0,)),
    ("standard_gamma", (-1.0,)),
    ("standard_t", (0.0,)), ("standard_t", (-1.0,)),
    ("triangular", (1.0, 0.0, 2.0)), ("triangular", (0.0, 3.0, 2.0)), ("triangular", (0.0, 0.0, 0.0)),
    ("triangular", (1.0, 0.0, 0.0)),
    ("vonmises", (0.0, -1.0)), ("vonmises", (nan, -1.0)),
    ("wald", (0.0, 1.0)), ("wald", (1.0, 0.0)), ("wald", (0.0, 0.0)),
    ("weibull", (-1.0,)),
    ("zipf", (1.0,)), ("zipf", (0.5,)), ("zipf", (nan,)),
    # NumPy's "x < 0" of a float parameter tests the sign bit: -0.0 fails it
    ("exponential", (-0.0,)), ("gamma", (-0.0,)), ("gamma", (1.0, -0.0)), ("gumbel", (0.0, -0.0)),
    ("laplace", (0.0, -0.0)), ("logistic", (0.0, -0.0)), ("lognormal", (0.0, -0.0)),
    ("noncentral_chisquare", (1.0, -0.0)), ("noncentral_f", (1.0, 1.0, -0.0)), ("normal", (0.0, -0.0)),
    ("rayleigh", (-0.0,)), ("standard_gamma", (-0.0,)), ("vonmises", (0.0, -0.0)), ("weibull", (-0.0,)),
    ("pareto", (-0.0,)), ("power", (-0.0,)), ("wald", (-0.0, 1.0)),
]


def _numpy_outcome(obj, name, args):
    """NumPy's (exception type, message), or None when NumPy draws without error."""
    try:
        getattr(obj, name)(*args)
    except (ValueError, TypeError, OverflowError) as e:
        return type(e), str(e)
    return None


def _check(cupric_obj, numpy_obj, name, args):
    want = _numpy_outcome(numpy_obj, name, args)
    if want is None:
        getattr(cupric_obj, name)(*args)  # NumPy draws: so does cupric
        return
    with pytest.raises(want[0]) as info:
        getattr(cupric_obj, name)(*args)
    assert str(info.value) == want[1]


def _ident(case):
    return f"{case[0]}{case[1]}"


@pytest.mark.parametrize("case", BAD, ids=_ident)
def test_random_state_scalar_parameters(case):
    _check(cr.RandomState(0), numpy.random.RandomState(0), *case)


@pytest.mark.parametrize("case", BAD, ids=_ident)
def test_generator_scalar_parameters(case):
    _check(cr.default_rng(0), numpy.random.default_rng(0), *case)


@pytest.mark.parametrize("case", BAD[::4], ids=_ident)
def test_module_functions(case):
    _check(cr, numpy.random.RandomState(0), *case)


def _as_arrays(args, mod):
    # the parameters as 2-element arrays
    out = []
    for a in args:
        dtype = numpy.int64 if isinstance(a, int) else numpy.float64
        v = numpy.array([a, a], dtype=dtype)
        out.append(v if mod is numpy else cupric.asarray(v))
    return tuple(out)


@pytest.mark.parametrize("case", BAD, ids=_ident)
def test_array_parameters(case):
    name, args = case
    for c_obj, n_obj in ((cr.RandomState(0), numpy.random.RandomState(0)),
                         (cr.default_rng(0), numpy.random.default_rng(0))):
        want = _numpy_outcome(n_obj, name, _as_arrays(args, numpy))
        if want is None:
            getattr(c_obj, name)(*_as_arrays(args, cupric))
            continue
        with pytest.raises(want[0]) as info:
            getattr(c_obj, name)(*_as_arrays(args, cupric))
        assert str(info.value) == want[1]


# Array parameters are checked by the draw's own loop (Note [Parameter guard] in
# src/random/param_guard.hpp): the same outcomes with the offending element last among 5000 good
# ones (after every other element was drawn), and with one parameter a scalar.
_GOOD = {"binomial": (5, 0.5), "hypergeometric": (5, 5, 1), "noncentral_f": (1.0, 1.0, 1.0), "triangular": (0.0, 1.0, 2.0),
         "negative_binomial": (1.0, 0.5), "poisson": (1.0,), "zipf": (2.0,), "wald": (1.0, 1.0), "vonmises": (0.0, 1.0)}


def _large(args, name, mod, scalar_first=False):
    good = _GOOD.get(name, (0.5,) * len(args))
    out = []
    for j, (a, g) in enumerate(zip(args, good)):
        dtype = numpy.int64 if isinstance(a, int) else numpy.float64
        if scalar_first and j == 0 and len(args) > 1:
            out.append(a)
            continue
        v = numpy.full(5001, g, dtype=dtype)
        v[-1] = a
        out.append(v if mod is numpy else cupric.asarray(v))
    return tuple(out)


@pytest.mark.parametrize("case", BAD, ids=_ident)
@pytest.mark.parametrize("scalar_first", [False, True])
def test_large_array_parameters(case, scalar_first):
    name, args = case
    for c_obj, n_obj in ((cr.RandomState(0), numpy.random.RandomState(0)),
                         (cr.default_rng(0), numpy.random.default_rng(0))):
        want = _numpy_outcome(n_obj, name, _large(args, name, numpy, scalar_first))
        if want is None:
            getattr(c_obj, name)(*_large(args, name, cupric, scalar_first))
            continue
        with pytest.raises(want[0]) as info:
            getattr(c_obj, name)(*_large(args, name, cupric, scalar_first))
        assert str(info.value) == want[1]


@pytest.mark.parametrize("name,args", [
    ("binomial", (numpy.array([1.5]), 0.5)), ("binomial", (numpy.array(2.5), 0.5)),
    ("hypergeometric", (numpy.array([2.0]), 3, 1)), ("hypergeometric", (3, 3, numpy.array([1.0]))),
])
def test_integer_parameters_as_float_arrays_fail_numpys_safe_cast(name, args):
    for c_obj, n_obj in ((cr.RandomState(0), numpy.random.RandomState(0)),
                         (cr.default_rng(0), numpy.random.default_rng(0))):
        with pytest.raises(TypeError) as want:
            getattr(n_obj, name)(*args)
        c_args = tuple(cupric.asarray(a) if isinstance(a, numpy.ndarray) else a for a in args)
        with pytest.raises(TypeError) as got:
            getattr(c_obj, name)(*c_args)
        assert str(got.value) == str(want.value)
    # integer and bool arrays are fine
    assert cr.RandomState(0).binomial(cupric.asarray(numpy.array([3], dtype=numpy.int32)), 0.5).shape == (1,)


def test_rules_are_checked_over_all_elements_in_numpys_order():
    # poisson checks its range before its sign, over the whole array
    lam = numpy.array([-1.0, 1e19])
    with pytest.raises(ValueError, match="^lam value too large$"):
        cr.RandomState(0).poisson(cupric.asarray(lam))
    with pytest.raises(ValueError, match="^lam value too large$"):
        numpy.random.RandomState(0).poisson(lam)
    # the bad element last
    with pytest.raises(ValueError, match="^scale < 0$"):
        cr.RandomState(0).gamma(1.0, cupric.asarray(numpy.array([1.0, 2.0, -3.0])))


def test_bad_parameters_leave_the_state_unchanged():
    rs = cr.RandomState(42)
    with pytest.raises(ValueError):
        rs.gamma(-1.0, size=10)
    with pytest.raises(ValueError):
        rs.binomial(5, 2.0, size=10)
    numpy.testing.assert_array_equal(rs.gamma(2.0, size=10).get(), cr.RandomState(42).gamma(2.0, size=10).get())
    g = cr.default_rng(42)
    with pytest.raises(ValueError):
        g.poisson(-1.0, size=10)
    numpy.testing.assert_array_equal(g.poisson(3.0, size=10).get(), cr.default_rng(42).poisson(3.0, size=10).get())


@pytest.mark.parametrize("make", [cr.RandomState, cr.default_rng, lambda s: cr.Generator(cr.XORWOW(s))])
@pytest.mark.parametrize("name,args", [
    ("gamma", (1.0, -1.0)), ("normal", (0.0, -1.0)), ("exponential", (-1.0,)), ("geometric", (1.5,)),
    ("hypergeometric", (-1, 5, 1)),
])
def test_bad_array_parameters_leave_the_state_unchanged(make, name, args):
    # the draw's loop found the bad element (the last of 5001): the call's numbers are forgotten
    # and the next call draws what it would have drawn without the failed one
    obj = make(7)
    with pytest.raises(ValueError):
        getattr(obj, name)(*_large(args, name, cupric))
    good = _large(_GOOD.get(name, (0.5,) * len(args)), name, cupric)
    numpy.testing.assert_array_equal(getattr(obj, name)(*good).get(), getattr(make(7), name)(*good).get())


def test_bad_array_parameters_checked_before_the_shapes():
    # NumPy checks the values before it broadcasts them against size; a draw of no elements still
    # checks its parameters
    for c_obj, n_obj in ((cr.RandomState(0), numpy.random.RandomState(0)),
                         (cr.default_rng(0), numpy.random.default_rng(0))):
        bad = numpy.array([-1.0, 1.0, 1.0])
        for call in (lambda o, xp: o.gamma(xp.asarray(bad), size=(2, 4)),
                     lambda o, xp: o.normal(0.0, xp.asarray(bad), size=(0, 3))):
            with pytest.raises(ValueError) as want:
                call(n_obj, numpy)
            with pytest.raises(ValueError) as got:
                call(c_obj, cupric)
            assert str(got.value) == str(want.value)


def test_size_incompatible_with_parameters():
    with pytest.raises(ValueError):
        cr.RandomState(0).gamma(cupric.asarray(numpy.ones(3)), size=(2, 4))
    with pytest.raises(ValueError):
        numpy.random.RandomState(0).gamma(numpy.ones(3), size=(2, 4))


@pytest.mark.parametrize("name,args", [("gamma", (2.0,)), ("poisson", (3.0,)), ("beta", (1.0, 2.0)),
                                       ("standard_cauchy", ()), ("hypergeometric", (3, 4, 2))])
def test_size_forms(name, args):
    for obj in (cr.RandomState(0), cr.default_rng(0)):
        f = getattr(obj, name)
        assert f(*args, size=0).shape == (0,)
        assert f(*args, size=()).shape == ()
        assert f(*args, size=(2, 0, 3)).shape == (2, 0, 3)
        assert f(*args, size=5).shape == (5,)
        assert f(*args).shape == ()
