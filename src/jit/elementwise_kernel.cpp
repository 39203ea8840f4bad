// ElementwiseKernel: CuPy's user-defined elementwise kernels (include/cupric/jit/kernels.hpp).
//
// Note [Generated kernels]
// A call binds the generic types from the arguments (codegen.cpp: arrays first, then typed scalars,
// then Python scalars), casts inputs to their parameter's dtype, broadcasts the non-raw arrays to the
// loop shape and merges dimensions every operand walks contiguously (reduce_dims), so the common case
// is a 1-d loop. The specialisation key is (dtypes, loop ndim, raw ndims); each key's source is
// generated once per kernel object and compiled through the cache. The generated source is the same
// for both backends: `CUPRIC_JIT_GLOBAL` makes it a __global__ kernel under NVRTC (grid-stride loop)
// and a static function plus an extern "C" `<name>_host_entry(void**)` on the host. Arguments travel
// as the layouts of CArray / CIndexer in cupric/jit/device.hpp (ArgPack). Non-raw inputs are read
// into `const T x`, non-raw outputs are references `T& y` (the header set's float16/bfloat16 take
// numbers implicitly and have compound assignments, so `y = x * 2` and `y += x` compile).
#include <mutex>
#include <unordered_map>
#include "cupric/ops/manipulation.hpp"
#include "jit/codegen.hpp"

namespace cupric {

using jit::ParamInfo;

struct ElementwiseKernel::Impl {
  std::vector<ParamInfo> in, out;
  std::string operation, name, preamble, loop_prep, after_loop;
  bool reduce_dims, no_return, return_tuple;
  std::vector<std::string> options;
  std::mutex mu;
  std::unordered_map<std::string, std::shared_ptr<jit::CompiledKernel>> compiled;
};

namespace jit {

// Merges adjacent dimensions that every operand walks contiguously (and drops extent-1 ones).
void coalesce(Dims& shape, std::vector<Dims*>& strides) {
  Dims ns;
  std::vector<Dims> nst(strides.size());
  for (size_t k = 0; k < shape.size(); ++k) {
    if (shape[k] == 1) continue;
    bool merge = ns.size() > 0;
    for (size_t o = 0; merge && o < strides.size(); ++o)
      if (nst[o][nst[o].size() - 1] != shape[k] * (*strides[o])[k]) merge = false;
    if (merge) {
      ns[ns.size() - 1] *= shape[k];
      for (size_t o = 0; o < strides.size(); ++o) nst[o][nst[o].size() - 1] = (*strides[o])[k];
    } else {
      ns.push_back(shape[k]);
      for (size_t o = 0; o < strides.size(); ++o) nst[o].push_back((*strides[o])[k]);
    }
  }
  bool empty = false;
  for (size_t k = 0; k < shape.size(); ++k) empty |= shape[k] == 0;
  if (empty) {  // nothing runs; keep one dim of 0
    ns = Dims{0};
    for (auto& s : nst) s = Dims{0};
  }
  shape = ns;
  for (size_t o = 0; o < strides.size(); ++o) *strides[o] = nst[o];
}

}  // namespace jit

ElementwiseKernel::ElementwiseKernel(std::string in_params, std::string out_params, std::string operation,
                                     std::string name, bool reduce_dims, std::string preamble, bool no_return,
                                     bool return_tuple, std::string loop_prep, std::string after_loop,
                                     std::vector<std::string> options)
    : impl_(std::make_shared<Impl>()) {
  impl_->in = jit::parse_params(in_params);
  impl_->out = jit::parse_params(out_params);
  for (const auto& o : impl_->out)
    for (const auto& i : impl_->in)
      if (o.name == i.name) throw ValueError("Duplicate parameter name '" + o.name + "'");
  if (impl_->in.empty() && impl_->out.empty()) throw ValueError("The kernel has no parameters");
  impl_->operation = std::move(operation);
  jit::check_kernel_name(name);
  impl_->name = std::move(name);
  impl_->reduce_dims = reduce_dims;
  impl_->preamble = std::move(preamble);
  impl_->no_return = no_return;
  impl_->return_tuple = return_tuple;
  impl_->loop_prep = std::move(loop_prep);
  impl_->after_loop = std::move(after_loop);
  impl_->options = std::move(options);
}

const std::vector<ParamInfo>& ElementwiseKernel::in_params() const { return impl_->in; }
const std::vector<ParamInfo>& ElementwiseKernel::out_params() const { return impl_->out; }
const std::string& ElementwiseKernel::name() const { return impl_->name; }
bool ElementwiseKernel::no_return() const { return impl_->no_return; }
bool ElementwiseKernel::return_tuple() const { return impl_->return_tuple; }

std::vector<ndarray> ElementwiseKernel::operator()(const std::vector<KernelArg>& args, int64_t size,
                                                   int block_size) const {
  return run(args, size, block_size, nullptr);
}

std::string ElementwiseKernel::generated_source(const std::vector<KernelArg>& args, int64_t size) const {
  std::string src;
  run(args, size, 0, &src);
  return src;
}

std::vector<ndarray> ElementwiseKernel::run(const std::vector<KernelArg>& args, int64_t size, int block_size,
                                            std::string* source_only) const {
  Impl& k = *impl_;
  jit::BoundArgs b = jit::bind_args(k.in, k.out, args, k.name);
  const size_t nin = k.in.size(), nout = k.out.size();
  // Loop shape: broadcast of the non-raw arrays, inputs and given outputs together.
  std::vector<Dims> in_shapes;
  bool any_array = false;
  for (size_t i = 0; i < nin; ++i)
    if (b.ins[i].is_array && !k.in[i].raw) in_shapes.push_back(b.ins[i].array.shape());
  for (size_t i = 0; i < b.outs.size(); ++i) any_array |= !k.out[i].raw;
  any_array |= !in_shapes.empty();
  Dims shape;
  if (size >= 0) {
    if (any_array) throw ValueError("The size must not be given to " + k.name + ": it has non-raw array arguments");
    shape = Dims{size};
  } else if (!any_array) {
    throw ValueError("Loop size is undecided");
  } else {
    // CuPy broadcasts inputs and given outputs together; each output must then have the
    // broadcast shape (an input may not enlarge an output).
    std::vector<Dims> all = in_shapes;
    for (size_t i = 0; i < b.outs.size(); ++i)
      if (!k.out[i].raw) all.push_back(b.outs[i].shape());
    try {
      shape = broadcast_shapes(all);
    } catch (const ValueError&) {
      if (all.size() == in_shapes.size()) throw;
      throw ValueError("Out shape is mismatched");
    }
    for (size_t i = 0; i < b.outs.size(); ++i)
      if (!k.out[i].raw && b.outs[i].shape() != shape) throw ValueError("Out shape is mismatched");
  }
  std::vector<ndarray> outs = b.outs;
  if (outs.empty())
    for (size_t i = 0; i < nout; ++i)
      outs.push_back(ndarray::empty(shape, jit::param_dtype(k.out[i], b.types, k.name), Order::C, b.backend));

  // Layouts: every non-raw array seen through the loop shape, then merged.
  Dims loop = shape;
  std::vector<Dims> strides;
  std::vector<int> slot(nin + nout, -1);
  auto add_view = [&](size_t idx, const ndarray& a) {
    slot[idx] = static_cast<int>(strides.size());
    strides.push_back(broadcast_to(a, shape).strides());
  };
  for (size_t i = 0; i < nin; ++i)
    if (b.ins[i].is_array && !k.in[i].raw) add_view(i, b.ins[i].array);
  for (size_t i = 0; i < nout; ++i)
    if (!k.out[i].raw) add_view(nin + i, outs[i]);
  if (k.reduce_dims) {
    std::vector<Dims*> ptrs;
    for (auto& s : strides) ptrs.push_back(&s);
    jit::coalesce(loop, ptrs);
  }
  const int nd = static_cast<int>(loop.size());

  // Specialisation key and source.
  std::string key = std::to_string(nd);
  auto type_key = [&](size_t idx, DType dt, bool arr, int raw_nd) {
    key += "|" + std::to_string(static_cast<int>(dt.type)) + (arr ? "a" : "s") + std::to_string(raw_nd);
    (void)idx;
  };
  for (size_t i = 0; i < nin; ++i) {
    const auto& a = b.ins[i];
    type_key(i, a.is_array ? a.array.dtype() : a.scalar.dtype, a.is_array,
             k.in[i].raw && a.is_array ? a.array.ndim() : -1);
  }
  for (size_t i = 0; i < nout; ++i) type_key(nin + i, outs[i].dtype(), true, k.out[i].raw ? outs[i].ndim() : -1);
  for (const auto& [n, dt] : b.types) key += "|" + n + "=" + std::to_string(static_cast<int>(dt.type));
  if (b.backend->type() == DeviceType::Cuda) key += "|dev" + std::to_string(b.backend->current_device());

  std::shared_ptr<jit::CompiledKernel> ck;
  {
    std::lock_guard<std::mutex> lk(k.mu);
    auto it = k.compiled.find(key);
    if (it != k.compiled.end()) ck = it->second;
  }
  if (!ck || source_only) {
    std::string params, decls, writes, out_decls, vec_decl, vec_load, vec_bind;
    std::string nds = std::to_string(nd);
    auto sep = [&]() {
      if (!params.empty()) params += ", ";
    };
    auto param = [&](const ParamInfo& p, DType dt, bool is_array, int raw_nd, bool is_out) {
      std::string ct = jit::ctype_name(dt);
      sep();
      if (!is_array) {
        params += ct + " " + p.name;
      } else if (p.raw) {
        params += "CArray<" + ct + ", " + std::to_string(raw_nd) + "> " + p.name;
      } else {
        params += "CArray<" + ct + ", " + nds + "> _raw_" + p.name;
        if (!is_out) {
          decls += "    const " + ct + " " + p.name + " = _raw_" + p.name + "[_ind.get()];\n";
          vec_decl += "    " + ct + " _v_" + p.name + "[4];\n";
          vec_load += "        _v_" + p.name + "[_u] = _raw_" + p.name + "[_e];\n";
          vec_bind += "        const " + ct + " " + p.name + " = _v_" + p.name + "[_u];\n";
        } else {
          out_decls += "    " + ct + "& " + p.name + " = _raw_" + p.name + "[_ind.get()];\n";
        }
      }
    };
    for (size_t i = 0; i < nin; ++i) {
      const auto& a = b.ins[i];
      param(k.in[i], a.is_array ? a.array.dtype() : a.scalar.dtype, a.is_array, a.is_array ? a.array.ndim() : 0, false);
    }
    for (size_t i = 0; i < nout; ++i) param(k.out[i], outs[i].dtype(), true, outs[i].ndim(), true);
    sep();
    params += "CIndexer<" + nds + "> _ind";
    // Note [Unrolled 1-d loops]: on CUDA a 1-d loop gives each thread 4 elements a block apart and
    // loads all their inputs before running the body, so each thread has 4x the loads in flight
    // (what a memory-bound kernel needs to approach the bandwidth; grid = n / (4 * block)).
    std::string cuda_loop =
        nd == 1 ? "  const long long _n = _ind.size();\n"
                  "  for (long long _base = (long long)blockIdx.x * blockDim.x * 4 + threadIdx.x; _base < _n;"
                  " _base += (long long)blockDim.x * gridDim.x * 4) {\n" +
                      vec_decl +
                      "#pragma unroll\n"
                      "    for (int _u = 0; _u < 4; ++_u) {\n"
                      "      const long long _e = _base + _u * (long long)blockDim.x;\n"
                      "      if (_e < _n) {\n" +
                      vec_load +
                      "      }\n"
                      "    }\n"
                      "#pragma unroll\n"
                      "    for (int _u = 0; _u < 4; ++_u) {\n"
                      "      const long long i = _base + _u * (long long)blockDim.x;\n"
                      "      if (i >= _n) break;\n"
                      "      _ind.set(i);\n" +
                      vec_bind + out_decls + "    " + k.operation + ";\n" + writes +
                      "    }\n"
                      "  }\n"
                : "  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < _ind.size();"
                  " i += (long long)blockDim.x * gridDim.x) {\n"
                  "    _ind.set(i);\n" +
                      decls + out_decls + "    " + k.operation + ";\n" + writes + "  }\n";
    std::string src = "#include <cupric/jit/device.hpp>\n" + jit::typedefs(b.types) + k.preamble + "\n" +
                      "CUPRIC_JIT_GLOBAL void " + k.name + "(" + params + ") {\n" + k.loop_prep + ";\n" +
                      "#if defined(__CUDACC__)\n" + cuda_loop +
                      "#else\n"
                      "  for (long long i = 0; i < _ind.size(); ++i) {\n"
                      "    _ind.set(i);\n" +
                      decls + out_decls + "    " + k.operation + ";\n" + writes +
                      "  }\n"
                      "#endif\n" +
                      k.after_loop + ";\n}\n";
    // Host entry: unpacks the argument pointers.
    size_t n_params = nin + nout + 1;
    std::vector<std::string> ptypes;
    {
      // Re-derive each parameter's C++ type from `params` (split at top-level commas).
      int depth = 0;
      std::string cur;
      for (char c : params) {
        if (c == '<') ++depth;
        if (c == '>') --depth;
        if (c == ',' && depth == 0) {
          ptypes.push_back(cur);
          cur.clear();
        } else {
          cur += c;
        }
      }
      ptypes.push_back(cur);
    }
    for (size_t i = 0; i < n_params; ++i) {  // "CArray<float, 2> x" -> "CArray<float, 2>"
      std::string decl = ptypes[i];
      while (!decl.empty() && decl.front() == ' ') decl.erase(0, 1);
      ptypes[i] = decl.substr(0, decl.rfind(' '));
    }
    const std::string entry = jit::host_entry_source(k.name, ptypes);
    if (source_only) {
      *source_only = src + entry;
      return outs;
    }
    ck = jit::compile_generated(src + entry, k.name, k.options, *b.backend);
    std::lock_guard<std::mutex> lk(k.mu);
    k.compiled.emplace(key, ck);
  }

  jit::ArgPack pack;
  jit::add_inputs(pack, b.ins, k.in,
                  [&](size_t i) { pack.add_array(b.ins[i].array, loop, strides[static_cast<size_t>(slot[i])]); });
  for (size_t i = 0; i < nout; ++i) {
    if (k.out[i].raw)
      pack.add_array(outs[i]);
    else
      pack.add_array(outs[i], loop, strides[static_cast<size_t>(slot[nin + i])]);
  }
  pack.add_indexer(loop);
  int64_t n = 1;
  for (size_t d = 0; d < loop.size(); ++d) n *= loop[d];
  // Note [Unrolled 1-d loops]: 4 elements per thread on CUDA.
  int64_t threads = nd == 1 && b.backend->type() == DeviceType::Cuda ? (n + 3) / 4 : n;
  jit::launch_generated(*ck, pack, threads, block_size, *b.backend);
  return outs;
}

}  // namespace cupric
