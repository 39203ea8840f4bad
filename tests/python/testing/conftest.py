"""Fixtures of the cupric.testing tests: cupric.testing imported against the NumPy-backed stand-in
for cupric (support/fake_cupric.py)."""
import importlib
import sys

import pytest

from fake_cupric import cupric_module_names, make_fake_cupric


@pytest.fixture
def testing(monkeypatch):
    """cupric.testing, freshly imported against the stand-in."""
    for name in cupric_module_names():
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, 'cupric', make_fake_cupric())
    mod = importlib.import_module('cupric.testing')
    yield mod
    for name in cupric_module_names():
        if name != 'cupric':
            del sys.modules[name]


@pytest.fixture
def fake(testing):
    return sys.modules['cupric']
