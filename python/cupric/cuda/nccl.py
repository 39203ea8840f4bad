"""cupric.cuda.nccl: multi-GPU collectives. Imported explicitly (V9-IMPORT: `import cupric` does
not load it). `available` tells whether libnccl can be loaded (V8-AVAILABLE); the communicator
API itself is not implemented yet (issue 3, a later slice)."""
from cupric import _libraries

available = _libraries.available("nccl")


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise NotImplementedError(f"cupric.cuda.nccl.{name} is not implemented yet (only `available` is)")
