// Storage of the op table. Tables indexed by dtype are plain arrays, constant-initialised, so
// registrations from other translation units' static initialisers are safe in any order.
#include "kernels/op_table.hpp"
#include <map>
#include <memory>
#include <mutex>

namespace cupric {
namespace {
LoopPair g_cast[kNumNumericTypes][kNumNumericTypes];
LoopPair g_fill[kNumNumericTypes];
LoopPair g_bytes_copy;

std::mutex& ops_mutex() { static std::mutex m; return m; }
std::map<std::string, std::unique_ptr<OpDef>>& ops() {
  static auto* m = new std::map<std::string, std::unique_ptr<OpDef>>();
  return *m;
}
void set(LoopPair& p, LoopBackend b, LoopFn fn) { (b == LoopBackend::Host ? p.host : p.cuda) = fn; }
}  // namespace

LoopPair& cast_loops(ScalarType from, ScalarType to) { return g_cast[static_cast<int>(from)][static_cast<int>(to)]; }
LoopPair& fill_loops(ScalarType t) { return g_fill[static_cast<int>(t)]; }
LoopPair& bytes_copy_loops() { return g_bytes_copy; }

void register_cast_loop(LoopBackend b, ScalarType from, ScalarType to, LoopFn fn) { set(cast_loops(from, to), b, fn); }
void register_fill_loop(LoopBackend b, ScalarType t, LoopFn fn) { set(fill_loops(t), b, fn); }

OpDef& op_def(const std::string& name, int nin, int nout) {
  std::lock_guard<std::mutex> lk(ops_mutex());
  auto& slot = ops()[name];
  if (!slot) {
    slot = std::make_unique<OpDef>();
    slot->name = name;
    slot->nin = nin;
    slot->nout = nout;
  }
  return *slot;
}

const OpDef* find_op(const std::string& name) {
  std::lock_guard<std::mutex> lk(ops_mutex());
  auto it = ops().find(name);
  return it == ops().end() ? nullptr : it->second.get();
}

void register_loop(LoopBackend b, const char* op, int nin, int nout, const ScalarType* types, LoopFn fn) {
  OpDef& def = op_def(op, nin, nout);
  std::lock_guard<std::mutex> lk(ops_mutex());
  for (auto& l : def.loops) {
    if (std::equal(types, types + nin + nout, l.types)) {
      set(l.fns, b, fn);
      return;
    }
  }
  TypedLoop l{};
  std::copy(types, types + nin + nout, l.types);
  set(l.fns, b, fn);
  def.loops.push_back(l);
}

}  // namespace cupric
