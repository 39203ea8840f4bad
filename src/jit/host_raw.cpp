// RawKernel / RawModule on the host backend (include/cupric/jit/host_raw.hpp): the source scan and
// rewrite, the launchers appended to the module, compiling through the kernel cache, launching.
//
// Note [Raw sources on the host]
// The user's CUDA C++ is compiled as C++ after cupric/jit/host_launch.hpp, which gives CUDA's
// keywords, built-in variables and functions (Note [Host CUDA vocabulary], Note [Host blocks as
// fibers]). A scan over the source with comments and string literals blanked out does the rest:
// - it refuses what a CPU cannot run (inline PTX `asm`, texture and surface functions, warp match
//   functions, dynamic parallelism, cooperative groups, wmma, CUB/Thrust/cuRAND device headers)
//   with a CompileError naming the construct and its line, instead of a compiler error about
//   something the user did not write;
// - `extern __shared__ T name[];` (dynamic shared memory) becomes a pointer to the launch's buffer:
//   a local `T* name` inside a function, a macro at namespace scope (`static __shared__` loses
//   its `static`, as `__shared__` already is one);
// - it lists the extern "C" __global__ functions, for which (and for each name expression) a
//   launcher `cupric_launch_<k>` is appended: `launch(&kernel, config, args)` deduces the
//   parameter types from the function, so arguments are unpacked exactly as CUDA would;
// - it notes whether any barrier, shuffle or vote appears (fibers needed) or not (threads run
//   straight through).
// A `#line 1` before the user's text keeps compiler messages on the user's line numbers.
#include "cupric/jit/host_raw.hpp"
#include <dlfcn.h>
#include <link.h>
#include <algorithm>
#include <cctype>
#include <regex>
#include "cupric/error.hpp"

namespace cupric::jit {

namespace {

// `src` with comments, string and character literals replaced by spaces (newlines kept).
std::string blank_comments_and_strings(const std::string& src) {
  std::string m = src;
  size_t i = 0, n = src.size();
  auto blank = [&](size_t a, size_t b) {
    for (size_t k = a; k < b && k < n; ++k)
      if (m[k] != '\n') m[k] = ' ';
  };
  while (i < n) {
    char c = src[i];
    if (c == '/' && i + 1 < n && src[i + 1] == '/') {
      size_t e = src.find('\n', i);
      e = e == std::string::npos ? n : e;
      blank(i, e);
      i = e;
    } else if (c == '/' && i + 1 < n && src[i + 1] == '*') {
      size_t e = src.find("*/", i + 2);
      e = e == std::string::npos ? n : e + 2;
      blank(i, e);
      i = e;
    } else if (c == 'R' && i + 1 < n && src[i + 1] == '"' &&
               (i == 0 || !std::isalnum(static_cast<unsigned char>(src[i - 1])))) {
      size_t open = src.find('(', i + 2);
      if (open == std::string::npos) break;
      std::string close(1, ')');  // (built in steps: GCC 12 warns falsely about operator+ here)
      close.append(src, i + 2, open - i - 2);
      close.push_back('"');
      size_t e = src.find(close, open);
      e = e == std::string::npos ? n : e + close.size();
      blank(i, e);
      i = e;
    } else if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(src[i - 1]))))) {
      size_t e = i + 1;  // (a ' after a hex digit is a C++14 digit separator)
      while (e < n && src[e] != c && src[e] != '\n') e += src[e] == '\\' ? 2 : 1;
      blank(i, e + 1);
      i = e + 1;
    } else {
      ++i;
    }
  }
  return m;
}

int line_of(const std::string& s, size_t pos) {
  int line = 1;
  for (size_t k = 0; k < pos && k < s.size(); ++k) line += s[k] == '\n';
  return line;
}

std::string line_text(const std::string& s, size_t pos) {
  size_t a = s.rfind('\n', pos);
  a = a == std::string::npos ? 0 : a + 1;
  size_t b = s.find('\n', pos);
  std::string t = s.substr(a, b == std::string::npos ? std::string::npos : b - a);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.erase(0, 1);
  return t;
}

[[noreturn]] void refuse(const std::string& what, const std::string& src, size_t pos, const std::string& name) {
  std::string file = (name.empty() ? std::string("kernel") : name) + ".cu";
  throw CompileError("cupric: the host backend cannot run " + what + " (" + file + " line " +
                         std::to_string(line_of(src, pos)) + ": `" + line_text(src, pos) +
                         "`); run this kernel on the CUDA backend",
                     "", src, name);
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Positions of `word` as a whole identifier in `m`.
std::vector<size_t> find_word(const std::string& m, const std::string& word) {
  std::vector<size_t> at;
  for (size_t p = m.find(word); p != std::string::npos; p = m.find(word, p + 1)) {
    bool left = p == 0 || !ident_char(m[p - 1]);
    bool right = p + word.size() >= m.size() || !ident_char(m[p + word.size()]);
    if (left && right) at.push_back(p);
  }
  return at;
}

size_t skip_space(const std::string& m, size_t p) {
  while (p < m.size() && std::isspace(static_cast<unsigned char>(m[p]))) ++p;
  return p;
}

void check_supported(const std::string& src, const std::string& m, const std::string& name) {
  struct Construct {
    const char* word;
    const char* what;
  };
  static const Construct words[] = {
      {"asm", "inline PTX assembly (asm)"},
      {"__asm__", "inline PTX assembly (asm)"},
      {"__asm", "inline PTX assembly (asm)"},
      {"cudaTextureObject_t", "texture fetches (cudaTextureObject_t)"},
      {"cudaSurfaceObject_t", "surface accesses (cudaSurfaceObject_t)"},
      {"__match_any_sync", "warp match functions (__match_any_sync)"},
      {"__match_all_sync", "warp match functions (__match_all_sync)"},
      {"cooperative_groups", "cooperative groups"},
      {"wmma", "tensor core operations (wmma)"},
      {"__pipeline_memcpy_async", "asynchronous copies (__pipeline_memcpy_async)"},
      {"__isShared", "address-space queries (__isShared)"},
      {"__isGlobal", "address-space queries (__isGlobal)"},
      {"__cvta_generic_to_shared", "address-space conversions (__cvta_generic_to_shared)"},
  };
  for (const auto& c : words)
    if (auto at = find_word(m, c.word); !at.empty()) refuse(c.what, src, at[0], name);
  // texture / surface functions: tex1D, tex2DLod, surf2Dwrite, ...; `texture<...>` references
  static const std::regex tex(R"(\b(tex(1D|2D|3D|Cubemap)\w*|surf(1D|2D|3D|Cubemap)\w*)\s*(<|\())");
  std::smatch mt;
  if (std::regex_search(m, mt, tex))
    refuse("texture and surface functions (" + mt[1].str() + ")", src, static_cast<size_t>(mt.position(0)), name);
  static const std::regex texref(R"(\btexture\s*<)");
  if (std::regex_search(m, mt, texref))
    refuse("texture references (texture<...>)", src, static_cast<size_t>(mt.position(0)), name);
  if (size_t p = m.find("<<<"); p != std::string::npos)
    refuse("dynamic parallelism (a kernel launch inside a kernel)", src, p, name);
  static const std::regex inc(R"(#\s*include\s*[<"]([^>"]+)[>"])");
  for (auto it = std::sregex_iterator(src.begin(), src.end(), inc); it != std::sregex_iterator(); ++it) {
    const std::string h = (*it)[1].str();
    const size_t p = static_cast<size_t>(it->position(0));
    if (m[p] != '#') continue;  // (inside a comment)
    auto starts = [&](const char* s) { return h.rfind(s, 0) == 0; };
    if (starts("cooperative_groups")) refuse("cooperative groups (<" + h + ">)", src, p, name);
    if (starts("cub/") || starts("thrust/") || starts("cuda/") || starts("curand") || h == "mma.h" ||
        starts("cuda_pipeline") || starts("cuda_awbarrier") || starts("cuda_bf16") || starts("cufft") ||
        starts("cublas"))
      refuse("code that includes <" + h + ">", src, p, name);
  }
}

// Innermost-first classification of the braces open at `pos`: does one of them open a function
// body (or a block inside one)?
bool inside_function(const std::string& m, size_t pos) {
  std::vector<bool> stack;
  for (size_t k = 0; k < pos; ++k) {
    if (m[k] == '{') {
      size_t b = k;
      while (b > 0 && std::isspace(static_cast<unsigned char>(m[b - 1]))) --b;
      bool fn = b > 0 && m[b - 1] == ')';
      size_t e = b;
      while (b > 0 && ident_char(m[b - 1])) --b;
      std::string word = m.substr(b, e - b);
      fn = fn || word == "const" || word == "noexcept" || word == "else" || word == "do" || word == "try" ||
           word == "mutable" || word == "override" || word == "final";
      stack.push_back(fn);
    } else if (m[k] == '}' && !stack.empty()) {
      stack.pop_back();
    }
  }
  for (bool fn : stack)
    if (fn) return true;
  return false;
}

// The extern "C" __global__ functions (outside namespaces) of the source, by name.
std::vector<std::string> find_kernels(const std::string& src, const std::string& m) {
  std::vector<std::string> names;
  for (size_t g : find_word(m, "__global__")) {
    // the declaration's start: after the previous ; { } (or the file's start)
    size_t s = m.find_last_of(";{}", g == 0 ? 0 : g - 1);
    s = (s == std::string::npos || g == 0) ? 0 : s + 1;
    std::string prefix = src.substr(s, g - s);
    if (!find_word(blank_comments_and_strings(prefix), "template").empty()) continue;
    static const std::regex extern_c(R"(extern\s*"C")");
    bool is_c = std::regex_search(prefix, extern_c);
    if (!is_c) {  // inside extern "C" { ... } at file scope?
      int depth = 0;
      size_t open = std::string::npos;
      for (size_t k = g; k-- > 0;) {
        if (m[k] == '}') ++depth;
        if (m[k] == '{') {
          if (depth == 0) {
            open = k;
            break;
          }
          --depth;
        }
      }
      if (open != std::string::npos) {
        size_t s2 = m.find_last_of(";{}", open == 0 ? 0 : open - 1);
        s2 = s2 == std::string::npos ? 0 : s2 + 1;
        is_c = std::regex_search(src.substr(s2, open - s2), extern_c) && !inside_function(m, open);
      }
    }
    if (!is_c) continue;
    // the name: the identifier right before the parameter list (skipping __launch_bounds__(...))
    size_t p = g + 10;
    std::string name;
    while (p < m.size()) {
      p = skip_space(m, p);
      size_t q = p;
      while (q < m.size() && ident_char(m[q])) ++q;
      if (q == p) break;
      std::string word = m.substr(p, q - p);
      size_t r = skip_space(m, q);
      if (r < m.size() && m[r] == '(') {
        if (word == "__launch_bounds__") {
          int depth = 0;
          for (p = r; p < m.size(); ++p) {
            depth += m[p] == '(' ? 1 : m[p] == ')' ? -1 : 0;
            if (depth == 0) break;
          }
          ++p;
          continue;
        }
        name = word;
        break;
      }
      p = q;
    }
    bool seen = false;
    for (const auto& n : names) seen = seen || n == name;
    if (!name.empty() && !seen) names.push_back(name);
  }
  return names;
}

// `s` without __align__(...), alignas(...) and __attribute__((...)) (balanced parentheses).
std::string strip_attributes(std::string s) {
  for (const char* w : {"__align__", "alignas", "__attribute__"}) {
    for (auto at = find_word(s, w); !at.empty(); at = find_word(s, w)) {
      size_t p = skip_space(s, at[0] + std::string(w).size());
      if (p >= s.size() || s[p] != '(') break;
      int depth = 0;
      size_t e = p;
      for (; e < s.size(); ++e) {
        depth += s[e] == '(' ? 1 : s[e] == ')' ? -1 : 0;
        if (depth == 0) break;
      }
      s.erase(at[0], e + 1 - at[0]);
      s.insert(at[0], 1, ' ');
    }
  }
  return s;
}

}  // namespace

HostRawSource translate_raw_source(const std::string& source, const std::string& name_for_errors) {
  const std::string m = blank_comments_and_strings(source);
  check_supported(source, m, name_for_errors);
  HostRawSource out;
  out.kernels = find_kernels(source, m);
  for (const char* w : {"__syncthreads", "__syncwarp", "__shfl", "__ballot_sync", "__any_sync", "__all_sync",
                        "__reduce_", "__syncthreads_count", "__syncthreads_and", "__syncthreads_or"})
    out.needs_fibers = out.needs_fibers || m.find(w) != std::string::npos;

  // Rewrites, applied back to front so positions stay valid.
  struct Edit {
    size_t pos, len;
    std::string text;
  };
  std::vector<Edit> edits;
  static const std::regex static_shared(R"(\bstatic(\s+)__shared__\b)");
  for (auto it = std::sregex_iterator(m.begin(), m.end(), static_shared); it != std::sregex_iterator(); ++it)
    edits.push_back({static_cast<size_t>(it->position(0)), 6, "      "});
  static const std::regex dyn(R"(\bextern\s+__shared__\b([^;]*);)");
  static const std::regex decl(R"(^\s*(.*?[\w\*\s])\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*$)");
  for (auto it = std::sregex_iterator(m.begin(), m.end(), dyn); it != std::sregex_iterator(); ++it) {
    const size_t pos = static_cast<size_t>(it->position(0)), len = static_cast<size_t>(it->length(0));
    std::string body = strip_attributes((*it)[1].str());
    std::smatch d;
    if (!std::regex_match(body, d, decl)) continue;  // (left to the compiler)
    std::string type = d[1].str(), name = d[2].str();
    while (!type.empty() && std::isspace(static_cast<unsigned char>(type.back()))) type.pop_back();
    const std::string ptr = "reinterpret_cast<" + type + "*>(::cupric_host::dynamic_shared())";
    const int line = line_of(source, pos + len);
    std::string text = inside_function(m, pos)
                           ? type + "* " + name + " = " + ptr + ";"
                           : "\n#define " + name + " (" + ptr + ")\n#line " + std::to_string(line) + "\n";
    edits.push_back({pos, len, text});
  }
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.pos > b.pos; });
  std::string text = source;
  for (const auto& e : edits) text.replace(e.pos, e.len, e.text);
  out.text = std::move(text);
  return out;
}

namespace {

std::vector<std::string> host_flags(const std::vector<std::string>& options) {
  std::vector<std::string> flags;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    auto take = [&](const char* prefix, const char* flag) {
      size_t n = std::string(prefix).size();
      if (o.rfind(prefix, 0) != 0) return false;
      std::string v = o.substr(n);
      if (v.empty() && i + 1 < options.size()) v = options[++i];
      flags.push_back(flag + v);
      return true;
    };
    if (take("--define-macro=", "-D") || take("-D", "-D") || take("--include-path=", "-I") || take("-I", "-I"))
      continue;
    if (o.rfind("-std=", 0) == 0 || o.rfind("--std=", 0) == 0) flags.push_back("-std=" + o.substr(o.find('=') + 1));
    // anything else (-arch, --use_fast_math, -lineinfo, --fmad, -G, -maxrregcount, ...) is GPU code
    // generation: nothing to do on the host
  }
  return flags;
}

struct LaunchConfig {  // cupric_host::LaunchConfig in cupric/jit/host_launch.hpp
  unsigned grid[3];
  unsigned block[3];
  unsigned long long shared_mem;
  int nargs;
  int fibers;
};

}  // namespace

std::shared_ptr<HostRawModule> compile_host_raw(const std::string& source, const std::vector<std::string>& options,
                                                const std::vector<std::string>& name_expressions,
                                                const std::string& name_for_errors) {
  HostRawSource t = translate_raw_source(source, name_for_errors);
  const std::string file = (name_for_errors.empty() ? std::string("kernel") : name_for_errors) + ".cu";
  std::string full = "#include <cupric/jit/host_launch.hpp>\n#line 1 \"" + file + "\"\n" + t.text + "\n";
  std::map<std::string, std::string> symbols;
  int k = 0;
  auto add = [&](const std::string& name) {
    if (symbols.count(name)) return;
    std::string sym = "cupric_launch_" + std::to_string(k++);
    symbols[name] = sym;
    full += "extern \"C\" const char* " + sym +
            "(const ::cupric_host::LaunchConfig* c, void** a) { return ::cupric_host::launch(&" + name +
            ", *c, a); }\n";
  };
  for (const auto& n : t.kernels) add(n);
  for (const auto& n : name_expressions) add(n);
  auto so = compile_host(full, name_for_errors, host_flags(options));
  return std::make_shared<HostRawModule>(std::move(so), std::move(symbols), t.needs_fibers);
}

HostRawFunction HostRawModule::function(const std::string& name) const {
  auto it = symbols_.find(name);
  if (it == symbols_.end())
    throw RuntimeError("cupric: no kernel named '" + name +
                       "' in the module (the host backend finds extern \"C\" __global__ functions at file scope; "
                       "a template or C++ kernel needs name_expressions)");
  return HostRawFunction(shared_from_this(), so_->symbol(it->second), name);
}

std::pair<uintptr_t, size_t> HostRawModule::global(const std::string& name) const {
  void* p = so_->symbol(name);
  Dl_info info;
  void* extra = nullptr;
  size_t size = 0;
  if (::dladdr1(p, &info, &extra, RTLD_DL_SYMENT) && extra) size = static_cast<const ElfW(Sym)*>(extra)->st_size;
  return {reinterpret_cast<uintptr_t>(p), size};
}

void HostRawFunction::launch(const unsigned grid[3], const unsigned block[3], void** args, int nargs,
                             size_t shared_mem) const {
  const unsigned long long threads = 1ULL * block[0] * block[1] * block[2];
  for (int d = 0; d < 3; ++d)
    if (grid[d] == 0 || block[d] == 0)
      throw RuntimeError("cupric: invalid launch of '" + name_ + "': grid and block sizes must be positive");
  if (threads > 1024 || block[2] > 64)
    throw RuntimeError("cupric: invalid launch of '" + name_ + "': a block has at most 1024 threads (z at most 64)");
  if (grid[1] > 65535 || grid[2] > 65535 || grid[0] > 0x7fffffffu)
    throw RuntimeError("cupric: invalid launch of '" + name_ + "': grid too large");
  LaunchConfig c{
      {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]}, shared_mem, nargs, module_->uses_fibers() ? 1 : 0};
  using Entry = const char* (*)(const LaunchConfig*, void**);
  if (const char* err = reinterpret_cast<Entry>(entry_)(&c, args))
    throw RuntimeError("cupric: kernel '" + name_ + "' on the host backend: " + err);
}

int HostRawFunction::attribute(int attr) const {
  switch (attr) {
    case 0: return 1024;                 // max_threads_per_block
    case 8: return max_dynamic_shared_;  // max_dynamic_shared_size_bytes
    default: return 0;
  }
}

void HostRawFunction::set_attribute(int attr, int value) {
  if (attr == 8) max_dynamic_shared_ = value;
}

}  // namespace cupric::jit
