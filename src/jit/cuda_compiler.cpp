// CUDA JIT: NVRTC (dlopened, like every CUDA library: DESIGN.md decision 8) compiles to a cubin for
// the device's arch, the driver API (libcuda, dlopened) loads and launches. Built on every build:
// it needs no CUDA headers, only the few driver/NVRTC entry points declared here.
#include <dlfcn.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include "cupric/jit/cache.hpp"
#include "cupric/jit/compiler.hpp"
#include "cupric/runtime/libraries.hpp"
#include "jit/headers.hpp"
#include "jit/nvrtc.hpp"

namespace cupric::jit {

namespace {

// ---- NVRTC (nvrtc.hpp) ---------------------------------------------------------------------------
template <class F>
void bind(void* h, F*& f, const char* name, const char* lib) {
  f = reinterpret_cast<F*>(::dlsym(h, name));
  if (!f) throw RuntimeError(std::string("cupric: ") + lib + " lacks " + name + " (too old?)");
}

}  // namespace

const Nvrtc& nvrtc() {
  static std::mutex mu;
  static Nvrtc* lib = nullptr;
  std::lock_guard<std::mutex> lk(mu);
  if (lib) return *lib;
  void* h = nullptr;
  LibraryInfo info = find_library("nvrtc", {}, &h);
  if (!h)
    throw RuntimeError(
        "cupric: NVRTC (libnvrtc.so.13 or libnvrtc.so.12) is needed to compile CUDA kernels at run "
        "time and was not found: " +
        info.error + " (pip install nvidia-cuda-nvrtc, or the CUDA toolkit)");
  auto* n = new Nvrtc();
  bind(h, n->version, "nvrtcVersion", "NVRTC");
  bind(h, n->create, "nvrtcCreateProgram", "NVRTC");
  bind(h, n->destroy, "nvrtcDestroyProgram", "NVRTC");
  bind(h, n->compile, "nvrtcCompileProgram", "NVRTC");
  bind(h, n->log_size, "nvrtcGetProgramLogSize", "NVRTC");
  bind(h, n->log, "nvrtcGetProgramLog", "NVRTC");
  bind(h, n->cubin_size, "nvrtcGetCUBINSize", "NVRTC");
  bind(h, n->cubin, "nvrtcGetCUBIN", "NVRTC");
  bind(h, n->ptx_size, "nvrtcGetPTXSize", "NVRTC");
  bind(h, n->ptx, "nvrtcGetPTX", "NVRTC");
  bind(h, n->lto_size, "nvrtcGetLTOIRSize", "NVRTC");
  bind(h, n->lto, "nvrtcGetLTOIR", "NVRTC");
  bind(h, n->add_name, "nvrtcAddNameExpression", "NVRTC");
  bind(h, n->lowered, "nvrtcGetLoweredName", "NVRTC");
  bind(h, n->error_string, "nvrtcGetErrorString", "NVRTC");
  bind(h, n->num_archs, "nvrtcGetNumSupportedArchs", "NVRTC");
  bind(h, n->archs, "nvrtcGetSupportedArchs", "NVRTC");
  int a = 0, b = 0;
  n->version(&a, &b);
  n->version_text = std::to_string(a) + "." + std::to_string(b);
  lib = n;
  return *lib;
}

namespace {

// ---- driver API ---------------------------------------------------------------------------------
struct Driver {
  int (*init)(unsigned);
  int (*device_get)(int*, int);
  int (*device_attr)(int*, int, int);
  int (*primary_ctx_retain)(void**, int);
  int (*ctx_get_current)(void**);
  int (*ctx_set_current)(void*);
  int (*module_load_data)(void**, const void*);
  int (*module_unload)(void*);
  int (*module_get_function)(void**, void*, const char*);
  int (*module_get_global)(uintptr_t*, size_t*, void*, const char*);
  int (*launch)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**, void**);
  int (*launch_coop)(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**);
  int (*func_get_attr)(int*, int, void*);
  int (*func_set_attr)(void*, int, int);
  int (*error_name)(int, const char**);
  int (*error_string)(int, const char**);
};

// Loaded once; every launch asks for it, so the loaded case is one atomic load (no mutex).
// A failed load throws and is tried again on the next call.
const Driver& load_driver() {
  static std::mutex mu;
  static std::atomic<Driver*> lib{nullptr};
  if (Driver* l = lib.load(std::memory_order_acquire)) return *l;
  std::lock_guard<std::mutex> lk(mu);
  if (Driver* l = lib.load(std::memory_order_relaxed)) return *l;
  void* h = nullptr;
  LibraryInfo info = find_library("driver", {}, &h);
  if (!h) throw RuntimeError("cupric: the CUDA driver (libcuda.so.1) is needed to run CUDA kernels: " + info.error);
  auto* d = new Driver();
  bind(h, d->init, "cuInit", "libcuda");
  bind(h, d->device_get, "cuDeviceGet", "libcuda");
  bind(h, d->device_attr, "cuDeviceGetAttribute", "libcuda");
  bind(h, d->primary_ctx_retain, "cuDevicePrimaryCtxRetain", "libcuda");
  bind(h, d->ctx_get_current, "cuCtxGetCurrent", "libcuda");
  bind(h, d->ctx_set_current, "cuCtxSetCurrent", "libcuda");
  bind(h, d->module_load_data, "cuModuleLoadData", "libcuda");
  bind(h, d->module_unload, "cuModuleUnload", "libcuda");
  bind(h, d->module_get_function, "cuModuleGetFunction", "libcuda");
  bind(h, d->module_get_global, "cuModuleGetGlobal_v2", "libcuda");
  bind(h, d->launch, "cuLaunchKernel", "libcuda");
  bind(h, d->launch_coop, "cuLaunchCooperativeKernel", "libcuda");
  bind(h, d->func_get_attr, "cuFuncGetAttribute", "libcuda");
  bind(h, d->func_set_attr, "cuFuncSetAttribute", "libcuda");
  bind(h, d->error_name, "cuGetErrorName", "libcuda");
  bind(h, d->error_string, "cuGetErrorString", "libcuda");
  if (int rc = d->init(0); rc != 0) throw CudaError(rc, "cupric: cuInit failed (" + std::to_string(rc) + ")");
  lib.store(d, std::memory_order_release);
  return *d;
}

const Driver& driver() { return load_driver(); }

void check(int rc, const char* what) {
  if (rc == 0) return;
  const char *name = "?", *text = "";
  driver().error_name(rc, &name);
  driver().error_string(rc, &text);
  throw CudaError(rc, std::string(name ? name : "?") + ": " + (text ? text : "") + " (" + what + ")");
}

void* primary_context(int device) {
  const Driver& d = driver();
  static std::mutex mu;
  static std::map<int, void*> ctxs;
  std::lock_guard<std::mutex> lk(mu);
  auto it = ctxs.find(device);
  if (it != ctxs.end()) return it->second;
  int dev = 0;
  check(d.device_get(&dev, device), "cuDeviceGet");
  void* ctx = nullptr;
  check(d.primary_ctx_retain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  ctxs[device] = ctx;
  return ctx;
}

// Makes `ctx` current on this thread (the runtime API uses the same primary contexts).
void use_context(void* ctx) {
  void* cur = nullptr;
  driver().ctx_get_current(&cur);
  if (cur != ctx) check(driver().ctx_set_current(ctx), "cuCtxSetCurrent");
}

std::pair<int, int> compute_capability(int device) {
  primary_context(device);
  int dev = 0, major = 0, minor = 0;
  check(driver().device_get(&dev, device), "cuDeviceGet");
  check(driver().device_attr(&major, 75, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MAJOR
  check(driver().device_attr(&minor, 76, dev), "cuDeviceGetAttribute");  // COMPUTE_CAPABILITY_MINOR
  return {major, minor};
}

// Shims for NVRTC: the JIT headers include <cstdint>/<cstddef>/<cstring>, which NVRTC lacks.
const char* kStdShim =
    "#pragma once\n"
    "typedef signed char int8_t; typedef short int16_t; typedef int int32_t; typedef long int64_t;\n"
    "typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;\n"
    "typedef unsigned long uint64_t; typedef unsigned long size_t; typedef long ptrdiff_t;\n"
    "typedef long intptr_t; typedef unsigned long uintptr_t;\n"
    "namespace std { using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t; using ::uint8_t;\n"
    "using ::uint16_t; using ::uint32_t; using ::uint64_t; using ::size_t; using ::ptrdiff_t;\n"
    "using ::intptr_t; using ::uintptr_t; }\n";

// The file find_library("nvrtc") tries first among the fixed folders ("" when it would fall back
// to the loader's own search), found with stat only.
std::string locate_nvrtc() {
  std::vector<std::string> dirs;
  if (const char* cp = std::getenv("CUDA_PATH"); cp && *cp) dirs.push_back(std::string(cp) + "/lib64");
  dirs.emplace_back("/usr/local/cuda/lib64");
  struct stat st;
  for (const auto& d : dirs)
    for (const char* so : {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"})
      if (::stat((d + "/" + so).c_str(), &st) == 0) return d + "/" + so;
  return "";
}

std::string nvrtc_identity() {
  std::string p = locate_nvrtc();
  struct stat st;
  if (!p.empty() && ::stat(p.c_str(), &st) == 0)
    return p + "|" + std::to_string(st.st_size) + "|" + std::to_string(static_cast<long long>(st.st_mtime));
  // Only the loader knows where it is: load it and use its version and path.
  LibraryInfo info = find_library("nvrtc", {});
  return nvrtc().version_text + "|" + info.path;
}

// Note [JIT CCCL]
// CuPy v13 ships the CCCL (Thrust, CUB, libcu++) it is built with, so a user kernel's
// #include <cub/...> sees the library's own version at JIT time (V13-CCCL). cupric does not ship
// those headers (tens of megabytes): the build records the toolkit include directory and the
// CCCL_VERSION its kernels were compiled with (CMakeLists.txt), and NVRTC searches first the
// toolkit directories whose CCCL is that version, the build's own directory among them when it is
// still there (CUDA_PATH or /usr/local/cuda may hold another toolkit). Only when no directory has
// it does a user kernel see another CCCL; show_config() says which one ("CCCL (user kernels)").
#ifndef CUPRIC_BUILD_CCCL_VERSION
#define CUPRIC_BUILD_CCCL_VERSION 0  // a build without CUDA: no CCCL of its own
#define CUPRIC_BUILD_CUDA_INCLUDE_DIR ""
#endif

// CCCL_VERSION of the CCCL under a toolkit include directory (CUDA 13: <dir>/cccl; CUDA 12:
// <dir>), 0 when it has none. Read once per directory and process: every compile_cuda call (its
// memory-cache hits too) orders the directories, and the headers do not change under a process.
int cccl_version_in(const std::string& include_dir) {
  static std::mutex mu;
  static auto* seen = new std::map<std::string, int>();
  std::lock_guard<std::mutex> lk(mu);
  if (auto it = seen->find(include_dir); it != seen->end()) return it->second;
  int v = 0;
  for (const char* sub : {"/cccl/cuda/std/__cccl/version.h", "/cuda/std/__cccl/version.h"}) {
    std::FILE* f = std::fopen((include_dir + sub).c_str(), "r");
    if (!f) continue;
    char line[256];
    while (v == 0 && std::fgets(line, sizeof line, f))
      if (std::strncmp(line, "#define CCCL_VERSION ", 21) == 0) v = std::atoi(line + 21);
    std::fclose(f);
    if (v > 0) break;
  }
  seen->emplace(include_dir, v);
  return v;
}

// The toolkit include directories NVRTC searches (each followed by its cccl/ folder on CUDA 13):
// CUDA_PATH's, /usr/local/cuda's, the NVRTC wheel's and the build's, those holding the build's
// CCCL first (Note [JIT CCCL]).
std::vector<std::string> cuda_include_dirs() {
  std::vector<std::string> toolkits;
  struct stat st;
  auto add = [&](const std::string& d) {
    if (::stat((d + "/cuda_fp16.h").c_str(), &st) != 0) return;
    for (const auto& have : toolkits)
      if (have == d) return;
    toolkits.push_back(d);
  };
  if (const char* p = std::getenv("CUDA_PATH"); p && *p) add(std::string(p) + "/include");
  add("/usr/local/cuda/include");
  std::string located = locate_nvrtc();
  if (!located.empty()) {  // wheels: nvidia/cuda_nvrtc/lib/libnvrtc.so -> nvidia/cuda_runtime/include
    std::string lib = located.substr(0, located.rfind('/'));
    std::string root = lib.substr(0, lib.rfind('/'));
    add(root + "/include");
    add(root.substr(0, root.rfind('/')) + "/cuda_runtime/include");
  }
  if (*CUPRIC_BUILD_CUDA_INCLUDE_DIR) add(CUPRIC_BUILD_CUDA_INCLUDE_DIR);
  if (CUPRIC_BUILD_CCCL_VERSION > 0)
    std::stable_partition(toolkits.begin(), toolkits.end(),
                          [](const std::string& d) { return cccl_version_in(d) == CUPRIC_BUILD_CCCL_VERSION; });
  std::vector<std::string> dirs;
  for (const auto& d : toolkits) {
    dirs.push_back(d);
    // CUDA 13 moved libcu++/CCCL (cuda/std/..., needed by cooperative_groups.h) to include/cccl.
    if (::stat((d + "/cccl/cuda/std/type_traits").c_str(), &st) == 0) dirs.push_back(d + "/cccl");
  }
  return dirs;
}

LruCache<std::shared_ptr<const CudaImage>>& images() {
  static auto* c = new LruCache<std::shared_ptr<const CudaImage>>(1024);
  return *c;
}
LruCache<std::shared_ptr<CudaModule>>& modules() {
  static auto* c = new LruCache<std::shared_ptr<CudaModule>>(1024);
  return *c;
}

// Entry payload: "<n>\n" then n lines "<expr>\t<lowered>", then 'C' or 'P', then the binary.
std::string serialize(const CudaImage& im) {
  std::string s = std::to_string(im.lowered_names.size()) + "\n";
  for (const auto& [k, v] : im.lowered_names) s += k + "\t" + v + "\n";
  s += im.is_cubin ? 'C' : 'P';
  return s + im.binary;
}
std::shared_ptr<const CudaImage> deserialize(const std::string& s) {
  auto im = std::make_shared<CudaImage>();
  size_t pos = s.find('\n');
  if (pos == std::string::npos) return nullptr;
  long n = std::strtol(s.c_str(), nullptr, 10);
  ++pos;
  for (long i = 0; i < n; ++i) {
    size_t tab = s.find('\t', pos), nl = s.find('\n', pos);
    if (tab == std::string::npos || nl == std::string::npos || tab > nl) return nullptr;
    im->lowered_names[s.substr(pos, tab - pos)] = s.substr(tab + 1, nl - tab - 1);
    pos = nl + 1;
  }
  if (pos >= s.size()) return nullptr;
  im->is_cubin = s[pos] == 'C';
  im->binary = s.substr(pos + 1);
  return im;
}

}  // namespace

std::string nvrtc_version() { return nvrtc().version_text; }

int build_cccl_version() { return CUPRIC_BUILD_CCCL_VERSION; }

int jit_cccl_version() {
  const auto dirs = cuda_include_dirs();
  return dirs.empty() ? 0 : cccl_version_in(dirs.front());
}

void clear_cuda_modules() {
  images().clear();
  modules().clear();
}

std::shared_ptr<const CudaImage> compile_cuda(const std::string& source, const CudaCompileOptions& opt, int device) {
  // A missing NVRTC is reported before the driver is touched, without loading it when it is
  // found by stat (Note [NVRTC identity]: a warm cache lookup must not pay for loading NVRTC).
  if (locate_nvrtc().empty()) nvrtc();
  auto [major, minor] = compute_capability(device);
  return compile_cuda_for_arch(source, opt, major * 10 + minor);
}

std::shared_ptr<const CudaImage> compile_cuda_for_arch(const std::string& source, const CudaCompileOptions& opt,
                                                       int arch) {
  // Note [NVRTC identity]: loading libnvrtc costs ~20 ms (a 100 MB library), more than the whole
  // warm-cache budget, so a cache lookup must not load it. The key names the NVRTC library by the
  // file found where find_library looks first (path, size, mtime); NVRTC is loaded on a miss only.
  const std::string ident = nvrtc_identity();
  const auto inc_dirs = cuda_include_dirs();
  std::string key_text = source + '\0';
  for (const auto& o : opt.options) key_text += o + '\0';
  key_text += "arch=" + std::to_string(arch) + '\0';
  for (const auto& d : inc_dirs) key_text += "-I" + d + '\0';
  key_text += std::string("names") + '\0';
  for (const auto& n : opt.name_expressions) key_text += n + '\0';
  for (const auto& [n, t] : cupy_compat_headers()) key_text += n + '\0' + t + '\0';
  key_text += ident + '\0' + header_set_hash() + (opt.minimal_fp16_headers ? std::string("|fp16min") : std::string());
  const std::string key = hash_hex(key_text);
  if (auto im = images().get(key)) {
    ++cache_stats().memory_hits;
    return *im;
  }
  const bool disk = !cache_in_memory_only();
  const std::string path = entry_path("cuda", key, "bin");
  if (disk) {
    if (auto payload = read_entry(path)) {
      if (auto im = deserialize(*payload)) {
        ++cache_stats().disk_hits;
        images().put(key, im);
        return im;
      }
    }
  }

  const Nvrtc& nv = nvrtc();
  int n_archs = 0;
  nv.num_archs(&n_archs);
  std::vector<int> archs(static_cast<size_t>(n_archs > 0 ? n_archs : 1), 0);
  if (n_archs > 0) nv.archs(archs.data());
  bool cubin = true;
  if (n_archs > 0 && arch > archs.back()) {  // newer GPU than this NVRTC knows: PTX, JIT-ed by the driver
    arch = archs.back();
    cubin = false;
  }
  std::vector<std::string> options = opt.options;
  bool has_std = false, has_arch = false;
  for (const auto& o : options) {
    if (o.rfind("-std", 0) == 0 || o.rfind("--std", 0) == 0) has_std = true;
    if (o.rfind("-arch", 0) == 0 || o.rfind("--gpu-architecture", 0) == 0) has_arch = true;
  }
  if (!has_std) options.push_back("-std=c++17");  // V14-RTC
  if (!has_arch)
    options.push_back((cubin ? "-arch=sm_" : "-arch=compute_") + std::to_string(arch));
  else
    for (const auto& o : options)
      if (o.find("compute_") != std::string::npos) cubin = false;
  for (const auto& d : inc_dirs) options.push_back("-I" + d);

  // Headers handed to NVRTC in memory: the JIT header set, and the C library shims.
  std::vector<std::pair<std::string, std::string>> hdrs = header_set();
  for (auto& h : cupy_compat_headers()) hdrs.push_back(h);
  for (const char* n : {"cstdint", "cstddef", "stdint.h", "stddef.h"}) hdrs.emplace_back(n, kStdShim);
  hdrs.emplace_back("cstring", "#pragma once\n");
  if (inc_dirs.empty() || opt.minimal_fp16_headers) {  // minimal cuda_fp16.h / cuda_bf16.h for half.hpp
    hdrs.emplace_back("cuda_fp16.h",
                      "#pragma once\nstruct __half { unsigned short x; };\n"
                      "__device__ inline unsigned short __half_as_ushort(__half h) { return h.x; }\n"
                      "__device__ inline __half __ushort_as_half(unsigned short u) { __half h; h.x = u; return h; }\n"
                      "__device__ inline __half __float2half_rn(float f) { __half h; "
                      "asm(\"cvt.rn.f16.f32 %0, %1;\" : \"=h\"(h.x) : \"f\"(f)); return h; }\n"
                      "__device__ inline float __half2float(__half h) { float f; "
                      "asm(\"cvt.f32.f16 %0, %1;\" : \"=f\"(f) : \"h\"(h.x)); return f; }\n");
    hdrs.emplace_back("cuda_bf16.h", "#pragma once\n");
  }
  std::vector<const char*> hdr_src, hdr_names;
  for (const auto& [n, t] : hdrs) {
    hdr_names.push_back(n.c_str());
    hdr_src.push_back(t.c_str());
  }
  nvrtcProgram prog = nullptr;
  std::string prog_name = (opt.name_for_errors.empty() ? std::string("kernel") : opt.name_for_errors) + ".cu";
  int rc = nv.create(&prog, source.c_str(), prog_name.c_str(), static_cast<int>(hdrs.size()), hdr_src.data(),
                     hdr_names.data());
  if (rc != 0) throw RuntimeError(std::string("cupric: nvrtcCreateProgram failed: ") + nv.error_string(rc));
  struct Guard {
    const Nvrtc& nv;
    nvrtcProgram* p;
    ~Guard() { nv.destroy(p); }
  } guard{nv, &prog};
  for (const auto& n : opt.name_expressions) nv.add_name(prog, n.c_str());
  std::vector<const char*> copts;
  for (const auto& o : options) copts.push_back(o.c_str());
  rc = nv.compile(prog, static_cast<int>(copts.size()), copts.data());
  ++cache_stats().compiles;
  size_t log_size = 0;
  nv.log_size(prog, &log_size);
  std::string log(log_size, '\0');
  if (log_size) nv.log(prog, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  if (rc != 0)
    throw CompileError(
        std::string("cupric: NVRTC failed to compile '") + opt.name_for_errors + "' (" + nv.error_string(rc) + ")", log,
        source, opt.name_for_errors);
  auto im = std::make_shared<CudaImage>();
  im->is_cubin = cubin;
  size_t size = 0;
  if (cubin) {
    nv.cubin_size(prog, &size);
    im->binary.resize(size);
    nv.cubin(prog, im->binary.data());
  } else {
    nv.ptx_size(prog, &size);
    im->binary.resize(size);
    nv.ptx(prog, im->binary.data());
  }
  for (const auto& n : opt.name_expressions) {
    const char* low = nullptr;
    if (nv.lowered(prog, n.c_str(), &low) == 0 && low) im->lowered_names[n] = low;
  }
  if (disk) write_entry(path, serialize(*im));
  images().put(key, im);
  return im;
}

CudaModule::CudaModule(std::shared_ptr<const CudaImage> image, int device) : image_(std::move(image)), device_(device) {
  ctx_ = primary_context(device);
  use_context(ctx_);
  check(driver().module_load_data(&module_, image_->binary.data()), "cuModuleLoadData");
}

CudaModule::~CudaModule() {
  // Modules live until process exit in practice (cached); unloading at interpreter teardown
  // after the driver shut down would fail, so errors are ignored.
  if (module_) driver().module_unload(module_);
}

CudaFunction CudaModule::function(const std::string& name) {
  std::string sym = name;
  if (auto it = image_->lowered_names.find(name); it != image_->lowered_names.end()) sym = it->second;
  void* fn = nullptr;
  use_context(ctx_);
  int rc = driver().module_get_function(&fn, module_, sym.c_str());
  if (rc != 0) check(rc, ("cuModuleGetFunction '" + name + "'").c_str());
  return CudaFunction(shared_from_this(), fn, name);
}

std::pair<uintptr_t, size_t> CudaModule::global(const std::string& name) {
  std::string sym = name;
  if (auto it = image_->lowered_names.find(name); it != image_->lowered_names.end()) sym = it->second;
  uintptr_t ptr = 0;
  size_t size = 0;
  use_context(ctx_);
  check(driver().module_get_global(&ptr, &size, module_, sym.c_str()), ("cuModuleGetGlobal '" + name + "'").c_str());
  return {ptr, size};
}

std::shared_ptr<CudaModule> load_cuda_module(const std::shared_ptr<const CudaImage>& image, int device) {
  std::string key = std::to_string(reinterpret_cast<uintptr_t>(image.get())) + ":" + std::to_string(device);
  if (auto m = modules().get(key); m && (*m)->device() == device) return *m;
  auto m = std::make_shared<CudaModule>(image, device);
  modules().put(key, m);
  return m;
}

void CudaFunction::launch(const unsigned grid[3], const unsigned block[3], void** args, size_t shared_mem,
                          const Stream& stream, bool cooperative) const {
  const Driver& d = driver();
  use_context(module_->context());
  int rc = cooperative ? d.launch_coop(fn_, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                       static_cast<unsigned>(shared_mem), stream.handle, args)
                       : d.launch(fn_, grid[0], grid[1], grid[2], block[0], block[1], block[2],
                                  static_cast<unsigned>(shared_mem), stream.handle, args, nullptr);
  if (rc != 0) check(rc, ("cuLaunchKernel '" + name_ + "'").c_str());
}

int CudaFunction::attribute(int attr) const {
  int v = 0;
  check(driver().func_get_attr(&v, attr, fn_), "cuFuncGetAttribute");
  return v;
}

void CudaFunction::set_attribute(int attr, int value) const {
  check(driver().func_set_attr(fn_, attr, value), "cuFuncSetAttribute");
}

}  // namespace cupric::jit
