// Helpers shared by the C++ tests.
#pragma once
#include <gtest/gtest.h>
#include <exception>
#include <string>
#include <vector>

namespace cupric::testing {

// Runs f and checks that it throws E with exactly `msg` (NumPy's message).
template <class E, class F>
void expect_error(F&& f, const std::string& msg) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected: " << msg;
  } catch (const E& e) { EXPECT_EQ(std::string(e.what()), msg); } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
}

// Element-by-element closeness of two double vectors of the same length.
inline void expect_near(const std::vector<double>& got, const std::vector<double>& want, double tol = 1e-12) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "at " << i;
}

}  // namespace cupric::testing
