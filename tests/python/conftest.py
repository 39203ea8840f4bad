"""pytest configuration: tests marked `gpu` run only where cupric sees a usable CUDA device."""
import pytest


def pytest_collection_modifyitems(config, items):
    import cupric
    if cupric.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (cupric.cuda.is_available() is False)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
