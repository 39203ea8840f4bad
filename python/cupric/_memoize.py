"""cupric.memoize and clear_memo (CuPy's): a decorator caching a function's results by its
arguments, optionally per CUDA device; clear_memo empties every such cache."""
import functools

_memos = []


def memoize(for_each_device=False):
    """Caches results keyed by the positional and keyword arguments (and the current device
    when for_each_device); the arguments must be hashable."""
    def decorator(f):
        memo = {}
        _memos.append(memo)

        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            key = (args, frozenset(kwargs.items()))
            if for_each_device:
                from cupric import cuda
                key = (cuda.Device().id, key)
            if key not in memo:
                memo[key] = f(*args, **kwargs)
            return memo[key]
        return wrapper
    return decorator


def clear_memo():
    """Empties the caches of every memoized function."""
    for memo in _memos:
        memo.clear()
