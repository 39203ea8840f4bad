"""Fixtures of the cupric.cuda tests."""
import gc

import pytest

import cupric
import cupric.cuda as cuda


@pytest.fixture
def pool():
    """A memory pool of the test's own, empty, made the allocator for the test; the default pool's
    allocator is put back after. (Not the default pool itself: cupric's cuBLAS handles keep their
    workspaces, 32 MiB a stream, from the default pool for as long as they live, so a test that ran
    a matmul or a raw library call earlier in the same process leaves it non-empty.)"""
    gc.collect()
    p = cuda.MemoryPool()
    cuda.set_allocator(p.malloc)
    try:
        yield p
    finally:
        p.set_limit(size=0)
        cuda.set_allocator(cupric.get_default_memory_pool().malloc)
        p.free_all_blocks()
