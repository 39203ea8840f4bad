// cupric's discrete Fourier transforms (NumPy 2's numpy.fft, CuPy v14's cupy.fft):
// `#include <cupric/fft.hpp>`. Host backend: cupric's own mixed-radix + Bluestein FFT; CUDA
// backend: cuFFT, loaded at first use (docs/fft.md).
#pragma once
#include <cstdint>
#include <memory>
#include <utility>
#include <optional>
#include <string>
#include <string_view>
#include <vector>
#include "cupric/ndarray.hpp"

namespace cupric::fft {

// numpy.fft's norm=: nullopt or "backward" (no scaling forward, 1/n inverse), "ortho"
// (1/sqrt(n) both ways), "forward" (1/n forward, none inverse); anything else is NumPy's
// ValueError.
using NormArg = std::optional<std::string_view>;
using Axes = std::optional<std::vector<int64_t>>;
using Lengths = std::optional<std::vector<int64_t>>;

// 1-D transforms along `axis`. n: the transform length (the input is cropped or zero-padded
// along the axis; nullopt: the input's length, for irfft/hfft 2 * (m - 1)). Dtypes as NumPy 2:
// complex64/float32/float16 compute in single precision, everything else in double; rfft/ihfft
// take real input (TypeError for complex). `out` (if given) must have the result's shape; the
// result is cast into it (same_kind) and it is returned.
ndarray fft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
            const ndarray* out = nullptr);
ndarray ifft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
             const ndarray* out = nullptr);
ndarray rfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
             const ndarray* out = nullptr);
ndarray irfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
              const ndarray* out = nullptr);
ndarray hfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
             const ndarray* out = nullptr);
ndarray ihfft(const ndarray& a, std::optional<int64_t> n = std::nullopt, int64_t axis = -1, NormArg norm = {},
              const ndarray* out = nullptr);

// n-D transforms over `axes` (nullopt: the last len(s) axes if s is given, else all) with
// lengths `s` (nullopt: the input's; -1 in s: the input's length along that axis). fft2 and
// friends are these with axes {-2, -1}. The deprecation warnings NumPy 2 gives for s without
// axes and None in s are the Python layer's.
ndarray fftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
             const ndarray* out = nullptr);
ndarray ifftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
              const ndarray* out = nullptr);
ndarray rfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
              const ndarray* out = nullptr);
ndarray irfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
               const ndarray* out = nullptr);

// numpy.fft.fftfreq / rfftfreq (float64, on the current device). fftshift/ifftshift roll
// `axes` (nullopt: all) by half their length.
ndarray fftfreq(int64_t n, double d = 1.0);
ndarray rfftfreq(int64_t n, double d = 1.0);
ndarray fftshift(const ndarray& x, const Axes& axes = {});
ndarray ifftshift(const ndarray& x, const Axes& axes = {});

// ---- SciPy's scipy.fft additions (cupricx.scipy.fft) ----------------------------------------------

// scipy.fft.hfftn / ihfftn: irfftn of the conjugate / the conjugate of rfftn, norms swapped.
ndarray hfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {});
ndarray ihfftn(const ndarray& a, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {});

// scipy.fft.dct/idct/dst/idst (types 1-4) and their n-D forms, computed through the FFT on either
// backend (Note [DCT through the FFT] in src/fft/trig_transforms.cpp). Real inputs give float32
// (float16/float32) or float64; complex inputs transform their real and imaginary parts.
// orthogonalize: nullopt is norm == "ortho" (SciPy's default).
ndarray dct(const ndarray& x, int type = 2, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
            NormArg norm = {}, std::optional<bool> orthogonalize = std::nullopt);
ndarray idct(const ndarray& x, int type = 2, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
             NormArg norm = {}, std::optional<bool> orthogonalize = std::nullopt);
ndarray dst(const ndarray& x, int type = 2, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
            NormArg norm = {}, std::optional<bool> orthogonalize = std::nullopt);
ndarray idst(const ndarray& x, int type = 2, std::optional<int64_t> n = std::nullopt, int64_t axis = -1,
             NormArg norm = {}, std::optional<bool> orthogonalize = std::nullopt);
ndarray dctn(const ndarray& x, int type = 2, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
             std::optional<bool> orthogonalize = std::nullopt);
ndarray idctn(const ndarray& x, int type = 2, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
              std::optional<bool> orthogonalize = std::nullopt);
ndarray dstn(const ndarray& x, int type = 2, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
             std::optional<bool> orthogonalize = std::nullopt);
ndarray idstn(const ndarray& x, int type = 2, const Lengths& s = {}, const Axes& axes = {}, NormArg norm = {},
              std::optional<bool> orthogonalize = std::nullopt);

// scipy.fft.fht / ifht: the fast Hankel transform of logarithmically spaced `a` (last axis), the
// FFTLog algorithm (Note [FFTLog] in src/fft/fht.cpp). Warns nothing: a singular transform gives
// the zeroed (fht) or infinite (ifht) first coefficient as SciPy does.
ndarray fht(const ndarray& a, double dln, double mu, double offset = 0.0, double bias = 0.0);
ndarray ifht(const ndarray& a, double dln, double mu, double offset = 0.0, double bias = 0.0);

// scipy.fft.next_fast_len as CuPy has it: the smallest length >= target whose prime factors are
// 2, 3, 5 and 7 (fast for cuFFT and for the host FFT); ValueError for a negative target.
int64_t next_fast_len(int64_t target);

// scipy.fftpack.rfft / irfft: FFTPACK's packed real layout [y0, Re y1, Im y1, ..., Re y(n/2)
// for even n]; irfft scales by 1/n. Real input only (TypeError otherwise).
ndarray fftpack_rfft(const ndarray& x, std::optional<int64_t> n = std::nullopt, int64_t axis = -1);
ndarray fftpack_irfft(const ndarray& x, std::optional<int64_t> n = std::nullopt, int64_t axis = -1);

// ---- cuFFT LTO callbacks (V14-FFT-CB, Note [cuFFT callbacks] in src/fft/callbacks.cpp) ------------

// A load and/or a store callback compiled to LTO-IR; `key` names the pair for the plan cache.
struct Callbacks {
  std::string load_lto, store_lto;          // empty: none
  std::string load_name, store_name;        // the (lowered) symbol names of the device functions
  uintptr_t load_data = 0, store_data = 0;  // caller_info: device pointers handed to the callbacks
  std::string key;
};
// CUDA C source of one load (store = false) or store callback function `name` to LTO-IR for the
// current device, with NVRTC (`options` added to -dlto, -rdc=true, -arch=sm_XX); returns {LTO-IR,
// the symbol cuFFT links}. Only on the CUDA backend; NVRTC's log in the error when it does not compile.
std::pair<std::string, std::string> compile_callback(const std::string& source, const std::string& name, bool store,
                                                     const std::vector<std::string>& options);
// The calling thread's callbacks for the transforms that follow (null: none).
void set_callbacks(std::shared_ptr<const Callbacks> cb);
const std::shared_ptr<const Callbacks>& current_callbacks();

// ---- the plan cache (CuPy's cupy.fft.config.get_plan_cache(), Note [FFT plan cache]) -------------

// What one cache holds and its limits; size -1 / memsize -1: unbounded.
struct PlanCacheInfo {
  int device = 0;
  bool host = true;
  int64_t size = 0, curr_size = 0;
  int64_t memsize = 0, curr_memsize = 0;
  std::vector<std::string> keys;  // most recently used first
  std::vector<int64_t> key_bytes;
};

// The calling thread's cache of the current device of `host` (host backend) or the CUDA backend.
// Setting a limit evicts least recently used plans until the cache fits.
PlanCacheInfo plan_cache_info(bool host, int device);
void set_plan_cache_size(bool host, int device, int64_t size);
void set_plan_cache_memsize(bool host, int device, int64_t memsize);
void clear_plan_cache(bool host, int device);
bool plan_cache_contains(bool host, int device, const std::string& key);

// ---- multi-GPU transforms (CuPy's use_multi_gpus / set_cufft_gpus, Note [Multi-GPU FFT]) -------------

// The GPUs the calling thread's 1-D complex-to-complex transforms of CUDA arrays are spread over
// (empty: off, the default; a new thread starts off). At least 2 distinct ids (ValueError
// otherwise); ids are checked against the devices present at the transform. Real transforms
// (rfft, irfft, hfft, ihfft and their n-D forms) raise ValueError while it is on, as CuPy's;
// n-D complex transforms keep their one-GPU n-D plans.
void set_multi_gpus(std::vector<int> gpus);
const std::vector<int>& multi_gpus();

// ---- host threads (scipy.fft's workers=, Note [Host FFT workers] in src/fft/host/host_fft.cpp) -----

// The number of threads the calling thread's following host transforms may use (default 1; a new
// thread starts at 1), SciPy's rule: a negative count wraps from the CPU count (-1: all CPUs);
// 0 or fewer than -CPUs is SciPy's ValueError. Returns the previous count. GPU transforms ignore it.
int set_workers(int workers);
int workers();

}  // namespace cupric::fft
