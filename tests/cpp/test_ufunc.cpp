// The ufuncs in the C++ API: named functions, weak and strong scalars (NEP 50), options, errors.
#include <gtest/gtest.h>
#include <cmath>
#include <cupric/cupric.hpp>

using namespace cupric;

namespace {
// std::vector<bool> has no data(): boolean arrays travel as uint8.
std::vector<uint8_t> bools_of(const ndarray& a) { return to_vector<uint8_t>(astype(a, dtypes::uint8)); }
ndarray mask_of(std::vector<uint8_t> v) { return astype(array<uint8_t>(v), dtypes::bool_); }
}  // namespace

TEST(Ufunc, ArithmeticAndWeakScalars) {
  ndarray a = array<float>({1.f, 2.f, 3.f});
  ndarray r = add(a, 1.0);  // a C++ double is weak, like a Python float: float32 result
  EXPECT_EQ(r.dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(r), (std::vector<float>{2.f, 3.f, 4.f}));
  ndarray s = add(a, Scalar::of<double>(1.0));  // a typed Scalar is strong, like numpy.float64
  EXPECT_EQ(s.dtype(), dtypes::float64);
  EXPECT_EQ(to_vector<float>(subtract(10, a)), (std::vector<float>{9.f, 8.f, 7.f}));
  EXPECT_EQ(to_vector<float>(multiply(a, a)), (std::vector<float>{1.f, 4.f, 9.f}));
}

TEST(Ufunc, IntegerSemantics) {
  ndarray a = array<int32_t>({7, -7, 5, 0});
  ndarray b = array<int32_t>({2, 2, 0, 0});
  EXPECT_EQ(to_vector<int32_t>(floor_divide(a, b)), (std::vector<int32_t>{3, -4, 0, 0}));
  EXPECT_EQ(to_vector<int32_t>(remainder(a, b)), (std::vector<int32_t>{1, 1, 0, 0}));
  EXPECT_EQ(to_vector<int32_t>(fmod(a, b)), (std::vector<int32_t>{1, -1, 0, 0}));
  EXPECT_EQ(divide(a, b).dtype(), dtypes::float64);  // true_divide of integers is float64
  EXPECT_THROW(power(a, -1), ValueError);
  ndarray u = array<uint8_t>({1, 128});
  EXPECT_EQ(to_vector<uint8_t>(left_shift(u, 1)), (std::vector<uint8_t>{2, 0}));
  EXPECT_EQ(to_vector<uint8_t>(left_shift(u, 9)), (std::vector<uint8_t>{0, 0}));  // past the width
  EXPECT_THROW(add(u, 300), OverflowError);                                       // V14-PROMO-2
}

TEST(Ufunc, ComparisonsAndNaN) {
  ndarray a = array<double>({1.0, NAN, 3.0});
  ndarray b = array<double>({2.0, 1.0, NAN});
  EXPECT_EQ(bools_of(less(a, b)), (std::vector<uint8_t>{1, 0, 0}));
  auto mx = to_vector<double>(maximum(a, b));
  EXPECT_EQ(mx[0], 2.0);
  EXPECT_TRUE(std::isnan(mx[1]) && std::isnan(mx[2]));
  auto fm = to_vector<double>(fmax(a, b));
  EXPECT_EQ(fm[1], 1.0);
  EXPECT_EQ(fm[2], 3.0);
  EXPECT_EQ(bools_of(isnan(a)), (std::vector<uint8_t>{0, 1, 0}));
}

TEST(Ufunc, ComplexAndTranscendental) {
  ndarray z = array<complex128>({complex128(1, 2), complex128(3, -4)});
  auto q = to_vector<complex128>(divide(z, z));
  EXPECT_NEAR(q[0].re, 1.0, 1e-15);
  EXPECT_NEAR(q[1].im, 0.0, 1e-15);
  EXPECT_EQ(to_vector<double>(absolute(z))[1], 5.0);
  ndarray h = astype(array<float>({0.5f, 2.0f}), dtypes::float16);
  ndarray e = exp(h);
  EXPECT_EQ(e.dtype(), dtypes::float16);
  EXPECT_NEAR(to_vector<float16>(e)[1], std::exp(2.0f), 0.01);
}

TEST(Ufunc, OptionsOutWhereDtypeCasting) {
  ndarray a = array<int32_t>({1, 2, 3});
  UfuncOptions o;
  o.out[0] = ndarray::empty(Dims{3}, dtypes::float64);
  ndarray r = add(a, a, o);
  EXPECT_EQ(r.data(), o.out[0].data());
  EXPECT_EQ(to_vector<double>(r), (std::vector<double>{2, 4, 6}));
  UfuncOptions bad;
  bad.out[0] = a;
  EXPECT_THROW(add(a, 1.5, bad), UFuncTypeError);
  UfuncOptions d;
  d.dtype = dtypes::float32;
  EXPECT_EQ(add(a, a, d).dtype(), dtypes::float32);
  ndarray mask = mask_of({1, 0, 1});
  UfuncOptions w;
  w.out[0] = zeros(Dims{3}, dtypes::int32);
  w.where = &mask;
  EXPECT_EQ(to_vector<int32_t>(multiply(a, 10, w)), (std::vector<int32_t>{10, 0, 30}));
  EXPECT_THROW(add(array<double>({1, 2}), array<double>({1, 2, 3})), ValueError);
}

// Note [Ufunc exceptions]: NumPy's subclasses of UFuncTypeError, with its messages and fields.
TEST(Ufunc, CastingAndNoLoopErrors) {
  ndarray i = array<int32_t>({1, 2, 3});
  ndarray f = array<double>({1, 2, 3});
  UfuncOptions d;
  d.dtype = dtypes::int32;
  try {
    add(f, f, d);
    FAIL() << "no error";
  } catch (const UFuncInputCastingError& e) {
    EXPECT_STREQ(
        e.what(),
        "Cannot cast ufunc 'add' input 0 from dtype('float64') to dtype('int32') with casting rule 'same_kind'");
    EXPECT_EQ(e.ufunc, "add");
    EXPECT_EQ(e.nin, 2);
    EXPECT_EQ(e.operand, 0);
    EXPECT_EQ(e.casting, Casting::SameKind);
    EXPECT_EQ(e.from, dtypes::float64);
    EXPECT_EQ(e.to, dtypes::int32);
  }
  try {
    negative(f, d);  // one input: no index
    FAIL() << "no error";
  } catch (const UFuncInputCastingError& e) {
    EXPECT_STREQ(
        e.what(),
        "Cannot cast ufunc 'negative' input from dtype('float64') to dtype('int32') with casting rule 'same_kind'");
  }
  UfuncOptions o;
  o.out[0] = i;
  try {
    add(i, 1.5, o);
    FAIL() << "no error";
  } catch (const UFuncOutputCastingError& e) {
    EXPECT_STREQ(
        e.what(),
        "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int32') with casting rule 'same_kind'");
    EXPECT_EQ(e.operand, 2);  // NumPy's out_i: nin + the output's index
  }
  UfuncOptions o2;
  o2.out[1] = i;
  try {
    ufunc_call("divmod", {f, f}, o2);
    FAIL() << "no error";
  } catch (const UFuncOutputCastingError& e) {  // two outputs: numbered
    EXPECT_STREQ(
        e.what(),
        "Cannot cast ufunc 'divmod' output 3 from dtype('float64') to dtype('int32') with casting rule 'same_kind'");
  }
  try {
    gcd(f, 1);
    FAIL() << "no error";
  } catch (const UFuncNoLoopError& e) {
    EXPECT_STREQ(
        e.what(),
        "ufunc 'gcd' did not contain a loop with signature matching types (<class 'numpy.dtypes.Float64DType'>, "
        "<class 'numpy.dtypes._PyLongDType'>) -> None");
    EXPECT_EQ(e.dtypes, (std::vector<DType>{dtypes::float64, dtypes::int64}));
    EXPECT_EQ(e.weak_kinds, (std::vector<char>{0, 'i'}));
  }
  // All of them are UFuncTypeErrors; NumPy's legacy ufuncs raise a plain TypeError for a missing loop.
  EXPECT_THROW(add(i, 1.5, o), UFuncTypeError);
  EXPECT_THROW(gcd(f, f), UFuncTypeError);
  try {
    left_shift(f, f);
    FAIL() << "no error";
  } catch (const UFuncTypeError&) { FAIL() << "a UFuncTypeError"; } catch (const TypeError& e) {
    EXPECT_STREQ(e.what(),
                 "ufunc 'left_shift' not supported for the input types, and the inputs could not be safely coerced to "
                 "any supported types according to the casting rule ''safe''");
  }
}

TEST(Ufunc, TableAndTypeHelpers) {
  const Ufunc* u = find_ufunc("true_divide");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->name, "divide");
  EXPECT_EQ(u->nin, 2);
  EXPECT_EQ(u->nout, 1);
  EXPECT_EQ(u->identity, Identity::None);
  EXPECT_EQ(u->slot, OperatorSlot::TrueDivide);
  EXPECT_TRUE(u->flags & kIntToDouble);
  EXPECT_EQ(u->types().size(), u->ntypes());
  EXPECT_EQ(u->types().at(0).find("->"), 2u);  // "??->?"-style: two inputs, one output
  EXPECT_EQ(find_ufunc("divide"), u);
  EXPECT_EQ(find_ufunc("no_such_ufunc"), nullptr);
  Operand ops[2] = {array<int8_t>({1}), Operand(1.5)};
  EXPECT_EQ(result_type(ops, 2), dtypes::float64);
  EXPECT_EQ(min_scalar_type(Scalar::of<int64_t>(300)), dtypes::uint16);
  EXPECT_EQ(min_scalar_type(Scalar::of<double>(1e5)), dtypes::float32);
}

TEST(Ufunc, SignaturePicksTheNamedLoop) {
  using namespace cupric;
  ndarray a = array(std::vector<int8_t>{1, 2, 3});
  UfuncOptions o;
  o.signature = {dtypes::float32, dtypes::float32, dtypes::float32};
  UfuncResult r = ufunc_call("add", {a, a}, o);
  EXPECT_EQ(r.out[0].dtype(), dtypes::float32);
  EXPECT_EQ(to_vector<float>(r.out[0]), (std::vector<float>{2, 4, 6}));
  UfuncOptions partial;
  partial.signature = {std::nullopt, std::nullopt, dtypes::float16};
  EXPECT_EQ(ufunc_call("add", {a, a}, partial).out[0].dtype(), dtypes::float16);
  UfuncOptions bad;
  bad.signature = {dtypes::float32, dtypes::float64, std::nullopt};
  EXPECT_THROW(ufunc_call("add", {a, a}, bad), TypeError);
  bad.signature = {dtypes::float32};
  EXPECT_THROW(ufunc_call("add", {a, a}, bad), ValueError);
}

// Operand::borrow refers to an array without a handle copy (the Python binding's operands), and
// the small-op fast path (Note [Small-op fast path]) gives the general path's results, in place
// too.
TEST(Ufunc, BorrowedOperandsAndTheSmallOpPath) {
  ndarray a = array<float>({1.f, 2.f, 3.f, 4.f});
  ndarray b = array<float>({10.f, 20.f, 30.f, 40.f});
  Operand in[2] = {Operand::borrow(a), Operand::borrow(b)};
  EXPECT_TRUE(in[0].is_array());
  EXPECT_EQ(in[0].array().data(), a.data());
  ndarray r = ufunc_call(*find_ufunc("add"), in, 2).out[0];
  EXPECT_EQ(to_vector<float>(r), (std::vector<float>{11.f, 22.f, 33.f, 44.f}));
  UfuncOptions inplace;
  inplace.out[0] = a;  // a += b: the output is exactly an input
  ufunc_call(*find_ufunc("add"), in, 2, inplace);
  EXPECT_EQ(to_vector<float>(a), (std::vector<float>{11.f, 22.f, 33.f, 44.f}));
  // an output overlapping an input at an offset takes the general path (staged input)
  ndarray c = array<float>({1.f, 2.f, 3.f, 4.f, 5.f});
  ndarray head = c.view(Dims{4}, Dims{4}, 0), tail = c.view(Dims{4}, Dims{4}, 4);
  UfuncOptions shifted;
  shifted.out[0] = tail;
  Operand pair[2] = {Operand::borrow(head), Operand(3.0)};
  ufunc_call(*find_ufunc("multiply"), pair, 2, shifted);  // c[1:] = c[:-1] * 3, NumPy's result
  EXPECT_EQ(to_vector<float>(c), (std::vector<float>{1.f, 3.f, 6.f, 9.f, 12.f}));
  EXPECT_EQ(to_vector<float>(subtract(1.0, b)), (std::vector<float>{-9.f, -19.f, -29.f, -39.f}));
}
