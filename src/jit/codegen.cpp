// Shared pieces of the kernel generators (src/jit/codegen.hpp).
#include "jit/codegen.hpp"
#include <cstring>
#include "cupric/jit/cache.hpp"
#include "cupric/ops/copy.hpp"

namespace cupric::jit {

std::string ctype_name(DType dt) {
  switch (dt.type) {
    case ScalarType::Bool: return "bool";
    case ScalarType::Int8: return "signed char";
    case ScalarType::Int16: return "short";
    case ScalarType::Int32: return "int";
    case ScalarType::Int64: return "long long";
    case ScalarType::UInt8: return "unsigned char";
    case ScalarType::UInt16: return "unsigned short";
    case ScalarType::UInt32: return "unsigned int";
    case ScalarType::UInt64: return "unsigned long long";
    case ScalarType::Float16: return "float16";
    case ScalarType::BFloat16: return "bfloat16";
    case ScalarType::Float32: return "float";
    case ScalarType::Float64: return "double";
    case ScalarType::Complex64: return "complex<float>";
    case ScalarType::Complex128: return "complex<double>";
    default: throw TypeError("user kernels do not support the dtype " + dt.name());
  }
}

bool is_half(DType dt) { return dt.type == ScalarType::Float16 || dt.type == ScalarType::BFloat16; }

std::vector<ParamInfo> parse_params(const std::string& params) {
  std::vector<ParamInfo> out;
  size_t start = 0;
  while (start <= params.size()) {
    size_t comma = params.find(',', start);
    std::string part = params.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? params.size() + 1 : comma + 1;
    std::vector<std::string> words;
    size_t p = 0;
    while (p < part.size()) {
      while (p < part.size() && std::isspace(static_cast<unsigned char>(part[p]))) ++p;
      size_t q = p;
      while (q < part.size() && !std::isspace(static_cast<unsigned char>(part[q]))) ++q;
      if (q > p) words.push_back(part.substr(p, q - p));
      p = q;
    }
    if (words.empty()) {
      if (comma == std::string::npos && out.empty()) break;  // "" -> no parameters
      throw ValueError("Syntax error: '" + params + "'");
    }
    if (words.size() < 2) throw ValueError("Syntax error: '" + part + "'");
    ParamInfo info;
    info.name = words.back();
    info.type = words[words.size() - 2];
    for (size_t i = 0; i + 2 < words.size(); ++i) {
      if (words[i] == "raw")
        info.raw = true;
      else if (words[i] != "_non_const")
        throw ValueError("Unknown keyword \"" + words[i] + "\"");
    }
    auto ident = [](const std::string& s) {
      if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
      for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
      return true;
    };
    if (!ident(info.name)) throw ValueError("Invalid parameter name '" + info.name + "'");
    if (info.type.size() == 1) {  // CuPy: a one-letter type is a type placeholder
      if (!ident(info.type)) throw ValueError("Wrong type " + info.type);
      info.generic = true;
    } else {
      DType dt;
      try {
        dt = dtype_from_string(info.type);
      } catch (const Error&) { throw TypeError("data type '" + info.type + "' not understood"); }
      if (dt.name() != info.type) throw ValueError("Wrong type " + info.type);
      info.dtype = dt;
    }
    for (const auto& o : out)
      if (o.name == info.name) throw ValueError("Duplicate parameter name '" + info.name + "'");
    out.push_back(info);
  }
  return out;
}

void check_kernel_name(const std::string& name) {
  bool ok = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (!ok) throw ValueError("Invalid kernel name '" + name + "': it must be a C identifier");
}

// ---- argument packs ---------------------------------------------------------------------------------

void ArgPack::add_array(const ndarray& a) { add_array(a, a.shape(), a.strides()); }

void ArgPack::add_array(const ndarray& a, const Dims& shape, const Dims& strides) {
  std::vector<unsigned char> b;
  append<void*>(b, static_cast<void*>(a.data()));
  int64_t size = 1;
  for (size_t k = 0; k < shape.size(); ++k) size *= shape[k];
  append<int64_t>(b, size);
  size_t n = shape.size() ? shape.size() : 1;
  for (size_t k = 0; k < n; ++k) append<int64_t>(b, shape.size() ? shape[k] : 1);
  for (size_t k = 0; k < n; ++k) append<int64_t>(b, shape.size() ? strides[k] : 0);
  blobs_.push_back(std::move(b));
}

void ArgPack::add_scalar(const Scalar& s) { blobs_.emplace_back(s.bytes, s.bytes + s.dtype.itemsize); }

void ArgPack::add_indexer(const Dims& shape) {
  std::vector<unsigned char> b;
  int64_t size = 1;
  for (size_t k = 0; k < shape.size(); ++k) size *= shape[k];
  append<int64_t>(b, size);
  size_t n = shape.size() ? shape.size() : 1;
  for (size_t k = 0; k < n; ++k) append<int64_t>(b, shape.size() ? shape[k] : 1);
  for (size_t k = 0; k < n; ++k) append<int64_t>(b, 0);
  blobs_.push_back(std::move(b));
}

void** ArgPack::pointers() {
  ptrs_.clear();
  for (auto& b : blobs_) ptrs_.push_back(b.data());
  return ptrs_.data();
}

// ---- compile and launch -------------------------------------------------------------------------------

std::shared_ptr<CompiledKernel> compile_generated(const std::string& source, const std::string& name,
                                                  const std::vector<std::string>& options, Backend& backend) {
  auto k = std::make_shared<CompiledKernel>();
  if (backend.type() == DeviceType::Host) {
    k->host_module = compile_host(source, name);
    k->host_entry = reinterpret_cast<void (*)(void**)>(k->host_module->symbol(name + "_host_entry"));
    return k;
  }
  CudaCompileOptions opt;
  opt.options = options;
  opt.name_for_errors = name;
  opt.minimal_fp16_headers = true;
  int dev = backend.current_device();
  auto image = compile_cuda(source, opt, dev);
  k->cuda_module = load_cuda_module(image, dev);
  k->cuda_function = std::make_unique<CudaFunction>(k->cuda_module->function(name));
  return k;
}

void launch_generated(const CompiledKernel& k, ArgPack& args, int64_t n, int block_size, Backend& backend,
                      int64_t blocks, size_t shared_mem) {
  if (k.host_entry) {
    k.host_entry(args.pointers());
    return;
  }
  if (n <= 0 && blocks < 0) return;
  unsigned bs = static_cast<unsigned>(block_size > 0 ? block_size : 128);
  int64_t g = blocks >= 0 ? blocks : (n + bs - 1) / bs;
  if (g > 0x7fffffff) g = 0x7fffffff;
  if (g == 0) return;
  unsigned grid[3] = {static_cast<unsigned>(g), 1, 1}, block[3] = {bs, 1, 1};
  int dev = backend.current_device();
  k.cuda_function->launch(grid, block, args.pointers(), shared_mem, backend.current_stream(dev));
}

// ---- type binding ----------------------------------------------------------------------------------------

namespace {
[[noreturn]] void mismatch(const std::string& kname, const std::string& pname, DType got, DType bound) {
  throw TypeError("Type is mismatched. " + kname + " " + pname + " " + got.name() + " " + bound.name());
}
}  // namespace

DType param_dtype(const ParamInfo& p, const std::map<std::string, DType>& types, const std::string& name) {
  if (!p.generic) return p.dtype;
  auto it = types.find(p.type);
  if (it == types.end())
    throw TypeError("Cannot determine the type of the parameter '" + p.name + "' (" + p.type + ") of " + name);
  return it->second;
}

BoundArgs bind_args(const std::vector<ParamInfo>& in, const std::vector<ParamInfo>& out,
                    const std::vector<KernelArg>& args, const std::string& name) {
  const size_t nin = in.size(), nout = out.size();
  if (args.size() != nin && args.size() != nin + nout) throw TypeError("Wrong number of arguments for " + name);
  BoundArgs b;
  for (const auto& a : args)
    if (a.is_array && !b.backend) b.backend = &a.array.backend();
  if (!b.backend) b.backend = &default_backend();
  for (const auto& a : args)
    if (a.is_array && &a.array.backend() != b.backend)
      throw ValueError("The arguments of " + name + " are on different devices");
  auto bind = [&](const ParamInfo& p, DType dt) {
    auto [it, inserted] = b.types.emplace(p.type, dt);
    if (!inserted && it->second != dt) mismatch(name, p.name, dt, it->second);
  };
  // Arrays decide generic types first (inputs, then given outputs), then typed scalars, then
  // Python scalars (NumPy's default dtype for them).
  for (size_t i = 0; i < nin; ++i)
    if (in[i].generic && args[i].is_array) bind(in[i], args[i].array.dtype());
  for (size_t i = nin; i < args.size(); ++i) {
    if (!args[i].is_array)
      throw TypeError("The output argument '" + out[i - nin].name + "' of " + name + " must be an array");
    if (out[i - nin].generic) bind(out[i - nin], args[i].array.dtype());
  }
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < nin; ++i)
      if (in[i].generic && !args[i].is_array && args[i].weak == (pass == 1) && !b.types.count(in[i].type))
        b.types.emplace(in[i].type, args[i].scalar.dtype);
  for (size_t i = 0; i < nin; ++i) {
    DType pt = param_dtype(in[i], b.types, name);
    KernelArg a = args[i];
    if (a.is_array) {
      if (a.array.dtype() != pt) a.array = astype(a.array, pt);
    } else {
      a.scalar = a.scalar.cast(pt);
    }
    b.ins.push_back(std::move(a));
  }
  for (size_t i = nin; i < args.size(); ++i) {
    DType pt = param_dtype(out[i - nin], b.types, name);
    if (args[i].array.dtype() != pt) mismatch(name, out[i - nin].name, args[i].array.dtype(), pt);
    b.outs.push_back(args[i].array);
  }
  return b;
}

std::string typedefs(const std::map<std::string, DType>& types) {
  std::string s;
  for (const auto& [n, dt] : types) s += "typedef " + ctype_name(dt) + " " + n + ";\n";
  return s;
}

std::string host_entry_source(const std::string& name, const std::vector<std::string>& param_types) {
  std::string s = "#if !defined(__CUDACC__)\nextern \"C\" void " + name + "_host_entry(void** a) {\n  " + name + "(";
  for (size_t i = 0; i < param_types.size(); ++i)
    s += std::string(i ? ", " : "") + "*reinterpret_cast<" + param_types[i] + "*>(a[" + std::to_string(i) + "])";
  return s + ");\n}\n#endif\n";
}

}  // namespace cupric::jit
