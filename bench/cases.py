"""The benchmark cases: what each one runs, on which inputs, how many bytes it moves, its target.

A case is data, not code: a statement evaluated with ``xp`` bound to the library under test, the
inputs it needs, and how it is timed (see bench/timing.py). Cases whose feature a library lacks
declare it in ``needs`` and show "n/a (not implemented)" until the feature lands.
"""
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

F32 = np.float32


@dataclass
class Sizes:
    """Problem sizes: ``big`` float32 elements, a ``side`` x ``side`` matrix (side**2 == big),
    ``xfer_bytes`` per host<->device transfer, ``small`` elements for host-overhead cases."""
    big: int
    side: int
    xfer_bytes: int
    small: int = 1000

    def shape(self, key):
        return {"small": (self.small,), "mat": (40, 25), "big": (self.big,),
                "square": (self.side, self.side), "xfer": (self.xfer_bytes // 4,),
                "part": (self.big // 32,), "idx": (self.big // 16,),
                "quarter": (self.big // 4,)}[key]


def p2(n):
    """2^k for powers of two, else the number."""
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def mib(n):
    return f"{n / 2**20:g} MiB"


@dataclass
class Target:
    """A goal for cupric's figure: ``op`` is 'le' or 'ge' on the value, or 'pct_ge' on % of memcpy."""
    op: str
    value: float
    label: str

    def met(self, value, pct_memcpy):
        if self.op == "pct_ge":
            return None if pct_memcpy is None else pct_memcpy >= self.value
        if value is None:
            return None
        return value <= self.value if self.op == "le" else value >= self.value


@dataclass
class Case:
    id: str
    name: Callable[[Sizes], str]
    clock: str                      # 'host_loop' (us/call), 'device' or 'wall' (GB/s), 'cold' (ms)
    stmt: str                       # expression; xp is the library, np is NumPy
    inputs: dict = field(default_factory=dict)   # name -> (shape key, where: dev|host|pinned)
    nbytes: Optional[Callable[[Sizes], int]] = None   # bytes read + written per call
    needs: tuple = ()               # feature checks: lib -> None, or the name of what is missing
    libs: tuple = ("cupric", "cupy", "numpy")
    expect: Optional[Callable] = None   # host inputs -> expected result (exact) or (result, rtol)
    out: Optional[str] = None       # expression giving the result to check (default: stmt's value)
    baseline: Optional[str] = None  # memcpy kind for "% of memcpy": d2d, h2d, d2h (+ _pinned)
    target: Optional[Target] = None
    setup: Optional[str] = None     # statements run once in the namespace before timing (user kernels)
    warm_disk: bool = False         # 'cold' clock: the fresh process finds a warm disk kernel cache
    cold_want: Optional[str] = None  # cold cases: the expected result, a NumPy expression of h

    @property
    def metric(self):
        return {"host_loop": "us/call", "device": "GB/s", "wall": "GB/s", "cold": "ms"}[self.clock]


# Feature checks ------------------------------------------------------------------------------

def method(name):
    def check(lib):
        return None if hasattr(lib.xp.ndarray, name) else f"ndarray.{name}"
    return check


def func(name):
    def check(lib):
        return None if hasattr(lib.xp, name) else f"{lib.name}.{name}"
    return check


def pinned(lib):
    return None if lib.empty_pinned is not None else f"pinned host memory ({lib.name}x.empty_pinned)"


ADD = (method("__add__"),)
GPU_LIBS = ("cupric", "cupy")
_f32x4 = 4


def _pct_target(pct):
    return Target("pct_ge", pct, f">= {pct:g}% memcpy")


CASES = [
    # Host overhead per call (wall clock over many calls, synchronised at the end).
    Case("empty", lambda s: "empty(1000)", "host_loop", "xp.empty(1000)",
         target=Target("le", 0.8, "<= 0.8 us")),
    Case("slice", lambda s: "view a[1:-1] (1000)", "host_loop", "a[1:-1]", {"a": ("small", "dev")},
         target=Target("le", 0.6, "<= 0.6 us")),
    Case("T", lambda s: "view a.T (40x25)", "host_loop", "m.T", {"m": ("mat", "dev")}),
    Case("astype_small", lambda s: "astype f32->f64 (1000)", "host_loop", "a.astype(np.float64)",
         {"a": ("small", "dev")}, expect=lambda h: h["a"].astype(np.float64)),
    Case("zeros", lambda s: "zeros(1000)", "host_loop", "xp.zeros(1000)",
         expect=lambda h: np.zeros(1000)),
    Case("add_small", lambda s: "a + b (1000 f32)", "host_loop", "a + b",
         {"a": ("small", "dev"), "b": ("small", "dev")}, needs=ADD,
         expect=lambda h: h["a"] + h["b"], target=Target("le", 5.0, "<= 5.0 us")),
    Case("add_scalar", lambda s: "a + 1.0 (1000 f32)", "host_loop", "a + 1.0",
         {"a": ("small", "dev")}, needs=ADD, expect=lambda h: h["a"] + 1.0,
         target=Target("le", 5.0, "<= 5.0 us")),

    # Device bandwidth (CUDA events around each call; bytes read + written).
    Case("copy", lambda s: f"a.copy() {p2(s.big)} f32", "device", "a.copy()", {"a": ("big", "dev")},
         nbytes=lambda s: 2 * _f32x4 * s.big, expect=lambda h: h["a"], baseline="d2d"),
    Case("astype_f16", lambda s: f"astype f32->f16 {p2(s.big)}", "device", "a.astype(np.float16)",
         {"a": ("big", "dev")}, nbytes=lambda s: (4 + 2) * s.big,
         expect=lambda h: h["a"].astype(np.float16), baseline="d2d"),
    Case("transpose_copy", lambda s: f"ascontiguousarray(a.T) {s.side}^2 f32", "device",
         "xp.ascontiguousarray(a.T)", {"a": ("square", "dev")},
         nbytes=lambda s: 2 * _f32x4 * s.side ** 2, expect=lambda h: np.ascontiguousarray(h["a"].T),
         baseline="d2d"),
    Case("fill", lambda s: f"a.fill(1.5) {p2(s.big)} f32", "device", "a.fill(1.5)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * s.big, out="a",
         expect=lambda h: np.full(h["a"].shape, 1.5, F32), baseline="d2d"),
    Case("add_big", lambda s: f"a + b {p2(s.big)} f32", "device", "a + b",
         {"a": ("big", "dev"), "b": ("big", "dev")}, nbytes=lambda s: 3 * _f32x4 * s.big, needs=ADD,
         expect=lambda h: h["a"] + h["b"], baseline="d2d", target=Target("ge", 3900, ">= 3900 GB/s")),
    Case("add_T", lambda s: f"a + b.T {s.side}^2 f32", "device", "a + b.T",
         {"a": ("square", "dev"), "b": ("square", "dev")}, nbytes=lambda s: 3 * _f32x4 * s.side ** 2,
         needs=ADD, expect=lambda h: h["a"] + h["b"].T, baseline="d2d",
         target=Target("ge", 2500, ">= 2500 GB/s")),
    Case("sum", lambda s: f"sum(a) {p2(s.big)} f32", "device", "xp.sum(a)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * s.big, needs=(func("sum"),),
         expect=lambda h: (h["a"].sum(dtype=np.float64).astype(F32), 1e-4), baseline="d2d",
         target=Target("ge", 4100, ">= 4100 GB/s")),

    # Reductions and scans (issue 5).
    Case("sum_axis0", lambda s: f"sum(m, axis=0) {s.side}^2 f32", "device", "xp.sum(m, axis=0)",
         {"m": ("square", "dev")}, nbytes=lambda s: _f32x4 * s.side * (s.side + 1), needs=(func("sum"),),
         expect=lambda h: (h["m"].sum(axis=0, dtype=np.float64).astype(F32), 1e-4), baseline="d2d",
         target=Target("ge", 3800, ">= 3800 GB/s")),
    Case("sum_axis1", lambda s: f"sum(m, axis=1) {s.side}^2 f32", "device", "xp.sum(m, axis=1)",
         {"m": ("square", "dev")}, nbytes=lambda s: _f32x4 * s.side * (s.side + 1), needs=(func("sum"),),
         expect=lambda h: (h["m"].sum(axis=1, dtype=np.float64).astype(F32), 1e-4), baseline="d2d",
         target=Target("ge", 4100, ">= 4100 GB/s")),
    Case("argmax", lambda s: f"argmax(a) {p2(s.big)} f32", "device", "xp.argmax(a)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * s.big, needs=(func("argmax"),), expect=lambda h: np.argmax(h["a"]),
         baseline="d2d", target=Target("ge", 3900, ">= 3900 GB/s")),
    Case("cumsum", lambda s: f"cumsum(a) {p2(s.big)} f32", "device", "xp.cumsum(a)", {"a": ("big", "dev")},
         nbytes=lambda s: 2 * _f32x4 * s.big, needs=(func("cumsum"),),
         expect=lambda h: (np.cumsum(h["a"], dtype=np.float64).astype(F32), 1e-3), baseline="d2d",
         target=Target("ge", 2800, ">= 2800 GB/s (read+write)")),
    Case("sum_small", lambda s: "a.sum() (1000 f32)", "host_loop", "a.sum()", {"a": ("small", "dev")},
         needs=(method("sum"),), expect=lambda h: (h["a"].sum(), 1e-5), target=Target("le", 5.5, "<= 5.5 us")),
    # Sorting (issue 6): 2^26 f32 when big is 2^28. Bytes: keys read + written (argsort: f32 read,
    # int64 written), so the targets 1.6 ms and 2.8 ms at 2^26 read 335 and 288 GB/s.
    Case("sort", lambda s: f"sort(a) {p2(s.big // 4)} f32", "device", "xp.sort(a)", {"a": ("quarter", "dev")},
         nbytes=lambda s: 2 * _f32x4 * (s.big // 4), needs=(func("sort"),), expect=lambda h: np.sort(h["a"]),
         target=Target("ge", 335, ">= 335 GB/s (<= 1.6 ms)")),
    Case("argsort", lambda s: f"argsort(a) {p2(s.big // 4)} f32", "device", "xp.argsort(a)",
         {"a": ("quarter", "dev")}, nbytes=lambda s: (_f32x4 + 8) * (s.big // 4), needs=(func("argsort"),),
         expect=lambda h: np.argsort(h["a"], kind="stable"), target=Target("ge", 288, ">= 288 GB/s (<= 2.8 ms)")),

    # Host <-> device transfers (wall clock up to a synchronise: what the caller waits for).
    Case("h2d", lambda s: f"H2D pageable asarray {mib(s.xfer_bytes)}", "wall", "xp.asarray(h)",
         {"h": ("xfer", "host")}, nbytes=lambda s: s.xfer_bytes, libs=GPU_LIBS,
         expect=lambda h: h["h"], baseline="h2d"),
    Case("d2h", lambda s: f"D2H pageable get() {mib(s.xfer_bytes)}", "wall", "a.get()",
         {"a": ("xfer", "dev")}, nbytes=lambda s: s.xfer_bytes, libs=GPU_LIBS,
         expect=lambda h: h["a"], baseline="d2h"),
    Case("h2d_pinned", lambda s: f"H2D pinned d.set(p) {mib(s.xfer_bytes)}", "wall", "d.set(p)",
         {"p": ("xfer", "pinned"), "d": ("xfer", "dev")}, nbytes=lambda s: s.xfer_bytes,
         needs=(pinned,), libs=GPU_LIBS, out="d", expect=lambda h: h["p"], baseline="h2d_pinned",
         target=_pct_target(90)),
    Case("d2h_pinned", lambda s: f"D2H pinned a.get(out=p) {mib(s.xfer_bytes)}", "wall",
         "a.get(out=p)", {"a": ("xfer", "dev"), "p": ("xfer", "pinned")}, nbytes=lambda s: s.xfer_bytes,
         needs=(pinned,), libs=GPU_LIBS, out="p", expect=lambda h: h["a"], baseline="d2h_pinned",
         target=_pct_target(90)),

    # First call in a fresh process (empty kernel caches): see bench/cold.py.
    Case("cold", lambda s: "first call sin(a)*3+a (2^20 f32)", "cold", "xp.sin(a) * 3 + a",
         needs=(func("sin"), method("__mul__"), method("__add__")),
         target=Target("le", 5.0, "<= 5 ms")),
    Case("cold_sum0", lambda s: "first call a.sum(axis=0) (1024x1024 f32)", "cold",
         "a.reshape(1024, -1).sum(axis=0)", needs=(func("sum"),), cold_want="h.reshape(1024, -1).sum(axis=0)",
         target=Target("le", 5.0, "<= 5 ms")),
]


def as_indices(h, n):
    """A random input (float32 in [0.5, 1.5)) as int64 indices in [0, n): inputs marked
    'dev_idx' reach the libraries this way (bench/run.py), and the expectations use it too."""
    return np.minimum(((h.astype(np.float64) - 0.5) * n).astype(np.int64), n - 1)


_PARTS = [f"c{i}" for i in range(8)]

# Indexing and joining (issue 6). Targets are the times at full size (2^28 f32) as GB/s.
CASES += [
    Case("mask", lambda s: f"a[a > 1.0] {p2(s.big)} f32 (half kept)", "device", "a[a > 1.0]",
         {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big + _f32x4 * s.big // 2,
         expect=lambda h: h["a"][h["a"] > 1.0], baseline="d2d",
         target=Target("ge", 1342, ">= 1342 GB/s (1.2 ms)")),
    Case("take", lambda s: f"take(a, i) {p2(s.big // 16)} of {p2(s.big)} f32", "device", "xp.take(a, i)",
         {"a": ("big", "dev"), "i": ("idx", "dev_idx")}, nbytes=lambda s: (8 + 4 + 4) * (s.big // 16),
         needs=(func("take"),), expect=lambda h: h["a"][as_indices(h["i"], h["a"].size)], baseline="d2d",
         target=Target("ge", 767, ">= 767 GB/s (0.35 ms)")),
    Case("concatenate", lambda s: f"concatenate 8 x {mib(4 * s.big // 32)} f32", "device",
         "xp.concatenate([" + ", ".join(_PARTS) + "])", {k: ("part", "dev") for k in _PARTS},
         nbytes=lambda s: 2 * _f32x4 * 8 * (s.big // 32), needs=(func("concatenate"),),
         expect=lambda h: np.concatenate([h[k] for k in _PARTS]), baseline="d2d/4",  # the same bytes
         target=_pct_target(90)),
]


# User kernels (issue 7): fusion bandwidth, first use of a new ElementwiseKernel (cold and warm
# disk cache, fresh process), host time of a cached RawKernel launch.
CASES += [
    Case("fuse_chain", lambda s: f"fuse sqrt(u*u+v*v)*0.5+sin(u) {p2(s.big)} f32", "device", "F(u, v)",
         {"u": ("big", "dev"), "v": ("big", "dev")}, nbytes=lambda s: 3 * _f32x4 * s.big,
         needs=(func("fuse"),), libs=GPU_LIBS,
         setup="F = xp.fuse(kernel_name='chain')(lambda u, v: xp.sqrt(u * u + v * v) * 0.5 + xp.sin(u))",
         expect=lambda h: (np.sqrt(h["u"] * h["u"] + h["v"] * h["v"]) * F32(0.5) + np.sin(h["u"]), 1e-5),
         baseline="d2d", target=Target("ge", 3790,
                                      ">= 3790 GB/s (0.85 ms at 2^28)")),
    Case("elementwise_kernel_cold", lambda s: "first ElementwiseKernel sin(x)*3+x, cold cache", "cold",
         "xp.ElementwiseKernel('float32 x', 'float32 y', 'y = sin(x) * 3 + x', 'bench_ek')(a)",
         needs=(func("ElementwiseKernel"),), libs=GPU_LIBS),
    Case("elementwise_kernel_warm_disk", lambda s: "first ElementwiseKernel, warm disk cache", "cold",
         "xp.ElementwiseKernel('float32 x', 'float32 y', 'y = sin(x) * 3 + x', 'bench_ek')(a)",
         needs=(func("ElementwiseKernel"),), libs=GPU_LIBS, warm_disk=True,
         target=Target("le", 5.0, "<= 5 ms")),
    Case("raw_kernel_launch", lambda s: "cached RawKernel launch (1 block)", "host_loop", "K((1,), (32,), (a,))",
         {"a": ("small", "dev")}, needs=(func("RawKernel"),), libs=GPU_LIBS,
         setup=("K = xp.RawKernel(r'extern \"C\" __global__ void bench_noop(float* a) {}', 'bench_noop')\n"
                "K((1,), (32,), (a,))"),
         target=Target("le", 5.0, "<= 5 us")),
]


# cupric.random (issue 16): draws at full size as write bandwidth (targets: the times at
# 2^28 float32 on the H200), choice and permutation, and the first draw of a fresh process.
_RNG_SETUP = "rs = xp.random.RandomState(1)\ng = xp.random.default_rng(1)"
_RNG = (func("random"),)
# The XORWOW chunk limit's private switch (rs_random_sample_chunks* at the end of the file).
_XORWOW_CHUNKS = "if xp.__name__ == 'cupric': xp._core.random._set_xorwow_max_chunks({k})\n"
CASES += [
    Case("rs_random_sample", lambda s: f"RandomState.random_sample {p2(s.big)} f32", "device",
         "rs.random_sample(a.size, dtype=np.float32)", {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big,
         needs=_RNG, libs=GPU_LIBS, setup=_XORWOW_CHUNKS.format(k=0) + _RNG_SETUP,
         target=Target("ge", 3579, ">= 3579 GB/s (0.30 ms)")),
    Case("gen_random", lambda s: f"Generator.random {p2(s.big)} f32", "device",
         "g.random(a.size, dtype=np.float32)", {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big,
         needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP, target=Target("ge", 3579, ">= 3579 GB/s (0.30 ms)")),
    Case("gen_standard_normal", lambda s: f"Generator.standard_normal {p2(s.big)} f32", "device",
         "g.standard_normal(a.size, dtype=np.float32)", {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big,
         needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP, target=Target("ge", 3067, ">= 3067 GB/s (0.35 ms)")),
    Case("gen_integers", lambda s: f"Generator.integers(0, 1000) {p2(s.big)} int32", "device",
         "g.integers(0, 1000, size=a.size, dtype=np.int32)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * s.big, needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP,
         target=Target("ge", 3579, ">= 3579 GB/s (0.30 ms)")),
    Case("choice_small", lambda s: "choice(10**9, 1000, replace=False)", "host_loop",
         "xp.random.choice(10**9, 1000, replace=False)", needs=_RNG, libs=GPU_LIBS),
    Case("permutation", lambda s: f"permutation({p2(s.big // 4)})", "device", "xp.random.permutation(a.size)",
         {"a": ("quarter", "dev")}, nbytes=lambda s: 8 * (s.big // 4), needs=_RNG, libs=GPU_LIBS,
         target=Target("ge", 243, ">= CuPy x 1.5 (243 GB/s)")),
    Case("cold_random", lambda s: "first call random.random_sample(2^20) < 1", "cold",
         "xp.random.random_sample(a.size) < 1", needs=_RNG, libs=GPU_LIBS, cold_want="np.ones_like(h)",
         target=Target("le", 5.0, "<= 5 ms")),
]

# cupric.random, more draws against CuPy (issue 16: "every distribution's figure reported against
# CuPy's"). Generator: cupric's Philox block draws (Note [Philox block draws]) vs CuPy's XORWOW
# Generator; rs_*: the legacy XORWOW streams. f64/int64 draws are 2^27 values (the same 1 GiB).


def _draw_case(cid, label, stmt, wide, target=None, setup=""):
    """A full-size draw timed as write bandwidth: `stmt` with n the number of values."""
    n = "a.size // 2" if wide else "a.size"
    return Case(cid, lambda s: f"{label} {p2(s.big // 2 if wide else s.big)}", "device", stmt.format(n=n),
                {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big, needs=_RNG, libs=GPU_LIBS,
                setup=_RNG_SETUP + setup, target=target)


CASES += [
    _draw_case("gen_random_f64", "Generator.random f64", "g.random({n})", True),
    _draw_case("gen_standard_normal_f64", "Generator.standard_normal f64", "g.standard_normal({n})", True,
               Target("ge", 3067, ">= 3067 GB/s (0.35 ms, the float32 target)")),
    _draw_case("gen_standard_exponential", "Generator.standard_exponential f32",
               "g.standard_exponential({n}, dtype=np.float32)", False),
    _draw_case("gen_exponential_f64", "Generator.exponential(2.0) f64", "g.exponential(2.0, size={n})", True),
    _draw_case("gen_uniform_f64", "Generator.uniform(-1, 2) f64", "g.uniform(-1.0, 2.0, size={n})", True),
    _draw_case("gen_integers_wide", "Generator.integers(0, 2^40) int64", "g.integers(0, 2**40, size={n})", True),
    _draw_case("gen_standard_gamma", "Generator.standard_gamma(2.5) f64", "g.standard_gamma(2.5, size={n})", True),
    _draw_case("gen_poisson", "Generator.poisson(10) int64", "g.poisson(10.0, size={n})", True),
    _draw_case("gen_binomial", "Generator.binomial(20, 0.3) int64", "g.binomial(20, 0.3, size={n})", True),
    _draw_case("rs_random_sample_f64", "RandomState.random_sample f64", "rs.random_sample({n})", True),
    _draw_case("rs_standard_normal", "RandomState.standard_normal f32",
               "rs.standard_normal({n}, dtype=np.float32)", False),
    _draw_case("rs_randint", "RandomState.randint(0, 1000) int32", "rs.randint(0, 1000, size={n}, dtype=np.int32)",
               False),
    Case("cold_gen_random", lambda s: "first call default_rng(1).random(2^20) < 1", "cold",
         "xp.random.default_rng(1).random(a.size) < 1", needs=_RNG, libs=GPU_LIBS, cold_want="np.ones_like(h)"),
]


# Interop (issue 18): host time of a DLPack exchange (export + zero-copy import), a bare capsule,
# a __cuda_array_interface__ import, and NumPy calls dispatched through __array_ufunc__ and
# __array_function__ (what code written against NumPy pays to run on the GPU).
_CAI_SETUP = "w = type('W', (), {})()\nw.__cuda_array_interface__ = a.__cuda_array_interface__"
CASES += [
    Case("from_dlpack", lambda s: "from_dlpack(a) (1000 f32, same library)", "host_loop", "xp.from_dlpack(a)",
         {"a": ("small", "dev")}, needs=(func("from_dlpack"),), libs=GPU_LIBS, expect=lambda h: h["a"]),
    Case("dlpack_capsule", lambda s: "a.__dlpack__(max_version=(1, 0)) (made and freed)", "host_loop",
         "a.__dlpack__(stream=-1, max_version=(1, 0))", {"a": ("small", "dev")}, needs=(method("__dlpack__"),),
         libs=GPU_LIBS),
    Case("cai_asarray", lambda s: "asarray(obj with __cuda_array_interface__) (1000 f32)", "host_loop",
         "xp.asarray(w)", {"a": ("small", "dev")}, libs=GPU_LIBS, setup=_CAI_SETUP, expect=lambda h: h["a"]),
    Case("np_add_dispatch", lambda s: "np.add(a, b) via __array_ufunc__ (1000 f32)", "host_loop", "np.add(a, b)",
         {"a": ("small", "dev"), "b": ("small", "dev")}, needs=(method("__array_ufunc__"),), libs=GPU_LIBS,
         expect=lambda h: h["a"] + h["b"]),
    Case("np_sum_dispatch", lambda s: "np.sum(a) via __array_function__ (1000 f32)", "host_loop", "np.sum(a)",
         {"a": ("small", "dev")}, needs=(method("__array_function__"),), libs=GPU_LIBS,
         expect=lambda h: (h["a"].sum(), 1e-5)),
]

# NumPy's namespace beyond the core (issue 18): interp, packbits/unpackbits, polyval, a window,
# sliding-window sums; each a few whole-array passes composed in C++.
_INTERP_SETUP = "xs = xp.linspace(-4.0, 4.0, 4096, dtype=np.float64)\nys = xp.sin(xs)"
CASES += [
    Case("interp", lambda s: f"interp(a, xs[4096], ys) {p2(s.big // 4)} f32", "device", "xp.interp(a, xs, ys)",
         {"a": ("quarter", "dev")}, nbytes=lambda s: (4 + 8) * (s.big // 4), needs=(func("interp"),),
         setup=_INTERP_SETUP),
    Case("packbits", lambda s: f"packbits(a > 0) {p2(s.big)} f32", "device", "xp.packbits(a > 0)",
         {"a": ("big", "dev")}, nbytes=lambda s: _f32x4 * s.big + s.big // 8, needs=(func("packbits"),),
         expect=lambda h: np.packbits(h["a"] > 0)),
    Case("unpackbits", lambda s: f"unpackbits {p2(s.big // 8)} uint8", "device",
         "xp.unpackbits(a.view(np.uint8)[: a.size // 2])", {"a": ("quarter", "dev")},
         nbytes=lambda s: 9 * (s.big // 8), needs=(func("unpackbits"),)),
    Case("polyval", lambda s: f"polyval(deg 7, a) {p2(s.big)} f32", "device",
         "xp.polyval(xp.arange(8, dtype=np.float32), a)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * 2 * s.big, needs=(func("polyval"),)),
    Case("hanning", lambda s: f"hanning({p2(s.big // 4)})", "device", "xp.hanning(a.size)",
         {"a": ("quarter", "dev")}, nbytes=lambda s: 8 * (s.big // 4), needs=(func("hanning"),)),
]

# ---- linalg products (issue 17): matmul / @ / einsum. GEMM cases report GFLOP/s in the GB/s
# column (nbytes = 2 n^3 flops); compare with the GEMM_FLOOR lines (raw cublasGemmEx, same run,
# bench/gemm_floor.cu), which run the same data, the same call and the same clock as these cases
# (Note [GEMM floor measures what the matmul cases measure] in bench/gemm_floor.cu): the output's
# allocation from the pool in `A @ B` is host work between back-to-back calls, no device time.
# The TF32 case switches TF32 on for the rest of the process, so it runs after the other float32
# GEMMs.
_MATMUL = (func("matmul"),)
_N = 8192


def _on_gpu(lib):
    # The big GEMM cases are GPU figures: on the host backend one 8192^2 product takes seconds.
    if lib.name == "cupric" and not lib.xp.cuda.is_available():
        return "a GPU (host-backend GEMMs of this size take seconds each)"
    return None


_BIG_MATMUL = (func("matmul"), _on_gpu)


def _gemm_setup(dtype, tf32=False):
    make = (f"_h = np.random.default_rng(0).standard_normal(({_N}, {_N}), dtype=np.float32)\n"
            f"_dt = {dtype}\n"
            "A = xp.asarray(_h.astype(_dt))\nB = xp.asarray(np.ascontiguousarray(_h[::-1]).astype(_dt))\ndel _h\n")
    if tf32:
        make += ("if xp.__name__ == 'cupric':\n    __import__('cupricx').set_tf32_allowed(True)\nelse:\n"
                 "    from cupy._core import _routines_linalg as _rl\n"
                 "    _rl.set_compute_type(np.float32, _rl.COMPUTE_TYPE_TF32)\n")
    return make


def _gemm_case(tag, dtype, cupy_tflops, tf32=False):
    return Case(f"matmul_{tag}", lambda s, t=tag: f"matmul {_N}^2 {t} (GB/s column = GFLOP/s)", "device", "A @ B",
                nbytes=lambda s: 2 * _N ** 3, needs=_BIG_MATMUL, libs=GPU_LIBS, setup=_gemm_setup(dtype, tf32),
                target=Target("ge", cupy_tflops * 1000, f">= 0.98 x raw cuBLAS (CuPy {cupy_tflops} TFLOP/s)"))


_SMALL_MM = ("A2 = xp.asarray(np.ones((2, 2), np.float32))\n"
             "A64 = xp.asarray(np.ones((64, 64), np.float32))\n"
             "A256 = xp.asarray(np.ones((256, 256), np.float32))\n")
_EINSUM_SETUP = ("_r = np.random.default_rng(0)\n"
                 "E1 = xp.asarray(_r.random((64, 512, 512), dtype=np.float32))\n"
                 "E2 = xp.asarray(_r.random((64, 512, 512), dtype=np.float32))\n"
                 "P = xp.asarray(_r.random((4096, 64), dtype=np.float32))\n"
                 "Q = xp.asarray(_r.random((64, 4096), dtype=np.float32))\n"
                 "R = xp.asarray(_r.random((4096, 64), dtype=np.float32))\n")
CASES += [
    _gemm_case("f64", "np.float64", 64.5),
    _gemm_case("f32", "np.float32", 50.7),
    _gemm_case("f16", "np.float16", 787),
    _gemm_case("bf16", "__import__('ml_dtypes').bfloat16", 819),
    _gemm_case("tf32", "np.float32", 423, tf32=True),
    Case("matmul_small_2", lambda s: "a @ b 2^2 f32", "host_loop", "A2 @ A2", needs=_MATMUL, setup=_SMALL_MM,
         target=Target("le", 6.0, "<= 6 us (or raw cublasGemmEx + 1 us)")),
    Case("matmul_small_64", lambda s: "a @ b 64^2 f32", "host_loop", "A64 @ A64", needs=_MATMUL, setup=_SMALL_MM,
         target=Target("le", 6.0, "<= 6 us (or raw cublasGemmEx + 1 us)")),
    Case("matmul_small_256", lambda s: "a @ b 256^2 f32", "host_loop", "A256 @ A256", needs=_MATMUL,
         setup=_SMALL_MM, target=Target("le", 6.0, "<= 6 us (or raw cublasGemmEx + 1 us)")),
    Case("einsum_tiny", lambda s: "einsum('ij,jk', 2^2 f32)", "host_loop", "xp.einsum('ij,jk', A2, A2)",
         needs=(func("einsum"),), setup=_SMALL_MM, target=Target("le", 15.0, "<= 15 us")),
    Case("einsum_bmm", lambda s: "einsum('bij,bjk->bik') 64 x 512^2 f32 (GB/s = GFLOP/s)", "device",
         "xp.einsum('bij,bjk->bik', E1, E2)", nbytes=lambda s: 2 * 64 * 512 ** 3, needs=(func("einsum"), _on_gpu),
         libs=GPU_LIBS, setup=_EINSUM_SETUP),
    Case("matmul_bmm", lambda s: "matmul 64 x 512^2 f32, same data (GB/s = GFLOP/s)", "device", "E1 @ E2",
         nbytes=lambda s: 2 * 64 * 512 ** 3, needs=_BIG_MATMUL, libs=GPU_LIBS, setup=_EINSUM_SETUP),
    Case("einsum_chain", lambda s: "einsum('ij,jk,kl->il', optimize=True) 4096x64x4096x64 f32", "device",
         "xp.einsum('ij,jk,kl->il', P, Q, R, optimize=True)", nbytes=lambda s: 4 * 4096 * 64,
         needs=(func("einsum"), _on_gpu), libs=GPU_LIBS, setup=_EINSUM_SETUP),
    Case("cold_matmul", lambda s: "first a @ b (64^2 f32) in a fresh process", "cold",
         "a[:4096].reshape(64, 64) @ a[:4096].reshape(64, 64)", needs=_MATMUL, libs=GPU_LIBS,
         cold_want="h[:4096].reshape(64, 64) @ h[:4096].reshape(64, 64)", target=Target("le", 55, "<= CuPy / 2 (55 ms)")),
]


def select(pattern):
    """The cases whose id or generic name matches the regular expression (all when None)."""
    import re
    if not pattern:
        return list(CASES)
    rx = re.compile(pattern, re.IGNORECASE)
    probe = Sizes(big=2**28, side=2**14, xfer_bytes=2**28)
    return [c for c in CASES if rx.search(c.id) or rx.search(c.name(probe))]


def missing_feature(case, lib):
    """The first feature ``lib`` lacks for ``case``, or None."""
    for check in case.needs:
        what = check(lib)
        if what:
            return what
    return None


# cupric.linalg solvers (issue 17): host time of one small solve/inv/det (the LinAlgError check
# included: <= 25 us), batched small inverses and solves, and the large factorisations against
# CuPy in the same run. "GB/s" of the device cases counts the input and output matrices once; the
# time is what to compare (targets from the issue: >= CuPy).
def _spd(n, dtype, batch=()):
    return (f"R = np.random.default_rng(0).standard_normal({batch!r} + ({n}, {n}))\n"
            f"A = xp.asarray((R + np.swapaxes(R, -1, -2) + 2 * {n} * np.eye({n})).astype(np.{dtype}))\n"
            f"b = xp.asarray(np.random.default_rng(1).standard_normal({batch!r} + ({n},)).astype(np.{dtype}))\n"
            "del R")


_LA = (func("linalg"),)
CASES += [
    Case("la_solve_2", lambda s: "linalg.solve 2x2 f64 (host time)", "host_loop", "xp.linalg.solve(A, b)",
         needs=_LA, setup=_spd(2, "float64"), target=Target("le", 25.0, "<= 25 us")),
    Case("la_solve_8", lambda s: "linalg.solve 8x8 f64 (host time)", "host_loop", "xp.linalg.solve(A, b)",
         needs=_LA, setup=_spd(8, "float64"), target=Target("le", 25.0, "<= 25 us")),
    Case("la_inv_8", lambda s: "linalg.inv 8x8 f64 (host time)", "host_loop", "xp.linalg.inv(A)",
         needs=_LA, setup=_spd(8, "float64"), target=Target("le", 25.0, "<= 25 us")),
    Case("la_det_8", lambda s: "linalg.det 8x8 f64 (host time)", "host_loop", "xp.linalg.det(A)",
         needs=_LA, setup=_spd(8, "float64"), target=Target("le", 25.0, "<= 25 us")),
    Case("la_inv_batched", lambda s: "linalg.inv 100000 x 4x4 f32", "device", "xp.linalg.inv(A)",
         nbytes=lambda s: 2 * 100000 * 16 * 4, needs=_LA, libs=GPU_LIBS, setup=_spd(4, "float32", (100000,)),
         target=Target("ge", 2 * 100000 * 16 * 4 / 0.10e-3 / 1e9, "<= 0.10 ms")),
    Case("la_solve_batched", lambda s: "linalg.solve 10000 x 2x2 f64 (vs CuPy: <= 1/2)", "device",
         "xp.linalg.solve(A, b[..., None])", nbytes=lambda s: 10000 * (4 + 2 + 2) * 8, needs=_LA, libs=GPU_LIBS,
         setup=_spd(2, "float64", (10000,))),
    Case("la_solve_8192", lambda s: "linalg.solve 8192^2 f64 (getrf + getrs)", "device", "xp.linalg.solve(A, b)",
         nbytes=lambda s: 8192 * 8192 * 8, needs=_LA, libs=GPU_LIBS, setup=_spd(8192, "float64")),
    Case("la_cholesky_8192", lambda s: "linalg.cholesky 8192^2 f64 (potrf)", "device", "xp.linalg.cholesky(A)",
         nbytes=lambda s: 2 * 8192 * 8192 * 8, needs=_LA, libs=GPU_LIBS, setup=_spd(8192, "float64")),
    Case("la_qr", lambda s: "linalg.qr 8192x4096 f32", "device", "xp.linalg.qr(A)",
         nbytes=lambda s: 3 * 8192 * 4096 * 4, needs=_LA, libs=GPU_LIBS,
         setup="A = xp.asarray(np.random.default_rng(0).standard_normal((8192, 4096)).astype(np.float32))"),
    Case("la_svd", lambda s: "linalg.svd 2048^2 f32", "device", "xp.linalg.svd(A)",
         nbytes=lambda s: 3 * 2048 * 2048 * 4, needs=_LA, libs=GPU_LIBS,
         setup="A = xp.asarray(np.random.default_rng(0).standard_normal((2048, 2048)).astype(np.float32))"),
    Case("la_eigh", lambda s: "linalg.eigh 4096^2 f64", "device", "xp.linalg.eigh(A)",
         nbytes=lambda s: 2 * 4096 * 4096 * 8, needs=_LA, libs=GPU_LIBS, setup=_spd(4096, "float64")),
]


# User kernels (issue 20): an ElementwiseKernel writing a preallocated output from inputs that
# broadcast against it (a column and a row: CuPy's Monte-Carlo pattern), against CuPy. "GB/s"
# counts the output once (the inputs are one row and one column).
CASES += [
    Case("elementwise_kernel_bcast_out", lambda s: f"ElementwiseKernel col*2+row into a {s.side}^2 f32 out",
         "device", "K(c, r, o)", {"o": ("square", "dev")}, nbytes=lambda s: 4 * s.side * s.side,
         needs=(func("ElementwiseKernel"),), libs=GPU_LIBS,
         setup=("K = xp.ElementwiseKernel('float32 c, float32 r', 'float32 o', 'o = c * 2 + r', 'bench_bcast_out')\n"
                "c = o[:, :1].copy()\n"
                "r = o[:1, :].copy()")),
]


# cupricx.scipy.sparse.linalg (issue 21): cg on the 2-D Poisson matrix (5-point stencil, 2048^2
# unknowns, float64) to rtol 1e-6 against cupyx.scipy.sparse.linalg.cg; the target is a time 1.2x
# shorter than CuPy's (fewer host syncs per iteration: Note [Residual checks] in
# src/sparse/linalg/krylov.cpp). The matrix is SciPy-built on the host and handed over as CSR
# arrays (data, indices, indptr); the setup prints each library's iteration count (a callback run).
# "GB/s" counts the matrix's bytes once per solve, so the ratio of the two columns is the speed-up.
def _sparse_linalg_available(lib):
    import importlib
    top = {"cupric": "cupricx", "cupy": "cupyx"}.get(lib.name)
    if top is None:
        return "a GPU sparse library"
    try:
        sparse = importlib.import_module(top + ".scipy.sparse")
        importlib.import_module(top + ".scipy.sparse.linalg")
    except ImportError:
        return f"{top}.scipy.sparse.linalg"
    return None if hasattr(sparse, "csr_matrix") else f"{top}.scipy.sparse.csr_matrix"


_POISSON_N = 2048
_POISSON_NNZ = 5 * _POISSON_N**2 - 4 * _POISSON_N
_CG_SETUP = f"""
import importlib, inspect
import scipy.sparse as _sps
_top = 'cupyx' if xp.__name__ == 'cupy' else 'cupricx'
xs = importlib.import_module(_top + '.scipy.sparse')
xsl = importlib.import_module(_top + '.scipy.sparse.linalg')
_T = _sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=({_POISSON_N}, {_POISSON_N}))
_I = _sps.eye({_POISSON_N})
_h = (_sps.kron(_T, _I) + _sps.kron(_I, _T)).tocsr()
A = xs.csr_matrix((xp.asarray(_h.data), xp.asarray(_h.indices), xp.asarray(_h.indptr)), shape=_h.shape)
del _T, _I, _h
b = xp.ones({_POISSON_N}**2)
_kw = {{'rtol': 1e-6}} if 'rtol' in inspect.signature(xsl.cg).parameters else {{'tol': 1e-6}}
_its = []
_x, _info = xsl.cg(A, b, callback=lambda xk: _its.append(1), **_kw)
_res = float(xp.linalg.norm(b - A @ _x) / xp.linalg.norm(b))
print(f"  cg 2-D Poisson {_POISSON_N}^2 ({{xp.__name__}}): {{len(_its)}} iterations, info {{_info}}, "
      f"relative residual {{_res:.2e}}")
del _x, _its
"""
CASES += [
    Case("sparse_cg_poisson", lambda s: f"sparse.linalg.cg 2-D Poisson {_POISSON_N}^2 f64 to 1e-6 (time: <= CuPy / 1.2)",
         "wall", "xsl.cg(A, b, **_kw)", nbytes=lambda s: _POISSON_NNZ * 12 + (_POISSON_N**2 + 1) * 4,
         needs=(_sparse_linalg_available,), libs=GPU_LIBS, setup=_CG_SETUP),
]


# cupricx.scipy.sparse (issue 21): CSR SpMV of 2^24 rows x 16 nonzeros (banded and random columns;
# "GB/s" is the effective bandwidth: data, indices, indptr, x and y once each), SpGEMM of a
# 2^20 x 2^20 matrix with 8 nonzeros per row by itself (compare the times), CSR -> CSC and COO
# sum_duplicates of 2^26 entries, and the first sparse product in a fresh process. Targets from
# the issue; cupyx.scipy.sparse in the same run.
_SP_IMPORT = ("sp = __import__('cupricx.scipy.sparse' if xp.__name__ == 'cupric' else 'cupyx.scipy.sparse', "
              "fromlist=['csr_matrix'])\n")
_SPMV_N = 2**24


def _has_sparse(lib):
    try:
        __import__("cupricx.scipy.sparse" if lib.name == "cupric" else "cupyx.scipy.sparse")
    except ImportError:
        return f"{lib.name}'s scipy.sparse"
    return None


_SPARSE = (_has_sparse, _on_gpu)


def _spmv_setup(dtype, banded, n=_SPMV_N, per_row=16):
    cols = ("_start = xp.clip(xp.arange(_n, dtype=xp.int64) - 8, 0, _n - _k)\n"
            "_ind = (_start[:, None] + xp.arange(_k, dtype=xp.int64)[None, :]).ravel().astype(xp.int32)\n"
            if banded else
            "_ind = xp.asarray(np.random.default_rng(1).integers(0, _n, _n * _k, dtype=np.int32))\n")
    return (_SP_IMPORT + f"_n, _k = {n}, {per_row}\n" + cols +
            "_ptr = xp.arange(0, _n * _k + 1, _k, dtype=xp.int32)\n"
            f"_dat = xp.asarray(np.random.default_rng(2).random(_n * _k).astype(np.{dtype}))\n"
            "A = sp.csr_matrix((_dat, _ind, _ptr), shape=(_n, _n))\n"
            f"x = xp.asarray(np.random.default_rng(3).random(_n).astype(np.{dtype}))\n"
            "del _ind, _ptr, _dat\n")


def _spmv_bytes(itemsize, n=_SPMV_N, per_row=16):
    return n * per_row * (itemsize + 4) + (n + 1) * 4 + 2 * n * itemsize


def _spmv_case(dtype, itemsize, banded):
    kind = "banded" if banded else "random"
    target = (Target("ge", 3200, ">= 3.2 TB/s (CuPy 2.80)") if banded else
              Target("ge", 547, ">= CuPy (547 GB/s)"))
    return Case(f"sp_spmv_{kind}_{dtype}", lambda s, k=kind, d=dtype: f"CSR SpMV 2^24 x 16 nnz {k} cols {d}",
                "device", "A @ x", nbytes=lambda s, i=itemsize: _spmv_bytes(i), needs=_SPARSE, libs=GPU_LIBS,
                setup=_spmv_setup(dtype, banded), target=target)


_SPGEMM_SETUP = (_SP_IMPORT + "_n, _k = 2**20, 8\n"
                 "_ind = xp.asarray(np.random.default_rng(1).integers(0, _n, _n * _k, dtype=np.int32))\n"
                 "_ptr = xp.arange(0, _n * _k + 1, _k, dtype=xp.int32)\n"
                 "_dat = xp.asarray(np.random.default_rng(2).random(_n * _k))\n"
                 "A = sp.csr_matrix((_dat, _ind, _ptr), shape=(_n, _n))\nA.sum_duplicates()\n")
_CONVERT_SETUP = (_SP_IMPORT + "_n, _k = 2**22, 16\n"
                  "_ind = xp.asarray(np.random.default_rng(1).integers(0, _n, _n * _k, dtype=np.int32))\n"
                  "_ptr = xp.arange(0, _n * _k + 1, _k, dtype=xp.int32)\n"
                  "_dat = xp.asarray(np.random.default_rng(2).random(_n * _k))\n"
                  "A = sp.csr_matrix((_dat, _ind, _ptr), shape=(_n, _n))\nA.sum_duplicates()\n"
                  "_r = np.random.default_rng(4)\n"
                  "R = xp.asarray(_r.integers(0, 2**13, 2**26, dtype=np.int32))\n"
                  "C = xp.asarray(_r.integers(0, 2**13, 2**26, dtype=np.int32))\n"
                  "D = xp.asarray(_r.random(2**26))\n"
                  "def _sum_dups():\n"
                  "    m = sp.coo_matrix((D, (R, C)), shape=(2**13, 2**13))\n"
                  "    m.sum_duplicates()\n"
                  "    return m.data\n")
CASES += [
    _spmv_case("float32", 4, True),
    _spmv_case("float64", 8, True),
    _spmv_case("float32", 4, False),
    _spmv_case("float64", 8, False),
    Case("sp_spgemm", lambda s: "SpGEMM A @ A, 2^20^2 with 8 nnz/row f64 (compare times)", "device", "A @ A",
         nbytes=lambda s: 2**20 * 8 * 12 * 2, needs=_SPARSE, libs=GPU_LIBS, setup=_SPGEMM_SETUP,
         target=None),
    Case("sp_csr_to_csc", lambda s: "CSR -> CSC of 2^26 entries f64", "device", "A.tocsc()",
         nbytes=lambda s: 2 * 2**26 * 12, needs=_SPARSE, libs=GPU_LIBS, setup=_CONVERT_SETUP),
    Case("sp_sum_duplicates", lambda s: "COO sum_duplicates of 2^26 entries (2^13^2) f64", "device", "_sum_dups()",
         nbytes=lambda s: 2 * 2**26 * 16, needs=_SPARSE, libs=GPU_LIBS, setup=_CONVERT_SETUP),
    Case("cold_spmv", lambda s: "first sparse product (csr_matrix(64^2) @ x) in a fresh process", "cold",
         "__import__('cupricx.scipy.sparse' if xp.__name__ == 'cupric' else 'cupyx.scipy.sparse', "
         "fromlist=['csr_matrix']).csr_matrix(a[:4096].reshape(64, 64)) @ a[:64]", needs=(_has_sparse,),
         libs=GPU_LIBS, cold_want="h[:4096].reshape(64, 64) @ h[:64]", target=Target("le", 100, "<= 100 ms (CuPy 5.8 s)")),
]


# linalg-tiny (issue 17): the tiny path of solve / inv / det / slogdet (Note [Tiny solvers] in
# src/linalg/solvers/tiny_solvers.cpp; the la_solve_2 / la_solve_8 / la_inv_8 / la_det_8 cases
# above) at its bound and on stacks, and eigh / svd of stacks of small matrices (cuSOLVER's
# batched Jacobi routines, Note [Batched Jacobi] in src/linalg/solvers/cuda/cusolver_solvers.cpp).
# "GB/s" counts the input matrices and the results once; the time is what to compare with CuPy.
def _sym(n, dtype, batch):
    return (f"R = np.random.default_rng(0).standard_normal({batch!r} + ({n}, {n}))\n"
            f"A = xp.asarray((R + np.swapaxes(R, -1, -2)).astype(np.{dtype}))\n"
            "del R")


def _gen(m, n, dtype, batch):
    return f"A = xp.asarray(np.random.default_rng(0).standard_normal({batch!r} + ({m}, {n})).astype(np.{dtype}))"


CASES += [
    Case("la_slogdet_8", lambda s: "linalg.slogdet 8x8 f64 (host time)", "host_loop", "xp.linalg.slogdet(A)",
         needs=_LA, setup=_spd(8, "float64"), target=Target("le", 25.0, "<= 25 us")),
    Case("la_inv_32", lambda s: "linalg.inv 32x32 f64 (host time)", "host_loop", "xp.linalg.inv(A)",
         needs=_LA, setup=_spd(32, "float64")),
    Case("la_solve_8_c64", lambda s: "linalg.solve 8x8 complex64 (host time)", "host_loop", "xp.linalg.solve(A, b)",
         needs=_LA, setup=_spd(8, "complex64")),
    Case("la_det_batched", lambda s: "linalg.det 100000 x 8x8 f64", "device", "xp.linalg.det(A)",
         nbytes=lambda s: 100000 * (64 + 1) * 8, needs=_LA, libs=GPU_LIBS, setup=_spd(8, "float64", (100000,))),
    Case("la_inv_batched_32", lambda s: "linalg.inv 10000 x 32x32 f32", "device", "xp.linalg.inv(A)",
         nbytes=lambda s: 2 * 10000 * 32 * 32 * 4, needs=_LA, libs=GPU_LIBS, setup=_spd(32, "float32", (10000,))),
    Case("la_eigh_batched", lambda s: "linalg.eigh 10000 x 16x16 f32", "device", "xp.linalg.eigh(A)",
         nbytes=lambda s: 10000 * (2 * 256 + 16) * 4, needs=_LA, libs=GPU_LIBS, setup=_sym(16, "float32", (10000,))),
    Case("la_eigvalsh_batched", lambda s: "linalg.eigvalsh 10000 x 32x32 f64", "device", "xp.linalg.eigvalsh(A)",
         nbytes=lambda s: 10000 * (1024 + 32) * 8, needs=_LA, libs=GPU_LIBS, setup=_sym(32, "float64", (10000,))),
    Case("la_svd_batched", lambda s: "linalg.svd 10000 x 16x16 f32", "device", "xp.linalg.svd(A)",
         nbytes=lambda s: 10000 * (3 * 256 + 16) * 4, needs=_LA, libs=GPU_LIBS, setup=_gen(16, 16, "float32", (10000,))),
    Case("la_svd_batched_thin", lambda s: "linalg.svd 10000 x 24x8 f64, full_matrices=False", "device",
         "xp.linalg.svd(A, full_matrices=False)", nbytes=lambda s: 10000 * (2 * 192 + 8 + 64) * 8, needs=_LA,
         libs=GPU_LIBS, setup=_gen(24, 8, "float64", (10000,))),
    Case("la_eig_64", lambda s: "linalg.eig 64x64 f64 (Xgeev)", "device", "xp.linalg.eig(A)",
         nbytes=lambda s: 64 * 64 * 8 + 64 * 64 * 16, needs=_LA, libs=GPU_LIBS, setup=_gen(64, 64, "float64", ())),
]


# ---- cupric.fft (issue 19): cuFFT transforms against CuPy in the same run, with the raw cuFFT
# floor printed by bench/fft_floor.cu (FFT_FLOOR lines: cufftExec device time and host time per
# call). "GB/s" counts the input and the output once; targets are CuPy's times from the issue.
def _fft_gpu(lib):
    # 2^24-point host-backend FFTs take about a second each: these are GPU figures.
    if lib.name == "cupric" and not lib.xp.cuda.is_available():
        return "a GPU (host-backend FFTs of this size take about a second each)"
    return None


def _fft_setup(shape, dtype):
    return (f"_r = np.random.default_rng(0)\n_h = _r.standard_normal({shape!r}).astype(np.float32)\n"
            f"Z = xp.asarray((_h + 1j * _h[::-1]).astype(np.{dtype}) if np.dtype(np.{dtype}).kind == 'c' "
            f"else _h.astype(np.{dtype}))\ndel _h\n")


_FFT = (func("fft"), _fft_gpu)
_N24 = 1 << 24


def _fft_target(nbytes, cupy_ms, what):
    return Target("ge", nbytes / (cupy_ms * 1e-3) / 1e9, what)


CASES += [
    Case("fft_c2c_c64", lambda s: "fft 2^24 complex64 (c2c)", "device", "xp.fft.fft(Z)", nbytes=lambda s: 16 * _N24,
         needs=_FFT, libs=GPU_LIBS, setup=_fft_setup((_N24,), "complex64"),
         target=_fft_target(16 * _N24, 0.276, "<= 1.02 x raw cuFFT (FFT_FLOOR; CuPy 0.276 ms)")),
    Case("fft_c2c_c128", lambda s: "fft 2^24 complex128 (z2z)", "device", "xp.fft.fft(Z)",
         nbytes=lambda s: 32 * _N24, needs=_FFT, libs=GPU_LIBS, setup=_fft_setup((_N24,), "complex128"),
         target=_fft_target(32 * _N24, 0.468, "<= 1.02 x raw cuFFT (FFT_FLOOR; CuPy 0.468 ms)")),
    Case("fft_rfft_f32", lambda s: "rfft 2^24 float32 (r2c)", "device", "xp.fft.rfft(Z)",
         nbytes=lambda s: 4 * _N24 + 8 * (_N24 // 2 + 1), needs=_FFT, libs=GPU_LIBS,
         setup=_fft_setup((_N24,), "float32"),
         target=_fft_target(4 * _N24 + 8 * (_N24 // 2 + 1), 0.184, "<= 1.02 x raw cuFFT (CuPy 0.184 ms)")),
    Case("fft_fft2_c64", lambda s: "fft2 4096^2 complex64", "device", "xp.fft.fft2(Z)", nbytes=lambda s: 16 * _N24,
         needs=_FFT, libs=GPU_LIBS, setup=_fft_setup((4096, 4096), "complex64"),
         target=_fft_target(16 * _N24, 0.239, "<= 1.02 x raw cuFFT (CuPy 0.239 ms)")),
    Case("fft_batched_c64", lambda s: "fft batched 4096 x 4096 complex64 (last axis)", "device", "xp.fft.fft(Z)",
         nbytes=lambda s: 16 * _N24, needs=_FFT, libs=GPU_LIBS, setup=_fft_setup((4096, 4096), "complex64")),
    Case("fft_small_1024", lambda s: "fft 1024 complex64, cached plan (host time)", "host_loop", "xp.fft.fft(Z)",
         needs=(func("fft"),), setup=_fft_setup((1024,), "complex64"),
         target=Target("le", 6.0, "<= 6 us (or raw cufftExec host time + 1 us; CuPy 13 us)")),
    Case("fft_host_2p20_c128", lambda s: "fft 2^20 complex128 (host backend vs NumPy: <= 3x)", "wall",
         "xp.fft.fft(Z)", nbytes=lambda s: 32 * (1 << 20), needs=(func("fft"),), libs=("cupric", "numpy"),
         setup=_fft_setup((1 << 20,), "complex128")),
    Case("cold_fft", lambda s: "first fft (64 points f32) in a fresh process (cuFFT load + plan)", "cold",
         "xp.fft.fft(a[:64])", needs=(func("fft"),), libs=GPU_LIBS, cold_want="np.fft.fft(h[:64])",
         target=Target("le", 66, "<= CuPy / 2 (66 ms)")),
]


# cupy-modules (issue 20): cupricx.rsqrt against cupyx.rsqrt, the V14 allocators' host cost.
_XPX = "xpx = __import__(xp.__name__ + 'x')"   # cupricx for cupric, cupyx for CuPy


def _xpx_has(name):
    def check(lib):
        mod = __import__(lib.xp.__name__ + "x")
        return None if hasattr(mod, name) else f"{lib.name}x.{name}"
    return check


CASES += [
    Case("rsqrt_big", lambda s: f"cupricx.rsqrt(a) {p2(s.big)} f32", "device", "xpx.rsqrt(a)",
         {"a": ("big", "dev")}, nbytes=lambda s: 2 * s.big * 4, needs=(_xpx_has("rsqrt"),), libs=GPU_LIBS,
         setup=_XPX, baseline="d2d"),
    Case("malloc_managed", lambda s: "cuda.malloc_managed(4096) (host time)", "host_loop",
         "xp.cuda.malloc_managed(4096)", libs=GPU_LIBS),
    Case("malloc_async", lambda s: "cuda.malloc_async(4096) (host time)", "host_loop",
         "xp.cuda.malloc_async(4096)", libs=GPU_LIBS),
    # MemoryPool(allocator): a cached block of a managed-memory pool (no allocator call).
    Case("managed_pool_malloc", lambda s: "MemoryPool(malloc_managed).malloc(4096) (host time)", "host_loop",
         "P.malloc(4096)", libs=GPU_LIBS, setup="P = xp.cuda.MemoryPool(xp.cuda.malloc_managed)"),
    Case("runtime_malloc_free", lambda s: "runtime.free(runtime.malloc(4096)) (host time)", "host_loop",
         "xp.cuda.runtime.free(xp.cuda.runtime.malloc(4096))", libs=GPU_LIBS),
]


# linalg-fft (issue 17): getrf alone (cupricx.scipy.linalg.lu_factor against cupyx's: no getrs, no
# copy of b), next to la_solve_8192's getrf + getrs; the issue's bound is >= CuPy (9.9 TFLOP/s).
# "GB/s" counts the matrix read and written once.
def _scipy_linalg_has(name):
    def check(lib):
        try:
            mod = __import__(lib.xp.__name__ + "x.scipy.linalg", fromlist=[name])
        except ImportError:
            return f"{lib.name}x.scipy.linalg"
        return None if hasattr(mod, name) else f"{lib.name}x.scipy.linalg.{name}"
    return check


CASES += [
    Case("la_lu_factor_8192", lambda s: "scipy.linalg.lu_factor 8192^2 f64 (getrf)", "device", "sl.lu_factor(A)",
         nbytes=lambda s: 2 * 8192 * 8192 * 8, needs=(_scipy_linalg_has("lu_factor"),), libs=GPU_LIBS,
         setup=("sl = __import__(xp.__name__ + 'x.scipy.linalg', fromlist=['lu_factor'])\n" + _spd(8192, "float64"))),
]


# ---- interop-dask (issue 18): a Dask array of 8 chunks on the library, reduced and mapped with
# Dask's synchronous scheduler (what Dask adds over one library call: graph, per-chunk calls, combine).
def _dask(lib):
    try:
        import dask.array  # noqa: F401
    except ImportError:
        return "dask (pip install 'dask[array]')"
    return None


_DASK_SETUP = "import dask.array as da\nD = da.from_array(a, chunks=a.shape[0] // 8, asarray=False)"

CASES += [
    Case("dask_sum", lambda s: f"dask: 8-chunk sum {p2(s.big)} f32", "wall", "D.sum().compute(scheduler='sync')",
         {"a": ("big", "dev")}, nbytes=lambda s: s.big * 4, needs=(_dask,), setup=_DASK_SETUP,
         expect=lambda h: (np.float32(h["a"].sum(dtype=np.float64)), 1e-4)),
    Case("dask_map_blocks", lambda s: f"dask: 8-chunk map_blocks(sqrt).mean {p2(s.big)} f32", "wall",
         "D.map_blocks(xp.sqrt).mean().compute(scheduler='sync')", {"a": ("big", "dev")},
         nbytes=lambda s: 2 * s.big * 4, needs=(_dask,), setup=_DASK_SETUP,
         expect=lambda h: (np.float32(np.sqrt(h["a"]).mean(dtype=np.float64)), 1e-4)),
]


# sparse-ops (issue 21, tenth session): sparse direct solves and item assignment against
# cupyx.scipy.sparse. spsolve runs cuSOLVER's csrlsvqr in both libraries (compare times; cupric's
# should not be slower), on the 2-D Poisson matrix of 128^2 unknowns; spsolve_triangular is
# cuSPARSE SpSV (cupric) against CuPy's SpSM on the lower triangle of a 2^20-row banded matrix
# with 8 nonzeros per row; the setitem case overwrites 2^16 stored entries of a 2^20^2 matrix
# (no structure change: CuPy builds a helper matrix and searches, cupric one search in C++).
def _has_sparse_linalg(lib):
    return _sparse_linalg_available(lib)


_SPSOLVE_SETUP = (_SP_IMPORT + "import scipy.sparse as _sps\n"
                  "xsl = __import__(sp.__name__ + '.linalg', fromlist=['spsolve'])\n"
                  "_T = _sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(128, 128))\n"
                  "_h = (_sps.kron(_T, _sps.eye(128)) + _sps.kron(_sps.eye(128), _T)).tocsr()\n"
                  "A = sp.csr_matrix((xp.asarray(_h.data), xp.asarray(_h.indices), xp.asarray(_h.indptr)),"
                  " shape=_h.shape)\n"
                  "b = xp.ones(_h.shape[0])\n")
# spsolve_triangular on tril of the 2-D Poisson matrix (1024^2 unknowns, the lower factor of a
# Gauss-Seidel or IC(0) step): 2047 wavefronts of rows a level-scheduled solve can run in parallel.
# The ninth session's banded 2^20 x 8 lower matrix made every row depend on the one before it
# (2^20 serial levels): one call took longer than the bench's time limit in both libraries.
_TRSV_SETUP = (_SP_IMPORT + "import scipy.sparse as _sps\n"
               "xsl = __import__(sp.__name__ + '.linalg', fromlist=['spsolve_triangular'])\n"
               "_T = _sps.diags([-1.0, 2.0, -1.0], [-1, 0, 1], shape=(1024, 1024))\n"
               "_h = _sps.tril(_sps.kron(_T, _sps.eye(1024)) + _sps.kron(_sps.eye(1024), _T), format='csr')\n"
               "_h.sort_indices()\n"
               "L = sp.csr_matrix((xp.asarray(_h.data), xp.asarray(_h.indices), xp.asarray(_h.indptr)),"
               " shape=_h.shape)\n"
               "b = xp.ones(_h.shape[0])\n"
               "del _T, _h\n")
_SETITEM_SETUP = (_SP_IMPORT + "import warnings\n_n, _k = 2**20, 8\n"
                  "_ind = xp.asarray(np.random.default_rng(1).integers(0, _n, _n * _k, dtype=np.int32))\n"
                  "_ptr = xp.arange(0, _n * _k + 1, _k, dtype=xp.int32)\n"
                  "A = sp.csr_matrix((xp.asarray(np.random.default_rng(2).random(_n * _k)), _ind, _ptr),"
                  " shape=(_n, _n))\nA.sum_duplicates()\n"
                  "_pick = xp.asarray(np.random.default_rng(3).choice(A.nnz, 2**16, replace=False))\n"
                  "_rows = xp.searchsorted(A.indptr, _pick, side='right') - 1\n"
                  "R, C = _rows.astype(xp.int64), A.indices[_pick].astype(xp.int64)\n")
CASES += [
    # GB/s of the dense matrix's bytes (128^4 * 8) per solve: the sparse bytes made the figure round
    # to 0.00 for both libraries; this one is ~1-10 and its ratio is the speed ratio.
    Case("sp_spsolve_poisson",
         lambda s: "sparse.linalg.spsolve 2-D Poisson 128^2 f64 (csrlsvqr; GB/s of the dense matrix's bytes)",
         "wall", "xsl.spsolve(A, b)", nbytes=lambda s: (128**2) ** 2 * 8,
         needs=(_has_sparse_linalg, _on_gpu), libs=GPU_LIBS, setup=_SPSOLVE_SETUP),
    Case("sp_spsolve_triangular",
         lambda s: "sparse.linalg.spsolve_triangular tril(2-D Poisson) 1024^2 f64, 2047 levels (>= CuPy)",
         "wall", "xsl.spsolve_triangular(L, b, lower=True)", nbytes=lambda s: (3 * 2**20 - 2 * 1024) * 12 + 2 * 2**20 * 8,
         needs=(_has_sparse_linalg, _on_gpu), libs=GPU_LIBS, setup=_TRSV_SETUP),
    Case("sp_setitem_existing", lambda s: "A[R, C] = 1.0, 2^16 stored entries of 2^20^2 x 8 nnz f64 (>= CuPy)",
         "wall", "A.__setitem__((R, C), 1.0)", nbytes=lambda s: 2**20 * 8 * 12,
         needs=_SPARSE, libs=GPU_LIBS, setup=_SETITEM_SETUP),
]


# cuda-lowlevel (issue 20, eleventh session): CuPy's low-level modules against CuPy's in the same
# run. The raw cusolver/curand calls reach the same libraries, so the per-call overhead of the
# binding (host_loop; cupric: a dlsym per call through library_symbol) and the generated bytes
# (curand) should match CuPy's; cupricx.lapack.posv / cupricx.cusparse.spmv are the array-level
# functions over cupric.linalg / cupricx.scipy.sparse (compare times with cupyx's).
# CuPy 14 keeps these modules in cupy_backends.cuda.libs (cupy.cuda.cusolver is no module there).
_LIBS = "_lib = lambda m: __import__('cupy_backends.cuda.libs.' + m if xp.__name__ == 'cupy' else xp.__name__ + '.cuda.' + m, fromlist=[m])\n"
_RAW_SETUP = (_LIBS + "cs = _lib('cusolver')\n"
              "dev = __import__(xp.__name__ + '.cuda.device', fromlist=['device'])\n"
              "h = dev.get_cusolver_handle()\na = xp.eye(64, order='F')\n")
_CURAND_SETUP = (_LIBS + "cr = _lib('curand')\n"
                 "g = cr.createGenerator(cr.CURAND_RNG_PSEUDO_PHILOX4_32_10)\n"
                 "cr.setStream(g, xp.cuda.get_current_stream().ptr)\n"
                 "out = xp.empty(2**24, xp.float32)\n")
_POSV_SETUP = (_XPX + "\nimport importlib\nla = importlib.import_module(xp.__name__ + 'x.lapack')\n"
               "_m = xp.asarray(np.random.default_rng(0).standard_normal((1024, 1024)))\n"
               "A = _m @ _m.T + 1024 * xp.eye(1024)\nB = xp.ones((1024, 16))\n")
_XSPMV_SETUP = (_SP_IMPORT + "import importlib\ncsp = importlib.import_module(xp.__name__ + 'x.cusparse')\n"
                "A = sp.random(2**20, 2**20, density=16 / 2**20, format='csr', dtype=xp.float32,"
                " random_state=0)\nx = xp.ones(2**20, xp.float32)\n")
CASES += [
    Case("cusolver_raw_call", lambda s: "cuda.cusolver.dgetrf_bufferSize(h, 64, 64, ptr, 64) (per-call overhead)",
         "host_loop", "cs.dgetrf_bufferSize(h, 64, 64, a.data.ptr, 64)", needs=(_on_gpu,), libs=GPU_LIBS,
         setup=_RAW_SETUP),
    Case("curand_raw_uniform", lambda s: "cuda.curand.generateUniform Philox 2^24 f32", "device",
         "cr.generateUniform(g, out.data.ptr, out.size)", nbytes=lambda s: 2**24 * 4, needs=(_on_gpu,),
         libs=GPU_LIBS, setup=_CURAND_SETUP),
    Case("lapack_posv", lambda s: "cupyx.lapack.posv 1024^2 SPD f64, 16 rhs", "wall", "la.posv(A, B)",
         nbytes=lambda s: 1024 * 1024 * 8 + 2 * 1024 * 16 * 8, needs=(_on_gpu,), libs=GPU_LIBS, setup=_POSV_SETUP),
    Case("cusparse_spmv", lambda s: "cupyx.cusparse.spmv 2^20^2 x 16 nnz/row f32", "wall", "csp.spmv(A, x)",
         nbytes=lambda s: 2**20 * 16 * 8 + 2 * 2**20 * 4, needs=(_has_sparse, _on_gpu), libs=GPU_LIBS,
         setup=_XSPMV_SETUP),
]


# lowlevel-driver (issue 20, twelfth session): cupric.cuda.driver's launchKernel and
# cupric.cuda.cufft's XtPlanNd against CuPy's in the same run. launchKernel is one driver entry
# (cupric: a cached entry-point lookup, Note [Raw driver calls]), so its host time per call should
# match CuPy's; XtPlanNd.fft is cufftSetStream + cufftXtExec, its device time that of cuFFT.
_DRV_SETUP = (
    "import ctypes\n"
    "drv = __import__('cupy_backends.cuda.api.driver' if xp.__name__ == 'cupy' else xp.__name__ + '.cuda.driver',"
    " fromlist=['driver'])\n"
    "xp.arange(1).sum()\n"
    "_ptx = b'.version 7.0\\n.target sm_50\\n.address_size 64\\n.visible .entry noop(.param .u64 p)\\n{\\n ret;\\n}\\n'\n"
    "F = drv.moduleGetFunction(drv.moduleLoadData(_ptx), 'noop')\n"
    "_arg = ctypes.c_void_p(0)\n_params = (ctypes.c_void_p * 1)(ctypes.addressof(_arg))\n"
    "P = ctypes.addressof(_params)\nS = xp.cuda.get_current_stream().ptr\n")
_XTPLAN_SETUP = (
    "cf = __import__(xp.__name__ + '.cuda.cufft', fromlist=['cufft'])\n"
    "Z = xp.asarray((np.random.default_rng(0).standard_normal(2**24) + 1j).astype(np.complex64))\n"
    "O = xp.empty_like(Z)\n"
    "X = cf.XtPlanNd((2**24,), None, 1, 2**24, np.complex64, None, 1, 2**24, np.complex64, 1, np.complex64,"
    " order='C', last_axis=-1, last_size=None)\n")
CASES += [
    Case("driver_launch_kernel", lambda s: "cuda.driver.launchKernel of an empty kernel (host time)", "host_loop",
         "drv.launchKernel(F, 1, 1, 1, 32, 1, 1, 0, S, P, 0)", needs=(_on_gpu,), libs=GPU_LIBS, setup=_DRV_SETUP),
    Case("cufft_xtplan_c2c", lambda s: "cuda.cufft.XtPlanNd(2^24 complex64).fft (cufftXtExec)", "device",
         "X.fft(Z, O, cf.CUFFT_FORWARD)", nbytes=lambda s: 16 * 2**24, needs=(_on_gpu,), libs=GPU_LIBS,
         setup=_XTPLAN_SETUP),
]


# lowlevel-sparse (issue 20, twelfth session): the table-made raw cuSPARSE calls and the
# cupricx.cusparse functions CuPy 14.2 has, against CuPy's in the same run. cusparse_table_call is
# the per-call overhead of one table row (signature bind, the current-stream bind CuPy's
# _setStream makes too, the dlsym of library_symbol); csrilu02 runs cuSPARSE's csrilu02 in both
# (the copy is timed in both); spsm is cupric's spsolve_triangular against CuPy's SpSM.
_CSP_RAW_SETUP = (_LIBS + "csr = _lib('cusparse')\n"
                  "dev = __import__(xp.__name__ + '.cuda.device', fromlist=['device'])\n"
                  "h = dev.get_cusparse_handle()\nv = xp.ones(64)\nB = xp.ones((64, 1), order='F')\n")
_CSP_BANDED = ("import scipy.sparse as _sps\n"
               "_h = _sps.diags([-1.0, 4.0, -1.0, -0.5], [-1, 0, 1, 7], shape=(2**16, 2**16), format='csr')\n")
_CSP_ILU_SETUP = _XSPMV_SETUP.split("A = sp.random")[0] + _CSP_BANDED + "A = sp.csr_matrix(_h)\n"
_CSP_SPSM_SETUP = (_XSPMV_SETUP.split("A = sp.random")[0] + _CSP_BANDED + "A = sp.csr_matrix(_sps.tril(_h, format='csr'))\n"
                   "b = xp.ones((2**16, 16), order='F')\n")
_CSP_COMPRESS_SETUP = _XSPMV_SETUP
CASES += [
    Case("cusparse_table_call", lambda s: "cuda.cusparse.dgtsv2_bufferSizeExt(h, 64, 1, ...) (per-call overhead)",
         "host_loop", "csr.dgtsv2_bufferSizeExt(h, 64, 1, v.data.ptr, v.data.ptr, v.data.ptr, B.data.ptr, 64)",
         needs=(_on_gpu,), libs=GPU_LIBS, setup=_CSP_RAW_SETUP),
    Case("cusparse_csrilu02", lambda s: "cupyx.cusparse.csrilu02 of a 2^16^2 4-band CSR f64 (copy included)", "wall",
         "csp.csrilu02(A.copy())", nbytes=lambda s: 2**16 * 4 * 12 * 3, needs=(_has_sparse, _on_gpu), libs=GPU_LIBS,
         setup=_CSP_ILU_SETUP),
    Case("cusparse_spsm", lambda s: "cupyx.cusparse.spsm lower 2^16^2 3-band CSR f64, 16 rhs", "wall",
         "csp.spsm(A, b)", nbytes=lambda s: 2**16 * 3 * 12 + 2 * 2**16 * 16 * 8, needs=(_has_sparse, _on_gpu),
         libs=GPU_LIBS, setup=_CSP_SPSM_SETUP),
    Case("cusparse_csr2csr_compress", lambda s: "cupyx.cusparse.csr2csr_compress 2^20^2 x 16 nnz/row f32, tol 0.5",
         "wall", "csp.csr2csr_compress(A, 0.5)", nbytes=lambda s: 2**20 * 16 * 8 * 2, needs=(_has_sparse, _on_gpu),
         libs=GPU_LIBS, setup=_CSP_COMPRESS_SETUP),
]
# sparse-speed (issue 21): cupric's SpMV kernel variants for random columns (Note [SpMV random
# columns] in src/sparse/cuda/spmv.cu), each forced through the private
# cupric._core._sparse.spmv_with on the sp_spmv_* matrices; CuPy runs its own A @ x (cuSPARSE) in
# every case, so each ratio is that variant against CuPy and the GB/s compare with
# sp_spmv_{random,banded}_* (cupric's choice, spmv_vec). `_cusparse` is cupric calling cuSPARSE's
# SpMV the way CuPy does (the same library through cupric's handle and pool).
_SPMV_WITH = ("if xp.__name__ == 'cupric':\n"
              "    from cupric._core import _sparse as _spc\n"
              "    def _mv(k):\n"
              "        return _spc.spmv_with(A.data, A.indices, A.indptr, A.shape[0], A.shape[1], x, k)\n"
              "else:\n"
              "    def _mv(k):\n"
              "        return A @ x\n")


def _spmv_variant_case(dtype, itemsize, banded, kernel):
    kind = "banded" if banded else "random"
    return Case(f"sp_spmv_{kind}_{dtype}_{kernel}",
                lambda s, k=kind, d=dtype, v=kernel: f"CSR SpMV 2^24 x 16 nnz {k} cols {d}, cupric kernel {v}",
                "device", f"_mv({kernel!r})", nbytes=lambda s, i=itemsize: _spmv_bytes(i), needs=_SPARSE,
                libs=GPU_LIBS, setup=_spmv_setup(dtype, banded) + _SPMV_WITH)


CASES += [_spmv_variant_case("float32", 4, False, k)
          for k in ("own_keepx", "own_wide", "pipe", "pipe_keepx", "cusparse")]


CASES += [_spmv_variant_case("float64", 8, False, k) for k in ("own_wide", "pipe", "cusparse")]
CASES += [_spmv_variant_case("float32", 4, True, k) for k in ("own_wide", "pipe", "pipe_keepx")]
CASES += [_spmv_variant_case("float64", 8, True, k) for k in ("pipe",)]


# cupric.random's legacy XORWOW stream (issue 16, random-streams): rs_random_sample at other
# chunk limits of the (lane, chunk) split (Note [XORWOW lane chunks]; the default is 8), set
# through a private switch so that one GPU run measures the trade-off between start-state work
# and fill threads. Kept last (each sets its limit for the rest of the process; rs_random_sample
# sets the default, so it measures the default whatever ran before).
CASES += [
    Case(f"rs_random_sample_chunks{k}", lambda s, k=k: f"RandomState.random_sample {p2(s.big)} f32, {k} chunks a lane",
         "device", "rs.random_sample(a.size, dtype=np.float32)", {"a": ("big", "dev")},
         nbytes=lambda s: _f32x4 * s.big, needs=_RNG, libs=("cupric",),
         setup=_XORWOW_CHUNKS.format(k=k) + _RNG_SETUP)
    for k in (16, 32)
]


# ---- lowlevel-solver (issue 20): the raw cuBLAS module's per-call path (a zero-length axpy
# returns before any launch, so this is the binding, the stream binding and the library's checks;
# CuPy's Cython call does the same _setStream). Compare with cusolver_raw_call above.
_CUBLAS_RAW_SETUP = (_LIBS + "cb = _lib('cublas')\n"
                     "dev = __import__(xp.__name__ + '.cuda.device', fromlist=['device'])\n"
                     "h = dev.get_cublas_handle()\nx = xp.ones(64)\nxp_, yp_ = x.data.ptr, x.data.ptr\n"
                     "alpha = np.ones(1)\nap_ = alpha.ctypes.data\n")
CASES += [
    Case("cublas_raw_call", lambda s: "cuda.cublas.daxpy(h, 0, &alpha, x, 1, y, 1) (per-call overhead)",
         "host_loop", "cb.daxpy(h, 0, ap_, xp_, 1, yp_, 1)", needs=(_on_gpu,), libs=GPU_LIBS,
         setup=_CUBLAS_RAW_SETUP),
]


# ---- permutation-speed (issue 16): permutation's users at the permutation case's size (Note
# [Permutation keys on a GPU] in src/random/permutation_keys.hpp): figures in GB/s of int64
# permutation indices (8 bytes an element of the range), as the permutation case counts them, so
# the extra work of shuffle's gather and copy back and choice's copy shows as a lower figure.
# Generator.permutation (Philox keys: its block draw) is cupric's only: CuPy's Generator has none.
CASES += [
    Case("permutation_gen", lambda s: f"Generator.permutation({p2(s.big // 4)}) (Philox)", "device",
         "g.permutation(a.size)", {"a": ("quarter", "dev")}, nbytes=lambda s: 8 * (s.big // 4), needs=_RNG,
         libs=("cupric",), setup=_RNG_SETUP),
    Case("shuffle", lambda s: f"shuffle(a) {p2(s.big // 4)} f32 (GB/s of indices)", "device",
         "xp.random.shuffle(a)", {"a": ("quarter", "dev")}, nbytes=lambda s: 8 * (s.big // 4), needs=_RNG,
         libs=GPU_LIBS),
    Case("choice_half", lambda s: f"choice({p2(s.big // 4)}, n / 2, replace=False) (GB/s of indices)", "device",
         "xp.random.choice(a.size, a.size // 2, replace=False)", {"a": ("quarter", "dev")},
         nbytes=lambda s: 8 * (s.big // 4), needs=_RNG, libs=GPU_LIBS),
]


# ---- discrete-tables (issue 16): table inversion of scalar-parameter poisson and binomial (Note
# [Discrete table inversion] in src/random/inversion_table.hpp). gen_poisson and gen_binomial
# (above) take the small table (52 and 21 entries); these take the large one (poisson(1000): 570
# entries; binomial(10^6, 0.002): 806), the sampler past the table (poisson(10^5): PTRS),
# RandomState's XORWOW sub-streams (one 64-bit word of element e's stream each), and the host
# time of a small draw (the table's build and its 1.6 KB / 10.3 KB of kernel parameters).
CASES += [
    _draw_case("gen_poisson_large", "Generator.poisson(1000) int64", "g.poisson(1000.0, size={n})", True),
    _draw_case("gen_poisson_ptrs", "Generator.poisson(1e5) int64 (no table)", "g.poisson(1e5, size={n})", True),
    _draw_case("gen_binomial_large", "Generator.binomial(10^6, 0.002) int64",
               "g.binomial(10**6, 0.002, size={n})", True),
    _draw_case("rs_poisson", "RandomState.poisson(10) int64", "rs.poisson(10.0, size={n})", True),
    _draw_case("rs_binomial", "RandomState.binomial(20, 0.3) int64", "rs.binomial(20, 0.3, size={n})", True),
    Case("gen_poisson_call", lambda s: "Generator.poisson(10, size=1000) (per call)", "host_loop",
         "g.poisson(10.0, size=1000)", needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP),
    Case("gen_poisson_large_call", lambda s: "Generator.poisson(1000, size=1000) (per call)", "host_loop",
         "g.poisson(1000.0, size=1000)", needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP),
]


# lowlevel-rows (issue 15's one table mechanism, thirteenth session): the raw calls on a handle the
# user made (create()) rather than cupric's own. cupric binds such a handle to the current stream
# by itself (Get/SetStream on it alone; before, it also made cupric's own handle and, for cuBLAS,
# a 32 MiB pool workspace: Note [Binding cupric's own handles] in bindings/library_entry.hpp);
# CuPy's _setStream is one SetStream. cusparse_table_call / cusolver_raw_call / cublas_raw_call
# above are the same calls on cupric's handle (cuSPARSE's now on the same nanobind rows).
_USER = "h = _mod.create()\n"
CASES += [
    Case("cusparse_user_table_call", lambda s: "cuda.cusparse.dgtsv2_bufferSizeExt on a user's handle (per call)",
         "host_loop", "csr.dgtsv2_bufferSizeExt(h, 64, 1, v.data.ptr, v.data.ptr, v.data.ptr, B.data.ptr, 64)",
         needs=(_on_gpu,), libs=GPU_LIBS, setup=_CSP_RAW_SETUP + "_mod = csr\n" + _USER),
    Case("cusolver_user_raw_call", lambda s: "cuda.cusolver.dgetrf_bufferSize on a user's handle (per call)",
         "host_loop", "cs.dgetrf_bufferSize(h, 64, 64, a.data.ptr, 64)", needs=(_on_gpu,), libs=GPU_LIBS,
         setup=_RAW_SETUP + "_mod = cs\n" + _USER),
    Case("cublas_user_raw_call", lambda s: "cuda.cublas.daxpy(h, 0, ...) on a user's handle (per call)",
         "host_loop", "cb.daxpy(h, 0, ap_, xp_, 1, yp_, 1)", needs=(_on_gpu,), libs=GPU_LIBS,
         setup=_CUBLAS_RAW_SETUP + "_mod = cb\n" + _USER),
]

# cupric.random, one case per distribution of RandomState (issue 16: "every distribution's figure
# reported against CuPy's"): 2^24 values (a.size // 16 at full size; float64 or int64, 8 bytes each;
# dirichlet and multivariate_normal 2^24 / 4 rows of 4), the legacy XORWOW stream in both libraries.
_RS_DISTS = [
    ("beta", "2.0, 3.0"), ("binomial", "20, 0.3"), ("chisquare", "3.0"), ("exponential", "2.0"),
    ("f", "3.0, 5.0"), ("gamma", "2.5, 2.0"), ("geometric", "0.3"), ("gumbel", "0.0, 1.0"),
    ("hypergeometric", "20, 30, 10"), ("laplace", "0.0, 1.0"), ("logistic", "0.0, 1.0"),
    ("lognormal", "0.0, 1.0"), ("logseries", "0.6"), ("negative_binomial", "5, 0.5"),
    ("noncentral_chisquare", "3.0, 2.0"), ("noncentral_f", "3.0, 5.0, 2.0"), ("normal", "0.0, 1.0"),
    ("pareto", "3.0"), ("poisson", "10.0"), ("power", "2.0"), ("rayleigh", "1.0"), ("standard_cauchy", ""),
    ("standard_exponential", ""), ("standard_gamma", "2.5"), ("standard_normal", ""), ("standard_t", "5.0"),
    ("triangular", "0.0, 1.0, 2.0"), ("uniform", "-1.0, 2.0"), ("vonmises", "0.0, 2.0"), ("wald", "1.0, 2.0"),
    ("weibull", "2.0"), ("zipf", "2.0"),
    ("dirichlet", "[1.0, 2.0, 3.0, 4.0]"),
    ("multivariate_normal", "[0.0, 1.0, 2.0, 3.0], np.eye(4) + 0.5"),
]


def _rs_dist_case(name, params):
    rows = name in ("dirichlet", "multivariate_normal")
    n = "a.size // 64" if rows else "a.size // 16"
    args = f"{params}, size={n}" if params else f"size={n}"
    return Case(f"rs_dist_{name}", lambda s, nm=name, p=params: f"RandomState.{nm}({p}) {p2(s.big // 16)} values",
                "device", f"rs.{name}({args})", {"a": ("big", "dev")}, nbytes=lambda s: 8 * (s.big // 16),
                needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP)


CASES += [_rs_dist_case(name, params) for name, params in _RS_DISTS]

# reduce-short-axis (fourteenth session): reductions over many short rows (Note [Short reduced rows]
# in src/engine/reduction/cuda/cuda_reduce.cuh), cupric against CuPy. At full size (big = 2^28):
# (2^22, 4) float64, (2^20, 32) float32, (2^16, 1000) float32 reduced over the last axis, the short
# columns of (4, 2^22) float64 over axis 0, and multivariate_normal's two formulations of
# x = z @ A^T for z (2^22, 4): the broadcast product summed over the last axis, and matmul (cuBLAS).
# The rows are a prefix of the big float32 input `a` (cast to float64 for f64x4).
# key -> (the rows from a (cupric/CuPy statement), rows at big = n, k, itemsize)
_ROWS = {"f64x4": ("a[: a.size // 16].astype(np.float64).reshape(-1, 4)", lambda n: n // 64, 4, 8),
         "f32x32": ("a[: a.size // 8].reshape(-1, 32)", lambda n: n // 256, 32, 4),
         "f32x1000": ("a[: a.size // 4096 * 1000].reshape(-1, 1000)", lambda n: n // 4096, 1000, 4)}


def _rows_np(h, key):
    """The rows of case `key` from the host inputs, as NumPy arrays."""
    make, rows, k, item = _ROWS[key]
    x = h["a"][: rows(h["a"].size) * k].reshape(-1, k)
    return x.astype(np.float64) if item == 8 else x


def _rows_case(op, key):
    make, rows, k, item = _ROWS[key]
    dt = "f64" if item == 8 else "f32"
    return Case(f"reduce_rows_{op}_{key}", lambda s: f"x.{op}(axis=-1) x ({p2(rows(s.big))}, {k}) {dt}", "device",
                f"x.{op}(axis=-1)", {"a": ("big", "dev")}, nbytes=lambda s: item * rows(s.big) * (k + 1),
                needs=(method(op),), libs=GPU_LIBS, setup=f"x = {make}\n",
                expect=lambda h: (getattr(_rows_np(h, key), op)(axis=-1), 1e-12 if item == 8 else 1e-4))


_F64X4 = _ROWS["f64x4"][0]
_ZA_SETUP = f"z = {_F64X4}\nA = xp.asarray(np.eye(4) + 0.5)\n"
CASES += [_rows_case(op, key) for key in _ROWS for op in ("sum", "max")]
CASES += [
    Case("reduce_rows_max_keepdims_f64x4", lambda s: f"x.max(axis=-1, keepdims=True) x ({p2(s.big // 64)}, 4) f64",
         "device", "x.max(axis=-1, keepdims=True)", {"a": ("big", "dev")}, nbytes=lambda s: 8 * 5 * (s.big // 64),
         needs=(method("max"),), libs=GPU_LIBS, setup=f"x = {_F64X4}\n",
         expect=lambda h: _rows_np(h, "f64x4").max(axis=-1, keepdims=True)),
    Case("reduce_rows_axis0_f64x4", lambda s: f"y.sum(axis=0) y (4, {p2(s.big // 64)}) f64 (short columns)",
         "device", "y.sum(axis=0)", {"a": ("big", "dev")}, nbytes=lambda s: 8 * 5 * (s.big // 64),
         needs=(method("sum"),), libs=GPU_LIBS, setup=f"y = xp.ascontiguousarray(({_F64X4}).T)\n",
         expect=lambda h: (np.ascontiguousarray(_rows_np(h, "f64x4").T).sum(axis=0), 1e-12)),
    Case("reduce_rows_zA_broadcast", lambda s: f"(z[..., None, :] * A).sum(axis=-1) z ({p2(s.big // 64)}, 4) f64",
         "device", "(z[..., None, :] * A).sum(axis=-1)", {"a": ("big", "dev")}, nbytes=lambda s: 8 * 8 * (s.big // 64),
         needs=(method("sum"),), libs=GPU_LIBS, setup=_ZA_SETUP,
         expect=lambda h: ((_rows_np(h, "f64x4")[..., None, :] * (np.eye(4) + 0.5)).sum(axis=-1), 1e-12)),
    Case("reduce_rows_zA_matmul", lambda s: f"z @ A.T z ({p2(s.big // 64)}, 4) f64 (multivariate_normal's)",
         "device", "z @ A.T", {"a": ("big", "dev")}, nbytes=lambda s: 8 * 8 * (s.big // 64),
         needs=(func("matmul"),), libs=GPU_LIBS, setup=_ZA_SETUP,
         expect=lambda h: (_rows_np(h, "f64x4") @ (np.eye(4) + 0.5).T, 1e-12)),
]
# The gamma family on Generator (gamma-laws, issue 16): 2^24 values (a.size // 16; float64 or
# int64), CuPy's Generator (XORWOW) against cupric's default_rng (Philox). Scalar parameters take
# the scalar-parameter loop (Note [Scalar-parameter draws] in src/random/scalar_draws.hpp);
# gen_gamma_array_shape the array-parameter one (a float64 shape per element); gen_beta_johnk
# beta's other kernel (Note [Sampler variants] in
# include/cupric/random/distributions/registry_samplers.hpp). CuPy's Generator has no standard_t,
# negative_binomial or noncentral_chisquare: the rs_dist_* cases above measure those (and the
# RandomState side of all of them).
_GEN_GAMMA = [
    ("gen_gamma_standard", "standard_gamma(2.5) f64", "g.standard_gamma(2.5, size={n})"),
    ("gen_gamma_standard_small", "standard_gamma(0.5) f64", "g.standard_gamma(0.5, size={n})"),
    ("gen_gamma_standard_f32", "standard_gamma(2.5) f32", "g.standard_gamma(2.5, size={n}, dtype=np.float32)"),
    ("gen_gamma_scale", "gamma(2.5, 2.0) f64", "g.gamma(2.5, 2.0, size={n})"),
    ("gen_gamma_array_shape", "standard_gamma(shape array of 2.5) f64", "g.standard_gamma(shape)"),
    ("gen_gamma_chisquare", "chisquare(3.0) f64", "g.chisquare(3.0, size={n})"),
    ("gen_gamma_f", "f(3.0, 5.0) f64", "g.f(3.0, 5.0, size={n})"),
    ("gen_beta", "beta(2.0, 3.0) f64", "g.beta(2.0, 3.0, size={n})"),
    ("gen_beta_johnk", "beta(0.5, 0.7) f64", "g.beta(0.5, 0.7, size={n})"),
]


def _gen_gamma_case(cid, label, stmt):
    return Case(cid, lambda s, lb=label: f"Generator.{lb} {p2(s.big // 16)} values", "device",
                stmt.format(n="a.size // 16"), {"a": ("big", "dev")}, nbytes=lambda s: 8 * (s.big // 16),
                needs=_RNG, libs=GPU_LIBS, setup=_RNG_SETUP + "\nshape = xp.full(a.size // 16, 2.5)")


CASES += [_gen_gamma_case(*c) for c in _GEN_GAMMA]

# ---- discrete-laws (issue 16): hypergeometric, geometric, logseries, zipf and vonmises past
# rs_dist_*'s parameters, a.size // 16 values (2^24 at full size) as rs_dist_* (Note [Discrete laws on a GPU] in
# include/cupric/random/distributions/discrete.hpp): the table inversion scalar hypergeometric,
# geometric and logseries now take (Note [Discrete table inversion]), the samplers past the tables
# (HRUA, geometric's logarithms at small p, Kemp's logseries near 1) and under array parameters,
# zipf nearer 1 (more rejections), vonmises off centre (the wrap) and at large kappa.
_DL_ARRAYS = "ng = xp.full(a.size // 16, 200, dtype=np.int64)\npg = xp.full(a.size // 16, 0.3)\n"


def _dl_case(cid, stmt, setup=""):
    label = stmt.replace(", size={n}", "").replace("{n}", "n")
    return Case(f"dl_{cid}", lambda s, lb=label: f"{lb} {p2(s.big // 16)} values", "device",
                stmt.format(n="a.size // 16"), {"a": ("big", "dev")}, nbytes=lambda s: 8 * (s.big // 16), needs=_RNG,
                libs=GPU_LIBS, setup=_RNG_SETUP + "\n" + setup)


CASES += [
    _dl_case("rs_hypergeometric_large", "rs.hypergeometric(200, 300, 100, size={n})"),
    _dl_case("gen_hypergeometric", "g.hypergeometric(20, 30, 10, size={n})"),
    _dl_case("gen_hypergeometric_large", "g.hypergeometric(200, 300, 100, size={n})"),
    _dl_case("rs_hypergeometric_hrua", "rs.hypergeometric(10**6, 3 * 10**6, 10**5, size={n})"),
    _dl_case("rs_hypergeometric_array", "rs.hypergeometric(ng, 300, 100)", _DL_ARRAYS),
    _dl_case("rs_hypergeometric_array_small", "rs.hypergeometric(ng // 10, 30, 10)", _DL_ARRAYS),
    _dl_case("gen_geometric", "g.geometric(0.3, size={n})"),
    _dl_case("rs_geometric_small_p", "rs.geometric(0.01, size={n})"),
    _dl_case("rs_geometric_array", "rs.geometric(pg)", _DL_ARRAYS),
    _dl_case("gen_logseries", "g.logseries(0.6, size={n})"),
    _dl_case("rs_logseries_near_1", "rs.logseries(0.99, size={n})"),
    _dl_case("rs_zipf_13", "rs.zipf(1.3, size={n})"),
    _dl_case("rs_zipf_4", "rs.zipf(4.0, size={n})"),
    _dl_case("rs_vonmises_wrap", "rs.vonmises(3.0, 2.0, size={n})"),
    _dl_case("rs_vonmises_kappa_50", "rs.vonmises(0.0, 50.0, size={n})"),
]


# reduce-short-axis, second round: the short-row kernel's other statements (reduce_short_rows_kernel:
# mean/argmax of rows of 4 float64, and x.T.sum(axis=0), the same memory as rows) and a short middle
# axis, w.sum(axis=1) of w (2^16, 3, 64) float32 at full size (reduce_cols_kernel packing outputs).
_W_SETUP = "w = a[: a.size // 4096 * 3 * 64].reshape(-1, 3, 64)\n"


def _w_np(h):
    a = h["a"]
    return a[: a.size // 4096 * 3 * 64].reshape(-1, 3, 64)


CASES += [_rows_case(op, "f64x4") for op in ("mean", "argmax")]
CASES += [
    Case("reduce_rows_T_axis0_f64x4", lambda s: f"x.T.sum(axis=0) x ({p2(s.big // 64)}, 4) f64 (a transposed view)",
         "device", "x.T.sum(axis=0)", {"a": ("big", "dev")}, nbytes=lambda s: 8 * 5 * (s.big // 64),
         needs=(method("sum"),), libs=GPU_LIBS, setup=f"x = {_F64X4}\n",
         expect=lambda h: (_rows_np(h, "f64x4").T.sum(axis=0), 1e-12)),
    Case("reduce_rows_middle_f32x3x64", lambda s: f"w.sum(axis=1) w ({p2(s.big // 4096)}, 3, 64) f32 (short middle axis)",
         "device", "w.sum(axis=1)", {"a": ("big", "dev")}, nbytes=lambda s: 4 * 4 * 64 * (s.big // 4096),
         needs=(method("sum"),), libs=GPU_LIBS, setup=_W_SETUP,
         expect=lambda h: (_w_np(h).sum(axis=1), 1e-5)),
]
