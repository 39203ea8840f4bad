// Generator's draws that fill an array from the streams: random (uniform floats), raw words,
// bounded integers and the registry's distributions (Note [Random streams], Note [Random registry]).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <limits>
#include <string>
#include "cupric/error.hpp"
#include "cupric/ops/copy.hpp"
#include "cupric/ops/creation.hpp"
#include "cupric/ops/manipulation.hpp"
#include "cupric/random.hpp"
#include "engine/elementwise/elementwise_engine.hpp"
#include "random/block_draws.hpp"
#include "random/draw_kernels.hpp"
#include "random/inversion_table.hpp"
#include "random/jump_tables.hpp"
#include "random/param_checks.hpp"
#include "random/scalar_draws.hpp"
#include "random/xorwow_chunks.hpp"
#include "int128_text.hpp"

namespace cupric::random {

namespace {

std::string dtype_repr(DType dt) { return "dtype('" + dt.name() + "')"; }

void run_loop(const LoopPair& loop, const ndarray* ops, int nin, const void* state) {
  run_elementwise(loop, ops, 1, nin, state);
}

// The range of values of an integer (or bool) dtype.
void dtype_bounds(DType dt, __int128& lo, __int128& hi) {
  if (dt.is_bool()) {
    lo = 0;
    hi = 1;
  } else if (dt.is_unsigned_int()) {
    lo = 0;
    hi = (static_cast<__int128>(1) << (8 * dt.itemsize)) - 1;
  } else {
    hi = (static_cast<__int128>(1) << (8 * dt.itemsize - 1)) - 1;
    lo = -hi - 1;
  }
}

// The draw's shape: size when given (the parameters must broadcast to it), else the parameters'
// broadcast shape; NumPy's message names the first two arguments that do not broadcast (size is
// argument 0 when given).
Dims output_shape(const std::vector<Dims>& shapes, const std::optional<Dims>& size) {
  std::vector<Dims> args;
  if (size) args.push_back(*size);
  args.insert(args.end(), shapes.begin(), shapes.end());
  if (args.empty()) return Dims{};
  auto broadcasts = [](const Dims& a, const Dims& b) {
    try {
      broadcast_shapes(a, b);
      return true;
    } catch (const std::exception&) { return false; }
  };
  Dims acc = args[0];
  for (size_t j = 1; j < args.size(); ++j) {
    if (broadcasts(acc, args[j])) {
      acc = broadcast_shapes(acc, args[j]);
      continue;
    }
    size_t i = 0;
    while (i < j && broadcasts(args[i], args[j])) ++i;
    throw ValueError("shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg " +
                     std::to_string(i) + " with shape " + shape_str(args[i]) + " and arg " + std::to_string(j) +
                     " with shape " + shape_str(args[j]) + ".");
  }
  if (size && acc != *size)
    throw ValueError(
        "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between the "
        "parameters' shape " +
        shape_str(acc) + " and size " + shape_str(*size) + ".");
  return acc;
}

// XORWOW on a GPU: the 1-word-per-element draw `kind` of words [offset, offset + words) straight
// into `out` (Note [XORWOW lane chunks] in src/random/xorwow_chunks.hpp); false where it does not
// apply (the host backend and the other generators keep the lane loop).
bool xorwow_chunked(const GeneratorState& st, RawKind kind, const ndarray& out, uint64_t offset, uint64_t words) {
  if (st.kind != BitGenKind::XORWOW || out.backend().type() == DeviceType::Host) return false;
  const LoopPair& loop = raw_loops(kind, out.dtype().type);
  if (!loop.cuda) return false;
  Backend& backend = out.backend();
  XorwowChunkDraw d{plan_xorwow_chunks(st.seed, offset, words), xorwow_warp_table_for(backend), nullptr};
  ndarray states = ndarray::empty(Dims{6 * d.plan.states()}, dtypes::uint32, Order::C, &backend);
  d.states = reinterpret_cast<uint32_t*>(states.data());
  run_loop(loop, &out, 0, &d);
  return true;
}

}  // namespace

const char* bit_generator_name(BitGenKind k) {
  switch (k) {
    case BitGenKind::XORWOW: return "XORWOW";
    case BitGenKind::MRG32k3a: return "MRG32k3a";
    default: return "Philox4x3210";
  }
}

StreamKey Generator::next_substream_key() {
  StreamKey k{state_.seed, state_.offset, state_.calls, state_.kind};
  ++state_.calls;
  return k;
}

StreamKey Generator::next_raw_key(uint64_t words) {
  StreamKey k{state_.seed, state_.offset, state_.calls, state_.kind};
  state_.offset += words;
  return k;
}

ndarray Generator::raw_words(uint64_t offset, uint64_t words, Backend& backend) {
  ndarray buf = ndarray::empty(Dims{static_cast<int64_t>(words)}, dtypes::uint32, Order::C, &backend);
  if (xorwow_chunked(state_, RawKind::XorwowBits, buf, offset, words)) return buf;
  const int64_t lanes = state_.kind == BitGenKind::XORWOW ? kXorwowLanes : kMrgLanes;
  ndarray index =
      ndarray::empty(Dims{std::min<int64_t>(static_cast<int64_t>(words), lanes)}, dtypes::uint8, Order::C, &backend);
  LanesF f{reinterpret_cast<uint32_t*>(buf.data()),
           jump_table_for(state_.kind, backend),
           state_.seed,
           offset,
           words,
           state_.kind};
  run_loop(raw_loops(RawKind::Lanes, ScalarType::UInt8), &index, 0, &f);
  return buf;
}

ndarray Generator::random(const Dims& size, DType dtype) {
  if (dtype != dtypes::float32 && dtype != dtypes::float64)
    throw TypeError("Unsupported dtype " + dtype_repr(dtype) + " for random");
  ndarray out = ndarray::empty(size, dtype);
  const uint64_t words = static_cast<uint64_t>(out.size()) * (dtype == dtypes::float64 ? 2 : 1);
  StreamKey k = next_raw_key(words);
  if (out.size() == 0) return out;
  if (k.kind == BitGenKind::Philox4x3210) {
    PhiloxWords src{k.seed, k.offset};
    run_loop(raw_loops(RawKind::UniformPhilox, dtype.type), &out, 0, &src);
  } else if (dtype == dtypes::float32 && xorwow_chunked(state_, RawKind::XorwowUniform, out, k.offset, words)) {
    return out;
  } else {
    ndarray buf = raw_words(k.offset, words, out.backend());
    BufferWords src{reinterpret_cast<const uint32_t*>(buf.data())};
    run_loop(raw_loops(RawKind::UniformBuffer, dtype.type), &out, 0, &src);
  }
  return out;
}

ndarray Generator::random_curand(const Dims& size, DType dtype) {
  if (dtype != dtypes::float32 || state_.kind == BitGenKind::MRG32k3a) return random(size, dtype);
  ndarray out = ndarray::empty(size, dtype);
  const uint64_t words = static_cast<uint64_t>(out.size());
  StreamKey k = next_raw_key(words);
  if (out.size() == 0) return out;
  if (k.kind == BitGenKind::Philox4x3210) {
    PhiloxWords src{k.seed, k.offset};
    run_loop(raw_loops(RawKind::CurandUniformPhilox, dtype.type), &out, 0, &src);
  } else if (xorwow_chunked(state_, RawKind::XorwowCurandUniform, out, k.offset, words)) {
    return out;
  } else {
    ndarray buf = raw_words(k.offset, words, out.backend());
    BufferWords src{reinterpret_cast<const uint32_t*>(buf.data())};
    run_loop(raw_loops(RawKind::CurandUniformBuffer, dtype.type), &out, 0, &src);
  }
  return out;
}

ndarray Generator::raw(const Dims& size, DType dtype) {
  if (dtype != dtypes::uint32 && dtype != dtypes::uint64)
    throw TypeError("Unsupported dtype " + dtype_repr(dtype) + " for raw words (uint32 or uint64)");
  ndarray out = ndarray::empty(size, dtype);
  const uint64_t words = static_cast<uint64_t>(out.size()) * (dtype == dtypes::uint64 ? 2 : 1);
  StreamKey k = next_raw_key(words);
  if (out.size() == 0) return out;
  if (k.kind == BitGenKind::Philox4x3210) {
    PhiloxWords src{k.seed, k.offset};
    run_loop(raw_loops(RawKind::BitsPhilox, dtype.type), &out, 0, &src);
  } else if (dtype == dtypes::uint32 && xorwow_chunked(state_, RawKind::XorwowBits, out, k.offset, words)) {
    return out;
  } else {
    ndarray buf = raw_words(k.offset, words, out.backend());
    BufferWords src{reinterpret_cast<const uint32_t*>(buf.data())};
    run_loop(raw_loops(RawKind::BitsBuffer, dtype.type), &out, 0, &src);
  }
  return out;
}

std::vector<uint8_t> Generator::bytes(int64_t count) {
  if (count < 0) throw ValueError("negative dimensions are not allowed");
  ndarray w = raw(Dims{(count + 3) / 4}, dtypes::uint32);
  std::vector<uint32_t> words = to_vector<uint32_t>(w);
  std::vector<uint8_t> out(static_cast<size_t>(count));
  if (count) std::memcpy(out.data(), words.data(), static_cast<size_t>(count));
  return out;
}

ndarray Generator::integers(const IntBound& low, const IntBound& high, const std::optional<Dims>& size, DType dtype,
                            bool endpoint) {
  if (!dtype.is_integer() && !dtype.is_bool())
    throw TypeError("Unsupported dtype " + dtype_repr(dtype) + " for integers");
  __int128 dlo, dhi;
  dtype_bounds(dtype, dlo, dhi);
  const std::string tname = dtype.name();
  // Checks one (low, high) pair and returns (low, inclusive range).
  auto check = [&](__int128 lo, __int128 hi, int64_t& low_out, uint64_t& range_out) {
    __int128 top = endpoint ? hi : hi - 1;
    if (lo < dlo) throw ValueError("low is out of bounds for " + tname);
    if (top > dhi) throw ValueError("high is out of bounds for " + tname);
    if (lo > top) throw ValueError(endpoint ? "low > high" : "low >= high");
    low_out = static_cast<int64_t>(static_cast<uint64_t>(lo));
    range_out = static_cast<uint64_t>(top - lo);
  };
  Backend* backend = nullptr;
  std::vector<Dims> shapes;
  for (const IntBound* b : {&low, &high}) {
    if (b->is_array()) {
      if (!b->array.dtype().is_integer() && !b->array.dtype().is_bool())
        throw TypeError("Unsupported dtype " + dtype_repr(b->array.dtype()) + " for integer bounds");
      shapes.push_back(b->array.shape());
      backend = &b->array.backend();
    }
  }
  Dims shape = output_shape(shapes, size);
  ndarray out = ndarray::empty(shape, dtype, Order::C, backend);
  ndarray ops[3];
  ops[0] = out;
  int64_t scalar_low = 0;
  uint64_t scalar_range = 0;
  const bool philox = state_.kind == BitGenKind::Philox4x3210;
  if (!low.is_array() && !high.is_array()) {
    check(low.value, high.value, scalar_low, scalar_range);
    if (!philox) {  // the Philox block loop takes them in its functor
      Backend& bk = out.backend();
      ops[1] = from_host(&scalar_low, Dims{}, Dims{}, dtypes::int64, &bk);
      ops[2] = from_host(&scalar_range, Dims{}, Dims{}, dtypes::uint64, &bk);
    }
  } else {
    // Array bounds: read on the host to check them (one sync, as NumPy checks before drawing).
    ndarray lo_b =
        broadcast_to(low.is_array() ? low.array : full(Dims{}, Scalar::of<int64_t>(0), dtypes::int64), shape);
    ndarray hi_b =
        broadcast_to(high.is_array() ? high.array : full(Dims{}, Scalar::of<int64_t>(0), dtypes::int64), shape);
    auto as_int128 = [](const ndarray& a) {
      std::vector<__int128> v;
      if (a.dtype() == dtypes::uint64) {
        for (uint64_t x : to_vector<uint64_t>(copy(a, Order::C))) v.push_back(x);
      } else {
        for (int64_t x : to_vector<int64_t>(astype(a, dtypes::int64, Order::C))) v.push_back(x);
      }
      return v;
    };
    std::vector<__int128> lv = as_int128(lo_b), hv = as_int128(hi_b);
    std::vector<int64_t> los(lv.size());
    std::vector<uint64_t> ranges(lv.size());
    for (size_t i = 0; i < lv.size(); ++i) {
      check(low.is_array() ? lv[i] : low.value, high.is_array() ? hv[i] : high.value, los[i], ranges[i]);
    }
    Backend& bk = out.backend();
    ops[1] = from_host(los.data(), shape, c_strides(shape, 8), dtypes::int64, &bk);
    ops[2] = from_host(ranges.data(), shape, c_strides(shape, 8), dtypes::uint64, &bk);
  }
  StreamKey k = next_substream_key();
  if (out.size() == 0) return out;
  if (philox) {  // Note [Philox block draws]
    if (!low.is_array() && !high.is_array()) {
      const IntegerParams prm{scalar_low, scalar_range};
      if (prm.range <= kNarrowRangeMax) {
        IntegerBlockF<int8_t, false> f{k, prm,
                                       integer_reject_below(prm.range)};  // the functor's bytes do not depend on T
        run_loop(raw_loops(RawKind::BlockIntegersNarrow, dtype.type), &out, 0, &f);
      } else {
        IntegerBlockF<int8_t, true> f{k, prm, integer_reject_below(prm.range)};
        run_loop(raw_loops(RawKind::BlockIntegersWide, dtype.type), &out, 0, &f);
      }
    } else {
      run_loop(raw_loops(RawKind::ElemIntegers, dtype.type), ops, 2, &k);
    }
    return out;
  }
  run_loop(raw_loops(RawKind::Integers, dtype.type), ops, 2, &k);
  return out;
}

ndarray Generator::draw(std::string_view name, const std::vector<Param>& params, const std::optional<Dims>& size,
                        std::optional<DType> dtype, bool legacy) {
  DistributionId id;
  if (!find_distribution(name, &id)) throw ValueError("unknown distribution '" + std::string(name) + "'");
  return draw(id, params, size, dtype, legacy);
}

ndarray Generator::draw(DistributionId id, const std::vector<Param>& params, const std::optional<Dims>& size,
                        std::optional<DType> dtype, bool legacy) {
  const DistributionInfo& info = distribution_info(id);
  if (static_cast<int>(params.size()) != info.nparams)
    throw TypeError(std::string(info.name) + "() takes " + std::to_string(info.nparams) + " parameters, got " +
                    std::to_string(params.size()));
  DType dt = dtype.value_or(info.out == OutKind::Float ? dtypes::float64 : dtypes::int64);
  if (info.out == OutKind::Float ? (dt != dtypes::float32 && dt != dtypes::float64) : dt != dtypes::int64)
    throw TypeError("Unsupported dtype " + dtype_repr(dt) + " for " + info.name);
  // Validate (NumPy's messages), then make every parameter a float64 array operand. Scalar
  // parameters are checked here; array ones as the loop reads them (Note [Parameter guard] in
  // src/random/param_guard.hpp), or here when nothing will be drawn.
  std::vector<Dims> shapes;
  Backend* backend = nullptr;
  ndarray ops[1 + kMaxDistParams];
  bool scalars = true;
  for (int i = 0; i < info.nparams; ++i) {
    const Param& p = params[static_cast<size_t>(i)];
    if (p.is_array()) {
      ops[1 + i] = p.array.dtype() == dtypes::float64 ? p.array : astype(p.array, dtypes::float64);
      shapes.push_back(p.array.shape());
      backend = &p.array.backend();
      scalars = false;
    }
  }
  check_integer_params(info.name, params);
  if (scalars) check_distribution_params(info.name, legacy, params);
  Dims shape;
  try {
    shape = output_shape(shapes, size);
  } catch (const ValueError&) {
    check_distribution_params(info.name, legacy, params);  // NumPy checks the values before the shapes
    throw;
  }
  ndarray out = ndarray::empty(shape, dt, Order::C, backend);
  ops[0] = out;
  if (!scalars && out.size() == 0) check_distribution_params(info.name, legacy, params);
  // Philox's block draws (Note [Philox block draws]): scalar parameters go in the functor.
  RawKind block = RawKind::count_, elem = RawKind::count_;
  double bp[kMaxDistParams] = {0.0, 1.0, 0.0};  // every parameter of the law (three at most)
  if (state_.kind == BitGenKind::Philox4x3210) {
    switch (id) {
      case DistributionId::standard_normal:
      case DistributionId::normal: block = RawKind::BlockNormal, elem = RawKind::ElemNormal; break;
      case DistributionId::standard_exponential:
      case DistributionId::exponential:
        block = RawKind::BlockExponential, elem = RawKind::ElemExponential;
        bp[0] = 1.0;
        break;
      case DistributionId::uniform: block = RawKind::BlockUniform, elem = RawKind::ElemUniform; break;
      default: break;
    }
  }
  for (int i = 0; i < info.nparams; ++i) bp[i] = params[static_cast<size_t>(i)].value;
  // Scalar-parameter poisson and binomial: table inversion (Note [Discrete table inversion]).
  InversionDraw inversion;
  if (scalars && out.size() > 0 && inversion.prepare(id, bp)) {
    inversion.run(next_substream_key(), out);
    return out;
  }
  if (block != RawKind::count_ && scalars) {
    StreamKey k = next_substream_key();
    if (out.size() == 0) return out;
    // The functors' bytes: the key then the parameters (ContinuousBlockF's layout for any T).
    NormalBlockF<float> f2{k, {bp[0], bp[1]}};
    ContinuousBlockF<float, ExponentialLaw> f1{k, {bp[0]}};
    const void* state = block == RawKind::BlockExponential ? static_cast<const void*>(&f1) : &f2;
    run_loop(raw_loops(block, dt.type), &out, 0, state);
    return out;
  }
  // Scalar parameters of the other laws: in the functor (Note [Scalar-parameter draws] in src/random/scalar_draws.hpp).
  if (block == RawKind::count_ && scalars && out.size() <= kScalarDrawMax) {
    const LoopPair& loop = scalar_draw_loops(id, dt.type);
    if (!loop.host && !loop.cuda) throw NotImplementedError(std::string("no kernel for ") + info.name);
    ScalarDrawState st{DrawKey::of(next_substream_key()), {bp[0], bp[1], bp[2]}};
    if (out.size() == 0) return out;
    run_loop(loop, &out, 0, &st);
    return out;
  }
  Backend& bk = out.backend();
  for (int i = 0; i < info.nparams; ++i) {
    const Param& p = params[static_cast<size_t>(i)];
    if (!p.is_array()) ops[1 + i] = from_host(&p.value, Dims{}, Dims{}, dtypes::float64, &bk);
  }
  const LoopPair& loop = block != RawKind::count_ ? raw_loops(elem, dt.type) : draw_loops(id, dt.type);
  if (!loop.host && !loop.cuda) throw NotImplementedError(std::string("no kernel for ") + info.name);
  const uint64_t calls = state_.calls;
  StreamKey k = next_substream_key();
  if (out.size() == 0) return out;
  // The word of broken rules (Note [Parameter guard]), zeroed on the draw's backend.
  ParamGuard guard = param_guard(info.name, legacy, params);
  ndarray fails;
  if (guard.count > 0) {
    const uint32_t zero = 0;
    fails = from_host(&zero, Dims{}, Dims{}, dtypes::uint32, &bk);
    guard.fails = reinterpret_cast<uint32_t*>(fails.data());
  }
  if (block != RawKind::count_) {
    const ElemState st{k, guard};
    run_loop(loop, ops, info.nparams, &st);
  } else {
    const DrawState st{DrawKey::of(k), guard};
    run_loop(loop, ops, info.nparams, &st);
  }
  if (guard.count > 0) {
    if (const uint32_t broken = to_vector<uint32_t>(fails)[0]) {
      state_.calls = calls;  // bad input leaves the generator as it was
      raise_broken_rule(info.name, legacy, params, broken);
    }
  }
  return out;
}

ndarray Generator::dirichlet(const std::vector<double>& alpha, const Dims& size, DType dtype, bool legacy) {
  if (dtype != dtypes::float32 && dtype != dtypes::float64)
    throw TypeError("Unsupported dtype " + dtype_repr(dtype) + " for dirichlet");
  const int64_t k = static_cast<int64_t>(alpha.size());
  if (const dist::ParamRule *rule =
          dist::first_failing_rule("dirichlet", legacy ? dist::Api::random_state : dist::Api::generator, true, k,
                                   [&](int64_t i, double* p) { p[0] = alpha[static_cast<size_t>(i)]; }))
    throw ValueError(dist::message(*rule, true));
  Dims shape = size;
  shape.push_back(k);
  ndarray out = ndarray::empty(shape, dtype);
  const StreamKey key = next_substream_key();  // a draw of no values still takes its sub-stream
  if (out.size() == 0) return out;
  double amin = alpha[0], asum = 0;
  for (double a : alpha) {
    amin = std::min(amin, a);
    asum += a;
  }
  if (std::all_of(alpha.begin(), alpha.end(), [](double a) { return a == 0; }))  // Generator's alpha = 0
    return zeros(shape, dtype);
  const double huge = dtype == dtypes::float32 ? std::numeric_limits<float>::max() : std::numeric_limits<double>::max();
  Backend& bk = out.backend();
  const ndarray a = from_host(alpha.data(), Dims{k}, Dims{8}, dtypes::float64, &bk);
  const int64_t item = dtype.itemsize;
  const ndarray last = out.view(size, c_strides(size, k * item), (k - 1) * item);  // column k - 1
  const DirichletRowsState st{DrawKey::of(key), reinterpret_cast<const double*>(a.data()), out.data(), k,
                              !(amin >= 1 && asum < huge / 16)};
  run_loop(raw_loops(RawKind::DirichletRows, dtype.type), &last, 0, &st);
  return out;
}

}  // namespace cupric::random
