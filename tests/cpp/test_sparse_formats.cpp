// Tests of the sparse C++ API (cupric/sparse.hpp, cupric/sparse/construct.hpp): construction
// checks, index dtypes, conversions, canonical forms, SpMV/SpMM/SpGEMM and binops; expected values
// are SciPy 1.17's.
#include <gtest/gtest.h>
#include "test_helpers.hpp"
#include "cupric/cupric.hpp"
#include "cupric/sparse.hpp"
#include "cupric/sparse/construct.hpp"
#include "sparse/sparse_internal.hpp"

using namespace cupric;
using cupric::testing::expect_error;
namespace sp = cupric::sparse;

namespace {
// [[1 0 2]
//  [0 0 3]
//  [4 5 0]]
sp::CsrMatrix sample() {
  return sp::make_csr(array<double>({1, 2, 3, 4, 5}), array<int64_t>({0, 2, 2, 0, 1}), array<int64_t>({0, 2, 3, 5}), 3,
                      3);
}
std::vector<double> dv(const ndarray& a) { return to_vector<double>(astype(a, dtypes::float64)); }
std::vector<int64_t> iv(const ndarray& a) { return to_vector<int64_t>(astype(a, dtypes::int64)); }
}  // namespace

TEST(SparseFormats, IndexDtypeIsInt32UnlessSomethingNeedsInt64) {
  EXPECT_EQ(sp::index_dtype(0), dtypes::int32);
  EXPECT_EQ(sp::index_dtype(INT32_MAX), dtypes::int32);
  EXPECT_EQ(sp::index_dtype(int64_t{INT32_MAX} + 1), dtypes::int64);
  EXPECT_EQ(sp::index_dtype_for(3, int64_t{1} << 32, 5), dtypes::int64);
  // Index arrays given as int64 stay int64 (as SciPy keeps them); int32 ones stay int32 while
  // the sizes fit.
  EXPECT_EQ(sample().indices.dtype(), dtypes::int64);
  const sp::CsrMatrix small = sp::make_csr(array<double>({1}), array<int32_t>({0}), array<int32_t>({0, 1}), 1, 1);
  EXPECT_EQ(small.indices.dtype(), dtypes::int32);
  EXPECT_EQ(sp::empty_csr(2, int64_t{1} << 31, dtypes::float64).indptr.dtype(), dtypes::int64);
}

TEST(SparseFormats, ConstructionErrors) {
  expect_error<ValueError>([] { sp::make_csr(array<double>({1}), array<int32_t>({0}), array<int32_t>({0, 1}), 2, 2); },
                           "index pointer size (2) should be (3)");
  expect_error<ValueError>(
      [] { sp::make_csr(array<double>({1, 2}), array<int32_t>({0}), array<int32_t>({0, 1, 1}), 2, 2); },
      "indices and data should have the same size");
  expect_error<ValueError>([] { sp::make_coo(array<double>({1}), array<int32_t>({2}), array<int32_t>({0}), 2, 2); },
                           "row index exceeds matrix dimensions");
  expect_error<ValueError>([] { sp::check_data_dtype(dtypes::int32); },
                           "Only bool, float32, float64, complex64 and complex128 are supported (got int32; convert "
                           "the data with astype first)");
}

TEST(SparseFormats, ConversionsRoundTrip) {
  const sp::CsrMatrix a = sample();
  const std::vector<double> dense{1, 0, 2, 0, 0, 3, 4, 5, 0};
  EXPECT_EQ(dv(sp::to_dense(a)), dense);
  const sp::CscMatrix c = sp::csr_to_csc(a);
  EXPECT_EQ(iv(c.indptr), (std::vector<int64_t>{0, 2, 3, 5}));
  EXPECT_EQ(iv(c.indices), (std::vector<int64_t>{0, 2, 2, 0, 1}));
  EXPECT_EQ(dv(c.data), (std::vector<double>{1, 4, 5, 2, 3}));
  EXPECT_EQ(dv(sp::to_dense(sp::csc_to_csr(c))), dense);
  EXPECT_EQ(dv(sp::to_dense(sp::csr_to_coo(a))), dense);
  EXPECT_EQ(dv(sp::to_dense(sp::csr_from_dense(reshape(array<double>(dense), {3, 3})))), dense);
}

TEST(SparseFormats, SumDuplicatesSortsAndAdds) {
  // Row 0: columns 2, 0, 2 (unsorted, one duplicate).
  const sp::CsrMatrix a =
      sp::make_csr(array<double>({1, 2, 3, 4}), array<int32_t>({2, 0, 2, 1}), array<int32_t>({0, 3, 4}), 2, 3);
  EXPECT_FALSE(sp::has_sorted_indices(a));
  const sp::CsrMatrix s = sp::sort_indices(a);
  EXPECT_TRUE(sp::has_sorted_indices(s));
  EXPECT_FALSE(sp::has_canonical_format(s));
  EXPECT_EQ(iv(s.indices), (std::vector<int64_t>{0, 2, 2, 1}));
  const sp::CsrMatrix c = sp::sum_duplicates(a);
  EXPECT_TRUE(sp::has_canonical_format(c));
  EXPECT_EQ(iv(c.indices), (std::vector<int64_t>{0, 2, 1}));
  EXPECT_EQ(iv(c.indptr), (std::vector<int64_t>{0, 2, 3}));
  EXPECT_EQ(dv(c.data), (std::vector<double>{2, 4, 4}));
}

TEST(SparseProducts, SpmvSpmmSpgemm) {
  const sp::CsrMatrix a = sample();
  EXPECT_EQ(dv(sp::spmv(a, array<double>({1, 2, 3}))), (std::vector<double>{7, 9, 14}));
  EXPECT_EQ(dv(sp::spmv(sp::transpose(a), array<double>({1, 2, 3}))), (std::vector<double>{13, 15, 8}));
  // float32 x promotes with the float64 matrix.
  EXPECT_EQ(sp::spmv(a, array<float>({1, 2, 3})).dtype(), dtypes::float64);
  const ndarray y = sp::spmm(a, reshape(array<double>({1, 0, 0, 1, 1, 1}), {3, 2}));
  EXPECT_EQ(y.shape(), (Dims{3, 2}));
  EXPECT_EQ(dv(y), (std::vector<double>{3, 2, 3, 3, 4, 5}));
  expect_error<ValueError>([&] { sp::spmv(a, array<double>({1, 2})); },
                           "matmul: dimension mismatch with signature (n,k=3),(k=2,1?)->(n,1?)");
  const sp::CsrMatrix c = sp::spgemm(a, a);  // A @ A
  EXPECT_EQ(dv(sp::to_dense(c)), (std::vector<double>{9, 10, 2, 12, 15, 0, 4, 0, 23}));
  EXPECT_TRUE(sp::has_canonical_format(c));
}

TEST(SparseProducts, SpgemmByExpansionMatchesTheBackendWithAnyIndexDtype) {
  // The fallback the CUDA backend takes for 64-bit indices (Note [SpGEMM by expansion]): the same
  // canonical result as the backend's SpGEMM, int32 or int64 indices, exact zeros dropped.
  const sp::CsrMatrix a = sample();
  const sp::CsrMatrix want = sp::spgemm(a, a);
  for (DType it : {dtypes::int32, dtypes::int64}) {
    const sp::CsrMatrix ai{a.data, astype(a.indices, it), astype(a.indptr, it), a.rows, a.cols};
    const sp::CsrMatrix c = sp::spgemm_by_expansion(ai, ai);
    EXPECT_EQ(dv(c.data), dv(want.data));
    EXPECT_EQ(iv(c.indices), iv(want.indices));
    EXPECT_EQ(iv(c.indptr), iv(want.indptr));
    EXPECT_TRUE(sp::has_canonical_format(c));
  }
  // [[1 1]] @ [[1], [-1]] cancels to an exact zero, which is not stored (SciPy's csr_matmat).
  const sp::CsrMatrix r = sp::make_csr(array<double>({1, 1}), array<int64_t>({0, 1}), array<int64_t>({0, 2}), 1, 2);
  const sp::CsrMatrix col =
      sp::make_csr(array<double>({1, -1}), array<int64_t>({0, 0}), array<int64_t>({0, 1, 2}), 2, 1);
  EXPECT_EQ(sp::spgemm_by_expansion(r, col).nnz(), 0);
  // A row of A that meets only empty rows of B.
  const sp::CsrMatrix e = sp::make_csr(array<double>({2}), array<int64_t>({1}), array<int64_t>({0, 1, 1}), 2, 2);
  EXPECT_EQ(sp::spgemm_by_expansion(e, e).nnz(), 0);
}

TEST(SparseElementwise, BinopsSumsDiagonal) {
  const sp::CsrMatrix a = sample();
  EXPECT_EQ(sp::binop(a, a, "subtract").nnz(), 0);
  EXPECT_EQ(dv(sp::to_dense(sp::binop(a, a, "multiply"))), (std::vector<double>{1, 0, 4, 0, 0, 9, 16, 25, 0}));
  EXPECT_EQ(dv(sp::sum(a, 0)), (std::vector<double>{5, 5, 5}));
  EXPECT_EQ(dv(sp::sum(a, 1)), (std::vector<double>{3, 3, 9}));
  EXPECT_EQ(dv(sp::sum(a, std::nullopt)), (std::vector<double>{15}));
  EXPECT_EQ(dv(sp::diagonal(a, 0)), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(dv(sp::diagonal(a, -1)), (std::vector<double>{0, 5}));
  expect_error<ValueError>([&] { sp::binop(a, sp::empty_csr(2, 2, dtypes::float64), "add"); }, "inconsistent shapes");
}

TEST(SparseConstruct, EyeKronBmatDia) {
  EXPECT_EQ(dv(sp::to_dense(sp::eye(2, 3, 1, dtypes::float64))), (std::vector<double>{0, 1, 0, 0, 0, 1}));
  const sp::CooMatrix k = sp::kron(sp::eye(2, 2, 0, dtypes::float64), sp::csr_to_coo(sample()));
  EXPECT_EQ(k.rows, 6);
  EXPECT_EQ(k.nnz(), 10);
  const sp::CooMatrix e = sp::eye(2, 2, 0, dtypes::float64);
  expect_error<ValueError>([&] { sp::bmat({{e, sp::eye(3, 3, 0, dtypes::float64)}}, std::nullopt); },
                           "blocks[0,:] has incompatible row dimensions. Got blocks[0,1].shape[0] == 3, expected 2.");
  const sp::DiaMatrix d = sp::coo_to_dia(sp::csr_to_coo(sample()));
  EXPECT_EQ(iv(d.offsets), (std::vector<int64_t>{-2, -1, 0, 1, 2}));
  EXPECT_EQ(dv(sp::to_dense(sp::dia_to_coo(d))), dv(sp::to_dense(sample())));
}
