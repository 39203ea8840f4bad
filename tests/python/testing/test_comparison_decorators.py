"""cupric.testing's numpy_cupy_* decorators: what they compare (types, dtypes, contiguity, shapes,
values, unsigned wrap-around) and how they treat errors; run against a NumPy-backed stand-in for
cupric (support/fake_cupric.py, no build needed)."""

import numpy
import pytest
from fake_cupric import recording


# ---------------------------------------------------------------------------------------
# Comparison decorators

class TestComparison:

    def test_calls_numpy_then_cupric(self, testing, fake):
        impl, calls = recording(lambda xp: xp.arange(6, dtype=numpy.float32))
        testing.numpy_cupy_allclose()(impl)()
        assert calls == [numpy, fake]

    def test_custom_name_and_signature(self, testing, fake):
        seen = []

        @testing.numpy_cupy_array_equal(name='mod')
        def impl(self, mod, dtype):
            seen.append((mod, dtype))
            return mod.zeros(2, dtype)

        impl(None, dtype=numpy.int8)
        assert seen == [(numpy, numpy.int8), (fake, numpy.int8)]
        import inspect
        assert list(inspect.signature(impl).parameters) == ['self', 'dtype']

    @pytest.mark.parametrize('result_for', [
        lambda xp: xp.arange(6).reshape(2, 3),
        lambda xp: (xp.ones(3), xp.zeros((2, 2), dtype=numpy.int8)),
        lambda xp: [xp.ones(3)],
        lambda xp: xp.arange(5.0).sum(),  # numpy scalar vs cupric 0-d array
        lambda xp: 3.5,
        lambda xp: numpy.float32(2),
    ])
    def test_equal_results_pass(self, testing, result_for):
        impl, calls = recording(result_for)
        testing.numpy_cupy_allclose()(impl)()
        testing.numpy_cupy_array_equal()(impl)()
        assert len(calls) == 4

    def test_value_mismatch_fails_with_message(self, testing):
        def impl(xp):
            a = xp.arange(4, dtype=numpy.float64)
            return a + 1 if xp is numpy else a
        with pytest.raises(AssertionError, match='Not equal to tolerance') as e:
            testing.numpy_cupy_allclose(err_msg='my context')(impl)()
        assert 'my context' in str(e.value)
        with pytest.raises(AssertionError, match='Arrays are not equal'):
            testing.numpy_cupy_array_equal()(impl)()

    def test_tolerance(self, testing):
        def impl(xp):
            a = xp.ones(3)
            return a * (1 + 1e-5) if xp is numpy else a
        testing.numpy_cupy_allclose(rtol=1e-4)(impl)()
        testing.numpy_cupy_allclose(atol=1e-4)(impl)()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_allclose(rtol=1e-6)(impl)()

    def test_dtype_mismatch(self, testing):
        def impl(xp):
            return xp.ones(3, dtype=numpy.float32 if xp is numpy else numpy.float64)
        with pytest.raises(AssertionError, match='different dtypes') as e:
            testing.numpy_cupy_allclose()(impl)()
        assert 'float32' in str(e.value) and 'float64' in str(e.value)
        testing.numpy_cupy_allclose(type_check=False)(impl)()
        testing.numpy_cupy_array_equal(type_check=False)(impl)()

    def test_dtype_mismatch_names_output(self, testing):
        def impl(xp):
            return xp.ones(1), xp.ones(1, dtype=numpy.int8 if xp is numpy else numpy.int16)
        with pytest.raises(AssertionError, match=r'\(output 1\)'):
            testing.numpy_cupy_array_equal()(impl)()

    def test_shape_mismatch(self, testing):
        def impl(xp):
            return xp.ones((2, 3) if xp is numpy else (3, 2))
        with pytest.raises(AssertionError, match='different shapes'):
            testing.numpy_cupy_allclose()(impl)()

    def test_result_kind_mismatch(self, testing):
        with pytest.raises(AssertionError, match='different types'):
            testing.numpy_cupy_allclose()(lambda xp: numpy.ones(2))()
        with pytest.raises(AssertionError, match='numbers of values'):
            testing.numpy_cupy_allclose()(
                lambda xp: (xp.ones(2),) * (1 if xp is numpy else 2))()

    def test_none_result_fails(self, testing):
        with pytest.raises(AssertionError, match='returned None'):
            testing.numpy_cupy_allclose()(lambda xp: None)()

    def test_contiguity(self, testing):
        def impl(xp):
            a = xp.ones((3, 4))
            return a.T if xp is numpy else a.T.copy()
        with pytest.raises(AssertionError, match='f_contiguous'):
            testing.numpy_cupy_allclose()(impl)()
        testing.numpy_cupy_allclose(contiguous_check=False)(impl)()
        testing.numpy_cupy_array_equal()(impl)()  # no contiguity check there

    def test_strides_check(self, testing):
        def impl(xp):
            a = xp.ones((3, 4))
            return a[:, ::2] if xp is numpy else a[:, ::2].copy()
        testing.numpy_cupy_array_equal()(impl)()
        with pytest.raises(AssertionError, match='Strides are not equal'):
            testing.numpy_cupy_array_equal(strides_check=True)(impl)()

    def test_rtol_dict(self, testing):
        def make(dtype):
            def impl(xp):
                a = xp.ones(3, dtype=dtype)
                return a * dtype(1.001) if xp is numpy else a
            return impl
        rtol = {numpy.float16: 1e-2, 'default': 1e-7}
        testing.numpy_cupy_allclose(rtol=rtol)(make(numpy.float16))()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_allclose(rtol=rtol)(make(numpy.float32))()
        testing.numpy_cupy_allclose(rtol={numpy.dtype('float32'): 1e-2,
                                          'default': 0})(make(numpy.float32))()
        testing.numpy_cupy_allclose(atol={numpy.float64: 1e-2})(make(numpy.float64))()

    def test_rtol_dict_without_entry(self, testing):
        deco = testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3})
        with pytest.raises(TypeError, match='Can not find tolerance'):
            deco(lambda xp: xp.ones(2, dtype=numpy.float32))()

    def test_rtol_dict_bad_keys(self, testing):
        with pytest.raises(TypeError, match='Keys of the tolerance'):
            testing.numpy_cupy_allclose(rtol={'float32': 1e-3})
        with pytest.raises(TypeError, match='type_check'):
            testing.numpy_cupy_allclose(rtol={'default': 1e-3}, type_check=False)

    def test_other_comparisons(self, testing):
        def close(xp):
            a = xp.arange(1, 5, dtype=numpy.float32)
            return a * numpy.float32(1 + 1e-7) if xp is numpy else a
        testing.numpy_cupy_array_almost_equal()(close)()
        testing.numpy_cupy_array_almost_equal_nulp(nulp=4)(close)()
        testing.numpy_cupy_array_max_ulp(maxulp=4)(close)()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_array_max_ulp(maxulp=0)(
                lambda xp: xp.ones(2) * (1.5 if xp is numpy else 1))()

        testing.numpy_cupy_array_less()(lambda xp: xp.ones(2) * (2 if xp is numpy else 1))()
        with pytest.raises(AssertionError):
            testing.numpy_cupy_array_less()(lambda xp: xp.ones(2))()

        testing.numpy_cupy_equal()(lambda xp: xp.ones((2, 3)).shape)()
        with pytest.raises(AssertionError, match='Results are not equal'):
            testing.numpy_cupy_equal()(lambda xp: xp.__name__)()

    def test_deprecated_decorators(self, testing):
        with pytest.warns(DeprecationWarning):
            deco = testing.numpy_cupy_array_list_equal()
        deco(lambda xp: [xp.ones(2), xp.zeros(3)])()
        with pytest.warns(DeprecationWarning):
            deco = testing.numpy_cupy_raises()

        def raises(xp):
            raise ValueError('bad')
        deco(raises)()
        with pytest.raises(AssertionError, match='expected to raise'):
            deco(lambda xp: 1)()

    def test_unsigned_mask(self, testing):
        # Where the signed run gives a negative value the unsigned result is undefined
        # (float -> unsigned conversion), so those elements are not compared.
        def impl(xp, src, dst):
            if numpy.dtype(dst).kind == 'i':
                return xp.array([-6, 2], dtype=dst)
            return xp.array([250 if xp is numpy else 7, 2], dtype=dst)
        deco = testing.numpy_cupy_array_equal()
        deco(impl)(src=numpy.float32, dst=numpy.uint8)
        with pytest.raises(AssertionError):
            deco(impl)(src=numpy.uint16, dst=numpy.uint8)  # no signed dtype: no mask


class TestErrors:

    @staticmethod
    def raising(numpy_exc, cupric_exc):
        def impl(xp):
            exc = numpy_exc if xp is numpy else cupric_exc
            if exc is not None:
                raise exc('raised with {}'.format(xp.__name__))
            return xp.ones(1)
        return impl

    def test_both_raise_not_accepted(self, testing):
        with pytest.raises(AssertionError, match='Both cupric and numpy raise'):
            testing.numpy_cupy_allclose()(self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('accept', [True, ValueError, Exception,
                                        (TypeError, ValueError)])
    def test_both_raise_accepted(self, testing, accept):
        testing.numpy_cupy_allclose(accept_error=accept)(
            self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('accept', [False, TypeError, (TypeError, IndexError)])
    def test_both_raise_other_accepted(self, testing, accept):
        with pytest.raises(AssertionError, match='Both cupric and numpy raise'):
            testing.numpy_cupy_allclose(accept_error=accept)(
                self.raising(ValueError, ValueError))()

    @pytest.mark.parametrize('numpy_exc,cupric_exc', [
        (ValueError, TypeError),
        (numpy.exceptions.AxisError, ValueError),
        (OverflowError, RuntimeError),
        (IndexError, KeyError),
    ])
    def test_incompatible_errors(self, testing, numpy_exc, cupric_exc):
        with pytest.raises(AssertionError, match='Different types of errors'):
            testing.numpy_cupy_allclose(accept_error=True)(
                self.raising(numpy_exc, cupric_exc))()

    def test_compatible_subclass(self, testing):
        class PrivateTypeError(TypeError):
            pass
        testing.numpy_cupy_array_equal(accept_error=TypeError)(
            self.raising(PrivateTypeError, TypeError))()

    def test_only_one_raises(self, testing):
        with pytest.raises(AssertionError, match='Only numpy raises error') as e:
            testing.numpy_cupy_allclose(accept_error=True)(self.raising(ValueError, None))()
        assert 'raised with numpy' in str(e.value)
        with pytest.raises(AssertionError, match='Only cupric raises error') as e:
            testing.numpy_cupy_allclose(accept_error=True)(self.raising(None, ValueError))()
        assert 'raised with cupric' in str(e.value)

    def test_both_skip(self, testing):
        def impl(xp):
            pytest.skip('not today')
        with pytest.raises(pytest.skip.Exception, match='not today'):
            testing.numpy_cupy_allclose()(impl)()

    def test_bad_call_raises_at_once(self, testing):
        calls = []

        @testing.numpy_cupy_allclose()
        def impl(xp):
            calls.append(xp)
        with pytest.raises(TypeError):
            impl(unexpected=1)
        assert calls == []
