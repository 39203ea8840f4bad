"""Test attributes: the `slow` and `gpu` marks and `multi_gpu(n)`, which skips when too few GPUs."""

import os
import unittest

try:
    import pytest
except ImportError:  # pragma: no cover
    pytest = None


def _device_count():
    """Number of CUDA devices cupric can use; 0 when CUDA is unusable (never raises)."""
    try:
        import cupric
        if not cupric.cuda.is_available():
            return 0
        return int(cupric.cuda.runtime.getDeviceCount())
    except Exception:
        return 0


class _Lazy:
    # pytest evaluates a skipif condition with bool() when the test is set up, not when the
    # module is imported: so the GPU is only queried for tests that are about to run.
    def __init__(self, func):
        self._func = func

    def __bool__(self):
        return bool(self._func())


def _gpu_limit():
    # CUPRIC_TEST_GPU_LIMIT (CuPy: CUPY_TEST_GPU_LIMIT) caps the GPUs tests may use; -1:
    # no cap.
    return int(os.environ.get('CUPRIC_TEST_GPU_LIMIT', '-1'))


def _too_few_gpus(n):
    limit = _gpu_limit()
    return 0 <= limit < n or _device_count() < n


def add_mark(obj, mark):
    """Applies a pytest mark (a MarkDecorator such as ``pytest.mark.gpu``) to a test
    function or class and returns it. Unlike ``mark(obj)``, this also works for a lambda
    or a wrapper named ``<lambda>``, which pytest's call syntax takes for a mark argument."""
    if isinstance(obj, type) or not callable(obj):
        return mark(obj)
    obj.pytestmark = list(getattr(obj, 'pytestmark', [])) + [mark.mark]
    return obj


def _apply(marks, args, kwargs):
    # Supports both `@gpu` and `@gpu()`.
    def decorator(obj):
        for mark in marks:
            obj = add_mark(obj, mark) if pytest is not None else mark(obj)
        return obj
    if len(args) == 1 and not kwargs and callable(args[0]):
        return decorator(args[0])
    return decorator


def slow(*args, **kwargs):
    """Marks a long-running test (``pytest -m 'not slow'`` leaves it out)."""
    if pytest is None:  # pragma: no cover
        return _apply([], args, kwargs)
    if len(args) == 1 and not kwargs and callable(args[0]):
        return add_mark(args[0], pytest.mark.slow)
    return pytest.mark.slow(*args, **kwargs)


def gpu(*args, **kwargs):
    """Marks a test that only makes sense on a CUDA GPU (asynchrony, pinned memory, ...);
    it is skipped, with a reason, where cupric sees no CUDA device."""
    if pytest is None:  # pragma: no cover
        return _apply([unittest.skipIf(_device_count() < 1, 'needs a CUDA GPU')],
                      args, kwargs)
    marks = [pytest.mark.gpu,
             pytest.mark.skipif(_Lazy(lambda: _device_count() < 1),
                                reason='needs a CUDA GPU')]
    return _apply(marks, args, kwargs)


def multi_gpu(gpu_num):
    """Decorator for a test that needs ``gpu_num`` (at least 2) GPUs: marks it ``gpu`` and
    skips it when fewer devices are available, or when the environment variable
    ``CUPRIC_TEST_GPU_LIMIT`` (if 0 or more) is below ``gpu_num``."""
    if gpu_num < 2:
        raise ValueError('multi_gpu needs at least 2 GPUs, got {}'.format(gpu_num))
    reason = '{} GPUs required'.format(gpu_num)
    if pytest is None:  # pragma: no cover
        return unittest.skipIf(_too_few_gpus(gpu_num), reason)
    marks = [pytest.mark.gpu,
             pytest.mark.skipif(_Lazy(lambda: _too_few_gpus(gpu_num)), reason=reason)]
    return _apply(marks, (), {})
