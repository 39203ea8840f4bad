"""Test support mirroring cupy.testing: NumPy/cupric comparisons, dtype loops, NumPy 2 asserts."""

# The usual shape of a test:
#
#     from cupric import testing
#
#     class TestSum:
#         @testing.for_all_dtypes()
#         @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7})
#         def test_sum_axis(self, xp, dtype):
#             a = testing.shaped_arange((2, 3, 4), xp, dtype)
#             return a.sum(axis=1)
#
# The decorators keep CuPy's names (`numpy_cupy_*`, the `name='xp'` argument) so that
# tests written for CuPy run unchanged; `xp` is `numpy` in one run and `cupric` in the
# other. Inside a test, `assert_matches_numpy(cupric_result, numpy_result)` and
# `assert_raises_like_numpy(numpy_call, cupric_call)` compare one call at a time.
# This package never imports cupric at import time (cupric imports it lazily).

from cupric.testing import _condition  # NOQA
from cupric.testing import _random  # NOQA

from cupric.testing._array import (  # NOQA
    assert_,
    assert_allclose,
    assert_almost_equal,
    assert_approx_equal,
    assert_array_almost_equal,
    assert_array_almost_equal_nulp,
    assert_array_equal,
    assert_array_less,
    assert_array_list_equal,
    assert_array_max_ulp,
    assert_equal,
    assert_raises,
    assert_raises_regex,
    assert_string_equal,
)
from cupric.testing._attr import gpu, multi_gpu, slow  # NOQA
from cupric.testing._condition import (  # NOQA
    repeat,
    repeat_with_success_at_least,
    retry,
)
from cupric.testing._dtypes import (  # NOQA
    for_all_dtypes,
    for_all_dtypes_combination,
    for_CF_orders,
    for_complex_dtypes,
    for_contiguous_axes,
    for_dtypes,
    for_dtypes_combination,
    for_float_dtypes,
    for_int_dtypes,
    for_int_dtypes_combination,
    for_orders,
    for_signed_dtypes,
    for_signed_dtypes_combination,
    for_unsigned_dtypes,
    for_unsigned_dtypes_combination,
)
from cupric.testing._helper import (  # NOQA
    AssertFunctionIsCalled,
    NumpyAliasBasicTestBase,
    NumpyAliasValuesTestBase,
    assert_function_is_called,
    assert_warns,
    generate_matrix,
    installed,
    numpy_satisfies,
    shaped_arange,
    shaped_linspace,
    shaped_random,
    shaped_reverse_arange,
    shaped_sparse_random,
    with_requires,
)
from cupric.testing._loops import (  # NOQA
    numpy_cupy_allclose,
    numpy_cupy_array_almost_equal,
    numpy_cupy_array_almost_equal_nulp,
    numpy_cupy_array_equal,
    numpy_cupy_array_less,
    numpy_cupy_array_list_equal,
    numpy_cupy_array_max_ulp,
    numpy_cupy_equal,
    numpy_cupy_raises,
)
from cupric.testing._numpy_match import (  # NOQA
    assert_matches_numpy,
    assert_raises_like_numpy,
)
from cupric.testing._parameterized import (  # NOQA
    from_pytest_parameterize,
    parameterize,
    parameterize_pytest,
    product,
    product_dict,
)
from cupric.testing._random import fix_random, generate_seed  # NOQA
