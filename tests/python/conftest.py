"""Session-wide test setup for cupric's Python tests: hypothesis settings, the `gpu` and `slow`
markers, and the check that no test module holds device memory from import time.

Layout (Note [Test packages]): tests live in folders by area (core/, creation/, math/, indexing/,
manipulation/, sorting/, statistics/, random/, cuda/, kernels/, testing/), named after the concept
they test. The folders are not Python packages: pytest imports every test file by its path
(--import-mode=importlib in pyproject.toml), so two folders may hold files of the same name, and
folder names may equal standard modules (math, random, statistics) without shadowing them. Shared
inputs are plain modules in support/ (on pytest's pythonpath): array_cases (dtypes, values,
layouts), reduction_cases and ufunc_cases. Comparisons with NumPy are cupric.testing's.
"""
import os
from pathlib import Path

import pytest

import cupric

try:
    from hypothesis import settings, HealthCheck
    # Derandomized by default, so the suite (and CI) gives the same verdict on every run; set
    # CUPRIC_HYPOTHESIS_RANDOM=1 (and CUPRIC_HYPOTHESIS_EXAMPLES / CUPRIC_PROP_EXAMPLES) to explore.
    settings.register_profile(
        "cupric", max_examples=int(os.environ.get("CUPRIC_HYPOTHESIS_EXAMPLES", "100")), deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        derandomize=os.environ.get("CUPRIC_HYPOTHESIS_RANDOM") != "1")
    settings.load_profile("cupric")
except ImportError:  # pragma: no cover
    pass


# -- markers and layout -------------------------------------------------------------------------

_HERE = Path(__file__).parent


def pytest_configure(config):
    # See Note [Test packages]: an __init__.py in an area folder would make it a package named
    # math/random/statistics, shadowing the standard module for the whole session.
    packages = sorted(str(p.relative_to(_HERE)) for p in _HERE.glob("*/__init__.py"))
    if packages:
        raise pytest.UsageError(
            "test folders are not packages (Note [Test packages] in tests/python/conftest.py); "
            "remove " + ", ".join(packages))
    config.addinivalue_line("markers", "gpu: needs a CUDA GPU (skipped elsewhere)")
    config.addinivalue_line("markers", "slow: long-running test")


def pytest_collection_modifyitems(config, items):
    if cupric.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (cupric.cuda.is_available() is False)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


# -- no device arrays at module level -----------------------------------------------------------

@pytest.fixture(scope="session", autouse=True)
def _no_module_level_device_arrays():
    """A device array made at import time of a test module lives for the whole session and breaks
    the exact pool-accounting tests (cuda/test_memory_pool.py, cuda/test_memory_pool_stress.py)
    that share its worker. Runs once per worker before its first test: make such arrays inside
    tests or fixtures."""
    import gc
    gc.collect()
    used = cupric.get_default_memory_pool().used_bytes()
    if used:
        pytest.fail(f"test modules hold {used} bytes of cupric device memory after collection: create "
                    "device arrays inside tests or fixtures, not at module level", pytrace=False)


# -- linear algebra errors ----------------------------------------------------------------------

# The folders whose tests compare with NumPy/SciPy, which raise LinAlgError for singular or
# non-positive-definite input: they run under cupricx.errstate(linalg='raise'), as CuPy's own linalg
# tests do where they check errors (the default is CuPy's 'ignore': cupricx/_errstate.py).
_LINALG_RAISE_FOLDERS = {"linalg", "scipy_linalg", "sparse_linalg"}


@pytest.fixture(autouse=True)
def _linalg_errors_raise(request):
    if request.node.path.parent.name not in _LINALG_RAISE_FOLDERS:
        yield
        return
    import cupricx
    with cupricx.errstate(linalg="raise"):
        yield
