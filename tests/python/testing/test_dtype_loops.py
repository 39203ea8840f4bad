"""cupric.testing's dtype and order loops (for_all_dtypes, for_dtypes_combination, for_orders, ...),
run against the stand-in for cupric."""

import numpy
import pytest


ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64,
              numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64,
              numpy.float16, numpy.float32, numpy.float64,
              numpy.complex64, numpy.complex128]


# ---------------------------------------------------------------------------------------
# Dtype and order loops

def collect(decorator, *names):
    """Runs a test decorated by `decorator` directly (loop mode); returns what it got."""
    got = []

    def impl(**kw):
        got.append(tuple(kw[n] for n in names) if len(names) > 1 else kw[names[0]])
    decorator(impl)()
    return got


class TestDtypeLoops:

    def test_for_all_dtypes(self, testing):
        assert collect(testing.for_all_dtypes(), 'dtype') == ALL_DTYPES

    def test_for_all_dtypes_options(self, testing):
        got = collect(testing.for_all_dtypes(name='t', no_float16=True, no_bool=True,
                                             no_complex=True), 't')
        assert got == [d for d in ALL_DTYPES
                       if d not in (numpy.float16, numpy.bool_, numpy.complex64,
                                    numpy.complex128)]

    def test_families(self, testing):
        assert collect(testing.for_float_dtypes(), 'dtype') == [
            numpy.float16, numpy.float32, numpy.float64]
        assert collect(testing.for_float_dtypes(no_float16=True), 'dtype') == [
            numpy.float32, numpy.float64]
        assert collect(testing.for_signed_dtypes(), 'dtype') == ALL_DTYPES[1:5]
        assert collect(testing.for_unsigned_dtypes(), 'dtype') == ALL_DTYPES[5:9]
        assert collect(testing.for_int_dtypes(), 'dtype') == ALL_DTYPES[:9]
        assert collect(testing.for_int_dtypes(no_bool=True), 'dtype') == ALL_DTYPES[1:9]
        assert collect(testing.for_complex_dtypes(), 'dtype') == ALL_DTYPES[-2:]

    def test_for_dtypes_normalizes(self, testing):
        got = collect(testing.for_dtypes('efd?', name='x'), 'x')
        assert got == [numpy.float16, numpy.float32, numpy.float64, numpy.bool_]
        got = collect(testing.for_dtypes([numpy.dtype('int8'), 'uint16']), 'dtype')
        assert got == [numpy.int8, numpy.uint16]

    def test_combination_full(self, testing):
        got = collect(testing.for_signed_dtypes_combination(names=('a', 'b'), full=True),
                      'a', 'b')
        assert len(got) == 16 and len(set(got)) == 16

    def test_combination_subset(self, testing):
        deco = testing.for_all_dtypes_combination(names=('a', 'b'), full=False)
        got = collect(deco, 'a', 'b')
        assert len(got) == len(set(got)) <= 2 * len(ALL_DTYPES)
        for i in range(2):
            assert {c[i] for c in got} == set(ALL_DTYPES)
        assert all((d, d) in got for d in ALL_DTYPES)
        assert collect(deco, 'a', 'b') == got  # the same subset every time

    def test_combination_env(self, testing, monkeypatch):
        monkeypatch.setenv('CUPRIC_TEST_FULL_COMBINATION', '1')
        got = collect(testing.for_unsigned_dtypes_combination(names=('a', 'b')), 'a', 'b')
        assert len(got) == 16

    def test_combination_single_name(self, testing):
        got = collect(testing.for_int_dtypes_combination(names=('a',), no_bool=True), 'a')
        assert got == ALL_DTYPES[1:9]
        got = collect(testing.for_dtypes_combination('fd', names=('a',)), 'a')
        assert got == [numpy.float32, numpy.float64]

    def test_orders(self, testing):
        assert collect(testing.for_CF_orders(), 'order') == [None, 'C', 'F', 'c', 'f']
        assert collect(testing.for_orders(['C', 'A'], name='o'), 'o') == ['C', 'A']

    def test_contiguous_axes(self, testing):
        got = []

        class Case:
            shape = (1, 2, 3)

            @testing.for_contiguous_axes()
            def run(self, axis):
                got.append(axis)
        case = Case()
        case.order = 'C'
        case.run()
        case.order = 'F'
        case.run()
        assert got == [(2,), (1, 2), (0, 1, 2), (0,), (0, 1), (0, 1, 2)]

    def test_loop_names_failing_dtype(self, testing):
        @testing.for_float_dtypes()
        def impl(dtype):
            assert dtype != numpy.float32
        with pytest.raises(AssertionError) as e:
            impl()
        assert 'dtype=float32' in ''.join(getattr(e.value, '__notes__', []))

    def test_loop_continues_after_skip(self, testing):
        seen = []

        @testing.for_float_dtypes()
        def impl(dtype):
            seen.append(dtype)
            if dtype == numpy.float16:
                pytest.skip('no half')
        impl()
        assert len(seen) == 3

    def test_given_dtype_runs_once(self, testing):
        got = []
        testing.for_all_dtypes()(lambda dtype: got.append(dtype))(dtype=numpy.int8)
        assert got == [numpy.int8]

    def test_parametrize_mark(self, testing):
        @testing.for_float_dtypes()
        @testing.numpy_cupy_allclose()
        def test_x(self, xp, dtype):
            return xp.ones(2, dtype)
        (mark,) = [m for m in test_x.pytestmark if m.name == 'parametrize']
        assert mark.args == ('dtype', [numpy.float16, numpy.float32, numpy.float64])
        assert mark.kwargs['ids'] == ['float16', 'float32', 'float64']
        test_x(None)  # loop mode still works

    def test_no_mark_when_argument_has_default(self, testing):
        @testing.for_float_dtypes()
        def impl(dtype=None):
            pass
        assert not getattr(impl, 'pytestmark', [])

    def test_with_numpy_cupy_allclose(self, testing, fake):
        seen = []

        @testing.for_dtypes('?f')
        @testing.numpy_cupy_array_equal()
        def impl(xp, dtype):
            seen.append((xp, dtype))
            return testing.shaped_arange((2, 3), xp, dtype)
        impl()
        assert seen == [(numpy, numpy.bool_), (fake, numpy.bool_),
                        (numpy, numpy.float32), (fake, numpy.float32)]
