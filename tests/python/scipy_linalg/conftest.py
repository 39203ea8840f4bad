"""These tests compare with NumPy/SciPy, which raise LinAlgError for singular or non-positive-
definite input: they run under cupricx.errstate(linalg='raise'), as CuPy's own linalg tests do
where they check errors (the default is CuPy's 'ignore': cupricx/_errstate.py)."""
import pytest

import cupricx


@pytest.fixture(autouse=True)
def _linalg_errors_raise():
    with cupricx.errstate(linalg="raise"):
        yield
