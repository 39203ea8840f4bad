// The one dtype list (Note [One dtype list] in cupric/dtype_list.hpp) and the one ufunc list
// (Note [One definition per ufunc] in src/kernels/ufunc/ufunc_registry.hpp): what is generated
// from each agrees with the list, row by row.
#include <gtest/gtest.h>
#include <set>
#include <type_traits>
#include <cupric/cupric.hpp>
#include "engine/elementwise/op_table.hpp"

using namespace cupric;

// Note [Table-driven list tests]
// The lists expand to one row per dtype or ufunc; each row is data (names, codes, what the
// type-dependent tables give for the row's C++ type) checked by one loop, not a block of
// EXPECT_* macros per row: gtest's macros expanded ~1,200 times made this the slowest C++ test
// to compile (64 s of a CI build on 2 cores).
struct DTypeRow {
  ScalarType enum_value;
  const char* name;
  char char_code, kind;
  DType constant;
  // What the C++ type's tables say about it.
  ScalarType dtype_of_type;
  int32_t sizeof_type;
  bool numeric_type_matches, visit_matches;
};

template <class T, ScalarType E>
DTypeRow dtype_row(DType constant, const char* name, char char_code, char kind) {
  return {E,
          name,
          char_code,
          kind,
          constant,
          dtype_of<T>::value,
          static_cast<int32_t>(sizeof(T)),
          std::is_same_v<numeric_type_t<static_cast<int>(E)>, T>,
          visit_scalar_type(E, []<class V>() { return std::is_same_v<V, T>; })};
}

TEST(DTypeList, EveryRowGeneratesConsistentTables) {
  const DTypeRow rows[] = {
#define CUPRIC_DTYPE_ROW(E, T, C, N, CH, K) dtype_row<T, ScalarType::E>(dtypes::C, N, CH, K),
      CUPRIC_FORALL_DTYPES(CUPRIC_DTYPE_ROW)
#undef CUPRIC_DTYPE_ROW
  };
  int row = 0;
  for (const DTypeRow& r : rows) {
    SCOPED_TRACE(r.name);
    const DType d(r.enum_value);
    EXPECT_EQ(static_cast<int>(r.enum_value), row);
    EXPECT_EQ(r.dtype_of_type, r.enum_value);
    EXPECT_EQ(r.constant, d);
    EXPECT_EQ(d.itemsize, r.sizeof_type);
    EXPECT_EQ(d.name(), r.name);
    EXPECT_EQ(d.char_code(), r.char_code);
    EXPECT_EQ(d.kind(), r.kind);
    EXPECT_EQ(dtype_from_string(r.name), d);
    EXPECT_EQ(dtype_from_string(std::string(1, r.char_code)), d);
    EXPECT_TRUE(r.numeric_type_matches);
    EXPECT_TRUE(r.visit_matches);
    ++row;
  }
  EXPECT_EQ(row, kNumNumericTypes);
}

TEST(DTypeList, KindAndSizeCodes) {
  // "i4", "c16", ... are derived from each dtype's kind and size (bfloat16 has none; "f2" is float16).
  EXPECT_EQ(dtype_from_string("b1"), dtypes::bool_);
  EXPECT_EQ(dtype_from_string("<i4"), dtypes::int32);
  EXPECT_EQ(dtype_from_string("u8"), dtypes::uint64);
  EXPECT_EQ(dtype_from_string("f2"), dtypes::float16);
  EXPECT_EQ(dtype_from_string("c16"), dtypes::complex128);
  EXPECT_EQ(dtype_from_string("q"), dtypes::int64);
  EXPECT_THROW(dtype_from_string("f3"), ValueError);
  EXPECT_THROW(dtype_from_string("i16"), ValueError);
}

struct UfuncRow {
  const char* name;    // for an alias row: the alias
  const char* target;  // for an alias row: the ufunc it names; null for a ufunc row
  int nin, nout;
};

TEST(UfuncList, EveryRowIsRegisteredWithItsArity) {
  const UfuncRow rows[] = {
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT) {#NAME, nullptr, NIN, NOUT},
#define CUPRIC_UFUNC_HIDDEN CUPRIC_UFUNC
#define CUPRIC_UFUNC_ALIAS(ALIAS, NAME, NIN, NOUT) {#ALIAS, #NAME, NIN, NOUT},
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC
  };
  std::set<std::string> names;
  for (const UfuncRow& r : rows) {
    SCOPED_TRACE(r.name);
    if (r.target) {  // an alias
      EXPECT_EQ(find_ufunc(r.name), find_ufunc(r.target));
      EXPECT_EQ(find_op(r.name), nullptr) << " is its own op";
      ASSERT_NE(find_ufunc(r.target), nullptr);
      EXPECT_EQ(find_ufunc(r.target)->nin, r.nin);
      continue;
    }
    const Ufunc* u = find_ufunc(r.name);
    ASSERT_NE(u, nullptr);
    const OpDef* d = &op_def_of(*u);
    EXPECT_EQ(d->name, r.name);
    EXPECT_EQ(d->info.name, d->name);
    EXPECT_EQ(d->nin, r.nin);
    EXPECT_EQ(d->nout, r.nout);
    EXPECT_FALSE(d->loops.empty());
    EXPECT_EQ(u->ntypes(), d->loops.size());
    EXPECT_EQ(u->slot, d->info.slot);
    EXPECT_FALSE(d->doc.empty());
    EXPECT_TRUE(names.insert(r.name).second) << " listed twice";
  }
  // The aliases the C++ API and the Python module see are the list's.
  size_t n_alias = 0;
  for (const UfuncAlias* a = ufunc_aliases(); a->alias; ++a, ++n_alias) EXPECT_NE(find_ufunc(a->alias), nullptr);
  EXPECT_EQ(n_alias, 5u);
  // Every op with ufunc metadata comes from a row of the list.
  for (const OpDef* d : all_ops())
    if (d->info.name) EXPECT_TRUE(names.count(d->name)) << d->name << " is registered but not in ufunc_list.inc";
}

TEST(UfuncList, OperatorSlotsAreEachImplementedOnce) {
  std::set<OperatorSlot> seen;
  for (const OpDef* d : all_ops()) {
    if (d->info.slot == OperatorSlot::None) continue;
    EXPECT_TRUE(seen.insert(d->info.slot).second) << d->name << " claims a slot already taken";
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(OperatorSlot::Count) - 1);
  EXPECT_EQ(find_ufunc("divide")->slot, OperatorSlot::TrueDivide);
  EXPECT_EQ(find_ufunc("greater_equal")->slot, OperatorSlot::GreaterEqual);
  // The public list of ufuncs is the op table's entries with ufunc metadata, each once.
  std::set<std::string> ufunc_names;
  for (const Ufunc* u : all_ufuncs()) EXPECT_TRUE(ufunc_names.insert(u->name).second) << u->name;
  EXPECT_TRUE(ufunc_names.count("add") && ufunc_names.count("_i0") && !ufunc_names.count("true_divide"));
}

TEST(UfuncList, GeneratedApiFunctions) {
  ndarray a = array<double>({7.0, -3.5, 9.0});
  ndarray b = array<double>({2.0, 2.0, -4.0});
  EXPECT_EQ(to_vector<double>(true_divide(a, b)), to_vector<double>(divide(a, b)));
  EXPECT_EQ(to_vector<double>(mod(a, b)), to_vector<double>(remainder(a, b)));
  EXPECT_EQ(to_vector<double>(abs(b)), (std::vector<double>{2.0, 2.0, 4.0}));
  auto [q, r] = divmod(a, b);  // the two-output functions are generated too
  EXPECT_EQ(to_vector<double>(q), (std::vector<double>{3.0, -2.0, -3.0}));
  EXPECT_EQ(to_vector<double>(r), (std::vector<double>{1.0, 0.5, -3.0}));
  auto [m, e] = frexp(array<double>({8.0}));
  EXPECT_EQ(to_vector<double>(m), (std::vector<double>{0.5}));
  EXPECT_EQ(to_vector<int32_t>(e), (std::vector<int32_t>{4}));
}

TEST(UfuncList, SpecialCasesAreFlags) {
  // (type resolution and the call test these flags, never a ufunc's name)
  EXPECT_TRUE(find_ufunc("power")->flags & kIntPower);
  EXPECT_FALSE(find_ufunc("float_power")->flags & kIntPower);
  for (const char* n : {"gcd", "lcm", "positive", "sign"}) EXPECT_TRUE(find_ufunc(n)->flags & kNoLoopError) << n;
  EXPECT_FALSE(find_ufunc("add")->flags & kNoLoopError);
  EXPECT_EQ(op_def_of(*find_ufunc("add")).info.reduce, ReduceRoute::Sum);
  EXPECT_EQ(op_def_of(*find_ufunc("fmin")).info.reduce, ReduceRoute::NanMin);
  EXPECT_EQ(op_def_of(*find_ufunc("logical_or")).info.reduce, ReduceRoute::Any);
  EXPECT_TRUE(find_ufunc("bitwise_xor")->flags & kAssociative);
  EXPECT_FALSE(find_ufunc("subtract")->flags & kAssociative);
  // Array exponents are checked where reading them costs no device sync: on the host backend
  // (docs/differences.md; Note [..] at check_int_power in src/ops/ufunc.cpp).
  ndarray exponents = array<int64_t>({1, -1});
  if (exponents.device_type() == DeviceType::Host) EXPECT_THROW(power(array<int64_t>({2, 3}), exponents), ValueError);
  EXPECT_THROW(power(array<int64_t>({2, 3}), int64_t{-2}), ValueError);
}
