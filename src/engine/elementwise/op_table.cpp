// Storage of the op table. Tables indexed by dtype are plain arrays, constant-initialised, so
// registrations from other translation units' static initialisers are safe in any order
// (Note [Dispatch]).
#include "engine/elementwise/op_table.hpp"
#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace cupric {
namespace {
constinit LoopPair g_cast[kNumNumericTypes][kNumNumericTypes];
constinit LoopPair g_fill[kNumNumericTypes];
constinit LoopPair g_bytes_copy;
constinit LoopPair g_where[kNumNumericTypes];

std::mutex& ops_mutex() {
  static std::mutex m;
  return m;
}
std::map<std::string, std::unique_ptr<OpDef>>& ops() {
  static auto* m = new std::map<std::string, std::unique_ptr<OpDef>>();
  return *m;
}
}  // namespace

LoopPair& cast_loops(ScalarType from, ScalarType to) { return g_cast[static_cast<int>(from)][static_cast<int>(to)]; }
LoopPair& fill_loops(ScalarType t) { return g_fill[static_cast<int>(t)]; }
LoopPair& bytes_copy_loops() { return g_bytes_copy; }
LoopPair& where_loops(ScalarType t) { return g_where[static_cast<int>(t)]; }

void register_cast_loop(LoopBackend b, ScalarType from, ScalarType to, LoopFn fn) { cast_loops(from, to).set(b, fn); }
void register_fill_loop(LoopBackend b, ScalarType t, LoopFn fn) { fill_loops(t).set(b, fn); }
void register_where_loop(LoopBackend b, ScalarType t, LoopFn fn) { where_loops(t).set(b, fn); }

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

std::vector<const OpDef*> all_ops() {
  std::lock_guard<std::mutex> lk(ops_mutex());
  std::vector<const OpDef*> r;
  for (auto& [name, def] : ops()) r.push_back(def.get());
  return r;
}

std::vector<const Ufunc*> all_ufuncs() {
  std::vector<const Ufunc*> r;
  for (const OpDef* d : all_ops())
    if (d->is_ufunc()) r.push_back(d);
  return r;
}

size_t Ufunc::ntypes() const { return op_def_of(*this).loops.size(); }

std::vector<std::string> Ufunc::types() const {
  const OpDef& d = op_def_of(*this);
  std::vector<std::string> r;
  for (size_t i = 0; i < d.loops.size(); ++i) r.push_back(d.types_string(i));
  return r;
}

std::string OpDef::types_string(size_t i) const {
  std::string s;
  for (int k = 0; k < nin + nout; ++k) {
    if (k == nin) s += "->";
    s += DType(loops[i].types[k]).char_code();
  }
  return s;
}

namespace {
// Finds or inserts (in dtype order, NumPy's `types` order) the loop with these types.
TypedLoop& loop_slot(OpDef& def, const ScalarType* types) {
  const int n = def.nin + def.nout;
  for (auto& l : def.loops)
    if (std::equal(types, types + n, l.types)) return l;
  TypedLoop l{};
  std::copy(types, types + n, l.types);
  // NumPy's order: by the widest input type, the homogeneous loop before mixed ones ('LL' then
  // 'qQ', 'Qq'), then lexicographically.
  auto key = [&](const ScalarType* t) {
    ScalarType hi = t[0];
    bool mixed = false;
    for (int k = 1; k < def.nin; ++k) {
      hi = std::max(hi, t[k]);
      mixed = mixed || t[k] != t[0];
    }
    return std::make_pair(hi, mixed);
  };
  auto pos = std::find_if(def.loops.begin(), def.loops.end(), [&](const TypedLoop& o) {
    auto a = key(types), b = key(o.types);
    if (a != b) return a < b;
    return std::lexicographical_compare(types, types + n, o.types, o.types + n);
  });
  return *def.loops.insert(pos, l);
}
}  // namespace

void register_loop(LoopBackend b, const char* op, int nin, int nout, const ScalarType* types, LoopFn fn) {
  OpDef& def = op_def(op, nin, nout);
  std::lock_guard<std::mutex> lk(ops_mutex());
  loop_slot(def, types).fns.set(b, fn);
}

void register_ufunc_loop(LoopBackend b, const UfuncInfo& info, const ScalarType* types, LoopFn full, LoopFn bound0,
                         LoopFn bound1) {
  OpDef& def = op_def(info.name, info.nin, info.nout);
  std::lock_guard<std::mutex> lk(ops_mutex());
  def.identity = info.identity;
  def.flags = info.flags;
  if (def.doc.empty()) def.doc = info.doc;
  def.bool_error = info.bool_error;
  def.slot = info.slot;
  def.info = info;
  TypedLoop& l = loop_slot(def, types);
  l.fns.set(b, full);
  if (bound0) l.bound[0].set(b, bound0);
  if (bound1) l.bound[1].set(b, bound1);
}

void register_ufunc_second_output(LoopBackend b, const UfuncInfo& info, const ScalarType* types, LoopFn fn) {
  OpDef& def = op_def(info.name, info.nin, info.nout);
  std::lock_guard<std::mutex> lk(ops_mutex());
  loop_slot(def, types).second.set(b, fn);
}

}  // namespace cupric
