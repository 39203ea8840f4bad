// dlopen-based discovery of the CUDA libraries and the host BLAS (see include/cupric/runtime/libraries.hpp).
// Note [Library search order]: a component's sonames are tried newest major version first, each in
// every folder before the next soname, so that one session never mixes a CUDA 12 wheel's library
// with the CUDA 13 toolkit's when both are installed (cuFFT's LTO callbacks, compiled by NVRTC,
// fail to link inside an older cuFFT). The folders, for a CUDA library: those Python registered
// once (register_library_dirs: NVIDIA's wheels) and the caller's, $CUDA_PATH/lib64,
// /usr/local/cuda/lib64, then the dynamic loader's search. For the host BLAS (`openblas`, PyPI's
// scipy-openblas64): the registered folders (Python finds the wheel's lib folder without
// importing it), the wheel's lib folder at build time, `../scipy_openblas64/lib` next to
// libcupric (an installed wheel's site-packages), then the loader's search. show_config reports
// the path the loader actually mapped (dlinfo), so LD_LIBRARY_PATH can never silently swap a
// library behind the reported one (V6-LIBS).
#include "cupric/runtime/libraries.hpp"
#include <dlfcn.h>
#include <glob.h>
#include <link.h>
#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>

namespace cupric {

namespace {

enum class VersionCall { Int, IntPair, UIntPair, Property, String };

struct Component {
  const char* name;
  std::vector<const char*> sonames;
  const char* version_symbol;
  VersionCall call;
  const char* install_hint;
  bool host = false;  // a host library (not listed by cuda_components)
};

const std::vector<Component>& table() {
  static const std::vector<Component> t = {
      {"runtime",
       {"libcudart.so.13", "libcudart.so.12", "libcudart.so"},
       "cudaRuntimeGetVersion",
       VersionCall::Int,
       "pip install nvidia-cuda-runtime (or the CUDA toolkit)"},
      {"driver",
       {"libcuda.so.1", "libcuda.so"},
       "cuDriverGetVersion",
       VersionCall::Int,
       "install the NVIDIA driver (it cannot come from pip)"},
      {"nvrtc",
       {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"},
       "nvrtcVersion",
       VersionCall::IntPair,
       "pip install nvidia-cuda-nvrtc (or the CUDA toolkit)"},
      {"cublas",
       {"libcublas.so.13", "libcublas.so.12", "libcublas.so"},
       "cublasGetProperty",
       VersionCall::Property,
       "pip install nvidia-cublas (or the CUDA toolkit)"},
      {"cufft",
       {"libcufft.so.12", "libcufft.so.11", "libcufft.so"},
       "cufftGetVersion",
       VersionCall::Int,
       "pip install nvidia-cufft (or the CUDA toolkit)"},
      {"curand",
       {"libcurand.so.10", "libcurand.so"},
       "curandGetVersion",
       VersionCall::Int,
       "pip install nvidia-curand (or the CUDA toolkit)"},
      {"cusolver",
       {"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"},
       "cusolverGetVersion",
       VersionCall::Int,
       "pip install nvidia-cusolver (or the CUDA toolkit)"},
      {"cusparse",
       {"libcusparse.so.12", "libcusparse.so"},
       "cusparseGetProperty",
       VersionCall::Property,
       "pip install nvidia-cusparse (or the CUDA toolkit)"},
      {"nccl", {"libnccl.so.2", "libnccl.so"}, "ncclGetVersion", VersionCall::Int, "pip install nvidia-nccl"},
      {"nvjitlink",
       {"libnvJitLink.so.13", "libnvJitLink.so.12", "libnvJitLink.so"},
       "nvJitLinkVersion",
       VersionCall::UIntPair,
       "pip install nvidia-nvjitlink (or the CUDA toolkit)"},
      {"openblas",
       {"libscipy_openblas64_.so"},
       "scipy_openblas_get_config64_",
       VersionCall::String,
       "pip install scipy-openblas64",
       true},
  };
  return t;
}

std::string version_of(void* h, const Component& c) {
  void* sym = dlsym(h, c.version_symbol);
  if (!sym) return "";
  switch (c.call) {
    case VersionCall::Int: {
      int v = 0;
      if (reinterpret_cast<int (*)(int*)>(sym)(&v) != 0) return "";
      return std::to_string(v);
    }
    case VersionCall::IntPair: {
      int a = 0, b = 0;
      if (reinterpret_cast<int (*)(int*, int*)>(sym)(&a, &b) != 0) return "";
      return std::to_string(a) + "." + std::to_string(b);
    }
    case VersionCall::UIntPair: {
      unsigned a = 0, b = 0;
      if (reinterpret_cast<int (*)(unsigned*, unsigned*)>(sym)(&a, &b) != 0) return "";
      return std::to_string(a) + "." + std::to_string(b);
    }
    case VersionCall::String: {
      const char* text = reinterpret_cast<const char* (*)()>(sym)();
      return text ? text : "";
    }
    case VersionCall::Property: {
      int v[3] = {0, 0, 0};  // libraryPropertyType: MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
      auto f = reinterpret_cast<int (*)(int, int*)>(sym);
      for (int i = 0; i < 3; ++i)
        if (f(i, &v[i]) != 0) return "";
      return std::to_string(v[0]) + "." + std::to_string(v[1]) + "." + std::to_string(v[2]);
    }
  }
  return "";
}

std::string loaded_path(void* h, const std::string& fallback) {
  struct link_map* lm = nullptr;
  if (dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && *lm->l_name) return lm->l_name;
  return fallback;
}

std::mutex g_dirs_mu;
std::vector<std::string>& registered_dirs() {
  static auto* d = new std::vector<std::string>();
  return *d;
}

// `../scipy_openblas64/lib` beside the folder libcupric was loaded from ("" when unknown).
std::string beside_libcupric(const char* rel) {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&find_library), &info) == 0 || !info.dli_fname) return "";
  std::string path = info.dli_fname;
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash) + "/" + rel;
}

struct Cached {
  LibraryInfo info;
  void* handle = nullptr;
};

}  // namespace

const std::vector<std::string>& cuda_components() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& c : table())
      if (!c.host) v.emplace_back(c.name);
    return v;
  }();
  return names;
}

const std::vector<std::string>& host_components() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& c : table())
      if (c.host) v.emplace_back(c.name);
    return v;
  }();
  return names;
}

void register_library_dirs(const std::vector<std::string>& dirs) {
  std::lock_guard<std::mutex> lk(g_dirs_mu);
  auto& r = registered_dirs();
  for (const auto& d : dirs) {
    // A pattern (`.../nvidia/*/lib`) is expanded here, once, rather than by Python at import.
    std::vector<std::string> found;
    if (d.find('*') != std::string::npos) {
      glob_t g{};
      if (glob(d.c_str(), GLOB_ONLYDIR, nullptr, &g) == 0)
        for (size_t i = 0; i < g.gl_pathc; ++i) found.emplace_back(g.gl_pathv[i]);
      globfree(&g);
    } else {
      found.push_back(d);
    }
    for (auto& f : found)
      if (std::find(r.begin(), r.end(), f) == r.end()) r.push_back(std::move(f));
  }
}

std::vector<std::string> library_search_dirs() {
  std::lock_guard<std::mutex> lk(g_dirs_mu);
  return registered_dirs();
}

LibraryInfo find_library(const std::string& component, const std::vector<std::string>& dirs, void** handle) {
  static std::mutex mu;
  static auto* cache = new std::map<std::string, Cached>();
  std::lock_guard<std::mutex> lk(mu);
  if (handle) *handle = nullptr;
  auto it = cache->find(component);
  if (it != cache->end() && it->second.info.found) {
    if (handle) *handle = it->second.handle;
    return it->second.info;
  }
  const Component* comp = nullptr;
  for (const auto& c : table())
    if (component == c.name) comp = &c;
  LibraryInfo info;
  info.component = component;
  if (!comp) {
    info.error = "unknown library component '" + component + "'";
    return info;
  }
  std::vector<std::string> search;
  if (comp->host) {
    // CUPRIC_OPENBLAS_LIB_DIR first: how a C++ program (or ctest) that never imports the Python
    // package names the installed wheel's lib folder (docs/linalg.md).
    if (const char* d = std::getenv("CUPRIC_OPENBLAS_LIB_DIR"); d && *d) search.emplace_back(d);
    for (const auto& d : library_search_dirs()) search.push_back(d);
    search.insert(search.end(), dirs.begin(), dirs.end());
#ifdef CUPRIC_OPENBLAS_LIB_DIR
    search.emplace_back(CUPRIC_OPENBLAS_LIB_DIR);
#endif
    std::string beside = beside_libcupric("../scipy_openblas64/lib");
    if (!beside.empty()) search.push_back(beside);
  } else if (component != "driver") {
    search = library_search_dirs();
    search.insert(search.end(), dirs.begin(), dirs.end());
    if (const char* cp = std::getenv("CUDA_PATH")) search.push_back(std::string(cp) + "/lib64");
    search.emplace_back("/usr/local/cuda/lib64");
  }
  search.emplace_back("");  // the loader's own search
  std::string last_error;
  // Sonames outside, folders inside: the newest major version wins wherever it is (a CUDA 12 wheel's
  // libcufft.so.11 beside CuPy must not shadow the toolkit's libcufft.so.12); among folders holding
  // the same soname the order above decides.
  for (const char* so : comp->sonames) {
    for (const auto& dir : search) {
      std::string name = dir.empty() ? std::string(so) : dir + "/" + so;
      void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (!h) {
        if (const char* e = dlerror()) last_error = e;
        continue;
      }
      info.found = true;
      info.path = loaded_path(h, name);
      info.version = version_of(h, *comp);
      (*cache)[component] = Cached{info, h};
      if (handle) *handle = h;
      return info;
    }
  }
  info.error = "not found (" + std::string(comp->sonames.front()) + "): " + comp->install_hint;
  (*cache)[component] = Cached{info, nullptr};
  return info;
}

}  // namespace cupric
