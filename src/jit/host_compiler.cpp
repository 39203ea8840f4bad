// Host backend JIT: generated C++ compiled with the system compiler into a cached shared library,
// then dlopened (include/cupric/jit/compiler.hpp). Also the header set and CompileError.
//
// Note [JIT headers]
// Run-time compiled kernels include the same device-portable headers as the built-in kernels
// (cupric/config.hpp, complex.hpp, half.hpp) plus cupric/jit/device.hpp. Their text is embedded in
// libcupric at build time (cmake/embed_headers.cmake), so an installed cupric needs no header files:
// NVRTC receives them as in-memory headers, the host compiler reads them from a folder of the cache
// named by their hash. That hash is part of every cache key, so changing a header invalidates
// exactly the entries compiled against it.
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include "cupric/jit/cache.hpp"
#include "cupric/jit/compiler.hpp"
#include "jit/headers.hpp"

namespace cupric::jit {

namespace {

std::string numbered(const std::string& src) {
  std::ostringstream os;
  std::istringstream is(src);
  std::string line;
  int n = 0;
  while (std::getline(is, line)) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%5d ", ++n);
    os << buf << line << '\n';
  }
  return os.str();
}

bool dump_source_on_error() {
  const char* v = std::getenv("CUPRIC_DUMP_CUDA_SOURCE_ON_ERROR");
  return v && *v && std::string(v) != "0";
}

std::string host_cxx() {
  for (const char* var : {"CUPRIC_HOST_CXX", "CXX"})
    if (const char* v = std::getenv(var); v && *v) return v;
  return "c++";
}

// Runs `cmd` through the shell, returns (exit status, combined output).
std::pair<int, std::string> run(const std::string& cmd) {
  std::string out;
  FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return {-1, "could not run: " + cmd};
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = ::pclose(p);
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, out};
}

std::string shell_quote(const std::string& s) {
  std::string r = "'";
  for (char c : s) {
    if (c == '\'')
      r += "'\\''";
    else
      r += c;
  }
  return r + "'";
}

const std::string& compiler_identity() {
  static const std::string id = [] {
    auto [rc, out] = run(host_cxx() + " --version");
    return host_cxx() + "|" + out.substr(0, out.find('\n'));
  }();
  return id;
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  return static_cast<bool>(f);
}

void make_dirs(const std::string& path) {
  for (size_t pos = path.find('/', 1);; pos = path.find('/', pos + 1)) {
    ::mkdir(path.substr(0, pos).c_str(), 0755);
    if (pos == std::string::npos) break;
  }
}

// The header set plus the host stand-ins of CUDA's headers, and their hash.
const std::vector<std::pair<std::string, std::string>>& host_headers() {
  static const auto h = [] {
    auto v = header_set();
    for (auto& p : host_stand_in_headers()) v.push_back(p);
    return v;
  }();
  return h;
}
std::string hash_of_headers(const std::vector<std::pair<std::string, std::string>>& headers) {
  std::string all;
  for (const auto& [n, t] : headers) all += n + '\0' + t + '\0';
  return hash_hex(all);
}
const std::string& host_headers_hash() {
  static const std::string h = hash_of_headers(host_headers());
  return h;
}

// A folder holding the host headers for the host compiler (written once per their hash).
std::string host_include_dir(const std::string& scratch_root) {
  std::string dir = scratch_root + "/include/" + host_headers_hash();
  std::string stamp = dir + "/.complete";
  struct stat st;
  if (::stat(stamp.c_str(), &st) == 0) return dir;
  for (const auto& [name, text] : host_headers()) {
    std::string path = dir + "/" + name;
    make_dirs(path.substr(0, path.rfind('/')));
    std::string tmp = path + ".tmp" + std::to_string(::getpid());
    if (!write_file(tmp, text) || std::rename(tmp.c_str(), path.c_str()) != 0)
      throw RuntimeError("cupric: cannot write the JIT headers to " + dir);
  }
  write_file(stamp, "");
  return dir;
}

std::string make_temp_dir() {
  const char* t = std::getenv("TMPDIR");
  std::string templ = std::string(t && *t ? t : "/tmp") + "/cupric_jit_XXXXXX";
  std::vector<char> buf(templ.begin(), templ.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data())) throw RuntimeError("cupric: cannot create a temporary folder in " + templ);
  return buf.data();
}

LruCache<std::shared_ptr<HostModule>>& host_modules() {
  static auto* c = new LruCache<std::shared_ptr<HostModule>>(256);  // each holds an fd
  return *c;
}

}  // namespace

CompileError::CompileError(const std::string& message, std::string log_, std::string source_, std::string name_)
    : Error(message + (log_.empty() ? "" : "\n" + log_) +
            (dump_source_on_error() ? "\n==== source ====\n" + numbered(source_) : "")),
      log(std::move(log_)),
      source(std::move(source_)),
      name(std::move(name_)) {}

std::vector<std::pair<std::string, std::string>> header_set() {
  std::vector<std::pair<std::string, std::string>> v;
  for (int i = 0; i < kNumEmbeddedHeaders; ++i) v.emplace_back(kEmbeddedHeaders[i].name, kEmbeddedHeaders[i].text);
  return v;
}

const std::string& header_set_hash() {
  static const std::string h = hash_of_headers(header_set());
  return h;
}

HostModule::~HostModule() {
  if (handle_) ::dlclose(handle_);
  if (fd_ >= 0) ::close(fd_);
}

void* HostModule::symbol(const std::string& name) const {
  void* s = ::dlsym(handle_, name.c_str());
  if (!s) throw RuntimeError("cupric: symbol '" + name + "' not found in the compiled kernel " + path_);
  return s;
}

std::shared_ptr<HostModule> compile_host(const std::string& source, const std::string& name_for_errors,
                                         const std::vector<std::string>& extra_flags) {
  std::string flags = "-std=c++17 -O2 -shared -fPIC -w";
  // GCC makes static locals of inline functions and templates (a `__shared__` array in a template
  // kernel, say) STB_GNU_UNIQUE symbols, which pin the library in memory for good; its fd is then
  // closed and reused, and a later dlopen of the same /proc/self/fd name would return the old
  // library (Note [Loading verified bytes]).
  if (compiler_identity().find("clang") == std::string::npos) flags += " -fno-gnu-unique";
  for (const auto& f : extra_flags) flags += " " + shell_quote(f);  // (a later -std= wins)
  const std::string key = hash_hex(source + '\0' + flags + '\0' + compiler_identity() + '\0' + host_headers_hash());
  if (auto m = host_modules().get(key)) {
    ++cache_stats().memory_hits;
    return *m;
  }
  const bool disk = !cache_in_memory_only();
  const std::string path = entry_path("host", key, "so");
  // Note [Loading verified bytes]: the library is loaded from an anonymous in-memory file holding
  // exactly the bytes whose checksum was verified, never from the cache path: another process
  // rewriting or truncating the cache file (in place) can then neither crash a loaded kernel nor slip
  // unverified bytes in between the check and dlopen. The fd stays open while the library is loaded
  // so that its /proc/self/fd name is unique (the loader identifies libraries by name).
  auto load = [&](const std::string& bytes) {
    int fd = ::memfd_create("cupric_kernel", MFD_CLOEXEC);
    if (fd < 0) throw RuntimeError("cupric: memfd_create failed for a compiled kernel");
    size_t off = 0;
    while (off < bytes.size()) {
      ssize_t n = ::write(fd, bytes.data() + off, bytes.size() - off);
      if (n <= 0) {
        ::close(fd);
        throw RuntimeError("cupric: cannot stage a compiled kernel in memory");
      }
      off += static_cast<size_t>(n);
    }
    std::string p = "/proc/self/fd/" + std::to_string(fd);
    void* h = ::dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      std::string err = ::dlerror();
      ::close(fd);
      throw RuntimeError("cupric: cannot load the compiled kernel: " + err);
    }
    auto mod = std::make_shared<HostModule>(h, path, fd);
    host_modules().put(key, mod);
    return mod;
  };
  if (disk) {
    if (auto bytes = read_entry(path)) {  // checksum verified
      ++cache_stats().disk_hits;
      return load(*bytes);
    }
  }
  std::string tmp = make_temp_dir();
  struct Cleanup {
    std::string dir;
    ~Cleanup() { run("rm -rf " + shell_quote(dir)); }
  } cleanup{tmp};
  std::string inc = host_include_dir(disk ? cache_dir() : tmp);
  std::string src = tmp + "/kernel.cpp", so = tmp + "/kernel.so";
  if (!write_file(src, source)) throw RuntimeError("cupric: cannot write " + src);
  auto [rc, log] =
      run(host_cxx() + " " + flags + " -I" + shell_quote(inc) + " " + shell_quote(src) + " -o " + shell_quote(so));
  ++cache_stats().compiles;
  if (rc != 0)
    throw CompileError("cupric: compiling the kernel '" + name_for_errors + "' with " + host_cxx() + " failed", log,
                       source, name_for_errors);
  std::ifstream f(so, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (disk) write_entry(path, bytes);  // a read-only cache only costs the next process a compile
  return load(bytes);
}

}  // namespace cupric::jit

namespace cupric::jit {
void clear_memory_caches() {
  host_modules().clear();
  clear_cuda_modules();
}
}  // namespace cupric::jit
