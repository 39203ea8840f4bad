"""Fixtures of the cupric.cuda tests."""
import gc

import pytest

import cupric
import cupric.cuda as cuda


@pytest.fixture
def pool():
    """The default memory pool, emptied before the test; its limit and the allocator are reset after."""
    p = cupric.get_default_memory_pool()
    gc.collect()
    p.free_all_blocks()
    yield p
    p.set_limit(size=0)
    cuda.set_allocator(p.malloc)
