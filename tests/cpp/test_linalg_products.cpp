// Tests of the products through the C++ API (include/cupric/linalg.hpp): matmul, dot, tensordot,
// einsum; expected values and messages are NumPy 2.4's for the same calls.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"

using namespace cupric;
using cupric::testing::expect_error;

TEST(LinalgProducts, MatmulFloatIntAndStacks) {
  ndarray a = array(std::vector<double>{1, 2, 3, 4, 5, 6}, Dims{2, 3});
  ndarray b = array(std::vector<double>{1, 0, 0, 1, 1, 1}, Dims{3, 2});
  EXPECT_EQ(to_vector<double>(matmul(a, b)), (std::vector<double>{4, 5, 10, 11}));
  ndarray ai = array(std::vector<int8_t>{100, 100, 1, 1}, Dims{2, 2});
  // int8 wraps around as NumPy's: 100*100 + 100*1 = 10100 -> 10100 mod 256 = 116 (as int8).
  EXPECT_EQ(to_vector<int8_t>(matmul(ai, ai)), (std::vector<int8_t>{static_cast<int8_t>(10100 % 256), 116, 101, 101}));
  ndarray s = array(std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8}, Dims{2, 2, 2});
  ndarray v = array(std::vector<float>{1, 1}, Dims{2});
  ndarray r = matmul(s, v);
  EXPECT_EQ(r.shape(), (Dims{2, 2}));
  EXPECT_EQ(to_vector<float>(r), (std::vector<float>{3, 7, 11, 15}));
  EXPECT_EQ(to_vector<float>(matmul(transpose(s, {0, 2, 1}), v)), (std::vector<float>{4, 6, 12, 14}));
}

TEST(LinalgProducts, MatmulErrors) {
  ndarray a = ones(Dims{2, 3}, dtypes::float64);
  expect_error<ValueError>([&] { matmul(a, a); },
                           "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                           "(n?,k),(k,m?)->(n?,m?) (size 2 is different from 3)");
  ndarray z = ones(Dims{}, dtypes::float64);
  expect_error<ValueError>([&] { matmul(z, a); },
                           "matmul: Input operand 0 does not have enough dimensions (has 0, gufunc core with "
                           "signature (n?,k),(k,m?)->(n?,m?) requires 1)");
}

TEST(LinalgProducts, DotTensordotKron) {
  ndarray a = array(std::vector<double>{1, 2, 3, 4}, Dims{2, 2});
  EXPECT_EQ(to_vector<double>(dot(a, a)), (std::vector<double>{7, 10, 15, 22}));
  EXPECT_EQ(to_vector<double>(tensordot(a, a, 2)), (std::vector<double>{30}));
  EXPECT_EQ(to_vector<double>(vdot(a, a)), (std::vector<double>{30}));
  EXPECT_EQ(kron(a, a).shape(), (Dims{4, 4}));
  expect_error<ValueError>([&] { dot(a, ones(Dims{3}, dtypes::float64)); },
                           "shapes (2,2) and (3,) not aligned: 2 (dim 1) != 3 (dim 0)");
}

TEST(LinalgProducts, EinsumMatchesMatmulAndPlans) {
  ndarray a = array(std::vector<double>{1, 2, 3, 4, 5, 6}, Dims{2, 3});
  ndarray b = array(std::vector<double>{1, 0, 0, 1, 1, 1}, Dims{3, 2});
  EXPECT_EQ(to_vector<double>(einsum("ij,jk->ik", {a, b})), to_vector<double>(matmul(a, b)));
  EXPECT_EQ(to_vector<double>(einsum("ij,jk", {a, b})), to_vector<double>(matmul(a, b)));
  EXPECT_EQ(to_vector<double>(einsum("ij->", {a})), (std::vector<double>{21}));
  ndarray sq = array(std::vector<double>{1, 2, 3, 4}, Dims{2, 2});
  EXPECT_EQ(to_vector<double>(einsum("ii->i", {sq})), (std::vector<double>{1, 4}));
  EinsumPath p = einsum_path("ij,jk,kl->il", {Dims{2, 3}, Dims{3, 4}, Dims{4, 5}});
  ASSERT_EQ(p.path.size(), 2u);
  EXPECT_NE(p.report.find("Complete contraction:  ij,jk,kl->il"), std::string::npos);
  // (NumPy 2.4's wording for two subscript terms and one operand.)
  expect_error<ValueError>([&] { einsum("ij,jk->ik", {a}); },
                           "more operands provided to einstein sum function than specified in the subscripts string");
}
