// The one dtype list (Note [One dtype list] in cupric/dtype_list.hpp) and the one ufunc list
// (Note [One definition per ufunc] in src/kernels/ufunc/ufunc_registry.hpp): what is generated
// from each agrees with the list, row by row.
#include <gtest/gtest.h>
#include <set>
#include <type_traits>
#include <cupric/cupric.hpp>
#include "engine/elementwise/op_table.hpp"

using namespace cupric;

TEST(DTypeList, EveryRowGeneratesConsistentTables) {
  int row = 0;
#define CUPRIC_CHECK_DTYPE(E, T, C, N, CH, K)                                                      \
  {                                                                                                \
    SCOPED_TRACE(N);                                                                               \
    EXPECT_EQ(static_cast<int>(ScalarType::E), row);                                               \
    EXPECT_EQ(dtype_of<T>::value, ScalarType::E);                                                  \
    EXPECT_EQ(dtypes::C, DType(ScalarType::E));                                                    \
    EXPECT_EQ(DType(ScalarType::E).itemsize, static_cast<int32_t>(sizeof(T)));                     \
    EXPECT_EQ(DType(ScalarType::E).name(), N);                                                     \
    EXPECT_EQ(DType(ScalarType::E).char_code(), CH);                                               \
    EXPECT_EQ(DType(ScalarType::E).kind(), K);                                                     \
    EXPECT_EQ(dtype_from_string(N), DType(ScalarType::E));                                         \
    EXPECT_EQ(dtype_from_string(std::string(1, CH)), DType(ScalarType::E));                        \
    EXPECT_TRUE((std::is_same_v<numeric_type_t<static_cast<int>(ScalarType::E)>, T>));             \
    EXPECT_TRUE(visit_scalar_type(ScalarType::E, []<class V>() { return std::is_same_v<V, T>; })); \
    ++row;                                                                                         \
  }
  CUPRIC_FORALL_DTYPES(CUPRIC_CHECK_DTYPE)
#undef CUPRIC_CHECK_DTYPE
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

TEST(UfuncList, EveryRowIsRegisteredWithItsArity) {
  std::set<std::string> names;
#define CUPRIC_UFUNC(FAMILY, F, NAME, NIN, NOUT)                         \
  {                                                                      \
    const Ufunc* u = find_ufunc(#NAME);                                  \
    ASSERT_NE(u, nullptr) << #NAME;                                      \
    const OpDef* d = &op_def_of(*u);                                     \
    EXPECT_EQ(d->name, #NAME);                                           \
    EXPECT_EQ(d->info.name, d->name);                                    \
    EXPECT_EQ(d->nin, NIN) << #NAME;                                     \
    EXPECT_EQ(d->nout, NOUT) << #NAME;                                   \
    EXPECT_FALSE(d->loops.empty()) << #NAME;                             \
    EXPECT_EQ(u->ntypes(), d->loops.size()) << #NAME;                    \
    EXPECT_EQ(u->slot, d->info.slot) << #NAME;                           \
    EXPECT_FALSE(d->doc.empty()) << #NAME;                               \
    EXPECT_TRUE(names.insert(#NAME).second) << #NAME << " listed twice"; \
  }
#define CUPRIC_UFUNC_HIDDEN CUPRIC_UFUNC
#define CUPRIC_UFUNC_ALIAS(ALIAS, NAME, NIN, NOUT)                     \
  {                                                                    \
    EXPECT_EQ(find_ufunc(#ALIAS), find_ufunc(#NAME)) << #ALIAS;        \
    EXPECT_EQ(find_op(#ALIAS), nullptr) << #ALIAS << " is its own op"; \
    EXPECT_EQ(find_ufunc(#NAME)->nin, NIN) << #ALIAS;                  \
  }
#include "cupric/ops/ufunc_list.inc"
#undef CUPRIC_UFUNC
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
