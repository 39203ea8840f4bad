// Helpers shared by the C++ tests.
#pragma once
#include <gtest/gtest.h>
#include <exception>
#include <string>

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

}  // namespace cupric::testing
