// ReductionKernel: CuPy's user-defined reductions (include/cupric/jit/kernels.hpp).
//
// Note [Generated reductions]
// The non-raw inputs are broadcast together and seen with the kept axes first and the reduced axes
// last; the output has the kept axes (1s for keepdims). Each output element is reduced by one CUDA
// block (threads stride over the reduced elements, then a shared-memory tree) or by one serial loop on
// the host. map_expr, reduce_expr (with `a`, `b`) and post_map_expr (with `a` and the output names) are
// macros as in CuPy, so parameter names never clash with `a`/`b`. `_type_reduce` is reduce_type (the
// output's type when not given). Without an identity the first mapped value starts the reduction and
// an empty reduction raises ValueError, as NumPy does.
#include <algorithm>
#include <mutex>
#include <unordered_map>
#include "cupric/ops/manipulation.hpp"
#include "jit/codegen.hpp"

namespace cupric {

using jit::ParamInfo;

struct ReductionKernel::Impl {
  std::vector<ParamInfo> in, out;
  std::string map_expr, reduce_expr, post_map_expr, identity, name, reduce_type, preamble;
  bool reduce_dims;
  std::vector<std::string> options;
  std::mutex mu;
  std::unordered_map<std::string, std::shared_ptr<jit::CompiledKernel>> compiled;
};

namespace {
// sizeof(reduce_type) when it names a dtype, a generic type or a C arithmetic type; 0 otherwise.
int reduce_type_size(const std::string& t, const std::map<std::string, DType>& types) {
  if (auto it = types.find(t); it != types.end()) return it->second.itemsize;
  static const std::map<std::string, int> c_types = {{"bool", 1},
                                                     {"char", 1},
                                                     {"signed char", 1},
                                                     {"unsigned char", 1},
                                                     {"short", 2},
                                                     {"unsigned short", 2},
                                                     {"int", 4},
                                                     {"unsigned int", 4},
                                                     {"unsigned", 4},
                                                     {"long", 8},
                                                     {"unsigned long", 8},
                                                     {"long long", 8},
                                                     {"unsigned long long", 8},
                                                     {"float", 4},
                                                     {"double", 8},
                                                     {"complex<float>", 8},
                                                     {"complex<double>", 16},
                                                     {"size_t", 8},
                                                     {"ptrdiff_t", 8}};
  if (auto it = c_types.find(t); it != c_types.end()) return it->second;
  try {
    DType dt = dtype_from_string(t);
    if (dt.name() == t) return dt.itemsize;
  } catch (const Error&) {}
  return 0;
}
}  // namespace

ReductionKernel::ReductionKernel(std::string in_params, std::string out_params, std::string map_expr,
                                 std::string reduce_expr, std::string post_map_expr, std::string identity,
                                 std::string name, std::string reduce_type, bool reduce_dims, std::string preamble,
                                 std::vector<std::string> options)
    : impl_(std::make_shared<Impl>()) {
  impl_->in = jit::parse_params(in_params);
  impl_->out = jit::parse_params(out_params);
  if (impl_->out.empty()) throw ValueError("ReductionKernel needs an output parameter");
  for (const auto& o : impl_->out)
    if (o.raw) throw NotImplementedError("raw output parameters of ReductionKernel are not supported");
  impl_->map_expr = std::move(map_expr);
  impl_->reduce_expr = std::move(reduce_expr);
  impl_->post_map_expr = std::move(post_map_expr);
  impl_->identity = std::move(identity);
  jit::check_kernel_name(name);
  impl_->name = std::move(name);
  impl_->reduce_type = std::move(reduce_type);
  impl_->reduce_dims = reduce_dims;
  impl_->preamble = std::move(preamble);
  impl_->options = std::move(options);
}

const std::vector<ParamInfo>& ReductionKernel::in_params() const { return impl_->in; }
const std::vector<ParamInfo>& ReductionKernel::out_params() const { return impl_->out; }
const std::string& ReductionKernel::name() const { return impl_->name; }

ndarray ReductionKernel::operator()(const std::vector<KernelArg>& args, std::optional<std::vector<int64_t>> axis,
                                    bool keepdims, int block_size) const {
  return run(args, std::move(axis), keepdims, block_size, nullptr);
}

std::string ReductionKernel::generated_source(const std::vector<KernelArg>& args,
                                              std::optional<std::vector<int64_t>> axis, bool keepdims) const {
  std::string src;
  run(args, std::move(axis), keepdims, 0, &src);
  return src;
}

ndarray ReductionKernel::run(const std::vector<KernelArg>& args, std::optional<std::vector<int64_t>> axis,
                             bool keepdims, int block_size, std::string* source_only) const {
  Impl& k = *impl_;
  jit::BoundArgs b = jit::bind_args(k.in, k.out, args, k.name);
  const size_t nin = k.in.size(), nout = k.out.size();
  std::vector<Dims> shapes;
  for (size_t i = 0; i < nin; ++i)
    if (b.ins[i].is_array && !k.in[i].raw) shapes.push_back(b.ins[i].array.shape());
  if (shapes.empty()) throw ValueError(k.name + ": a reduction needs at least one non-raw array argument");
  const Dims full = broadcast_shapes(shapes);
  const int ndim = static_cast<int>(full.size());
  std::vector<bool> reduced(static_cast<size_t>(ndim), !axis.has_value());
  if (axis)
    for (int64_t ax : *axis) {
      int a = normalize_axis(ax, ndim);
      if (reduced[static_cast<size_t>(a)]) throw ValueError("duplicate value in 'axis'");
      reduced[static_cast<size_t>(a)] = true;
    }
  std::vector<int64_t> perm;
  Dims out_shape, kept_shape, red_shape;
  for (int d = 0; d < ndim; ++d)
    if (!reduced[static_cast<size_t>(d)]) {
      perm.push_back(d);
      kept_shape.push_back(full[static_cast<size_t>(d)]);
    }
  for (int d = 0; d < ndim; ++d)
    if (reduced[static_cast<size_t>(d)]) {
      perm.push_back(d);
      red_shape.push_back(full[static_cast<size_t>(d)]);
    }
  for (int d = 0; d < ndim; ++d)
    if (!reduced[static_cast<size_t>(d)])
      out_shape.push_back(full[static_cast<size_t>(d)]);
    else if (keepdims)
      out_shape.push_back(1);
  int64_t red_size = 1, out_size = 1;
  for (size_t d = 0; d < red_shape.size(); ++d) red_size *= red_shape[d];
  for (size_t d = 0; d < kept_shape.size(); ++d) out_size *= kept_shape[d];
  if (red_size == 0 && k.identity.empty() && out_size > 0)
    throw ValueError("zero-size array to reduction operation " + k.name + " which has no identity");

  std::vector<ndarray> outs = b.outs;
  for (size_t i = 0; i < outs.size(); ++i)
    if (outs[i].shape() != out_shape)
      throw ValueError("Out shape is mismatched: " + shape_str(outs[i].shape()) + " for " + shape_str(out_shape));
  if (outs.empty())
    for (size_t i = 0; i < nout; ++i)
      outs.push_back(ndarray::empty(out_shape, jit::param_dtype(k.out[i], b.types, k.name), Order::C, b.backend));

  // Inputs as (kept..., reduced...) views; outputs as (kept...) views.
  std::vector<ndarray> in_views(nin);
  for (size_t i = 0; i < nin; ++i)
    if (b.ins[i].is_array && !k.in[i].raw) in_views[i] = transpose(broadcast_to(b.ins[i].array, full), perm);
  std::vector<ndarray> out_views;
  for (auto& o : outs) {  // the kept axes of each output (keepdims' extent-1 axes dropped), a view
    Dims st;
    for (int d = 0, od = 0; d < ndim; ++d) {
      bool kept = !reduced[static_cast<size_t>(d)];
      if (kept) st.push_back(o.strides()[static_cast<size_t>(od)]);
      if (kept || keepdims) ++od;
    }
    out_views.push_back(o.view(kept_shape, st));
  }
  const int ond = static_cast<int>(kept_shape.size()), rnd = static_cast<int>(red_shape.size());
  const int nd = ond + rnd;

  std::string reduce_type = k.reduce_type.empty() ? jit::ctype_name(outs[0].dtype()) : k.reduce_type;
  std::string key = std::to_string(ond) + "," + std::to_string(rnd);
  for (size_t i = 0; i < nin; ++i) {
    const auto& a = b.ins[i];
    key += "|" + std::to_string(static_cast<int>(a.is_array ? a.array.dtype().type : a.scalar.dtype.type)) +
           (a.is_array ? (k.in[i].raw ? "r" + std::to_string(a.array.ndim()) : "a") : "s");
  }
  for (auto& o : outs) key += "|" + std::to_string(static_cast<int>(o.dtype().type));
  for (const auto& [n, dt] : b.types) key += "|" + n + "=" + std::to_string(static_cast<int>(dt.type));
  if (b.backend->type() == DeviceType::Cuda) key += "|dev" + std::to_string(b.backend->current_device());

  std::shared_ptr<jit::CompiledKernel> ck;
  {
    std::lock_guard<std::mutex> lk(k.mu);
    if (auto it = k.compiled.find(key); it != k.compiled.end()) ck = it->second;
  }
  if (!ck || source_only) {
    std::vector<std::string> ptypes, pnames;
    std::string in_decls, out_decls, writes;
    const std::string nds = std::to_string(nd > 0 ? nd : 0), onds = std::to_string(ond), rnds = std::to_string(rnd);
    for (size_t i = 0; i < nin; ++i) {
      const auto& a = b.ins[i];
      std::string ct = jit::ctype_name(a.is_array ? a.array.dtype() : a.scalar.dtype);
      if (!a.is_array) {
        ptypes.push_back(ct);
        pnames.push_back(k.in[i].name);
      } else if (k.in[i].raw) {
        ptypes.push_back("CArray<" + ct + ", " + std::to_string(a.array.ndim()) + ">");
        pnames.push_back(k.in[i].name);
      } else {
        ptypes.push_back("CArray<" + ct + ", " + nds + ">");
        pnames.push_back("_raw_" + k.in[i].name);
        in_decls += "      const " + ct + " " + k.in[i].name + " = _raw_" + k.in[i].name + "[_idx];\n";
      }
    }
    for (size_t i = 0; i < nout; ++i) {
      std::string ct = jit::ctype_name(outs[i].dtype());
      ptypes.push_back("CArray<" + ct + ", " + onds + ">");
      pnames.push_back("_raw_" + k.out[i].name);
      if (jit::is_half(outs[i].dtype())) {
        out_decls += "      float " + k.out[i].name + " = 0.0f;\n";
        writes += "      _raw_" + k.out[i].name + "[_out_ind.get()] = " + ct + "(" + k.out[i].name + ");\n";
      } else {
        out_decls += "      " + ct + "& " + k.out[i].name + " = _raw_" + k.out[i].name + "[_out_ind.get()];\n";
      }
    }
    ptypes.push_back("CIndexer<" + onds + ">");
    pnames.push_back("_out_ind");
    ptypes.push_back("CIndexer<" + rnds + ">");
    pnames.push_back("_red_ind");
    // Note [Split reductions]: few outputs over many elements run in two phases (below).
    ptypes.push_back("_type_reduce*");
    pnames.push_back("_partial");
    ptypes.push_back("unsigned char*");
    pnames.push_back("_pvalid");
    ptypes.push_back("long long");
    pnames.push_back("_chunks");
    ptypes.push_back("int");
    pnames.push_back("_phase");
    std::string params;
    for (size_t i = 0; i < ptypes.size(); ++i) params += (i ? ", " : "") + ptypes[i] + " " + pnames[i];
    const bool has_id = !k.identity.empty();
    std::string init = has_id ? "_type_reduce _acc = _type_reduce(" + k.identity + "); bool _valid = true;"
                              : "_type_reduce _acc{}; bool _valid = false;";
    std::string body =
        "#include <cupric/jit/device.hpp>\n" + jit::typedefs(b.types) + k.preamble + "\n" + "typedef " + reduce_type +
        " _type_reduce;\n"
        "#define CUPRIC_REDUCE(a, b) (" +
        k.reduce_expr +
        ")\n"
        "#define CUPRIC_POST_MAP(a) (" +
        k.post_map_expr +
        ")\n"
        "#define CUPRIC_MAP_EXPR (" +
        k.map_expr +
        ")\n"
        "CUPRIC_JIT_GLOBAL void " +
        k.name + "(" + params +
        ") {\n"
        "  long long _idx[" +
        std::to_string(nd > 0 ? nd : 1) +
        "];\n"
        "  (void)_idx;\n"
        "#if defined(__CUDACC__)\n"
        "  __shared__ __align__(16) unsigned char _smem_raw[512 * sizeof(_type_reduce)];\n"
        "  __shared__ bool _smem_valid[512];\n"
        "  _type_reduce* _smem = reinterpret_cast<_type_reduce*>(_smem_raw);\n"
        "  const long long _nblk = _phase == 1 ? _out_ind.size() * _chunks : _out_ind.size();\n"
        "  for (long long _blk = blockIdx.x; _blk < _nblk; _blk += gridDim.x) {\n"
        "    const long long _o = _phase == 1 ? _blk / _chunks : _blk;\n"
        "    const long long _c = _phase == 1 ? _blk - _o * _chunks : 0;\n"
        "    _out_ind.set(_o);\n"
        "    " +
        init +
        "\n"
        "    if (_phase == 2) {\n"
        "      for (long long _j = threadIdx.x; _j < _chunks; _j += blockDim.x) {\n"
        "        if (!_pvalid[_o * _chunks + _j]) continue;\n"
        "        _type_reduce _m = _partial[_o * _chunks + _j];\n"
        "        if (_valid) { _acc = CUPRIC_REDUCE(_acc, _m); } else { _acc = _m; _valid = true; }\n"
        "      }\n"
        "    }\n"
        "    const long long _len = _phase == 1 ? (_red_ind.size() + _chunks - 1) / _chunks : _red_ind.size();\n"
        "    const long long _hi = _phase == 2 ? 0 : (_c + 1) * _len < _red_ind.size() ? (_c + 1) * _len : "
        "_red_ind.size();\n"
        "    for (long long _j = _c * _len + threadIdx.x; _j < _hi; _j += blockDim.x) {\n"
        "#else\n"
        "  for (long long _o = 0; _o < _out_ind.size(); ++_o) {\n"
        "    _out_ind.set(_o);\n"
        "    " +
        init +
        "\n"
        "    for (long long _j = 0; _j < _red_ind.size(); ++_j) {\n"
        "#endif\n"
        "      _red_ind.set(_j);\n"
        "      for (int _k = 0; _k < " +
        onds +
        "; ++_k) _idx[_k] = _out_ind.get()[_k];\n"
        "      for (int _k = 0; _k < " +
        rnds + "; ++_k) _idx[" + onds + " + _k] = _red_ind.get()[_k];\n" + in_decls +
        "      _type_reduce _m = static_cast<_type_reduce>(CUPRIC_MAP_EXPR);\n"
        "      if (_valid) { _acc = CUPRIC_REDUCE(_acc, _m); } else { _acc = _m; _valid = true; }\n"
        "    }\n"
        "#if defined(__CUDACC__)\n"
        "    const unsigned _t = threadIdx.x;\n"
        "    _smem[_t] = _acc; _smem_valid[_t] = _valid;\n"
        "    __syncthreads();\n"
        "    for (unsigned _s = blockDim.x / 2; _s > 0; _s >>= 1) {\n"
        "      if (_t < _s && _smem_valid[_t + _s]) {\n"
        "        if (_smem_valid[_t]) { _smem[_t] = CUPRIC_REDUCE(_smem[_t], _smem[_t + _s]); }\n"
        "        else { _smem[_t] = _smem[_t + _s]; _smem_valid[_t] = true; }\n"
        "      }\n"
        "      __syncthreads();\n"
        "    }\n"
        "    if (_t == 0 && _phase == 1) {\n"
        "      _partial[_blk] = _smem[0];\n"
        "      _pvalid[_blk] = _smem_valid[0];\n"
        "    } else if (_t == 0) {\n"
        "      _acc = _smem[0];\n" +
        out_decls + "      CUPRIC_POST_MAP(_acc);\n" + writes +
        "    }\n"
        "    __syncthreads();\n"
        "#else\n"
        "    {\n" +
        out_decls + "      CUPRIC_POST_MAP(_acc);\n" + writes +
        "    }\n"
        "#endif\n"
        "  }\n"
        "}\n" +
        jit::host_entry_source(k.name, ptypes);
    if (source_only) {
      *source_only = body;
      return outs[0];
    }
    ck = jit::compile_generated(body, k.name, k.options, *b.backend);
    std::lock_guard<std::mutex> lk(k.mu);
    k.compiled.emplace(key, ck);
  }
  if (out_size == 0) return outs[0];
  jit::ArgPack pack;
  jit::add_inputs(pack, b.ins, k.in, [&](size_t i) { pack.add_array(in_views[i]); });
  for (auto& o : out_views) pack.add_array(o);
  pack.add_indexer(kept_shape);
  pack.add_indexer(red_shape);
  int bs = block_size > 0 ? block_size : 256;
  int p2 = 1;
  while (p2 * 2 <= bs && p2 < 512) p2 *= 2;
  // Note [Split reductions]
  // One block per output leaves the GPU idle when there are few outputs (a full reduction is one
  // block). Then phase 1 gives each output `chunks` blocks, each writing a partial (and whether it
  // saw any element) to a temporary, and phase 2 reduces the partials of each output with one block
  // and applies post_map. The partials need sizeof(_type_reduce) on the host, known when the reduce
  // type is a dtype or C arithmetic type name (else the single pass runs).
  int64_t chunks = 1;
  int rsize = reduce_type_size(reduce_type, b.types);
  if (b.backend->type() == DeviceType::Cuda && rsize > 0 && out_size < 1024 && red_size >= 8 * p2) {
    const int64_t want_blocks = 2048;
    chunks = std::max<int64_t>(1, std::min<int64_t>((want_blocks + out_size - 1) / out_size, red_size / (4 * p2)));
  }
  if (chunks == 1) {
    pack.add_scalar(Scalar::of<int64_t>(0));  // _partial
    pack.add_scalar(Scalar::of<int64_t>(0));  // _pvalid
    pack.add_scalar(Scalar::of<int64_t>(1));  // _chunks
    pack.add_scalar(Scalar::of<int32_t>(0));  // _phase
    jit::launch_generated(*ck, pack, out_size, p2, *b.backend, std::min<int64_t>(out_size, 65535LL * 32));
    return outs[0];
  }
  const int64_t n_part = out_size * chunks;
  ndarray partial = ndarray::empty(Dims{n_part * rsize}, dtypes::uint8, Order::C, b.backend);
  ndarray pvalid = ndarray::empty(Dims{n_part}, dtypes::uint8, Order::C, b.backend);
  pack.add_scalar(Scalar::of<int64_t>(static_cast<int64_t>(partial.data_ptr())));
  pack.add_scalar(Scalar::of<int64_t>(static_cast<int64_t>(pvalid.data_ptr())));
  pack.add_scalar(Scalar::of<int64_t>(chunks));
  jit::ArgPack pack2 = pack;
  pack.add_scalar(Scalar::of<int32_t>(1));
  jit::launch_generated(*ck, pack, n_part, p2, *b.backend, std::min<int64_t>(n_part, 65535LL * 32));
  pack2.add_scalar(Scalar::of<int32_t>(2));
  jit::launch_generated(*ck, pack2, out_size, p2, *b.backend, std::min<int64_t>(out_size, 65535LL * 32));
  return outs[0];  // `partial` and `pvalid` go back to the pool stream-ordered
}

}  // namespace cupric
